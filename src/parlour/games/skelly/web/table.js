// Skelly at the table: the chalk court seen from above (boxes 1-13, the dead box with its four quadrants, the
// start line), every cap where it lies, the players beside it with what each shoots for.
// Play: on your turn, press on your cap and drag back, as with a slingshot: the cap will fly the other way, and the
// further you pull the harder it goes. While you pull, an arrow shows the direction and a gauge the power, never
// where the cap would stop: judging that is the game. Let go to flick. Or type the angle and power below the court.
// Every shot is animated from the trajectory in the view, so every player sees the same flight; what it did (a box
// reached, a hit, a cap out) is told when the cap lands, not before: until then the players, the prompt, the log and
// the standing show the table as it was when the cap was flicked.
// Actions on the wire: "flick 37.5 0.82" (degrees counter-clockwise from the right; power 0.001-1, 1 slides ~3 m).

import { h, seatName, seatPlate, board as drawBoard, reducedMotion, translator, N_ } from "/static/kit/kit.js";

const { t, tn, tp } = await translator(import.meta.url);

export const styles = ["table.css"];
export const ownsLegal = true;

/** Each seat's cap colour, the terminal's too. */
export const COLOURS = ["#e53935", "#1e88e5", "#fdd835", "#43a047", "#8e24aa", "#fb8c00"];
const COLOUR_NAMES = [N_("red cap"), N_("blue cap"), N_("yellow cap"), N_("green cap"), N_("purple cap"), N_("orange cap")];
/** How far back (m) a pull reaches full power. */
export const PULL_MAX = 0.6;
/** The aiming arrow's length (m): the same at every power, so that it shows the direction only. */
const ARROW = 0.32;
/** The power gauge's length at full power (SVG units). */
const GAUGE = 600;
/** How near its cap (m) a press picks it up. */
const GRAB = 0.18;
/** SVG units per metre: the court is drawn in millimetres, y upwards turned downwards. */
const MM = 1000;
const SVG = "http://www.w3.org/2000/svg";

const pace = () => {
  const v = Number.parseFloat(localStorage.getItem("parlour.pace") ?? "1");
  return Number.isFinite(v) && v >= 0 ? v : 1;
};
const toSvg = ([x, y]) => [x * MM, -y * MM];
const round = (v, digits) => Number(v.toFixed(digits));

function el(name, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) if (v != null) node.setAttribute(k, String(v));
  for (const c of children) if (c != null) node.append(c);
  return node;
}

/** The flick a pull makes: the cap goes the other way; power grows with the pull, full at PULL_MAX. */
export function flickOf(pull) {
  const [dx, dy] = pull;
  const length = Math.hypot(dx, dy);
  const power = Math.min(1, round(length / PULL_MAX, 3));
  let angle = round(((Math.atan2(-dy, -dx) * 180) / Math.PI + 360) % 360, 1);
  if (angle >= 360) angle = 0;
  return { angle, power, text: `flick ${angle} ${power}` };
}

export function title() {
  return t("Skelly");
}

const courtName = (name) => t("{court} court", { court: tp("choice", name) });

export function info(view) {
  return `${courtName(view.options.court)} · ${t("shot {n} of {total}", { n: view.shots, total: view.shot_limit })}`;
}

// --- words ---------------------------------------------------------------------------------------------------------

/** A target as the engine words it ("box 5 on the way back", "a quadrant of the dead box: NE or SW"...), translated. */
export function targetText(label) {
  if (label === "any cap (a killer)") return t("any cap (a killer)");
  if (label === "box 13 from box 1 (the killer run)") return t("box 13 from box 1 (the killer run)");
  let m = /^box (\d+)( on the way back)?$/.exec(label || "");
  if (m) return m[2] ? t("box {n} on the way back", { n: m[1] }) : t("box {n}", { n: m[1] });
  m = /^a quadrant of the dead box: (.*)$/.exec(label || "");
  if (m) return t("a quadrant of the dead box: {quadrants}", { quadrants: orList(m[1].split(" or ")) });
  return label;
}

