// Go and Rengo at the table: the wooden board with its coordinates (columns A–T without I, rows from the bottom),
// the stones, the last stone ringed, a ghost stone under the pointer where you may play. Beside it both teams in
// their order of play (who moves next inside each team), their prisoners and clocks; Pass and Resign.
// When play stops: click a group to mark it dead (or alive again); the count and the territory show on the board as
// the marks change; Accept, or Resume play. At the end the territory stays on the board, and the game can be
// reviewed move by move from its SGF record.
// Actions on the wire: "play D4", "pass", "resign", "dead D4" / "alive D4" (a chain by its lowest point), "accept",
// "resume".

import { h, seatName, board as drawBoard, translator, N_ } from "/static/kit/kit.js";

const { t, tn } = await translator(import.meta.url);

export const styles = ["table.css"];
export const ownsLegal = true;

const LETTERS = "ABCDEFGHJKLMNOPQRST";
const COLOUR = { B: N_("Black"), W: N_("White") };
const colour = (c) => t(COLOUR[c]);

/** A seat's role as the engine writes it ("Black 1", "White, woman", "Black") in the page's language. */
function roleText(role) {
  const m = /^(Black|White)(?:, (woman|man)| (\d+))?$/.exec(String(role));
  if (!m) return role;
  const side = t(m[1]);
  if (m[2]) return m[2] === "woman" ? t("{side}, woman", { side }) : t("{side}, man", { side });
  return m[3] ? t("{side} {n}", { side, n: m[3] }) : side;
}

/** "D4" on a board of `size` → {x, y} with x from the left and y from the top (the kit board's). */
export function pointXY(name, size) {
  return { x: LETTERS.indexOf(name[0].toUpperCase()), y: size - Number(name.slice(1)) };
}

export function pointName(x, y, size) {
  return `${LETTERS[x]}${size - y}`;
}

/** Star points: the corners' and the centre's, and the sides' on 19×19 (as the fixed handicap places them). */
export function stars(size) {
  const edge = size < 13 ? 2 : 3;
  const lo = edge;
  const hi = size - 1 - edge;
  const mid = (size - 1) / 2;
  const out = [[lo, lo], [hi, lo], [lo, hi], [hi, hi], [mid, mid]];
  if (size >= 19) out.push([lo, mid], [hi, mid], [mid, lo], [mid, hi]);
  return out;
}

const stonesText = (n) => tn("{n} stone", "{n} stones", n);

/** "B+3.5" → "Black wins by 3.5 points"; "W+R" → "White wins by resignation". */
export function resultText(result) {
  if (!result) return "";
  if (result === "Jigo") return t("A tie (jigo)");
  const margin = result.slice(2);
  if (margin === "R") return result[0] === "B" ? t("Black wins by resignation") : t("White wins by resignation");
  const n = Number(margin);
  // a margin may be a half point: the plural form of its whole part, the number as written
  return result[0] === "B" ? tn("Black wins by {margin} point", "Black wins by {margin} points", Math.floor(n), { margin })
    : tn("White wins by {margin} point", "White wins by {margin} points", Math.floor(n), { margin });
}

export function title(view) {
  return view.game === "go" ? t("Go") : view.pair_go ? t("Pair Go") : t("Rengo");
}

export function info(view) {
  const parts = [`${view.size}×${view.size}`, t("move {n}", { n: view.moves }), t("komi {komi}", { komi: view.komi }),
    view.scoring === "area" ? t("area scoring") : t("territory scoring")];
  if (view.handicap && view.handicap.length) parts.push(t("handicap {n}", { n: view.handicap.length }));
  if (view.game === "rengo") parts.push(view.mode === "strict" ? t("strict") : t("casual"));
  return parts.join(" · ");
}

/** One of two sentences: the one for you, or the one for another player ({who}). */
const said = (ctx, seat, you, them, values = {}) => (seat === ctx.seat ? t(you, values)
  : t(them, { ...values, who: seatName(ctx, seat) }));

