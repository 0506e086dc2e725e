// The range grid of one seat, kept in sync both ways with its range box, and a "top X %"
// slider (the range "top X%" as the server reads it) that also shows where a typed range stands in
// the game's order (GET /api/order: PokerStove's at hold'em, short deck's own at short deck).
// The grid is the square of the ranks the game deals (the vocabulary's "ranks"): 13×13 at hold'em,
// 9×9 (aces down to sixes) at short deck; a game change rebuilds it.
// The server reads and writes the range text (POST /api/range, with the cells set): the grid
// never guesses the syntax. heat.js colours the cells by equity, live.js counts live combos.
// The seat the grid edits is the page's (state.gridSeat); the combos of each hand class come
// from the server's vocabulary.
import { changed, checkRange, rangeChecks, rangeKey } from "./app.js";
import {
  CLICK_DELAY, RANKS, RANK_NAME, TYPING_DELAY, cardText, focusRoving, gameInfo, gridButton, gridMove, nextEmpty, state,
} from "./cards.js";
import { askHeatmap, dropHeat, heat, heatWords, paintHeat } from "./heat.js";
import { liveClass, liveSeat } from "./live.js";
import { $, comboCount, percent, plural, showNotice } from "./page.js";
import { lastResult, showError } from "./results.js";
import { vocabularyLoaded, words } from "./vocabulary.js";

const grid = {
  classes: {},        // hand class -> share of its combos in the range (0-1)
  changes: {},        // cells set but not yet written to the range text
  ranks: RANKS,       // the ranks of the grid's rows and columns, high to low
  game: null,         // the game whose grid is built (null until its ranks are known)
  orders: new Map(),  // game -> promise of its order, once asked
  order: null,        // [{hand, combos, equity}] strongest first, of the grid's game
  table: false,       // the server has the preflop-hu table: heads-up preflop heatmaps are lookups
  dragging: null,     // the weight a drag sets, or null
  synced: null,       // the range text the cells show
  shown: null,        // the /api/range answer the cells show
  pointed: null,      // the cell the readout describes (focused or under the pointer)
  writing: Promise.resolve(),  // the write of cells into the range text under way
  hits: null,         // hand class -> words, for the board-hit category shown (study.js), or null
};

/** Mark the hand classes of `hits` (a Map: class -> what to say of it), or none (null). */
export function markHits(hits) {
  grid.hits = hits;
  paintGrid();
}

function handAt(row, col) {
  const hi = grid.ranks[Math.min(row, col)], lo = grid.ranks[Math.max(row, col)];
  return row === col ? hi + lo : row < col ? `${hi}${lo}s` : `${hi}${lo}o`;
}


function classWords(hand) {
  if (hand.length === 2) return `pair of ${RANK_NAME[hand[0]]}${RANK_NAME[hand[0]].endsWith("x") ? "es" : "s"}`;
  return `${RANK_NAME[hand[0]]}-${RANK_NAME[hand[1]]} ${hand.endsWith("s") ? "suited" : "offsuit"}`;
}

/** True when the page's game is known to have a range grid: hold'em, or a game the vocabulary marks `grid`. A game
 * not yet in the vocabulary (a link's, before it loads) waits for it: the server's order is never asked at a game
 * without a grid. */
function knownGrid() {
  const info = gameInfo();
  return info ? info.grid : state.game === "holdem";
}

/** The ranks of the game's grid, high to low (hold'em's until the vocabulary says otherwise). */
function gameRanks() { return gameInfo()?.ranks ?? RANKS; }

function buildGrid() {
  const box = $("#range-grid");
  grid.ranks = gameRanks();
  grid.game = gameInfo() || state.game === "holdem" ? state.game : null;
  const n = grid.ranks.length;
  box.style.setProperty("--ranks", String(n));
  box.replaceChildren();
  for (let r = 0; r < n; r++) {
    const row = document.createElement("div");
    row.className = "grid-row";
    row.setAttribute("role", "row");
    for (let c = 0; c < n; c++) {
      const hand = handAt(r, c);
      const cell = gridButton(`cell-${hand}`, r, c, `cell ${r === c ? "pair" : r < c ? "suited" : "offsuit"}`);
      cell.dataset.hand = hand;
      cell.append(Object.assign(document.createElement("span"), { className: "cell-hand", textContent: hand }),
        Object.assign(document.createElement("span"), { className: "cell-eq" }));
      $(".cell-eq", cell).setAttribute("aria-hidden", "true");   // the cell's label says the equity in words
      cell.addEventListener("pointerdown", cellPointerDown);
      cell.addEventListener("click", (event) => { if (event.detail === 0) toggleCell(hand); });
      cell.addEventListener("keydown", gridKey);
      cell.addEventListener("focus", () => readout(hand));
      cell.addEventListener("pointerenter", () => readout(hand));
      row.append(cell);
    }
    box.append(row);
  }
}

