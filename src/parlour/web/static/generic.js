// The layout for any game without its own: whose turn, the hand and the table drawn when they hold card codes,
// the legal actions as buttons, and every other field of the view as key/value.

import { h } from "./util.js";
import { prettyText, cardSVG, isCard, isCardList } from "./cards.js";
import { cardRow, seatName } from "./panels.js";
import { t, tn } from "./i18n.js";

const SHOWN = new Set(["game", "players", "options", "seat", "to_act", "legal", "hand", "table", "log", "sheet",
  "over", "winners"]);

/** The legal list is part of this board, so the side panel need not repeat it. */
export const ownsLegal = true;

export function info(view) {
  return view.players ? tn("{n} player", "{n} players", view.players) : "";
}

function value(v) {
  if (Array.isArray(v) && v.every((x) => typeof x !== "object" || x === null)) return prettyText(v.join(", "));
  if (v && typeof v === "object") return prettyText(JSON.stringify(v));
  return prettyText(String(v));
}

// One row of cards per seat, for a field such as `layouts: [["8C", "##"], ["5C", "2C"]]`.
function perSeat(rows, ctx, n) {
  return h("div", { class: "per-seat" }, rows.map((row, i) => h("div", { class: "seat-cards" },
    h("span", { class: "seat-tag" }, rows.length === n ? seatName(ctx, i) : String(i)),
    row.length ? cardRow(row, "small") : h("span", { class: "muted" }, "—"))));
}

/** A view field drawn as cards when it holds cards, else null. */
function drawn(key, v, ctx, n) {
  if (isCard(v)) return h("div", { class: "cards small" }, cardSVG(v));
  if (isCardList(v)) return cardRow(v, "small");
  if (Array.isArray(v) && v.length && v.every((r) => Array.isArray(r) && (r.length === 0 || isCardList(r)))
      && v.some((r) => r.length)) return perSeat(v, ctx, n);
  return null;
}

export function board(view, ctx) {
  const toAct = view.to_act || [];
  const mine = ctx.seat != null && toAct.includes(ctx.seat);
  const turn = view.over ? t("The match is over.")
    : mine ? t("Your turn.") : toAct.length ? t("Waiting for {names}.", { names: toAct.map((s) => seatName(ctx, s)).join(", ") })
      : t("Waiting…");
  const legal = view.legal || [];
  const rest = Object.entries(view).filter(([k]) => !SHOWN.has(k));
  const pictures = [];
  const others = [];
  for (const [k, v] of rest) {
    const d = drawn(k, v, ctx, view.players);
    if (d) pictures.push(h("section", { class: "zone", dataset: { field: k } }, h("h3", {}, k.replace(/_/g, " ")), d));
    else others.push([k, v]);
  }
  return h("div", { class: "generic" },
    h("p", { class: `turn ${mine ? "yours" : ""}` }, turn),
    view.table !== undefined ? h("section", { class: "zone" }, h("h3", {}, t("Table")),
      Array.isArray(view.table) ? cardRow(view.table, "table-row") : h("pre", {}, value(view.table))) : null,
    view.hand !== undefined ? h("section", { class: "zone" }, h("h3", {}, t("Your hand")),
      Array.isArray(view.hand) ? cardRow(view.hand, "hand-row") : h("pre", {}, value(view.hand))) : null,
    ctx.seat != null ? h("section", { class: "zone" }, h("h3", {}, t("Your move")),
      legal.length ? h("div", { class: "legal-list" }, legal.map((a) => h("button", {
        type: "button", class: "legal", dataset: { action: a }, disabled: !mine || ctx.pending, onclick: () => ctx.play(a),
      }, prettyText(a)))) : h("p", { class: "muted" }, t("Nothing to do for you now."))) : null,
    pictures,
    others.length ? h("section", { class: "zone" }, h("h3", {}, t("State")),
      h("dl", { class: "kv" }, others.map(([k, v]) => [h("dt", {}, k.replace(/_/g, " ")), h("dd", {}, value(v))]))) : null);
}
