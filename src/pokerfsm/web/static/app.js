// pokerfsm web calculator: seats, board and dead cards; a 52-card picker;
// recalculation through GET /api/equity whenever the spot is valid.
// Plain JS, no build step. The URL fragment (#q=...) holds the spot, encoded
// exactly like the API's q= parameter (url-safe base64 of the JSON body).
"use strict";

const RANKS = "AKQJT98765432";           // picker columns, high to low
const SUITS = "shdc";                    // picker rows
const SUIT_SYMBOL = { s: "♠", h: "♥", d: "♦", c: "♣" };
const SUIT_NAME = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
const RANK_NAME = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven",
  6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};
const CATEGORY_LABEL = {
  HIGH_CARD: "High card", ONE_PAIR: "One pair", PAIR: "One pair", TWO_PAIR: "Two pair",
  TWO_PAIRS: "Two pair", THREE_OF_A_KIND: "Three of a kind", TRIPS: "Three of a kind",
  STRAIGHT: "Straight", FLUSH: "Flush", FULL_HOUSE: "Full house", FOUR_OF_A_KIND: "Four of a kind",
  QUADS: "Four of a kind", STRAIGHT_FLUSH: "Straight flush",
};
const MIN_SEATS = 2, MAX_SEATS = 10, BOARD_SLOTS = 5, DEAD_SLOTS = 6;

// ------------------------------------------------------------------ state

const state = {
  seats: [],        // [{cards: [card|null, card|null], range: ""}]
  board: Array(BOARD_SLOTS).fill(null),
  dead: Array(DEAD_SLOTS).fill(null),
  target: null,     // the selected slot: {area: "seat"|"board"|"dead", seat, index}
};

function newSeat() { return { cards: [null, null], range: "" }; }

function resetState() {
  state.seats = [newSeat(), newSeat()];
  state.board = Array(BOARD_SLOTS).fill(null);
  state.dead = Array(DEAD_SLOTS).fill(null);
  state.target = { area: "seat", seat: 0, index: 0 };
}

function cardName(card) {
  return `${RANK_NAME[card[0]]} of ${SUIT_NAME[card[1]]}`;
}

/** Normalise typed or stored card text ("ah", "10h", "A♥") to "Ah"; null if not a card. */
function normaliseCard(text) {
  if (typeof text !== "string") return null;
  let t = text.trim();
  if (t.startsWith("10")) t = "T" + t.slice(2);
  if (t.length !== 2) return null;
  const rank = t[0].toUpperCase();
  let suit = t[1].toLowerCase();
  for (const [letter, symbol] of Object.entries(SUIT_SYMBOL)) if (t[1] === symbol) suit = letter;
  return RANKS.includes(rank) && SUITS.includes(suit) ? rank + suit : null;
}

function slotList() {
  // every slot in cursor order: seats, then the board, then dead cards
  const slots = [];
  state.seats.forEach((seat, s) => seat.cards.forEach((_, i) => slots.push({ area: "seat", seat: s, index: i })));
  state.board.forEach((_, i) => slots.push({ area: "board", index: i }));
  state.dead.forEach((_, i) => slots.push({ area: "dead", index: i }));
  return slots;
}

function getCard(slot) {
  if (slot.area === "seat") return state.seats[slot.seat].cards[slot.index];
  return state[slot.area][slot.index];
}

function setCard(slot, card) {
  if (slot.area === "seat") state.seats[slot.seat].cards[slot.index] = card;
  else state[slot.area][slot.index] = card;
}

function sameSlot(a, b) {
  return !!a && !!b && a.area === b.area && a.index === b.index && (a.area !== "seat" || a.seat === b.seat);
}

function slotId(slot) {
  return slot.area === "seat" ? `slot-s${slot.seat}-${slot.index}` : `slot-${slot.area}-${slot.index}`;
}

function usedCards() {
  const used = new Set();
  for (const slot of slotList()) { const c = getCard(slot); if (c) used.add(c); }
  return used;
}

