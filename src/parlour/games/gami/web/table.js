// Gami at the table: both hands open — your opponent's across the felt, yours along the bottom — and the six
// exchange cards in the middle.
// Play: click a card of your hand; the table cards it may go for light up (a "GAMI" tag on those that would make
// one); click one. If the card you pick up makes a GAMI, click the card to take from your opponent's hand, or
// "Take nothing".
// Actions on the wire: "exchange 4H 3H" (give 4H from the hand, pick up 3H), "exchange 4H 3H take 5C".

import { h, cardSVG, cardText, seatName, placeSeats, feltTable, seatPlate, hand } from "/static/kit/kit.js";

export const styles = ["table.css"];
export const ownsLegal = true;

const WHY = {
  "stuck": (loser, you) => `${loser} ${you ? "have" : "has"} no exchange to make`,
  "two cards": (loser, you) => `${loser} ${you ? "are" : "is"} down to two cards`,
  "repetition": () => "the same position came round a third time",
  "move cap": () => "the deal reached its last exchange",
};

/** "exchange 4H 3H take 5C" → {text, give: "4H", take: "3H", capture: "5C"} (capture null when none). */
export function parseAction(text) {
  const w = String(text).trim().split(/\s+/);
  return { text, give: w[1], take: w[2], capture: w[3] === "take" ? w[4] : null };
}

const s = (ctx, seat, verb) => (seat === ctx.seat ? verb : `${verb}s`);
const cards = (codes) => (codes || []).map(cardText).join(" ");

export function title() {
  return "Gami";
}

export function info(view) {
  const o = view.options || {};
  const parts = [`deal ${view.deal}${o.games > 1 ? ` of ${o.games}` : ""}`];
  if (!view.over) parts.push(`exchange ${view.plies + 1} of ${o.max_plies}`);
  return parts.join(" · ");
}

/** How a deal ended, in words: "You win the deal: Bot 1 has no exchange to make (You 15 cards, Bot 1 3)." */
export function resultText(e, ctx) {
  const loser = e.winner == null ? null : 1 - e.winner;
  const why = WHY[e.reason](seatName(ctx, loser), loser === ctx.seat);
  const verdict = e.winner == null ? "The deal is drawn" : `${seatName(ctx, e.winner)} ${s(ctx, e.winner, "win")} the deal`;
  const held = (e.cards || []).map((n, seat) => `${seatName(ctx, seat)} ${n}`).join(", ");
  return `${verdict}: ${why} (cards: ${held}).`;
}

export function describe(e, ctx) {
  const who = e.seat != null ? seatName(ctx, e.seat) : "";
  switch (e.type) {
    case "deal":
      return `Deal ${e.deal}: ${seatName(ctx, e.first)} ${s(ctx, e.first, "play")} first; on the table ${cards(e.table)}`;
    case "exchange": {
      let text = `${who} ${s(ctx, e.seat, "give")} ${cardText(e.gave)} for ${cardText(e.took)}`;
      if (e.gami) {
        text += ` — GAMI ${cards(e.gami[0])}`;
        text += e.captured ? `, ${s(ctx, e.seat, "take")} ${cardText(e.captured)} from ${seatName(ctx, 1 - e.seat)}`
          : `, ${s(ctx, e.seat, "take")} nothing`;
      }
      return text;
    }
    case "result":
      return resultText(e, ctx);
    case "end": {
      const w = e.winners || [];
      if (w.length !== 1) return "Match over: shared.";
      return `Match over: ${seatName(ctx, w[0])} ${s(ctx, w[0], "win")}.`;
    }
    default:
      return null;
  }
}

export function headline(e, ctx) {
  const kind = (seat) => (ctx.seat == null ? "info" : seat === ctx.seat ? "good" : "bad");
  if (e.type === "exchange" && e.captured) {
    return { text: `GAMI! ${seatName(ctx, e.seat)} ${s(ctx, e.seat, "take")} ${cardText(e.captured)}`, kind: kind(e.seat) };
  }
  if (e.type === "result") {
    return { text: e.winner == null ? "A drawn deal" : `${seatName(ctx, e.winner)} ${s(ctx, e.winner, "win")} the deal`,
      kind: e.winner == null ? "info" : kind(e.winner) };
  }
  return null;
}