const orList = (items) => (items.length ? items.reduce((a, b) => t("{a} or {b}", { a, b })) : "");
const andList = (items) => (items.length ? items.reduce((a, b) => t("{a} and {b}", { a, b })) : "");
const capOf = (ctx, seat) => (seat === ctx.seat ? t("your cap") : t("{who}'s cap", { who: seatName(ctx, seat) }));
const cap1 = (ctx, seat) => (seat === ctx.seat ? t("Your cap") : t("{who}'s cap", { who: seatName(ctx, seat) }));
/** One of two sentences: the one for you, or the one for another player ({who}). */
const said = (ctx, seat, you, them, values = {}) => (seat === ctx.seat ? t(you, values)
  : t(them, { ...values, who: seatName(ctx, seat) }));
const REASONS = {
  "last cap": N_("Only one cap is left in the game."),
  "shot limit": N_("The match reached its limit of shots: the best-placed cap wins (killers first, then kills, then how far each has come)."),
};
const reasonText = (reason) => (REASONS[reason] ? t(REASONS[reason]) : "");

function shotWords(e, ctx) {
  const [, angle, power] = e.action.split(" ");
  const hits = andList((e.hits || []).map((s) => capOf(ctx, s)));
  const target = targetText(e.target);
  let what;
  switch (e.result) {
    case "in": what = t("in {target}", { target }); break;
    case "hit": what = tn("hits {hits} and moves on {n} box", "hits {hits} and moves on {n} boxes (a cap knocked out of the dead box)",
      e.advance, { hits }); break;
    case "kill": what = t("kills {hits}", { hits }); break;
    case "killer": what = t("hits {hits}, a killer's, and becomes a killer", { hits }); break;
    case "out": what = t("hits {hits}, a killer's, and is out", { hits }); break;
    case "trapped": what = t("lands in the dead box: trapped"); break;
    default: what = t("misses {target}", { target });
  }
  const again = ["in", "hit", "kill", "killer"].includes(e.result);
  const values = { angle, power, target, what };
  if (e.seat === ctx.seat) {
    return again ? t("You flick {angle}° at power {power} for {target}: {what} — shoot again", values)
      : t("You flick {angle}° at power {power} for {target}: {what}", values);
  }
  values.who = seatName(ctx, e.seat);
  return again ? t("{who} flicks {angle}° at power {power} for {target}: {what} — shoots again", values)
    : t("{who} flicks {angle}° at power {power} for {target}: {what}", values);
}

/** One log entry in words (none yet for what the shot in the air did: it is told when the cap lands). */
export function describe(e, ctx) {
  if (inFlight(ctx.view, ctx) && (ctx.fresh || []).includes(e)) return null;
  const cap = () => cap1(ctx, e.seat);
  switch (e.type) {
    case "start": return said(ctx, e.first, N_("You shoot first, from the start line ({court})."),
      N_("{who} shoots first, from the start line ({court})."), { court: courtName(e.court) });
    case "shot": return shotWords(e, ctx);
    case "bounds": return t("{cap} left the court and is put back inside.", { cap: cap() });
    case "trapped": return t("{cap} is trapped in the dead box.", { cap: cap() });
    case "freed":
      if (e.by == null) return t("{cap} is knocked out of the dead box: free again.", { cap: cap() });
      return e.by === ctx.seat ? t("{cap} is knocked out of the dead box by you: free again.", { cap: cap() })
        : t("{cap} is knocked out of the dead box by {by}: free again.", { cap: cap(), by: seatName(ctx, e.by) });
    case "removed":
      if (e.how === "kill") {
        return e.by === ctx.seat ? t("{cap} is out of the game, killed by you.", { cap: cap() })
          : t("{cap} is out of the game, killed by {by}.", { cap: cap(), by: seatName(ctx, e.by) });
      }
      return e.by === ctx.seat ? t("{cap} is out of the game: it hit you, a killer.", { cap: cap() })
        : t("{cap} is out of the game: it hit {by}, a killer.", { cap: cap(), by: seatName(ctx, e.by) });
    case "killer": return e.how === "run" ? said(ctx, e.seat, N_("You become a killer: the killer run is done!"), N_("{who} becomes a killer: the killer run is done!"))
      : said(ctx, e.seat, N_("You become a killer: you hit a killer!"), N_("{who} becomes a killer: it hit a killer!"));
    case "restart": return said(ctx, e.seat, N_("You miss on the killer run: you start again from box 1 next turn."),
      N_("{who} misses on the killer run: it starts again from box 1 next turn."));
    case "placed": return t("{cap} is put in box 1 for the killer run's shot into 13.", { cap: cap() });
    case "skip": return said(ctx, e.seat, N_("You are trapped and lose a turn ({waited} of {of})."),
      N_("{who} is trapped and loses a turn ({waited} of {of})."), { waited: e.waited, of: e.of });
    case "returned": return e.why === "waited" ? t("{cap} leaves the dead box after waiting its turns: back to the start line.", { cap: cap() })
      : t("{cap} leaves the dead box as every cap but the killers' was trapped: back to the start line.", { cap: cap() });
    case "end": return `${reasonText(e.reason)} ${resultWords(e.winners || [], ctx)}`.trim();
    default: return null;
  }
}

