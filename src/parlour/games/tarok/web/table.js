// Slovenian Tarok at the table, as Tarok players know it from their apps: the players around the felt, the
// auction as a row of bids per seat, the king call as four kings, the talon as its groups (click one to take it),
// laying away by clicking cards in the hand, announcements and kontras by seat, the trick with each card before
// its player and the winner marked, the last trick on demand, the Open beggar's hand, wheels, the partner shown
// when the called king falls, and each deal's result in Tarok terms. Three players use the same table.
// Actions on the wire (RULES.md): "bid two", "pass", "contract solo one", "call king hearts", "talon 1", "forfeit",
// "discard 7C 8C", "contract colour valat", "announce trula", "kontra game", "play T21", "lead emperor".

import {
  h, cardSVG, cardText, seatName, placeSeats, feltTable, seatPlate, hand, backs, cardRow, trick, lastTrick,
  compound, picker, confirmBar, playedCards, withAid,
} from "/static/kit/kit.js";
import { announcementsBySeat, bidsBySeat, doneTricks, lastOf, taken, tricks } from "./log.js";
import { sheet, wheelMarks } from "./sheet.js";
import { breakdownList, cardsLine, dealResult, finalTrick } from "/games/tricks/result.js";
import { trickTargets } from "/games/tricks/lesson.js";
import {
  BONUSES, KONTRAS, SUITS, TAKE, announceText, bonusName, breakdown, calledCard, contractName, kontraName,
  describe, signed, sloveneName, summary, t, tn,
} from "./words.js";

export const styles = ["/games/tricks/result.css", "/games/tricks/sheet.css", "table.css"];
export const ownsLegal = true;
/** The page offers the player aids switch (the cards played in this deal: kit/aids.js). */
export const playerAids = true;
export { describe, sheet };

const VALUES = { klop: 0, three: 10, two: 20, one: 30, "solo three": 40, "solo two": 50, "solo one": 60, beggar: 70,
  "solo without": 80, "open beggar": 90, "colour valat without": 125, "valat without": 500, "colour valat": 125 };
const TRULA = new Set(["T1", "T21", "SKIS"]);

export function title() {
  return "Tarok";
}

export function info(view) {
  const bits = [t("deal {n}", { n: view.deal })];
  if (view.skis_round) bits.push(t("Škis round"));
  if (view.mode === "klop") bits.push(t("compulsory Klop"));
  if (view.mode === "redeal") bits.push(t("redeal: Klop unless Solo without or more"));
  if (view.options && view.options.rounds) bits.push(tn("{n} round", "{n} rounds", view.options.rounds));
  return bits.join(" · ");
}

/** How long a state stays on screen before the next is drawn: a finished trick longest, each card a moment. */
export function hold(view, ctx) {
  const last = ctx.fresh[ctx.fresh.length - 1];
  if (ctx.prev && ctx.prev.deal !== view.deal) return 900;
  if (!last) return 0;
  if (last.type === "trick") return 1500;
  if (last.type === "play") return 550;
  if (["declarer", "call", "take", "discard", "forfeit", "colour"].includes(last.type)) return 800;
  if (["bid", "announce", "contract"].includes(last.type)) return 420;
  return 0;
}

/** A banner for what matters: the contract, the king called, the partner revealed, a kontra, the deal's result. */
export function headline(e, ctx) {
  const view = ctx.view;
  const who = (s) => seatName(ctx, s);
  switch (e.type) {
    case "declarer":
      return e.seat == null || e.seat < 0 ? t("Everybody passed: Klop") : `${who(e.seat)}: ${contractName(e.contract)}`;
    case "call": {
      const [, rank, suit] = e.action.split(" ");
      const card = calledCard({ rank, suit }).text;
      return e.seat === ctx.seat ? t("You call {card}", { card }) : t("{who} calls {card}", { who: who(e.seat), card });
    }
    case "play": {
      const c = calledCard(view.called);
      if (!c || e.card !== c.code || view.declarer == null) return null;
      if (e.seat === view.declarer) {
        return { text: e.seat === ctx.seat ? t("You played the called king: alone!")
          : t("{who} played the called king: alone!", { who: who(e.seat) }), kind: "info" };
      }
      let text;
      if (e.seat === ctx.seat) text = t("You are {who}'s partner", { who: who(view.declarer) });
      else if (view.declarer === ctx.seat) text = t("{who} is your partner", { who: who(e.seat) });
      else text = t("{who} is {declarer}'s partner", { who: who(e.seat), declarer: who(view.declarer) });
      return { text, kind: "good" };
    }
    case "forfeit":
      return { text: e.seat === ctx.seat ? t("You gave up: the called king is in the talon")
        : t("{who} gave up: the called king is in the talon", { who: who(e.seat) }), kind: "bad" };
    case "announce":
      return e.action === "pass" ? null : `${who(e.seat)}: ${announceText(e.action)}`;
    case "no tarok":
      return e.seat === ctx.seat ? t("You had no tarok: dealt again") : t("{who} had no tarok: dealt again", { who: who(e.seat) });
    case "skis round":
      return { text: t("The Škis round begins"), kind: "good" };
    default:
      return null;
  }
}

