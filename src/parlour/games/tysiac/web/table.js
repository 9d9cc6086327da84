// Tysiąc at the table: three players around the felt, the auction as a row of bids per seat, the prikup turned up
// for all to see, the declarer's gifts (click a card, then whom to give it to), the contract kept or raised, the
// trumps and the marriages declared, the trick with each card before its player, the last trick on demand, each
// seat's points this hand, the totals with the barrel, and each hand's result.
// Actions on the wire (RULES.md): "bid 110", "pass", "give 9C to 2", "contract 130", "rospisat", "show nines",
// "play on", "play AH", "marry QH".

import {
  h, cardSVG, cardText, seatName, placeSeats, feltTable, seatPlate, hand, backs, cardRow, trick, lastTrick,
  aidPanel, playedCards, withAid,
} from "/static/kit/kit.js";
import { dealResult, finalTrick } from "/games/tricks/result.js";
import { trickTargets } from "/games/tricks/lesson.js";
import { SUITS, describe, headline, notes, sheet, signed, summary, t, tn, tx } from "./words.js";

export const styles = ["/games/tricks/result.css", "/games/tricks/sheet.css", "table.css"];
export const ownsLegal = true;
/** The page offers the player aids switch (the cards played, the marriages in hand while bidding). */
export const playerAids = true;
export { describe, headline, sheet };

const SUIT_OF = { S: "spades", C: "clubs", D: "diamonds", H: "hearts" };
const VALUE = { spades: 40, clubs: 60, diamonds: 80, hearts: 100 };
/** Bid buttons shown at once; the higher bids are in a list beside them. */
const QUICK_BIDS = 5;

export function title() {
  return "Tysiąc";
}

export function info(view) {
  const bits = [t("hand {n}", { n: view.deal }), t("first to 1000")];
  const o = view.options || {};
  if (o.barrel) bits.push(t("barrel"));
  if (o.preset === "polish") bits.push(t("Polish rules"));
  return bits.join(" · ");
}

/** How long a state stays on screen: a finished trick longest, each card a moment. */
export function hold(view, ctx) {
  const last = ctx.fresh[ctx.fresh.length - 1];
  if (ctx.prev && ctx.prev.deal !== view.deal) return 900;
  if (!last) return 0;
  if (last.type === "trick") return 1400;
  if (last.type === "play") return 500;
  if (["declarer", "prikup", "give", "contract", "nines"].includes(last.type)) return 700;
  if (last.type === "bid") return 400;
  return 0;
}

// --- small pieces -------------------------------------------------------------------------------------------------

function suitOf(code) {
  return SUIT_OF[code.slice(-1)];
}

function bidsBySeat(log) {
  const out = {};
  for (const e of log || []) if (e.type === "bid") (out[e.seat] ||= []).push(e.action === "pass" ? "pass" : e.action.split(" ")[1]);
  return out;
}

function tricks(log) {
  const out = [];
  let plays = [];
  for (const e of log || []) {
    if (e.type === "play") plays.push({ seat: e.seat, card: e.card });
    else if (e.type === "trick") { out.push({ plays, winner: e.winner, points: e.points }); plays = []; }
  }
  return out;
}

function marriagesOf(view, seat) {
  return (view.marriages || []).filter((m) => m.seat === seat);
}

function badges(view, ctx, seat) {
  const out = [];
  if (seat === view.declarer) out.push(h("span", { class: "kit-badge gold", title: t("the declarer and his contract") }, `${view.contract}`));
  for (const m of marriagesOf(view, seat)) {
    out.push(h("span", { class: `kit-badge marriage ${m.suit}`, title: t("declared the {suit} marriage: {points}", { suit: SUITS[m.suit], points: m.points }) },
      `${SUITS[m.suit]} ${m.points}`));
  }
  const b = (view.barrel || [])[seat];
  if (b != null) {
    out.push(h("span", { class: "kit-badge red", title: tn("on the barrel at 880: {n} hand left to win a contract of 120 or more",
      "on the barrel at 880: {n} hands left to win a contract of 120 or more", 3 - b) }, t("barrel {n}", { n: 3 - b })));
  }
  return out;
}

