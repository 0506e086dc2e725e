// The "Flops" view: two ranges on each different flop of the calculator's game (POST /api/flops: hold'em's
// 1,755, or short deck's from its 36 cards), as a table sorted by any column and a chart of the first
// range's equity by texture. The server answers from its store, or computes the report as a job this view
// polls each second, showing the progress; "Stop" ends the job (the flops done are kept), and so does a
// change of the calculator's game. Clicking a flop puts it on the calculator's board. The view is shown at
// the games with the range grid only (study.css).
import { postJSON } from "./app.js";
import { gameInfo, state } from "./cards.js";
import { $, percent } from "./page.js";
import { pageMessage } from "./results.js";
import { vocabularyLoaded } from "./vocabulary.js";

const flops = { polling: null, report: null, sort: { column: "flop", descending: false }, asked: null };

const COLUMNS = [
  ["flop", "Flop"], ["weight", "Weight"], ["equity_a", "Equity A"], ["equity_b", "Equity B"],
  ["high_a", "A ≥ 80 %"], ["low_a", "A < 20 %"], ["high_b", "B ≥ 80 %"], ["low_b", "B < 20 %"], ["texture", "Texture"],
];
const RANK_ORDER = "23456789TJQKA";
const SVG = "http://www.w3.org/2000/svg";

function buildView() {
  const view = document.createElement("details");
  view.className = "flops-view";
  view.id = "flops-panel";
  view.innerHTML = `
    <summary><h2 id="flops-title">Flops <small>two ranges on every flop</small></h2></summary>
    <p class="help">Each different flop of <span id="flops-game">the calculator's game</span> (the others are these
      with the suits renamed: the weight says how many flops each one stands for; 1,755 of the 22,100 at hold'em),
      with both ranges' exact equity, their shares of strong (≥ 80 %) and weak (&lt; 20 %) hands, and the texture.
      Ranges of hand classes only (<code>QQ+, AKs</code>), which stay the same when suits are renamed. Click a flop
      to put it on the board.</p>
    <form id="flops-form" class="flops-form">
      <label for="flops-a">Range A</label>
      <input id="flops-a" type="text" maxlength="500" autocomplete="off" spellcheck="false" placeholder="QQ+, AK">
      <label for="flops-b">Range B</label>
      <input id="flops-b" type="text" maxlength="500" autocomplete="off" spellcheck="false"
             placeholder="77+, A9s+, KTs+, QTs+, JTs, ATo+, KJo+">
      <button type="button" id="flops-from-seats">From the seats</button>
      <button type="submit" id="flops-run">Report</button>
      <button type="button" id="flops-stop" hidden>Stop</button>
    </form>
    <p id="flops-status" class="help" aria-live="polite"></p>
    <progress id="flops-progress" max="1" value="0" hidden></progress>
    <figure id="flops-textures" class="flops-textures" hidden>
      <svg id="flops-chart" role="img" aria-labelledby="flops-chart-caption"></svg>
      <figcaption id="flops-chart-caption">Range A's equity by texture, averaged over the flops weighted by how often
        each comes (the line is 50 %).</figcaption>
    </figure>
    <div class="table-scroll flops-scroll" tabindex="0" aria-label="Flops (scrolls)">
      <table id="flops-table" hidden><caption></caption><thead></thead><tbody></tbody></table>
    </div>`;
  $("main").after(view);   // under the calculator, the whole width
  $("#flops-form").addEventListener("submit", (event) => { event.preventDefault(); run(); });
  $("#flops-from-seats").addEventListener("click", fromSeats);
  $("#flops-stop").addEventListener("click", () => stop());
  view.addEventListener("toggle", () => {
    if (view.open && !$("#flops-a").value && !$("#flops-b").value) fromSeats();
  });
  showGame();
}

const gameLabel = (name) => gameInfo(name)?.label ?? (name === "holdem" ? "Texas hold'em" : name);

