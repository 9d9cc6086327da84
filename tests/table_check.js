// The table check, run in the page by tests/table_check.py (page.evaluate): what a person sees of the table now,
// measured in one go (nothing can redraw in the middle of it). It returns every problem found, each with the
// element (a short selector and its text), its box and what was wrong:
//   - "marked": an element marked data-now (what the player must see or press now) is not wholly in the viewport
//     at scroll position 0 (cut by the viewport's edge, or by a box that clips or scrolls it);
//   - "target": the same for an unmarked thing the player can act on now (an enabled button, link or field, a
//     board point, anything with a click or pointer listener) in the table (#board) or the page's own bars;
//   - "nothing marked": the player must act (body[data-my-turn=true]) and the page marks nothing;
//   - "sideways": the page is wider than the viewport;
//   - "outside the table": an element of the table (#board) drawn outside its box, over the page's bar or panels;
//   - "text": text that spills out of its box, is clipped by a box, is cut by an ellipsis, or lies above or left
//     of the page (where no scrolling reaches);
//   - "small": on a phone, a target whose part a finger can reach (not covered by anything) is under the minimum
//     (24×24 CSS px); elsewhere, a target covered wholly (except by a dialog of the table: a deal's result).
// While a modal layer covers the whole viewport (the match-over dialog), only what lies in it counts as a target.
//
// Clickable elements are found by the listeners they were given: tests/table_check.py installs LISTENERS (below)
// before the page's own scripts run.

// eslint-disable-next-line no-unused-vars
const LISTENERS = `(() => {
  const kinds = new Set(["click", "pointerdown", "pointerup", "mousedown", "mouseup", "touchstart", "touchend"]);
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, fn, options) {
    if (kinds.has(type) && this instanceof Element) this.__parlourClick = true;
    return add.call(this, type, fn, options);
  };
})();`;