// --- small pieces -------------------------------------------------------------------------------------------------

function contractLabel(name) {
  const sl = sloveneName(name);
  return [contractName(name), sl ? h("small", { class: "sl" }, sl) : null];
}

function n(view) {
  return view.players;
}

function role(view, seat) {
  if (view.contract == null || view.contract === "klop") return null;
  if (seat === view.declarer) return "declarer";
  if (typeof view.partner === "number" && view.partner === seat) return "partner";
  return null;
}

function roleBadges(view, ctx, seat) {
  const out = [];
  const r = role(view, seat);
  if (r === "declarer") {
    out.push(h("span", { class: "kit-badge gold", title: t("plays {contract}", { contract: contractName(view.contract) }) },
      contractName(view.contract)));
  }
  if (r === "partner") out.push(h("span", { class: "kit-badge blue", title: t("holds the called king") }, t("partner")));
  if (view.forehand === seat && ["bid", "contract"].includes(view.phase)) {
    out.push(h("span", { class: "kit-badge", title: t("forehand (the dealer's right): bids last, may hold an equal bid, "
      + "and chooses Three or Klop when everybody else passes") }, t("forehand")));
  }
  const wheels = wheelMarks((view.wheels || [])[seat]);
  if (wheels) out.push(wheels);
  return out;
}

function pointsOf(view, seats) {
  const thirds = seats.reduce((a, s) => a + ((view.points_taken || [])[s] || 0), 0);
  return Math.floor((thirds + 1) / 3);
}

/** The line under a seat's name: its bids during the auction, its announcements, its tricks and points in play. */
function seatNote(view, ctx, seat) {
  if (view.phase === "bid" || view.phase === "contract") {
    const bids = bidsBySeat(view.log)[seat] || [];
    return bids.length ? h("span", { class: "bids" }, bids.map((b) => h("span", { class: `bid-chip ${b === "pass" ? "pass" : ""}` },
      b === "pass" ? t("pass") : contractName(b)))) : null;
  }
  if (view.phase === "announce") {
    const said = (announcementsBySeat(view.log)[seat] || []).filter((a) => a !== "pass");
    return said.length ? h("span", { class: "bids" }, said.map((a) => h("span", { class: "bid-chip" }, announceText(a)))) : null;
  }
  if (view.phase === "play" || view.phase === "over") {
    const count = (view.tricks || [])[seat] || 0;
    return `${tn("{n} trick", "{n} tricks", count)} · ${t("{n} pts", { n: pointsOf(view, [seat]) })}`;
  }
  return null;
}

function opponent(view, ctx, seat, where) {
  return seatPlate(ctx, seat, {
    where, badges: roleBadges(view, ctx, seat), note: seatNote(view, ctx, seat),
    children: [backs((view.hands || [])[seat] ?? 0, { vertical: where === "left" || where === "right", max: 16 })],
  });
}

// --- the middle of the table --------------------------------------------------------------------------------------