/** The line under a seat's name: its bids in the auction; its tricks and points in play; its total. */
function seatNote(view, ctx, seat) {
  const total = (view.scores || [])[seat] ?? 0;
  if (view.phase === "bid") {
    const bids = bidsBySeat(view.log)[seat] || [];
    return h("span", { class: "bids" }, h("span", { class: "total" }, String(total)),
      bids.map((b) => h("span", { class: `bid-chip ${b === "pass" ? "pass" : ""}` }, b === "pass" ? t("pass") : b)));
  }
  const count = (view.tricks || [])[seat] || 0;
  return h("span", {}, h("span", { class: "total" }, String(total)),
    view.phase === "play" || view.phase === "over"
      ? ` · ${tn("{n} trick", "{n} tricks", count)} · ${t("{n} pts", { n: (view.points || [])[seat] || 0 })}` : "");
}

function opponent(view, ctx, seat, where) {
  return seatPlate(ctx, seat, {
    where, badges: badges(view, ctx, seat), note: seatNote(view, ctx, seat),
    children: [backs((view.hands || [])[seat] ?? 0, { vertical: where === "left" || where === "right", max: 10 })],
  });
}

// --- the middle of the table --------------------------------------------------------------------------------------

/** What is being played: the contract and its declarer, the trumps, the marriages declared. */
function contractStrip(view, ctx) {
  if (view.declarer == null) return null;
  const items = [h("strong", { class: "contract-name" }, String(view.contract)), h("span", {}, seatName(ctx, view.declarer))];
  if (view.phase === "play" || view.phase === "over") {
    items.push(view.trump ? h("span", { class: `trump ${view.trump}`, title: t("{suit} are trumps", { suit: SUITS[view.trump] }) },
      t("Trumps"), " ", h("b", {}, SUITS[view.trump]))
      : h("span", { class: "trump none" }, t("no trumps yet")));
  }
  return h("div", { class: "contract-strip" }, items);
}

/** The auction: a row per seat in the order they speak. */
function auction(view, ctx) {
  const order = [0, 1, 2].map((k) => (view.forehand + k) % 3);
  const bids = bidsBySeat(view.log);
  const toAct = new Set(view.to_act || []);
  return h("div", { class: "auction", role: "table", "aria-label": t("Auction") },
    h("div", { class: "auction-title" }, t("Auction"),
      view.bid ? h("span", { class: "muted-light" }, " · ", t("highest: {bid} ({who})", { bid: view.bid, who: seatName(ctx, view.bidder) })) : null),
    order.map((s) => h("div", { class: `auction-row${toAct.has(s) ? " acting" : ""}${(view.passed || []).includes(s) ? " out" : ""}`, role: "row", dataset: { seat: s } },
      h("span", { class: "auction-who", role: "rowheader" }, seatName(ctx, s), s === view.forehand ? h("small", {}, " ", t("opens")) : null),
      h("span", { class: "auction-bids", role: "cell" }, (bids[s] || []).map((b) => h("span", { class: `bid-chip ${b === "pass" ? "pass" : ""}` },
        b === "pass" ? t("pass") : b)),
        toAct.has(s) ? h("span", { class: "bid-chip thinking" }, "…") : null))));
}

/** The prikup turned up, and what the declarer is doing with it. */
function prikup(view, ctx) {
  const mine = view.declarer === ctx.seat;
  const given = view.given || [];
  const declarer = seatName(ctx, view.declarer);
  const lines = given.map((g) => h("div", { class: "given" }, g.card
    ? (g.to === ctx.seat ? tx("{who} gave you {card}", { who: declarer, card: h("span", { class: "mini" }, cardSVG(g.card)) })
      : tx("You gave {to} {card}", { to: seatName(ctx, g.to), card: h("span", { class: "mini" }, cardSVG(g.card)) }))
    : t("A card face down to {to}", { to: seatName(ctx, g.to) })));
  let say = null;
  if (view.phase === "give") say = mine ? t("Give a card to each opponent: click a card of your hand") : t("{who} gives a card to each opponent…", { who: declarer });
  else if (view.phase === "contract") say = mine ? t("Keep your contract or raise it") : t("{who} may raise…", { who: declarer });
  else if (view.phase === "nines") {
    say = view.nines === ctx.seat ? t("You hold all four nines: show them to throw the hand in, or play on")
      : t("{who} holds four nines…", { who: seatName(ctx, view.nines) });
  }
  return h("div", { class: "prikup-box" }, h("div", { class: "talon-line" }, t("Prikup"), cardRow(view.prikup || [], { cls: "small" })), lines,
    say ? h("div", { class: "call-title" }, say) : null);
}

