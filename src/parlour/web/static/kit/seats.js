// Seats around the table: where each one sits (you at the bottom, the others in turn order), the felt they sit
// around, and each seat's plate with its name, bot level, connection, dealer and turn markers.
// Example:
//   const places = placeSeats(view.players, ctx.seat ?? 0);
//   return feltTable(places, (seat, where) => seatPlate(ctx, seat, { where, children: [backs(view.hands[seat])] }),
//                    { center: myCentre, me: myHandArea });

import { h } from "../util.js";
import { seatName } from "../panels.js";
import { t } from "../i18n.js";

/**
 * Where every seat sits, seen from `me` (seat 0 for a spectator): `[{seat, where}]` in turn order, `me` first at
 * "bottom", then counter-clockwise as at a real table: the next seat on the "right", the last on the "left", the
 * ones between across the table ("top", several of them from five players on).
 * Example: placeSeats(4, 2) → [{seat: 2, where: "bottom"}, {seat: 3, where: "right"}, {seat: 0, where: "top"},
 * {seat: 1, where: "left"}].
 */
export function placeSeats(n, me = 0) {
  const out = [{ seat: me, where: "bottom" }];
  for (let k = 1; k < n; k++) {
    const where = n === 2 ? "top" : k === 1 ? "right" : k === n - 1 ? "left" : "top";
    out.push({ seat: (me + k) % n, where });
  }
  return out;
}

/** `{seat: where}` of placeSeats, to look a seat's place up. */
export function placeOf(places) {
  return Object.fromEntries(places.map((p) => [p.seat, p.where]));
}

/** The seat a page looks from: its own, or seat 0 for a spectator. */
export function baseSeat(ctx) {
  return ctx.seat ?? 0;
}

/** The name and its parts: "Bot 1 (heuristic)" → strong "Bot 1", quiet "(heuristic)"; the text stays the same. */
function nameNode(ctx, seat) {
  const name = seatName(ctx, seat);
  const m = /^(.*?)( \([^)]*\))$/.exec(name);
  return h("strong", { class: "kit-name-text" }, m ? [m[1], h("span", { class: "kit-level" }, m[2])] : name);
}

/**
 * A seat's plate: its name (with the bot level), a dot for a friend's connection, "D" for the dealer
 * (`view.dealer`), a glow and "thinking…" while it is to act (`view.to_act`).
 * Options: where (its place, for the styling), badges (more small labels: partner, declarer…), note (a line
 * under the name: "12 cards", a bid), children (what lies in front of it: backs, piles), dealer (override the
 * dealer seat).
 */
export function seatPlate(ctx, seat, { where = "top", badges = [], note = null, children = [], dealer } = {}) {
  const view = ctx.view || {};
  const info = (ctx.table && ctx.table.seats && ctx.table.seats[seat]) || {};
  const acting = !view.over && (view.to_act || []).includes(seat);
  const dealt = (dealer !== undefined ? dealer : view.dealer) === seat;
  const human = info.kind === "human";
  return h("div", {
    class: `kit-plate at-${where}${acting ? " acting" : ""}${seat === ctx.seat ? " mine" : ""}`,
    dataset: { seat, flip: `plate:${seat}` }, "aria-label": seatName(ctx, seat),
  },
  h("div", { class: "kit-name" }, nameNode(ctx, seat),
    human ? h("span", { class: `kit-dot ${info.connected ? "on" : "off"}`, role: "img",
      title: info.connected ? t("connected") : t("not connected"),
      "aria-label": info.connected ? t("connected") : t("not connected") }) : null,
    // i18n: the dealer's mark on a seat's plate: one letter
    dealt ? h("span", { class: "kit-badge dealer", title: t("dealer") }, t("D")) : null,
    badges),
  note != null ? h("div", { class: "kit-note" }, note) : null,
  children,
  acting && seat !== ctx.seat && where !== "bottom" ? h("div", { class: "kit-thinking" }, t("thinking")) : null);
}

/**
 * The felt with the seats around it. `places` from placeSeats; `plate(seat, where)` draws each seat but the
 * bottom one; `center` lies in the middle; `me` (your plate and hand) along the bottom edge.
 * Returns `<div class="kit-table seats-N">`; a game adds its own class through `cls`.
 */
export function feltTable(places, plate, { center = null, me = null, cls = "" } = {}) {
  const others = places.slice(1);
  const at = (where) => others.filter((p) => p.where === where).map((p) => plate(p.seat, p.where));
  return h("div", { class: `kit-table seats-${places.length} ${cls}`.trim() },
    h("div", { class: "kit-rim top" }, at("top")),
    h("div", { class: "kit-rim left" }, at("left")),
    h("div", { class: "kit-center" }, center),
    h("div", { class: "kit-rim right" }, at("right")),
    h("div", { class: "kit-me" }, me));
}
