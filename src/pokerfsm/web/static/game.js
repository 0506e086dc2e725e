// pokerfsm web calculator, the game: the selector (hold'em, Omaha, 5- and 6-card Omaha, hi-lo), each
// seat's card slots (the game's hole cards), the range box's example, and the parts of the page that
// are hold'em's only (the 13×13 range grid with its heatmap, board hits and outs), hidden at any other
// game with a sentence saying so. The games, their labels, hole cards and most players come from the
// server's vocabulary (vocabulary.js): the page keeps no list of its own. A game change is an edit
// (Undo and Back bring the previous game back).
import { MIN_SEATS, buildSeats, gameInfo, maxSeats, nextEmpty, slotList, state } from "./cards.js";
import { $, showNotice } from "./page.js";
import { clearResults } from "./results.js";
import { vocabularyLoaded, words } from "./vocabulary.js";

const HOLDEM_ONLY = ["#grid-panel", "#study-panel"];   // the panels that answer hold'em questions only

/** Give every seat the game's number of card slots and at most the seats its deck allows;
 * returns what was left out, one sentence each. */
function fitSeats() {
  const notes = [];
  const most = maxSeats();
  if (state.seats.length > most) {
    notes.push(`${gameInfo()?.label ?? state.game} seats ${most} players at most: the seats after ${most} are removed`);
    state.seats.length = Math.max(MIN_SEATS, most);
  }
  state.seats.forEach((seat, s) => {
    const cards = seat.cards.filter(Boolean);
    if (cards.length > state.holeCards) {
      notes.push(`seat ${s + 1} keeps its first ${state.holeCards} cards`);
    }
    seat.cards = Array.from({ length: state.holeCards }, (_, i) => cards[i] ?? null);
  });
  state.target = nextEmpty(slotList()[slotList().length - 1]);
  return notes;
}

/** Show the game on screen: the selector, the title, each range box's example, the hold'em-only parts. */
function showGame() {
  const info = gameInfo();
  const select = $("#game");
  if (select.value !== state.game) select.value = state.game;
  const label = info?.label ?? (state.game === "holdem" ? "Texas hold'em" : state.game);
  $("#game-title").textContent = `${label} equity`;
  const holdem = state.game === "holdem";
  document.body.dataset.game = state.game;
  const example = holdem ? "QQ+,AKs" : `AA${"x".repeat(state.holeCards - 2)} ds, KK${"x".repeat(state.holeCards - 2)}`;
  for (const input of document.querySelectorAll(".seat .range")) input.placeholder = `or a range: ${example}`;
  $("#range-example").textContent = example;
  for (const button of document.querySelectorAll(".seat .grid-button")) button.hidden = !holdem;
  for (const panel of HOLDEM_ONLY) $(panel).hidden = !holdem;
  const note = $("#holdem-only");
  note.hidden = holdem;
  note.textContent = holdem ? "" : `The range grid, its equity heatmap, board hits and outs are for Texas hold'em ` +
    `only: they are not shown at ${label}.`;
  $("#add-seat").disabled = state.seats.length >= maxSeats();
}

/** The selector's options, from the vocabulary (hold'em alone until it is in). */
function buildOptions() {
  const select = $("#game");
  if (!words.games.size) return;
  select.replaceChildren(...[...words.games.values()].map((game) =>
    Object.assign(document.createElement("option"), { value: game.name, textContent: game.label })));
  select.value = state.game;
}

/** The game of the spot on screen changes to `name`: seats fitted to it, old answers cleared. */
function chooseGame(name) {
  const info = gameInfo(name);
  if (!info || name === state.game) return;
  state.game = name;
  state.holeCards = info.hole_cards;
  const notes = fitSeats();
  buildSeats();
  clearResults();
  document.dispatchEvent(new CustomEvent("edited", { detail: {} }));
  if (notes.length) showNotice(`${info.label}: ${notes.join("; ")}.`);
}

/** Once the vocabulary is in: the options, and the spot of a link fitted to its game. */
function vocabularyArrived() {
  buildOptions();
  const notes = [];
  if (words.games.size && !gameInfo()) {
    notes.push(`the link's game “${state.game.slice(0, 12)}” is not offered: hold'em is shown`);
    state.game = "holdem";
  }
  const holeCards = gameInfo()?.hole_cards ?? state.holeCards;
  const fitted = holeCards !== state.holeCards || state.seats.length > maxSeats() ||
    state.seats.some((seat) => seat.cards.length !== holeCards);
  state.holeCards = holeCards;
  if (fitted || notes.length) {
    notes.push(...fitSeats());
    buildSeats();
    clearResults();
    document.dispatchEvent(new CustomEvent("edited", { detail: { record: false } }));
  }
  if (notes.length) showNotice(`This link was corrected: ${notes.join("; ")}.`);
  showGame();
}

export function startGame() {
  showGame();
  $("#game").addEventListener("change", (event) => chooseGame(event.target.value));
  document.addEventListener("spot", showGame);   // a link, Back, Undo or Reset may bring another game
  vocabularyLoaded.then(vocabularyArrived);
}
