// The names the page shows, loaded once at start from the server (GET /api/vocabulary), which
// takes them from their one home in the library: the hand categories' labels, the methods'
// labels, how many combos each of the 169 hand classes has, and the games offered. The page keeps
// no list of its own.
// The page starts without waiting for them (a card typed at once is never lost): what shows
// them waits for `vocabularyLoaded`.

export const words = {
  categories: new Map(),   // name -> {label, french}, e.g. PAIR -> {label: Pair, french: Paire}
  methods: new Map(),      // name ("table") -> label ("precomputed tables")
  classes: new Map(),      // hand class ("AKs") -> its combos (4)
  combos: 0,               // every two-card hand: the sum of the classes' combos
  games: new Map(),        // name ("omaha") -> {label, hole_cards, hi_lo, players}, hold'em first
};

/** Ask the server for the vocabulary; without an answer, names are shown as the API gives them. */
async function loadVocabulary() {
  try {
    const response = await fetch("api/vocabulary");
    if (!response.ok) return;
    const data = await response.json();
    for (const c of data.categories) words.categories.set(c.name, { label: c.label, french: c.french });
    for (const m of data.methods) words.methods.set(m.name, m.label);
    for (const c of data.classes) words.classes.set(c.hand, c.combos);
    for (const g of data.games || []) words.games.set(g.name, g);
    words.combos = data.classes.reduce((sum, c) => sum + c.combos, 0);
  } catch { /* the page still works: labels fall back to the API's names */ }
}

/** Settled once the vocabulary is in `words` (or could not be had). */
export const vocabularyLoaded = loadVocabulary();

/** A hand category's label, e.g. Pair for PAIR. */
export function categoryLabel(name) { return words.categories.get(name)?.label ?? name; }

/** A method's label ("precomputed tables" for "table"). */
export function methodLabel(name) { return words.methods.get(name) ?? name; }
