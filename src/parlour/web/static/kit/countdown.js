// A ring that empties while a timed window is open (a snap window, a spoon grab, a claw call): drawn from the
// table's deadline, which the page keeps in ctx.deadlineAt (when it closes, ms since the epoch) and
// ctx.deadlineTotal (how long it was open when first seen, ms). The ring runs as a CSS animation: no redraws.
// Example: seatPlate(ctx, seat, { badges: [countdown(ctx)] })

import { h } from "../util.js";
import { t } from "../i18n.js";

const SVG = "http://www.w3.org/2000/svg";

function el(name, attrs = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** The ring with the seconds left in it, or null while no window is open. Options: size (px), label. */
export function countdown(ctx, { size = 40, label = t("Time left") } = {}) {
  if (ctx.deadlineAt == null) return null;
  const left = Math.max(0, ctx.deadlineAt - Date.now());
  const total = Math.max(left, ctx.deadlineTotal || left || 1);
  const r = 16;
  const length = 2 * Math.PI * r;
  const svg = el("svg", { viewBox: "0 0 40 40", width: size, height: size, class: "kit-countdown-ring" });
  svg.append(el("circle", { cx: 20, cy: 20, r, class: "track" }));
  const arc = el("circle", { cx: 20, cy: 20, r, class: "arc", "stroke-dasharray": length.toFixed(2),
    transform: "rotate(-90 20 20)" });
  // Start where the window is now, empty the rest over the time left.
  arc.style.setProperty("--from", (length * (1 - left / total)).toFixed(2));
  arc.style.setProperty("--to", length.toFixed(2));
  arc.style.animationDuration = `${left}ms`;
  svg.append(arc);
  const seconds = h("span", { class: "kit-countdown-text" }, String(Math.ceil(left / 1000)));
  const box = h("span", { class: "kit-countdown", role: "timer", "aria-label": label, title: label, "data-now": "" },
    svg, seconds);
  // The number ticks by itself until the window closes or the element leaves the page.
  const tick = setInterval(() => {
    if (!box.isConnected && box.dataset.started) { clearInterval(tick); return; }
    box.dataset.started = "1";
    const s = Math.max(0, ((ctx.deadlineAt ?? 0) - Date.now()) / 1000);
    seconds.textContent = String(Math.ceil(s));
    if (s <= 0) clearInterval(tick);
  }, 250);
  return box;
}
