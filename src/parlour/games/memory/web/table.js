// The memory games at the table (Kaboo, Țestoasa, 6-card golf, Crazy Nines): every player's grid of cards around
// the felt with its slots numbered as the moves number them (0 = the far row's left), the stock and the discard in
// the middle, the card drawn held in view until it is placed or thrown, a countdown ring on every timed window, and
// the round's reveal and the score sheet. Each game's own web/table.js calls memoryTable() with its rules.
//
// Your cards are what you click: to peek, swap, flip, take the discard into, snap or give. The stock draws; the
// discard pile takes its top card (golf, Țestoasa: then click the card it replaces) or throws the drawn card away.
// While a snap window is open every card that may be snapped carries a snap ring: click it to snap. A power that
// needs two cards (Kaboo's jack and queen) takes one of yours and one of another player's, in either order.
//
// Actions on the wire (games/memory/actions.py): ready, draw, take S, swap S, discard, flip S, knock, pass,
// snap T.U, give S, stay, peek S, spy T.U, jack S T.U, look S T.U, trade, keep, skip.

import { h, cardSVG, cardText, seatName, placeSeats, feltTable, seatPlate, grid, stock, countdown, translator, N_ } from "/static/kit/kit.js";
import { describe, headline, names, place } from "./words.js";
import { revealPanel, sheet } from "./reveal.js";

const { t, tn, tp } = await translator(import.meta.url);

const HIDDEN = "##";
/** English says "an 8", "an A", "a 7": the text for each is its own (other languages say them alike). */
const an = (rank) => /^(A|8)$/.test(rank);
const PROMPT_WORDS = { peek: N_("look at one of your cards"), spy: N_("look at another player's card"),
  jack: N_("swap one of your cards with another player's, unseen"), look: N_("look at one of yours and one of another player's") };
/** "2 and 3", "0, 1 and 2". */
const slotList = (slots) => (slots.length < 2 ? slots.join("")
  : t("{a} and {b}", { a: slots.slice(0, -1).join(", "), b: slots[slots.length - 1] }));

/**
 * The table module of one memory game. `rules`: cols and rows (of the dealt grid; penalty cards go on below), peek
 * (the slots looked at before play),
 * two / king / redKing (points of a 2, a king, a red king), pairs (equal ranks in a column score 0), ends ("knock"
 * or "out": how a round is ended), flips (cards turned up before play).
 */
export function memoryTable(rules) {
  const r = { cols: 2, rows: 2, peek: [], two: 2, king: 0, redKing: null, pairs: false, ends: "knock", flips: 0, ...rules };
  return {
    styles: ["/games/memory/table.css"],
    ownsLegal: true,
    info: (view) => info(view, r),
    board: (view, ctx) => board(view, ctx, r),
    describe,
    headline,
    hold,
    retry,
    sheet: (view, ctx) => sheet(view, ctx, r),
    lessonTargets,
  };
}

// --- a lesson's next move ---------------------------------------------------------------------------------------

/**
 * The element(s) to click now towards the legal action `text` (contract B of issue 25: a lesson highlights them):
 * the way `slotAction` and the pile read clicks, walked backwards. "take 3" is the pile, then slot 3; "look 1 1.2"
 * your slot 1, then the other player's; a snap is the card itself, or first the "Snap…" switch when a click on
 * that card would do something else.
 */
export function lessonTargets(text, view, ctx) {
  const root = document.getElementById("board") || document;
  const one = (sel) => [...root.querySelectorAll(sel)].slice(0, 1);
  const slot = (seat, i) => one(`.mem-grid[data-seat="${seat}"] .kit-slot[data-slot="${i}"]`);
  const ui = ctx.ui || {};
  const me = ctx.seat;
  const [word, a, b] = String(text).split(" ");
  const place = (s) => s.split(".").map(Number);
  if (word === "draw") return one(".mem-piles .kit-stock");
  if (word === "discard") return one(".mem-discard");
  if (word === "take") return ui.take ? slot(me, a) : one(".mem-discard");
  if (["swap", "flip", "give", "peek"].includes(word)) return slot(me, a);
  if (word === "spy") return slot(...place(a));
  if (word === "look" || word === "jack") return ui.own === Number(a) ? slot(...place(b)) : slot(me, a);
  if (word === "snap") {
    const moves = parseMoves(view.legal || [], { claimed: !!(view.snap && view.snap.claimed) });
    if (!ui.snapping && hasPrimary(moves)) return one(".snap-switch");
    return slot(...place(a));
  }
  return one(`.mem-actions [data-action="${word}"]`);
}

