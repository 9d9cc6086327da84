// Zole at the table: three players around the felt (a fourth, the dealer, sits the hand out), the talon face
// down in the middle, the bidding as each player's word in turn, the Big one and the small ones marked, what the
// Big one laid away shown to him alone, the trick with each card before its player and the winner marked, the
// card points each side has taken, the chips and the pool, and each hand's result when it is over.
// Actions on the wire (RULES.md): "pass", "take", "zole", "small zole", "discard 9C KH", "play QC".

import {
  h, cardSVG, cardText, seatName, placeSeats, feltTable, seatPlate, hand, backs, cardRow, trick, lastTrick,
  compound, picker, confirmBar,
} from "/static/kit/kit.js";
import { BIDS, breakdown, describe, headline, plural, signed, summary } from "./words.js";

export const styles = ["table.css"];
export const ownsLegal = true;
export { describe, headline };

const TRUMPS = new Set(["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "10D", "KD", "9D", "8D", "7D"]);
const SUIT_NAME = { C: "clubs", S: "spades", H: "hearts", T: "trumps" };

export function title() {
  return "Zole";
}

export function info(view) {
  const o = view.options || {};
  const bits = [`hand ${view.hand_number}${o.hands ? ` of ${o.hands}` : ""}`];
  if (o.target) bits.push(`to ±${o.target} chips`);
  if (o.scoring === "federation") bits.push("federation chips");
  if (o.all_pass === "table") bits.push("table game when all pass");
  return bits.join(" · ");
}

/** How long a state stays on screen before the next is drawn: a finished trick longest. */
export function hold(view, ctx) {
  if (ctx.prev && ctx.prev.hand_number !== view.hand_number) return 900;
  const last = ctx.fresh[ctx.fresh.length - 1];
  if (!last) return 0;
  if (last.type === "trick") return 1400;
  if (last.type === "play") return 500;
  if (["bid", "discard", "table game"].includes(last.type)) return 600;
  return 0;
}

// --- who is who -----------------------------------------------------------------------------------------------

function role(view, seat) {
  if (seat === view.sitting_out) return "sits out";
  if (view.declarer == null) return null;
  if (seat === view.declarer) return view.mode === "small zole" ? "small zole" : "Big one";
  return (view.small_ones || []).includes(seat) ? "small one" : null;
}

function badges(view, ctx, seat) {
  const r = role(view, seat);
  const out = [];
  if (r === "Big one") out.push(h("span", { class: "kit-badge gold", title: "plays alone" }, view.mode === "zole" ? "Big one · Zole" : "Big one"));
  else if (r === "small zole") out.push(h("span", { class: "kit-badge gold", title: "plays alone to take no trick" }, "small zole"));
  else if (r === "small one") out.push(h("span", { class: "kit-badge blue", title: "plays with the other small one" }, "small one"));
  else if (r === "sits out") out.push(h("span", { class: "kit-badge", title: "deals, and sits this hand out" }, "sits out"));
  const chips = (view.scores || [])[seat] || 0;
  out.push(h("span", { class: `chips ${chips > 0 ? "plus" : chips < 0 ? "minus" : ""}`, title: "chips won so far" }, `${signed(chips)} ◉`));
  return out;
}

/** The line under a seat's name: its word in the bidding, or its tricks and points in play. */
function note(view, seat) {
  if (seat === view.sitting_out) return null;
  if (view.phase === "bid") {
    const bid = (view.bids || [])[seat];
    return bid ? h("span", { class: `bid-chip ${bid === "pass" ? "pass" : ""}` }, BIDS[bid] ? BIDS[bid][0] : bid) : null;
  }
  if (view.phase === "play" || view.phase === "over") {
    const t = (view.tricks || [])[seat] || 0;
    return `${plural(t, "trick")} · ${(view.won_points || [])[seat] || 0} pts`;
  }
  return null;
}

function opponent(view, ctx, seat, where) {
  return seatPlate(ctx, seat, {
    where, badges: badges(view, ctx, seat), note: note(view, seat),
    children: [backs((view.hand_counts || [])[seat] ?? 0, { vertical: where === "left" || where === "right" })],
  });
}

// --- the middle of the table ------------------------------------------------------------------------------------

/** What is played: who plays alone and how, the pool or the pules. */
function strip(view, ctx) {
  const items = [];
  if (view.declarer != null) {
    const how = { big: "took the talon", zole: "Zole: without the talon", "small zole": "small zole: to take no trick" }[view.mode];
    items.push(h("strong", { class: "contract-name" }, seatName(ctx, view.declarer)), h("span", {}, how));
  } else if (view.mode === "table") {
    items.push(h("strong", { class: "contract-name" }, "The table game"), h("span", {}, "the most tricks loses"));
  } else if (view.phase === "bid") {
    items.push(h("strong", { class: "contract-name" }, "Bidding"), h("span", {}, "who plays alone?"));
  }
  if ((view.options || {}).all_pass === "pules") {
    const p = view.pules || { common: 0, personal: [] };
    if (p.common || p.personal.length) {
      items.push(h("span", { class: "pool", title: "the federation's pules" }, `Pules: ${p.common} common`
        + (p.personal.length ? `, personal ${p.personal.map((s) => seatName(ctx, s)).join(", ")}` : "")));
    }
  } else if (view.pool) {
    items.push(h("span", { class: "pool", title: "the next hand's winner takes it" }, `Pool ${plural(view.pool, "chip")}`));
  }
  return items.length ? h("div", { class: "contract-strip" }, items) : null;
}

/** The talon face down, and the two cards laid away: face up for the Big one, backs for the others. */
function talon(view, ctx) {
  const parts = [];
  if (view.talon_count) {
    const whose = view.mode === "zole" ? "the small ones' at the end" : view.mode === "table" || view.mode === "small zole" ? "not used" : null;
    parts.push(h("div", { class: "talon", dataset: { flip: "talon" } }, backs(view.talon_count, { label: "the talon, face down" }),
      h("span", { class: "talon-label" }, "Talon", whose ? h("small", {}, ` (${whose})`) : null)));
  }
  if (view.laid_away) {
    parts.push(h("div", { class: "talon laid" }, cardRow(view.laid_away, { cls: "small" }),
      h("span", { class: "talon-label" }, "Laid away", h("small", {}, " (yours, face down)"))));
  } else if (view.laid_away_count) {
    parts.push(h("div", { class: "talon laid" }, backs(view.laid_away_count, { label: "laid away, face down" }),
      h("span", { class: "talon-label" }, "Laid away")));
  }
  return parts.length ? h("div", { class: "talon-box" }, parts) : null;
}

/** The bidding: the players in the order they speak, with their words. */
function bidding(view, ctx) {
  const toAct = new Set(view.to_act || []);
  return h("div", { class: "auction", role: "table", "aria-label": "Bidding" },
    h("div", { class: "auction-title" }, "Bidding"),
    (view.active || []).map((s, i) => {
      const bid = (view.bids || [])[s];
      return h("div", { class: `auction-row${toAct.has(s) ? " acting" : ""}`, role: "row", dataset: { seat: s } },
        h("span", { class: "auction-who", role: "rowheader" }, seatName(ctx, s), i === 0 ? h("small", {}, " speaks first") : null),
        h("span", { class: "auction-bids", role: "cell" },
          bid ? h("span", { class: `bid-chip ${bid === "pass" ? "pass" : ""}` }, BIDS[bid] ? BIDS[bid][0] : bid) : null,
          toAct.has(s) ? h("span", { class: "bid-chip thinking" }, "…") : null));
    }));
}

/** The tricks of the hand so far from the log: [{plays: [{seat, card}], winner}]. */
export function doneTricks(log) {
  const out = [];
  let plays = [];
  for (const e of log || []) {
    if (e.type === "play") plays.push({ seat: e.seat, card: e.card });
    else if (e.type === "trick") { out.push({ plays, winner: e.winner }); plays = []; }
  }
  return out;
}

function trickArea(view, ctx) {
  const me = ctx.seat ?? 0;
  const n = view.players;
  const done = doneTricks(view.log);
  const open = view.trick || [];
  const last = [...(view.log || [])].reverse().find((e) => e.type === "play" || e.type === "trick");
  const showDone = !open.length && last && last.type === "trick";
  const shown = showDone ? done[done.length - 1] : null;
  const before = showDone ? done[done.length - 2] : done[done.length - 1];
  const caption = shown ? `Trick ${done.length}` : open.length ? `Trick ${done.length + 1}`
    : view.leader != null ? `${seatName(ctx, view.leader)} lead${view.leader === ctx.seat ? "" : "s"}` : "";
  return h("div", { class: "trick-area" },
    trick({ plays: shown ? shown.plays : open, n, me, winner: shown ? shown.winner : null, ctx, caption }),
    h("div", { class: "trick-tools" }, lastTrick(ctx, before || null, { n, me }),
      h("span", { class: "tricks-count" }, `${done.length} of 8 tricks`)));
}

/** The sides' card points so far (the Big one's laid away count for him: only he knows them). */
function scoreLine(view, ctx) {
  if (view.phase !== "play" || view.declarer == null) return null;
  const pts = view.won_points || [];
  if (view.mode === "small zole") return h("div", { class: "score-line" }, `${seatName(ctx, view.declarer)} must take no trick`);
  const big = pts[view.declarer] || 0;
  const small = (view.small_ones || []).reduce((a, s) => a + (pts[s] || 0), 0);
  const laid = view.laid_away ? view.laid_away.reduce((a, c) => a + value(c), 0) : null;
  return h("div", { class: "score-line", title: "card points taken in tricks so far" },
    `Big one ${big}${laid ? ` + ${laid} laid away` : view.laid_away_count ? " + laid away" : ""} · small ones ${small}`
    + ` · the Big one needs 61`);
}

function value(code) {
  return { A: 11, 10: 10, K: 4, Q: 3, J: 2 }[code.slice(0, -1)] || 0;
}

/** How hand `number` ended: its last trick and its score event (with the talon and the cards laid away shown),
 * from the view's `previous` once the next hand is dealt, or from the log for the match's last hand. */
function ending(view, number) {
  for (const events of [view.previous || [], view.log || []]) {
    const score = events.find((e) => e.type === "score" && e.hand === number);
    if (!score) continue;
    const tricks = doneTricks(events.slice(0, events.indexOf(score) + 1));
    return { score, last: tricks[tricks.length - 1] || null };
  }
  return null;
}

/** The result of the hand just over, until the player moves on. */
function result(view, ctx) {
  const rows = (view.sheet && view.sheet.rows) || [];
  if (ctx.ui.rowsSeen == null) ctx.ui.rowsSeen = rows.length;
  if (rows.length <= ctx.ui.rowsSeen) return null;
  const row = rows[ctx.ui.rowsSeen];
  const d = row.detail || {};
  const number = ctx.ui.rowsSeen + 1;
  const end = ending(view, number);
  const next = () => { ctx.ui.rowsSeen += 1; ctx.rerender(); };
  const mine = ctx.seat != null ? (row.points || [])[ctx.seat] : null;
  const shown = (label, codes) => (codes && codes.length ? h("div", { class: "final-trick" }, h("span", {}, label),
    cardRow(codes, { cls: "small", flip: false })) : null);
  return h("div", { class: "result", role: "dialog", "aria-label": `${row.label} result` },
    h("h2", {}, `${row.label[0].toUpperCase()}${row.label.slice(1)}: ${summary(d, ctx)}`),
    end && end.last ? h("div", { class: "final-trick" }, h("span", {}, "Last trick"),
      h("span", { class: "kit-row" }, end.last.plays.map((p) => h("span", {
        class: `final-card${p.seat === end.last.winner ? " won" : ""}`, title: seatName(ctx, p.seat) },
      cardSVG(p.card), h("small", {}, seatName(ctx, p.seat).split(" (")[0]))))) : null,
    end && d.mode !== "all pass" ? [shown("Talon", end.score.talon), shown("Laid away", end.score["laid away"])] : null,
    h("dl", { class: "breakdown" }, breakdown(d, ctx).map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])),
    h("div", { class: "result-points" }, (row.points || []).map((p, s) => h("span", { class: `pts ${p > 0 ? "plus" : p < 0 ? "minus" : ""}` },
      `${seatName(ctx, s)} ${signed(p)}`))),
    h("button", { type: "button", class: "primary zole-continue", onclick: next },
      view.over && rows.length === number ? "See the sheet" : mine > 0 ? "Well played — next hand" : "Next hand"));
}