function plays(view) {
  return (view.trick || []).map((card, i) => ({ seat: (view.leader + i) % 3, card }));
}

/** The trick in the middle: the open one; or, until the next card, the one just taken with its winner. */
function trickArea(view, ctx) {
  const me = ctx.seat ?? 0;
  const done = tricks(view.log);
  const open = plays(view);
  const lastEntry = [...(view.log || [])].reverse().find((e) => e.type === "play" || e.type === "trick");
  const shown = !open.length && lastEntry && lastEntry.type === "trick" ? done[done.length - 1] : null;
  const previous = shown ? done[done.length - 2] : done[done.length - 1];
  const caption = shown ? (shown.winner === ctx.seat ? t("You take {points}", { points: shown.points })
    : t("{who} takes {points}", { who: seatName(ctx, shown.winner), points: shown.points }))
    : open.length ? t("Trick {n}", { n: done.length + 1 })
      : view.leader === ctx.seat ? t("You lead") : t("{who} leads", { who: seatName(ctx, view.leader) });
  return h("div", { class: "trick-area" },
    trick({ plays: shown ? shown.plays : open, n: 3, me, winner: shown ? shown.winner : null, ctx, caption }),
    h("div", { class: "trick-tools" }, lastTrick(ctx, previous || null, { n: 3, me }), h("span", { class: "tricks-count" },
      tn("{done} of {n} trick", "{done} of {n} tricks", 8, { done: done.length }))));
}

/** The declarer's goal in play: his points so far against the contract. */
function scoreLine(view, ctx) {
  if (view.phase !== "play" || view.declarer == null) return null;
  const pts = (view.points || [])[view.declarer] || 0;
  return h("div", { class: "score-line", title: t("card points taken so far and marriages declared") },
    t("{who} {points} of {contract}", { who: seatName(ctx, view.declarer), points: pts, contract: view.contract }));
}

/** The result of the hand just scored, until the player moves on. */
function result(view, ctx) {
  const rows = (view.sheet && view.sheet.rows) || [];
  if (ctx.ui.rowsSeen == null) ctx.ui.rowsSeen = rows.length;
  if (rows.length <= ctx.ui.rowsSeen) return null;
  const row = rows[ctx.ui.rowsSeen];
  const d = row.detail || {};
  const next = () => { ctx.ui.rowsSeen += 1; ctx.rerender(); };
  const mine = ctx.seat != null ? (row.points || [])[ctx.seat] : null;
  const points = d.points ? (d.points || []).map((p, s) => `${seatName(ctx, s)} ${p}`) : [];
  // the hand's last trick, from the view's previous (the next hand is dealt already)
  const latest = ctx.ui.rowsSeen === rows.length - 1;
  const final = latest ? tricks(view.previous || []).pop() : null;
  return dealResult(ctx, {
    label: t("Hand {n} result", { n: ctx.ui.rowsSeen + 1 }),
    heading: t("Hand {n}: {summary}", { n: ctx.ui.rowsSeen + 1, summary: summary(d, ctx) }),
    lines: [
      final ? finalTrick(ctx, t("Last trick"), final.plays, final.winner) : null,
      points.length ? h("div", { class: "result-line" }, t("Points taken (cards and marriages): {points}", { points: points.join(", ") })) : null,
      notes(d, ctx).map((n) => h("div", { class: "result-line" }, n)),
    ],
    points: row.points || [], signed,
    button: { text: mine > 0 ? t("Well played — next hand") : t("Next hand"), cls: "tysiac-continue", onClick: next },
  });
}

function center(view, ctx) {
  const parts = [contractStrip(view, ctx)];
  if (view.phase === "bid") parts.push(auction(view, ctx));
  else if (["give", "contract", "nines"].includes(view.phase)) parts.push(prikup(view, ctx));
  else parts.push(trickArea(view, ctx), scoreLine(view, ctx));
  parts.push(result(view, ctx));
  return parts;
}