/**
 * A move refused as stale (another seat acted a moment before: a snap window is a race) is sent again when it is
 * still legal, in the same round, phase and turn, and every card it names is the same card (by its tag).
 */
export function retry(action, then, now) {
  if (!(now.legal || []).includes(action)) return null;
  if (then.round !== now.round || then.phase !== now.phase || then.turn !== now.turn) return null;
  const tag = (v, seat, slot) => ((v.tags || [])[seat] || [])[slot];
  for (const part of action.split(" ").slice(1)) {
    const [a, b] = part.includes(".") ? part.split(".").map(Number) : [now.seat, Number(part)];
    if (tag(then, a, b) === undefined || tag(then, a, b) !== tag(now, a, b)) return null;
  }
  return action;
}

// --- what may be done now ---------------------------------------------------------------------------------------

/** The legal texts sorted by what they are played on: own slots, other players' places, pairs, plain words. */
export function parseMoves(legal, { claimed = false } = {}) {
  const m = { words: new Set(), own: {}, at: {}, pairs: [] };
  for (const text of legal) {
    const [word, a, b] = text.split(" ");
    if (word === "snap" && claimed) continue;  // the window's card is taken: a snap now is too late, or wrong
    if (b !== undefined) {
      const [t, u] = b.split(".").map(Number);
      m.pairs.push({ word, s: Number(a), t, u, text });
    } else if (a === undefined) {
      m.words.add(word);
    } else if (a.includes(".")) {
      (m.at[a] = m.at[a] || {})[word] = text;
    } else {
      (m.own[a] = m.own[a] || {})[word] = text;
    }
  }
  m.snaps = Object.values(m.at).filter((x) => x.snap).length;
  m.take = Object.values(m.own).some((x) => x.take);
  return m;
}

/** What a click on `owner`'s slot `i` does now: {text} to play, {select} to pick half of a pair, or null. */
function slotAction(owner, i, me, moves, ui) {
  const key = `${owner}.${i}`;
  const snap = (moves.at[key] || {}).snap;
  if (ui.snapping) return snap ? { text: snap, kind: "snap" } : null;
  if (owner === me) {
    const own = moves.own[i] || {};
    if (ui.take) return own.take ? { text: own.take, kind: "take" } : null;
    for (const w of ["swap", "flip", "give", "peek"]) if (own[w]) return { text: own[w], kind: w };
  } else {
    const at = moves.at[key] || {};
    if (at.spy) return { text: at.spy, kind: "spy" };
  }
  if (moves.pairs.length) {
    const mine = owner === me;
    const fits = moves.pairs.filter((p) => (mine ? p.s === i : p.t === owner && p.u === i)
      && (mine ? !ui.other || (p.t === ui.other[0] && p.u === ui.other[1]) : ui.own == null || p.s === ui.own));
    if (fits.length) {
      const done = fits.find((p) => (mine ? ui.other : ui.own != null));
      return done ? { text: done.text, kind: done.word } : { select: mine ? i : [owner, i], kind: fits[0].word };
    }
  }
  return snap ? { text: snap, kind: "snap" } : null;
}

/** Whether a card of the table may be clicked for something else than a snap (then snapping needs its own switch). */
function hasPrimary(moves) {
  return moves.pairs.length > 0 || Object.values(moves.at).some((x) => x.spy)
    || Object.values(moves.own).some((x) => x.take || x.swap || x.flip || x.give || x.peek);
}

/** The people (not bots) other than this seat still looking at a card a power showed them after their turn: the
 * table holds the next turn's start for them (server/table.py), so a look lasts its whole window. */
function lookersHolding(view, ctx) {
  const seats = (ctx.table && ctx.table.seats) || [];
  return (view.looking || []).map((l) => l[0])
    .filter((s) => s !== ctx.seat && seats[s] && seats[s].kind === "human" && !seats[s].bot);
}

