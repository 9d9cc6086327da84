// The result of a deal at a trick-taking table (Tarok, Zole, Tysiąc): a dialog over the table, held until the
// player moves on. It lies over the screen, not inside the felt's middle column (186 px wide on a phone), so that
// it is read whole at any size: its lines scroll inside it if they must, and the button to go on is always in view.
// Example:
//   dealResult(ctx, { label: "Deal 3 result", heading: "Deal 3: Two, You with Ana: won",
//     lines: [finalTrick(ctx, "Last trick", plays, 2), cardsLine("Laid away", ["7C", "8C"]), breakdownList(parts)],
//     points: row.points, signed, button: { text: "Next deal", cls: "tarok-continue", onClick: next } })

import { h, cardSVG, cardRow, seatName } from "/static/kit/kit.js";

/** The dialog: `heading`, `lines` (elements, nulls skipped), each seat's `points` (written with `signed`), a button. */
export function dealResult(ctx, { label, heading, lines = [], points = [], signed = String, button, cls = "" }) {
  return h("div", { class: `result deal-result ${cls}`.trim(), role: "dialog", "aria-label": label,
    "data-now": "" },  // what the player must read now (the table check looks for it on screen)
    h("div", { class: "result-body" },
      h("h2", {}, heading),
      lines,
      points.length ? h("div", { class: "result-points" }, points.map((p, s) => h("span", {
        class: `pts ${p > 0 ? "plus" : p < 0 ? "minus" : ""}`, dataset: { seat: s } },
      h("span", { class: "pts-who" }, seatName(ctx, s)), " ", h("b", {}, signed(p))))) : null),
    h("div", { class: "result-actions" },
      h("button", { type: "button", class: `primary ${button.cls || ""}`.trim(), onclick: button.onClick }, button.text)));
}

/** A deal's last trick, small, each card over its player's name (without the bot level), the winner ringed. */
export function finalTrick(ctx, label, plays, winner) {
  return h("div", { class: "final-trick" }, h("span", { class: "final-label" }, label),
    h("span", { class: "kit-row" }, plays.map((p) => h("span", {
      class: `final-card${p.seat === winner ? " won" : ""}`, title: seatName(ctx, p.seat) },
    cardSVG(p.card), h("small", {}, seatName(ctx, p.seat).split(" (")[0])))));
}

/** Cards shown with the result (the talon, the cards laid away), or null when there are none. */
export function cardsLine(label, codes) {
  return codes && codes.length ? h("div", { class: "final-trick" }, h("span", { class: "final-label" }, label),
    cardRow(codes, { cls: "small", flip: false })) : null;
}

/** The deal's parts, each [label, value], as a two-column list. */
export function breakdownList(pairs) {
  return pairs.length ? h("dl", { class: "breakdown" }, pairs.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])) : null;
}
