// Hidden Xiangqi (Jieqi) at the table: the board with its river and palaces, your colour at the bottom; covered
// pieces are blank discs. Play: click one of your pieces (it lifts, and the points it may go to are marked), then a
// marked point. The last move is marked, a moving piece slides and a covered one turns over as it is revealed.
// Beside the board: both players, what each side has lost (a covered piece you were not told about stays blank),
// and what the covered pieces may still be.
// Actions on the wire: "move h3e3" (from, to; files a-i from Red's left, ranks 1-10 from Red's side).

import { h, seatName, seatPlate, board as drawBoard, translator, N_ } from "/static/kit/kit.js";

const { t, tn } = await translator(import.meta.url);

export const styles = ["table.css"];
export const ownsLegal = true;

const FILES = "abcdefghi";
const GLYPHS = {
  K: "帥", A: "仕", B: "相", N: "傌", R: "俥", C: "炮", P: "兵",
  k: "將", a: "士", b: "象", n: "馬", r: "車", c: "砲", p: "卒",
};
const LETTERS_KEY = "parlour.jieqi.letters";
/** Latin letters on the pieces instead of characters: a player's choice, kept in this browser. */
const latin = () => { try { return localStorage.getItem(LETTERS_KEY) === "1"; } catch { return false; } };
const face = (letter) => (latin() ? letter.toUpperCase() : GLYPHS[letter]);
const NAMES = { K: N_("general"), A: N_("advisor"), B: N_("elephant"), N: N_("horse"), R: N_("chariot"), C: N_("cannon"),
  P: N_("soldier") };
/** A piece with its article: "a chariot", "an elephant". */
const A_NAMES = { K: N_("a general"), A: N_("an advisor"), B: N_("an elephant"), N: N_("a horse"), R: N_("a chariot"),
  C: N_("a cannon"), P: N_("a soldier") };
const REASONS = {
  checkmate: N_("Checkmate"), stalemate: N_("Stalemate (no legal move)"), "perpetual check": N_("Perpetual check"),
  repetition: N_("Drawn by repetition"), "quiet plies": N_("Drawn: no capture or reveal for too long"),
};
const reason = (r) => (REASONS[r] ? t(REASONS[r]) : r);
const colourName = (colour) => (colour === "red" ? t("Red") : t("Black"));

/** "h3" → {file: 7, rank: 2}. */
export function point(name) {
  return { file: FILES.indexOf(name[0]), rank: Number(name.slice(1)) - 1 };
}

const pointName = (file, rank) => `${FILES[file]}${rank + 1}`;

/** The pieces of a FEN's board: "file,rank" → letter (X/x covered). */
export function pieces(fen) {
  const out = new Map();
  const rows = fen.split(" ")[0].split("[")[0].split("/");
  rows.forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else out.set(`${file++},${9 - i}`, ch);
    }
  });
  return out;
}

/** The legal moves as a map: origin → [destinations]. */
export function movesByOrigin(legal) {
  const out = new Map();
  for (const text of legal || []) {
    const m = /^move ([a-i]\d+)([a-i]\d+)$/.exec(text);
    if (!m) continue;
    if (!out.has(m[1])) out.set(m[1], []);
    out.get(m[1]).push(m[2]);
  }
  return out;
}

const isRed = (letter) => letter === letter.toUpperCase();
/** "a chariot 車", "an elephant 象". */
const aWords = (letter) => `${t(A_NAMES[letter.toUpperCase()])} ${GLYPHS[letter]}`;
const flippedFor = (view) => view.colour === "black";
/** Screen column and row of a point: your colour at the bottom (Red's for a spectator). */
const toScreen = (file, rank, flipped) => (flipped ? [8 - file, rank] : [file, 9 - rank]);
const fromScreen = (x, y, flipped) => (flipped ? [8 - x, y] : [x, 9 - y]);

export function title(view) {
  return view.options && view.options.plain ? t("Xiangqi") : t("Hidden Xiangqi (Jieqi)");
}

export function info(view) {
  const games = view.options ? view.options.games : 1;
  const parts = [games > 1 ? t("game {n} of {games}", { n: view.number, games }) : null];
  if (!view.over && !view.result) parts.push(view.to_move === "red" ? t("Red to move") : t("Black to move"));
  return parts.filter(Boolean).join(" · ");
}