function resultWords(winners, ctx) {
  if (!winners.length) return t("The match is over.");
  if (winners.length > 1) return t("Shared win: {names}.", { names: winners.map((s) => seatName(ctx, s)).join(", ") });
  return said(ctx, winners[0], N_("You win!"), N_("{who} wins!"));
}

/** A banner for a new log entry; those of the shot in the air wait for the cap to land (see `landed`). */
export function headline(e, ctx) {
  const line = news(e, ctx);
  if (line && inFlight(ctx.view, ctx)) {
    (ctx.ui.held ||= []).push(line);
    return null;
  }
  return line;
}

function news(e, ctx) {
  const mine = e.seat === ctx.seat;
  if (e.type === "killer") return { text: said(ctx, e.seat, N_("You are a killer!"), N_("{who} is a killer!")), kind: mine ? "good" : "bad" };
  if (e.type === "removed") return { text: mine ? t("Your cap is out") : t("{who}'s cap is out", { who: seatName(ctx, e.seat) }),
    kind: mine ? "bad" : e.by === ctx.seat ? "good" : "info" };
  if (e.type === "trapped" && mine) return { text: t("Trapped in the dead box"), kind: "bad" };
  if (e.type === "freed" && mine) return { text: t("Out of the dead box!"), kind: "good" };
  if (e.type === "shot" && mine && e.result === "hit") return { text: tn("A hit: on {n} box", "A hit: on {n} boxes", e.advance), kind: "good" };
  return null;
}

// --- the shot's flight -----------------------------------------------------------------------------------------------

const flightMs = (shot) => (shot.frames - 1) * shot.frame_ms;

/** The last shot, while this page is still flying it (its caps have not landed on the page), else null. */
function inFlight(view, ctx) {
  const shot = view && view.last_shot;
  return shot && ctx.ui.flight === shot.number && performance.now() - ctx.ui.flightStart < flightMs(shot) * pace()
    ? shot : null;
}

/**
 * The view the players, the prompt and the standing are drawn from: while a shot flies, the one from before it
 * (the result is not told before the cap lands), else the view itself.
 */
function told(view, ctx) {
  const shot = inFlight(view, ctx);
  return shot && ctx.prev && (!ctx.prev.last_shot || ctx.prev.last_shot.number !== shot.number) ? ctx.prev : view;
}

/** The cap has landed on the page: draw what the shot did, and give the news held back meanwhile. */
function landed(ctx, shot) {
  if (ctx.ui.landed === shot.number) return;
  ctx.ui.landed = shot.number;
  ctx.rerender();
  for (const line of ctx.ui.held || []) ctx.banner(line.text ?? line, { kind: line.kind || "info" });
  ctx.ui.held = [];
}

/** Keep each shot on screen while it flies, and a moment after. */
export function hold(view, ctx) {
  const shot = view.last_shot;
  return shot && (ctx.fresh || []).some((e) => e.type === "shot" && e.number === shot.number) ? flightMs(shot) + 450 : 0;
}

