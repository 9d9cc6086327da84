// Tarok's score sheet: a column per player, a row per deal written in Tarok terms (contract, declarer and partner,
// card points and difference, game, each bonus, kontras, wheel, Mond), the Škis round marked, and the wheels
// (radelci) still open beside each total.

import { h, seatName } from "/static/kit/kit.js";
import { totalsFoot } from "/games/tricks/sheet.js";
import { breakdown, contractName, givesWheel, signed, t, tn, tp } from "./words.js";

/** "◯◯" — a seat's open wheels. */
export function wheelMarks(count, cls = "") {
  if (!count) return null;
  return h("span", { class: `tarok-wheels ${cls}`.trim(), title: tn(
    "{n} wheel (radelc): a won game as declarer or partner crosses one; each doubles the declarer's score; −100 each left at the end",
    "{n} wheels (radelci): a won game as declarer or partner crosses one; each doubles the declarer's score; −100 each left at the end",
    count) },
  "◯".repeat(count));
}

function rowTitle(d, ctx) {
  if (!d || !d.contract) return "";
  if (d.contract === "klop") return contractName("klop");
  const partner = d.partner != null ? ` + ${seatName(ctx, d.partner)}` : "";
  return `${contractName(d.contract)} · ${seatName(ctx, d.declarer)}${partner}`;
}

export function sheet(view, ctx) {
  const s = view.sheet;
  if (!s) return null;
  const n = view.players;
  const seats = Array.from({ length: n }, (_, i) => i);
  const mine = (i) => (i === ctx.seat ? "mine" : "");
  const skisAfter = view.options && !view.options.rounds ? view.options.skis_after : null;
  const body = [];
  let dealIndex = 0;
  for (const r of s.rows || []) {
    const d = r.detail || {};
    if (r.label === "wheels") {
      // the row's name in the line under it, where it has the table's width: the deal column holds a mark only
      body.push(h("tr", { class: "row wheels-row" }, h("th", { scope: "row", title: t("Wheels") }, "◯"),
        (r.points || []).map((p, i) => h("td", { class: mine(i) }, p ? signed(p) : "·"))),
      h("tr", { class: "detail" }, h("td", { colspan: n + 1 }, h("strong", {}, t("Wheels")), " · ",
        t("−100 for each wheel left open"))));
      continue;
    }
    if (skisAfter != null && dealIndex === skisAfter) {
      body.push(h("tr", { class: "skis-row" }, h("td", { colspan: n + 1 }, t("Škis round"))));
    }
    dealIndex += 1;
    const parts = breakdown(d, ctx, view.options || {});
    body.push(
      h("tr", { class: `row${d.won === true ? " won" : d.won === false && d.contract !== "klop" ? " lost" : ""}` },
        h("th", { scope: "row", title: t("deal {n}", { n: dealIndex }) }, String(dealIndex)),
        (r.points || []).map((p, i) => h("td", { class: mine(i) }, p ? signed(p) : "·"))),
      h("tr", { class: "detail" }, h("td", { colspan: n + 1 },
        h("strong", {}, rowTitle(d, ctx)), d.won != null && d.contract !== "klop" ? ` ${d.won ? tp("deal", "won") : t("lost")}` : "",
        d.forfeit ? ` ${t("(given up)")}` : "",
        parts.length ? " · " : "", parts.map(([k, v], i) => [i ? " · " : "", `${k} ${v}`]),
        givesWheel(d) ? h("span", { class: "wheel-note", title: t("every player gets a wheel (radelc)") }, " · ", t("◯ each")) : null)));
  }
  const head = h("tr", {}, h("th", { scope: "col", title: t("deal") }, "#"),
    seats.map((i) => {
      const [, name, level] = /^(.*?)( \([^)]*\))?$/.exec(seatName(ctx, i));
      return h("th", { scope: "col", class: mine(i), title: seatName(ctx, i) }, name, level ? h("small", {}, level) : null);
    }));
  const totals = totalsFoot(t("Total"), seats.map((i) => h("td", { class: mine(i) }, String((s.totals || [])[i] ?? 0),
    view.over ? null : wheelMarks((view.wheels || [])[i]))));
  return h("section", { class: "panel sheet trick-sheet tarok-sheet", "aria-label": t("Score sheet") },
    h("h3", {}, t("Score sheet"), view.skis_round ? h("span", { class: "kit-badge gold skis-flag" }, t("Škis round")) : null),
    h("table", {}, h("thead", {}, head),
      h("tbody", {}, body.length ? body : h("tr", {}, h("td", { colspan: n + 1, class: "muted" }, t("No deal scored yet.")))),
      totals));
}