/** "h3e3=C, turning up a cannon 炮, taking a horse 馬 — check!" */
function moveWords(e) {
  let text = e.action.slice(5) + (e.reveal ? `=${e.piece.toUpperCase()}` : "");
  if (e.reveal) text += t(", turning up {piece}", { piece: aWords(e.piece) });
  if (e.capture) {
    text += e.capture === "x" || e.capture === "X" ? t(", taking a covered piece") : t(", taking {piece}", { piece: aWords(e.capture) });
    if (e.covered && !"xX".includes(e.capture)) text += ` ${t("(covered)")}`;
  }
  return text + (e.check ? ` ${t("— check!")}` : "");
}

function resultWords(e, ctx) {
  if (e.winner == null) return t("Game {n}: {reason}.", { n: e.game ?? ctx.view.number, reason: reason(e.reason) });
  const values = { reason: reason(e.reason), who: seatName(ctx, e.winner), colour: colourName(e.side) };
  return e.winner === ctx.seat ? t("{reason} — you win with {colour}.", values) : t("{reason} — {who} wins with {colour}.", values);
}

/** One log entry in words. */
export function describe(e, ctx) {
  switch (e.type) {
    case "game":
      return e.red === ctx.seat ? t("Game {n}: you play Red.", { n: e.game }) : t("Game {n}: {who} plays Red.", { n: e.game, who: seatName(ctx, e.red) });
    case "move":
      return `${seatName(ctx, e.seat)}: ${moveWords(e)}`;
    case "identity":
      return t("The covered piece taken on {point} was {piece}.", { point: e.point, piece: aWords(e.piece) });
    case "result":
      return resultWords(e, ctx);
    case "end": {
      const w = e.winners || [];
      if (w.length !== 1) return t("Match over — a tie.");
      return w[0] === ctx.seat ? t("Match over — you win.") : t("Match over — {who} wins.", { who: seatName(ctx, w[0]) });
    }
    default:
      return null;
  }
}

/** A finished game in words: "Checkmate — you win with Black. (24 plies)". */
function gameLine(d, number, ctx) {
  const result = resultWords({ ...d, game: number }, ctx);
  return d.plies != null ? tn("{result} ({n} ply)", "{result} ({n} plies)", d.plies, { result }) : result;
}

/** The score sheet: a row per game with its points, and how it ended in words (never the engine's data). */
export function sheet(view, ctx) {
  const sh = view.sheet || { rows: [], totals: [0, 0] };
  const mine = (seat) => (seat === ctx.seat ? "mine" : "");
  const head = h("tr", {}, h("th", { scope: "col" }, ""), [0, 1].map((seat) => h("th", { scope: "col", class: mine(seat) },
    seatName(ctx, seat))));
  const rows = (sh.rows || []).map((r, i) => [
    h("tr", { class: "row" }, h("th", { scope: "row" }, t("Game {n}", { n: i + 1 })),
      (r.points || []).map((p, seat) => h("td", { class: mine(seat) }, String(p)))),
    h("tr", { class: "detail" }, h("td", { colspan: 3 }, gameLine(r.detail || {}, i + 1, ctx)))]);
  return h("section", { class: "panel sheet", "aria-label": t("Score sheet") }, h("h3", {}, t("Score sheet")),
    h("p", { class: "hint" }, t("A game won is 2 points, a drawn game 1 each.")),
    h("table", {}, h("thead", {}, head),
      h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: 3, class: "muted" }, t("No game finished yet.")))),
      h("tfoot", {}, h("tr", { class: "totals" }, h("th", { scope: "row" }, t("Total")),
        (sh.totals || []).map((total, seat) => h("td", { class: mine(seat) }, String(total)))))));
}

/**
 * The match-over dialog in Jieqi's words: how the game ended ("Checkmate — you win with Black."), or over several
 * games who won the match and each game; the seed shuffled the covered pieces, and says so.
 */