/** The score sheet: a row per deal with its points, and how it was won in words. */
export function sheet(view, ctx) {
  const sh = view.sheet || { rows: [], totals: [0, 0] };
  const mine = (seat) => (seat === ctx.seat ? "mine" : "");
  const head = h("tr", {}, h("th", { scope: "col" }, ""), [0, 1].map((seat) => h("th", { scope: "col", class: mine(seat) },
    seatName(ctx, seat))));
  const rows = sh.rows.map((r, i) => {
    const d = r.detail || {};
    const line = resultText({ ...d, deal: i + 1 }, ctx);
    return [h("tr", { class: "row" }, h("th", { scope: "row" }, `Deal ${i + 1}`),
      r.points.map((p, seat) => h("td", { class: mine(seat) }, String(p)))),
    h("tr", { class: "detail" }, h("td", { colspan: 3 }, line))];
  });
  return h("section", { class: "panel sheet", "aria-label": "Score sheet" }, h("h3", {}, "Score sheet"),
    h("p", { class: "muted" }, "A deal won is 2 points, a drawn deal 1 each."),
    h("table", {}, h("thead", {}, head),
      h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: 3, class: "muted" }, "No deal finished yet."))),
      h("tfoot", {}, h("tr", { class: "totals" }, h("th", { scope: "row" }, "Total"),
        (sh.totals || []).map((t, seat) => h("td", { class: mine(seat) }, String(t)))))));
}

function reset(ctx) {
  ctx.ui.give = null;
  ctx.ui.take = null;
}

/** A hand card was clicked: select it (its exchanges light up on the table), or drop the selection. */
function pickGive(ctx, code) {
  ctx.ui.give = ctx.ui.give === code ? null : code;
  ctx.ui.take = null;
  ctx.rerender();
}

/** A table card was clicked: exchange at once, or ask which card to take when it makes a GAMI. */
function pickTake(ctx, legal, code) {
  const options = legal.filter((a) => a.give === ctx.ui.give && a.take === code);
  if (options.some((a) => a.capture)) {
    ctx.ui.take = code;
    ctx.rerender();
    return;
  }
  const plain = options.find((a) => !a.capture);
  reset(ctx);
  if (plain) ctx.play(plain.text);
}

function capture(ctx, legal, code) {
  const a = legal.find((x) => x.give === ctx.ui.give && x.take === ctx.ui.take && (x.capture === code || (code == null && !x.capture)));
  reset(ctx);
  if (a) ctx.play(a.text);
}

function tableCards(view, ctx, legal) {
  const give = ctx.myTurn ? ctx.ui.give : null;
  const taking = ctx.ui.take;
  const forGive = give ? legal.filter((a) => a.give === give) : [];
  const goes = new Set(forGive.map((a) => a.take));
  const gami = new Set(forGive.filter((a) => a.capture).map((a) => a.take));
  return (view.table || []).map((c) => {
    const cls = ["tcard"];
    const can = give && !taking && goes.has(c);
    if (taking === c) cls.push("chosen");
    else if (can) cls.push("legal");
    else if (give) cls.push("dim");
    if (can && gami.has(c)) cls.push("gami");
    return h("button", {
      type: "button", class: cls.join(" "), disabled: !can || ctx.pending,
      dataset: { code: c, flip: `card:${c}` },
      title: can ? `Give ${cardText(give)} for ${cardText(c)}${gami.has(c) ? ": a GAMI" : ""}` : cardText(c),
      "aria-label": cardText(c) + (can ? `: take it for ${cardText(give)}${gami.has(c) ? " (GAMI)" : ""}` : ""),
      onclick: can ? () => pickTake(ctx, legal, c) : null,
    }, cardSVG(c), can && gami.has(c) ? h("span", { class: "kit-badge gold gami-tag" }, "GAMI") : null);
  });
}

function lastExchange(view, ctx) {
  const e = [...(view.log || [])].reverse().find((x) => x.type === "exchange");
  const end = (view.log || []).find((x) => x.type === "result");
  if (end) return h("div", { class: "last-move result" }, resultText(end, ctx));
  if (!e) return h("div", { class: "last-move empty" }, `${seatName(ctx, view.first)} ${s(ctx, view.first, "play")} first.`);
  return h("div", { class: "last-move" }, describe(e, ctx));
}