/** The next empty slot after `from` (wrapping round), or null when all are full. */
function nextEmpty(from) {
  const slots = slotList();
  const start = Math.max(0, slots.findIndex((s) => sameSlot(s, from)));
  for (let k = 1; k <= slots.length; k++) {
    const slot = slots[(start + k) % slots.length];
    // a seat holding a range takes no cards
    if (slot.area === "seat" && state.seats[slot.seat].range.trim()) continue;
    if (!getCard(slot)) return slot;
  }
  return null;
}

function pick(card) {
  if (!state.target || usedCards().has(card)) return false;
  const target = state.target;
  if (target.area === "seat") state.seats[target.seat].range = "";
  setCard(target, card);
  state.target = nextEmpty(target);
  changed();
  return true;
}

// ------------------------------------------------------------------ the request

/** The API request body for the current spot, or {error} saying what is missing. */
function requestBody() {
  const players = [];
  let known = 0;
  for (const [s, seat] of state.seats.entries()) {
    const cards = seat.cards.filter(Boolean);
    const range = seat.range.trim();
    if (cards.length === 1) return { error: `Seat ${s + 1} needs a second card (or none for an unknown hand).` };
    if (cards.length === 2) { players.push(cards); known++; }
    else if (range) { players.push(range); known++; }
    else players.push(null);
  }
  const board = state.board.filter(Boolean);
  if (board.length === 1 || board.length === 2) return { error: "The board needs 0, 3, 4 or 5 cards." };
  if (!known) return { error: "Pick cards for at least one seat." };
  return { body: { players, board, dead: state.dead.filter(Boolean) } };
}

function encodeQuery(body) {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeQuery(q) {
  const b64 = q.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0))));
}

/** Restore a spot from a request body (the permalink); unknown parts are ignored. */
function loadBody(body) {
  resetState();
  const players = Array.isArray(body.players) ? body.players.slice(0, MAX_SEATS) : [];
  state.seats = players.map((p) => {
    const seat = newSeat();
    if (Array.isArray(p)) p.slice(0, 2).forEach((c, i) => { seat.cards[i] = normaliseCard(c); });
    else if (typeof p === "string") seat.range = p;
    return seat;
  });
  while (state.seats.length < MIN_SEATS) state.seats.push(newSeat());
  const fill = (list, size) => {
    const out = Array(size).fill(null);
    (Array.isArray(list) ? list : []).slice(0, size).forEach((c, i) => { out[i] = normaliseCard(c); });
    return out;
  };
  state.board = fill(body.board, BOARD_SLOTS);
  state.dead = fill(body.dead, DEAD_SLOTS);
  // a card may appear once only, even in a hand-edited link
  const seen = new Set();
  for (const slot of slotList()) {
    const c = getCard(slot);
    if (c && seen.has(c)) setCard(slot, null); else if (c) seen.add(c);
  }
  state.target = nextEmpty(slotList()[slotList().length - 1]);
}

// ------------------------------------------------------------------ rendering

const $ = (sel, root = document) => root.querySelector(sel);

function cardFace(el, card) {
  el.textContent = "";
  el.classList.remove("suit-s", "suit-h", "suit-d", "suit-c", "filled");
  if (!card) return;
  el.classList.add("filled", `suit-${card[1]}`);
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = card[0] === "T" ? "10" : card[0];
  const suit = document.createElement("span");
  suit.className = "suit";
  suit.textContent = SUIT_SYMBOL[card[1]];
  el.append(rank, suit);
}

function slotLabel(slot) {
  const where = slot.area === "seat" ? `Seat ${slot.seat + 1} card ${slot.index + 1}`
    : slot.area === "board" ? `Board card ${slot.index + 1}` : `Dead card ${slot.index + 1}`;
  const card = getCard(slot);
  return `${where}: ${card ? cardName(card) + " (press Enter to remove)" : "empty"}`;
}