/** Forget a half-made choice that the new state no longer allows. */
function tidy(ctx, moves) {
  const ui = ctx.ui;
  if (!ctx.myTurn) { ui.take = ui.own = ui.other = null; ui.snapping = false; return; }
  if (ui.take && !moves.take) ui.take = null;
  if (ui.own != null && !moves.pairs.some((p) => p.s === ui.own)) ui.own = null;
  if (ui.other && !moves.pairs.some((p) => p.t === ui.other[0] && p.u === ui.other[1])) ui.other = null;
  if (ui.snapping && !moves.snaps) ui.snapping = false;
}

function act(ctx, a) {
  const ui = ctx.ui;
  if (a.text) {
    ui.take = ui.own = ui.other = null;
    ui.snapping = false;
    ctx.play(a.text);
    return;
  }
  if (Array.isArray(a.select)) ui.other = a.select;
  else ui.own = a.select;
  ctx.rerender();
}

// --- cards on the table -----------------------------------------------------------------------------------------

/** The events of this turn that show a card to everyone for the window: snaps that went wrong or came too late. */
function thrown(view) {
  const out = new Map();
  for (const e of view.log || []) if (e.type === "snap" && e.result !== "valid") out.set(e.place.join("."), e.result);
  return out;
}

/** The places this seat is looking at in the open window: the opening peek, a power's look. */
function looking(view, ctx, rules) {
  const out = new Set();
  if (ctx.seat == null) return out;
  if (view.phase === "peek") for (const i of rules.peek) out.add(`${ctx.seat}.${i}`);
  for (const e of view.log || []) {
    if (e.seat !== ctx.seat) continue;
    if (e.type === "peek") out.add(`${ctx.seat}.${e.slot}`);
    if (e.type === "spy") out.add(e.place.join("."));
    if (e.type === "look") { out.add(`${ctx.seat}.${e.slot}`); out.add(e.place.join(".")); }
  }
  return out;
}

/** The window has run out on this page's clock (the server's timeout is on its way): hide what it showed. */
function expired(ctx) {
  return ctx.deadlineAt != null && Date.now() >= ctx.deadlineAt;
}

/** Draw again when the open window closes, so that a peeked card is hidden on time. */
function wakeAtDeadline(ctx) {
  if (ctx.deadlineAt == null || ctx.ui.wake === ctx.deadlineAt) return;
  ctx.ui.wake = ctx.deadlineAt;
  const at = ctx.deadlineAt;
  setTimeout(() => { if (ctx.deadlineAt === at) ctx.rerender(); }, Math.max(0, at - Date.now()) + 30);
}

function mark(text, cls, title = text) {
  return h("span", { class: `mem-mark ${cls}`, title }, text);
}

