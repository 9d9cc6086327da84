// A banner for what just happened ("Bot 2 won the trick", "Bora is the partner"), shown for a moment and read out
// to screen readers. The table page shows one for each new log entry the game's `headline(event, ctx)` words; a
// game may also call banner() itself. It lies near the middle of the table but over none of what the player must
// see or press now (place.js: her cards, the prompt, buttons, seat plates, a result's buttons), and clicks go
// through it to whatever is under it.
// Example: banner("You won the deal: +46", { kind: "good" })

import { h } from "../util.js";
import { placeAside, covers } from "./place.js";

const SHOW_MS = 1800;
let box = null;

function host() {
  if (box && box.isConnected) return box;
  box = document.getElementById("kit-banner");
  if (!box) {
    box = h("div", { id: "kit-banner", class: "kit-banner", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  return box;
}

function place(root) {
  if (root.children.length) placeAside(root);
}

/**
 * Show `text` (a string or an element) for `ms` milliseconds; kind: "info" (default), "good", "bad".
 * Several banners in a row stack, newest at the bottom, at most two at a time.
 */
export function banner(text, { kind = "info", ms = SHOW_MS } = {}) {
  const root = host();
  const item = h("div", { class: `kit-banner-item ${kind}` }, text);
  root.append(item);
  while (root.children.length > 2) root.firstChild.remove();
  place(root);
  setTimeout(() => item.classList.add("fade"), Math.max(0, ms - 400));
  setTimeout(() => { item.remove(); place(root); }, ms);
  return item;
}

/** After a redraw: move the banners if the table now has something they must not cover under them. */
export function keepBannersClear() {
  const root = document.getElementById("kit-banner");
  if (root && root.children.length && covers(root)) placeAside(root);
}