function center(view, ctx) {
  const parts = [strip(view, ctx), talon(view, ctx)];
  if (view.phase === "bid") parts.push(bidding(view, ctx));
  else if (view.phase === "discard") {
    parts.push(h("div", { class: "call-title" }, view.declarer === ctx.seat
      ? "Lay away two cards: click them in your hand, then confirm. They count for you."
      : `${seatName(ctx, view.declarer)} lays away two cards…`));
  } else parts.push(trickArea(view, ctx), scoreLine(view, ctx));
  parts.push(result(view, ctx));
  return parts;
}

// --- your side --------------------------------------------------------------------------------------------------

function suitOf(code) {
  return TRUMPS.has(code) ? "T" : code.slice(-1);
}

/** Why a card may not be played now (a hint: the legal list decides). */
function playReason(code, view) {
  const open = view.trick || [];
  if (!open.length) return "not your turn";
  const led = suitOf(open[0].card);
  if (suitOf(code) !== led) return `follow suit: play ${led === "T" ? "a trump" : `a card of ${SUIT_NAME[led]} (not a queen or jack: those are trumps)`}`;
  return "not playable now";
}

function myHand(view, ctx) {
  const cards = view.hand || [];
  const active = ctx.myTurn && !ctx.pending;
  if (view.phase === "discard" && view.declarer === ctx.seat) {
    const pick = picker(ctx, "discard");
    const c = compound(view.legal, pick.parts, { prefix: "discard", unordered: true });
    return [
      active ? confirmBar(ctx, { picked: pick.parts, done: c.done, verb: "Lay away", onClear: pick.clear,
        hint: "Pick two cards to lay away", word: cardText }) : null,
      hand(cards, { active, selected: pick.parts, onPick: pick.toggle,
        legal: (code) => pick.has(code) || c.next.has(code) || "you have picked two: click one to put it back" }),
    ];
  }
  const legal = new Set((view.legal || []).filter((a) => a.startsWith("play ")).map((a) => a.slice(5)));
  return hand(cards, { active: active && view.phase === "play", legal: (code) => legal.has(code) || playReason(code, view),
    onPick: (code) => ctx.play(`play ${code}`) });
}

