// pokerfsm web calculator: the page's one entry point (a module; the others are imported from it).
// It starts each part in order: the calculator (cards.js, app.js, results.js), the range grid
// with its heatmap, the live counts and the study panels, and the game (game.js); vocabulary.js loads
// the names they show.
import { startApp } from "./app.js";
import { startGame } from "./game.js";
import { startGrid } from "./grid.js";
import { startLive } from "./live.js";
import { startStudy } from "./study.js";

startApp();
startGame();
startGrid();
startLive();
startStudy();
