// The Claw at the table: the players along the top, the called card big, and the whole spread of face-up cards,
// each at its own place and angle, filling the table.
// Play: find the called card in the spread and click it. A wrong click puts you on the bench for this call and
// the next two (your plate greys out). In the contest variant a right claim starts a tug of war: click the card
// (or "Tug!") as fast as you can. The rotating caller gets a "Call" button.
// Actions on the wire: "claim 7H @12", "tug @12", "call".

import { h, cardSVG, cardText, seatName, seatPlate, countdown, translator, N_ } from "/static/kit/kit.js";

const { t, tn } = await translator(import.meta.url);

export const styles = ["table.css"];
export const ownsLegal = true;

/** The table's units: the spread's places are in a 1000 × 640 area. */
const WIDTH = 1000;
const HEIGHT = 640;
/** One of two sentences: the one for you, or the one for another player ({who} filled in). */
const said = (ctx, seat, you, them, values = {}) => (seat === ctx.seat ? t(you, values)
  : t(them, { ...values, who: seatName(ctx, seat) }));
const names = (ctx, seats) => seats.map((s) => seatName(ctx, s));

export function title() {
  return t("The Claw");
}

export function info(view) {
  const total = view.call + view.calls_left;
  return view.call ? t("call {call} of {total}", { call: view.call, total })
    : tn("{n} card on the table", "{n} cards on the table", view.spread.length);
}

export function describe(e, ctx) {
  switch (e.type) {
    case "start": {
      const spread = tn("{n} card spread face up", "{n} cards spread face up", e.cards);
      return e.lost.length ? t("{spread}; the worn deck lacks {n}", { spread, n: e.lost.length }) : spread;
    }
    case "call": {
      const values = { call: e.call, card: cardText(e.card) };
      const line = e.by == null ? t("Call {call}: the table calls {card}", values)
        : said(ctx, e.by, N_("Call {call}: you call {card}"), N_("Call {call}: {who} calls {card}"), values);
      return e.absent ? `${line} — ${t("not on the table")}` : line;
    }
    case "claim": {
      const line = said(ctx, e.seat, N_("You claim {card}"), N_("{who} claims {card}"), { card: cardText(e.card) });
      return e.result === "wrong" ? t("{claim}: wrong!", { claim: line }) : line;
    }
    case "take":
      return said(ctx, e.seat, N_("You win {card}"), N_("{who} wins {card}"), { card: cardText(e.card) });
    case "missed":
      return t("Nobody found {card}", { card: cardText(e.card) });
    case "torn":
      return t("{card} is torn between {names}", { card: cardText(e.card), names: names(ctx, e.seats).join(" & ") });
    case "end":
      return t("Match over: {names} won most cards", { names: names(ctx, e.winners).join(" & ") });
    default:
      return null;
  }
}

export function headline(e, ctx) {
  const kind = (good) => (ctx.seat == null ? "info" : good ? "good" : "bad");
  if (e.type === "claim" && e.result === "wrong" && e.seat === ctx.seat) {
    return { text: t("Wrong: that was {card}. You sit out this call and the next two.", { card: cardText(e.card) }), kind: "bad" };
  }
  if (e.type === "take") return { text: describe(e, ctx), kind: kind(e.seat === ctx.seat) };
  if (e.type === "torn") return { text: describe(e, ctx), kind: "info" };
  if (e.type === "end") return { text: describe(e, ctx), kind: kind(e.winners.includes(ctx.seat)) };
  return null;
}

function plate(view, ctx, seat) {
  const won = view.piles[seat] || [];
  const sits = view.sitting[seat];
  const benched = (view.blocked || []).includes(seat) && seat !== view.caller;
  const badges = [];
  if (seat === view.caller) badges.push(h("span", { class: "kit-badge gold" }, t("caller")));
  if (benched || sits) {
    const calls = tn("{n} call", "{n} calls", sits);
    badges.push(h("span", { class: "kit-badge red", title: t("after a wrong claim") },
      benched ? (sits ? t("benched +{calls}", { calls }) : t("benched")) : t("sits out {calls}", { calls })));
  }
  const drag = view.drag;
  if (drag && drag.taps[seat]) badges.push(h("span", { class: "kit-badge blue" }, tn("{n} tug", "{n} tugs", drag.taps[seat])));
  const node = seatPlate(ctx, seat, {
    where: seat === ctx.seat ? "mine" : "top", badges, note: tn("{n} card", "{n} cards", won.length),
    children: [h("div", { class: "won", dataset: { flip: `pile:${seat}` } },
      won.slice(-3).map((c) => h("span", { class: "won-card", dataset: { code: c, flip: `card:${c}` } }, cardSVG(c))))],
  });
  if (benched) node.classList.add("benched");
  return node;
}