/** Another game with a grid (short deck after hold'em, or back): the cells are rebuilt, and the range, its order
 * and its heatmap asked again. A game without a grid hides it and leaves it as it is. */
function followGame() {
  if (state.game === grid.game || !knownGrid()) return;
  const focused = document.activeElement?.closest?.(".cell");
  buildGrid();
  grid.pointed = null;
  grid.synced = null;
  grid.order = null;
  grid.classes = {};
  dropHeat();
  $("#grid-readout").textContent = "";
  loadOrder();
  if (focused) focusCell(document.querySelector(".cell"));
}

function listenToGrid() {
  const box = $("#range-grid");
  box.addEventListener("pointermove", (event) => {
    if (grid.dragging === null) return;
    const cell = document.elementFromPoint(event.clientX, event.clientY)?.closest?.(".cell");
    if (cell && grid.classes[cell.dataset.hand] !== grid.dragging) setCell(cell.dataset.hand, grid.dragging);
  });
  document.addEventListener("pointerup", endDrag);
  document.addEventListener("pointercancel", endDrag);
}

function cellPointerDown(event) {
  if (event.button !== 0) return;
  event.preventDefault();
  const hand = event.currentTarget.dataset.hand;
  event.currentTarget.releasePointerCapture?.(event.pointerId);  // touch: let the drag reach other cells
  grid.dragging = (grid.classes[hand] || 0) > 0 ? 0 : newWeight();
  setCell(hand, grid.dragging);
  focusCell(event.currentTarget);
}

function endDrag() {
  if (grid.dragging === null) return;
  grid.dragging = null;
  writeRange();
}

function newWeight() { return Number($("#grid-weight").value) || 1; }

function toggleCell(hand) {
  setCell(hand, (grid.classes[hand] || 0) > 0 ? 0 : newWeight());
  writeRange();
}

function setCell(hand, weight) {
  grid.changes[hand] = weight;
  if (weight) grid.classes[hand] = weight; else delete grid.classes[hand];
  dropHeat();
  paintGrid();
}

/** Write the cells set into the seat's range text (the server writes it the canonical way);
 * one write at a time, each from the text the previous one left. */
function writeRange() {
  grid.writing = grid.writing.then(writeChanges);
  return grid.writing;
}

async function writeChanges() {
  const changes = grid.changes;
  if (!Object.keys(changes).length) return;
  grid.changes = {};
  const seat = state.seats[state.gridSeat];
  if (!seat) return;
  const base = seat.cards.some(Boolean) ? "" : seat.range;
  const answer = await checkRange(base, changes);
  if (answer.error) { showError(answer.error, state.gridSeat); return; }
  setSeatRange(answer.data);
}

/** The grid's seat takes the range `data`; cards it held give way, and the page says so (Undo brings them back). */
function setSeatRange(data) {
  const seat = state.seats[state.gridSeat];
  if (!seat) return;
  const cards = seat.cards.filter(Boolean);
  seat.cards = [null, null];
  seat.range = data.text;
  rangeChecks.set(rangeKey(data.text), Promise.resolve({ data }));
  if (state.target?.area === "seat" && state.target.seat === state.gridSeat) state.target = nextEmpty(state.target);
  showGridRange(data);
  changed({ rebuild: false });
  if (cards.length) {
    showNotice(`Seat ${state.gridSeat + 1}'s cards (${cards.map(cardText).join(" ")}) were replaced by the range ` +
      `${data.text ? `“${data.text}”` : "(empty)"} from the grid: Undo (or Ctrl+Z) brings them back.`);
  }
}

function gridKey(event) {
  const at = gridMove(event, grid.ranks.length, grid.ranks.length);
  if (at) focusCell($(`#cell-${handAt(...at)}`));
}

function focusCell(cell) { focusRoving(cell, ".cell"); }