export function outcome(view, ctx) {
  const rows = (view.sheet && view.sheet.rows) || [];
  const lines = rows.map((r, i) => gameLine(r.detail || {}, i + 1, ctx));
  let headline;
  if (rows.length <= 1 && view.result) {
    headline = resultWords({ ...view.result, game: view.number }, ctx);
  } else {
    const [a, b] = view.scores || [0, 0];
    const w = view.winners || [];
    const score = `${Math.max(a, b)} – ${Math.min(a, b)}`;
    headline = w.length !== 1 ? t("The match is drawn {score}.", { score: `${a} – ${b}` })
      : w[0] === ctx.seat ? t("You win the match {score}.", { score })
        : t("{who} wins the match {score}.", { who: seatName(ctx, w[0]), score });
  }
  return {
    headline,
    details: rows.length > 1 ? lines : rows.length && rows[0].detail && rows[0].detail.plies != null
      ? [tn("The game lasted {n} ply.", "The game lasted {n} plies.", rows[0].detail.plies)] : [],
    seed: view.options && view.options.plain ? null
      : t("The covered pieces were shuffled before the first move. Revealed seed: {seed}"),
  };
}

export function headline(e, ctx) {
  if (e.type === "result") return { text: resultWords(e, ctx), kind: e.winner == null ? "info" : e.winner === ctx.seat ? "good" : "bad" };
  if (e.type === "identity") return { text: t("It was {piece}", { piece: aWords(e.piece) }), kind: "info" };
  if (e.type === "move" && e.check) return { text: t("Check!"), kind: e.seat === ctx.seat ? "good" : "bad" };
  return null;
}

/** Keep a move on screen long enough to be seen sliding (and a piece turning over). */
export function hold(view, ctx) {
  return (ctx.fresh || []).some((e) => e.type === "move") ? 600 : 0;
}

function lastMove(view) {
  const moves = (view.log || []).filter((e) => e.type === "move");
  return moves.length ? moves[moves.length - 1] : null;
}

function select(ctx, name) {
  ctx.ui.from = ctx.ui.from === name ? null : name;
  ctx.rerender();
}

