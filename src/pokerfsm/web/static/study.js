// Board hits (POST /api/hits: what the grid's seat's range makes on the board, the other seats'
// cards out of the deck) and outs
// (POST /api/outs: what each next card does when every hand is known), below the results.
// Clicking a made hand or a draw marks its hands in the grid and lists them with their equity
// (from the equity distribution, distribution.js).
// startStudy also starts the study page's other parts: the distribution, the Flops view, the
// compact equity bar, the preset and saved ranges, and their style sheet.
import { postJSON, requestBody } from "./app.js";
import { RANKS, cardName, cardText, gameInfo, state } from "./cards.js";
import { comboEquities, startDistribution } from "./distribution.js";
import { startEquityBar } from "./equitybar.js";
import { startFlops } from "./flops.js";
import { markHits } from "./grid.js";
import { $, comboCount, percent, plural } from "./page.js";
import { startPresets } from "./presets.js";
import { pageMessage } from "./results.js";

const study = { hits: null, outs: null, key: null, shown: null, category: null };

function cardList(cards) {
  const box = document.createElement("span");
  box.className = "card-list";
  for (const card of cards) {
    const span = document.createElement("span");
    span.className = `mini suit-${card[1]}`;
    span.textContent = cardText(card);
    span.setAttribute("aria-label", cardName(card));
    box.append(span);
  }
  if (!cards.length) box.textContent = "none";
  return box;
}

function studyKey() {
  const board = state.board.filter(Boolean), dead = state.dead.filter(Boolean);
  const seats = state.seats.map((s) => (s.cards.filter(Boolean).length === 2 ? s.cards.join("") : s.range.trim()));
  // the game, and whether its rules are in (a link's spot is asked again once they are)
  return JSON.stringify({ board, dead, seats, grid: state.gridSeat, game: state.game, rules: gameInfo() !== null });
}

async function updateStudy() {
  const key = studyKey();
  if (key === study.key) return;
  study.key = key;
  study.hits?.abort();
  study.outs?.abort();
  clearHitHands();
  showHits();
  showOuts();
}

async function showHits() {
  const board = state.board.filter(Boolean);
  const table = $("#hits"), status = $("#hits-status");
  // the grid's seat if it holds a range, else the first seat that does
  const holds = (s) => state.seats[s] && !state.seats[s].cards.some(Boolean) && state.seats[s].range.trim();
  const s = holds(state.gridSeat) ? state.gridSeat : state.seats.findIndex((_, i) => holds(i));
  table.hidden = true;
  if (board.length < 3 || s < 0) {
    status.textContent = "Give a seat a range (the grid's seat) and put 3 to 5 cards on the board to see what it hits.";
    return;
  }
  const { body, error } = requestBody();
  if (error) { status.textContent = error; return; }
  const controller = new AbortController();
  study.hits = controller;
  status.textContent = `Seat ${s + 1}'s range on the board…`;
  try {
    // the whole spot: the other seats' cards are out of the deck, as in the equity
    const asked = { game: body.game, players: body.players, board: body.board, dead: body.dead, seat: s, hands: true };
    const { response, data } = await postJSON("api/hits", asked, controller.signal);
    if (controller !== study.hits) return;
    if (!response.ok) { status.textContent = pageMessage(data.detail?.[0]).msg; return; }
    status.textContent = "";
    study.shown = { seat: s, hands: data.hands };
    $("caption", table).textContent = `What seat ${s + 1}'s range (${data.range}) makes: ` +
      `${plural(comboCount(data.combos), "live combination")}` +
      (data.dead.length ? ` (${data.dead.map(cardText).join(" ")} out of the deck)` : "");
    const head = document.createElement("tr");
    for (const label of ["", "Combos", "%"]) head.append(Object.assign(document.createElement("th"), { scope: "col", textContent: label }));
    $("thead", table).replaceChildren(head);
    const rows = [];
    const section = (title, list) => {
      const shown = list.filter((r) => r.combos > 0);
      if (!shown.length) return;
      const tr = document.createElement("tr");
      tr.className = "group";
      tr.append(Object.assign(document.createElement("th"), { scope: "rowgroup", colSpan: 3, textContent: title }));
      rows.push(tr);
      for (const r of shown) {
        const row = document.createElement("tr");
        const th = Object.assign(document.createElement("th"), { scope: "row" });
        const button = Object.assign(document.createElement("button"), { type: "button", className: "hit-category",
          textContent: r.name, title: "Show these hands in the grid, with their equity" });
        button.setAttribute("aria-pressed", "false");
        button.addEventListener("click", () => showHitHands(r.name, button));
        th.append(button);
        row.append(th,
          Object.assign(document.createElement("td"), { textContent: String(Math.round(r.combos * 100) / 100) }),
          Object.assign(document.createElement("td"), { textContent: percent(r.share) }));
        rows.push(row);
      }
    };
    section("Made hands", data.made);
    section("Draws", data.draws);
    $("tbody", table).replaceChildren(...rows);
    table.hidden = false;
  } catch (err) {
    if (err.name !== "AbortError") status.textContent = `No answer from the server (${err.message}).`;
  }
}

/** The hand class of a combo such as "AcKd": "AKo". */
function comboClass(hand) {
  const [a, b] = [hand.slice(0, 2), hand.slice(2)].sort((x, y) => RANKS.indexOf(x[0]) - RANKS.indexOf(y[0]));
  return a[0] === b[0] ? a[0] + b[0] : `${a[0]}${b[0]}${a[1] === b[1] ? "s" : "o"}`;
}

function clearHitHands() {
  study.category = null;
  $("#hit-hands").textContent = "";
  for (const b of document.querySelectorAll(".hit-category")) b.setAttribute("aria-pressed", "false");
  markHits(null);
}