/** What is being played: the contract, its declarer, the king called and the partner, the bonuses and kontras. */
function contractStrip(view, ctx) {
  if (view.contract == null) return null;
  const called = calledCard(view.called);
  const partner = view.partner;
  const items = [h("strong", { class: "contract-name" }, ...contractLabel(view.contract))];
  if (view.contract !== "klop" && view.declarer != null) items.push(h("span", {}, seatName(ctx, view.declarer)));
  if (called) {
    items.push(h("span", { class: "called", title: t("called {card}", { card: called.text }) }, t("called"), " ",
      h("span", { class: "mini" }, cardSVG(called.code))),
    h("span", {}, partner == null ? t("partner unknown") : partner === "none" ? t("alone")
      : t("partner {who}", { who: seatName(ctx, partner) })));
  }
  const announced = Object.entries(view.announced || {}).map(([b, s]) =>
    h("span", { class: "kit-badge blue", title: t("announced by {who}", { who: seatName(ctx, s) }) }, `${bonusName(b)} · ${seatName(ctx, s)}`));
  const kontras = Object.entries(view.kontra || {}).map(([target, level]) => {
    const times = `×${2 ** (KONTRAS.indexOf(level) + 1)}`;
    return h("span", { class: "kit-badge red", title: `${kontraName(level)}: ${times}` },
      target === "game" ? t("{kontra} {times} on the game", { kontra: kontraName(level), times })
        : t("{kontra} {times} on {bonus}", { kontra: kontraName(level), times, bonus: bonusName(target) }));
  });
  const klopTalon = view.contract === "klop" && view.talon_count
    ? h("span", { class: "kit-badge", title: t("after each of the first six tricks the top talon card joins it") },
      t("talon {n}", { n: view.talon_count })) : null;
  return h("div", { class: "contract-strip" }, items, announced, kontras, klopTalon);
}

/** The auction: a row per seat in the order they speak, with the bids made. */
function auction(view, ctx) {
  const count = n(view);
  const first = count === 3 ? view.forehand : (view.forehand + 1) % count;
  const order = Array.from({ length: count }, (_, k) => (first + k) % count);
  const bids = bidsBySeat(view.log);
  const toAct = new Set(view.to_act || []);
  return h("div", { class: "auction", role: "table", "aria-label": t("Auction") },
    h("div", { class: "auction-title" }, t("Auction"),
      view.high_bid ? h("span", { class: "muted-light" }, " · ", t("highest: {contract} ({who})",
        { contract: contractName(view.high_bid), who: seatName(ctx, view.high_bidder) })) : null),
    order.map((s) => h("div", { class: `auction-row${toAct.has(s) ? " acting" : ""}${(view.passed || []).includes(s) ? " out" : ""}`,
      role: "row", dataset: { seat: s } },
    h("span", { class: "auction-who", role: "rowheader" }, seatName(ctx, s), s === view.forehand ? h("small", {}, " ", t("forehand")) : null),
    h("span", { class: "auction-bids", role: "cell" }, (bids[s] || []).map((b) =>
      h("span", { class: `bid-chip ${b === "pass" ? "pass" : ""}` }, b === "pass" ? t("pass") : contractName(b))),
    toAct.has(s) ? h("span", { class: "bid-chip thinking" }, "…") : null))));
}

/** The king call: four kings (queens too when the declarer holds all four kings). */
function kingCall(view, ctx) {
  const mine = ctx.myTurn && view.declarer === ctx.seat;
  const options = (view.legal || []).filter((a) => a.startsWith("call "));
  const suits = ["hearts", "diamonds", "spades", "clubs"];
  const picture = (rank, suit) => {
    const text = `call ${rank} ${suit}`;
    const code = `${rank === "queen" ? "Q" : "K"}${{ hearts: "H", diamonds: "D", spades: "S", clubs: "C" }[suit]}`;
    const held = (view.hand || []).includes(code);
    const name = calledCard({ rank, suit }).text;
    return h("button", {
      type: "button", class: "king", dataset: { action: text }, disabled: !mine || ctx.pending || !options.includes(text),
      title: held ? t("you hold it: calling it you play alone, in secret") : t("call {card}", { card: name }),
      onclick: () => ctx.play(text),
    }, cardSVG(code), h("span", {}, rank === "queen" ? t("Queen of {suit}", { suit: SUITS[suit][0] })
      : t("King of {suit}", { suit: SUITS[suit][0] })), held ? h("small", {}, t("yours")) : null);
  };
  return h("div", { class: "call-box" },
    h("div", { class: "call-title" }, mine ? t("Call a king: its holder is your secret partner")
      : t("{who} is calling a king…", { who: seatName(ctx, view.declarer) })),
    h("div", { class: "kings" }, suits.map((s) => picture("king", s)),
      options.some((a) => a.startsWith("call queen")) ? suits.map((s) => picture("queen", s)) : null));
}

