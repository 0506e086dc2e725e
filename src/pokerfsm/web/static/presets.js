// Ranges to start from and hands to deal: preset ranges (opening, 3-betting and calling by position,
// 6-max, 100 big blinds: common starting points, plain text the user edits), ranges saved in this
// browser (localStorage), and the "Random hand" and "Random board" buttons.
// A range chosen goes to the grid's seat, as typed text: the range box shows it and it can be edited.
import { RANKS, SUITS, hasBoard, inDeck, seatSlots, state } from "./cards.js";
import { $ } from "./page.js";

export const PRESETS = [
  ["Open-raise", [
    ["UTG open (15 %)", "22+, A2s+, K9s+, Q9s+, J9s+, T9s, 98s, 87s, 76s, 65s, ATo+, KJo+, QJo"],
    ["HJ open (19 %)", "22+, A2s+, K8s+, Q9s+, J9s+, T8s+, 98s, 87s, 76s, 65s, A9o+, KTo+, QTo+, JTo"],
    ["CO open (27 %)", "22+, A2s+, K5s+, Q8s+, J8s+, T8s+, 97s+, 86s+, 75s+, 65s, 54s, A7o+, K9o+, Q9o+, J9o+, T9o"],
    ["BTN open (45 %)", "22+, A2s+, K2s+, Q5s+, J7s+, T7s+, 96s+, 85s+, 74s+, 64s+, 53s+, 43s, A2o+, K8o+, Q9o+, " +
      "J9o+, T8o+, 98o"],
    ["SB open (33 %)", "22+, A2s+, K4s+, Q7s+, J7s+, T7s+, 97s+, 86s+, 75s+, 65s, 54s, A4o+, K9o+, Q9o+, J9o+, T9o"],
  ]],
  ["3-bet and 4-bet", [
    ["3-bet against UTG", "QQ+, AKs, AKo, A5s"],
    ["3-bet against CO", "TT+, AQs+, AKo, KQs, A5s-A4s, 76s"],
    ["3-bet from the blinds against BTN", "99+, ATs+, KJs+, QJs, AQo+, A5s-A2s, K9s, 65s"],
    ["4-bet", "QQ+, AKs, AKo, A5s"],
  ]],
  ["Call", [
    ["BB defend against BTN", "22-99, A2s-AJs, K2s-KJs, Q5s-QJs, J7s+, T7s+, 96s+, 85s+, 74s+, 63s+, 52s+, 42s+, " +
      "A2o-AJo, K8o-KJo, Q9o+, J9o+, T8o+, 98o, 87o"],
    ["BTN call against CO", "22-JJ, A9s-AQs, K9s+, Q9s+, J9s+, T8s+, 97s+, 86s+, 75s+, 65s, 54s, AJo-AQo, KQo"],
    ["Call a 3-bet in position", "77-JJ, ATs-AQs, KJs+, QJs, JTs, T9s, AQo"],
  ]],
];

const SAVED_KEY = "pokerfsm.savedRanges";
const MAX_SAVED = 50;

