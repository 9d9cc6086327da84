// A grid of cards in numbered slots, face up or face down (golf layouts, Kaboo's four cards, a memory board).
// Example: a 2×3 golf layout where you may flip any face-down card:
//   grid([{card: "5H"}, {card: null}, ...], { cols: 3, pickable: (s) => s.card === null,
//         onPick: (slot, i) => ctx.play(`flip ${i + 1}`) })

import { h } from "../util.js";
import { cardSVG, cardText } from "../cards.js";
import { t } from "../i18n.js";

/**
 * slots: [{card, number, label, cls, marks}] in reading order: `card` a code (face up), null (face down), or
 * undefined (an empty slot); `number` the slot's number shown on it (default: its index + 1); `label` a tooltip;
 * `marks` small elements drawn on the card (a badge, a cross), never buttons.
 * Options: cols (slots per row), pickable(slot, i) → true | false | reason (said when the slot is clicked),
 * onPick(slot, i), selected (indexes),
 * small (smaller cards), label (accessible name), flip(slot, i) → a motion key (default "slot:<owner>:<i>" when
 * `owner` is given), now (mark it `data-now`, what the player must see now: default, while a slot may be picked;
 * your own grid is marked by feltTable's `me` around it).
 * Each slot is `<button class="kit-slot" data-slot=i>` (a div when nothing may be picked); one that may not be picked
 * carries `data-why` when pickable gave a reason, else it is disabled (the table page says why nothing may be done).
 */
export function grid(slots, { cols = 2, pickable = () => false, onPick = null, selected = [], small = false,
  label = t("Cards"), owner = null, flip = null, now = null } = {}) {
  const chosen = new Set(selected);
  const oks = slots.map((slot, i) => (onPick ? pickable(slot, i) : false));
  const marked = now ?? oks.some((ok) => ok === true);
  return h("div", { class: `kit-grid${small ? " small" : ""}`, role: "group", "aria-label": label,
    style: `--cols: ${cols}`, "data-now": marked ? "" : null },
  slots.map((slot, i) => {
    const ok = oks[i];
    const number = slot.number ?? i + 1;
    const empty = slot.card === undefined;
    const face = empty ? h("span", { class: "kit-empty" }) : cardSVG(slot.card);
    const what = empty ? t("empty") : slot.card === null ? t("face down") : cardText(slot.card);
    const key = flip ? flip(slot, i) : owner != null ? `slot:${owner}:${i}` : null;
    const why = typeof ok === "string" && ok ? ok : null;
    const attrs = {
      class: `kit-slot${ok === true ? " pickable" : ""}${chosen.has(i) ? " selected" : ""}${slot.cls ? ` ${slot.cls}` : ""}`,
      dataset: { slot: i, ...(key ? { flip: key } : {}), ...(slot.card ? { code: slot.card } : {}), ...(why ? { why } : {}) },
      title: slot.label || `${number}: ${what}`,
    };
    const body = [face, h("span", { class: "kit-slot-no" }, String(number)), slot.marks || null];
    if (!onPick) return h("div", attrs, body);
    return h("button", { ...attrs, type: "button", disabled: ok !== true && !why,
      "aria-label": why ? `${number}: ${what} — ${why}` : null, onclick: ok === true ? () => onPick(slot, i) : null }, body);
  }));
}
