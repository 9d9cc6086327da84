// The Claw at the table: the players along the top, the called card big, and the whole spread of face-up cards,
// each at its own place and angle, filling the table.
// Play: find the called card in the spread and click it. A wrong click puts you on the bench for this call and
// the next two (your plate greys out). In the contest variant a right claim starts a tug of war: click the card
// (or "Tug!") as fast as you can. The rotating caller gets a "Call" button.
// Actions on the wire: "claim 7H @12", "tug @12", "call".

import { h, cardSVG, cardText, seatName, seatPlate, countdown } from "/static/kit/kit.js";

export const styles = ["table.css"];
export const ownsLegal = true;

/** The table's units: the spread's places are in a 1000 × 640 area. */
const WIDTH = 1000;
const HEIGHT = 640;
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const verb = (ctx, seat, you, other) => `${seatName(ctx, seat)} ${seat === ctx.seat ? you : other}`;

export function title() {
  return "The Claw";
}

export function info(view) {
  const total = view.call + view.calls_left;
  return view.call ? `call ${view.call} of ${total}` : `${view.spread.length} cards on the table`;
}

export function describe(e, ctx) {
  switch (e.type) {
    case "start":
      return `${e.cards} cards spread face up${e.lost.length ? `; the worn deck lacks ${e.lost.length}` : ""}`;
    case "call":
      return `Call ${e.call}: ${e.by == null ? "the table calls" : verb(ctx, e.by, "call", "calls")} `
        + `${cardText(e.card)}${e.absent ? " — not on the table" : ""}`;
    case "claim":
      return `${verb(ctx, e.seat, "claim", "claims")} ${cardText(e.card)}${e.result === "wrong" ? ": wrong!" : ""}`;
    case "take":
      return `${verb(ctx, e.seat, "win", "wins")} ${cardText(e.card)}`;
    case "missed":
      return `Nobody found ${cardText(e.card)}`;
    case "torn":
      return `${cardText(e.card)} is torn between ${e.seats.map((s) => seatName(ctx, s)).join(" and ")}`;
    case "end":
      return `Match over: ${e.winners.map((s) => seatName(ctx, s)).join(" & ")} won most cards`;
    default:
      return null;
  }
}