/** Who marks first once play stops: a player in Go, a team in Rengo (the team agrees as one). */
function stopText(e, ctx, view) {
  if (view.game === "go") {
    return said(ctx, e.marker, N_("Play stops: you mark the dead stones first"), N_("Play stops: {who} marks the dead stones first"));
  }
  if (ctx.seat != null && (view.teams || [])[e.team]?.includes(ctx.seat)) return t("Play stops: your team marks the dead stones first");
  return e.team ? t("Play stops: White marks the dead stones first") : t("Play stops: Black marks the dead stones first");
}

/** One log entry in words. */
export function describe(e, ctx) {
  const who = e.seat != null ? seatName(ctx, e.seat) : "";
  switch (e.type) {
    case "start":
      return e.handicap.length ? t("Handicap {n}: Black's stones on {points}", { n: e.handicap.length, points: e.handicap.join(" ") }) : null;
    case "move":
      return `${who}: ${colour(e.colour)} ${e.point}${e.captured ? ` — ${t("captures {stones}", { stones: stonesText(e.captured.length) })}` : ""}`;
    case "pass":
      return said(ctx, e.seat, N_("You passed ({colour})"), N_("{who} passed ({colour})"), { colour: colour(e.colour) });
    case "stop":
      return stopText(e, ctx, ctx.view);
    case "mark": {
      const values = { point: e.points[0], stones: stonesText(e.points.length) };
      return e.dead ? said(ctx, e.seat, N_("You marked {point} dead ({stones})"), N_("{who} marked {point} dead ({stones})"), values)
        : said(ctx, e.seat, N_("You marked {point} alive ({stones})"), N_("{who} marked {point} alive ({stones})"), values);
    }
    case "accept":
      return e.dead.length ? said(ctx, e.seat, N_("You accepted the marking (dead: {points})"),
        N_("{who} accepted the marking (dead: {points})"), { points: e.dead.join(" ") })
        : said(ctx, e.seat, N_("You accepted the marking (no dead stones)"), N_("{who} accepted the marking (no dead stones)"));
    case "resume":
      return said(ctx, e.seat, N_("You resumed play"), N_("{who} resumed play"));
    case "resign":
      if (e.drops_out) return said(ctx, e.seat, N_("You resigned and left; the team plays on"), N_("{who} resigned and left; the team plays on"));
      return said(ctx, e.seat, N_("You resigned for {colour}"), N_("{who} resigned for {colour}"), { colour: e.team ? t("White") : t("Black") });
    case "score":
      return t("Count: Black {black}, White {white} — {result}", { black: e.black, white: e.white, result: resultText(e.result) });
    case "end":
      return t("Game over: {result}", { result: resultText(e.result) });
    default:
      return null;
  }
}

export function headline(e, ctx) {
  switch (e.type) {
    case "stop":
      return { text: t("Play stops: agree on the dead stones"), kind: "info" };
    case "resume":
      return { text: said(ctx, e.seat, N_("You resume play"), N_("{who} resumes play")), kind: "info" };
    case "resign":
      return { text: e.drops_out ? said(ctx, e.seat, N_("You resigned and left the team"), N_("{who} resigned and left the team"))
        : said(ctx, e.seat, N_("You resigned"), N_("{who} resigned")), kind: ctx.seat == null ? "info"
        : (ctx.view.teams || [])[e.team]?.includes(ctx.seat) ? "bad" : "good" };
    case "move":
      return e.captured && e.captured.length >= 3 ? { text: tn("{n} stone captured", "{n} stones captured", e.captured.length),
        kind: "good" } : null;
    default:
      return null;  // the end is told by the match-over dialog (outcome), not by a banner over it
  }
}

/** Each side's count in Go's words: [side, "40 = 30 stones + 10 territory"] for Black, then White. */
function countLines(view) {
  const s = view.score;
  if (!s) return [];
  const area = view.scoring === "area";
  return [[0, t("Black")], [1, t("White")]].map(([i, side]) => {
    const parts = area ? [tn("{n} stone", "{n} stones", s.stones[i]), t("{n} territory", { n: s.territory[i] })]
      : [t("{n} territory", { n: s.territory[i] }), tn("{n} prisoner", "{n} prisoners", s.prisoners[i])];
    if (i === 1) parts.push(t("komi {komi}", { komi: s.komi }));
    if (i === 1 && s.compensation) parts.push(t("{n} for the handicap", { n: s.compensation }));
    return [side, `${i ? s.white : s.black} = ${parts.join(" + ")}`];
  });
}

