// Your hand as a fan of cards: the legal ones raised, the others dimmed, and a click on one of those says why
// (notice.js); the fan overlaps more as it grows, so twelve or sixteen cards fit a phone.
// Example:
//   hand(view.hand, { active: myTurn, legal: (c) => playable.has(c) || "follow suit", onPick: (c) => ctx.play(`play ${c}`) })

import { h } from "../util.js";
import { cardSVG, cardText } from "../cards.js";
import { t } from "../i18n.js";

/**
 * Options:
 *  - active: whether you may pick now (else every card is shown plainly, nothing raised or dimmed);
 *  - legal(code): true when the card may be picked; false or a string (the reason, said when it is clicked) when not;
 *  - selected: codes drawn picked (lifted, ringed); onPick(code): called on a click of a legal card;
 *  - label: the hand's accessible name; cls: more classes; title(code): a tooltip for a legal card;
 *  - now: the hand is marked `data-now` (what the player must see now: see README, "What the player must see");
 *    default true, since a hand is your own; false for a hand shown that is not;
 *  - marked: codes a player aid marks (a dot on the card; `markLabel` says what it means, read with the card).
 * Each card is `<button class="kit-card" data-code=CODE>`; while active, a card that may not be picked carries
 * `data-why` (its reason), else a card that cannot be picked is disabled (the table page says why nothing may be
 * played then); `data-flip="card:CODE"` lets the card fly to where it goes next (motion.js).
 */
/** More cards than this in a hand and it lies in two rows on a phone. */
const LONG_HAND = 12;

export function hand(cards, { active = false, legal = () => true, selected = [], onPick = null, label = t("Your hand"),
  cls = "", title = null, now = true, marked = [], markLabel = "" } = {}) {
  const picked = new Set(selected);
  const marks = new Set(marked);
  const list = cards || [];
  // a hand of more than twelve cards leaves a finger too narrow a strip of each on a phone: two rows there (kit.css)
  const rows = list.length > LONG_HAND ? "two-rows" : "";
  return h("div", { class: `kit-hand ${active ? "active" : ""} ${rows} ${cls}`.replace(/\s+/g, " ").trim(), role: "group", "aria-label": label,
    style: `--n: ${list.length}`, "data-now": now ? "" : null },
  list.map((code, i) => {
    const ok = active ? legal(code) : false;
    const allowed = ok === true;
    const reason = active && !allowed ? (typeof ok === "string" && ok) || t("not playable now") : null;
    const classes = ["kit-card"];
    if (active) classes.push(allowed ? "legal" : "illegal");
    if (picked.has(code)) classes.push("selected");
    if (marks.has(code)) classes.push("marked");
    const named = marks.has(code) && markLabel ? `${cardText(code)}: ${markLabel}` : null;
    return h("button", {
      type: "button", class: classes.join(" "), style: `--i: ${i}`,
      dataset: { code, flip: `card:${code}`, ...(reason ? { why: reason } : {}) }, disabled: !reason && (!allowed || !onPick),
      "aria-pressed": picked.size || picked.has(code) ? String(picked.has(code)) : null,
      "aria-label": reason ? `${cardText(code)}: ${reason}` : named,
      title: reason ? null : named || (title ? title(code) : cardText(code)),
      onclick: allowed && onPick ? () => onPick(code) : null,
    }, cardSVG(code));
  }));
}