/** Where a path is at `ms` into the flight (linear between frames). */
export function pointAt(path, shot, ms) {
  const f = Math.max(0, Math.min(path.length - 1, ms / shot.frame_ms));
  const i = Math.floor(f);
  const frac = f - i;
  const a = path[i];
  const b = path[Math.min(i + 1, path.length - 1)];
  return [a[0] + (b[0] - a[0]) * frac, a[1] + (b[1] - a[1]) * frac];
}

function fly(svg, shot, ctx, caps) {
  const scale = pace() || 1e-6;
  const total = flightMs(shot) * scale;
  const step = () => {
    if (!svg.isConnected) return; // redrawn: the new drawing carries on
    const elapsed = performance.now() - ctx.ui.flightStart;
    const done = elapsed >= total;
    for (const p of shot.paths) {
      const node = caps.get(p.seat);
      if (!node) continue;
      const [x, y] = toSvg(done ? p.path[p.path.length - 1] : pointAt(p.path, shot, elapsed / scale));
      node.setAttribute("transform", `translate(${x} ${y})`);
    }
    if (!done) { requestAnimationFrame(step); return; }
    svg.removeAttribute("data-flying");
    for (const node of caps.values()) {
      if (node.dataset.home) node.setAttribute("transform", node.dataset.home);
      if (node.classList.contains("gone")) node.classList.add("fade");
    }
    landed(ctx, shot);
  };
  requestAnimationFrame(step);
}

// --- the court -------------------------------------------------------------------------------------------------------

function capNode(cap, at, { mine, acting }) {
  const c = cap.seat;
  const r = 16;
  const [x, y] = toSvg(at);
  const cls = ["cap", `seat-${c}`, mine ? "mine" : "", acting ? "acting" : "", cap.killer ? "killer" : "",
    cap.trapped ? "trapped" : ""].filter(Boolean).join(" ");
  const g = el("g", { class: cls, "data-seat": c, transform: `translate(${x} ${y})` },
    el("title", {}, t(COLOUR_NAMES[c % 6])));
  if (acting) g.append(el("circle", { class: "halo", r: r + 22 }));
  if (cap.trapped) g.append(el("circle", { class: "trap-ring", r: r + 12 }));
  if (cap.killer) g.append(el("circle", { class: "killer-ring", r: r + 8 }));
  g.append(el("circle", { class: "body", r, fill: COLOURS[c % 6] }), el("circle", { class: "crown", r: r * 0.62 }));
  g.dataset.home = `translate(${x} ${y})`;
  return g;
}

function targetMarks(b, view, cap) {
  const next = cap && cap.next;
  if (!next || next.kind === "hunt") return;
  const c = view.court;
  if (next.kind === "quadrant") {
    const k = (c.skull / 2) * MM;
    for (const q of next.left) {
      const sx = q.includes("E") ? 1 : -1;
      const sy = q.includes("N") ? -1 : 1;
      b.el("rect", { class: "target", x: sx > 0 ? 0 : -k, y: sy > 0 ? 0 : -k, width: k, height: k });
    }
    return;
  }
  const [x, y] = toSvg(c.boxes[String(next.box)]);
  const half = ((next.box === 13 ? c.box13 : c.box) / 2) * MM;
  b.el("rect", { class: "target", x: x - half, y: y - half, width: 2 * half, height: 2 * half });
}