/**
 * The match-over dialog in Go's words: who won and by how much ("White wins by 88.5 points", "by resignation"),
 * what it means for you, the count (area or territory, prisoners, komi) or who resigned. Go leaves nothing to
 * chance: no seed to reveal.
 */
export function outcome(view, ctx) {
  const details = [];
  const team = ctx.seat == null ? null : view.teams[0].includes(ctx.seat) ? 0 : 1;
  if (team != null && view.result && view.result !== "Jigo") {
    const won = (view.winners || []).includes(ctx.seat);
    details.push(view.game === "go" ? (won ? t("You win.") : t("You lose.")) : won ? t("Your team wins.") : t("Your team loses."));
  }
  const lines = countLines(view);
  if (lines.length) {
    details.push(view.scoring === "area" ? t("The count (stones and territory):") : t("The count (territory and prisoners):"));
    for (const [side, line] of lines) details.push(`${side} ${line}`);
    if ((view.dead || []).length) details.push(t("Dead stones taken off: {points}", { points: view.dead.join(" ") }));
  } else {
    const resigned = [...(view.log || [])].reverse().find((e) => e.type === "resign" && !e.drops_out);
    if (resigned) details.push(describe(resigned, ctx));
  }
  const caps = view.captures || [0, 0];
  details.push(t("Stones captured in play: Black {black}, White {white}", { black: caps[0], white: caps[1] }));
  return { headline: resultText(view.result), details, seed: null };
}

/** The score sheet in Go's words: the count of each side, and the result. */
export function sheet(view, ctx) {
  const rows = countLines(view).flatMap(([side, line]) => [h("dt", {}, side), h("dd", {}, line)]);
  const headline = view.over ? resultText(view.result) : view.phase === "scoring" ? t("The count as marked now")
    : tn("{n} move played", "{n} moves played", view.moves);
  return h("section", { class: "panel sheet go-sheet", "aria-label": t("Score") },
    h("h3", {}, view.over ? t("Result") : t("Score")),
    h("p", { class: view.over ? "go-result" : "hint" }, headline),
    rows.length ? h("dl", {}, rows) : null);
}

// --- the board ------------------------------------------------------------------------------------------------------

/** The stones of a view's board: [{x, y, colour: "black"|"white"}]. */
export function stonesOf(rows) {
  const out = [];
  rows.forEach((row, y) => [...row].forEach((ch, x) => {
    if (ch === "X" || ch === "O") out.push({ x, y, colour: ch === "X" ? "black" : "white" });
  }));
  return out;
}

function gradients(b) {
  const defs = b.el("defs");
  const radial = (id, stops) => {
    const g = document.createElementNS("http://www.w3.org/2000/svg", "radialGradient");
    g.setAttribute("id", id);
    g.setAttribute("cx", "35%");
    g.setAttribute("cy", "30%");
    g.setAttribute("r", "75%");
    for (const [offset, colour] of stops) {
      const s = document.createElementNS("http://www.w3.org/2000/svg", "stop");
      s.setAttribute("offset", offset);
      s.setAttribute("stop-color", colour);
      g.append(s);
    }
    defs.append(g);
  };
  radial("go-black", [["0%", "#6b6b6b"], ["45%", "#242424"], ["100%", "#050505"]]);
  radial("go-white", [["0%", "#ffffff"], ["60%", "#ecebe6"], ["100%", "#bdbab2"]]);
}

/** Draw a position: stars, territory, stones (dead ones faded and crossed), the last stone ringed. */
function drawPosition(b, { size, rows, last, dead = new Set(), territory = null }) {
  gradients(b);
  for (const [x, y] of stars(size)) b.mark(x, y, { cls: "go-star", r: b.step * 0.09 });
  if (territory) {
    for (const [colour, names] of Object.entries(territory)) {
      for (const name of names) {
        const { x, y } = pointXY(name, size);
        const [px, py] = b.at(x, y);
        const s = b.step * 0.32;
        b.el("rect", { class: `go-terr ${colour}`, x: px - s / 2, y: py - s / 2, width: s, height: s,
          "data-point": name });
      }
    }
  }
  for (const s of stonesOf(rows)) {
    const name = pointName(s.x, s.y, size);
    const isDead = dead.has(name);
    const disc = b.disc(s.x, s.y, { cls: `go-stone ${s.colour}${isDead ? " dead" : ""}` });
    disc.dataset.point = name;
    if (isDead) {
      const [px, py] = b.at(s.x, s.y);
      const r = b.step * 0.16;
      b.el("path", { class: `go-cross ${s.colour}`, d: `M${px - r} ${py - r}L${px + r} ${py + r}M${px + r} ${py - r}L${px - r} ${py + r}` });
    }
  }
  if (last && last.point) {
    const { x, y } = pointXY(last.point, size);
    const [px, py] = b.at(x, y);
    b.el("circle", { class: `go-last ${last.colour === "B" ? "on-black" : "on-white"}`, cx: px, cy: py, r: b.step * 0.2,
      "data-point": last.point });
  }
}