/** One player's grid: each slot with its card as this seat may see it, its marks, and what a click on it does. */
function layoutGrid(view, ctx, rules, owner, { moves, active, big }) {
  const me = ctx.seat;
  const lay = view.layouts[owner] || [];
  const up = view.up[owner] || [];
  const tags = view.tags[owner] || [];
  const frozen = view.closer === owner && rules.ends === "knock";
  const thrownNow = thrown(view);
  const lookingNow = looking(view, ctx, rules);
  const late = expired(ctx);
  const aid = !!(view.options && view.options.memory_aid);
  const size = rules.cols * rules.rows;
  const gaps = (view.snap && view.snap.gives || []).filter((g) => g[0] === me && g[1] === owner).map((g) => g[2]);
  const actions = lay.map((_, i) => (active ? slotAction(owner, i, me, moves, ctx.ui) : null));
  const slots = lay.map((code, i) => {
    const key = `${owner}.${i}`;
    const marks = [];
    const cls = [];
    let card = code === null ? undefined : code === HIDDEN ? null : code;
    if (card && !up[i]) {  // a face-down card this seat may see now
      const result = thrownNow.get(key);
      if (result) {
        cls.push(result === "wrong" ? "wrong" : "late");
        marks.push(result === "wrong" ? mark(`✕ ${t("wrong")}`, "bad") : mark(t("too late"), "quiet"));
      } else if (lookingNow.has(key) || !aid) {
        if (late && !aid) card = null;
        else { cls.push("peek"); marks.push(mark(tp("mark", "peek"), "peek", t("you are looking at it: remember it"))); }
      } else {
        cls.push("memo");
        marks.push(mark(t("seen"), "memo", t("you have seen this card (memory aid)")));
      }
    }
    if (i >= size && card !== undefined) { cls.push("penalty"); marks.push(mark("+", "bad", t("a penalty card"))); }
    if (gaps.includes(i)) { cls.push("gap-target"); marks.push(mark(t("gap"), "gold", t("you may give a card into this gap"))); }
    const a = actions[i];
    if (a && a.kind === "snap") cls.push("snap-target");
    if (frozen && card !== undefined) cls.push("frozen");
    const selected = (owner === me && ctx.ui.own === i) || (ctx.ui.other && ctx.ui.other[0] === owner && ctx.ui.other[1] === i);
    if (selected) cls.push("chosen");
    return { card, number: i, cls: cls.join(" "), marks, tag: tags[i],
      label: a && a.text ? `${i}: ${a.text}` : undefined };
  });
  const g = grid(slots, {
    cols: rules.cols, small: !big, owner, label: t("{who}: cards", { who: seatName(ctx, owner) }),
    flip: (slot) => `tag:${slot.tag}`,
    pickable: (slot, i) => (actions[i] ? true : t("nothing to do with this card now")),
    onPick: active ? (slot, i) => act(ctx, actions[i]) : null,
    selected: slots.map((s, i) => (s.cls.includes("chosen") ? i : -1)).filter((i) => i >= 0),
  });
  arrivals(g, view, ctx, owner);
  // Penalty cards go into new columns beside the dealt grid, a column per `rows` of them, so that a penalty never
  // makes the table taller (the slot numbers stay as the moves number them).
  if (lay.length > size) {
    const extra = Math.ceil((lay.length - size) / rules.rows);
    g.style.setProperty("--cols", String(rules.cols + extra));
    g.querySelectorAll(".kit-slot").forEach((el, i) => {
      const row = i < size ? Math.floor(i / rules.cols) : (i - size) % rules.rows;
      const col = i < size ? i % rules.cols : rules.cols + Math.floor((i - size) / rules.rows);
      el.style.gridRow = String(row + 1);
      el.style.gridColumn = String(col + 1);
    });
  }
  return h("div", { class: `mem-grid${frozen ? " frozen" : ""}${big ? " big" : ""}`, dataset: { seat: owner } },
    frozen ? h("div", { class: "mem-frozen-tag", title: t("knocked: these cards are frozen") }, `❄ ${t("knocked — frozen")}`) : null, g);
}

/** Cards that just arrived in a slot fly in from where they came: the drawn card, the discard, another slot. */
function arrivals(g, view, ctx, owner) {
  const prev = ctx.prev;
  if (!prev || prev.round !== view.round) return;
  const slots = g.querySelectorAll(".kit-slot");
  for (const e of ctx.fresh) {
    if (e.seat !== owner || !slots[e.slot]) continue;
    if (e.type === "swap") slots[e.slot].dataset.flipFrom = "drawn";
    if (e.type === "take") slots[e.slot].dataset.flipFrom = `discard:${(prev.discard || []).length}`;
  }
}

// --- the middle of the table ------------------------------------------------------------------------------------

/** Where the card on top of the discard pile came from (a slot's tag in the previous view), for motion. */
function discardFrom(view, ctx) {
  const prev = ctx.prev;
  if (!prev || prev.round !== view.round) return null;
  for (const e of [...ctx.fresh].reverse()) {
    if ((e.type === "swap" || e.type === "take") && prev.tags[e.seat]) return `tag:${prev.tags[e.seat][e.slot]}`;
    if (e.type === "discard") return "drawn";
    if (e.type === "snap" && e.result === "valid") return `tag:${(prev.tags[e.place[0]] || [])[e.place[1]]}`;
  }
  return null;
}

function windowLabel(view) {
  if (view.phase === "peek") return tp("window", "Look");
  if (view.snap && view.snap.rank) {
    const rank = view.snap.rank;
    return view.snap.claimed ? t("Snapped") : an(rank) ? t("Snap an {rank}", { rank }) : t("Snap a {rank}", { rank });
  }
  return tp("window", "Look");
}