function courtSvg(view, ctx) {
  const c = view.court;
  const H = (c.side / 2) * MM;
  const line = c.line * MM;
  const [sx, sy] = toSvg(c.start.at);
  const len = (c.start.length / 2) * MM;
  const pad = 90;
  const box = [-H - pad, -H - pad, 2 * H + 2 * pad, H + sy + 2 * pad];
  const me = ctx.seat != null ? view.caps[ctx.seat] : null;
  const shot = view.last_shot;
  const flying = !!inFlight(view, ctx);
  const turn = told(view, ctx).turn;  // the shooter's halo stays on the flying cap until it lands
  const aiming = ctx.myTurn && !ctx.pending && !flying;
  const caps = new Map();

  const draw = (b) => {
    b.svg.setAttribute("viewBox", box.join(" "));
    b.el("rect", { class: "asphalt", x: box[0], y: box[1], width: box[2], height: box[3] });
    if (aiming) targetMarks(b, view, me);
    const chalk = { class: "chalk", "stroke-width": line };
    b.el("rect", { ...chalk, x: -H, y: -H, width: 2 * H, height: 2 * H });
    const k = (c.skull / 2) * MM;
    const b13 = (c.box13 / 2) * MM;
    b.el("rect", { ...chalk, class: "chalk skull", x: -k, y: -k, width: 2 * k, height: 2 * k });
    for (const [x1, y1, x2, y2] of [[0, -k, 0, -b13], [0, b13, 0, k], [-k, 0, -b13, 0], [b13, 0, k, 0]]) {
      b.el("line", { ...chalk, x1, y1, x2, y2 });
    }
    for (const [q, at] of Object.entries(c.quadrants)) {
      const [x, y] = toSvg(at);
      b.el("text", { class: "quadrant", x, y }, q);
    }
    b.el("text", { class: "dead", x: 0, y: -k + 70 }, t("dead box"));
    for (const [n, at] of Object.entries(c.boxes)) {
      const [x, y] = toSvg(at);
      const half = ((n === "13" ? c.box13 : c.box) / 2) * MM;
      b.el("rect", { ...chalk, x: x - half, y: y - half, width: 2 * half, height: 2 * half, "data-box": n });
      b.el("text", { class: "number", x, y, "font-size": half * 0.9 }, n);
    }
    b.el("line", { class: "chalk start", "stroke-width": line * 1.5, x1: sx - len, y1: sy, x2: sx + len, y2: sy });
    b.el("text", { class: "start-label", x: sx - len - 30, y: sy }, t("start"));
    const layer = b.el("g", { class: "caps" });
    const put = (seat, node) => { layer.append(node); caps.set(seat, node); };
    let hand = 0;
    for (const cap of view.caps) {
      const acting = turn === cap.seat && !view.over;
      let at = cap.at;
      if (!at && cap.where === "hand") {
        // the shooter's cap waits on the start line; the others' beside it
        at = acting ? c.start.at : [c.start.at[0] + c.start.length / 2 + 0.08 + 0.06 * hand++, c.start.at[1]];
      }
      if (!at) continue;
      const node = capNode(cap, at, { mine: cap.seat === ctx.seat, acting });
      if (cap.where === "hand" && !acting) node.classList.add("in-hand");
      put(cap.seat, node);
    }
    if (flying) {
      for (const p of shot.paths) {
        if (caps.has(p.seat)) continue; // a cap killed in this shot flies, then fades
        const ghost = capNode(view.caps[p.seat], p.path[0], {});
        ghost.classList.add("gone");
        put(p.seat, ghost);
      }
      const ms = performance.now() - ctx.ui.flightStart;
      for (const p of shot.paths) {
        const [x, y] = toSvg(pointAt(p.path, shot, ms / (pace() || 1e-6)));
        caps.get(p.seat).setAttribute("transform", `translate(${x} ${y})`);
      }
    }
    // the slingshot while you pull: the band, an arrow of one length for the direction, and in the corner by the
    // start line a gauge for the power with its reading
    const aim = b.el("g", { class: "aim", visibility: "hidden" });
    const gx = H - GAUGE - 40;
    aim.append(el("line", { class: "band" }), el("line", { class: "arrow" }), el("path", { class: "head" }),
      el("rect", { class: "gauge", x: gx, y: sy - 20, width: GAUGE + 8, height: 40, rx: 12 }),
      el("rect", { class: "power", x: gx + 4, y: sy - 16, width: 0, height: 32, rx: 9 }),
      el("text", { class: "reading", x: gx + GAUGE / 2 + 4, y: sy - 62 }));
  };
  const svg = drawBoard({ cols: 1, rows: 1, kind: "cells", step: 2 * H, draw, label: t("Skelly court"), cls: "skelly-court" });
  if (shot) svg.dataset.shot = shot.number;
  if (flying) {
    svg.dataset.flying = shot.number;
    fly(svg, shot, ctx, caps);
  }
  if (aiming && me) slingshot(svg, view, ctx, me);
  return svg;
}