/** Points closer than this on the screen (CSS px) are too small a target for a finger to hit surely. */
const FINGER = 28;

/**
 * Whether a stone is placed in two taps here: where the board's points lie closer than a finger (a 19×19 board on
 * a phone), the first tap shows the stone where it would go and the second (or "Play D4") places it. Measured on
 * the board drawn before, else estimated from the screen as table.css sizes the board.
 */
function twoTaps(size) {
  const hit = document.querySelector("svg.go-board .kit-hit");
  const step = hit ? hit.getBoundingClientRect().width
    : Math.min(innerWidth * 0.94 - 32, 700, innerHeight - 152) / (size + 1.6);
  return step > 0 && step < FINGER;
}

/** The point a first tap chose (two taps), while the turn it was chosen in lasts. */
function aimed(ctx) {
  return ctx.ui.aimed && ctx.ui.aimed.version === ctx.version ? ctx.ui.aimed.point : null;
}

function liveBoard(view, ctx) {
  const size = view.size;
  const legal = new Set(view.legal || []);
  const acting = ctx.myTurn && !ctx.pending;
  const groupAt = new Map();
  for (const g of view.groups || []) for (const p of g.points) groupAt.set(p, g);
  const playing = view.phase === "play";
  const pickable = (x, y) => {
    if (!acting) return false;
    const name = pointName(x, y, size);
    if (playing) {
      return legal.has(`play ${name}`) || ("XO".includes(view.board[y][x]) ? t("This point is taken.")
        : t("Not here: the stone would have no liberty, or it would repeat an earlier position (ko)."));
    }
    const g = groupAt.get(name);
    return (view.phase === "scoring" && !!g && legal.has(g.action)) || false;
  };
  const onPoint = (x, y) => {
    const name = pointName(x, y, size);
    if (playing && aimed(ctx) !== name && twoTaps(size)) {
      ctx.ui.aimed = { point: name, version: ctx.version };  // the first tap: show it, place it at the second
      ctx.rerender();
      return;
    }
    ctx.ui.aimed = null;
    ctx.play(playing ? `play ${name}` : groupAt.get(name).action);
  };
  const chosen = playing && acting ? aimed(ctx) : null;
  const showCount = view.phase !== "play" && view.territory;
  const cls = ["go-board", playing ? `turn-${view.turn}` : "marking", acting ? "acting" : ""].join(" ");
  let ghost = null;
  const svg = drawBoard({
    cols: size, rows: size, kind: "points", step: 40, coords: { cols: [...LETTERS.slice(0, size)],
      rows: Array.from({ length: size }, (_, i) => String(size - i)) },
    label: t("{size}×{size} Go board", { size }), cls, pickable, onPoint,
    draw: (b) => {
      drawPosition(b, { size, rows: view.board, last: view.last, dead: new Set(view.dead || []),
        territory: showCount ? view.territory : null });
      if (chosen) {
        const { x, y } = pointXY(chosen, size);
        const [px, py] = b.at(x, y);
        b.el("circle", { class: "go-aimed", cx: px, cy: py, r: b.step * 0.46, "data-point": chosen });
      }
      ghost = b.el("circle", { class: "go-ghost", cx: 0, cy: 0, r: b.step * 0.46 });
    },
  });
  // The next stone follows the pointer (and the keyboard's focus) over the points you may play.
  const hide = () => ghost && ghost.classList.remove("shown");
  const show = (event) => {
    const hit = event.target.closest && event.target.closest(".kit-hit");
    if (!hit || !ghost) {
      hide();
      return;
    }
    ghost.setAttribute("cx", Number(hit.getAttribute("x")) + Number(hit.getAttribute("width")) / 2);
    ghost.setAttribute("cy", Number(hit.getAttribute("y")) + Number(hit.getAttribute("height")) / 2);
    ghost.classList.add("shown");
  };
  svg.addEventListener("pointerover", show);
  svg.addEventListener("focusin", show);
  svg.addEventListener("pointerleave", hide);
  svg.addEventListener("focusout", hide);
  return svg;
}