function paintGrid() {
  const shown = heat.shown;
  $("#range-grid").classList.toggle("heat-on", !!shown);
  for (const cell of document.querySelectorAll(".cell")) {
    const hand = cell.dataset.hand;
    const w = grid.classes[hand] || 0;
    const hot = shown?.classes[hand];
    cell.classList.toggle("in", w > 0);
    cell.classList.toggle("partial", w > 0 && w < 0.999);
    cell.classList.toggle("heat", !!hot);
    cell.classList.toggle("uncomputed", !!shown && w > 0 && !hot);
    cell.style.setProperty("--w", String(w));
    paintHeat(cell, hot);
    $(".cell-eq", cell).textContent = hot ? String(Math.round(100 * hot.equity)) : "";
    const hit = grid.hits?.get(hand);
    cell.classList.toggle("hit", !!hit);
    cell.setAttribute("aria-pressed", w > 0 ? "true" : "false");
    cell.setAttribute("aria-label", `${hand}, ${classWords(hand)}: ` +
      (w > 0 ? `in the range${w < 0.999 ? ` (${Math.round(100 * w)} %)` : ""}` : "not in the range") +
      heatWords(hand, w) + (hit ? `; ${hit}` : ""));
    cell.title = (hot ? `${hand}: ${percent(hot.equity)} equity` : hand) + (hit ? ` (${hit})` : "");
  }
  if (grid.pointed) readout(grid.pointed);
}

function readout(hand) {
  grid.pointed = hand;
  const w = grid.classes[hand] || 0;
  const size = words.classes.get(hand);
  if (size === undefined) { $("#grid-readout").textContent = `${hand} (${classWords(hand)})`; return; }
  const liveHere = liveClass(hand);
  const inRange = w > 0 ? `${comboCount(w * size)} of ${size} combos in the range` +
    (liveHere !== null && liveHere !== w * size ? `, ${comboCount(liveHere)} live` : "") : "not in the range";
  const hit = grid.hits?.get(hand);
  $("#grid-readout").textContent = `${hand} (${classWords(hand)}): ${inRange}${heatWords(hand, w, true)}` +
    (hit ? `; ${hit}` : "");
}

function showGridRange(data) {
  grid.classes = { ...data.classes };
  grid.synced = data.text;
  grid.shown = data;
  paintCount();
  paintGrid();
  showTop();
}

/** The grid's count: the seat's live combos (live.js) when the cards of the spot take some away. */
function paintCount() {
  const data = grid.shown;
  const seat = state.seats[state.gridSeat];
  const box = $("#grid-count");
  if (seat && !seat.range.trim() && !seat.cards.some(Boolean)) {
    box.textContent = `Seat ${state.gridSeat + 1} holds an unknown hand: click cells or type a range to give it one.`;
    return;
  }
  if (!data) { box.textContent = ""; return; }
  const share = `${(100 * data.share).toFixed(2)} % of all hands`;
  const counted = liveSeat(state.gridSeat);
  if (counted !== null && counted !== Number(data.combos)) {
    box.textContent = `${plural(comboCount(counted), "live combination")} (${comboCount(data.combos)} in the range, ` +
      `${share})`;
    box.title = "Live: the combinations that use no board card, no dead card and no card of another seat";
  } else box.textContent = `${plural(comboCount(data.combos), "combination")}, ${share}`;
}

/** The grid follows its seat's range box (and shows the classes of a seat's two cards). */
async function syncGrid() {
  const seat = state.seats[state.gridSeat];
  if (!seat) { state.gridSeat = 0; return syncGrid(); }
  labelGridSeats();
  const cards = seat.cards.filter(Boolean);
  const text = cards.length === 2 ? cards.join("") : seat.range.trim();
  if (Object.keys(grid.changes).length || grid.dragging !== null) return;
  if (text === grid.synced) { paintCount(); return; }
  if (!text) { showGridRange({ text: "", combos: 0, share: 0, classes: {} }); return; }
  const answer = await checkRange(text);
  const now = state.seats[state.gridSeat];
  if (!now || (now.cards.filter(Boolean).length === 2 ? now.cards.join("") : now.range.trim()) !== text) return;
  if (answer.data) showGridRange(answer.data);
}

function labelGridSeats() {
  const box = $("#grid-seats");
  if (box.children.length !== state.seats.length) {
    box.textContent = "";
    state.seats.forEach((_, s) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = `Seat ${s + 1}`;
      b.addEventListener("click", () => chooseGridSeat(s));
      box.append(b);
    });
  }
  [...box.children].forEach((b, s) => b.setAttribute("aria-pressed", s === state.gridSeat ? "true" : "false"));
  $("#grid-seat-label").textContent = `— seat ${state.gridSeat + 1}`;
}

