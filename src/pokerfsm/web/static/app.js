// pokerfsm web calculator: recalculation through GET /api/equity whenever the
// spot (cards.js) is valid; ranges are first checked through the cheap
// POST /api/range, after a pause in typing. Plain JS, no build step.
// The URL fragment (#q=...) holds the spot, encoded exactly like the API's q=
// parameter (url-safe base64 of the JSON body); every edit is a history entry,
// so Back/Forward (and the Undo button) step through the edits. A spot of a game other than
// hold'em carries its "game" (game.js); a link without one is a hold'em spot.
import {
  BOARD_SLOTS, CLICK_DELAY, DEAD_SLOTS, MAX_SAMPLES, MAX_SEATS, MC_SAMPLES, MIN_SEATS, TYPING_DELAY, buildPicker,
  boardSlots, buildRow, buildSeats, fitCommunity, focusSlot, gameInfo, getCard, hasBoard, maxSeats, newSeat, nextEmpty,
  normaliseCard, pickerNote, render, resetState, seatSlots, setCard, slotList, state, typedKey,
} from "./cards.js";
import { $, plural, showNotice, showStatus } from "./page.js";
import { clearResults, lastResult, markInvalid, setStale, showError, showResult } from "./results.js";
import { words } from "./vocabulary.js";

// ------------------------------------------------------------------ the request

/** A stud spot's request body: each seat's cards as dealt up to the street of the seat furthest on (third
 * street at least; a community card given means seventh street: each seat's six cards), "??" for a card
 * nobody sees; the community card of eight players as the board. */
function studBody() {
  const own = seatSlots();
  const last = (seat) => seat.cards.slice(0, own).reduce((end, card, i) => (card ? i + 1 : end), 0);
  const board = state.board.slice(0, boardSlots()).filter(Boolean);
  const street = Math.max(3, ...state.seats.map(last), board.length ? own : 0);
  if (!state.seats.some((seat) => last(seat))) return { error: "Pick cards for at least one seat." };
  const players = state.seats.map((seat) => seat.cards.slice(0, street).map((card) => card || "??"));
  return { body: withMode({ players, board, dead: state.dead.filter(Boolean) }) };
}

/** The API request body for the current spot, or {error} saying what is missing. */
export function requestBody() {
  if (state.game !== "holdem" && !gameInfo()) return { error: "Loading the game's rules…" };   // game.js asks again
  if (!hasBoard()) return studBody();
  const players = [];
  let known = 0;
  for (const [s, seat] of state.seats.entries()) {
    const cards = seat.cards.filter(Boolean);
    const range = seat.range.trim();
    if (cards.length && cards.length < state.holeCards) {
      const needs = state.holeCards === 2 ? "a second card" : `${state.holeCards} cards, not ${cards.length}`;
      return { error: `Seat ${s + 1} needs ${needs} (or none for an unknown hand).` };
    }
    if (cards.length) { players.push(cards); known++; }
    else if (range) { players.push(range); known++; }
    else players.push(null);
  }
  const board = state.board.filter(Boolean);
  if (board.length === 1 || board.length === 2) return { error: "The board needs 0, 3, 4 or 5 cards." };
  if (!known) return { error: "Pick cards for at least one seat." };
  return { body: withMode({ players, board, dead: state.dead.filter(Boolean) }) };
}

function withMode(body) {
  if (state.game !== "holdem") body.game = state.game;   // a hold'em spot is asked (and linked) as it always was
  if (state.samples) { body.samples = state.samples; body.seed = 1; }
  return body;
}

/** The whole spot, valid or not, as a request body (the permalink and the history entries). */
function spotBody() {
  const players = state.seats.map((seat) => {
    const cards = seat.cards.filter(Boolean);
    return cards.length ? seat.cards.slice(0, seatSlots()).map((c) => c || "") : seat.range.trim() ? seat.range : null;
  });
  return withMode({ players, board: state.board.filter(Boolean), dead: state.dead.filter(Boolean) });
}