// --- the teams, the turn, the actions -------------------------------------------------------------------------------

function clockOf(ctx, seat) {
  const left = Array.isArray(ctx.clock) ? ctx.clock[seat] : null;
  return left == null ? null : h("span", { class: "go-clock", title: t("seconds left for this move") },
    `⏱ ${t("{n}s", { n: Math.ceil(left) })}`);
}

/** The seats that act now as the table plays them: at the count the team's people (its bots leave it to them), or
 * its first bot when it has no person. */
function acting(view, ctx) {
  const toAct = view.to_act || [];
  if (view.phase !== "scoring" || toAct.length < 2) return toAct;
  const seats = (ctx.table && ctx.table.seats) || [];
  const people = toAct.filter((s) => seats[s] && seats[s].kind === "human" && !seats[s].bot);
  return people.length ? people : toAct.slice(0, 1);
}

function teamPanel(view, ctx, team) {
  const members = view.teams[team];
  const colour = team === 0 ? "black" : "white";
  const toAct = acting(view, ctx);
  const active = (view.active || [])[team];
  const prisoners = (view.captures || [])[team] ?? 0;
  const winner = view.over && (view.winners || []).includes(members[0]);
  return h("section", { class: `go-team ${colour}${winner ? " won" : ""}`, dataset: { team } },
    h("header", {},
      h("span", { class: `go-swatch ${colour}`, "aria-hidden": "true" }),
      h("strong", {}, team === 0 ? t("Black") : t("White")),
      h("span", { class: "go-prisoners", title: t("stones this team has captured") }, t("{n} captured", { n: prisoners })),
      clockOf(ctx, active)),
    h("ol", { class: "go-members" }, members.map((s) => {
      const out = (view.out || []).includes(s);
      const classes = [toAct.includes(s) ? "to-act" : "", s === active ? "active" : "", out ? "out" : "",
        s === ctx.seat ? "mine" : ""].filter(Boolean).join(" ");
      return h("li", { class: classes, dataset: { seat: s } },
        h("span", { class: "go-role" }, roleText(view.roles[s])),
        h("span", { class: "go-name" }, seatName(ctx, s)),
        out ? h("span", { class: "kit-badge" }, t("out")) : null,
        toAct.includes(s) && !view.over ? h("span", { class: "kit-badge gold" }, view.phase === "play" ? t("to play") : t("to mark")) : null);
    })));
}

/** How many of the next turns the order strip names. */
const ORDER_SHOWN = 6;

function orderStrip(view, ctx) {
  if (view.phase !== "play" || view.game === "go") return null;
  // the next few turns: a whole round of sixteen players would push the rest off the screen
  const order = (view.order || []).slice(0, ORDER_SHOWN);
  const more = (view.order || []).length > ORDER_SHOWN;
  return h("p", { class: "go-order", "aria-label": t("Order of play") }, h("span", { class: "hint" }, t("Order:"), " "),
    order.map((s, i) => [i ? h("span", { class: "arrow", "aria-hidden": "true" }, " → ") : null,
      h("span", { class: `who ${view.teams[0].includes(s) ? "black" : "white"}${i === 0 ? " now" : ""}` },
        seatName(ctx, s))]), more ? h("span", { class: "arrow", "aria-hidden": "true" }, " → …") : null);
}

function button(ctx, action, text, { cls = "", confirm = null } = {}) {
  const armed = confirm && ctx.ui.armed === action;
  return h("button", {
    type: "button", class: `go-action ${cls}${armed ? " armed" : ""}`.trim(), dataset: { action },
    disabled: ctx.pending,
    onclick: () => {
      if (confirm && !armed) {
        ctx.ui.armed = action;
        ctx.rerender();
        return;
      }
      ctx.ui.armed = null;
      ctx.play(action);
    },
  }, armed ? confirm : text);
}

