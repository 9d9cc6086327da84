// Cards you cannot see, and heaps: a row of backs with its count, a pile (won cards, a discard heap), the stock.
// Examples:
//   backs(view.hands[seat])                      — an opponent's hand: up to 12 backs and "7"
//   pile({ count: 24, label: "East-West", mine: false })
//   pile({ top: "QH", count: 5, label: "Discard" })   — a face-up heap showing its top card
//   stock(view.stock)

import { h } from "../util.js";
import { cardSVG } from "../cards.js";
import { t, tn } from "../i18n.js";

/** `count` card backs, overlapping (at most `max` drawn), with the number on them. vertical: stacked downwards. */
export function backs(count, { max = 12, vertical = false, label = null } = {}) {
  const n = Math.max(0, count | 0);
  return h("div", { class: `kit-backs${vertical ? " vertical" : ""}`, role: "img",
    "aria-label": label || tn("{n} card", "{n} cards", n) },
  Array.from({ length: Math.min(n, max) }, () => cardSVG(null)),
  h("span", { class: "kit-count" }, String(n)));
}

/**
 * A heap of cards: face down (a back) or face up (`top`, its top card), an empty outline when there is none.
 * Options: count, top, label (a word under it), mine (your side's: highlighted), flip (a key for motion.js,
 * e.g. "pile:1", so that cards taken fly into it), onClick (a pile you may take).
 */
export function pile({ count = 0, top = null, label = null, mine = false, flip = null, onClick = null, cls = "" } = {}) {
  const face = top ? cardSVG(top) : count > 0 ? cardSVG(null) : h("span", { class: "kit-empty" });
  const body = [face, h("span", { class: "kit-pile-text" },
    label ? h("strong", {}, label) : null,
    h("span", { class: "kit-pile-count" }, tn("{n} card", "{n} cards", count)))];
  const attrs = { class: `kit-pile${mine ? " mine" : ""} ${cls}`.trim(), dataset: flip ? { flip } : {},
    "data-now": onClick ? "" : null };  // a pile you may take now is a target: see README, "What the player must see"
  return onClick ? h("button", { ...attrs, type: "button", onclick: onClick }, body) : h("div", attrs, body);
}

/** The stock still to deal or draw from: a back with the number left on it ("Stock 12"). */
export function stock(count, { label = t("Stock"), onClick = null } = {}) {
  const n = Math.max(0, count | 0);
  const body = [n > 0 ? cardSVG(null) : h("span", { class: "kit-empty" }),
    h("span", { class: "kit-pile-text" }, h("strong", {}, label), h("span", { class: "kit-stock-count" }, String(n)))];
  const attrs = { class: "kit-pile kit-stock", title: tn("{n} card left", "{n} cards left", n), dataset: { flip: "stock" },
    "data-now": onClick ? "" : null };
  return onClick ? h("button", { ...attrs, type: "button", onclick: onClick }, body) : h("div", attrs, body);
}

/** A row of small face-up cards (a talon group, a meld, a shown hand); `flip` keys each card for motion.js. */
export function cardRow(codes, { cls = "", flip = true } = {}) {
  return h("div", { class: `kit-row ${cls}`.trim() },
    (codes || []).map((c) => h("span", { class: "kit-row-card", dataset: flip ? { code: c, flip: `card:${c}` } : { code: c } },
      cardSVG(c))));
}
