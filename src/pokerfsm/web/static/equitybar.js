// The compact equity bar: each seat's equity in one line, fixed at the bottom of the window while
// the seats' own figures are out of view (using the grid, the picker or the study panels below the
// fold), so an edit's effect is seen where it is made. It follows each answer, and says when it is
// being updated.
import { state } from "./cards.js";
import { $, percent } from "./page.js";

const SEAT_COLOURS = ["#1f5f9e", "#b8560f", "#2e7d32", "#7b3fa0", "#8a6d00"];

const bar = { result: null, seatsInView: true };

function build() {
  const box = document.createElement("aside");
  box.id = "equity-bar";
  box.className = "equity-bar";
  box.setAttribute("aria-label", "Equity of each seat");
  box.hidden = true;
  box.innerHTML = `<ol class="equity-bar-seats"></ol>
    <button type="button" class="equity-bar-top" title="Back to the seats">Seats ↑</button>`;
  $(".equity-bar-top", box).addEventListener("click", () => {
    $("#seats").scrollIntoView({ block: "start", behavior: "smooth" });
    $("#seats .slot")?.focus({ preventScroll: true });
  });
  document.body.append(box);
  return box;
}

function paint() {
  const box = $("#equity-bar");
  const result = bar.result;
  box.hidden = bar.seatsInView || !result;
  document.body.classList.toggle("equity-bar-shown", !box.hidden);
  if (!result) return;
  const items = result.players.map((p, s) => {
    const li = document.createElement("li");
    li.className = "equity-bar-seat";
    const name = Object.assign(document.createElement("span"), { className: "equity-bar-name",
      textContent: `Seat ${s + 1}` });
    const track = Object.assign(document.createElement("span"), { className: "equity-bar-track" });
    const fill = Object.assign(document.createElement("span"), { className: "equity-bar-fill" });
    fill.style.width = `${100 * p.equity}%`;
    fill.style.background = SEAT_COLOURS[s % SEAT_COLOURS.length];
    track.append(fill);
    const figure = Object.assign(document.createElement("span"), { className: "equity-bar-figure",
      textContent: percent(p.equity) });
    li.append(name, track, figure);
    return li;
  });
  $(".equity-bar-seats", box).replaceChildren(...items);
}

export function startEquityBar() {
  build();
  new IntersectionObserver((entries) => {
    bar.seatsInView = entries.some((e) => e.isIntersecting);
    paint();
  }).observe($("#seats"));
  document.addEventListener("result", (event) => {
    bar.result = event.detail;
    $("#equity-bar").classList.remove("stale");
    paint();
  });
  document.addEventListener("asking", () => $("#equity-bar").classList.add("stale"));
  document.addEventListener("spot", () => {   // a seat added or removed: the old figures no longer fit
    if (bar.result && bar.result.players.length !== state.seats.length) { bar.result = null; paint(); }
  });
}