function makeSlot(slot) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "slot";
  button.id = slotId(slot);
  button.dataset.area = slot.area;
  button.dataset.index = String(slot.index);
  if (slot.area === "seat") button.dataset.seat = String(slot.seat);
  button.addEventListener("click", () => {
    if (getCard(slot)) setCard(slot, null);
    state.target = slot;
    changed();
    focusSlot(slot);
  });
  button.addEventListener("keydown", (event) => {
    if ((event.key === "Backspace" || event.key === "Delete") && getCard(slot)) {
      event.preventDefault();
      setCard(slot, null);
      state.target = slot;
      changed();
      focusSlot(slot);
    }
  });
  return button;
}

function focusSlot(slot) {
  const el = document.getElementById(slotId(slot));
  if (el) el.focus();
}

function buildSeats() {
  const list = $("#seats");
  list.textContent = "";
  const template = $("#seat-template");
  state.seats.forEach((seat, s) => {
    const item = template.content.firstElementChild.cloneNode(true);
    item.dataset.seat = String(s);
    item.id = `seat-${s}`;
    $(".seat-name", item).textContent = `Seat ${s + 1}`;
    const slots = $(".slots", item);
    seat.cards.forEach((_, i) => slots.append(makeSlot({ area: "seat", seat: s, index: i })));
    const input = $(".range", item);
    input.id = `range-${s}`;
    input.value = seat.range;
    $(".visually-hidden", item).textContent = `Seat ${s + 1} range`;
    input.addEventListener("input", () => {
      seat.range = input.value;
      if (input.value.trim()) seat.cards = [null, null];
      changed({ rebuild: false });
    });
    const remove = $(".remove-seat", item);
    remove.setAttribute("aria-label", `Remove seat ${s + 1}`);
    remove.addEventListener("click", () => removeSeat(s));
    list.append(item);
  });
  $("#add-seat").disabled = state.seats.length >= MAX_SEATS;
}

function buildRow(area, size) {
  const box = $(`#${area}-slots`);
  box.textContent = "";
  for (let i = 0; i < size; i++) box.append(makeSlot({ area, index: i }));
}

function buildPicker() {
  const grid = $("#picker");
  SUITS.split("").forEach((suit, r) => {
    const row = document.createElement("div");
    row.className = "picker-row";
    row.setAttribute("role", "row");
    RANKS.split("").forEach((rank, c) => {
      const card = rank + suit;
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "pick";
      cell.id = `pick-${card}`;
      cell.dataset.card = card;
      cell.dataset.row = String(r);
      cell.dataset.col = String(c);
      cell.setAttribute("role", "gridcell");
      cell.tabIndex = r === 0 && c === 0 ? 0 : -1;
      cardFace(cell, card);
      cell.addEventListener("click", () => { if (pick(card)) cell.focus(); });
      cell.addEventListener("keydown", pickerKey);
      row.append(cell);
    });
    grid.append(row);
  });
}

function pickerKey(event) {
  const cell = event.currentTarget;
  let r = Number(cell.dataset.row), c = Number(cell.dataset.col);
  const moves = {
    ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0],
  };
  if (event.key in moves) {
    const [dr, dc] = moves[event.key];
    r = (r + dr + SUITS.length) % SUITS.length;
    c = (c + dc + RANKS.length) % RANKS.length;
  } else if (event.key === "Home") c = 0;
  else if (event.key === "End") c = RANKS.length - 1;
  else return;
  event.preventDefault();
  event.stopPropagation();
  focusPickerCell($(`#pick-${RANKS[c]}${SUITS[r]}`));
}

function focusPickerCell(cell) {
  for (const other of document.querySelectorAll(".pick")) other.tabIndex = -1;
  cell.tabIndex = 0;
  cell.focus();
}

function render() {
  const used = usedCards();
  for (const slot of slotList()) {
    const el = document.getElementById(slotId(slot));
    if (!el) continue;
    cardFace(el, getCard(slot));
    el.setAttribute("aria-label", slotLabel(slot));
    const selected = sameSlot(slot, state.target);
    el.classList.toggle("target", selected);
    el.setAttribute("aria-pressed", selected ? "true" : "false");
  }
  state.seats.forEach((seat, s) => {
    const item = $(`#seat-${s}`);
    const input = $(".range", item);
    if (input.value !== seat.range) input.value = seat.range;
    item.classList.toggle("has-range", !!seat.range.trim());
    $(".remove-seat", item).disabled = state.seats.length <= MIN_SEATS;
  });
  for (const cell of document.querySelectorAll(".pick")) {
    const taken = used.has(cell.dataset.card);
    cell.classList.toggle("used", taken);
    cell.setAttribute("aria-disabled", taken ? "true" : "false");
    cell.setAttribute("aria-label", cardName(cell.dataset.card) + (taken ? " (in use)" : ""));
  }
  $("#target-label").textContent = state.target ? `→ ${slotLabel(state.target).split(":")[0]}` : "";
}