export function headline(e, ctx) {
  const kind = (good) => (ctx.seat == null ? "info" : good ? "good" : "bad");
  if (e.type === "claim" && e.result === "wrong" && e.seat === ctx.seat) {
    return { text: `Wrong: that was ${cardText(e.card)}. You sit out this call and the next two.`, kind: "bad" };
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
  if (seat === view.caller) badges.push(h("span", { class: "kit-badge gold" }, "caller"));
  if (benched || sits) {
    badges.push(h("span", { class: "kit-badge red", title: "after a wrong claim" },
      benched ? `benched${sits ? ` +${plural(sits, "call")}` : ""}` : `sits out ${plural(sits, "call")}`));
  }
  const drag = view.drag;
  if (drag && drag.taps[seat]) badges.push(h("span", { class: "kit-badge blue" }, plural(drag.taps[seat], "tug")));
  const node = seatPlate(ctx, seat, {
    where: seat === ctx.seat ? "mine" : "top", badges, note: plural(won.length, "card"),
    children: [h("div", { class: "won", dataset: { flip: `pile:${seat}` } },
      won.slice(-3).map((c) => h("span", { class: "won-card", dataset: { code: c, flip: `card:${c}` } }, cardSVG(c))))],
  });
  if (benched) node.classList.add("benched");
  return node;
}

function callPanel(view, ctx, legal) {
  const parts = [];
  const timer = countdown(ctx, { size: 44, label: view.phase === "call" ? "Time to find it" : "Next call in" });
  if (view.card && (view.phase === "call" || view.phase === "drag")) {
    parts.push(h("div", { class: "called", dataset: { flip: `called:${view.call}` }, "aria-label": `Called: ${cardText(view.card)}` },
      cardSVG(view.card)));
    const drag = view.drag;
    const words = drag ? `${verb(ctx, drag.holder, "have", "has")} a finger on it — tug!` : `Call ${view.call}: find ${cardText(view.card)}!`;
    parts.push(h("div", { class: "call-words" }, h("strong", {}, words), me(view, ctx), timer));
    if (legal.some((a) => a.startsWith("tug "))) {
      const tug = legal.find((a) => a.startsWith("tug "));
      parts.push(h("button", { type: "button", class: "tug-button", disabled: ctx.pending, onclick: () => ctx.play(tug) }, "Tug!"));
    }
  } else if (view.over) {
    parts.push(h("div", { class: "call-words" }, h("strong", {}, describe({ type: "end", winners: view.winners }, ctx))));
  } else {
    const last = view.last;
    const said = !last ? `${view.spread.length} cards on the table: get ready…`
      : last.how === "taken" ? `${verb(ctx, last.seat, "won", "won")} ${cardText(last.card)}`
        : last.how === "torn" ? `${cardText(last.card)} was torn` : `Nobody found ${cardText(last.card)}`;
    const next = view.caller == null ? "The table calls the next card" : `${verb(ctx, view.caller, "call", "calls")} the next card`;
    parts.push(h("div", { class: "call-words" }, h("strong", {}, said), h("span", {}, next), timer));
    if (legal.includes("call")) {
      parts.push(h("button", { type: "button", class: "call-button", disabled: ctx.pending, onclick: () => ctx.play("call") },
        "Call the next card"));
    }
  }
  return h("div", { class: `call-panel phase-${view.phase}`, role: "status" }, parts);
}

/** A line about this page's own seat: benched, calling, or nothing. */
function me(view, ctx) {
  if (ctx.seat == null) return null;
  if (view.caller === ctx.seat) return h("span", { class: "me-note" }, "You are the caller: you do not claim this one");
  if ((view.blocked || []).includes(ctx.seat)) {
    const more = view.sitting[ctx.seat];
    return h("span", { class: "me-note bad" }, `You sit out this call${more ? ` and ${more} more` : ""}`);
  }
  return null;
}

function spread(view, ctx, legal) {
  const claims = new Map(legal.filter((a) => a.startsWith("claim ")).map((a) => [a.split(" ")[1], a]));
  const tug = legal.find((a) => a.startsWith("tug "));
  const contested = view.drag ? view.drag.card : null;
  const n = view.spread.length;
  return h("div", { class: `spread${claims.size ? " hunting" : ""}`, role: "group", "aria-label": "The cards on the table" },
    view.spread.map(([code, x, y, angle], i) => {
      const action = code === contested ? tug : claims.get(code);
      return h("button", {
        type: "button", class: `spread-card${code === contested ? " contested" : ""}`,
        style: `left: ${(x / WIDTH) * 100}%; top: ${(y / HEIGHT) * 100}%; --a: ${angle}deg; z-index: ${i + 1}`,
        dataset: { code, flip: `card:${code}` }, disabled: !action || ctx.pending,
        "aria-label": cardText(code), title: action ? `Claim ${cardText(code)}` : cardText(code),
        onclick: action ? () => ctx.play(action) : null,
      }, cardSVG(code));
    }), n ? null : h("p", { class: "bare" }, "The table is bare."));
}

export function board(view, ctx) {
  const legal = view.legal || [];
  const seats = Array.from({ length: view.players }, (_, s) => plate(view, ctx, s));
  return h("div", { class: "claw-table" },
    h("div", { class: "claw-seats" }, seats),
    callPanel(view, ctx, legal),
    spread(view, ctx, legal));
}

/** The score sheet: cards won so far, per seat, the most first. */
export function sheet(view, ctx) {
  const order = Array.from({ length: view.players }, (_, s) => s).sort((a, b) => view.scores[b] - view.scores[a]);
  return h("section", { class: "panel sheet", "aria-label": "Score sheet" }, h("h3", {}, "Cards won"),
    h("table", {}, h("tbody", {}, order.map((s) => h("tr", { class: s === ctx.seat ? "mine" : "" },
      h("th", { scope: "row" }, seatName(ctx, s)), h("td", {}, String(view.scores[s])),
      h("td", { class: "muted" }, (view.piles[s] || []).slice(-6).map(cardText).join(" ")))))),
    view.torn.length ? h("p", { class: "muted" }, `Torn: ${view.torn.map(cardText).join(" ")}`) : null);
}
