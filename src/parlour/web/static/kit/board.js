// A board drawn in SVG: a grid of points (Go, Xiangqi: pieces stand on the crossings) or of cells (chess-like),
// coordinates along the edges, a click target on every point, and helpers for the game to draw its own marks.
// Example: a 9×9 Go board whose empty points you may click.
//   board({ cols: 9, rows: 9, kind: "points", coords: true,
//           pickable: (x, y) => empty(x, y), onPoint: (x, y) => ctx.play(`play ${files[x]}${9 - y}`),
//           draw: (b) => { for (const s of stones) b.disc(s.x, s.y, { cls: s.colour }); } })

const SVG = "http://www.w3.org/2000/svg";
import { t } from "../i18n.js";
const FILES = "abcdefghjklmnopqrst"; // Go's letters skip "i"

function el(name, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) if (v != null) node.setAttribute(k, String(v));
  for (const c of children) if (c != null) node.append(c);
  return node;
}

/**
 * Options:
 *  - cols, rows: points (kind "points") or cells (kind "cells") across and down;
 *  - step: distance between points / a cell's side in SVG units (default 40); the SVG scales to its box (CSS);
 *  - coords: true for Go-style letters and numbers along the edges, or {cols: [labels], rows: [labels]};
 *  - pickable(x, y) → true, false or a reason (a string), onPoint(x, y): click targets (x from the left, y from the
 *    top, both from 0); a point that may not be picked says why when clicked: its reason, else `why(x, y)`, else
 *    the table page's reason why nothing may be played now ("Not your turn: waiting for Bot 1");
 *  - why(x, y): the reason for the points pickable gives none;
 *  - draw(b): draws the game's marks with the helpers of `b` (below) after the grid and before the targets;
 *  - label: the accessible name; cls: more classes.
 * The helpers: b.at(x, y) → [px, py] (centre of a point or cell); b.line(x1, y1, x2, y2, attrs);
 * b.disc(x, y, {cls, r, text}) a stone or piece; b.mark(x, y, {cls, r}) a small dot (star point, last move);
 * b.cell(x, y, {cls}) fills a cell; b.text(x, y, text, {cls}); b.el(name, attrs) any SVG element, appended.
 * Every target is `<rect class="kit-hit" data-x data-y>`, every refused point `<rect class="kit-miss" data-why>`;
 * the svg is `<svg class="kit-board">`, marked `data-now` (what the player must see now) while it has a target.
 */