function chooseGridSeat(s) {
  state.gridSeat = s;
  grid.synced = null;
  dropHeat();
  syncGrid();
  document.dispatchEvent(new CustomEvent("grid-seat"));
  heatmapFor(lastResult);
}

/** Ask for the heatmap of the answer `result` (or of the question `asked`, when a table answers it at once). */
function heatmapFor(result, asked = null) { askHeatmap(result, asked, { classes: grid.classes, table: grid.table }); }

// ---------------------------------------------------------------- top X %

let orderLoaded = null;

/** The order of the grid's game (asked once per game); the slider is inactive until it is in. */
function loadOrder() {
  const game = state.game;
  if (!grid.orders.has(game)) {
    grid.orders.set(game, (async () => {
      try {
        const response = await fetch(game === "holdem" ? "api/order" : `api/order?game=${encodeURIComponent(game)}`);
        return response.ok ? await response.json() : null;
      } catch { return null; }   // the slider stays inactive
    })());
  }
  orderLoaded = grid.orders.get(game).then((data) => {
    if (data && game === state.game) ({ hands: grid.order, tables: grid.table } = data);
  });
  return orderLoaded;
}

/** The share of all the game's hands (%) of a range made of the first classes of its order, whole; null otherwise. */
function topShare(classes) {
  const hands = Object.keys(classes);
  if (!grid.order || hands.some((h) => classes[h] < 0.999)) return null;
  let total = 0;
  for (const row of grid.order.slice(0, hands.length)) {
    if (!(row.hand in classes)) return null;
    total += row.combos;
  }
  return 100 * total / grid.order.reduce((sum, row) => sum + row.combos, 0);
}

/** The slider and its number show where the grid's range stands in the order, or say it is not a top-X % range. */
async function showTop() {
  const shown = grid.shown;
  if (!grid.order) await orderLoaded;
  if (shown !== grid.shown) return;
  const pct = topShare(grid.classes);
  const value = $("#top-value"), note = $("#top-note");
  if (pct === null) {
    value.textContent = "—";
    note.textContent = grid.order ? "(not a top-X % range)" : "";
    return;
  }
  $("#top-slider").value = String(pct);
  value.textContent = String(Math.round(10 * pct) / 10);
  note.textContent = "";
}

let sliderTimer = null;

/** The slider asks the server for the top `pct` % (the library's one rule, on whole classes) at a pause. */
function sliderMoved() {
  const pct = Number($("#top-slider").value);
  $("#top-value").textContent = String(pct);
  $("#top-note").textContent = "";
  clearTimeout(sliderTimer);
  sliderTimer = setTimeout(async () => {
    const answer = await checkRange(pct > 0 ? `top ${pct}%` : "");
    if (answer.data && Number($("#top-slider").value) === pct) setSeatRange(answer.data);
  }, CLICK_DELAY);
}

export function startGrid() {
  buildGrid();
  listenToGrid();
  if (knownGrid()) loadOrder();   // else followGame loads it once the vocabulary says the game has a grid
  const first = state.seats.findIndex((s) => s.range.trim());
  state.gridSeat = first >= 0 ? first : Math.min(1, state.seats.length - 1);
  syncGrid();
  let syncTimer = null;
  document.addEventListener("spot", () => {
    followGame();
    if (state.gridSeat >= state.seats.length) state.gridSeat = state.seats.length - 1;
    labelGridSeats();
    clearTimeout(syncTimer);
    const seat = state.seats[state.gridSeat];
    const empty = seat && !seat.range.trim() && !seat.cards.some(Boolean);
    syncTimer = setTimeout(syncGrid, empty ? 0 : TYPING_DELAY);  // typing a range asks once, at the pause
  });
  document.addEventListener("live", paintCount);
  document.addEventListener("live", () => { if (grid.pointed) readout(grid.pointed); });
  document.addEventListener("edit-range", (event) => {
    chooseGridSeat(event.detail.seat);
    $("#grid-panel").scrollIntoView({ block: "nearest" });
    focusCell(document.querySelector(".cell[tabindex='0']"));
  });
  $("#top-slider").addEventListener("input", sliderMoved);
  document.addEventListener("heat", paintGrid);
  vocabularyLoaded.then(() => {
    followGame();   // a link's game: its grid once the vocabulary says its ranks
    if (grid.pointed) readout(grid.pointed);
  });
  document.addEventListener("result", (event) => heatmapFor(event.detail));
  document.addEventListener("asking", (event) => heatmapFor(null, event.detail));
  $("#heat-toggle").addEventListener("change", () => heatmapFor(lastResult));
}
