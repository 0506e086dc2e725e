// pokerfsm web calculator, the page's small helpers: finding an element, writing numbers
// the page's way, the status line and the notice above the table. Every other module uses them.

/** The first element matching `sel` inside `root`. */
export const $ = (sel, root = document) => root.querySelector(sel);

/** A probability as the page writes it: "61.20%". */
export function percent(x) { return `${(100 * x).toFixed(2)}%`; }

/** "1 combination", "1,326 combinations". */
export function plural(n, word) {
  return `${Number(n).toLocaleString("en-US")} ${word}${Number(n) === 1 ? "" : "s"}`;
}

/** A count of combos as the page writes it: whole, or with two decimals when weights make it fractional. */
export function comboCount(n) { return Number.isInteger(Number(n)) ? Number(n) : Number(n).toFixed(2); }

export function showStatus(text, kind = "info") {
  const status = $("#status");
  status.textContent = text;
  status.dataset.kind = kind;
}

export function showNotice(text) {
  const notice = $("#notice");
  notice.textContent = text;
  notice.hidden = !text;
}
