// pokerfsm web calculator, the answers on the page: equities, the summary (how it
// was computed, how long it took), the category table, errors in the page's words
// (seats counted from 1). app.js asks the server. Category and method names come
// from the server's vocabulary (vocabulary.js). A hi-lo answer (it has "low") shows each seat's
// scoop and its high and low shares of the pot in place of win and tie, and the chance of a low.
import { MAX_SAMPLES, gameInfo, state } from "./cards.js";
import { $, percent, plural, showStatus } from "./page.js";
import { categoryLabel, methodLabel, vocabularyLoaded, words } from "./vocabulary.js";

export let lastResult = null;   // the answer on screen

/** Empty every result: nothing stays on screen that does not answer the spot shown. */
export function clearResults() {
  for (const item of document.querySelectorAll(".seat")) {
    for (const k of ["win", "tie", "equity", "scoop", "high-share", "low-share"]) $(`.${k}`, item).textContent = "—";
    showHiLo(item, false);
    $(".bar-win", item).style.width = "0";
    $(".bar-tie", item).style.width = "0";
    $(".seat-hand", item).textContent = "";
  }
  markInvalid(null);
  $("#summary").hidden = true;
  $("#categories").hidden = true;
  $("#refine").hidden = true;
  $("#low-chance").hidden = true;
  lastResult = null;
  setStale(false);
  document.dispatchEvent(new CustomEvent("result", { detail: null }));
}

/** Frame seat `s` in red as the one to fix (null: no seat). */
export function markInvalid(s) {
  for (const item of document.querySelectorAll(".seat")) item.classList.toggle("invalid", item.id === `seat-${s}`);
}

/** Results still on screen while a new answer is awaited are marked as out of date. */
export function setStale(stale) {
  document.body.classList.toggle("stale", stale);
  $("#stale-note").hidden = !stale;
}

/** Show a seat's hi-lo figures (scoop, high, low) or its win and tie. */
function showHiLo(item, hiLo) {
  for (const el of item.querySelectorAll(".hi-lo")) el.hidden = !hiLo;
  for (const el of item.querySelectorAll(".high-only")) el.hidden = hiLo;
}

/** How a seat of an answer is headed: its hand, its range, or "random hand". */
export function handTitle(p) {
  if (p.hand === null || p.hand === undefined) return "random hand";
  const text = Array.isArray(p.hand) ? p.hand.join("") : String(p.hand);
  return text === "random" ? "random hand" : text;
}

export function showResult(result, roundTrip, cached) {
  lastResult = result;
  result.players.forEach((p, s) => {
    const item = $(`#seat-${s}`);
    if (!item) return;
    $(".win", item).textContent = percent(p.win);
    $(".tie", item).textContent = percent(p.tie);
    $(".equity", item).textContent = percent(p.equity);
    const hiLo = result.low !== undefined;
    showHiLo(item, hiLo);
    if (hiLo) {
      $(".scoop", item).textContent = percent(p.scoop);
      $(".high-share", item).textContent = percent(p.high_share);
      $(".low-share", item).textContent = percent(p.low_share);
    }
    // the bar: the pot won alone (a scoop at hi-lo), then the parts shared or split
    $(".bar-win", item).style.width = `${100 * p.win}%`;
    $(".bar-tie", item).style.width = `${100 * (hiLo ? Math.max(0, p.equity - p.win) : p.tie)}%`;
    const title = $(".seat-hand", item);
    title.textContent = handTitle(p);
    title.title = handTitle(p);
  });
  $("#combinations").textContent = plural(result.combinations, result.exact ? "combination" : "sample");
  const computed = `${(1000 * result.elapsed_s).toFixed(result.elapsed_s < 0.01 ? 1 : 0)} ms`;
  $("#elapsed").textContent = `answered in ${Math.round(roundTrip)} ms` +
    (cached ? ` (from the cache; first computed in ${computed})` : ` (computed in ${computed})`);
  // nothing to refine once an answer has as many deals as the server would draw (a table's row has millions)
  $("#refine").hidden = result.exact || Math.max(state.samples || 0, result.combinations) >= MAX_SAMPLES;
  $("#low-chance").hidden = result.low === undefined;
  $("#low-chance").textContent = result.low === undefined ? "" : `a low qualifies in ${percent(result.low)} of showdowns`;
  $("#summary").hidden = false;
  showNamed(result);
  // the first answer of a page may come before the vocabulary: its names are shown again once it is in
  if (!words.categories.size) vocabularyLoaded.then(() => { if (lastResult === result) showNamed(result); });
  setStale(false);
  showStatus("Done.", "ok");
  $("#announce").textContent = result.players.map((p, s) =>
    `Seat ${s + 1}, ${handTitle(p)}: ${percent(p.equity)} equity` +
    (result.low === undefined ? "" : `, ${percent(p.scoop)} scoop`)).join("; ") + ".";
  document.dispatchEvent(new CustomEvent("result", { detail: result }));
}

/** What the vocabulary names: how the answer was computed (the badge) and the category table. */
function showNamed(result) {
  const mode = $("#mode");
  const source = result.method === "table" ? `, from the ${methodLabel(result.method)}` : "";
  mode.textContent = (result.exact ? "exact" : `Monte Carlo, standard error ±${percent(result.std_error || 0)}`) + source;
  mode.className = `badge ${result.exact ? "exact" : "mc"}`;
  showCategories(result);
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
  $("caption", table).textContent = result.low === undefined ? "Chance of finishing with each hand"
    : "Chance of finishing with each high hand";
  // strongest first, in the game's ranking (at short deck the flush above the full house)
  const ranking = gameInfo()?.categories ?? [];
  const place = (name) => (ranking.includes(name) ? ranking.indexOf(name) : names.indexOf(name));
  const rows = names.slice().sort((a, b) => place(b) - place(a)).map((name) => {
    const tr = document.createElement("tr");
    tr.append(Object.assign(document.createElement("th"),
      { scope: "row", textContent: categoryLabel(name) }));
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
export function pageMessage(item) {
  const loc = item?.loc || [];
  let msg = String(item?.msg || "The server could not answer.");
  msg = msg.replace(/\bplayers\[(\d+)\](\[\d+\])?/g, (_, n) => `seat ${Number(n) + 1}`)
    .replace(/\bplayer (\d+)/gi, (_, n) => `seat ${n}`);
  const where = loc.indexOf("players");
  if (where >= 0 && typeof loc[where + 1] === "number") return { seat: loc[where + 1], msg: `Seat ${loc[where + 1] + 1}: ${msg}` };
  if (loc.includes("board")) return { msg: `Board: ${msg}` };
  if (loc.includes("game")) return { msg: `Game: ${msg}` };
  if (loc.includes("dead")) return { msg: `Dead cards: ${msg}` };
  return { msg };
}

export function showError(detail, seat = null) {
  const item = Array.isArray(detail) ? detail[0] : { msg: String(detail), loc: [] };
  const shown = pageMessage(item);
  const s = seat ?? shown.seat;
  clearResults();
  markInvalid(s ?? null);
  showStatus(seat !== null && shown.seat === undefined ? `Seat ${seat + 1}: ${shown.msg}` : shown.msg, "error");
}
