// The trick in the middle of the table, each card lying in front of the player who played it, the winner marked;
// and the last trick, shown on demand.
// Example:
//   trick({ plays: [{seat: 1, card: "KH"}, {seat: 2, card: "T3"}], n: 4, me: ctx.seat ?? 0, winner: 2, ctx })
//   lastTrick(ctx, { plays: lastPlays, winner: 3, n: 4, me: ctx.seat ?? 0 })

import { h } from "../util.js";
import { cardSVG, cardText } from "../cards.js";
import { seatName } from "../panels.js";
import { t } from "../i18n.js";

/** Where seat `seat`'s card lies, as fractions of the trick's half-size: you at the bottom, then counter-clockwise. */
export function trickSpot(seat, n, me) {
  const k = (((seat - me) % n) + n) % n;
  const a = (2 * Math.PI * k) / n;
  return { x: Math.round(Math.sin(a) * 100) / 100, y: Math.round(Math.cos(a) * 100) / 100 };
}

/**
 * The cards of a trick. plays: [{seat, card}] in the order played; n: seats at the table; me: the seat at the
 * bottom; winner: the seat that took it (null while it is open), ringed and named; ctx: for the winner's name;
 * caption: a word under the trick ("Trick 7"); cls: more classes.
 * Each card is `<div class="kit-trick-card" data-seat data-code>`; it flies in from its player's plate (or, for
 * your own, from your hand) when motion is on.
 */
export function trick({ plays = [], n, me = 0, winner = null, ctx = null, caption = null, cls = "" } = {}) {
  return h("div", { class: `kit-trick ${winner != null ? "done" : ""} ${cls}`.trim(), role: "group",
    "aria-label": caption || t("Trick") },
  plays.map((p, i) => {
    const { x, y } = trickSpot(p.seat, n, me);
    const won = winner != null && p.seat === winner;
    return h("div", {
      class: `kit-trick-card${won ? " won" : ""}`, style: `--x: ${x}; --y: ${y}; --z: ${i + 1}`,
      dataset: { seat: p.seat, code: p.card, flip: `card:${p.card}`, flipFrom: `plate:${p.seat}` },
      title: ctx ? `${seatName(ctx, p.seat)}: ${cardText(p.card)}` : cardText(p.card),
    }, cardSVG(p.card), won ? h("span", { class: "kit-won-tag" }, !ctx ? t("won")
      : p.seat === ctx.seat ? t("You won") : t("{name} won", { name: seatName(ctx, p.seat) }))
      : null);
  }),
  caption ? h("div", { class: "kit-trick-caption" }, caption) : null);
}

/**
 * A "Last trick" button; a click shows that trick (small, with its winner) until clicked again or until the next
 * trick is complete. last: {plays, winner} or null (then the button is disabled); the open/closed state lives in
 * ctx.ui.lastTrick.
 */
export function lastTrick(ctx, last, { n, me = 0, label = t("Last trick") } = {}) {
  const key = last ? last.plays.map((p) => p.card).join(" ") : "";
  const open = !!last && ctx.ui.lastTrick === key;
  const button = h("button", {
    type: "button", class: `kit-last-button${open ? " open" : ""}`, disabled: !last, "aria-expanded": String(open),
    onclick: () => { ctx.ui.lastTrick = open ? null : key; ctx.rerender(); },
  }, open ? t("Hide last trick") : label);
  return h("div", { class: "kit-last" }, button,
    open ? h("div", { class: "kit-last-view", role: "dialog", "aria-label": label },
      trick({ plays: last.plays, n, me, winner: last.winner, ctx, cls: "small" })) : null);
}
