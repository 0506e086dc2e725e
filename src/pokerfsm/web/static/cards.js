// pokerfsm web calculator, the cards: the spot's state (seats, board, dead cards),
// the card slots, the 52-card picker and typing a card ("Ah"). app.js asks the
// server and shows the answers; grid.js and study.js add the study panels.
// An edit here is announced with an "edited" event (its detail: the options of
// app.js's changed()), a seat's Remove button with "remove-seat".
import { $, showNotice } from "./page.js";
import { words } from "./vocabulary.js";

export const RANKS = "AKQJT98765432";           // picker columns, high to low
export const SUITS = "shdc";                    // picker rows
const SUIT_SYMBOL = { s: "♠", h: "♥", d: "♦", c: "♣" };
const SUIT_NAME = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
export const RANK_NAME = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven",
  6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};
export const MIN_SEATS = 2, MAX_SEATS = 10, BOARD_SLOTS = 5, DEAD_SLOTS = 6;
export const TYPING_DELAY = 400;                // ms after the last key before a typed range is sent
export const CLICK_DELAY = 60;                  // ms after a click (coalesces a quick run of clicks)
export const MC_SAMPLES = 100000, MAX_SAMPLES = 1000000;

// ------------------------------------------------------------------ state

export const state = {
  game: "holdem",   // the game's name, as GET /api/vocabulary lists it (game.js chooses it)
  holeCards: 2,     // the game's hole cards: each seat's card slots
  seats: [],        // [{cards: [card|null, ...] (holeCards slots), range: ""}]
  board: Array(BOARD_SLOTS).fill(null),
  dead: Array(DEAD_SLOTS).fill(null),
  target: null,     // the selected slot: {area: "seat"|"board"|"dead", seat, index}
  samples: null,    // null: exact where the server's budget allows; a number: Monte Carlo deals
  gridSeat: 0,      // the seat whose range the grid edits (and the heatmap, live counts and hits show)
};

/** Announce an edit of the spot (app.js records it, redraws and asks the server). */
function edited(options = {}) { document.dispatchEvent(new CustomEvent("edited", { detail: options })); }

export function newSeat() { return { cards: Array(state.holeCards).fill(null), range: "" }; }

/** The game's record from the vocabulary ({name, label, hole_cards, hi_lo, players}), or null before it is in. */
export function gameInfo(name = state.game) { return words.games.get(name) ?? null; }

/** True when `card` is dealt at the game (short deck deals sixes to aces); every card until the vocabulary is in. */
export function inDeck(card) {
  const deck = gameInfo()?.deck;
  return !deck || deck.includes(card);
}

/** True when the game deals a board (stud does not). */
export function hasBoard() { return gameInfo()?.board ?? true; }

/** True at a stud game (a seat's cards are dealt down and up). */
export function isStud() { return (gameInfo()?.faces ?? []).includes("up"); }

/** The community cards of the stud spot on screen: one when the seats' seven cards each would take more
 * than the deck (eight players), as the API rules it: the seventh street's card is then dealt face up to
 * all, and the API takes it as the board. None at any other game or seat count. */
export function communityCards() {
  return isStud() && state.seats.length * state.holeCards > (gameInfo()?.deck?.length ?? Infinity) ? 1 : 0;
}

/** The board's card slots on screen: the game's board, or at stud its community card (if any). */
export function boardSlots() { return hasBoard() ? BOARD_SLOTS : communityCards(); }

/** Each seat's card slots on screen: the game's hole cards, less the one a stud community card stands for. */
export function seatSlots() { return state.holeCards - (hasBoard() ? 0 : communityCards()); }

/** Fit the cards to the slots on screen (see communityCards): a seat's seventh card goes when eight players
 * share it, the community card when they do not; returns what was removed, one sentence each. */
export function fitCommunity() {
  const notes = [];
  const own = seatSlots(), shared = boardSlots(), players = state.seats.length;
  state.seats.forEach((seat, s) => {
    const over = seat.cards.slice(own).filter(Boolean);
    if (over.length) {
      notes.push(`seat ${s + 1}'s card ${over.join(" ")} is removed: with ${players} players the seventh ` +
        "street's card is one community card");
    }
    seat.cards = seat.cards.map((card, i) => (i < own ? card : null));
  });
  const gone = state.board.slice(shared).filter(Boolean);
  if (gone.length) {
    notes.push(`the community card ${gone.join(" ")} is removed: with ${players} players each is dealt a ` +
      "seventh card of its own");
  }
  state.board = state.board.map((card, i) => (i < shared ? card : null));
  return notes;
}

/** How a seat's card `index` is dealt: "up" (a stud player's up cards) or "down". */
export function cardFace(index) { return gameInfo()?.faces?.[index] ?? "down"; }

/** The most seats the game's deck allows (10 at hold'em, 7 at 6-card Omaha). */
export function maxSeats() { return Math.min(MAX_SEATS, gameInfo()?.players ?? MAX_SEATS); }