/** The talon: its groups side by side; the declarer takes one with a click. */
function talon(view, ctx) {
  const size = TAKE[view.contract] || 0;
  const cards = view.talon || [];
  const called = calledCard(view.called);
  const mine = ctx.myTurn && view.phase === "talon" && view.declarer === ctx.seat;
  const take = taken(view.log);
  if (view.phase !== "talon") {
    return h("div", { class: "talon-box done" },
      take ? h("div", { class: "talon-line" }, take.seat === ctx.seat ? t("You took") : t("{who} took", { who: seatName(ctx, take.seat) }),
        cardRow(take.cards, { cls: "small" })) : null,
      cards.length ? h("div", { class: "talon-line" }, t("Rest of the talon (for the opponents)"), cardRow(cards, { cls: "small" })) : null);
  }
  const groups = [];
  for (let i = 0; i * size < cards.length; i++) groups.push(cards.slice(i * size, (i + 1) * size));
  return h("div", { class: "talon-box" },
    h("div", { class: "call-title" }, mine ? tn("Take a group of {n} from the talon", "Take a group of {n} from the talon", size)
      : t("{who} takes from the talon…", { who: seatName(ctx, view.declarer) })),
    h("div", { class: `talon-groups size-${size}` }, groups.map((g, i) => {
      const text = `talon ${i}`;
      const king = called && g.includes(called.code);
      return h("button", {
        type: "button", class: `talon-group${king ? " has-king" : ""}`, dataset: { action: text, group: i },
        disabled: !mine || ctx.pending || !(view.legal || []).includes(text), onclick: () => ctx.play(text),
        title: king ? t("this group holds the called king: take it and the rest of the talon goes to whoever wins the king's trick")
          : t("take {cards}", { cards: g.map(cardText).join(" ") }),
      }, cardRow(g, { cls: "group-cards" }), king ? h("span", { class: "kit-badge gold" }, t("called king")) : null);
    })));
}

/** The announcements and kontras made, by seat, in the announcement round. */
function announcements(view, ctx) {
  const said = announcementsBySeat(view.log);
  const count = n(view);
  const order = Array.from({ length: count }, (_, k) => (view.forehand + k) % count);
  const toAct = new Set(view.to_act || []);
  return h("div", { class: "auction announcements", "aria-label": t("Announcements") },
    h("div", { class: "auction-title" }, t("Announcements and kontras")),
    order.map((s) => h("div", { class: `auction-row${toAct.has(s) ? " acting" : ""}`, dataset: { seat: s } },
      h("span", { class: "auction-who" }, seatName(ctx, s)),
      h("span", { class: "auction-bids" }, (said[s] || []).map((a) => h("span", { class: `bid-chip ${a === "pass" ? "pass" : ""}` },
        announceText(a))), toAct.has(s) ? h("span", { class: "bid-chip thinking" }, "…") : null))));
}

function plays(view) {
  const count = n(view);
  return (view.trick || []).map((card, i) => ({ seat: (view.leader + i) % count, card }));
}

/** The trick in the middle: the open one; or, until the next card, the one just taken with its winner. */
function trickArea(view, ctx) {
  const me = ctx.seat ?? 0;
  const done = doneTricks(view.log);
  const open = plays(view);
  const lastPlay = lastOf(view.log, ["play", "trick"]);
  const showDone = !open.length && lastPlay && lastPlay.type === "trick" && done.length;
  const shown = showDone ? done[done.length - 1] : null;
  const previous = showDone ? done[done.length - 2] : done[done.length - 1];
  const count = done.length + (open.length ? 1 : 0);
  const lead = view.leader === ctx.seat ? t("You lead") : t("{who} leads", { who: seatName(ctx, view.leader) });
  const caption = shown ? (shown.talon ? t("Trick {n} · talon card {card} joins it", { n: done.length, card: cardText(shown.talon) })
    : t("Trick {n}", { n: done.length }))
    : open.length ? t("Trick {n}", { n: count }) : view.phase === "play" ? lead : "";
  return h("div", { class: "trick-area" },
    trick({ plays: shown ? shown.plays : open, n: n(view), me, winner: shown ? shown.winner : null, ctx, caption }),
    h("div", { class: "trick-tools" },
      lastTrick(ctx, previous || null, { n: n(view), me }),
      h("span", { class: "tricks-count" }, tn("{done} of {n} trick", "{done} of {n} tricks", 48 / n(view), { done: done.length }))));
}