function scoreLine(view) {
  const s = view.score;
  if (!s) return null;
  const extra = s.compensation ? t("(komi {komi} + {n} for the handicap)", { komi: s.komi, n: s.compensation })
    : t("(komi {komi})", { komi: s.komi });
  return h("p", { class: "go-score", "aria-label": t("Count") },
    h("span", { class: "go-swatch black" }), ` ${t("Black")} ${s.black}`, "  ·  ",
    h("span", { class: "go-swatch white" }), ` ${t("White")} ${s.white} ${extra}`,
    view.over ? null : ["  →  ", h("strong", {}, t("{result} as marked now", { result: resultText(s.result) }))]);
}

/** At the count, to a player whose team agrees as one: who else may mark, and that its bots leave it to people. */
function teamNote(view, ctx) {
  const others = (view.to_act || []).filter((s) => s !== ctx.seat);
  if (!others.length) return null;
  const seats = (ctx.table && ctx.table.seats) || [];
  const bots = others.filter((s) => seats[s] && (seats[s].kind === "bot" || seats[s].bot));
  return h("p", { class: "hint go-team-note" }, bots.length === others.length
    ? t("You agree for your team: its bots leave the marking to you.")
    : bots.length ? t("Your team agrees through its people: any of you may mark and accept; its bots leave it to you.")
      : t("Any player of your team may mark and accept for it."));
}

function actions(view, ctx) {
  const legal = new Set(view.legal || []);
  const mine = ctx.myTurn;
  const toAct = (view.to_act || [])[0];
  const seatRole = (s) => (view.game === "go" ? seatName(ctx, s) : `${seatName(ctx, s)} (${roleText(view.roles[s])})`);
  if (!mine) ctx.ui.armed = null;
  if (view.over) {
    return h("div", { class: "go-status over", "data-now": "" }, h("p", { class: "go-result" }, resultText(view.result)));
  }
  if (view.phase === "play") {
    const chosen = mine && !ctx.pending ? aimed(ctx) : null;
    const text = chosen ? t("Tap {point} again, or press Play {point}, to place your stone there.", { point: chosen })
      : mine ? (ctx.pending ? t("Playing…") : view.turn === "B" ? t("Your turn: click a point to play Black.")
        : t("Your turn: click a point to play White."))
        : t("Waiting for {who} to play {colour}…", { who: seatRole(toAct), colour: colour(view.turn) });
    return h("div", { class: "go-status", "data-now": "" }, h("p", { class: "kit-turn" + (mine ? " yours" : ""), role: "status" }, text),
      mine && !chosen && !ctx.pending && twoTaps(view.size)
        ? h("p", { class: "hint go-note" }, t("The points are small here: tap one to see your stone there, then tap it again to place it."))
        : null,
      mine ? h("div", { class: "go-buttons" },
        chosen ? button(ctx, `play ${chosen}`, t("Play {point}", { point: chosen }), { cls: "primary" }) : null,
        legal.has("pass") ? button(ctx, "pass", t("Pass")) : null,
        legal.has("resign") ? button(ctx, "resign", t("Resign"), { cls: "quiet", confirm: t("Really resign?") }) : null) : null);
  }
  // the count
  let text;
  if (mine) {
    text = {
      mark: t("Click the groups that are dead (click again to bring one back), then Accept."),
      answer: view.proposer === 0 ? t("Black marked the stones shown dead. Accept, or click groups to change the marking and accept yours.")
        : t("White marked the stones shown dead. Accept, or click groups to change the marking and accept yours."),
      confirm: t("The other team changed the marking. Accept it, or resume play to settle it on the board."),
    }[view.step];
  } else {
    // Go: the player; Rengo: the team, which agrees as one (any of its players may mark and accept)
    const team = view.teams[0].includes(toAct) ? 0 : 1;
    const who = view.game === "go" ? seatName(ctx, toAct) : team ? t("White") : t("Black");
    text = {
      mark: t("{who} marks the dead stones, then accepts…", { who }),
      answer: t("{who} accepts that marking, or changes it and accepts its own…", { who }),
      confirm: t("{who} accepts the changed marking, or resumes play…", { who }),
    }[view.step];
  }
  return h("div", { class: "go-status scoring", "data-now": "" },
    h("p", { class: "kit-turn" + (mine ? " yours" : ""), role: "status" }, text),
    mine ? teamNote(view, ctx) : null,
    mine ? h("div", { class: "go-buttons" },
      legal.has("accept") ? button(ctx, "accept", t("Accept"), { cls: "primary" }) : null,
      legal.has("resume") ? button(ctx, "resume", t("Resume play")) : null,
      legal.has("resign") ? button(ctx, "resign", t("Resign"), { cls: "quiet", confirm: t("Really resign?") }) : null) : null);
}