/** Court metres under a pointer event. */
function courtPoint(svg, ev) {
  const m = svg.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
  return [p.x / MM, -p.y / MM];
}

// The pull lives in ctx.ui and the pointer is followed on the window, not on the court's drawing: a state or
// presence message that redraws the court in the middle of a pull must not drop the shot.
function slingshot(svg, view, ctx, me) {
  svg.classList.add("aiming-ok");
  const from = me.at || view.court.start.at;
  const held = ctx.ui.pulling;
  if (held && ctx.ui.pull) {
    held.from = from;
    svg.classList.add("pulling");
    showAim(svg, from, ctx.ui.pull);
  }
  svg.addEventListener("pointerdown", (ev) => {
    const p = courtPoint(svg, ev);
    if (!p || Math.hypot(p[0] - from[0], p[1] - from[1]) > GRAB || ctx.pending) return;
    ev.preventDefault();
    svg.setPointerCapture(ev.pointerId);
    ctx.ui.pulling = { id: ev.pointerId, from };
    svg.classList.add("pulling");
  });
  followPointer(ctx);
}

/**
 * The band back to the pointer, an arrow the other way (always ARROW long: the direction, not the distance), and
 * the gauge filled to the power with its reading, for a pull from `from`. Nothing shows where the cap would stop.
 */
function showAim(svg, from, pull) {
  const aim = svg.querySelector(".aim");
  const [band, arrow, head, , power, reading] = aim.children;  // the gauge's frame stays in its corner
  const f = flickOf(pull);
  const [cx, cy] = toSvg(from);
  const [px, py] = toSvg([from[0] + pull[0], from[1] + pull[1]]);
  const a = (f.angle * Math.PI) / 180;
  const [ux, uy] = [Math.cos(a), -Math.sin(a)];  // the direction on the drawing (y downwards)
  const [ex, ey] = [cx + ux * ARROW * MM, cy + uy * ARROW * MM];
  const tip = (side) => `${ex - ux * 60 + side * uy * 34} ${ey - uy * 60 - side * ux * 34}`;
  const set = (node, attrs) => { for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v)); };
  set(band, { x1: cx, y1: cy, x2: px, y2: py });
  set(arrow, { x1: cx, y1: cy, x2: ex - ux * 40, y2: ey - uy * 40 });
  set(head, { d: `M${ex} ${ey}L${tip(1)}L${tip(-1)}Z` });
  set(power, { width: GAUGE * f.power });
  reading.textContent = `${f.angle}° · ${t("power {power}", { power: f.power })}`;
  aim.setAttribute("visibility", "visible");
}

/** Once per page: follow a pull's pointer wherever the court is drawn now, and flick on letting go. */
function followPointer(ctx) {
  if (ctx.ui.following) return;
  ctx.ui.following = true;
  const court = () => document.querySelector("svg.skelly-court");
  window.addEventListener("pointermove", (ev) => {
    const held = ctx.ui.pulling;
    const svg = court();
    if (!held || held.id !== ev.pointerId || !svg) return;
    const p = courtPoint(svg, ev);
    if (!p) return;
    ctx.ui.pull = [p[0] - held.from[0], p[1] - held.from[1]];
    showAim(svg, held.from, ctx.ui.pull);
  });
  const release = (ev, shoot) => {
    const held = ctx.ui.pulling;
    if (!held || held.id !== ev.pointerId) return;
    ctx.ui.pulling = null;
    const svg = court();
    if (svg) {
      svg.classList.remove("pulling");
      svg.querySelector(".aim")?.setAttribute("visibility", "hidden");
    }
    const pull = ctx.ui.pull;
    ctx.ui.pull = null;
    if (!shoot || !pull || !ctx.myTurn) return;
    const f = flickOf(pull);
    if (f.power < 0.001) return; // hardly pulled: nothing happens
    ctx.ui.last = f;
    ctx.play(f.text);
  };
  window.addEventListener("pointerup", (ev) => release(ev, true));
  window.addEventListener("pointercancel", (ev) => release(ev, false));
}