// --- your side: what you may do, and your hand -------------------------------------------------------------------

function actionButton(ctx, text, label, cls = "") {
  return h("button", { type: "button", class: `act ${cls}`.trim(), dataset: { action: text }, disabled: ctx.pending,
    onclick: () => ctx.play(text) }, label);
}

/** Bids (or contracts): the first few as buttons, the rest in a list with a button to say it. */
function numberButtons(view, ctx, verb) {
  const legal = view.legal || [];
  const values = legal.filter((a) => a.startsWith(`${verb} `));
  const out = legal.includes("pass") ? [actionButton(ctx, "pass", t("Pass"), "pass")] : [];
  const keep = verb === "contract" ? values[0] : null;
  values.slice(0, QUICK_BIDS).forEach((a) => out.push(actionButton(ctx, a, a === keep ? t("Keep {contract}", { contract: a.split(" ")[1] }) : a.split(" ")[1],
    a === keep ? "keep" : "")));
  const more = values.slice(QUICK_BIDS);
  if (more.length) {
    const select = h("select", { class: "more-bids", "aria-label": t("a higher bid") }, more.map((a) => h("option", { value: a }, a.split(" ")[1])));
    out.push(h("span", { class: "act-group" }, select,
      h("button", { type: "button", class: "act", disabled: ctx.pending, onclick: () => ctx.play(select.value) }, verb === "bid" ? t("Bid") : t("Raise"))));
  }
  return out;
}

/** The declarer's gifts: the card picked in the hand goes to the opponent chosen here. */
function giftButtons(view, ctx) {
  const picked = ctx.ui.gift;
  const out = [];
  if ((view.legal || []).includes("rospisat")) out.push(actionButton(ctx, "rospisat", t("Give up (Rospisat')"), "pass"));
  if (!picked) return out;
  const targets = (view.legal || []).filter((a) => a.startsWith(`give ${picked} to `));
  for (const a of targets) {
    const to = Number(a.split(" ").pop());
    out.push(actionButton(ctx, a, tx("Give {card} to {to}", { card: h("span", { class: "mini" }, cardSVG(picked)), to: seatName(ctx, to) }), "gift"));
  }
  return out;
}

function marriageButtons(view, ctx) {
  return (view.legal || []).filter((a) => a.startsWith("marry ")).map((a) => {
    const code = a.split(" ")[1];
    const suit = suitOf(code);
    return actionButton(ctx, a, tx("Declare {suit} {points}: lead {card}", { suit: SUITS[suit], points: VALUE[suit],
      card: h("span", { class: "mini" }, cardSVG(code)) }), `marry ${suit}`);
  });
}

/** Why a card may not be played now (a hint: the legal list decides). */
function playReason(code, view) {
  const led = (view.trick || [])[0];
  if (!led) return t("not playable now");
  const cards = view.hand || [];
  const ledSuit = suitOf(led);
  if (suitOf(code) !== ledSuit && cards.some((c) => suitOf(c) === ledSuit)) return t("follow suit: play {suit}", { suit: SUITS[ledSuit] });
  if (view.trump && suitOf(code) !== view.trump && cards.some((c) => suitOf(c) === view.trump)) {
    return t("you have no {suit}: play a trump ({trump})", { suit: SUITS[ledSuit], trump: SUITS[view.trump] });
  }
  if ((view.options || {}).must_beat) return t("you must beat the trick if you can");
  return t("not playable now");
}

function myHand(view, ctx) {
  const cards = view.hand || [];
  const mine = ctx.myTurn && !ctx.pending;
  const legal = view.legal || [];
  if (view.phase === "give" && view.declarer === ctx.seat) {
    const giveable = new Set(legal.filter((a) => a.startsWith("give ")).map((a) => a.split(" ")[1]));
    if (ctx.ui.gift && !giveable.has(ctx.ui.gift)) ctx.ui.gift = null;
    return hand(cards, { active: mine, selected: ctx.ui.gift ? [ctx.ui.gift] : [], legal: (c) => giveable.has(c) || "",
      onPick: (c) => { ctx.ui.gift = ctx.ui.gift === c ? null : c; ctx.rerender(); }, label: t("Your hand: pick a card to give") });
  }
  const playable = new Set(legal.filter((a) => a.startsWith("play ") && a !== "play on").map((a) => a.slice(5)));
  return hand(cards, { active: mine && view.phase === "play", legal: (c) => playable.has(c) || playReason(c, view),
    onPick: (c) => ctx.play(`play ${c}`) });
}