// ------------------------------------------------------------------ results

let pending = null, timer = null, lastQuery = null;

function percent(x) { return `${(100 * x).toFixed(2)}%`; }

function clearOutcomes() {
  for (const item of document.querySelectorAll(".seat")) {
    for (const k of ["win", "tie", "equity"]) $(`.${k}`, item).textContent = "—";
    $(".bar-win", item).style.width = "0";
    $(".bar-tie", item).style.width = "0";
    item.classList.remove("invalid");
  }
}

function showStatus(text, kind = "info") {
  const status = $("#status");
  status.textContent = text;
  status.dataset.kind = kind;
}

function showResult(result) {
  result.players.forEach((p, s) => {
    const item = $(`#seat-${s}`);
    if (!item) return;
    $(".win", item).textContent = percent(p.win);
    $(".tie", item).textContent = percent(p.tie);
    $(".equity", item).textContent = percent(p.equity);
    $(".bar-win", item).style.width = `${100 * p.win}%`;
    $(".bar-tie", item).style.width = `${100 * p.tie}%`;
  });
  $("#combinations").textContent = `${Number(result.combinations).toLocaleString("en-US")} ${result.exact ? "combinations" : "samples"}`;
  const mode = $("#mode");
  mode.textContent = result.exact ? "exact" : `Monte Carlo ±${percent(result.std_error || 0)}`;
  mode.className = `badge ${result.exact ? "exact" : "mc"}`;
  $("#elapsed").textContent = `${(1000 * result.elapsed_s).toFixed(result.elapsed_s < 0.01 ? 1 : 0)} ms`;
  $("#summary").hidden = false;
  showCategories(result);
  showStatus("Done.", "ok");
}

function showCategories(result) {
  const table = $("#categories");
  const names = Object.keys(result.players[0]?.categories || {});
  const head = document.createElement("tr");
  head.append(Object.assign(document.createElement("th"), { scope: "col", textContent: "Hand" }));
  result.players.forEach((_, s) => head.append(Object.assign(document.createElement("th"),
    { scope: "col", textContent: `Seat ${s + 1}` })));
  $("thead", table).replaceChildren(head);
  const rows = names.slice().reverse().map((name) => {
    const tr = document.createElement("tr");
    tr.append(Object.assign(document.createElement("th"),
      { scope: "row", textContent: CATEGORY_LABEL[name] || name }));
    result.players.forEach((p) => tr.append(Object.assign(document.createElement("td"),
      { textContent: percent(p.categories[name] || 0) })));
    return tr;
  });
  $("tbody", table).replaceChildren(...rows);
  table.hidden = names.length === 0;
}

function showError(detail) {
  const item = Array.isArray(detail) ? detail[0] : { msg: String(detail), loc: [] };
  const loc = item?.loc || [];
  const where = loc.indexOf("players");
  if (where >= 0 && typeof loc[where + 1] === "number") {
    $(`#seat-${loc[where + 1]}`)?.classList.add("invalid");
  }
  showStatus(item?.msg || "The server could not answer.", "error");
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(recalculate, 120);
}