function openHand(view, ctx) {
  if (!view.open_hand || view.declarer === ctx.seat) return null;
  return h("div", { class: "open-hand" }, h("span", {}, t("{who}'s open hand", { who: seatName(ctx, view.declarer) })),
    cardRow(view.open_hand, { cls: "small" }));
}

/** Who is playing for what in the play: the declarer's side's points against the others' (when known). */
function scoreLine(view, ctx) {
  if (view.phase !== "play" || view.contract == null || view.contract === "klop") return null;
  const side = [view.declarer];
  if (typeof view.partner === "number") side.push(view.partner);
  const known = view.partner !== null || view.declarer === ctx.seat;
  const others = Array.from({ length: n(view) }, (_, s) => s).filter((s) => !side.includes(s));
  const ours = pointsOf(view, side);
  const theirs = pointsOf(view, others);
  const goal = ["beggar", "open beggar"].includes(view.contract) ? t("no trick for the declarer")
    : view.contract.includes("valat") ? t("every trick for the declarer") : t("36 card points wins");
  const values = { ours, theirs, goal };
  let line = side.length > 1 ? t("Declarers {ours} · others {theirs} · {goal}", values) : t("Declarer {ours} · others {theirs} · {goal}", values);
  if (!known) line = t("Declarer {ours} · others {theirs} (partner unknown) · {goal}", values);
  return h("div", { class: "score-line", title: t("card points taken so far, counted as at the end") }, line);
}

/** The result of the deal just scored, until the player moves on. */
function result(view, ctx) {
  const rows = (view.sheet && view.sheet.rows) || [];
  if (ctx.ui.rowsSeen == null) ctx.ui.rowsSeen = rows.length;
  const row = rows[ctx.ui.rowsSeen];
  if (rows.length <= ctx.ui.rowsSeen || !row || !row.detail || !row.detail.contract) {
    if (rows.length > ctx.ui.rowsSeen) ctx.ui.rowsSeen = rows.length; // the wheels row at the end
    return null;
  }
  const d = row.detail;
  // How the deal ended (view.previous: its last trick, the reveal, the score), while the next one has begun.
  const ended = (view.previous || []).some((e) => e.type === "score" && e.deal === ctx.ui.rowsSeen + 1) ? view.previous : [];
  const final = tricks(ended).find((t) => t.winner != null);
  const reveal = ended.find((e) => e.type === "reveal");
  const next = () => { ctx.ui.rowsSeen += 1; ctx.rerender(); };
  const mineP = ctx.seat != null ? (row.points || [])[ctx.seat] : null;
  return dealResult(ctx, {
    label: t("Deal {n} result", { n: ctx.ui.rowsSeen + 1 }),
    heading: t("Deal {n}: {summary}", { n: ctx.ui.rowsSeen + 1, summary: summary(d, ctx) }),
    lines: [
      final ? finalTrick(ctx, t("Last trick"), final.plays, final.winner) : null,
      reveal ? cardsLine(t("Laid away"), reveal["laid away"]) : null,
      reveal ? cardsLine(t("Rest of the talon"), reveal.talon) : null,
      breakdownList(breakdown(d, ctx, view.options || {})),
    ],
    points: row.points || [], signed,
    button: { text: mineP > 0 ? t("Well played — next deal") : t("Next deal"), cls: "tarok-continue", onClick: next },
  });
}

function center(view, ctx) {
  const parts = [contractStrip(view, ctx)];
  switch (view.phase) {
    case "bid":
    case "contract":
      parts.push(auction(view, ctx));
      break;
    case "call":
      parts.push(kingCall(view, ctx));
      break;
    case "talon":
    case "discard":
    case "colour":
      parts.push(talon(view, ctx));
      if (view.phase !== "talon") {
        const who = seatName(ctx, view.declarer);
        parts.push(h("div", { class: "call-title" }, view.declarer === ctx.seat
          ? view.phase === "discard" ? t("Lay away: click the cards in your hand, then confirm") : t("Keep the contract or play Colour valat")
          : view.phase === "discard" ? t("{who} lays away…", { who }) : t("{who} chooses…", { who })));
      }
      if ((view.shown || []).length) parts.push(h("div", { class: "talon-line" }, t("Taroks laid away"), cardRow(view.shown, { cls: "small" })));
      break;
    case "announce":
      parts.push(announcements(view, ctx));
      break;
    default:
      parts.push(openHand(view, ctx), trickArea(view, ctx), scoreLine(view, ctx));
  }
  parts.push(result(view, ctx));
  return parts;
}

