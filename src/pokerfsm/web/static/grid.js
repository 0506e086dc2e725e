// The 13×13 range grid of one seat, kept in sync both ways with its range box, a "top X %"
// slider in PokerStove's order (GET /api/order), and the per-hand equity heatmap
// (POST /api/heatmap) after each answer. The server reads and writes the range text
// (POST /api/range, with the cells set): the grid never guesses the syntax.
"use strict";

const grid = {
  seat: 0,            // the seat the grid edits
  classes: {},        // hand class -> share of its combos in the range (0-1)
  changes: {},        // cells set but not yet written to the range text
  order: null,        // [{hand, combos, equity}] strongest first
  table: false,       // the server has the preflop-hu table: heads-up preflop heatmaps are lookups
  dragging: null,     // the weight a drag sets, or null
  heat: null,         // the heatmap answer shown, or null
  heatRequest: null,  // its AbortController
  heatKey: null,      // the question and seat of the heatmap shown or asked
  synced: null,       // the range text the cells show
  writing: Promise.resolve(),  // the write of cells into the range text under way
};

function handAt(row, col) {
  const hi = RANKS[Math.min(row, col)], lo = RANKS[Math.max(row, col)];
  return row === col ? hi + lo : row < col ? `${hi}${lo}s` : `${hi}${lo}o`;
}

function classCombos(hand) { return hand.length === 2 ? 6 : hand.endsWith("s") ? 4 : 12; }

function classWords(hand) {
  if (hand.length === 2) return `pair of ${RANK_NAME[hand[0]]}s`;
  return `${RANK_NAME[hand[0]]}-${RANK_NAME[hand[1]]} ${hand.endsWith("s") ? "suited" : "offsuit"}`;
}

function buildGrid() {
  const box = $("#range-grid");
  for (let r = 0; r < 13; r++) {
    const row = document.createElement("div");
    row.className = "grid-row";
    row.setAttribute("role", "row");
    for (let c = 0; c < 13; c++) {
      const hand = handAt(r, c);
      const cell = gridButton(`cell-${hand}`, r, c, `cell ${r === c ? "pair" : r < c ? "suited" : "offsuit"}`);
      cell.dataset.hand = hand;
      cell.textContent = hand;
      cell.addEventListener("pointerdown", cellPointerDown);
      cell.addEventListener("click", (event) => { if (event.detail === 0) toggleCell(hand); });
      cell.addEventListener("keydown", gridKey);
      cell.addEventListener("focus", () => readout(hand));
      cell.addEventListener("pointerenter", () => readout(hand));
      row.append(cell);
    }
    box.append(row);
  }
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
  const seat = state.seats[grid.seat];
  if (!seat) return;
  const base = seat.cards.some(Boolean) ? "" : seat.range;
  const answer = await checkRange(base, changes);
  if (answer.error) { showError(answer.error, grid.seat); return; }
  setSeatRange(answer.data);
}

function setSeatRange(data) {
  const seat = state.seats[grid.seat];
  if (!seat) return;
  seat.cards = [null, null];
  seat.range = data.text;
  rangeChecks.set(data.text, Promise.resolve({ data }));
  if (state.target?.area === "seat" && state.target.seat === grid.seat) state.target = nextEmpty(state.target);
  showGridRange(data);
  changed({ rebuild: false });
}

function gridKey(event) {
  const at = gridMove(event, 13, 13);
  if (at) focusCell($(`#cell-${handAt(...at)}`));
}

function focusCell(cell) { focusRoving(cell, ".cell"); }

/** Forget the heatmap shown (the grid changed under it), and stop the one on its way. */
function dropHeat() {
  grid.heatRequest?.abort();
  grid.heatRequest = null;
  grid.heat = null;
  grid.heatKey = null;
}

