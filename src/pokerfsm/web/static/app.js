// pokerfsm web calculator: recalculation through GET /api/equity whenever the
// spot (cards.js) is valid; ranges are first checked through the cheap
// POST /api/range, after a pause in typing. Plain JS, no build step.
// The URL fragment (#q=...) holds the spot, encoded exactly like the API's q=
// parameter (url-safe base64 of the JSON body); every edit is a history entry,
// so Back/Forward (and the Undo button) step through the edits.
"use strict";

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
  return { body: withMode({ players, board, dead: state.dead.filter(Boolean) }) };
}

function withMode(body) {
  if (state.samples) { body.samples = state.samples; body.seed = 1; }
  return body;
}

/** The whole spot, valid or not, as a request body (the permalink and the history entries). */
function spotBody() {
  const players = state.seats.map((seat) => {
    const cards = seat.cards.filter(Boolean);
    return cards.length ? seat.cards.map((c) => c || "") : seat.range.trim() ? seat.range : null;
  });
  return withMode({ players, board: state.board.filter(Boolean), dead: state.dead.filter(Boolean) });
}

function spotIsEmpty() {
  return state.seats.length === MIN_SEATS && !state.samples && state.seats.every((s) => !s.range.trim() &&
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

/** Restore a spot from a request body (the permalink); returns what had to be corrected. */
function loadBody(body) {
  resetState();
  const notes = [];
  const given = body && Array.isArray(body.players) ? body.players : [];
  if (given.length > MAX_SEATS) notes.push(`the link had ${given.length} seats: the first ${MAX_SEATS} are kept`);
  const players = given.slice(0, MAX_SEATS);
  state.seats = players.map((p) => {
    const seat = newSeat();
    if (Array.isArray(p)) p.slice(0, 2).forEach((c, i) => { seat.cards[i] = normaliseCard(c); });
    else if (typeof p === "string") seat.range = p.slice(0, 500);
    return seat;
  });
  if (Number.isInteger(body?.samples) && body.samples > 0) state.samples = Math.min(body.samples, MAX_SAMPLES);
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
    if (c && seen.has(c)) { setCard(slot, null); notes.push(`${c} was given twice: the second one is left out`); }
    else if (c) seen.add(c);
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

// ------------------------------------------------------------------ results

let pending = null, timer = null, lastQuery = null, generation = 0, lastResult = null;
const rangeChecks = new Map();   // range text -> promise of {data} or {error}

function percent(x) { return `${(100 * x).toFixed(2)}%`; }

function plural(n, word) {
  return `${Number(n).toLocaleString("en-US")} ${word}${Number(n) === 1 ? "" : "s"}`;
}

/** Empty every result: nothing stays on screen that does not answer the spot shown. */
function clearResults() {
  for (const item of document.querySelectorAll(".seat")) {
    for (const k of ["win", "tie", "equity"]) $(`.${k}`, item).textContent = "—";
    $(".bar-win", item).style.width = "0";
    $(".bar-tie", item).style.width = "0";
    $(".seat-hand", item).textContent = "";
    item.classList.remove("invalid");
  }
  $("#summary").hidden = true;
  $("#categories").hidden = true;
  $("#refine").hidden = true;
  lastResult = null;
  setStale(false);
  document.dispatchEvent(new CustomEvent("result", { detail: null }));
}

/** Results still on screen while a new answer is awaited are marked as out of date. */
function setStale(stale) {
  document.body.classList.toggle("stale", stale);
  $("#stale-note").hidden = !stale;
}

function showStatus(text, kind = "info") {
  const status = $("#status");
  status.textContent = text;
  status.dataset.kind = kind;
}

function showNotice(text) {
  const notice = $("#notice");
  notice.textContent = text;
  notice.hidden = !text;
}

/** How a seat of an answer is headed: its hand, its range, or "random hand". */
function handTitle(p) {
  if (p.hand === null || p.hand === undefined) return "random hand";
  const text = Array.isArray(p.hand) ? p.hand.join("") : String(p.hand);
  return text === "random" ? "random hand" : text;
}

function showResult(result, roundTrip, cached) {
  lastResult = result;
  result.players.forEach((p, s) => {
    const item = $(`#seat-${s}`);
    if (!item) return;
    $(".win", item).textContent = percent(p.win);
    $(".tie", item).textContent = percent(p.tie);
    $(".equity", item).textContent = percent(p.equity);
    $(".bar-win", item).style.width = `${100 * p.win}%`;
    $(".bar-tie", item).style.width = `${100 * p.tie}%`;
    const title = $(".seat-hand", item);
    title.textContent = handTitle(p);
    title.title = handTitle(p);
  });
  $("#combinations").textContent = plural(result.combinations, result.exact ? "combination" : "sample");
  const mode = $("#mode");
  mode.textContent = result.exact ? "exact" : `Monte Carlo, standard error ±${percent(result.std_error || 0)}`;
  mode.className = `badge ${result.exact ? "exact" : "mc"}`;
  const computed = `${(1000 * result.elapsed_s).toFixed(result.elapsed_s < 0.01 ? 1 : 0)} ms`;
  $("#elapsed").textContent = `answered in ${Math.round(roundTrip)} ms` +
    (cached ? ` (from the cache; first computed in ${computed})` : ` (computed in ${computed})`);
  $("#refine").hidden = result.exact || (state.samples || 0) >= MAX_SAMPLES;
  $("#summary").hidden = false;
  showCategories(result);
  setStale(false);
  showStatus("Done.", "ok");
  $("#announce").textContent = result.players.map((p, s) =>
    `Seat ${s + 1}, ${handTitle(p)}: ${percent(p.equity)} equity`).join("; ") + ".";
  document.dispatchEvent(new CustomEvent("result", { detail: result }));
}

function showCategories(result) {
  const table = $("#categories");
  const names = Object.keys(result.players[0]?.categories || {});
  const head = document.createElement("tr");
  head.append(Object.assign(document.createElement("th"), { scope: "col", textContent: "Hand" }));
  result.players.forEach((p, s) => {
    const title = handTitle(p);
    const th = Object.assign(document.createElement("th"), { scope: "col", title: `Seat ${s + 1}: ${title}` });
    th.append(Object.assign(document.createElement("span"), { className: "col-seat", textContent: `Seat ${s + 1}` }),
      title.length > 14 ? `${title.slice(0, 13)}…` : title);
    head.append(th);
  });
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
  const wrap = table.parentElement;
  wrap.classList.toggle("scrolls", wrap.scrollWidth > wrap.clientWidth + 1);
}

/** The server's words for the page: positions count seats from 1, as the page does. */
function pageMessage(item) {
  const loc = item?.loc || [];
  let msg = String(item?.msg || "The server could not answer.");
  msg = msg.replace(/\bplayers\[(\d+)\](\[\d+\])?/g, (_, n) => `seat ${Number(n) + 1}`)
    .replace(/\bplayer (\d+)/gi, (_, n) => `seat ${n}`);
  const where = loc.indexOf("players");
  if (where >= 0 && typeof loc[where + 1] === "number") return { seat: loc[where + 1], msg: `Seat ${loc[where + 1] + 1}: ${msg}` };
  if (loc.includes("board")) return { msg: `Board: ${msg}` };
  if (loc.includes("dead")) return { msg: `Dead cards: ${msg}` };
  return { msg };
}

function showError(detail, seat = null) {
  const item = Array.isArray(detail) ? detail[0] : { msg: String(detail), loc: [] };
  const shown = pageMessage(item);
  const s = seat ?? shown.seat;
  clearResults();
  if (s !== undefined && s !== null) $(`#seat-${s}`)?.classList.add("invalid");
  showStatus(seat !== null && shown.seat === undefined ? `Seat ${seat + 1}: ${shown.msg}` : shown.msg, "error");
}

function schedule(delay = CLICK_DELAY) {
  clearTimeout(timer);
  timer = setTimeout(recalculate, delay);
}

async function postJSON(path, body, signal) {
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

/** What the server makes of a range: {data} (canonical text, combos, classes) or {error}. Cached. */
function checkRange(text, changes = null) {
  const key = changes ? null : text;
  if (key !== null && rangeChecks.has(key)) return rangeChecks.get(key);
  const asked = postJSON("api/range", changes ? { range: text, set: changes } : { range: text })
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
  // ranges are checked first (cheap): a typo never starts a calculation
  for (const [s, player] of body.players.entries()) {
    if (typeof player !== "string") continue;
    const checked = await checkRange(player);
    if (mine !== generation) return;
    if (checked.error) {
      stopPending();
      lastQuery = null;
      showError(checked.error, s);
      return;
    }
  }
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

function changed({ rebuild = true, typing = undefined, record = true } = {}) {
  if (rebuild && document.querySelectorAll(".seat").length !== state.seats.length) rebuildAll();
  render();
  if (record) { recordSpot(typing); showNotice(""); }
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
  state.target = nextEmpty(slotList()[slotList().length - 1]);
  rebuildAll();
  changed();
  $(`#seat-${Math.min(s, state.seats.length - 1)} .slot`)?.focus();
}

// ------------------------------------------------------------------ start

function start() {
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
    state.samples = Math.min(MAX_SAMPLES, (state.samples || MC_SAMPLES) * 4);
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

document.addEventListener("DOMContentLoaded", start);
