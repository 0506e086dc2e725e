// The equity distribution beside the results (POST /api/distribution): each seat's range
// sorted by equity into a curve (against all the other seats) (the range's share on x, the hand's equity on y), the five buckets
// as bands and a table, and a readout of the hand under the pointer (or the arrow keys).
// It is asked after each answer of a spot of a grid game (hold'em or short deck, whose ranges and boards
// the server reads as that game's equity does) where a seat holds a range or an unknown hand
// (heads-up exact where it fits the server's time, with three seats or more from random deals); study.js takes each hand's equity from it for the board-hit highlights.
import { postJSON } from "./app.js";
import { gameInfo, state } from "./cards.js";
import { $, percent } from "./page.js";
import { pageMessage } from "./results.js";
import { words } from "./vocabulary.js";

export const dist = { shown: null, key: null, request: null, at: 0.5 };

// seat 1 blue, seat 2 orange (apart for colour-blind eyes too), then green, purple, ochre, grey, ...
const SEAT_COLOURS = ["#1f5f9e", "#b8560f", "#2e7d32", "#7b3fa0", "#8a6d00", "#4d5a55", "#c2185b", "#00838f",
  "#5d4037", "#1b1f1d"];
const W = 320, H = 200, LEFT = 34, RIGHT = 8, TOP = 8, BOTTOM = 26;
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

const xOf = (share) => LEFT + share * (W - LEFT - RIGHT);
const yOf = (equity) => TOP + (1 - equity) * (H - TOP - BOTTOM);