// --- your side: what you may do, and your hand -------------------------------------------------------------------

function actionButton(ctx, text, label, cls = "") {
  return h("button", { type: "button", class: `act ${cls}`.trim(), dataset: { action: text }, disabled: ctx.pending,
    onclick: () => ctx.play(text) }, label);
}

function bidButtons(view, ctx) {
  return (view.legal || []).map((a) => {
    if (a === "pass") return actionButton(ctx, a, t("Pass"), "pass");
    const [verb, ...rest] = a.split(" ");
    const name = rest.join(" ");
    const label = verb === "contract" && name === view.high_bid ? [t("Play"), " ", ...contractLabel(name)] : contractLabel(name);
    return actionButton(ctx, a, [...label, name !== "klop" ? h("small", { class: "value" }, String(VALUES[name] ?? "")) : null],
      name === "klop" ? "klop" : "");
  });
}

function announceButtons(view, ctx) {
  const legal = view.legal || [];
  const announce = legal.filter((a) => a.startsWith("announce "));
  const kontra = legal.filter((a) => KONTRAS.includes(a.split(" ")[0]));
  return [
    announce.length ? h("span", { class: "act-group" }, h("span", { class: "act-label" }, t("Announce")),
      announce.map((a) => actionButton(ctx, a, [bonusName(a.slice(9)),
        sloveneName(a.slice(9)) ? h("small", { class: "sl" }, BONUSES[a.slice(9)][1]) : null]))) : null,
    kontra.length ? h("span", { class: "act-group" }, kontra.map((a) => actionButton(ctx, a, announceText(a), "kontra"))) : null,
    legal.includes("pass") ? actionButton(ctx, "pass", t("Pass"), "pass") : null,
  ];
}

function colourButtons(view, ctx) {
  return (view.legal || []).map((a) => {
    const name = a.split(" ").slice(1).join(" ");
    return actionButton(ctx, a, name === "colour valat" ? [contractName("colour valat"), h("small", { class: "value" }, "125")]
      : t("Keep {contract}", { contract: contractName(name) }));
  });
}

/** Why a card of the hand may not be laid away (the rules behind the legal discards). */
function discardReason(code, parts, size) {
  if (/^K[HDSC]$/.test(code)) return t("kings may not be laid away");
  if (TRULA.has(code)) return t("the trula (Pagat, Mond, Škis) may not be laid away");
  if (parts.length >= size) return tn("you have picked {n}: click a picked card to put it back", "you have picked {n}: click a picked card to put it back", size);
  if (/^T\d+$/.test(code)) return t("a tarok only when you have too few suit cards to lay away");
  return t("not together with the cards picked");
}

function suitOf(code) {
  return code === "SKIS" || /^T\d+$/.test(code) ? "T" : code.slice(-1);
}

const SUIT_NAME = { H: "♥", D: "♦", S: "♠", C: "♣" };

/** Why a card may not be played now (a hint: the legal list decides). */
function playReason(code, view) {
  const trickCards = view.trick || [];
  const handCards = view.hand || [];
  const colour = (view.contract || "").startsWith("colour valat");
  if (!trickCards.length) {
    if (colour && suitOf(code) === "T") return t("in a Colour valat taroks are led only when you have no suit card");
    if (code === "T1") return t("the Pagat, announced for the last trick, may be played only then");
    return t("not playable now");
  }
  const led = suitOf(trickCards[0]);
  const has = (s) => handCards.some((c) => suitOf(c) === s);
  if (suitOf(code) !== led && has(led)) return led === "T" ? t("follow suit: play a tarok") : t("follow suit: play {suit}", { suit: SUIT_NAME[led] });
  if (!has(led) && !colour && led !== "T" && suitOf(code) !== "T" && has("T")) return t("you have no {suit}: play a tarok", { suit: SUIT_NAME[led] });
  if (code === "T1") return t("the Pagat only when no other card may be played");
  if (["klop", "beggar", "open beggar"].includes(view.contract)) return t("you must beat the best card if you can");
  return t("not playable now");
}