function theBoard(view, ctx) {
  const flipped = flippedFor(view);
  const placed = pieces(view.fen);
  const byOrigin = ctx.myTurn && !ctx.pending ? movesByOrigin(view.legal) : new Map();
  if (ctx.ui.version !== ctx.version) { // a new state: forget the piece in hand, show its move once
    ctx.ui.version = ctx.version;
    ctx.ui.from = null;
    ctx.ui.animate = true;
  } else {
    ctx.ui.animate = false;
  }
  const from = ctx.ui.from && byOrigin.has(ctx.ui.from) ? ctx.ui.from : null;
  const targets = new Set(from ? byOrigin.get(from) : []);
  const last = lastMove(view);
  const animate = ctx.ui.animate && last && (ctx.fresh || []).includes(last);
  const checked = view.check && !view.over ? view.to_move : null;
  const step = 40;

  const onPoint = (x, y) => {
    const [file, rank] = fromScreen(x, y, flipped);
    const name = pointName(file, rank);
    if (from && targets.has(name)) {
      ctx.ui.from = null;
      ctx.play(`move ${from}${name}`);
    } else if (byOrigin.has(name)) {
      select(ctx, name);
    } else if (from) {
      select(ctx, from);
    }
  };
  const pickable = (x, y) => {
    const [file, rank] = fromScreen(x, y, flipped);
    const name = pointName(file, rank);
    if (byOrigin.has(name) || targets.has(name)) return true;
    if (!byOrigin.size) return false;  // not this page's move: the table page says why
    const letter = placed.get(`${file},${rank}`);
    if (letter && isRed(letter) === (view.colour === "red")) return t("This piece has no move now.");
    if (letter) return from ? t("Your piece cannot take that one.") : t("That piece is not yours.");
    return from ? t("Your piece cannot go there.") : t("Pick one of your pieces first.");
  };

  const draw = (b) => {
    // room for the coordinates beyond the pieces on the edge points (the kit's sit too close to them)
    const pad = 1.2 * step;
    b.svg.setAttribute("viewBox", `${-pad} ${-pad} ${8 * step + 2 * pad} ${9 * step + 2 * pad}`);
    const files = flipped ? [...FILES].reverse() : [...FILES];
    files.forEach((f, x) => { b.text(x, -0.9, f, { cls: "coord" }); b.text(x, 9.9, f, { cls: "coord" }); });
    for (let y = 0; y < 10; y++) {
      const rank = String(flipped ? y + 1 : 10 - y);
      b.text(-0.9, y, rank, { cls: "coord" });
      b.text(8.9, y, rank, { cls: "coord" });
    }
    // the river: the files stop at its banks, but for the two edges
    b.el("rect", { class: "river", x: 1, y: 4 * step + 1, width: 8 * step - 2, height: step - 2 });
    b.text(2, 4.5, "楚 河", { cls: "river-text" });
    b.text(6, 4.5, "漢 界", { cls: "river-text" });
    for (const [x1, y1, x2, y2] of [[3, 0, 5, 2], [5, 0, 3, 2], [3, 7, 5, 9], [5, 7, 3, 9]]) {
      b.line(x1, y1, x2, y2, { class: "palace" });
    }
    if (last) {
      const p = point(/^move ([a-i]\d+)/.exec(last.action)[1]);
      const [x, y] = toScreen(p.file, p.rank, flipped);
      b.mark(x, y, { cls: "last-from", r: step * 0.16 });
    }
    const [, lastFrom, lastTo] = last ? /^move ([a-i]\d+)([a-i]\d+)$/.exec(last.action) : [];
    for (const [key, letter] of placed) {
      const [file, rank] = key.split(",").map(Number);
      const name = pointName(file, rank);
      const [x, y] = toScreen(file, rank, flipped);
      const covered = letter === "X" || letter === "x";
      const cls = ["piece", isRed(letter) ? "red" : "black"];
      if (covered) cls.push("covered");
      if (name === from) cls.push("lifted");
      if (byOrigin.has(name)) cls.push("movable");
      if (name === lastTo) cls.push("last");
      if (checked && letter === (checked === "red" ? "K" : "k")) cls.push("in-check");
      if (targets.has(name)) cls.push("target");
      const moved = animate && name === lastTo;
      if (moved) cls.push("moved");
      if (moved && last.reveal) cls.push("revealed");
      const disc = b.disc(x, y, { cls: cls.join(" "), text: covered ? null : face(letter) });
      disc.setAttribute("data-point", name);
      if (covered) {
        disc.append(circle(b, x, y, step * 0.3, "inner"));
      }
      if (moved) {
        const o = point(lastFrom);
        const [ox, oy] = toScreen(o.file, o.rank, flipped);
        disc.style.setProperty("--dx", `${(ox - x) * step}px`);
        disc.style.setProperty("--dy", `${(oy - y) * step}px`);
        if (last.reveal) disc.append(circle(b, x, y, step * 0.46, "cover"));
      }
    }
    for (const name of targets) {
      const p = point(name);
      const [x, y] = toScreen(p.file, p.rank, flipped);
      if (placed.has(`${p.file},${p.rank}`)) b.el("circle", { class: "dest capture", cx: x * step, cy: y * step, r: step * 0.5 });
      else b.mark(x, y, { cls: "dest", r: step * 0.13 });
    }
  };
  return drawBoard({ cols: 9, rows: 10, kind: "points", step, draw, pickable, onPoint, label: t("Xiangqi board"),
    cls: "jieqi-board" });
}

function circle(b, x, y, r, cls) {
  const [cx, cy] = b.at(x, y);
  const c = document.createElementNS("http://www.w3.org/2000/svg", "circle");
  for (const [k, v] of Object.entries({ class: cls, cx, cy, r })) c.setAttribute(k, String(v));
  return c;
}

function miniDisc(letter, covered) {
  const blank = letter === "X" || letter === "x";
  return h("span", {
    class: `mini-disc ${isRed(letter) ? "red" : "black"}${blank ? " covered" : ""}${covered && !blank ? " was-covered" : ""}`,
    title: blank ? t("a covered piece (you were not told what it was)")
      : covered ? t("{piece}, taken while covered", { piece: t(NAMES[letter.toUpperCase()]) }) : t(NAMES[letter.toUpperCase()]),
  }, blank ? "" : face(letter));
}

function lost(view, colour) {
  const items = (view.captured || {})[colour] || [];
  return h("div", { class: "lost", dataset: { colour } },
    h("span", { class: "label" }, colour === "red" ? t("Red lost") : t("Black lost")),
    items.length ? h("span", { class: "discs" }, items.map((e) => miniDisc(e.piece, e.covered)))
      : h("span", { class: "none" }, t("nothing")));
}