/** An empty spot of `game` (hold'em unless given: an empty link is a hold'em spot). */
export function resetState(game = "holdem", holeCards = 2) {
  state.game = game;
  state.holeCards = holeCards;
  state.seats = [newSeat(), newSeat()];
  state.board = Array(BOARD_SLOTS).fill(null);
  state.dead = Array(DEAD_SLOTS).fill(null);
  state.target = { area: "seat", seat: 0, index: 0 };
  state.samples = null;
}

/** A card as the page shows it in text: "10♥". */
export function cardText(card) { return `${card[0] === "T" ? "10" : card[0]}${SUIT_SYMBOL[card[1]]}`; }

export function cardName(card) {
  return `${RANK_NAME[card[0]]} of ${SUIT_NAME[card[1]]}`;
}

/** Normalise typed or stored card text ("ah", "10h", "A♥") to "Ah"; null if not a card. */
export function normaliseCard(text) {
  if (typeof text !== "string") return null;
  let t = text.trim();
  if (t.startsWith("10")) t = "T" + t.slice(2);
  if (t.length !== 2) return null;
  const rank = t[0].toUpperCase();
  let suit = t[1].toLowerCase();
  for (const [letter, symbol] of Object.entries(SUIT_SYMBOL)) if (t[1] === symbol) suit = letter;
  return RANKS.includes(rank) && SUITS.includes(suit) ? rank + suit : null;
}

export function slotList() {
  // every slot in cursor order: seats, then the board, then dead cards
  const slots = [];
  const own = seatSlots(), board = boardSlots();
  state.seats.forEach((seat, s) => {
    for (let i = 0; i < own; i++) slots.push({ area: "seat", seat: s, index: i });
  });
  for (let i = 0; i < board; i++) slots.push({ area: "board", index: i });
  state.dead.forEach((_, i) => slots.push({ area: "dead", index: i }));
  return slots;
}

export function getCard(slot) {
  if (slot.area === "seat") return state.seats[slot.seat].cards[slot.index];
  return state[slot.area][slot.index];
}

export function setCard(slot, card) {
  if (slot.area === "seat") state.seats[slot.seat].cards[slot.index] = card;
  else state[slot.area][slot.index] = card;
}

export function sameSlot(a, b) {
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
export function nextEmpty(from) {
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

/** Where `card` is in use, in the page's words ("seat 2's hand", "the board"), or null. */
function whereUsed(card) {
  const slot = slotList().find((s) => getCard(s) === card);
  if (!slot) return null;
  return slot.area === "seat" ? `seat ${slot.seat + 1}'s hand` : slot.area === "dead" ? "the dead cards"
    : hasBoard() ? "the board" : "the community card";
}

/** Say next to the picker why a card was not placed (or nothing). */
export function pickerNote(text) {
  const note = $("#picker-note");
  note.textContent = text;
  note.dataset.kind = text ? "error" : "";
}

/** Put `card` in the selected slot; if it cannot go there, say why and return false. */
export function pick(card) {
  const used = whereUsed(card);
  if (!inDeck(card)) {
    pickerNote(`The ${cardName(card)} is not dealt at ${gameInfo()?.label ?? state.game}.`);
    return false;
  }
  if (used || !state.target) {
    pickerNote(used ? `The ${cardName(card)} is already in ${used}: each card can be used once.`
      : "Every slot is full: choose a slot first (click it, or Backspace on it empties it).");
    return false;
  }
  pickerNote("");
  const target = state.target;
  let note = "";
  if (target.area === "seat" && state.seats[target.seat].range.trim()) {
    // only when this seat's slot was chosen on purpose: the range goes, and Undo brings it back
    note = `Seat ${target.seat + 1}'s range (${state.seats[target.seat].range.trim()}) was replaced by cards: ` +
      "Undo (or Ctrl+Z) brings it back.";
    state.seats[target.seat].range = "";
  }
  setCard(target, card);
  state.target = nextEmpty(target);
  edited();
  if (note) showNotice(note);
  return true;
}

// ------------------------------------------------------------------ rendering

function showCard(el, card) {
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
  const face = slot.area === "seat" && cardFace(slot.index) === "up" ? " (up)" : "";
  const where = slot.area === "seat" ? `Seat ${slot.seat + 1} card ${slot.index + 1}${face}`
    : slot.area === "dead" ? `Dead card ${slot.index + 1}`
    : hasBoard() ? `Board card ${slot.index + 1}` : "Community card";
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
    edited();
    focusSlot(slot);
  });
  button.addEventListener("keydown", (event) => {
    if ((event.key === "Backspace" || event.key === "Delete") && getCard(slot)) {
      event.preventDefault();
      setCard(slot, null);
      state.target = slot;
      edited();
      focusSlot(slot);
    }
  });
  return button;
}

export function focusSlot(slot) {
  const el = document.getElementById(slotId(slot));
  if (el) el.focus();
}