function bidButtons(view, ctx) {
  return (view.legal || []).map((a) => h("button", {
    type: "button", class: `act ${a === "pass" ? "pass" : ""}`.trim(), dataset: { action: a }, disabled: ctx.pending,
    title: BIDS[a] ? BIDS[a][1] : a, onclick: () => ctx.play(a),
  }, BIDS[a] ? BIDS[a][0] : a));
}

function status(view, ctx) {
  if (view.over) return "The match is over.";
  if (ctx.myTurn) {
    if (ctx.pending) return "…";
    if (view.phase === "bid") return "Your word: pass, or play alone?";
    if (view.phase === "discard") return "Lay away two cards";
    return (view.trick || []).length ? "Your turn: play a card" : "Your lead";
  }
  const toAct = view.to_act || [];
  return toAct.length ? `Waiting for ${toAct.map((s) => seatName(ctx, s)).join(", ")}…` : "";
}

function mine(view, ctx, bottom) {
  const actions = ctx.myTurn && view.phase === "bid" ? bidButtons(view, ctx) : null;
  const plate = seatPlate(ctx, bottom, { where: "bottom", badges: [...badges(view, ctx, bottom),
    view.phase === "play" ? h("span", { class: "kit-note" }, note(view, bottom)) : null,
    h("span", { class: `kit-turn ${ctx.myTurn ? "yours" : ""}`, role: "status" }, status(view, ctx))] });
  return [
    plate,
    actions ? h("div", { class: "actions", role: "group", "aria-label": "Your options" }, actions) : null,
    ctx.seat == null ? backs((view.hand_counts || [])[bottom] ?? 0) : myHand(view, ctx),
  ];
}

