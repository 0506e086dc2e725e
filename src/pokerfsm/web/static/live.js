// Live combos (POST /api/live): a seat's range without the board, the dead cards and every card
// another seat holds. It is the one count the page shows for a seat: in the seat's box, under the
// grid and in the grid's readout; the server counts the board hits, the heatmap and the equity
// from the same combos.
import { postJSON, requestBody } from "./app.js";
import { TYPING_DELAY, gameInfo, state } from "./cards.js";
import { $, comboCount, plural } from "./page.js";

const live = { key: null, data: null, request: null };

/** The key of a spot's live counts: its game, seats, board and dead cards, and the grid's seat (counted per
 * class); null when there is nothing to count (a spot not ready, or a game without the grid: hold'em and short
 * deck have one). */
function liveKey() {
  const { body } = requestBody();
  const grid = gameInfo()?.grid ?? state.game === "holdem";
  return body && grid ? JSON.stringify([state.game, body.players, body.board, body.dead, state.gridSeat]) : null;
}

/** The live combos of seat `s` in the spot on screen, or null while they are not known. */
export function liveSeat(s) {
  if (!live.data || live.key !== liveKey()) return null;
  const seat = live.data.seats[s];
  return seat ? Number(seat.live) : null;
}

/** The live combos of a hand class of the grid's seat's range, or null while not known. */
export function liveClass(hand) {
  if (!live.data?.classes || live.key !== liveKey()) return null;
  return hand in live.data.classes ? Number(live.data.classes[hand]) : null;
}

async function askLive() {
  const key = liveKey();
  if (key === live.key) return;
  live.request?.abort();
  live.request = null;
  live.key = key;
  live.data = null;
  paintLive();
  if (!key) return;
  const { body } = requestBody();
  const controller = new AbortController();
  live.request = controller;
  try {
    const { response, data } = await postJSON("api/live", { game: body.game, players: body.players, board: body.board,
      dead: body.dead, seat: state.gridSeat }, controller.signal);
    if (controller !== live.request) return;
    live.data = response.ok ? data : null;   // a spot the server refuses: the equity says why
  } catch (err) {
    if (err.name !== "AbortError") live.data = null;
  }
  paintLive();
}

/** Each seat holding a range shows its live combos; the grid and its readout follow ("live" event). */
function paintLive() {
  state.seats.forEach((seat, s) => {
    const box = $(`#seat-${s} .seat-live`);
    if (!box) return;
    const n = seat.range.trim() && !seat.cards.some(Boolean) ? liveSeat(s) : null;
    box.textContent = n === null ? "" : plural(comboCount(n), "live combination");
  });
  document.dispatchEvent(new CustomEvent("live"));
}

export function startLive() {
  let timer = null;
  const later = () => {
    if (live.key !== liveKey()) { live.key = null; live.data = null; paintLive(); }   // never the last spot's count
    clearTimeout(timer);
    timer = setTimeout(askLive, TYPING_DELAY);
  };
  document.addEventListener("spot", later);
  document.addEventListener("grid-seat", later);
  askLive();
}