function savedRanges() {
  try {
    const data = JSON.parse(localStorage.getItem(SAVED_KEY) || "{}");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch { return {}; }
}

function storeRanges(ranges) {
  try { localStorage.setItem(SAVED_KEY, JSON.stringify(ranges)); return true; } catch { return false; }
}

function edited() { document.dispatchEvent(new CustomEvent("edited", { detail: {} })); }

/** The grid's seat takes range `text` (its cards give way; Undo brings them back). */
function giveRange(text) {
  const seat = state.seats[state.gridSeat];
  if (!seat) return;
  seat.cards = seat.cards.map(() => null);
  seat.range = text;
  edited();
}

function option(label, value) { return Object.assign(document.createElement("option"), { textContent: label, value }); }

function fillChoices() {
  const select = $("#preset-range");
  const first = option("Choose a range…", "");
  const groups = PRESETS.map(([title, list]) => {
    const group = Object.assign(document.createElement("optgroup"), { label: title });
    group.append(...list.map(([label, text]) => option(label, text)));
    return group;
  });
  const saved = Object.entries(savedRanges());
  if (saved.length) {
    const group = Object.assign(document.createElement("optgroup"), { label: "Saved in this browser", id: "saved-ranges" });
    group.append(...saved.map(([name, text]) => Object.assign(option(name, text), { className: "saved" })));
    groups.push(group);
  }
  select.replaceChildren(first, ...groups);
  $("#delete-range").disabled = !saved.length;
}

function say(text) { $("#range-tools-note").textContent = text; }

function save() {
  const seat = state.seats[state.gridSeat];
  const text = seat?.range.trim();
  if (!text) { say(`Seat ${state.gridSeat + 1} holds no range to save.`); return; }
  const name = ($("#save-name").value.trim() || text).slice(0, 40);
  const ranges = savedRanges();
  if (!(name in ranges) && Object.keys(ranges).length >= MAX_SAVED) {
    say(`At most ${MAX_SAVED} ranges are kept: delete one first.`);
    return;
  }
  ranges[name] = text.slice(0, 500);
  if (!storeRanges(ranges)) { say("This browser does not let the page keep ranges."); return; }
  fillChoices();
  $("#preset-range").value = text;
  say(`Saved as “${name}”.`);
}

function remove() {
  const select = $("#preset-range");
  const chosen = select.selectedOptions[0];
  if (!chosen?.classList.contains("saved")) { say("Choose a saved range in the list to delete it."); return; }
  const ranges = savedRanges();
  delete ranges[chosen.textContent];
  storeRanges(ranges);
  say(`Deleted “${chosen.textContent}”.`);
  fillChoices();
}

function buildTools() {
  const box = document.createElement("div");
  box.className = "range-tools";
  box.innerHTML = `
    <label for="preset-range">Start from</label>
    <select id="preset-range"></select>
    <label for="save-name">Save as</label>
    <input id="save-name" type="text" maxlength="40" placeholder="a name" autocomplete="off">
    <button type="button" id="save-range">Save range</button>
    <button type="button" id="delete-range">Delete saved</button>
    <p id="range-tools-note" class="help" aria-live="polite"></p>`;
  $(".grid-controls").after(box);
  fillChoices();
  $("#preset-range").addEventListener("change", (event) => {
    const text = event.target.value;
    if (!text) return;
    giveRange(text);
    say(`Seat ${state.gridSeat + 1} holds “${event.target.selectedOptions[0].textContent}”: edit it in its range box or the grid.`);
  });
  $("#save-range").addEventListener("click", save);
  $("#delete-range").addEventListener("click", remove);
}

// ---------------------------------------------------------------- random hands and boards

function usedCards() {
  return new Set([...state.seats.flatMap((s) => s.cards), ...state.board, ...state.dead].filter(Boolean));
}

/** `n` different random cards none of which is in use. */
function randomCards(n) {
  const used = usedCards();
  const deck = [...RANKS].flatMap((r) => [...SUITS].map((s) => r + s)).filter((c) => inDeck(c) && !used.has(c));
  const out = [];
  for (let i = 0; i < n && deck.length; i++) out.push(deck.splice(Math.floor(Math.random() * deck.length), 1)[0]);
  return out;
}

/** The seat's number of random cards (seatSlots) for the seat of the selected slot (seat 1 when a board or dead slot
 * is selected). */
function randomHand() {
  const s = state.target?.area === "seat" ? state.target.seat : 0;
  const seat = state.seats[s];
  if (!seat) return;
  seat.cards = seat.cards.map(() => null);   // its own cards go back to the deck first
  seat.range = "";
  const cards = randomCards(seatSlots());   // eight stud players: six each, the seventh is the community card
  seat.cards = Array.from({ length: state.holeCards }, (_, i) => cards[i] ?? null);
  edited();
}

/** A random flop on an empty (or complete) board; the next street's card on a flop or turn. */
function randomBoard() {
  let now = state.board.filter(Boolean);
  if (now.length !== 3 && now.length !== 4) {   // none, or a river: a new flop
    state.board = state.board.map(() => null);
    now = [];
  }
  const board = [...now, ...randomCards(now.length ? 1 : 3)];
  state.board = [...board, ...Array(5).fill(null)].slice(0, 5);
  edited();
}

function buildDealButtons() {
  const box = $(".seat-buttons");
  const hand = Object.assign(document.createElement("button"), { type: "button", id: "random-hand",
    textContent: "Random hand", title: "Random cards for the seat of the selected slot" });
  const board = Object.assign(document.createElement("button"), { type: "button", id: "random-board",
    textContent: "Random board", title: "A random flop; on a flop or a turn, the next card" });
  board.dataset.needsBoard = "";   // hidden at the games that deal no board (game.js)
  board.hidden = !hasBoard();
  hand.addEventListener("click", randomHand);
  board.addEventListener("click", randomBoard);
  box.append(hand, board);
}

export function startPresets() {
  buildTools();
  buildDealButtons();
}
