// Player aids (issue 25): what a player may switch on for herself at a table that allows them. The server sends a
// seat's aids in its own view (`view.aids`, computed from that view alone: games/<pkg>/aids.py); the page's switch
// sets `ctx.aids`. A game's table draws them only when `ctx.aids && view.aids`, with these parts:
//   aidPanel(title, rows)        a small strip of rows, laid above the player's own hand
//   playedCards(groups, {...})   the cards played in this deal's finished tricks, one row per suit
//   markLegend(label)            the panel saying what the aid's mark on a card means
//   withAid(table, panel)        the felt with the panel laid on it
// Marks on the hand's cards are the hand's own option (`hand(cards, { marked, markLabel })`).

import { h } from "../util.js";
import { cardText, parseCard } from "../cards.js";
import { t } from "../i18n.js";

const SUIT_MARKS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = new Set(["H", "D"]);

/** A small labelled panel of aid rows: `rows` are [label, text] pairs or elements. */
export function aidPanel(title, rows) {
  return h("section", { class: "kit-aid", "aria-label": title },
    h("h3", { class: "kit-aid-title" }, title),
    rows.map((r) => (Array.isArray(r)
      ? h("div", { class: `kit-aid-row${RED.has(r[2]) ? " red" : ""}` }, h("span", { class: "kit-aid-label" }, r[0]), " ", h("span", {}, r[1]))
      : r)));
}

/** A card's rank alone where its suit heads the row ("K"), a trump's whole name ("XXI", "Škis"). */
function rankText(code) {
  const c = parseCard(code);
  return c ? c.rank : cardText(code);
}

/**
 * The cards played in this deal's finished tricks, `groups` as the server sends them ({suit letter: [codes]}),
 * one row per suit in `order`; the trumps' group `T` is named `trumps` (the game's word: "Taroks", "Trumps").
 */
export function playedCards(groups, { order = ["T", "S", "C", "D", "H"], trumps = t("Trumps") } = {}) {
  const rows = order.filter((s) => (groups[s] || []).length)
    .map((s) => [s === "T" ? trumps : SUIT_MARKS[s], groups[s].map(rankText).join(" "), s]);
  return aidPanel(t("Cards played"), rows);
}

/** The legend of a mark the aid puts on cards ("● can capture"). */
export function markLegend(label) {
  return aidPanel(t("Player aid"), [["●", label]]);
}

/**
 * The felt `table` (feltTable's element) with the aid `panel` at the top of your own part of it (`.kit-me`), above
 * your plate and hand: in the flow, so it covers no card or name; the table alone when there is no panel.
 */
export function withAid(table, panel) {
  if (panel) (table.querySelector(".kit-me") || table).prepend(panel);
  return table;
}