// eslint-disable-next-line no-unused-vars
function tableCheck({ phone = false, minTarget = 24 } = {}) {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const problems = [];
  const TOL = 1.5;
  const SCOPE = ["#board", "#banner", "#seats-bar", "#notice"];
  const DIALOG = "dialog[open], [role=dialog], [role=alertdialog]";
  const CONTROL = "button, a[href], input:not([type=hidden]), select, textarea, [role=button], .kit-hit";

  const round = (r) => ({ x: Math.round(r.left), y: Math.round(r.top), w: Math.round(r.width), h: Math.round(r.height) });
  const text = (el) => (el.getAttribute("aria-label") || el.innerText || el.textContent || "").replace(/\s+/g, " ").trim().slice(0, 60);
  function describe(el) {
    let s = el.tagName.toLowerCase();
    if (el.id) s += `#${el.id}`;
    const cls = typeof el.className === "string" ? el.className : el.getAttribute("class") || "";
    for (const c of cls.split(/\s+/).filter(Boolean).slice(0, 3)) s += `.${c}`;
    for (const k of ["code", "action", "slot", "seat", "x", "y", "part", "pile"]) {
      if (el.dataset && el.dataset[k] !== undefined && el.dataset[k] !== "") s += `[data-${k}=${el.dataset[k]}]`;
    }
    const words = text(el);
    return words ? `${s} "${words}"` : s;
  }
  const add = (kind, el, detail, box) => problems.push({ kind, what: el ? describe(el) : "", detail,
    box: box ? round(box) : el ? round(el.getBoundingClientRect()) : null });

  function shown(el) {
    if (!el.isConnected) return false;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    return el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  }
  const disabled = (el) => el.disabled === true || el.getAttribute("aria-disabled") === "true" || !!el.closest("fieldset:disabled");

  // The part of an element's box not cut off by the viewport or by a box around it that clips or scrolls.
  function visiblePart(el) {
    const r = el.getBoundingClientRect();
    let box = { l: r.left, t: r.top, r: r.right, b: r.bottom };
    let by = null;
    const cut = (c, who) => {
      const next = { l: Math.max(box.l, c.left), t: Math.max(box.t, c.top), r: Math.min(box.r, c.right), b: Math.min(box.b, c.bottom) };
      if (next.l > box.l + TOL || next.t > box.t + TOL || next.r < box.r - TOL || next.b < box.b - TOL) by = by || who;
      box = next;
    };
    for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX !== "visible" || cs.overflowY !== "visible") cut(a.getBoundingClientRect(), a);
      if (cs.position === "fixed") break;
    }
    cut({ left: 0, top: 0, right: vw, bottom: vh }, null);
    return { box, by, whole: !by && box.l <= r.left + TOL && box.t <= r.top + TOL && box.r >= r.right - TOL && box.b >= r.bottom - TOL };
  }
  function offscreen(kind, el) {
    const v = visiblePart(el);
    if (v.whole) return;
    const r = el.getBoundingClientRect();
    const where = v.by ? `cut by ${describe(v.by).split(" ")[0]} (${JSON.stringify(round(v.by.getBoundingClientRect()))})`
      : `outside the viewport ${vw}×${vh}`;
    add(kind, el, `${where}; box ${JSON.stringify(round(r))}`);
  }

  // A modal layer: one fixed element under the middle and the four corners of the viewport.
  function modalLayer() {
    const points = [[vw / 2, vh / 2], [3, 3], [vw - 3, 3], [3, vh - 3], [vw - 3, vh - 3]];
    let layer;
    for (const [x, y] of points) {
      let hit = document.elementFromPoint(x, y);
      while (hit && getComputedStyle(hit).position !== "fixed") hit = hit.parentElement;
      if (!hit || (layer && hit !== layer)) return null;
      layer = hit;
    }
    return layer;
  }
  const layer = modalLayer();
  const scopes = layer ? [layer] : SCOPE.map((s) => document.querySelector(s)).filter(Boolean);

  // What the player can act on now, in the table and the page's own bars.
  const targets = new Set();
  for (const scope of scopes) {
    for (const el of [scope, ...scope.querySelectorAll("*")]) {
      const control = el.matches(CONTROL);
      if (!control && !el.__parlourClick) continue;
      if (!control && el.querySelector(CONTROL)) continue;  // a listener on a box of controls (delegation)
      if (disabled(el) || !shown(el)) continue;
      if (el.closest("a[href], button") && el.closest("a[href], button") !== el) continue;  // inside a control
      targets.add(el);
    }
  }
  const marked = [...document.querySelectorAll("[data-now]")].filter(shown)
    .filter((el) => !layer || layer.contains(el) || el.contains(layer));
  const mustAct = document.body.dataset.myTurn === "true";
  if (mustAct && !marked.length) add("nothing marked", null, "the player must act now, and nothing on the page is marked data-now");
  const cut = [];
  for (const el of marked) {
    const before = problems.length;
    offscreen("marked", el);
    if (problems.length > before) cut.push(el);
  }
  // A target inside a marked element already told as cut is not told again.
  for (const el of targets) if (!cut.some((m) => m.contains(el))) offscreen(marked.some((m) => m.contains(el)) ? "marked" : "target", el);

  // Each target's part that a pointer reaches (not covered by anything), by hit tests: along a row through it,
  // then down a column through the middle of what the row reached (a fanned card's visible strip). A laptop's
  // pointer needs one point only.
  const reaches = (el, x, y) => { const hit = document.elementFromPoint(x, y); return !!hit && (hit === el || el.contains(hit)); };
  function reachable(el, needed) {
    const v = visiblePart(el).box;
    const w = v.r - v.l;
    const hgt = v.b - v.t;
    if (w <= 0 || hgt <= 0) return { w: 0, h: 0 };
    if (!needed) {
      for (const [fx, fy] of [[0.5, 0.5], [0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]]) {
        if (reaches(el, v.l + w * fx, v.t + hgt * fy)) return { w: 1, h: 1 };
      }
      return { w: 0, h: 0 };
    }
    if (w < needed - TOL || hgt < needed - TOL) return { w, h: hgt };  // too small, however much of it is free
    const cx = v.l + w / 2, cy = v.t + hgt / 2, d = needed / 2 - 1;  // a free square in the middle: enough
    if ([[0, 0], [-d, -d], [d, -d], [-d, d], [d, d]].every(([dx, dy]) => reaches(el, cx + dx, cy + dy))) return { w, h: hgt };
    const step = 3;
    for (const fy of [0.5, 0.25, 0.75]) {
      const y = v.t + hgt * fy;
      let l = Infinity, r = -Infinity;
      for (let x = v.l + 1; x < v.r; x += step) if (reaches(el, x, y)) { l = Math.min(l, x); r = Math.max(r, x); }
      if (l === Infinity) continue;
      const x = (l + r) / 2;
      let t = y, b = y;  // the row's own point is reached
      for (let yy = v.t + 1; yy < v.b; yy += step) if (reaches(el, x, yy)) { t = Math.min(t, yy); b = Math.max(b, yy); }
      return { w: Math.min(w, r - l + step), h: Math.min(hgt, b - t + step) };
    }
    return { w: 0, h: 0 };
  }
  function underDialog(el) {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const dialog = hit && hit.closest(DIALOG);
    return !!dialog && !dialog.contains(el);
  }
  const inlineLink = (el) => el.tagName === "A" && getComputedStyle(el).display === "inline";
  for (const el of targets) {
    if (!visiblePart(el).whole) {  // off screen or cut, told above: on a phone, its own box is measured
      const r = el.getBoundingClientRect();
      if (phone && !inlineLink(el) && (r.width < minTarget - TOL || r.height < minTarget - TOL)) {
        add("small", el, `${Math.round(r.width)}×${Math.round(r.height)} px (at least ${minTarget}×${minTarget})`);
      }
      continue;
    }
    const got = reachable(el, phone && !inlineLink(el) ? minTarget : 0);
    // Wholly under a dialog of the table (a deal's result): the dialog is what the player answers now, and what it
    // covers waits for it to close ("Look at the table" closes it), so it is no target now.
    if (!got.w && underDialog(el)) continue;
    if (phone && !inlineLink(el) && (got.w < minTarget - TOL || got.h < minTarget - TOL)) {
      add("small", el, got.w && got.h ? `a finger reaches ${Math.round(got.w)}×${Math.round(got.h)} px of it (at least ${minTarget}×${minTarget})`
        : "covered wholly by something else");
    } else if (!phone && !got.w) add("small", el, "covered wholly by something else");
  }
  if (phone) {  // every other control of the page, wherever it is: its own box
    for (const el of document.querySelectorAll(CONTROL)) {
      if (targets.has(el) || disabled(el) || !shown(el) || inlineLink(el) || el.closest("svg.card")) continue;
      const r = el.getBoundingClientRect();
      if (r.width < minTarget - TOL || r.height < minTarget - TOL) {
        add("small", el, `${Math.round(r.width)}×${Math.round(r.height)} px (at least ${minTarget}×${minTarget})`);
      }
    }
  }

  // The table keeps to its box: nothing of #board is drawn over the page's bar or its panels (a result panel that
  // grows out of the felt's middle). The outermost element sticking out is told, not each of its children.
  const board = document.querySelector("#board");
  if (board && shown(board)) {
    const bb = board.getBoundingClientRect();
    const bar = document.querySelector(".topbar");
    const out = [];
    for (const el of board.querySelectorAll("*")) {
      if (el.parentElement && el.parentElement.closest("svg")) continue;  // an SVG's own drawing is clipped by it
      if (out.some((o) => o.contains(el))) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) continue;
      if (r.left < bb.left - 2 || r.top < bb.top - 2 || r.right > bb.right + 2 || r.bottom > bb.bottom + 2) {
        if (!shown(el) || visiblePart(el).by) continue;  // hidden, or cut off by a box of the table itself
        // A dialog of the table (a deal's result) is a layer over the page by design: it only has to lie in the
        // viewport, below the page's top bar (whose buttons it must not hide).
        if (el.matches(DIALOG) && visiblePart(el).whole
            && (!bar || r.top >= bar.getBoundingClientRect().bottom - 2)) { out.push(el); continue; }  // its parts too
        out.push(el);
        add("outside the table", el, `drawn outside the table's box ${JSON.stringify(round(bb))}, over the page around it`);
      }
    }
  }

  // Sideways: the page is wider than the viewport; name the elements that stick out furthest.
  const wide = document.documentElement.scrollWidth - vw;
  if (wide > 0) {
    const out = [...document.body.querySelectorAll("*")].filter((el) => el.getBoundingClientRect().right > vw + TOL && shown(el))
      .filter((el, _, all) => !all.some((o) => o !== el && el.contains(o)))
      .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right).slice(0, 3);
    add("sideways", out[0] || document.body, `the page is ${wide} px wider than the viewport (${vw} px)${out.length > 1
      ? `; also ${out.slice(1).map(describe).join(", ")}` : ""}`);
  }

  // Text: each text node within its box (the nearest element that is not inline), not clipped by a box around it,
  // not cut by an ellipsis, and not above or left of the page.
  const blockOf = (el) => {
    for (let a = el; a; a = a.parentElement) if (!/^(inline|contents)$/.test(getComputedStyle(a).display)) return a;
    return document.body;
  };
  const told = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (/\S/.test(n.data) && n.parentElement && !n.parentElement.closest("svg, script, style, template, noscript, option, select, textarea")
      ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
  });
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const box = blockOf(parent);
    if (told.has(box) || !shown(parent)) continue;
    const b = box.getBoundingClientRect();
    if (b.width < 3 || b.height < 3) continue;  // visually hidden text for screen readers
    const fontSize = parseFloat(getComputedStyle(parent).fontSize) || 16;
    const vtol = Math.max(2, fontSize * 0.3);
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
    const cs = getComputedStyle(box);
    let why = null;
    if (cs.textOverflow === "ellipsis" && box.scrollWidth > box.clientWidth + 1) why = "cut by an ellipsis";
    for (const r of rects) {
      if (why) break;
      if (r.left < b.left - TOL || r.right > b.right + TOL || r.top < b.top - vtol || r.bottom > b.bottom + vtol) {
        why = `${cs.overflowX !== "visible" || cs.overflowY !== "visible" ? "clipped by" : "spills out of"} its box (text ${JSON.stringify(round(r))})`;
        break;
      }
      let scrolls = false;
      for (let a = box.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (/auto|scroll/.test(s.overflowX + s.overflowY)) { scrolls = true; break; }  // it scrolls there: not cut
        if (s.overflowX === "visible" && s.overflowY === "visible") continue;
        const c = a.getBoundingClientRect();
        if (r.right < c.left || r.left > c.right || r.bottom < c.top || r.top > c.bottom) { scrolls = true; break; }  // folded away
        if (r.left < c.left - TOL || r.right > c.right + TOL || r.top < c.top - vtol || r.bottom > c.bottom + vtol) {
          why = `clipped by ${describe(a).split(" ")[0]} ${JSON.stringify(round(c))} (text ${JSON.stringify(round(r))})`;
          break;
        }
      }
      if (!why && !scrolls && (r.top < -vtol || r.left < -TOL)) {
        why = `${r.top < -vtol ? "above" : "left of"} the page, where no scrolling reaches (${JSON.stringify(round(r))})`;
      }
    }
    if (why) {
      told.add(box);
      add("text", box, why, b);
    }
  }
  return { problems, marked: marked.length, targets: targets.size, mustAct, modal: !!layer,
    version: document.body.dataset.version, viewport: `${vw}×${vh}` };
}