function heatColour(equity, fair) {
  // PokerStove's convention: fair share neutral, above it green, below it red
  const d = equity - fair;
  const t = Math.min(1, Math.abs(d) / Math.max(0.05, d > 0 ? 1 - fair : fair) * 1.6);
  const [r, g, b] = d > 0 ? [86, 176, 108] : [222, 104, 94];
  const mix = (x, base) => Math.round(base + (x - base) * t);
  return `rgb(${mix(r, 240)}, ${mix(g, 240)}, ${mix(b, 240)})`;
}

function paintGrid() {
  const heat = grid.heat;
  $("#range-grid").classList.toggle("heat-on", !!heat);
  for (const cell of document.querySelectorAll(".cell")) {
    const hand = cell.dataset.hand;
    const w = grid.classes[hand] || 0;
    const hot = heat?.classes[hand];
    cell.classList.toggle("in", w > 0);
    cell.classList.toggle("partial", w > 0 && w < 0.999);
    cell.classList.toggle("heat", !!hot);
    cell.style.setProperty("--w", String(w));
    cell.style.background = hot ? heatColour(hot.equity, heat.fair) : "";
    cell.setAttribute("aria-pressed", w > 0 ? "true" : "false");
    cell.setAttribute("aria-label", `${hand}, ${classWords(hand)}: ` +
      (w > 0 ? `in the range${w < 0.999 ? ` (${Math.round(100 * w)} %)` : ""}` : "not in the range") +
      (hot ? `, equity ${percent(hot.equity)}` : ""));
    cell.title = hot ? `${hand}: ${percent(hot.equity)} equity` : hand;
  }
}

function readout(hand) {
  const w = grid.classes[hand] || 0;
  const hot = grid.heat?.classes[hand];
  const combos = (w * classCombos(hand)).toFixed(w * classCombos(hand) % 1 ? 2 : 0);
  $("#grid-readout").textContent = `${hand} (${classWords(hand)}): ` + (w > 0 ? `${combos} of ${classCombos(hand)} combos` : "not in the range") +
    (hot ? `; equity ${percent(hot.equity)} against the other seats (fair share ${percent(grid.heat.fair)})` : "");
}

function showGridRange(data) {
  grid.classes = { ...data.classes };
  grid.synced = data.text;
  const combos = Number(data.combos);
  $("#grid-count").textContent = `${plural(Number.isInteger(combos) ? combos : combos.toFixed(2), "combination")}, ` +
    `${(100 * data.share).toFixed(2)} % of all hands`;
  paintGrid();
}

/** The grid follows its seat's range box (and shows the classes of a seat's two cards). */
async function syncGrid() {
  const seat = state.seats[grid.seat];
  if (!seat) { grid.seat = 0; return syncGrid(); }
  labelGridSeats();
  const cards = seat.cards.filter(Boolean);
  const text = cards.length === 2 ? cards.join("") : seat.range.trim();
  if (Object.keys(grid.changes).length || grid.dragging !== null) return;
  if (text === grid.synced) return;
  if (!text) { showGridRange({ text: "", combos: 0, share: 0, classes: {} }); return; }
  const answer = await checkRange(text);
  const now = state.seats[grid.seat];
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
  [...box.children].forEach((b, s) => b.setAttribute("aria-pressed", s === grid.seat ? "true" : "false"));
  $("#grid-seat-label").textContent = `— seat ${grid.seat + 1}`;
}

function chooseGridSeat(s) {
  grid.seat = s;
  grid.synced = null;
  dropHeat();
  syncGrid();
  document.dispatchEvent(new CustomEvent("grid-seat"));
  if (lastResult) askHeatmap(lastResult);
}

// ---------------------------------------------------------------- top X %

async function loadOrder() {
  try {
    const response = await fetch("api/order");
    if (response.ok) ({ hands: grid.order, tables: grid.table } = await response.json());
  } catch { /* the slider stays inactive */ }
}

/** The strongest classes making about `pct` % of the 1,326 combos (whole classes, as the library). */
function topClasses(pct) {
  const target = pct * 1326 / 100, chosen = [];
  let total = 0;
  for (const row of grid.order || []) {
    if (chosen.length && Math.abs(total + row.combos - target) >= Math.abs(total - target)) break;
    if (pct <= 0) break;
    chosen.push(row.hand);
    total += row.combos;
  }
  return chosen;
}