function center(view, ctx, rules, moves, active) {
  const n = (view.discard || []).length;
  const top = n ? view.discard[n - 1] : null;
  const snapOpen = view.snap && view.snap.rank && !view.snap.claimed;
  const pileAction = !active ? null : moves.words.has("discard") ? () => act(ctx, { text: "discard" })
    : moves.take ? () => { ctx.ui.take = !ctx.ui.take; ctx.ui.own = ctx.ui.other = null; ctx.rerender(); } : null;
  const pileTitle = moves.words.has("discard") ? t("throw the drawn card on the discard pile")
    : moves.take ? t("take the top card: then click the card it replaces") : "";
  const face = top ? cardSVG(top) : h("span", { class: "kit-empty" });
  const pileBody = [h("span", { class: "mem-pile-card", dataset: { flip: `discard:${n}`, ...(discardFrom(view, ctx) ? { flipFrom: discardFrom(view, ctx) } : {}) } }, face),
    h("span", { class: "kit-pile-text" }, h("strong", {}, tp("pile", "Discard")), h("span", { class: "kit-pile-count" }, tn("{n} card", "{n} cards", n)))];
  const pileAttrs = { class: `kit-pile mem-discard${snapOpen ? " snap-open" : ""}${ctx.ui.take ? " chosen" : ""}${pileAction ? " pickable" : ""}`,
    title: pileTitle, dataset: { pile: "discard" } };
  const pileEl = pileAction ? h("button", { ...pileAttrs, type: "button", onclick: pileAction }, pileBody) : h("div", pileAttrs, pileBody);
  const stockEl = stock(view.stock, { onClick: active && moves.words.has("draw") ? () => act(ctx, { text: "draw" }) : null });
  if (active && moves.words.has("draw")) stockEl.classList.add("pickable");
  let drawn = null;
  if (view.drawn) {
    const mine = view.turn === ctx.seat;
    drawn = h("div", { class: `mem-drawn${mine ? " mine" : ""}` },
      h("span", { class: "mem-drawn-card", dataset: { flip: "drawn", flipFrom: "stock", code: view.drawn === HIDDEN ? "" : view.drawn } },
        cardSVG(view.drawn === HIDDEN ? null : view.drawn)),
      h("span", { class: "mem-drawn-text" }, mine ? t("You drew {card}", { card: cardText(view.drawn) }) : t("{who} drew", { who: seatName(ctx, view.turn) })));
  }
  const ring = countdown(ctx, { size: 46, label: windowLabel(view) });
  return h("div", { class: "mem-center" },
    h("div", { class: "mem-piles" }, stockEl, pileEl, drawn),
    ring ? h("div", { class: `mem-window${snapOpen ? " snap" : ""}` }, ring, h("span", {}, windowLabel(view))) : null);
}