function spotIsEmpty() {
  return state.seats.length === MIN_SEATS && !state.samples && state.game === "holdem" && state.seats.every((s) => !s.range.trim() &&
    !s.cards.some(Boolean)) && !state.board.some(Boolean) && !state.dead.some(Boolean);
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

/** A card of a link as the page reads it: null for an empty slot (or a stud card nobody sees, "??"), {card}
 * or {bad: the text as given}. */
function linkCard(value) {
  if (value === null || value === undefined || value === "" || value === "??" || value === "?") return null;
  const card = normaliseCard(value);
  return card ? { card } : { bad: typeof value === "string" ? value : JSON.stringify(value) ?? String(value) };
}

/** A short quotation of text from a link (a notice never repeats a long input). */
function quoteLink(text) {
  const shown = String(text);
  return `“${shown.length > 12 ? shown.slice(0, 12) + "…" : shown}”`;
}

/** The game of a link: its name, its hole cards (from the vocabulary; until it is in, as many as the link's
 * longest hand, game.js then fits the seats) and what had to be corrected. */
function linkGame(body, notes) {
  const given = body?.game ?? "holdem";
  const name = typeof given === "string" ? given.trim().toLowerCase() : "";
  const known = gameInfo(name);
  if (!name || (!known && words.games.size)) {
    notes.push(`the link's game ${quoteLink(typeof given === "string" ? given : JSON.stringify(given))} is not ` +
      "offered: hold'em is shown");
    return { name: "holdem", holeCards: 2 };
  }
  if (known || name === "holdem") return { name, holeCards: known?.hole_cards ?? 2 };
  const longest = Math.max(0, ...(Array.isArray(body.players) ? body.players : [])
    .map((p) => (Array.isArray(p) ? p.length : 0)));
  return { name, holeCards: Math.min(7, Math.max(2, longest || 4)) };
}

/** Restore a spot from a request body (the permalink); returns what had to be corrected, one sentence each. */
function loadBody(body) {
  resetState();
  const notes = [];
  const game = linkGame(body, notes);
  state.game = game.name;
  state.holeCards = game.holeCards;
  const given = body && Array.isArray(body.players) ? body.players : [];
  if (given.length > MAX_SEATS) notes.push(`the link had ${given.length} seats: the first ${MAX_SEATS} are kept`);
  const read = (list, size, where) => {
    const out = Array(size).fill(null);
    const items = Array.isArray(list) ? list : [];
    if (items.length > size) notes.push(`${where} had ${items.length} cards: the first ${size} are kept`);
    items.slice(0, size).forEach((value, i) => {
      const c = linkCard(value);
      if (c?.bad !== undefined) notes.push(`${quoteLink(c.bad)} in ${where} is not a card: it is left out`);
      else if (c) out[i] = c.card;
    });
    return out;
  };
  state.seats = given.slice(0, MAX_SEATS).map((p, s) => {
    const seat = newSeat();
    if (Array.isArray(p)) seat.cards = read(p, state.holeCards, `seat ${s + 1}`);
    else if (typeof p === "string") {
      if (p.length > 500) notes.push(`seat ${s + 1}'s range was longer than 500 characters: it is cut`);
      seat.range = p.slice(0, 500);
    } else if (p !== null) notes.push(`seat ${s + 1} was neither cards nor a range: it holds an unknown hand`);
    return seat;
  });
  if (Number.isInteger(body?.samples) && body.samples > 0) state.samples = Math.min(body.samples, MAX_SAMPLES);
  while (state.seats.length < MIN_SEATS) state.seats.push(newSeat());
  state.board = read(body?.board, BOARD_SLOTS, "the board");
  state.dead = read(body?.dead, DEAD_SLOTS, "the dead cards");
  notes.push(...fitCommunity());   // a stud link's community card, once the game's record is in (else game.js)
  // a card may appear once only, even in a hand-edited link: one sentence per card, however often it came
  const seen = new Map();
  for (const slot of slotList()) {
    const c = getCard(slot);
    if (!c) continue;
    if (seen.has(c)) { setCard(slot, null); seen.set(c, seen.get(c) + 1); } else seen.set(c, 1);
  }
  for (const [c, times] of seen) {
    if (times === 2) notes.push(`${c} was given twice: the second one is left out`);
    else if (times > 2) notes.push(`${c} was given ${times} times: only the first one is kept`);
  }
  state.target = nextEmpty(slotList()[slotList().length - 1]);
  return notes;
}

/** Load the spot of the URL's #q=...; a link that cannot be read is said to be broken. */
function loadFromHash() {
  resetState();
  if (!location.hash) return;
  const match = /^#q=([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (!match) { if (location.hash.startsWith("#q=")) showNotice("This link is broken: an empty calculator is shown."); return; }
  let notes;
  try { notes = loadBody(decodeQuery(match[1])); } catch {
    resetState();
    showNotice("This link is broken: an empty calculator is shown.");
    return;
  }
  if (notes.length) showNotice(`This link was corrected: ${notes.join("; ")}.`);
}

// ------------------------------------------------------------------ asking the server

let pending = null, timer = null, lastQuery = null, generation = 0;
export const rangeChecks = new Map();   // rangeKey(text) -> promise of {data} or {error}

function schedule(delay = CLICK_DELAY) {
  clearTimeout(timer);
  timer = setTimeout(recalculate, delay);
}

export async function postJSON(path, body, signal) {
  const response = await patiently(() => fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal,
  }), signal);
  return { response, data: await response.json() };
}