// --- reviewing a finished game from its SGF -------------------------------------------------------------------------

/** The setup stones and the moves of an SGF's main line: {size, setup: [[colour, x, y]], moves: [[colour, x, y] | [colour, null]]}. */
export function readSgf(text) {
  const nodes = [];
  let i = text.indexOf("(");
  if (i < 0) throw new Error("not SGF");
  let node = null;
  let depth = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "(") { depth += 1; if (depth > 1) break; i += 1; continue; }
    if (ch === ")") break;
    if (ch === ";") { node = {}; nodes.push(node); i += 1; continue; }
    if (/[A-Z]/.test(ch) && node) {
      let j = i;
      while (/[A-Z]/.test(text[j])) j += 1;
      const key = text.slice(i, j);
      const values = [];
      while (text[j] === "[" || /\s/.test(text[j] || "")) {
        if (text[j] !== "[") { j += 1; continue; }
        let k = j + 1;
        let value = "";
        while (k < text.length && text[k] !== "]") {
          if (text[k] === "\\") k += 1;
          value += text[k];
          k += 1;
        }
        values.push(value);
        j = k + 1;
      }
      node[key] = values;
      i = j;
      continue;
    }
    i += 1;
  }
  const root = nodes[0] || {};
  const size = Number((root.SZ || ["19"])[0]);
  const xy = (v) => (!v || (v === "tt" && size <= 19) ? null : [v.charCodeAt(0) - 97, v.charCodeAt(1) - 97]);
  const setup = [];
  for (const [key, colour] of [["AB", "B"], ["AW", "W"]]) for (const v of root[key] || []) setup.push([colour, ...xy(v)]);
  const moves = [];
  for (const n of nodes.slice(1)) {
    if (n.B) moves.push(["B", xy(n.B[0])]);
    else if (n.W) moves.push(["W", xy(n.W[0])]);
  }
  return { size, setup, moves };
}

/** The board after the first `upto` moves: rows as the view draws them, and the last move. */
export function positionAt(game, upto) {
  const n = game.size;
  const cells = Array.from({ length: n }, () => Array(n).fill("."));
  for (const [colour, x, y] of game.setup) cells[y][x] = colour === "B" ? "X" : "O";
  const around = (x, y) => [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]].filter(([a, b]) => a >= 0 && b >= 0 && a < n && b < n);
  const chain = (x, y) => {
    const stone = cells[y][x];
    const seen = new Set([`${x},${y}`]);
    const todo = [[x, y]];
    let free = false;
    while (todo.length) {
      const [a, b] = todo.pop();
      for (const [c, d] of around(a, b)) {
        if (cells[d][c] === ".") free = true;
        else if (cells[d][c] === stone && !seen.has(`${c},${d}`)) { seen.add(`${c},${d}`); todo.push([c, d]); }
      }
    }
    return { stones: [...seen].map((s) => s.split(",").map(Number)), free };
  };
  let last = null;
  for (const [colour, at] of game.moves.slice(0, upto)) {
    if (!at) { last = { colour, point: null }; continue; }
    const [x, y] = at;
    const stone = colour === "B" ? "X" : "O";
    cells[y][x] = stone;
    for (const [c, d] of around(x, y)) {
      if (cells[d][c] !== "." && cells[d][c] !== stone) {
        const g = chain(c, d);
        if (!g.free) for (const [e, f] of g.stones) cells[f][e] = ".";
      }
    }
    last = { colour, point: pointName(x, y, n) };
  }
  return { rows: cells.map((r) => r.join("")), last };
}

