// Zole at the table: three players around the felt (a fourth, the dealer, sits the hand out), the talon face
// down in the middle, the bidding as each player's word in turn, the Big one and the small ones marked, what the
// Big one laid away shown to him alone, the trick with each card before its player and the winner marked, the
// card points each side has taken, the chips and the pool, and each hand's result when it is over.
// Actions on the wire (RULES.md): "pass", "take", "zole", "small zole", "discard 9C KH", "play QC".

import {
  h, cardText, seatName, placeSeats, feltTable, seatPlate, hand, backs, cardRow, trick, lastTrick,
  compound, picker, confirmBar, sheetWord, N_, playedCards, withAid,
} from "/static/kit/kit.js";
import { breakdownList, cardsLine, dealResult, finalTrick } from "/games/tricks/result.js";
import { trickTargets } from "/games/tricks/lesson.js";
import { totalsFoot } from "/games/tricks/sheet.js";
import { bidWords, breakdown, describe, headline, signed, summary, t, tn } from "./words.js";

export const styles = ["/games/tricks/result.css", "/games/tricks/sheet.css", "table.css"];
N_("pool returned"); // a sheet row's label (sheetWord translates it)
export const ownsLegal = true;
/** The page offers the player aids switch (the cards played in this deal: kit/aids.js). */
export const playerAids = true;
export { describe, headline };

