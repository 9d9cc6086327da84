// A chooser for moves with several parts (lay away three cards, take two groups, move a piece from here to
// there): pick the parts one by one — only parts that still lead to a legal move can be picked — then confirm.
// The legal list stays the only truth: the chooser filters the view's `legal` texts, it never builds a move.
// Example: a discard of two cards picked in the hand, confirmed with a button.
//   const pick = picker(ctx, "discard");
//   const c = compound(view.legal, pick.parts, { prefix: "discard", unordered: true });
//   hand(view.hand, { active: true, legal: (code) => pick.has(code) || c.next.has(code) || "not with these",
//                     selected: pick.parts, onPick: pick.toggle });
//   confirmBar(ctx, { picked: pick.parts, done: c.done, verb: "Lay away", onClear: pick.clear })

import { h } from "../util.js";
import { prettyText } from "../cards.js";
import { t } from "../i18n.js";

/**
 * What can follow the parts picked so far. actions: legal action texts; picked: the parts chosen; prefix: the
 * words every action of this kind starts with ("discard", "move"); unordered: the parts form a set (cards laid
 * away) rather than a sequence (from, then to).
 * Returns {next: Set of parts that may be picked now, done: the action the picked parts complete (or null),
 * candidates: the actions still possible}.
 * Example: compound(["discard 7C 8C", "discard 7C 9C"], ["8C"], {prefix: "discard", unordered: true})
 *          → {next: Set{"7C"}, done: null, candidates: ["discard 7C 8C"]}
 */
export function compound(actions, picked = [], { prefix = "", unordered = false } = {}) {
  const head = prefix.trim().split(/\s+/).filter(Boolean);
  const next = new Set();
  const candidates = [];
  let done = null;
  for (const text of actions || []) {
    const words = String(text).trim().split(/\s+/);
    if (head.some((w, i) => words[i] !== w)) continue;
    const parts = words.slice(head.length);
    if (unordered) {
      const set = new Set(parts);
      if (!picked.every((p) => set.has(p))) continue;
      candidates.push(text);
      for (const p of parts) if (!picked.includes(p)) next.add(p);
      if (parts.length === picked.length) done = text;
    } else {
      if (!picked.every((p, i) => parts[i] === p)) continue;
      candidates.push(text);
      if (parts.length > picked.length) next.add(parts[picked.length]);
      else if (parts.length === picked.length) done = text;
    }
  }
  return { next, done, candidates };
}

/**
 * The parts picked so far for chooser `id`, kept in ctx.ui across redraws (and dropped when the table's version
 * changes, so that a pick never outlives the position it was made in).
 * Returns {parts, has(part), toggle(part), add(part), clear()}; each change redraws.
 */
export function picker(ctx, id) {
  const store = (ctx.ui.pickers ||= {});
  let entry = store[id];
  if (!entry || entry.version !== ctx.version) entry = store[id] = { version: ctx.version, parts: [] };
  const set = (parts) => { entry.parts = parts; ctx.rerender(); };
  return {
    parts: entry.parts,
    has: (p) => entry.parts.includes(p),
    toggle: (p) => set(entry.parts.includes(p) ? entry.parts.filter((x) => x !== p) : [...entry.parts, p]),
    add: (p) => set([...entry.parts, p]),
    back: () => set(entry.parts.slice(0, -1)),
    clear: () => set([]),
  };
}

/**
 * A bar under a compound pick: what is picked, a confirm button (enabled once `done` is a legal action) and
 * Clear. word(part) draws a part (default: card codes in suit symbols); hint: what to do next.
 * The confirm button is `<button class="kit-confirm" data-action=DONE>`.
 */
export function confirmBar(ctx, { picked = [], done = null, verb = t("Confirm"), hint = "", word = prettyText,
  onClear = null } = {}) {
  return h("div", { class: "kit-confirm-bar", role: "group", "aria-label": verb, "data-now": "" },
    h("span", { class: "kit-picked" }, picked.length ? picked.map((p) => h("span", { class: "kit-chip" }, word(p))) : hint),
    h("button", { type: "button", class: "kit-confirm primary", disabled: !done || ctx.pending,
      "data-why": done || ctx.pending ? null : (typeof hint === "string" && hint) || t("Pick the rest of the move first."),
      dataset: done ? { action: done } : {}, onclick: () => { if (done) { onClear && onClear(); ctx.play(done); } } }, verb),
    picked.length && onClear ? h("button", { type: "button", class: "quiet", onclick: onClear }, t("Clear")) : null);
}

/**
 * A complete chooser drawn as buttons, for parts that are not on the table already: each step shows the parts
 * that may follow, the picked ones as chips (a click on the last takes it back), and a confirm button.
 * Options: id (its picker), actions (legal texts), prefix, unordered, word(part), title, verb (the confirm label).
 * Example: chooser(ctx, { id: "meld", actions: view.legal, prefix: "meld", title: "Meld", verb: "Meld" })
 */
export function chooser(ctx, { id, actions, prefix = "", unordered = false, word = prettyText, title = "",
  verb = t("Confirm") } = {}) {
  const pick = picker(ctx, id);
  const c = compound(actions, pick.parts, { prefix, unordered });
  if (!c.candidates.length && !pick.parts.length) return null;
  return h("div", { class: "kit-chooser", role: "group", "aria-label": title || verb, "data-now": "" },
    title ? h("span", { class: "kit-chooser-title" }, title) : null,
    pick.parts.map((p, i) => h("button", { type: "button", class: "kit-chip", title: t("take back"),
      disabled: i !== pick.parts.length - 1, "data-why": i !== pick.parts.length - 1 ? t("Take back the last part first.") : null,
      onclick: pick.back }, word(p))),
    [...c.next].map((p) => h("button", { type: "button", class: "kit-part", dataset: { part: p },
      onclick: () => pick.add(p) }, word(p))),
    h("button", { type: "button", class: "kit-confirm primary", disabled: !c.done || ctx.pending,
      "data-why": c.done || ctx.pending ? null : t("Pick the rest of the move first."),
      dataset: c.done ? { action: c.done } : {}, onclick: () => { const a = c.done; pick.clear(); ctx.play(a); } }, verb),
    pick.parts.length ? h("button", { type: "button", class: "quiet", onclick: pick.clear }, t("Clear")) : null);
}