async function recalculate() {
  const { body, error } = requestBody();
  const q = body ? encodeQuery(body) : "";
  history.replaceState(null, "", q ? `#q=${q}` : location.pathname + location.search);
  $("#permalink").href = q ? `#q=${q}` : "./";
  if (error) {
    if (pending) pending.abort();
    lastQuery = null;
    clearOutcomes();
    $("#summary").hidden = true;
    $("#categories").hidden = true;
    showStatus(error, "info");
    return;
  }
  if (q === lastQuery) return;
  lastQuery = q;
  if (pending) pending.abort();
  const controller = new AbortController();
  pending = controller;
  showStatus("Calculating…", "busy");
  document.body.classList.add("busy");
  try {
    let response = await fetch(`api/equity?q=${q}`, { signal: controller.signal });
    // 429: this browser already has calculations under way (e.g. one just abandoned); wait and ask again
    for (let tries = 0; response.status === 429 && tries < 10; tries++) {
      const seconds = Math.min(5, Math.max(0.2, Number(response.headers.get("Retry-After")) || 1));
      await new Promise((resolve) => setTimeout(resolve, 1000 * seconds));
      if (controller !== pending) return;
      response = await fetch(`api/equity?q=${q}`, { signal: controller.signal });
    }
    const data = await response.json();
    if (controller !== pending) return;
    clearOutcomes();
    if (response.ok) showResult(data);
    else { showError(data.detail); lastQuery = null; }
  } catch (err) {
    if (err.name !== "AbortError") { showStatus(`No answer from the server (${err.message}).`, "error"); lastQuery = null; }
  } finally {
    if (controller === pending) { pending = null; document.body.classList.remove("busy"); }
  }
}

function changed({ rebuild = true } = {}) {
  if (rebuild && document.querySelectorAll(".seat").length !== state.seats.length) rebuildAll();
  render();
  schedule();
}

function rebuildAll() {
  buildSeats();
  clearOutcomes();
}

function removeSeat(s) {
  if (state.seats.length <= MIN_SEATS) return;
  state.seats.splice(s, 1);
  state.target = nextEmpty(slotList()[slotList().length - 1]);
  rebuildAll();
  changed();
  $(`#seat-${Math.min(s, state.seats.length - 1)} .slot`)?.focus();
}

// ------------------------------------------------------------------ typing "Ah"

let typedRank = null, typedAt = 0;

function typedKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const el = event.target;
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) return;
  const key = event.key;
  const now = Date.now();
  if (typedRank && now - typedAt < 2000 && SUITS.includes(key.toLowerCase())) {
    const card = typedRank + key.toLowerCase();
    typedRank = null;
    event.preventDefault();
    const before = state.target;
    if (!pick(card)) {
      showStatus(usedCards().has(card) ? `${cardName(card)} is already in use.` : "Select a slot first.", "error");
    } else if (before && el.classList && el.classList.contains("slot")) {
      focusSlot(state.target || before);
    }
    return;
  }
  if (key.length === 1 && RANKS.includes(key.toUpperCase())) {
    typedRank = key.toUpperCase();
    typedAt = now;
  } else if (key === "Escape") typedRank = null;
}

// ------------------------------------------------------------------ start

function start() {
  resetState();
  const match = /^#q=([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (match) {
    try { loadBody(decodeQuery(match[1])); } catch { resetState(); }
  }
  buildRow("board", BOARD_SLOTS);
  buildRow("dead", DEAD_SLOTS);
  buildPicker();
  rebuildAll();
  render();
  recalculate();
  document.addEventListener("keydown", typedKey);
  $("#add-seat").addEventListener("click", () => {
    if (state.seats.length >= MAX_SEATS) return;
    state.seats.push(newSeat());
    state.target = { area: "seat", seat: state.seats.length - 1, index: 0 };
    rebuildAll();
    changed();
    focusSlot(state.target);
  });
  $("#reset").addEventListener("click", () => {
    resetState();
    lastQuery = null;
    rebuildAll();
    changed();
    focusSlot(state.target);
  });
  $("#copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      showStatus("Link copied.", "ok");
    } catch {
      showStatus(`Copy this link: ${location.href}`, "info");
    }
  });
  window.addEventListener("hashchange", () => {
    const m = /^#q=([A-Za-z0-9_-]+)$/.exec(location.hash);
    if (!m || m[1] === lastQuery) return;
    try { loadBody(decodeQuery(m[1])); } catch { return; }
    rebuildAll();
    changed();
  });
}

document.addEventListener("DOMContentLoaded", start);