export function board({ cols, rows, kind = "points", step = 40, coords = false, pickable = () => false,
  onPoint = null, why = () => null, draw = null, label = t("Board"), cls = "" } = {}) {
  const cells = kind === "cells";
  const pad = step * (coords ? 1.1 : 0.7);
  const w = (cells ? cols : cols - 1) * step;
  const hgt = (cells ? rows : rows - 1) * step;
  const svg = el("svg", { class: `kit-board ${kind} ${cls}`.trim(), viewBox: `${-pad} ${-pad} ${w + 2 * pad} ${hgt + 2 * pad}`,
    role: "group", "aria-label": label });
  const at = (x, y) => (cells ? [(x + 0.5) * step, (y + 0.5) * step] : [x * step, y * step]);
  const grid = el("g", { class: "kit-board-grid" });
  svg.append(el("rect", { class: "kit-board-bg", x: -pad, y: -pad, width: w + 2 * pad, height: hgt + 2 * pad, rx: step / 5 }));
  if (cells) {
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        grid.append(el("rect", { class: `kit-board-cell ${(x + y) % 2 ? "dark" : "light"}`, x: x * step, y: y * step,
          width: step, height: step }));
      }
    }
  } else {
    for (let x = 0; x < cols; x++) grid.append(el("line", { x1: x * step, y1: 0, x2: x * step, y2: hgt }));
    for (let y = 0; y < rows; y++) grid.append(el("line", { x1: 0, y1: y * step, x2: w, y2: y * step }));
  }
  svg.append(grid);
  const colLabels = (coords && coords.cols) || Array.from({ length: cols }, (_, i) => FILES[i] || String(i + 1));
  const rowLabels = (coords && coords.rows) || Array.from({ length: rows }, (_, i) => String(rows - i));
  if (coords) {
    const g = el("g", { class: "kit-board-coords", "font-size": step * 0.36, "text-anchor": "middle" });
    colLabels.forEach((t, x) => {
      const [px] = at(x, 0);
      g.append(el("text", { x: px, y: -pad * 0.45, "dominant-baseline": "middle" }, t));
      g.append(el("text", { x: px, y: hgt + pad * 0.5, "dominant-baseline": "middle" }, t));
    });
    rowLabels.forEach((t, y) => {
      const [, py] = at(0, y);
      g.append(el("text", { x: -pad * 0.5, y: py, "dominant-baseline": "middle" }, t));
      g.append(el("text", { x: w + pad * 0.5, y: py, "dominant-baseline": "middle" }, t));
    });
    svg.append(g);
  }
  const marks = el("g", { class: "kit-board-marks" });
  svg.append(marks);
  const b = {
    svg, step, at,
    el: (name, attrs = {}, ...children) => { const n = el(name, attrs, ...children); marks.append(n); return n; },
    line: (x1, y1, x2, y2, attrs = {}) => {
      const [a, c] = at(x1, y1);
      const [d, e] = at(x2, y2);
      return b.el("line", { x1: a, y1: c, x2: d, y2: e, ...attrs });
    },
    disc: (x, y, { cls: c = "", r = step * 0.46, text = null } = {}) => {
      const [px, py] = at(x, y);
      const g = b.el("g", { class: `kit-disc ${c}`.trim(), "data-x": x, "data-y": y });
      g.append(el("circle", { cx: px, cy: py, r }));
      if (text != null) g.append(el("text", { x: px, y: py, "text-anchor": "middle", "dominant-baseline": "central",
        "font-size": r * 1.05 }, text));
      return g;
    },
    mark: (x, y, { cls: c = "", r = step * 0.1 } = {}) => {
      const [px, py] = at(x, y);
      return b.el("circle", { class: `kit-mark ${c}`.trim(), cx: px, cy: py, r });
    },
    cell: (x, y, { cls: c = "" } = {}) => b.el("rect", { class: `kit-cell-mark ${c}`.trim(), x: at(x, y)[0] - step / 2,
      y: at(x, y)[1] - step / 2, width: step, height: step }),
    text: (x, y, t, { cls: c = "" } = {}) => {
      const [px, py] = at(x, y);
      return b.el("text", { class: c, x: px, y: py, "text-anchor": "middle", "dominant-baseline": "central" }, t);
    },
  };
  if (draw) draw(b);
  if (onPoint) {
    const hits = el("g", { class: "kit-board-hits" });
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        const ok = pickable(x, y);
        const [px, py] = at(x, y);
        if (ok !== true) {
          const reason = (typeof ok === "string" && ok) || why(x, y);
          // refused points are no tab stops: the keyboard walks the moves, a click anywhere else says why
          hits.append(el("rect", { class: "kit-miss", x: px - step / 2, y: py - step / 2, width: step, height: step,
            "data-x": x, "data-y": y, "data-why": reason || null }));
          continue;
        }
        const hit = el("rect", { class: "kit-hit", x: px - step / 2, y: py - step / 2, width: step, height: step,
          "data-x": x, "data-y": y, tabindex: 0, role: "button", "aria-label": coords ? `${colLabels[x]}${rowLabels[y]}` : `${x},${y}` });
        hit.addEventListener("click", () => onPoint(x, y));
        hit.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onPoint(x, y); } });
        hits.append(hit);
      }
    }
    svg.append(hits);
    if (hits.children.length) svg.setAttribute("data-now", "");
  }
  return svg;
}