let sliderTimer = null;

function sliderMoved() {
  const pct = Number($("#top-slider").value);
  $("#top-value").textContent = String(pct);
  const chosen = topClasses(pct);
  grid.classes = Object.fromEntries(chosen.map((h) => [h, 1]));
  dropHeat();
  paintGrid();
  clearTimeout(sliderTimer);
  sliderTimer = setTimeout(async () => {
    const answer = await checkRange(chosen.join(", "));
    if (answer.data) setSeatRange(answer.data);
  }, 120);
}

// ---------------------------------------------------------------- heatmap

/** A heads-up preflop question whose heatmap comes from the preflop-hu table: ask it at once. */
function fromTable(body) {
  return grid.table && body.players.length === 2 && !body.board.length && !body.dead.length && !body.samples;
}

async function askHeatmap(result, asked = null) {
  const body = asked || requestBody().body;
  if (asked && !fromTable(body)) return;   // computed heatmaps wait for the answer (the CPU is busy until then)
  const seat = state.seats[grid.seat];
  const wanted = (result || asked) && seat && $("#heat-toggle").checked && !seat.cards.some(Boolean) && body;
  const key = wanted ? JSON.stringify([body, grid.seat]) : null;
  if (key && key === grid.heatKey) return;  // painted, or on its way (asked with the question)
  grid.heatKey = key;
  grid.heatRequest?.abort();
  grid.heatRequest = null;
  grid.heat = null;
  $("#heat-legend").hidden = true;
  paintGrid();
  if (!key) return;
  const controller = new AbortController();
  grid.heatRequest = controller;
  const started = performance.now();
  $("#heat-legend").hidden = false;
  $("#heat-legend").textContent = "Colouring the grid by equity…";
  try {
    const { response, data } = await postJSON("api/heatmap", { ...body, seat: grid.seat }, controller.signal);
    if (controller !== grid.heatRequest) return;
    if (!response.ok) {
      grid.heatKey = null;
      $("#heat-legend").textContent = pageMessage(data.detail?.[0]).msg;
      return;
    }
    grid.heat = data;
    paintGrid();
    $("#heat-legend").textContent = `Equity of each hand against the other seats (${data.source}` +
      `${data.complete ? "" : ", some hands left out for time"}, ${Math.round(performance.now() - started)} ms): ` +
      `green above the fair share of ${percent(data.fair)}, red below.`;
    document.dispatchEvent(new CustomEvent("heatmap", { detail: data }));
  } catch (err) {
    if (err.name !== "AbortError") {
      grid.heatKey = null;
      $("#heat-legend").textContent = `No heatmap (${err.message}).`;
    }
  }
}

function startGrid() {
  buildGrid();
  loadOrder();
  const first = state.seats.findIndex((s) => s.range.trim());
  grid.seat = first >= 0 ? first : Math.min(1, state.seats.length - 1);
  syncGrid();
  let syncTimer = null;
  document.addEventListener("spot", () => {
    if (grid.seat >= state.seats.length) grid.seat = state.seats.length - 1;
    labelGridSeats();
    clearTimeout(syncTimer);
    syncTimer = setTimeout(syncGrid, TYPING_DELAY);  // typing a range asks once, at the pause
  });
  document.addEventListener("result", (event) => askHeatmap(event.detail));
  document.addEventListener("asking", (event) => askHeatmap(null, event.detail));
  document.addEventListener("edit-range", (event) => {
    chooseGridSeat(event.detail.seat);
    $("#grid-panel").scrollIntoView({ block: "nearest" });
    focusCell(document.querySelector(".cell[tabindex='0']"));
  });
  $("#top-slider").addEventListener("input", sliderMoved);
  $("#heat-toggle").addEventListener("change", () => askHeatmap(lastResult));
}

document.addEventListener("DOMContentLoaded", startGrid);