export function board(view, ctx) {
  if (ctx.prev && ctx.prev.hand_number !== view.hand_number) ctx.ui.lastTrick = null;
  const places = placeSeats(view.players, ctx.seat ?? 0);
  return feltTable(places, (seat, where) => opponent(view, ctx, seat, where), {
    cls: `zole players-${view.players} phase-${view.phase}`,
    center: center(view, ctx),
    me: mine(view, ctx, places[0].seat),
  });
}

/** The score sheet in Zole's words: a row per hand with who played alone and the chips. */
export function sheet(view, ctx) {
  const s = view.sheet;
  if (!s) return null;
  const seats = s.totals.map((_, i) => i);
  // a seat's name without its bot level in the header, so that the sheet fits beside the table (and on a phone)
  const head = h("tr", {}, h("th", { scope: "col" }, "Hand"), seats.map((i) => h("th", {
    scope: "col", class: i === ctx.seat ? "mine" : "", title: seatName(ctx, i) }, seatName(ctx, i).split(" (")[0])));
  const rows = (s.rows || []).map((r) => [
    h("tr", { class: "row" }, h("th", { scope: "row" }, r.label.replace("hand ", "")), (r.points || []).map((p, i) =>
      h("td", { class: i === ctx.seat ? "mine" : "" }, signed(p)))),
    h("tr", { class: "detail" }, h("td", { colspan: seats.length + 1 }, summary(r.detail || {}, ctx))),
  ]);
  const totals = h("tr", { class: "totals" }, h("th", { scope: "row" }, "Chips"), s.totals.map((t, i) =>
    h("td", { class: i === ctx.seat ? "mine" : "" }, signed(t))));
  return h("section", { class: "panel sheet zole-sheet", "aria-label": "Score sheet" }, h("h3", {}, "Chips"),
    h("table", {}, h("thead", {}, head), h("tbody", {}, rows.length ? rows : h("tr", {},
      h("td", { colspan: seats.length + 1, class: "muted" }, "No hand played yet."))), h("tfoot", {}, totals)),
    view.pool ? h("p", { class: "muted" }, `In the pool: ${plural(view.pool, "chip")}`) : null);
}

// Exposed for the browser test of the module's pure parts.
export const _test = { playReason, doneTricks, value };