function center(view, ctx, legal) {
  const notes = [];
  if (view.repeats >= 2 && !view.over) {
    notes.push(h("div", { class: "kit-badge red repeat" }, `This position has come round ${view.repeats} times: a third time ends the deal`));
  }
  return [
    h("div", { class: "gami-label" }, "Table"),
    h("div", { class: "table-cards", role: "group", "aria-label": "The six table cards" }, tableCards(view, ctx, legal)),
    lastExchange(view, ctx),
    notes,
  ];
}

function opponent(view, ctx, seat, where, legal) {
  const taking = ctx.myTurn && ctx.ui.take;
  const cardsHeld = (view.hands || [])[seat] || [];
  return seatPlate(ctx, seat, {
    where, note: `${cardsHeld.length} cards`,
    children: [hand(cardsHeld, {
      active: !!taking && !ctx.pending, legal: () => true, cls: "opp-hand", label: `${seatName(ctx, seat)}'s hand`,
      onPick: taking ? (c) => capture(ctx, legal, c) : null,
      title: (c) => `Take ${cardText(c)}`,
    })],
  });
}

function message(view, ctx) {
  const toAct = view.to_act || [];
  if (view.over) return "The match is over.";
  if (ctx.seat == null) return toAct.length ? `${seatName(ctx, toAct[0])} to play` : "";
  if (!ctx.myTurn) return toAct.length ? `Waiting for ${seatName(ctx, toAct[0])}…` : "";
  if (ctx.pending) return "Playing…";
  if (ctx.ui.take) return `GAMI! Take a card from ${seatName(ctx, 1 - ctx.seat)}'s hand.`;
  if (ctx.ui.give) return `Give ${cardText(ctx.ui.give)} for a lit table card.`;
  return "Your turn: pick a card of your hand.";
}

function me(view, ctx, legal, bottom) {
  const mine = ctx.myTurn && ctx.seat === bottom;
  const held = (view.hands || [])[bottom] || [];
  const canGive = new Set(legal.map((a) => a.give));
  const taking = mine && ctx.ui.take;
  const bar = taking ? h("div", { class: "kit-chooser capture-bar", role: "group", "aria-label": "Capture" },
    h("span", { class: "kit-chooser-title" }, `${cardText(ctx.ui.give)} for ${cardText(ctx.ui.take)} makes a GAMI:`),
    h("span", {}, "click a card of your opponent's hand to take it, or"),
    h("button", { type: "button", class: "take-nothing", disabled: ctx.pending, onclick: () => capture(ctx, legal, null) }, "Take nothing"),
    h("button", { type: "button", class: "quiet", onclick: () => { reset(ctx); ctx.rerender(); } }, "Cancel")) : null;
  return [
    seatPlate(ctx, bottom, { where: "bottom", note: `${held.length} cards`,
      badges: [h("span", { class: `kit-turn ${mine ? "yours" : ""}`, role: "status" }, message(view, ctx))] }),
    bar,
    hand(held, {
      active: mine && !taking && !ctx.pending,
      legal: (c) => canGive.has(c) || "no table card goes for it",
      selected: mine && ctx.ui.give ? [ctx.ui.give] : [],
      onPick: ctx.seat === bottom ? (c) => pickGive(ctx, c) : null,
      label: ctx.seat === bottom ? "Your hand" : `${seatName(ctx, bottom)}'s hand`,
    }),
  ];
}

export function board(view, ctx) {
  const legal = (view.legal || []).map(parseAction);
  if (!ctx.myTurn || (ctx.ui.give && !legal.some((a) => a.give === ctx.ui.give))) reset(ctx);
  if (ctx.ui.take && !legal.some((a) => a.give === ctx.ui.give && a.take === ctx.ui.take)) ctx.ui.take = null;
  const places = placeSeats(2, ctx.seat ?? 0);
  return feltTable(places, (seat, where) => opponent(view, ctx, seat, where, legal), {
    cls: "gami", center: center(view, ctx, legal), me: me(view, ctx, legal, places[0].seat),
  });
}