export function buildSeats() {
  const list = $("#seats");
  list.textContent = "";
  const template = $("#seat-template");
  state.seats.forEach((seat, s) => {
    const item = template.content.firstElementChild.cloneNode(true);
    item.dataset.seat = String(s);
    item.id = `seat-${s}`;
    $(".seat-name", item).textContent = `Seat ${s + 1}`;
    const slots = $(".slots", item);
    seat.cards.slice(0, seatSlots()).forEach((_, i) => {
      const button = makeSlot({ area: "seat", seat: s, index: i });
      button.classList.toggle("face-up", cardFace(i) === "up");
      slots.append(button);
    });
    const input = $(".range", item);
    input.id = `range-${s}`;
    input.value = seat.range;
    $(".visually-hidden", item).textContent = `Seat ${s + 1} range`;
    input.addEventListener("input", () => {
      seat.range = input.value;
      if (input.value.trim()) {
        seat.cards = seat.cards.map(() => null);
        // the cards picked next go elsewhere: never into a seat holding a range
        if (state.target?.area === "seat" && state.target.seat === s) state.target = nextEmpty(state.target);
      }
      edited({ rebuild: false, typing: s });
    });
    $(".grid-button", item).addEventListener("click", () => document.dispatchEvent(
      new CustomEvent("edit-range", { detail: { seat: s } })));
    $(".grid-button", item).setAttribute("aria-label", `Edit seat ${s + 1}'s range on the grid`);
    const remove = $(".remove-seat", item);
    remove.setAttribute("aria-label", `Remove seat ${s + 1}`);
    remove.addEventListener("click", () => document.dispatchEvent(
      new CustomEvent("remove-seat", { detail: { seat: s } })));
    list.append(item);
  });
  $("#add-seat").disabled = state.seats.length >= maxSeats();
}

export function buildRow(area, size) {
  const box = $(`#${area}-slots`);
  box.textContent = "";
  for (let i = 0; i < size; i++) box.append(makeSlot({ area, index: i }));
}

/** A button of a keyboard grid: role gridcell, its row and column, a roving tabindex. */
export function gridButton(id, r, c, className) {
  const cell = document.createElement("button");
  cell.type = "button";
  cell.className = className;
  cell.id = id;
  cell.dataset.row = String(r);
  cell.dataset.col = String(c);
  cell.setAttribute("role", "gridcell");
  cell.tabIndex = r === 0 && c === 0 ? 0 : -1;
  return cell;
}

/** Where arrow keys, Home and End lead in a rows × cols grid (wrapping round); null for other keys. */
export function gridMove(event, rows, cols) {
  const cell = event.currentTarget;
  let r = Number(cell.dataset.row), c = Number(cell.dataset.col);
  const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
  if (event.key in moves) {
    r = (r + moves[event.key][0] + rows) % rows;
    c = (c + moves[event.key][1] + cols) % cols;
  } else if (event.key === "Home") c = 0;
  else if (event.key === "End") c = cols - 1;
  else return null;
  event.preventDefault();
  event.stopPropagation();
  return [r, c];
}

/** Focus a cell of a keyboard grid, the only one of `selector` reachable by Tab. */
export function focusRoving(cell, selector) {
  for (const other of document.querySelectorAll(`${selector}[tabindex='0']`)) other.tabIndex = -1;
  cell.tabIndex = 0;
  cell.focus();
}

export function buildPicker() {
  const grid = $("#picker");
  SUITS.split("").forEach((suit, r) => {
    const row = document.createElement("div");
    row.className = "picker-row";
    row.setAttribute("role", "row");
    RANKS.split("").forEach((rank, c) => {
      const card = rank + suit;
      const cell = gridButton(`pick-${card}`, r, c, "pick");
      cell.dataset.card = card;
      showCard(cell, card);
      cell.addEventListener("click", () => { if (pick(card)) cell.focus(); });
      cell.addEventListener("keydown", (event) => {
        const at = gridMove(event, SUITS.length, RANKS.length);
        if (at) focusRoving($(`#pick-${RANKS[at[1]]}${SUITS[at[0]]}`), ".pick");
      });
      row.append(cell);
    });
    grid.append(row);
  });
}

export function render() {
  const used = usedCards();
  for (const slot of slotList()) {
    const el = document.getElementById(slotId(slot));
    if (!el) continue;
    showCard(el, getCard(slot));
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
    const taken = used.has(cell.dataset.card), dealt = inDeck(cell.dataset.card);
    cell.classList.toggle("used", taken || !dealt);
    cell.setAttribute("aria-disabled", taken || !dealt ? "true" : "false");
    cell.setAttribute("aria-label", cardName(cell.dataset.card) + (taken ? " (in use)" : dealt ? "" : " (not dealt)"));
  }
  $("#target-label").textContent = state.target ? `→ ${slotLabel(state.target).split(":")[0]}` : "";
}

// ------------------------------------------------------------------ typing "Ah"

let typedRank = null, typedAt = 0;

export function typedKey(event) {
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
    if (pick(card) && before && el.classList && el.classList.contains("slot")) focusSlot(state.target || before);
    return;
  }
  if (key.length === 1 && RANKS.includes(key.toUpperCase())) {
    typedRank = key.toUpperCase();
    typedAt = now;
  } else if (key === "Escape") typedRank = null;
}