function unseen(view, colour) {
  const pool = (view.unseen || {})[colour] || {};
  const entries = Object.entries(pool).filter(([, n]) => n);
  if (!entries.length) return null;
  return h("div", { class: "unseen", dataset: { colour } },
    h("span", { class: "label" }, colour === "red" ? t("Red's covered pieces may be") : t("Black's covered pieces may be")),
    h("span", { class: "discs" }, entries.map(([letter, n]) => h("span", { class: "pool" }, miniDisc(letter, false), `×${n}`))));
}

function plate(view, ctx, seat, where) {
  const colour = seat === view.red ? "red" : "black";
  return seatPlate(ctx, seat, {
    where,
    badges: [h("span", { class: `kit-badge ${colour === "red" ? "red" : "ink"}` }, colourName(colour))],
    note: view.scores && (view.options || {}).games > 1 ? tn("{n} point", "{n} points", view.scores[seat]) : null,
  });
}

function status(view, ctx) {
  let text;
  const ended = (view.previous || []).find((e) => e.type === "result");
  if (view.over) {
    const r = view.result;
    text = r ? resultWords({ ...r, game: view.number }, ctx) : t("The match is over.");
  } else if (ended && !(view.log || []).some((e) => e.type === "move")) {
    text = `${resultWords(ended, ctx)} ${view.red === ctx.seat ? t("Game {n}: you play Red.", { n: view.number })
      : t("Game {n}: {who} plays Red.", { n: view.number, who: seatName(ctx, view.red) })}`;
  } else if (ctx.myTurn) {
    if (ctx.pending) text = t("Moving…");
    else if (ctx.ui.from) text = t("Where to? Click a marked point (or the piece again to put it down).");
    else text = view.check ? t("Check! Pick a piece to move.") : t("Your move: pick a piece.");
  } else {
    const mover = view.to_move === "red" ? view.red : 1 - view.red;
    text = mover === ctx.seat ? t("You are thinking…") : t("{who} is thinking…", { who: seatName(ctx, mover) });
  }
  return h("p", { class: `jieqi-status${ctx.myTurn ? " yours" : ""}${view.check && !view.over ? " check" : ""}`, role: "status", "data-now": "" }, text);
}

/**
 * The lesson's move on the drawn board (contract B): "move h3h10" is two clicks, the piece on h3 first, then,
 * once it is lifted, the point h10.
 */
export function lessonTargets(text, view, ctx) {
  const m = /^move ([a-i]\d+)([a-i]\d+)$/.exec(text);
  if (!m) return [...document.querySelectorAll(`[data-action="${CSS.escape(text)}"]`)];
  const lifted = ctx && ctx.ui ? ctx.ui.from : null;
  const p = point(lifted === m[1] ? m[2] : m[1]);
  const [x, y] = toScreen(p.file, p.rank, flippedFor(view));
  return [...document.querySelectorAll(`svg.jieqi-board .kit-hit[data-x="${x}"][data-y="${y}"]`)];
}

export function board(view, ctx) {
  const bottom = ctx.seat != null ? ctx.seat : view.red;
  const top = 1 - bottom;
  const bottomColour = bottom === view.red ? "red" : "black";
  const topColour = bottomColour === "red" ? "black" : "red";
  const plain = view.options && view.options.plain;
  return h("div", { class: "kit-table jieqi" },
    h("div", { class: "jieqi-main" },
      plate(view, ctx, top, "top"),
      theBoard(view, ctx),
      h("div", { class: "jieqi-me" }, plate(view, ctx, bottom, "bottom"), status(view, ctx))),
    h("aside", { class: "jieqi-side", "aria-label": t("Captures") },
      // first, so that on a phone (the panel under the board) the switch is on screen with the board
      h("button", {
        type: "button", class: "letters", "aria-pressed": String(latin()),
        title: t("Show the pieces as characters or as letters (K general, A advisor, B elephant, N horse, R chariot, C cannon, P soldier)"),
        onclick: () => { try { localStorage.setItem(LETTERS_KEY, latin() ? "0" : "1"); } catch { /* private mode */ } ctx.rerender(); },
      }, latin() ? t("Pieces: ABC → 漢字") : t("Pieces: 漢字 → ABC")),
      lost(view, topColour), lost(view, bottomColour),
      plain ? null : unseen(view, topColour), plain ? null : unseen(view, bottomColour),
      h("p", { class: "progress" }, t("No capture or reveal for {n} of {max} plies",
        { n: view.quiet, max: (view.options || {}).quiet_plies ?? 120 }))));
}