/** The calculator's game: named in the help; a report of another game (shown or being computed) is let go. */
function showGame() {
  $("#flops-game").textContent = gameLabel(state.game);
  const game = flops.asked?.game ?? flops.report?.game;
  if (game === undefined || game === state.game) return;
  const message = `The calculator is at ${gameLabel(state.game)} now: Report gives its flops.`;
  if (flops.polling) stop(`${message} The flops done are kept.`);
  else say(message);
  flops.report = null;
  flops.asked = null;
  $("#flops-table").hidden = true;
  $("#flops-textures").hidden = true;
}

function fromSeats() {
  const ranges = state.seats.map((s) => (s.cards.some(Boolean) ? "" : s.range.trim())).filter(Boolean);
  if (ranges[0]) $("#flops-a").value = ranges[0];
  if (ranges[1]) $("#flops-b").value = ranges[1];
  if (ranges.length < 2) say("Give two seats a range to take them from the seats, or type two ranges here.");
}

function say(text) { $("#flops-status").textContent = text; }

function stopPolling() {
  clearTimeout(flops.polling?.timer);
  flops.polling?.controller.abort();
  flops.polling = null;
  $("#flops-stop").hidden = true;
  $("#flops-progress").hidden = true;
}

async function stop(said = "Stopped. The flops done are kept: Report goes on from there.") {
  const asked = flops.asked;
  stopPolling();
  if (!asked) return;
  try {
    await fetch("api/flops", { method: "DELETE", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(asked) });
  } catch { /* the job stops by itself once nobody asks */ }
  say(said);
}

function run() {
  const body = { game: state.game, range_a: $("#flops-a").value.trim(), range_b: $("#flops-b").value.trim() };
  if (!body.range_a || !body.range_b) { say("Give both ranges."); return; }
  stopPolling();
  flops.asked = body;
  flops.polling = { controller: new AbortController(), timer: null };
  say("Asking the server…");
  ask(body, flops.polling);
}

async function ask(body, polling) {
  try {
    const { response, data } = await postJSON("api/flops", body, polling.controller.signal);
    if (polling !== flops.polling) return;
    if (response.status === 202) {
      $("#flops-stop").hidden = false;
      const bar = $("#flops-progress");
      bar.hidden = false;
      bar.value = data.progress;
      say(`Computing: ${data.done.toLocaleString("en-US")} of ${data.flops.toLocaleString("en-US")} flops ` +
        `(${Math.round(100 * data.progress)} %). The flops done are kept, even if you leave.`);
      polling.timer = setTimeout(() => ask(body, polling), 1000);
      return;
    }
    stopPolling();
    if (!response.ok) { say(pageMessage(data.detail?.[0]).msg); return; }
    flops.report = data;
    say(data.computed ? "" : "From the server's store.");
    showReport(data);
  } catch (err) {
    if (err.name !== "AbortError" && polling === flops.polling) {
      stopPolling();
      say(`No answer from the server (${err.message}).`);
    }
  }
}

function textureWords(row) {
  const parts = [row.trips ? "trips" : row.paired ? "paired" : "", row.suits, row.connected ? "connected" : "",
    `${row.high}-high`];
  return parts.filter(Boolean).join(", ");
}

const cell = (text) => Object.assign(document.createElement("td"), { textContent: text });
const share = (x) => (x === null || x === undefined ? "—" : percent(x));

