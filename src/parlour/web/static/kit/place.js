// Where a floating message goes (a banner, the notice of a refused click): on screen, as near as it can be to
// what the player is looking at, and over none of what she must see or press now (her cards, the prompt, the
// buttons, seat plates, a result's buttons). Messages are `position: fixed`; this picks their top-left corner.
// Example: placeAside(box, { near: clicked.getBoundingClientRect() })

/** What a message must never lie over: every card drawn, buttons, plates and prompts; `data-now` marks the rest. */
export const KEEP_CLEAR = [
  "[data-now]", "button", "a.button", "input", "select", "textarea", "[role=button]",
  "svg.card", ".kit-card", ".kit-slot", ".kit-hand", ".kit-grid", ".kit-plate", ".kit-hit", ".kit-miss", ".kit-pile",
  ".kit-trick-card", ".kit-turn", ".kit-chooser", ".kit-confirm-bar", ".banner-card", ".over-bar",
  "#board [role=status]", ".call-title",  // the prompts: a game's status line, the card games' "Give a card…"
].join(", ");

/** Chrome a message may cover a moment: the top bar's title, links and switches are not what a player acts on. */
const MAY_COVER = ".topbar, #notice, #kit-banner, #toasts";

const GAP = 8;
const STEP = 8;
const MARGIN = 2;

function visibleRects(root, selector) {
  const out = [];
  for (const node of root.querySelectorAll(selector)) {
    if (node.closest(MAY_COVER)) continue;
    const r = node.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    if (r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth) continue;
    // a hair's breadth around each: a message that touches a card looks as if it covered it
    out.push({ left: r.left - MARGIN, top: r.top - MARGIN, right: r.right + MARGIN, bottom: r.bottom + MARGIN });
  }
  return out;
}

function overlap(x, y, w, h, rects) {
  let sum = 0;
  for (const r of rects) {
    const dx = Math.min(x + w, r.right) - Math.max(x, r.left);
    const dy = Math.min(y + h, r.bottom) - Math.max(y, r.top);
    if (dx > 0 && dy > 0) sum += dx * dy;
  }
  return sum;
}

/**
 * Move `box` (position: fixed, already holding its text) to the free spot nearest `near` (a DOMRect; default the
 * middle of the table, else of the screen). Free: over nothing matching `keepClear`; when no spot is free, the one
 * that covers least. Returns {x, y, covered} (covered: CSS px² still over something that should stay clear).
 */
export function placeAside(box, { near = null, keepClear = KEEP_CLEAR, root = document } = {}) {
  const vw = document.documentElement.clientWidth || innerWidth;
  const vh = innerHeight;
  box.style.left = "0px";
  box.style.top = "0px";
  // the layout size, not the drawn one: a box that pops in is drawn scaled down at first, and placed by that
  // smaller size it would stick out past the edge once it has grown
  const size = box.getBoundingClientRect();
  const w = Math.min(box.offsetWidth || size.width, vw - 2 * GAP);
  const h = box.offsetHeight || size.height;
  const anchor = near || defaultAnchor();
  const ax = anchor.left + anchor.width / 2;
  const ay = anchor.top + anchor.height / 2;
  const rects = visibleRects(root, keepClear);
  const clampX = (x) => Math.max(GAP, Math.min(vw - w - GAP, x));
  const clampY = (y) => Math.max(GAP / 2, Math.min(vh - h - GAP, y));
  const xs = [...new Set([ax - w / 2, anchor.left, anchor.right - w, (vw - w) / 2, GAP, vw - w - GAP].map(clampX))];
  const ys = [anchor.top - h - GAP, anchor.bottom + GAP];
  for (let y = GAP / 2; y <= vh - h - GAP; y += STEP) ys.push(y);
  let best = null;
  for (const y0 of ys) {
    const y = clampY(y0);
    for (const x of xs) {
      const covered = overlap(x, y, w, h, rects);
      // covering anything costs far more than any distance on screen: near, but never over
      const cost = covered * 1000 + Math.hypot(x + w / 2 - ax, y + h / 2 - ay);
      if (!best || cost < best.cost) best = { x, y, covered, cost };
    }
  }
  box.style.left = `${best.x}px`;
  box.style.top = `${best.y}px`;
  return { x: best.x, y: best.y, covered: best.covered };
}

/** Whether `box` lies over something that should stay clear now (the table changed under it). */
export function covers(box, { keepClear = KEEP_CLEAR, root = document } = {}) {
  const r = box.getBoundingClientRect();
  return r.width > 0 && overlap(r.left, r.top, r.width, r.height, visibleRects(root, keepClear)) > 0;
}

/** The middle of the table's felt or board if it is on screen, else the middle of the screen. */
function defaultAnchor() {
  const centre = document.querySelector(".kit-center, #board");
  const r = centre && centre.getBoundingClientRect();
  if (r && r.width && r.bottom > 0 && r.top < innerHeight) {
    const top = Math.max(0, r.top);
    const bottom = Math.min(innerHeight, r.bottom);
    return { left: r.left, width: r.width, top, height: bottom - top, right: r.right, bottom };
  }
  return { left: 0, width: innerWidth, top: 0, height: innerHeight, right: innerWidth, bottom: innerHeight };
}
