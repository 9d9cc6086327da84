// The score sheets of the trick-taking tables (Tarok, Zole, Tysiąc) share their frame: a column per player that
// takes the room its numbers need (sheet.css), and the totals under a line of their own that names them, so that
// the name ("Skupaj", "Razem") never crowds the first total in the narrow first column.
// Example:
//   h("table", {}, head, body, totalsFoot(t("Total"), seats.map((i) => h("td", {}, String(totals[i])))))

import { h } from "/static/kit/kit.js";

/** The table's foot: `label` on its own line, then `cells` (one per player) under the players' columns. */
export function totalsFoot(label, cells) {
  return h("tfoot", {},
    h("tr", { class: "totals-label" }, h("th", { scope: "colgroup", colspan: cells.length + 1 }, label)),
    h("tr", { class: "totals" }, h("td", { "aria-hidden": "true" }), cells));
}