// --- around the court ------------------------------------------------------------------------------------------------

function status(view, ctx) {
  let text;
  const shot = inFlight(ctx.view, ctx);
  if (shot) {
    const mine = shot.seat === ctx.seat;
    return h("p", { class: `skelly-status${mine ? " yours" : ""}`, role: "status" },
      mine ? t("Your cap is sliding…") : t("{who}'s cap is sliding…", { who: seatName(ctx, shot.seat) }));
  }
  if (view.over) {
    text = `${reasonText((view.result || {}).reason) || t("The match is over.")} ${resultWords(view.winners || [], ctx)}`;
  } else if (ctx.myTurn) {
    const cap = view.caps[ctx.seat];
    text = ctx.pending ? t("Flicking…") : `${cap.killer ? t("Your shot, a killer: hit a cap to take it out.")
      : t("Your shot, for {target}.", { target: targetText(cap.next.label) })} ${t("Press on your cap and drag back — the further you pull, the harder the flick — then let go.")}`;
  } else {
    const cap = view.caps[view.turn];
    text = cap.killer ? t("{who} is shooting as a killer…", { who: seatName(ctx, view.turn) })
      : t("{who} is shooting for {target}…", { who: seatName(ctx, view.turn), target: targetText(cap.next.label) });
  }
  return h("p", { class: `skelly-status${ctx.myTurn ? " yours" : ""}`, role: "status", "data-now": "" }, text);
}

function precise(view, ctx) {
  if (!ctx.myTurn || inFlight(view, ctx)) return null;
  const last = ctx.ui.last || {};
  const angle = h("input", { type: "number", name: "angle", min: "-360", max: "360", step: "0.1", required: true,
    value: last.angle ?? "", "aria-label": t("angle in degrees") });
  const power = h("input", { type: "number", name: "power", min: "0.001", max: "1", step: "0.001", required: true,
    value: last.power ?? "", "aria-label": t("power from 0.001 to 1") });
  const submit = (ev) => {
    ev.preventDefault();
    ctx.ui.last = { angle: angle.value, power: power.value };
    ctx.play(`flick ${angle.value} ${power.value}`);
  };
  return h("form", { class: "skelly-precise", onsubmit: submit },
    h("label", {}, `${t("Angle")} `, angle, "°"), h("label", {}, `${t("Power")} `, power),
    h("button", { type: "submit", disabled: ctx.pending }, t("Flick")),
    h("span", { class: "hint" }, t("0° right, 90° up the court; power 1 slides about 3 m")));
}

function players(view, ctx) {
  const plates = view === ctx.view ? ctx : { ...ctx, view };  // the plates' glow too, as the view told now
  return view.caps.map((cap) => {
    const s = cap.seat;
    const badges = [h("span", { class: "swatch", style: `background:${COLOURS[s % 6]}`, title: t(COLOUR_NAMES[s % 6]) })];
    if (cap.killer) badges.push(h("span", { class: "kit-badge red" }, `${t("killer")}${cap.kills ? ` · ${cap.kills}` : ""}`));
    if (cap.trapped) badges.push(h("span", { class: "kit-badge trapped" }, t("trapped {waited}/{of}", { waited: cap.waited, of: view.options.trap_turns })));
    if (cap.where === "out") badges.push(h("span", { class: "kit-badge out" }, t("out")));
    const target = cap.next ? targetText(cap.next.label) : "";
    const note = cap.where === "out" ? t("out of the game") : cap.killer ? t("hunts the other caps")
      : `${cap.where === "hand" ? t("next: {target} (from the start line)", { target }) : t("next: {target}", { target })} · ${cap.done}/${view.steps}`;
    return seatPlate(plates, s, { where: "side", badges, note });
  });
}

/** The standing: the caps in play ranked (killers first, then kills, then targets done), then those out, the last
 * out first; the match points once it is over (the first cap out 0, the next 1..., the winner the most). */