function myHand(view, ctx) {
  const cards = view.hand || [];
  const mine = ctx.myTurn && !ctx.pending;
  if (view.phase === "discard" && view.declarer === ctx.seat) {
    const pick = picker(ctx, "discard");
    const c = compound(view.legal, pick.parts, { prefix: "discard", unordered: true });
    const size = TAKE[view.contract] || 0;
    return [
      mine ? confirmBar(ctx, { picked: pick.parts, done: c.done, verb: t("Lay away"), onClear: pick.clear,
        hint: tn("Pick {n} card to lay away", "Pick {n} cards to lay away", size), word: cardText }) : null,
      hand(cards, { active: mine, selected: pick.parts, onPick: pick.toggle,
        legal: (code) => pick.has(code) || c.next.has(code) || discardReason(code, pick.parts, size) }),
    ];
  }
  const playing = view.phase === "play";
  const legal = new Set((view.legal || []).filter((a) => a.startsWith("play ")).map((a) => a.slice(5)));
  return hand(cards, { active: mine && playing, legal: (code) => legal.has(code) || playReason(code, view),
    onPick: (code) => ctx.play(`play ${code}`) });
}

function status(view, ctx) {
  const toAct = view.to_act || [];
  if (view.over) return t("The match is over.");
  if (ctx.myTurn) {
    if (ctx.pending) return "…";
    return { bid: t("Your bid"), contract: t("Your contract: keep it or raise"), call: t("Call a king"),
      talon: t("Take a talon group"), discard: t("Lay away"), colour: t("Keep it, or play Colour valat?"),
      announce: t("Announce, kontra, or pass"),
      play: (view.trick || []).length ? t("Your turn: play a card") : t("Your lead") }[view.phase] || t("Your turn");
  }
  return toAct.length ? t("Waiting for {names}…", { names: toAct.map((s) => seatName(ctx, s)).join(", ") }) : "";
}

function mine(view, ctx, bottom) {
  const my = ctx.myTurn;
  let actions = null;
  if (my && (view.phase === "bid" || view.phase === "contract")) actions = bidButtons(view, ctx);
  else if (my && view.phase === "announce") actions = announceButtons(view, ctx);
  else if (my && view.phase === "colour") actions = colourButtons(view, ctx);
  else if (my && view.phase === "talon" && (view.legal || []).includes("forfeit")) {
    actions = [actionButton(ctx, "forfeit", t("Give up (−{points})", { points: VALUES[view.contract] }), "pass")];
  } else if (my && view.phase === "play" && (view.legal || []).includes("lead emperor")) {
    actions = [actionButton(ctx, "lead emperor", t("Lead the Emperor's trick (Škis)"), "kontra")];
  }
  const plate = seatPlate(ctx, bottom, { where: "bottom", badges: [...roleBadges(view, ctx, bottom),
    view.phase === "play" ? h("span", { class: "kit-note" }, seatNote(view, ctx, bottom)) : null,
    h("span", { class: `kit-turn ${my ? "yours" : ""}`, role: "status" }, status(view, ctx))] });
  return [
    plate,
    actions ? h("div", { class: "actions", role: "group", "aria-label": t("Your options") }, actions) : null,
    ctx.seat == null ? backs((view.hands || [])[bottom] ?? 0) : myHand(view, ctx),
  ];
}

export function board(view, ctx) {
  if (ctx.prev && ctx.prev.deal !== view.deal) ctx.ui.lastTrick = null;
  const places = placeSeats(n(view), ctx.seat ?? 0);
  const played = ctx.aids && view.aids && view.aids.played;
  return withAid(feltTable(places, (seat, where) => opponent(view, ctx, seat, where), {
    cls: `tarok players-${n(view)} phase-${view.phase}`,
    center: center(view, ctx),
    me: mine(view, ctx, places[0].seat),
  }), played ? playedCards(played, { order: ["T", "H", "D", "S", "C"], trumps: t("Taroks") }) : null);
}

/**
 * What to click now to make `text` (a lesson's move; the page marks it): "discard 7C 8C" is the confirm button
 * once both cards are picked, else the next of its cards still in the hand; "play KH" the card in your hand; the
 * bids, contracts, king calls, talon groups and announcements are buttons with their action text.
 */
export function lessonTargets(text, view, ctx) {
  return trickTargets(text, ctx, { picks: { discard: "discard" } });
}