/** The response of `ask()`; on a 429 (this browser already has calculations under way, e.g. one
 * just abandoned) it waits as Retry-After says and asks again, unless `signal` aborts meanwhile. */
async function patiently(ask, signal) {
  let response = await ask();
  for (let tries = 0; response.status === 429 && tries < 10; tries++) {
    const seconds = Math.min(5, Math.max(0.2, Number(response.headers.get("Retry-After")) || 1));
    await new Promise((resolve) => setTimeout(resolve, 1000 * seconds));
    if (signal?.aborted) throw new DOMException("abandoned", "AbortError");
    response = await ask();
  }
  return response;
}

/** The key of a range's check: its text, after the game's name at a game other than hold'em. */
export function rangeKey(text) { return state.game === "holdem" ? text : `${state.game}\n${text}`; }

/** What the server makes of a range at the game on screen: {data} (canonical text, combos, the classes of
 * the game's grid) or {error}. Cached. */
export function checkRange(text, changes = null) {
  const key = changes ? null : rangeKey(text);
  if (key !== null && rangeChecks.has(key)) return rangeChecks.get(key);
  const asked = postJSON("api/range", { range: text, ...(changes ? { set: changes } : {}),
    ...(state.game === "holdem" ? {} : { game: state.game }) })
    .then(({ response, data }) => (response.ok ? { data } : { error: data.detail }))
    .catch((err) => ({ error: [{ msg: `No answer from the server (${err.message}).`, loc: [] }] }));
  if (key !== null) {
    if (rangeChecks.size > 300) rangeChecks.clear();
    rangeChecks.set(key, asked);
    asked.then((r) => { if (r.error && !r.error[0]?.type) rangeChecks.delete(key); });
  }
  return asked;
}

/** True when the answer was not computed for this request: the server's cache or the browser's. */
function fromCache(response) {
  if (response.headers.get("X-Cache") === "hit") return true;
  const timing = performance.getEntriesByName(response.url).pop();
  return !!timing && timing.transferSize === 0 && timing.decodedBodySize > 0;
}

function stopPending() {
  if (pending) pending.abort();
  pending = null;
  document.body.classList.remove("busy");
}

async function recalculate() {
  const mine = ++generation;
  const { body, error } = requestBody();
  const q = body ? encodeQuery(body) : "";
  $("#permalink").href = location.hash || "./";
  if (error) {
    stopPending();
    lastQuery = null;
    clearResults();
    showStatus(error, "info");
    return;
  }
  if (q === lastQuery) return;
  // the ranges of a game with a grid (hold'em, short deck) are checked first (cheap): a typo never starts a
  // calculation; the server reads any other game's range before it computes, and its 422 names the seat
  for (const [s, player] of body.players.entries()) {
    if (typeof player !== "string" || !(gameInfo()?.grid ?? state.game === "holdem")) continue;
    const checked = await checkRange(player);
    if (mine !== generation) return;
    if (checked.error) {
      stopPending();
      lastQuery = null;
      showError(checked.error, s);
      return;
    }
  }
  markInvalid(null);   // every range reads: no seat stays framed in red
  lastQuery = q;
  stopPending();
  const controller = new AbortController();
  pending = controller;
  if (lastResult) setStale(true);
  document.dispatchEvent(new CustomEvent("asking", { detail: body }));
  showStatus("Calculating…", "busy");
  document.body.classList.add("busy");
  const started = performance.now();
  const ticking = setInterval(() => {   // a long calculation shows that it is going on
    if (controller === pending) showStatus(`Calculating… ${((performance.now() - started) / 1000).toFixed(1)} s`, "busy");
  }, 1000);
  try {
    const response = await patiently(() => fetch(`api/equity?q=${q}`, { signal: controller.signal }),
      controller.signal);
    const data = await response.json();
    if (controller !== pending) return;
    if (response.ok) showResult(data, performance.now() - started, fromCache(response));
    else { showError(data.detail); lastQuery = null; }
  } catch (err) {
    if (err.name !== "AbortError") {
      clearResults();
      showStatus(`No answer from the server (${err.message}).`, "error");
      lastQuery = null;
    }
  } finally {
    clearInterval(ticking);
    if (controller === pending) { pending = null; document.body.classList.remove("busy"); }
  }
}

export function changed({ rebuild = true, typing = undefined, record = true } = {}) {
  if (rebuild && document.querySelectorAll(".seat").length !== state.seats.length) rebuildAll();
  render();
  if (record) { recordSpot(typing); showNotice(""); pickerNote(""); }
  document.dispatchEvent(new CustomEvent("spot"));
  schedule(typing !== undefined ? TYPING_DELAY : CLICK_DELAY);
}

