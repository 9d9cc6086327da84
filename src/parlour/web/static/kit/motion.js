// Cards that move between zones: the table page measures every element carrying `data-flip="KEY"` before a
// redraw and, after it, slides each element whose key was on the page before from its old place to its new one
// (the FLIP technique: First, Last, Invert, Play). An element new to the page may say where it comes from with
// `data-flip-from="KEY"` (a card played by a bot flies in from its plate: `data-flip-from="plate:2"`).
// Nothing moves when the user prefers reduced motion.
// Keys: "card:CODE" for a card (the kit's hand, trick, rows and grids set it), "plate:SEAT", "stock", "pile:N".
// A game rarely calls this itself: table.js wraps every redraw in snapshot()/animate().

const DURATION = 320;

/** True when the user asked the system for less motion (then the kit draws without animation). */
export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Where every keyed element inside `root` is now: Map key → DOMRect. */
export function snapshot(root) {
  const rects = new Map();
  if (!root) return rects;
  for (const node of root.querySelectorAll("[data-flip]")) {
    const r = node.getBoundingClientRect();
    if (r.width || r.height) rects.set(node.dataset.flip, r);
  }
  return rects;
}

/** Slide every keyed element of `root` from where `before` saw it (or from its data-flip-from) to where it is. */
export function animate(root, before, { duration = DURATION } = {}) {
  if (!root || !before || !before.size || reducedMotion() || typeof Element.prototype.animate !== "function") return;
  for (const node of root.querySelectorAll("[data-flip]")) {
    const same = before.get(node.dataset.flip);
    const from = same || (node.dataset.flipFrom && before.get(node.dataset.flipFrom));
    if (!from) continue;
    const to = node.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
    // The same element changing size scales with it; one coming out of another (a card from a plate) grows.
    const scale = !same ? 0.5 : to.width ? Math.max(0.3, Math.min(2.5, from.width / to.width)) : 1;
    node.animate([
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, zIndex: 50 },
      { transform: "none", zIndex: 50 },
    ], { duration, easing: "cubic-bezier(.2, .7, .3, 1)" });
  }
}