function showReport(report) {
  const table = $("#flops-table");
  $("caption", table).textContent = `${gameLabel(report.game)}, ${report.range_a} (A) against ${report.range_b} (B): ` +
    `${report.flops.toLocaleString("en-US")} flops, weights adding up to ${report.weight.toLocaleString("en-US")}`;
  const head = document.createElement("tr");
  for (const [key, label] of COLUMNS) {
    const th = Object.assign(document.createElement("th"), { scope: "col" });
    const button = Object.assign(document.createElement("button"), { type: "button", textContent: label,
      className: "sort" });
    button.dataset.column = key;
    button.addEventListener("click", () => sortBy(key));
    th.append(button);
    head.append(th);
  }
  $("thead", table).replaceChildren(head);
  for (const row of report.rows) {
    const tr = document.createElement("tr");
    tr.dataset.flop = row.flop;
    const th = Object.assign(document.createElement("th"), { scope: "row" });
    const load = Object.assign(document.createElement("button"), { type: "button", className: "load-flop",
      textContent: row.flop, title: "Put this flop on the board" });
    load.addEventListener("click", () => loadFlop(row.flop));
    th.append(load);
    tr.append(th, cell(String(row.weight)), cell(share(row.equity_a)), cell(share(row.equity_b)),
      cell(share(row.high_a)), cell(share(row.low_a)), cell(share(row.high_b)), cell(share(row.low_b)),
      cell(textureWords(row)));
    row.element = tr;
  }
  table.hidden = false;
  sortBy(flops.sort.column, flops.sort.descending);
  textureChart(report.summaries);
}

function flopOrder(row) {   // ranks high first, then the suits as written
  return row.flop.split(" ").map((c) => String.fromCharCode(65 + RANK_ORDER.indexOf(c[0]))).join("");
}

function sortBy(column, descending = column === flops.sort.column ? !flops.sort.descending : column !== "flop") {
  flops.sort = { column, descending };
  const rows = flops.report.rows.slice();
  const value = column === "flop" ? flopOrder : column === "texture" ? textureWords : (r) => r[column];
  rows.sort((a, b) => {
    const x = value(a), y = value(b);
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    const order = x < y ? -1 : x > y ? 1 : a.key - b.key;
    return descending ? -order : order;
  });
  $("#flops-table tbody").replaceChildren(...rows.map((r) => r.element));
  for (const button of document.querySelectorAll("#flops-table thead .sort")) {
    const th = button.parentElement;
    if (button.dataset.column === column) th.setAttribute("aria-sort", descending ? "descending" : "ascending");
    else th.removeAttribute("aria-sort");
  }
}

function textureChart(summaries) {
  const shown = summaries.filter((s) => s.equity_a !== null && s.group !== "all flops");
  const chart = $("#flops-chart");
  const LABEL = 78, BAR = 16, GAP = 4, W = 320, RIGHT = 52;
  const H = shown.length * (BAR + GAP) + 4;
  chart.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const make = (tag, attrs) => {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    return el;
  };
  const width = W - LABEL - RIGHT;
  const items = [];
  shown.forEach((s, i) => {
    const y = 2 + i * (BAR + GAP);
    const group = make("g", { class: "texture-bar" });
    group.dataset.group = s.group;
    const label = make("text", { x: LABEL - 4, y: y + BAR - 4, "text-anchor": "end", class: "tick" });
    label.textContent = s.group;
    const bar = make("rect", { x: LABEL, y, width: Math.max(1, width * s.equity_a), height: BAR, class: "bar-a" });
    const title = make("title", {});
    title.textContent = `${s.group}: ${s.flops} flops (weight ${s.weight}), range A ${percent(s.equity_a)}`;
    bar.append(title);
    const value = make("text", { x: LABEL + width * s.equity_a + 3, y: y + BAR - 4, class: "tick" });
    value.textContent = percent(s.equity_a);
    group.append(label, bar, value);
    items.push(group);
  });
  items.push(make("line", { x1: LABEL + width / 2, x2: LABEL + width / 2, y1: 0, y2: H, class: "fair-line" }));
  chart.replaceChildren(...items);
  $("#flops-textures").hidden = !shown.length;
}

/** Put `flop` ("Kh 9s 2s") on the board: the turn and river are emptied; a card in a seat or the dead
 * cards stays there, and the page says the card is given twice. */
function loadFlop(flop) {
  const cards = flop.split(" ");
  state.board = [...cards, null, null];
  document.dispatchEvent(new CustomEvent("edited", { detail: {} }));
  say(`${flop} is on the board.`);
  document.querySelector(".table")?.scrollIntoView({ block: "start", behavior: "smooth" });
}

export function startFlops() {
  buildView();
  document.addEventListener("spot", showGame);
  vocabularyLoaded.then(showGame);
}