export function standing(view) {
  const key = (c) => (c.where === "out" ? [0, 0, 0, c.out] : [1, c.killer ? 1 : 0, c.kills, c.done]);
  return [...view.caps].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i] - ka[i];
    return a.seat - b.seat;
  });
}

/**
 * The match-over dialog in Skelly's words: who won and why the match ended, then each player's match points in
 * the final standing; the seed drew who shot first.
 */
export function outcome(view, ctx) {
  if (inFlight(view, ctx)) return null;  // the last shot is still sliding: the end waits for it to land
  const points = view.scores || [];
  const reason = reasonText((view.result || {}).reason);
  return {
    headline: resultWords(view.winners || [], ctx),
    details: [reason, ...standing(view).map((c) => tn("{who}: {n} point", "{who}: {n} points", points[c.seat] ?? 0,
      { who: seatName(ctx, c.seat) }))].filter(Boolean),
    seed: t("Who shoots first was drawn from the seed, fixed before play began. Revealed seed: {seed}"),
  };
}

const OUT_ORDINAL = [N_("out 1st"), N_("out 2nd"), N_("out 3rd"), N_("out 4th"), N_("out 5th"), N_("out 6th")];

export function sheet(latest, ctx) {
  const view = told(latest, ctx);
  const total = view.scores || [];
  const rows = standing(view).map((c) => {
    const how = c.where === "out" ? t(OUT_ORDINAL[c.out]) : c.killer ? `${t("killer")} · ${tn("{n} kill", "{n} kills", c.kills)}`
      : `${c.done}/${view.steps}${c.trapped ? ` · ${t("trapped")}` : ""}`;
    return h("tr", { class: `row${c.seat === ctx.seat ? " mine" : ""}` },
      h("th", { scope: "row" }, h("span", { class: "swatch", style: `background:${COLOURS[c.seat % 6]}` }), " ", seatName(ctx, c.seat)),
      h("td", {}, how), view.over ? h("td", {}, String(total[c.seat] ?? 0)) : null);
  });
  return h("section", { class: "panel sheet skelly-sheet", "aria-label": t("Standing") },
    h("h3", {}, view.over ? t("Final standing") : t("Standing")),
    h("table", {}, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Player")), h("th", { scope: "col" }, t("How far")),
      view.over ? h("th", { scope: "col" }, t("Points")) : null)), h("tbody", {}, rows)),
    h("p", { class: "hint" }, t("{n} targets make a killer: boxes 1 to 13 and back, 13 from box 1, the four quadrants.", { n: view.steps }), " ",
      t("Killers rank first, then by kills; a cap out scores its place.")));
}

/**
 * The lesson's flick at the table (contract B): a drag cannot be clicked, so the lesson fills the typed flick's
 * angle and power below the court with its exact numbers ("flick 90 0.3") and marks that form's Flick button;
 * clicking it makes exactly the lesson's flick. The numbers stay filled in if the table is drawn again.
 */
export function lessonTargets(text, view, ctx) {
  const m = /^flick (\S+) (\S+)$/.exec(text);
  const form = document.querySelector(".skelly .skelly-precise");
  if (!m || !form) return [];
  if (ctx && ctx.ui) ctx.ui.last = { angle: m[1], power: m[2] };
  form.elements.angle.value = m[1];
  form.elements.power.value = m[2];
  return [...form.querySelectorAll('button[type="submit"]')];
}

export function board(view, ctx) {
  const shot = view.last_shot;
  if (shot && ctx.ui.flight !== shot.number) {
    // a shot new to this page flies once (not the one already on the table when the page opened)
    const fresh = (ctx.fresh || []).some((e) => e.type === "shot" && e.number === shot.number);
    ctx.ui.flight = shot.number;
    ctx.ui.flightStart = fresh && !reducedMotion() ? performance.now() : -Infinity;
  }
  const court = courtSvg(view, ctx);  // first: it starts a new shot's flight
  const shown = told(view, ctx);
  return h("div", { class: "kit-table skelly" },
    h("div", { class: "skelly-main" }, court, status(shown, ctx), precise(view, ctx)),
    h("aside", { class: "skelly-side", "aria-label": t("Players") }, players(shown, ctx)));
}