function buildPanel() {
  const box = document.createElement("div");
  box.className = "distribution";
  box.id = "distribution";
  box.innerHTML = `
    <h3 id="dist-title">Equity distribution</h3>
    <p id="dist-status" class="help" aria-live="polite"></p>
    <figure id="dist-figure" hidden>
      <svg id="dist-chart" viewBox="0 0 ${W} ${H}" role="img" tabindex="0" aria-labelledby="dist-title"
           aria-describedby="dist-caption"></svg>
      <figcaption id="dist-caption">Each seat's hands, best first: the share of its range (across) against each
        hand's equity (up). Point at the chart, or use the arrow keys, to see a hand.</figcaption>
    </figure>
    <p id="dist-readout" class="dist-readout" aria-live="polite"></p>
    <div class="table-scroll"><table id="dist-buckets" hidden><caption>Share of each range by equity</caption>
      <thead></thead><tbody></tbody></table></div>`;
  $(".results").append(box);
  const chart = $("#dist-chart");
  chart.addEventListener("pointermove", (event) => {
    const box = chart.getBoundingClientRect();
    const x = (event.clientX - box.left) * W / box.width;
    point((x - LEFT) / (W - LEFT - RIGHT));
  });
  chart.addEventListener("keydown", (event) => {
    const step = { ArrowRight: 0.01, ArrowLeft: -0.01, PageDown: 0.1, PageUp: -0.1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    point(dist.at + step);
  });
}

/** Whether the game on screen has the range grid, and so the distribution (hold'em until the vocabulary is in). */
const gridGame = () => gameInfo()?.grid ?? state.game === "holdem";

/** The spot's question, or null when the page does not show a distribution for it. */
function question(result) {
  if (!gridGame() || !result || result.players.length !== state.seats.length) return null;
  return spotQuestion();
}

function spotQuestion() {
  const players = state.seats.map((s) => {
    const cards = s.cards.filter(Boolean);
    return cards.length === 2 ? cards : s.range.trim() || null;
  });
  if (players.every(Array.isArray)) return null;
  return { game: state.game, players, board: state.board.filter(Boolean), dead: state.dead.filter(Boolean) };
}

/** What the panel says when it has no distribution to show. */
function idleText() {
  if (gridGame()) {
    return "Each seat's hands are shown here by their equity once a seat holds a range or an unknown hand.";
  }
  const grids = [...words.games.values()].filter((game) => game.grid).map((game) => game.label);
  return `The equity distribution is for ${grids.join(" and ")} only.`;
}

async function ask(result) {
  const body = question(result);
  const key = body && JSON.stringify(body);
  if (key === dist.key && dist.shown) return;
  dist.request?.abort();
  dist.key = key;
  dist.shown = null;
  $("#dist-figure").hidden = true;
  $("#dist-buckets").hidden = true;
  $("#dist-readout").textContent = "";
  const status = $("#dist-status");
  if (!body) {
    status.textContent = idleText();
    document.dispatchEvent(new CustomEvent("distribution"));
    return;
  }
  const controller = new AbortController();
  dist.request = controller;
  status.textContent = "Sorting each range's hands by equity…";
  controller.signal.addEventListener("abort", () => {
    if (!dist.shown) status.textContent = "The spot changed: its distribution comes after its equity.";
  });
  try {
    const { response, data } = await postJSON("api/distribution", body, controller.signal);
    if (controller !== dist.request) return;
    dist.request = null;
    if (!response.ok) { status.textContent = pageMessage(data.detail?.[0]).msg; return; }
    data.seats.forEach(addShares);
    dist.shown = data;
    const drawn = data.seats.length > 2 ? "random deals" : "random boards";
    status.textContent = data.exact ? "" :
      `From ${data.boards.toLocaleString("en-US")} ${drawn}: each hand's equity has a standard error.`;
    draw(data);
    point(dist.at);
    document.dispatchEvent(new CustomEvent("distribution"));
  } catch (err) {
    if (err.name !== "AbortError") status.textContent = `No answer from the server (${err.message}).`;
  }
}

/** Each hand's place in its range: the share of the range (by weight) before it and up to it. */
function addShares(seat) {
  const total = seat.hands.reduce((sum, h) => sum + h.weight, 0) || 1;
  let running = 0;
  for (const h of seat.hands) {
    h.from = running / total;
    running += h.weight;
    h.to = running / total;
  }
}

function draw(data) {
  const chart = $("#dist-chart");
  chart.replaceChildren();
  [0.8, 0.6, 0.4, 0.2].forEach((edge, i) => {   // the buckets' bands, alternately shaded
    if (i % 2 === 0) chart.append(svg("rect", { class: "band", x: LEFT, y: yOf(edge + 0.2), width: W - LEFT - RIGHT,
      height: yOf(edge) - yOf(edge + 0.2) }));
  });
  for (const e of [0, 0.2, 0.4, 0.6, 0.8, 1]) {
    chart.append(svg("line", { class: "grid-line", x1: LEFT, x2: W - RIGHT, y1: yOf(e), y2: yOf(e) }));
    const label = svg("text", { class: "tick", x: LEFT - 4, y: yOf(e) + 3, "text-anchor": "end" });
    label.textContent = `${Math.round(100 * e)}%`;
    chart.append(label);
  }
  for (const s of [0, 0.5, 1]) {
    const label = svg("text", { class: "tick", x: xOf(s), y: H - BOTTOM + 12, "text-anchor": "middle" });
    label.textContent = `${Math.round(100 * s)}%`;
    chart.append(label);
  }
  const axis = svg("text", { class: "tick", x: (LEFT + W - RIGHT) / 2, y: H - 3, "text-anchor": "middle" });
  axis.textContent = "share of the range, best hands first";
  chart.append(axis);
  data.seats.forEach((seat) => {
    const points = seat.hands.flatMap((h) => [`${xOf(h.from).toFixed(2)},${yOf(h.equity).toFixed(2)}`,
      `${xOf(h.to).toFixed(2)},${yOf(h.equity).toFixed(2)}`]);
    chart.append(svg("polyline", { class: `curve seat-${seat.seat}`, points: points.join(" "), fill: "none",
      stroke: SEAT_COLOURS[(seat.seat - 1) % SEAT_COLOURS.length], "stroke-width": 2 }));
  });
  data.seats.forEach((seat) => chart.append(svg("circle", { class: `marker seat-${seat.seat}`, r: 4,
    fill: SEAT_COLOURS[(seat.seat - 1) % SEAT_COLOURS.length], stroke: "#fff", "stroke-width": 1.5, visibility: "hidden" })));
  chart.append(svg("line", { class: "cursor", y1: TOP, y2: H - BOTTOM, visibility: "hidden" }));
  $("#dist-figure").hidden = false;
  bucketTable(data);
}

function bucketTable(data) {
  const table = $("#dist-buckets");
  const head = document.createElement("tr");
  head.append(Object.assign(document.createElement("th"), { scope: "col", textContent: "Equity" }));
  for (const seat of data.seats) {
    const th = Object.assign(document.createElement("th"), { scope: "col", textContent: `Seat ${seat.seat}` });
    th.style.color = SEAT_COLOURS[(seat.seat - 1) % SEAT_COLOURS.length];
    head.append(th);
  }
  $("thead", table).replaceChildren(head);
  const rows = data.seats[0].buckets.map((bucket, i) => {
    const tr = document.createElement("tr");
    tr.append(Object.assign(document.createElement("th"), { scope: "row", textContent: bucket.label }));
    for (const seat of data.seats) {
      tr.append(Object.assign(document.createElement("td"), { textContent: percent(seat.buckets[i].share) }));
    }
    return tr;
  });
  const total = document.createElement("tr");
  total.append(Object.assign(document.createElement("th"), { scope: "row", textContent: "Equity" }));
  for (const seat of data.seats) total.append(Object.assign(document.createElement("td"), { textContent: percent(seat.equity) }));
  $("tbody", table).replaceChildren(...rows, total);
  table.hidden = false;
}

/** The hand of `seat` at share `at` of its range. */
function handAt(seat, at) {
  return seat.hands.find((h) => at < h.to) ?? seat.hands[seat.hands.length - 1];
}

/** Show the hands at share `at` of each range (0-1): markers on the curves and the readout. */
function point(at) {
  const data = dist.shown;
  if (!data) return;
  dist.at = Math.min(0.9999, Math.max(0, at));
  const chart = $("#dist-chart");
  const cursor = $(".cursor", chart);
  cursor.setAttribute("x1", xOf(dist.at));
  cursor.setAttribute("x2", xOf(dist.at));
  cursor.setAttribute("visibility", "visible");
  const parts = data.seats.map((seat) => {
    const h = handAt(seat, dist.at);
    const marker = $(`.marker.seat-${seat.seat}`, chart);
    if (!h) { marker.setAttribute("visibility", "hidden"); return `Seat ${seat.seat}: no hand`; }
    marker.setAttribute("cx", xOf(dist.at));
    marker.setAttribute("cy", yOf(h.equity));
    marker.setAttribute("visibility", "visible");
    const error = h.std_error > 0 ? ` ±${percent(h.std_error)}` : "";
    return `Seat ${seat.seat}: ${h.hand} ${percent(h.equity)}${error} (top ${(100 * h.to).toFixed(1)} % of the range)`;
  });
  $("#dist-readout").textContent = parts.join(" · ");
}

/** The equity of each combo of seat `s` (0-based) in the distribution shown, or null. */
export function comboEquities(s) {
  const now = spotQuestion();
  if (!now || JSON.stringify(now) !== dist.key) return null;   // the spot changed since: not this spot's
  const seat = dist.shown?.seats.find((x) => x.seat === s + 1);
  return seat ? new Map(seat.hands.map((h) => [h.hand, h.equity])) : null;
}

/** An edit makes the distribution on its way useless: stop it (the server stops computing it), so that
 * typing never waits behind it; the next answer asks for the new spot's. */
function dropStale() {
  if (!dist.request) return;
  const now = spotQuestion();
  if (now && JSON.stringify(now) === dist.key) return;
  dist.request.abort();
  dist.request = null;
}

export function startDistribution() {
  buildPanel();
  ask(null);
  document.addEventListener("result", (event) => ask(event.detail));
  document.addEventListener("spot", dropStale);
}