/** One line saying what is happening, and what this seat may do about it. */
function prompt(view, ctx, rules, moves) {
  const me = ctx.seat;
  const toAct = view.to_act || [];
  const who = (s) => seatName(ctx, s);
  if (view.over) return t("The match is over.");
  const mine = ctx.myTurn;
  if (view.phase === "peek") {
    if (mine) return t("Remember your cards {slots}, then say you are ready.", { slots: slotList(rules.peek) });
    return t("Everyone looks at their cards {slots}…", { slots: slotList(rules.peek) });
  }
  if (view.phase === "setup") {
    if (mine) return tn("Turn up to {n} of your cards face up (click them), then ready.", "Turn up to {n} of your cards face up (click them), then ready.", rules.flips);
    return tn("Everyone turns up to {n} card…", "Everyone turns up to {n} cards…", rules.flips);
  }
  const gives = (view.snap && view.snap.gives) || [];
  const give = gives.find((g) => g[0] === me);
  const myLook = (view.looking || []).find((l) => l[0] === me);
  if (mine && myLook && !moves.snaps) {
    return t("You look at {place}: remember it, then say you are done.", { place: place(ctx, [myLook[1], myLook[2]]) });
  }
  const holding = lookersHolding(view, ctx);
  if (holding.length && view.turn === me && view.phase === "turn") {
    const wait = t("Wait: {who} is still looking at a card. Your turn starts when they are done.", { who: names(ctx, holding) });
    const rank = moves.snaps ? view.snap.rank : null;
    return rank ? `${wait} ${an(rank) ? t("Or snap an {rank}!", { rank }) : t("Or snap a {rank}!", { rank })}` : wait;
  }
  if (mine && give) return t("You snapped {place}: click one of your cards to give it, or leave the gap.", { place: place(ctx, [give[1], give[2]]) });
  if (mine && ctx.ui.snapping) return t("Snapping: click a card of the discard's rank.");
  if (mine && view.turn === me) {
    if (view.phase === "drawn") {
      return moves.words.has("discard") ? t("Click one of your cards to put the drawn card there, or the discard pile to throw it.")
        : t("Click one of your cards to put the drawn card there.");
    }
    if (view.phase === "flip") return t("Click one of your face-down cards to turn it up.");
    if (view.phase === "power") {
      const what = PROMPT_WORDS[view.power] ? t(PROMPT_WORDS[view.power]) : view.power;
      return ctx.ui.own != null || ctx.ui.other ? t("Power: {what} — now the other card, or skip.", { what })
        : t("Power: {what}, or skip.", { what });
    }
    if (view.phase === "decide") return t("Trade the two cards, or keep them where they are.");
    if (view.phase === "turn") {
      if (ctx.ui.take) return t("Click the card the top discard replaces.");
      const parts = [t("draw from the stock")];
      if (moves.take) parts.push(t("take the discard"));
      if (Object.values(moves.own).some((x) => x.flip)) parts.push(t("turn a card up"));
      if (moves.words.has("knock")) parts.push(tp("move", "knock"));
      const choices = parts.length < 2 ? parts.join("") : t("{a} or {b}", { a: parts.slice(0, -1).join(", "), b: parts[parts.length - 1] });
      const turn = t("Your turn: {choices}.", { choices });
      if (!moves.snaps) return turn;
      const rank = view.snap.rank;
      return `${turn} ${an(rank) ? t("Or snap an {rank}!", { rank }) : t("Or snap a {rank}!", { rank })}`;
    }
  }
  if (mine && moves.snaps) return t("Snap! Click any card of rank {rank}, or let it go.", { rank: view.snap.rank });
  if (view.snap && view.snap.claimed) {
    const rank = view.snap.rank;
    return an(rank) ? t("An {rank} was snapped: too late for another.", { rank }) : t("A {rank} was snapped: too late for another.", { rank });
  }
  if (holding.length) return t("{who} is looking at a card…", { who: names(ctx, holding) });
  const turn = view.turn;
  if (turn != null && turn !== me) {
    const doing = view.phase === "power" || view.phase === "decide" ? t("{who} uses a power…", { who: who(turn) })
      : t("{who} plays…", { who: who(turn) });
    if (view.closer == null) return doing;
    const values = { who: who(view.closer) };
    return `${doing} ${rules.ends === "knock" ? t("({who} knocked: last turns)", values) : t("({who} went out: last turns)", values)}`;
  }
  if (toAct.length && !mine) return t("Waiting for {names}…", { names: toAct.map(who).join(", ") });
  return "";
}

/** The buttons for the moves that are not made on a card. */
function buttons(view, ctx, moves, active) {
  const out = [];
  const btn = (text, label, cls = "") => out.push(h("button", {
    type: "button", class: `mem-action ${cls}`.trim(), dataset: { action: text }, disabled: !active,
    onclick: () => act(ctx, { text }),
  }, label));
  const w = moves.words;
  if (w.has("ready")) btn("ready", view.phase === "setup" ? t("Ready") : t("I have looked — ready"), "primary");
  if (w.has("knock")) btn("knock", t("Knock"), "knock");
  if (w.has("trade")) btn("trade", t("Trade them"), "primary");
  if (w.has("keep")) btn("keep", t("Keep them"));
  if (w.has("skip")) btn("skip", t("Skip the power"));
  if (w.has("stay")) btn("stay", t("Leave the gap"));
  if (moves.snaps && hasPrimary(moves)) {
    out.push(h("button", { type: "button", class: `mem-action snap-switch${ctx.ui.snapping ? " on" : ""}`, disabled: !active,
      onclick: () => { ctx.ui.snapping = !ctx.ui.snapping; ctx.rerender(); } }, ctx.ui.snapping ? t("Stop snapping") : t("Snap…")));
  }
  if (w.has("pass")) btn("pass", t("No snap"), "quiet");
  if (ctx.ui.take || ctx.ui.own != null || ctx.ui.other) {
    out.push(h("button", { type: "button", class: "mem-action quiet",
      onclick: () => { ctx.ui.take = ctx.ui.own = ctx.ui.other = null; ctx.rerender(); } }, t("Cancel")));
  }
  return out.length ? h("div", { class: "mem-actions" }, out) : null;
}