function rebuildAll() {
  buildSeats();
  lastQuery = null;
  clearResults();
}

function removeSeat(s) {
  if (state.seats.length <= MIN_SEATS) return;
  state.seats.splice(s, 1);
  const notes = fitCommunity();
  state.target = nextEmpty(slotList()[slotList().length - 1]);
  rebuildAll();
  changed();
  if (notes.length) showNotice(`Seat removed: ${notes.join("; ")}.`);
  $(`#seat-${Math.min(s, state.seats.length - 1)} .slot`)?.focus();
}

// ------------------------------------------------------------------ history: every edit is an entry

let lastEdit = { key: null, at: 0 };

/** Record the spot in the URL: a new history entry per edit (a run of keys in one box is one edit). */
function recordSpot(typing) {
  const url = spotIsEmpty() ? location.pathname + location.search : `#q=${encodeQuery(spotBody())}`;
  const now = Date.now();
  const same = typing !== undefined && lastEdit.key === typing && now - lastEdit.at < 2000;
  lastEdit = { key: typing, at: now };
  if (url === (location.hash || location.pathname + location.search)) return;
  const depth = (history.state?.depth || 0) + (same ? 0 : 1);
  if (same) history.replaceState({ depth }, "", url);
  else history.pushState({ depth }, "", url);
  $("#permalink").href = location.hash || "./";
  $("#undo").disabled = depth <= 0;
}

function undo() {
  if ((history.state?.depth || 0) > 0) history.back();
}

// ------------------------------------------------------------------ start

export function startApp() {
  loadFromHash();
  history.replaceState({ depth: 0 }, "", location.href);
  buildRow("board", BOARD_SLOTS);
  buildRow("dead", DEAD_SLOTS);
  buildPicker();
  rebuildAll();
  render();
  showMode();
  $("#undo").disabled = true;
  document.dispatchEvent(new CustomEvent("spot"));
  recalculate();
  document.addEventListener("edited", (event) => changed(event.detail));
  document.addEventListener("remove-seat", (event) => removeSeat(event.detail.seat));
  document.addEventListener("keydown", typedKey);
  document.addEventListener("keydown", (event) => {
    const el = event.target;
    if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === "z" &&
        !(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) {
      event.preventDefault();
      undo();
    }
  });
  $("#add-seat").addEventListener("click", () => {
    if (state.seats.length >= maxSeats()) return;
    state.seats.push(newSeat());
    const notes = fitCommunity();
    state.target = { area: "seat", seat: state.seats.length - 1, index: 0 };
    rebuildAll();
    changed();
    if (notes.length) showNotice(`Seat added: ${notes.join("; ")}.`);
    focusSlot(state.target);
  });
  $("#reset").addEventListener("click", () => {
    resetState(state.game, state.holeCards);   // the game stays: Reset empties its table
    lastQuery = null;
    rebuildAll();
    showMode();   // the next answer is exact: the choice on screen says so
    changed();
    focusSlot(state.target);
  });
  $("#undo").addEventListener("click", undo);
  $("#copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      showStatus("Link copied.", "ok");
    } catch {
      showStatus(`Copy this link: ${location.href}`, "info");
    }
  });
  // the skip link moves the focus only: the URL keeps the spot
  $(".skip").addEventListener("click", (event) => {
    event.preventDefault();
    (document.querySelector(".pick[tabindex='0']") || $("#picker")).focus();
  });
  for (const input of document.querySelectorAll("input[name='mode']")) {
    input.addEventListener("change", () => {
      state.samples = input.value === "mc" && input.checked ? MC_SAMPLES : null;
      showMode();
      changed();
    });
  }
  $("#refine").addEventListener("click", () => {
    // four times the deals of the answer on screen (a table's row may already have more than MC_SAMPLES)
    const shown = lastResult && !lastResult.exact ? lastResult.combinations : 0;
    state.samples = Math.min(MAX_SAMPLES, Math.max(state.samples || MC_SAMPLES, shown) * 4);
    showMode();
    changed();
  });
  // Back/Forward (and Undo) bring back an earlier spot
  window.addEventListener("popstate", () => {
    loadFromHash();
    lastQuery = null;
    rebuildAll();
    showMode();
    $("#undo").disabled = (history.state?.depth || 0) <= 0;
    changed({ record: false });
  });
}

function showMode() {
  $("#mode-exact").checked = !state.samples;
  $("#mode-mc").checked = !!state.samples;
  $("#mode-samples").textContent = state.samples ? `(${plural(state.samples, "deal")})` : "";
}