const TRUMPS = new Set(["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "10D", "KD", "9D", "8D", "7D"]);
const SUIT_NAME = { C: "♣", S: "♠", H: "♥" };

export function title() {
  return "Zole";
}

export function info(view) {
  const o = view.options || {};
  const bits = [o.hands ? t("hand {n} of {hands}", { n: view.hand_number, hands: o.hands }) : t("hand {n}", { n: view.hand_number })];
  if (o.target) bits.push(tn("to ±{n} chip", "to ±{n} chips", o.target));
  if (o.scoring === "federation") bits.push(t("federation chips"));
  if (o.all_pass === "table") bits.push(t("table game when all pass"));
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
  if (r === "Big one") {
    out.push(h("span", { class: "kit-badge gold", title: t("plays alone") }, view.mode === "zole" ? t("Big one · Zole") : t("Big one")));
  } else if (r === "small zole") out.push(h("span", { class: "kit-badge gold", title: t("plays alone to take no trick") }, t("small zole")));
  else if (r === "small one") out.push(h("span", { class: "kit-badge blue", title: t("plays with the other small one") }, t("small one")));
  else if (r === "sits out") out.push(h("span", { class: "kit-badge", title: t("deals, and sits this hand out") }, t("sits out")));
  const chips = (view.scores || [])[seat] || 0;
  out.push(h("span", { class: `chips ${chips > 0 ? "plus" : chips < 0 ? "minus" : ""}`, title: t("chips won so far") }, `${signed(chips)} ◉`));
  return out;
}

/** The line under a seat's name: its word in the bidding, or its tricks and points in play. */
function note(view, seat) {
  if (seat === view.sitting_out) return null;
  if (view.phase === "bid") {
    const bid = (view.bids || [])[seat];
    return bid ? h("span", { class: `bid-chip ${bid === "pass" ? "pass" : ""}` }, bidWords(bid)[0]) : null;
  }
  if (view.phase === "play" || view.phase === "over") {
    const count = (view.tricks || [])[seat] || 0;
    return `${tn("{n} trick", "{n} tricks", count)} · ${t("{n} pts", { n: (view.won_points || [])[seat] || 0 })}`;
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
    const how = { big: t("took the talon"), zole: t("Zole: without the talon"), "small zole": t("small zole: to take no trick") }[view.mode];
    items.push(h("strong", { class: "contract-name" }, seatName(ctx, view.declarer)), h("span", {}, how));
  } else if (view.mode === "table") {
    items.push(h("strong", { class: "contract-name" }, t("The table game")), h("span", {}, t("the most tricks loses")));
  } else if (view.phase === "bid") {
    items.push(h("strong", { class: "contract-name" }, t("Bidding")), h("span", {}, t("who plays alone?")));
  }
  if ((view.options || {}).all_pass === "pules") {
    const p = view.pules || { common: 0, personal: [] };
    if (p.common || p.personal.length) {
      items.push(h("span", { class: "pool", title: t("the federation's pules") }, p.personal.length
        ? t("Pules: {n} common, personal {names}", { n: p.common, names: p.personal.map((s) => seatName(ctx, s)).join(", ") })
        : t("Pules: {n} common", { n: p.common })));
    }
  } else if (view.pool) {
    items.push(h("span", { class: "pool", title: t("the next hand's winner takes it") }, tn("Pool {n} chip", "Pool {n} chips", view.pool)));
  }
  return items.length ? h("div", { class: "contract-strip" }, items) : null;
}

/** The talon face down, and the two cards laid away: face up for the Big one, backs for the others. */
function talon(view, ctx) {
  const parts = [];
  if (view.talon_count) {
    const whose = view.mode === "zole" ? t("the small ones' at the end") : view.mode === "table" || view.mode === "small zole"
      ? t("not used") : null;
    parts.push(h("div", { class: "talon", dataset: { flip: "talon" } }, backs(view.talon_count, { label: t("the talon, face down") }),
      h("span", { class: "talon-label" }, t("Talon"), whose ? h("small", {}, ` (${whose})`) : null)));
  }
  if (view.laid_away) {
    parts.push(h("div", { class: "talon laid" }, cardRow(view.laid_away, { cls: "small" }),
      h("span", { class: "talon-label" }, t("Laid away"), h("small", {}, " ", t("(yours, face down)")))));
  } else if (view.laid_away_count) {
    parts.push(h("div", { class: "talon laid" }, backs(view.laid_away_count, { label: t("laid away, face down") }),
      h("span", { class: "talon-label" }, t("Laid away"))));
  }
  return parts.length ? h("div", { class: "talon-box" }, parts) : null;
}

/** The bidding: the players in the order they speak, with their words. */
function bidding(view, ctx) {
  const toAct = new Set(view.to_act || []);
  return h("div", { class: "auction", role: "table", "aria-label": t("Bidding") },
    h("div", { class: "auction-title" }, t("Bidding")),
    (view.active || []).map((s, i) => {
      const bid = (view.bids || [])[s];
      return h("div", { class: `auction-row${toAct.has(s) ? " acting" : ""}`, role: "row", dataset: { seat: s } },
        h("span", { class: "auction-who", role: "rowheader" }, seatName(ctx, s), i === 0 ? h("small", {}, " ", t("speaks first")) : null),
        h("span", { class: "auction-bids", role: "cell" },
          bid ? h("span", { class: `bid-chip ${bid === "pass" ? "pass" : ""}` }, bidWords(bid)[0]) : null,
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
  const caption = shown ? t("Trick {n}", { n: done.length }) : open.length ? t("Trick {n}", { n: done.length + 1 })
    : view.leader == null ? "" : view.leader === ctx.seat ? t("You lead") : t("{who} leads", { who: seatName(ctx, view.leader) });
  return h("div", { class: "trick-area" },
    trick({ plays: shown ? shown.plays : open, n, me, winner: shown ? shown.winner : null, ctx, caption }),
    h("div", { class: "trick-tools" }, lastTrick(ctx, before || null, { n, me }),
      h("span", { class: "tricks-count" }, tn("{done} of {n} trick", "{done} of {n} tricks", 8, { done: done.length }))));
}

/** The sides' card points so far (the Big one's laid away count for him: only he knows them). */
function scoreLine(view, ctx) {
  if (view.phase !== "play" || view.declarer == null) return null;
  const pts = view.won_points || [];
  if (view.mode === "small zole") {
    return h("div", { class: "score-line" }, view.declarer === ctx.seat ? t("You must take no trick")
      : t("{who} must take no trick", { who: seatName(ctx, view.declarer) }));
  }
  const big = pts[view.declarer] || 0;
  const small = (view.small_ones || []).reduce((a, s) => a + (pts[s] || 0), 0);
  const laid = view.laid_away ? view.laid_away.reduce((a, c) => a + value(c), 0) : null;
  const line = laid ? t("Big one {big} + {laid} laid away · small ones {small} · the Big one needs 61", { big, laid, small })
    : view.laid_away_count ? t("Big one {big} + laid away · small ones {small} · the Big one needs 61", { big, small })
      : t("Big one {big} · small ones {small} · the Big one needs 61", { big, small });
  return h("div", { class: "score-line", title: t("card points taken in tricks so far") }, line);
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
  const label = sheetWord(ctx, row.label);
  const shown = end && d.mode !== "all pass";
  return dealResult(ctx, {
    label: t("{hand} result", { hand: label }),
    heading: `${label[0].toUpperCase()}${label.slice(1)}: ${summary(d, ctx)}`,
    lines: [
      end && end.last ? finalTrick(ctx, t("Last trick"), end.last.plays, end.last.winner) : null,
      shown ? cardsLine(t("Talon"), end.score.talon) : null,
      shown ? cardsLine(t("Laid away"), end.score["laid away"]) : null,
      breakdownList(breakdown(d, ctx)),
    ],
    points: row.points || [], signed,
    button: { text: view.over && rows.length === number ? t("See the sheet") : mine > 0 ? t("Well played — next hand") : t("Next hand"),
      cls: "zole-continue", onClick: next },
  });
}

function center(view, ctx) {
  // who plays alone and the talon side by side when they fit: a short screen keeps its height for the trick
  const head = [strip(view, ctx), talon(view, ctx)].filter(Boolean);
  const parts = [head.length ? h("div", { class: "zole-head" }, head) : null];
  if (view.phase === "bid") parts.push(bidding(view, ctx));
  else if (view.phase === "discard") {
    parts.push(h("div", { class: "call-title" }, view.declarer === ctx.seat
      ? t("Lay away two cards: click them in your hand, then confirm. They count for you.")
      : t("{who} lays away two cards…", { who: seatName(ctx, view.declarer) })));
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
  if (!open.length) return t("not your turn");
  const led = suitOf(open[0].card);
  if (suitOf(code) !== led) {
    return led === "T" ? t("follow suit: play a trump")
      : t("follow suit: play a card of {suit} (not a queen or jack: those are trumps)", { suit: SUIT_NAME[led] });
  }
  return t("not playable now");
}

function myHand(view, ctx) {
  const cards = view.hand || [];
  const active = ctx.myTurn && !ctx.pending;
  if (view.phase === "discard" && view.declarer === ctx.seat) {
    const pick = picker(ctx, "discard");
    const c = compound(view.legal, pick.parts, { prefix: "discard", unordered: true });
    return [
      active ? confirmBar(ctx, { picked: pick.parts, done: c.done, verb: t("Lay away"), onClear: pick.clear,
        hint: t("Pick two cards to lay away"), word: cardText }) : null,
      hand(cards, { active, selected: pick.parts, onPick: pick.toggle,
        legal: (code) => pick.has(code) || c.next.has(code) || t("you have picked two: click one to put it back") }),
    ];
  }
  const legal = new Set((view.legal || []).filter((a) => a.startsWith("play ")).map((a) => a.slice(5)));
  return hand(cards, { active: active && view.phase === "play", legal: (code) => legal.has(code) || playReason(code, view),
    onPick: (code) => ctx.play(`play ${code}`) });
}

function bidButtons(view, ctx) {
  return (view.legal || []).map((a) => h("button", {
    type: "button", class: `act ${a === "pass" ? "pass" : ""}`.trim(), dataset: { action: a }, disabled: ctx.pending,
    title: bidWords(a)[1], onclick: () => ctx.play(a),
  }, bidWords(a)[0]));
}

function status(view, ctx) {
  if (view.over) return t("The match is over.");
  if (ctx.myTurn) {
    if (ctx.pending) return "…";
    if (view.phase === "bid") return t("Your word: pass, or play alone?");
    if (view.phase === "discard") return t("Lay away two cards");
    return (view.trick || []).length ? t("Your turn: play a card") : t("Your lead");
  }
  const toAct = view.to_act || [];
  return toAct.length ? t("Waiting for {names}…", { names: toAct.map((s) => seatName(ctx, s)).join(", ") }) : "";
}

function mine(view, ctx, bottom) {
  const actions = ctx.myTurn && view.phase === "bid" ? bidButtons(view, ctx) : null;
  const plate = seatPlate(ctx, bottom, { where: "bottom", badges: [...badges(view, ctx, bottom),
    view.phase === "play" ? h("span", { class: "kit-note" }, note(view, bottom)) : null,
    h("span", { class: `kit-turn ${ctx.myTurn ? "yours" : ""}`, role: "status" }, status(view, ctx))] });
  return [
    plate,
    actions ? h("div", { class: "actions", role: "group", "aria-label": t("Your options") }, actions) : null,
    ctx.seat == null ? backs((view.hand_counts || [])[bottom] ?? 0) : myHand(view, ctx),
  ];
}

export function board(view, ctx) {
  if (ctx.prev && ctx.prev.hand_number !== view.hand_number) ctx.ui.lastTrick = null;
  const places = placeSeats(view.players, ctx.seat ?? 0);
  const played = ctx.aids && view.aids && view.aids.played;
  return withAid(feltTable(places, (seat, where) => opponent(view, ctx, seat, where), {
    cls: `zole players-${view.players} phase-${view.phase}`,
    center: center(view, ctx),
    me: mine(view, ctx, places[0].seat),
  }), played ? playedCards(played, { order: ["T", "C", "S", "H"] }) : null);
}

/** The score sheet in Zole's words: a row per hand with who played alone and the chips. */
export function sheet(view, ctx) {
  const s = view.sheet;
  if (!s) return null;
  const seats = s.totals.map((_, i) => i);
  // a seat's name without its bot level in the header, so that the sheet fits beside the table (and on a phone)
  const head = h("tr", {}, h("th", { scope: "col", title: t("Hand") }, "#"), seats.map((i) => h("th", {
    scope: "col", class: i === ctx.seat ? "mine" : "", title: seatName(ctx, i) }, seatName(ctx, i).split(" (")[0])));
  const rows = (s.rows || []).map((r) => {
    const hand = /^hand (\d+)$/.exec(r.label);
    // a row that is not a hand (the pool returned) is named in its line, where it has the table's width
    return [
      h("tr", { class: "row" }, h("th", { scope: "row", title: sheetWord(ctx, r.label) }, hand ? hand[1] : "·"),
        (r.points || []).map((p, i) => h("td", { class: i === ctx.seat ? "mine" : "" }, signed(p)))),
      h("tr", { class: "detail" }, h("td", { colspan: seats.length + 1 },
        hand ? null : [h("strong", {}, sheetWord(ctx, r.label)), " · "], summary(r.detail || {}, ctx))),
    ];
  });
  const totals = totalsFoot(t("Chips"), s.totals.map((total, i) => h("td", { class: i === ctx.seat ? "mine" : "" }, signed(total))));
  return h("section", { class: "panel sheet trick-sheet zole-sheet", "aria-label": t("Score sheet") }, h("h3", {}, t("Chips")),
    h("table", {}, h("thead", {}, head), h("tbody", {}, rows.length ? rows : h("tr", {},
      h("td", { colspan: seats.length + 1, class: "muted" }, t("No hand played yet.")))), totals),
    view.pool ? h("p", { class: "muted" }, tn("In the pool: {n} chip", "In the pool: {n} chips", view.pool)) : null);
}

// Exposed for the browser test of the module's pure parts.
export const _test = { playReason, doneTricks, value };

/**
 * What to click now to make `text` (a lesson's move; the page marks it): "discard 9S KS" is the confirm button once
 * both cards are picked, else the next of them still in the hand; "play QC" the card; pass, take and zole buttons.
 */
export function lessonTargets(text, view, ctx) {
  return trickTargets(text, ctx, { picks: { discard: "discard" } });
}
