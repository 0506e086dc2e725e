// pokerfsm web calculator, the game: the selector (hold'em, the Omaha games, the stud games, short deck),
// each seat's card slots (the game's hole cards; a stud player's up cards marked), the board (none at
// stud, but the community card eight stud players share on seventh street), the range box (none at
// stud) and its example, the cards the game deals (the picker greys out the others), and the parts of
// the page that answer the grid's games only (the range grid with its heatmap, board hits and outs:
// hold'em's 13×13, short deck's 9×9), hidden at any other game with a sentence saying so:
// body[data-game] names the game, body[data-grid] marks a game with a grid, and style.css hides those
// panels (and the preset ranges, which are hold'em's, at any other game).
// The games, their labels, hole cards, most players and grids come from the
// server's vocabulary (vocabulary.js): the page keeps no list of its own. A game change is an edit
// (Undo and Back bring the previous game back).
import {
  BOARD_SLOTS, MIN_SEATS, boardSlots, buildSeats, fitCommunity, gameInfo, hasBoard, inDeck, maxSeats, nextEmpty,
  sameSlot, slotList, state,
} from "./cards.js";
import { $, showNotice } from "./page.js";
import { clearResults } from "./results.js";
import { vocabularyLoaded, words } from "./vocabulary.js";


/** Give every seat the game's number of card slots and at most the seats its deck allows, and the board
 * the game's slots (none at stud but eight players' community card); `boardBefore`: whether the game before
 * dealt a board (a board and a stud community card never turn into each other). Returns what was left out,
 * one sentence each. */
function fitSeats(boardBefore = hasBoard()) {
  const notes = [];
  const most = maxSeats();
  if (state.seats.length > most) {
    notes.push(`${gameInfo()?.label ?? state.game} seats ${most} players at most: the seats after ${most} are removed`);
    state.seats.length = Math.max(MIN_SEATS, most);
  }
  const dealt = (card) => card && inDeck(card);
  const dropped = [...state.seats.flatMap((seat) => seat.cards), ...state.board, ...state.dead]
    .filter((card) => card && !inDeck(card));
  if (dropped.length) notes.push(`${dropped.join(" ")} ${dropped.length === 1 ? "is" : "are"} not dealt: removed`);
  // a stud seat's cards keep their places (an empty one before the last is a card nobody sees)
  const inPlace = (gameInfo()?.faces ?? []).includes("up");
  state.seats.forEach((seat, s) => {
    const cards = inPlace ? seat.cards.map((card) => (dealt(card) ? card : null)) : seat.cards.filter(dealt);
    if (cards.slice(state.holeCards).some(Boolean)) {
      notes.push(`seat ${s + 1} keeps its first ${state.holeCards} cards`);
    }
    seat.cards = Array.from({ length: state.holeCards }, (_, i) => cards[i] ?? null);
    if (!(gameInfo()?.ranges ?? true) && seat.range.trim()) {
      notes.push(`seat ${s + 1}'s range is removed (a seat holds cards only)`);
      seat.range = "";
    }
  });
  if (boardBefore !== hasBoard() && state.board.some(Boolean)) {
    notes.push(hasBoard() ? "the community card is removed" : "the board is removed (the game deals none)");
    state.board = Array(BOARD_SLOTS).fill(null);
  }
  state.board = state.board.map((card) => (dealt(card) ? card : null));
  notes.push(...fitCommunity());
  state.dead = state.dead.map((card) => (dealt(card) ? card : null));
  if (!slotList().some((slot) => sameSlot(slot, state.target))) state.target = nextEmpty(slotList()[slotList().length - 1]);
  return notes;
}

/** Show the game on screen: the selector, the title, each range box's example, the hold'em-only parts. */
function showGame() {
  const info = gameInfo();
  const select = $("#game");
  if (select.value !== state.game) select.value = state.game;
  const label = info?.label ?? (state.game === "holdem" ? "Texas hold'em" : state.game);
  $("#game-title").textContent = `${label} equity`;
  const grid = info?.grid ?? state.game === "holdem";
  document.body.dataset.game = state.game;   // style.css hides the grid's panels at a game without one
  document.body.toggleAttribute("data-grid", grid);
  const example = state.holeCards === 2 ? "QQ+,AKs" : `AA${"x".repeat(state.holeCards - 2)} ds, KK${"x".repeat(state.holeCards - 2)}`;
  for (const input of document.querySelectorAll(".seat .range")) input.placeholder = `or a range: ${example}`;
  $("#range-example").textContent = example;
  for (const button of document.querySelectorAll(".seat .grid-button")) button.hidden = !grid;
  const ranges = info?.ranges ?? true;
  for (const label of document.querySelectorAll(".seat .range-label")) label.hidden = !ranges;
  $("#range-hint").hidden = !ranges;
  $("#board").hidden = !boardSlots();
  for (const slot of document.querySelectorAll("#board-slots .slot")) {
    slot.hidden = Number(slot.dataset.index) >= boardSlots();
  }
  $("#board-name").textContent = hasBoard() ? "Board" : "Community card";
  $("#board-count").textContent = hasBoard() ? "(0, 3, 4 or 5 cards)"
    : `(${state.seats.length} players share the seventh street's card, face up)`;
  for (const element of document.querySelectorAll("[data-needs-board]")) element.hidden = !hasBoard();
  const stud = (info?.faces ?? []).includes("up");
  $("#stud-hint").hidden = !stud;
  const note = $("#holdem-only");
  const gridGames = [...words.games.values()].filter((game) => game.grid).map((game) => game.label);
  note.hidden = grid;
  note.textContent = grid ? "" : `The range grid, its equity heatmap, board hits and outs are for ` +
    `${gridGames.length ? gridGames.join(" and ") : "Texas hold'em"} only: they are not shown at ${label}.`;
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
  const boardBefore = hasBoard();
  state.game = name;
  state.holeCards = info.hole_cards;
  const notes = fitSeats(boardBefore);
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
  state.holeCards = gameInfo()?.hole_cards ?? state.holeCards;
  const spot = () => JSON.stringify([state.seats, state.board, state.dead]);
  const before = spot();
  notes.push(...fitSeats());
  const fitted = notes.length > 0 || spot() !== before;
  if (fitted) clearResults();
  if (fitted || state.game !== "holdem") {   // the slots' faces and the spot's question follow the game's record
    buildSeats();
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