function callPanel(view, ctx, legal) {
  const parts = [];
  const timer = countdown(ctx, { size: 44, label: view.phase === "call" ? t("Time to find it") : t("Next call in") });
  if (view.card && (view.phase === "call" || view.phase === "drag")) {
    parts.push(h("div", { class: "called", dataset: { flip: `called:${view.call}` }, "aria-label": t("Called: {card}", { card: cardText(view.card) }) },
      cardSVG(view.card)));
    const drag = view.drag;
    const words = drag ? said(ctx, drag.holder, N_("You have a finger on it — tug!"), N_("{who} has a finger on it — tug!"))
      : t("Call {call}: find {card}!", { call: view.call, card: cardText(view.card) });
    parts.push(h("div", { class: "call-words" }, h("strong", {}, words), me(view, ctx), timer));
    if (legal.some((a) => a.startsWith("tug "))) {
      const tug = legal.find((a) => a.startsWith("tug "));
      parts.push(h("button", { type: "button", class: "tug-button", disabled: ctx.pending, onclick: () => ctx.play(tug) }, t("Tug!")));
    }
  } else if (view.over) {
    parts.push(h("div", { class: "call-words" }, h("strong", {}, describe({ type: "end", winners: view.winners }, ctx))));
  } else {
    const last = view.last;
    const card = last ? cardText(last.card) : "";
    const happened = !last ? tn("{n} card on the table: get ready…", "{n} cards on the table: get ready…", view.spread.length)
      : last.how === "taken" ? said(ctx, last.seat, N_("You won {card}"), N_("{who} won {card}"), { card })
        : last.how === "torn" ? t("{card} was torn", { card }) : t("Nobody found {card}", { card });
    const next = view.caller == null ? t("The table calls the next card")
      : said(ctx, view.caller, N_("You call the next card"), N_("{who} calls the next card"));
    parts.push(h("div", { class: "call-words" }, h("strong", {}, happened), h("span", {}, next), timer));
    if (legal.includes("call")) {
      parts.push(h("button", { type: "button", class: "call-button", disabled: ctx.pending, onclick: () => ctx.play("call") },
        t("Call the next card")));
    }
  }
  return h("div", { class: `call-panel phase-${view.phase}`, role: "status", "data-now": "" }, parts);
}

/** A line about this page's own seat: benched, calling, or nothing. */
function me(view, ctx) {
  if (ctx.seat == null) return null;
  if (view.caller === ctx.seat) return h("span", { class: "me-note" }, t("You are the caller: you do not claim this one"));
  if ((view.blocked || []).includes(ctx.seat)) {
    const more = view.sitting[ctx.seat];
    return h("span", { class: "me-note bad" }, more ? tn("You sit out this call and {n} more", "You sit out this call and {n} more", more)
      : t("You sit out this call"));
  }
  return null;
}

function spread(view, ctx, legal) {
  const claims = new Map(legal.filter((a) => a.startsWith("claim ")).map((a) => [a.split(" ")[1], a]));
  const tug = legal.find((a) => a.startsWith("tug "));
  const contested = view.drag ? view.drag.card : null;
  const n = view.spread.length;
  // the box the spread is fitted into (table.css): on a laptop whatever height is left under the plates
  return h("div", { class: "spread-box" }, h("div", { class: `spread${claims.size ? " hunting" : ""}`, role: "group", "aria-label": t("The cards on the table") },
    view.spread.map(([code, x, y, angle], i) => {
      const action = code === contested ? tug : claims.get(code);
      const why = action || ctx.pending ? null : me(view, ctx)?.textContent || null;  // benched, or the caller
      return h("button", {
        type: "button", class: `spread-card${code === contested ? " contested" : ""}`,
        style: `left: ${(x / WIDTH) * 100}%; top: ${(y / HEIGHT) * 100}%; --a: ${angle}deg; z-index: ${i + 1}`,
        dataset: { code, flip: `card:${code}` }, disabled: !action || ctx.pending, "data-why": why,
        "aria-label": cardText(code), title: action ? t("Claim {card}", { card: cardText(code) }) : cardText(code),
        onclick: action ? () => ctx.play(action) : null,
      }, cardSVG(code));
    }), n ? null : h("p", { class: "bare" }, t("The table is bare."))));
}

/**
 * The lesson's move at the table (contract B): "claim 7H @1" is the 7H lying in the spread ("tug @1" the contested
 * card, "call" the caller's button).
 */
export function lessonTargets(text) {
  const m = /^claim (\S+) @\d+$/.exec(text);
  if (m) return [...document.querySelectorAll(`.claw-table .spread-card[data-code="${CSS.escape(m[1])}"]`)];
  if (text.startsWith("tug ")) return [...document.querySelectorAll(".claw-table .spread-card.contested, .claw-table .tug-button")];
  if (text === "call") return [...document.querySelectorAll(".claw-table .call-button")];
  return [];
}

export function board(view, ctx) {
  const legal = view.legal || [];
  const seats = Array.from({ length: view.players }, (_, s) => plate(view, ctx, s));
  // a crowd (more than four): plates laid flat, two lines high, so that more rows of them leave the spread room
  return h("div", { class: `claw-table${view.players > 4 ? " crowd" : ""}` },
    h("div", { class: "claw-seats" }, seats),
    callPanel(view, ctx, legal),
    spread(view, ctx, legal));
}

/** The score sheet: cards won so far, per seat, the most first. */
export function sheet(view, ctx) {
  const order = Array.from({ length: view.players }, (_, s) => s).sort((a, b) => view.scores[b] - view.scores[a]);
  return h("section", { class: "panel sheet", "aria-label": t("Score sheet") }, h("h3", {}, t("Cards won")),
    h("table", {}, h("tbody", {}, order.map((s) => h("tr", { class: s === ctx.seat ? "mine" : "" },
      h("th", { scope: "row" }, seatName(ctx, s)), h("td", {}, String(view.scores[s])),
      h("td", { class: "muted" }, (view.piles[s] || []).slice(-6).map(cardText).join(" ")))))),
    view.torn.length ? h("p", { class: "muted" }, t("Torn: {cards}", { cards: view.torn.map(cardText).join(" ") })) : null);
}
