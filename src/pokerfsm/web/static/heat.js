// The per-hand equity heatmap of the grid's seat (POST /api/heatmap), after each answer.
// Colour says the equity, on a scale with numbers (the legend); the border says whether a hand
// is in the range (solid and dark) or not (dashed and light), so membership never rests on
// colour. The scale runs orange (below the fair share), white (at it), blue (above it): two hues
// that stay apart for red-green and blue-yellow colour blindness alike.
// grid.js asks for a heatmap and repaints its cells on each "heat" event this module sends.
import { postJSON, requestBody } from "./app.js";
import { state } from "./cards.js";
import { $, percent } from "./page.js";
import { pageMessage } from "./results.js";

export const heat = {
  shown: null,     // the heatmap answer shown, or null
  request: null,   // the AbortController of the one on its way
  key: null,       // the question and seat of the heatmap shown or asked
};

const HEAT_BELOW = [235, 125, 30], HEAT_FAIR = [247, 247, 247], HEAT_ABOVE = [70, 140, 215];
// both ends light enough for the cells' dark text (contrast 4.5:1 at least all along the scale)

/** The colour of `equity` when the fair share is `fair`: [r, g, b]. Half the way to the far end of a side is
 * full colour already (equities gather near the fair share). */
function heatRGB(equity, fair) {
  const d = equity - fair;
  const side = d > 0 ? 1 - fair : fair;
  const t = side > 0 ? Math.min(1, 2 * Math.abs(d) / side) : 0;
  const end = d > 0 ? HEAT_ABOVE : HEAT_BELOW;
  return HEAT_FAIR.map((base, i) => Math.round(base + (end[i] - base) * t));
}

function rgb(c) { return `rgb(${c[0]}, ${c[1]}, ${c[2]})`; }

export function heatColour(equity, fair) { return rgb(heatRGB(equity, fair)); }

/** Forget the heatmap shown (the grid changed under it), and stop the one on its way. */
export function dropHeat() {
  heat.request?.abort();
  heat.request = null;
  heat.shown = null;
  heat.key = null;
  $("#heat-scale").hidden = true;
  $("#heat-key").hidden = true;
}

/** Colour one cell of the grid by its class's equity (or clear it). */
export function paintHeat(cell, hot) {
  cell.style.background = hot ? heatColour(hot.equity, heat.shown.fair) : "";
}

/** What the heatmap says of a hand class of weight `w` in the range, for labels (", equity 61.20%"). */
export function heatWords(hand, w, long = false) {
  const shown = heat.shown;
  if (!shown) return "";
  const hot = shown.classes[hand];
  if (hot) {
    return long ? `; equity ${percent(hot.equity)} against the other seats (fair share ${percent(shown.fair)})`
      : `, equity ${percent(hot.equity)}`;
  }
  return w > 0 ? `${long ? ";" : ","} equity not computed (left out for time)` : "";
}

/** The legend: a colour bar from 0 % to 100 % drawn by the cells' own colour function, its numbers, the fair share. */
function showScale(fair) {
  const steps = 40;
  const stops = Array.from({ length: steps + 1 }, (_, i) => `${heatColour(i / steps, fair)} ${(100 * i) / steps}%`);
  $(".heat-bar").style.background = `linear-gradient(to right, ${stops.join(", ")})`;
  const tick = (x, text, className = "") => {
    const span = Object.assign(document.createElement("span"), { textContent: text });
    span.style.left = `${100 * x}%`;
    span.className = `${className} ${x < 0.15 ? "first" : x > 0.85 ? "last" : ""}`.trim();
    return span;
  };
  $(".heat-ticks").replaceChildren(...[0, 0.25, 0.5, 0.75, 1].map((x) => tick(x, `${Math.round(100 * x)}%`)));
  $(".heat-fair").replaceChildren(tick(fair, `fair share ${percent(fair)}`, "fair"));
  const scale = $("#heat-scale");
  scale.setAttribute("aria-label", `Colour scale of equity from 0% to 100%: orange below the fair share of ` +
    `${percent(fair)}, white at it, blue above it; full colour from ${percent(fair / 2)} down and from ` +
    `${percent(fair + (1 - fair) / 2)} up`);
  scale.hidden = false;
  $("#heat-key .swatch.heat").style.background = heatColour(fair + (1 - fair) / 4, fair);
  $("#heat-key").hidden = false;
}

/** A heads-up preflop question whose heatmap comes from the game's heads-up table (hold'em's preflop-hu,
 * short deck's short-deck-preflop-hu; `table`: GET /api/order says the server has it): ask it at once. */
function fromTable(body, table) {
  return table && body.players.length === 2 && !body.board.length && !body.dead.length && !body.samples;
}

/** Repaint the grid (it listens). */
function repaint() { document.dispatchEvent(new CustomEvent("heat")); }

/** Colour the grid's seat's range by equity for the answer `result`, or at once for the question `asked`
 * when a table answers it; `classes` are the grid's cells in the range, `table` whether the server has the
 * heads-up table of the grid's game. */
export async function askHeatmap(result, asked, { classes, table }) {
  const body = asked || requestBody().body;
  if (asked && !fromTable(body, table)) return;   // computed heatmaps wait for the answer (the CPU is busy until then)
  // a table answers at once whatever is on its way (another grid seat chosen before the equity's answer)
  const ready = result || (body && fromTable(body, table));
  const seat = state.seats[state.gridSeat];
  const ranged = !!seat && !seat.cards.some(Boolean) && !!seat.range.trim();   // an unknown hand has no range
  const wanted = ready && ranged && $("#heat-toggle").checked && body;
  const key = wanted ? JSON.stringify([body, state.gridSeat]) : null;
  if (key && key === heat.key) return;  // painted, or on its way (asked with the question)
  dropHeat();
  heat.key = key;
  repaint();
  const legend = $("#heat-legend"), caption = $("#heat-caption");
  legend.hidden = !key;
  if (!key) return;
  const controller = new AbortController();
  heat.request = controller;
  const started = performance.now();
  caption.textContent = "Colouring the grid by equity…";
  try {
    const { response, data } = await postJSON("api/heatmap", { ...body, seat: state.gridSeat }, controller.signal);
    if (controller !== heat.request) return;
    if (!response.ok) {
      heat.key = null;
      caption.textContent = pageMessage(data.detail?.[0]).msg;
      return;
    }
    heat.shown = data;
    repaint();
    const missing = Object.keys(classes).filter((h) => !data.classes[h]).length;
    caption.textContent = `Equity of each hand of seat ${data.seat + 1}'s range against the other seats ` +
      `(${data.source}, ${Math.round(performance.now() - started)} ms): orange below the fair share of ` +
      `${percent(data.fair)}, blue above it.` +
      (data.complete ? "" : ` ${missing} of the ${Object.keys(classes).length} hand classes of the range ` +
        "left out for time (striped cells).");
    showScale(data.fair);
    document.dispatchEvent(new CustomEvent("heatmap", { detail: data }));
  } catch (err) {
    if (err.name !== "AbortError") {
      heat.key = null;
      caption.textContent = `No heatmap (${err.message}).`;
    }
  }
}