function status(view, ctx) {
  if (view.over) return t("The match is over.");
  if (ctx.myTurn) {
    if (ctx.pending) return "…";
    return { bid: t("Your bid"), give: ctx.ui.gift ? t("Give {card} to…", { card: cardText(ctx.ui.gift) }) : t("Pick a card to give"),
      contract: t("Keep or raise your contract"), nines: t("Four nines: show them or play on"),
      play: (view.trick || []).length ? t("Your turn: play a card") : t("Your lead") }[view.phase] || t("Your turn");
  }
  const toAct = view.to_act || [];
  return toAct.length ? t("Waiting for {names}…", { names: toAct.map((s) => seatName(ctx, s)).join(", ") }) : "";
}

function mine(view, ctx, bottom) {
  const my = ctx.myTurn;
  let actions = null;
  if (my && view.phase === "bid") actions = numberButtons(view, ctx, "bid");
  else if (my && view.phase === "contract") actions = numberButtons(view, ctx, "contract");
  else if (my && view.phase === "give") actions = giftButtons(view, ctx);
  else if (my && view.phase === "nines") {
    actions = [actionButton(ctx, "show nines", t("Show four nines: deal again"), "pass"), actionButton(ctx, "play on", t("Play on"))];
  }
  else if (my && view.phase === "play") actions = marriageButtons(view, ctx);
  const plate = seatPlate(ctx, bottom, { where: "bottom", badges: [...badges(view, ctx, bottom),
    h("span", { class: "kit-note" }, seatNote(view, ctx, bottom)),
    h("span", { class: `kit-turn ${my ? "yours" : ""}`, role: "status" }, status(view, ctx))] });
  return [
    plate,
    actions && actions.length ? h("div", { class: "actions", role: "group", "aria-label": t("Your options") }, actions) : null,
    ctx.seat == null ? backs((view.hands || [])[bottom] ?? 0) : myHand(view, ctx),
  ];
}

export function board(view, ctx) {
  if (ctx.prev && ctx.prev.deal !== view.deal) { ctx.ui.lastTrick = null; ctx.ui.gift = null; }
  const places = placeSeats(3, ctx.seat ?? 0);
  return withAid(feltTable(places, (seat, where) => opponent(view, ctx, seat, where), {
    cls: `tysiac phase-${view.phase}`, center: center(view, ctx), me: mine(view, ctx, places[0].seat),
  }), aid(view, ctx));
}

/** The player aids, when switched on: the marriages in hand while bidding (with what they are worth), else the
 * cards played in this deal's finished tricks. */
function aid(view, ctx) {
  const a = ctx.aids && view.aids;
  if (!a) return null;
  if (a.marriages) {
    const rows = a.marriages.map((m) => [SUIT_MARKS[m.suit], t("K and Q: {points}", { points: m.points }), m.suit]);
    return aidPanel(t("Marriages in hand"), [...rows, [t("Total"), String(a.marriage_points)]]);
  }
  return a.played ? playedCards(a.played, { order: ["S", "C", "D", "H"] }) : null;
}

const SUIT_MARKS = { S: "♠", C: "♣", D: "♦", H: "♥" };

// Exposed for the browser test of the module's pure parts.
export const _test = { playReason, bidsBySeat, tricks };

/**
 * What to click now to make `text` (a lesson's move; the page marks it): "give 9C to 1" is the card in your hand,
 * then, once it is picked, the button that gives it to that opponent; "play AS" the card; bids, contracts and
 * "marry QH" are buttons with their action text.
 */
export function lessonTargets(text, view, ctx) {
  const [verb, card] = text.split(" ");
  if (verb === "give" && !(ctx.ui && ctx.ui.gift === card)) return trickTargets(`play ${card}`, ctx);
  return trickTargets(text, ctx);
}