// --- seats ------------------------------------------------------------------------------------------------------

function badges(view, ctx, rules, seat) {
  const out = [];
  if (view.closer === seat) {
    out.push(h("span", { class: "kit-badge blue", title: rules.ends === "knock" ? t("knocked: cards frozen") : t("turned up the last card") },
      rules.ends === "knock" ? t("knocked") : tp("badge", "out")));
  }
  if ((view.phase === "peek" || view.phase === "setup") && (view.ready || []).includes(seat)) {
    out.push(h("span", { class: "kit-badge" }, t("ready")));
  }
  if (view.snap && (view.snap.gives || []).some((g) => g[0] === seat)) out.push(h("span", { class: "kit-badge gold" }, t("may give")));
  return out;
}

function note(view, seat) {
  const total = (view.scores || [])[seat] ?? 0;
  return tn("{n} point", "{n} points", Math.abs(total), { n: total });
}

export function info(view) {
  return t("round {round} of {rounds}", { round: view.round, rounds: view.rounds });
}

export function hold(view, ctx) {
  const last = ctx.fresh[ctx.fresh.length - 1];
  if (!last) return 0;
  if (last.type === "snap" || last.type === "penalty") return 700;
  if (["swap", "take", "discard", "flip", "jack", "give", "trade", "knock", "sweep"].includes(last.type)) return 300;
  return 0;
}

export function board(view, ctx, rules) {
  const r = rules;
  // Between rounds (the table's pause, until everyone has pressed "Next round"): the round just scored, alone,
  // so that it is read before the next round's peek begins.
  const result = ctx.table && ctx.table.pause && !view.over ? revealPanel(view, ctx, r, { pinned: true }) : null;
  if (result) return h("div", { class: "mem-board paused" }, result);
  const moves = parseMoves(ctx.seat == null ? [] : view.legal || [], { claimed: !!(view.snap && view.snap.claimed) });
  if (lookersHolding(view, ctx).length) for (const w of ["draw", "knock"]) moves.words.delete(w);
  tidy(ctx, moves);
  const active = ctx.myTurn && !ctx.pending;
  wakeAtDeadline(ctx);
  const n = view.players;
  // Every other player across the top, in turn order from the right (the next player) to the left (the last):
  // the table's whole height goes to what is played now (kit/README.md: the table check), with your cards, the
  // piles and what you may do beside each other below.
  const places = placeSeats(n, ctx.seat ?? 0).map((p, i) => (i ? { ...p, where: "top" } : p));
  const bottom = places[0].seat;
  const crowd = n > 8 ? "crowd" : n > 5 ? "many" : "few";
  const table = feltTable(places, (seat, where) => seatPlate(ctx, seat, {
    where, badges: [...badges(view, ctx, r, seat), h("span", { class: "mem-score" }, note(view, seat))],
    children: [layoutGrid(view, ctx, r, seat, { moves, active, big: false })],
  }), {
    cls: `memory ${view.game} players-${n} mem-${crowd} rows-${r.rows}${ctx.ui.snapping ? " snapping" : ""}`,
    center: center(view, ctx, r, moves, active),
    me: [
      seatPlate(ctx, bottom, { where: "bottom", badges: [...badges(view, ctx, r, bottom),
        h("span", { class: "kit-badge" }, note(view, bottom))] }),
      layoutGrid(view, ctx, r, bottom, { moves, active, big: true }),
    ],
  });
  table.append(h("div", { class: "mem-bar" }, h("p", { class: "mem-prompt", role: "status", "data-now": "" }, prompt(view, ctx, r, moves)),
    ctx.seat != null ? buttons(view, ctx, moves, active) : null));
  return h("div", { class: "mem-board" }, table, revealPanel(view, ctx, r));
}