/** Mark the hands of category `name` in the grid and list them, each with its equity when the
 * distribution of this spot is in; a second click clears them. */
function showHitHands(name, button) {
  if (study.category === name) { clearHitHands(); return; }
  clearHitHands();
  study.category = name;
  button.setAttribute("aria-pressed", "true");
  const { seat, hands } = study.shown;
  const chosen = hands.filter((h) => h.made === name || h.draws.includes(name));
  const equities = comboEquities(seat);
  const equityOf = (h) => equities?.get(h.hand) ?? equities?.get(h.hand.slice(2) + h.hand.slice(0, 2));
  const known = chosen.filter((h) => equityOf(h) !== undefined).sort((a, b) => equityOf(b) - equityOf(a));
  const byClass = new Map();
  for (const h of chosen) {
    const hand = comboClass(h.hand);
    if (!byClass.has(hand)) byClass.set(hand, []);
    byClass.get(hand).push(h);
  }
  markHits(new Map([...byClass].map(([hand, list]) => {
    const values = list.map(equityOf).filter((e) => e !== undefined);
    const mean = values.length ? `, ${percent(values.reduce((x, y) => x + y, 0) / values.length)} equity` : "";
    return [hand, `${name}: ${plural(list.length, "combo")}${mean}`];
  })));
  const box = $("#hit-hands");
  const head = Object.assign(document.createElement("p"), { textContent:
    `${name}: seat ${seat + 1}'s ${plural(chosen.length, "combination")}, marked in the grid` +
    (equities ? ", best first:" : " (their equity shows once the equity distribution is in)") });
  const list = Object.assign(document.createElement("ul"), { className: "hit-hand-list" });
  for (const h of (equities ? known : chosen)) {
    const li = document.createElement("li");
    li.textContent = equities ? `${h.hand} ${percent(equityOf(h))}` : h.hand;
    list.append(li);
  }
  box.replaceChildren(head, list);
}

async function showOuts() {
  const board = state.board.filter(Boolean), dead = state.dead.filter(Boolean);
  const box = $("#outs"), status = $("#outs-status");
  box.textContent = "";
  const hands = state.seats.map((s) => s.cards.filter(Boolean));
  if ((board.length !== 3 && board.length !== 4) || hands.some((h) => h.length !== 2)) {
    status.textContent = "With every hand known and a flop or turn, the next cards are listed here.";
    return;
  }
  const controller = new AbortController();
  study.outs = controller;
  try {
    const { response, data } = await postJSON("api/outs", { game: state.game, players: hands, board, dead },
      controller.signal);
    if (controller !== study.outs) return;
    if (!response.ok) { status.textContent = pageMessage(data.detail?.[0]).msg; return; }
    if (data.street === "river") {
      status.textContent = "Each river card, for each seat:";
      const list = document.createElement("dl");
      list.className = "outs-list";
      data.players.forEach((p, s) => {
        list.append(Object.assign(document.createElement("dt"), { textContent: `Seat ${s + 1} (${p.hand})` }));
        for (const [label, cards] of [["wins after", p.wins], ["ties after", p.ties], ["loses after", p.losses]]) {
          const dd = document.createElement("dd");
          dd.append(`${label} ${plural(cards.length, "card")}: `, cardList(cards));
          list.append(dd);
        }
      });
      box.append(list);
    } else {
      status.textContent = "Each turn card, and the equities after it (turn cards that leave the same equities share a row):";
      box.append(turnTable(data));
    }
  } catch (err) {
    if (err.name !== "AbortError") status.textContent = `No answer from the server (${err.message}).`;
  }
}

/** The turn cards grouped by the equities they leave, the best for seat 1 first. */
function turnTable(data) {
  const groups = new Map();
  for (const t of data.turns) {
    const key = t.equities.map((e) => e.toFixed(9)).join(" ");
    if (!groups.has(key)) groups.set(key, { equities: t.equities, cards: [] });
    groups.get(key).cards.push(t.card);
  }
  const table = document.createElement("table");
  table.className = "turns";
  table.append(Object.assign(document.createElement("caption"), { textContent: "Equity after each turn card" }));
  const head = document.createElement("tr");
  head.append(Object.assign(document.createElement("th"), { scope: "col", textContent: "Turn" }));
  data.players.forEach((p, s) => head.append(Object.assign(document.createElement("th"),
    { scope: "col", textContent: `Seat ${s + 1}` })));
  table.createTHead().append(head);
  const rows = [...groups.values()].sort((a, b) => b.equities[0] - a.equities[0]).map((g) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.append(cardList(g.cards));
    tr.append(th);
    g.equities.forEach((e) => tr.append(Object.assign(document.createElement("td"), { textContent: percent(e) })));
    return tr;
  });
  table.createTBody().append(...rows);
  const wrap = document.createElement("div");
  wrap.className = "table-scroll";
  wrap.append(table);
  return wrap;
}

function addStyleSheet() {
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: "study.css" });
  document.head.append(link);
}

export function startStudy() {
  addStyleSheet();
  const list = Object.assign(document.createElement("div"), { id: "hit-hands", className: "hit-hands" });
  list.setAttribute("aria-live", "polite");
  $("#hits").parentElement.after(list);
  startDistribution();
  startEquityBar();
  startPresets();
  startFlops();
  document.addEventListener("distribution", () => {
    const name = study.category, button = [...document.querySelectorAll(".hit-category")]
      .find((b) => b.textContent === name);
    if (name && button) { study.category = null; showHitHands(name, button); }   // the equities came in
  });
  document.addEventListener("spot", updateStudy);
  document.addEventListener("grid-seat", updateStudy);
  updateStudy();
}