async function loadReview(ctx, url) {
  ctx.ui.review = { loading: true, at: 0 };
  try {
    const r = await fetch(url);
    if (!r.ok) throw new Error(`${r.status}`);
    const game = readSgf(await r.text());
    ctx.ui.review = { game, at: game.moves.length, loading: false };
  } catch (err) {
    ctx.ui.review = { error: t("The record could not be read ({error}).", { error: err.message }) };
  }
  ctx.rerender();
}

function reviewPanel(view, ctx) {
  if (!view.over) {
    ctx.ui.review = null;
    return null;
  }
  const id = ctx.table && ctx.table.table;
  const review = ctx.ui.review;
  if (!review) {
    return h("div", { class: "go-review" }, h("button", { type: "button", class: "go-review-open",
      onclick: () => loadReview(ctx, `/api/tables/${encodeURIComponent(id)}/record.sgf`) }, t("Review the game (SGF)")));
  }
  if (review.error || review.loading) return h("div", { class: "go-review" }, h("p", { class: "hint" }, review.error || t("Loading…")));
  const total = review.game.moves.length;
  const go = (at) => () => { review.at = Math.max(0, Math.min(total, at)); ctx.rerender(); };
  return h("div", { class: "go-review", role: "group", "aria-label": t("Review") },
    h("button", { type: "button", dataset: { review: "first" }, onclick: go(0), title: t("the start") }, "⏮"),
    h("button", { type: "button", dataset: { review: "back" }, onclick: go(review.at - 1), title: t("a move back") }, "◀"),
    h("span", { class: "go-review-at" }, t("move {n} of {total}", { n: review.at, total })),
    h("button", { type: "button", dataset: { review: "next" }, onclick: go(review.at + 1), title: t("a move on") }, "▶"),
    h("button", { type: "button", dataset: { review: "last" }, onclick: go(total), title: t("the end") }, "⏭"),
    h("button", { type: "button", class: "quiet", onclick: () => { ctx.ui.review = null; ctx.rerender(); } }, t("Close")));
}

function reviewBoard(view, ctx) {
  const review = ctx.ui.review;
  const game = review.game;
  const { rows, last } = positionAt(game, review.at);
  const atEnd = review.at === game.moves.length;
  return drawBoard({
    cols: game.size, rows: game.size, kind: "points", step: 40,
    coords: { cols: [...LETTERS.slice(0, game.size)], rows: Array.from({ length: game.size }, (_, i) => String(game.size - i)) },
    label: t("the game at move {n}", { n: review.at }), cls: "go-board reviewing",
    draw: (b) => drawPosition(b, { size: game.size, rows, last, dead: atEnd ? new Set(view.dead || []) : new Set(),
      territory: atEnd ? view.territory : null }),
  });
}

/**
 * The lesson's move on the drawn board (contract B): a stone's point ("play D7") or a chain to mark ("dead B3", any
 * of its points will do: its lowest names it) is that point's target; "pass", "accept" and the rest are buttons.
 * On a board too small for a finger the first tap only aims: the same point stays marked for the second.
 */
export function lessonTargets(text, view) {
  const m = /^(?:play|dead|alive) ([A-HJ-T]\d+)$/.exec(text);
  if (!m) return [...document.querySelectorAll(`[data-action="${CSS.escape(text)}"]`)];
  const { x, y } = pointXY(m[1], view.size);
  return [...document.querySelectorAll(`svg.go-board .kit-hit[data-x="${x}"][data-y="${y}"]`)];
}

export function board(view, ctx) {
  if (!view.over) ctx.ui.review = null;
  const reviewing = ctx.ui.review && ctx.ui.review.game;
  return h("div", { class: `go-table size-${view.size} phase-${view.phase}` },
    h("div", { class: "go-main" },
      h("div", { class: "go-board-wrap" }, reviewing ? reviewBoard(view, ctx) : liveBoard(view, ctx)),
      // what to do now first: beside the board on a laptop, right under it on a phone
      h("div", { class: "go-side" },
        actions(view, ctx),
        scoreLine(view),
        reviewPanel(view, ctx),
        teamPanel(view, ctx, 0),
        teamPanel(view, ctx, 1),
        orderStrip(view, ctx))));
}
