// Gami at the table: both hands open — your opponent's across the felt, yours along the bottom — and the six
// exchange cards in the middle.
// Play: click a card of your hand; the table cards it may go for light up (a "GAMI" tag on those that would make
// one); click one. If the card you pick up makes a GAMI, click the card to take from your opponent's hand, or
// "Take nothing".
// Actions on the wire: "exchange 4H 3H" (give 4H from the hand, pick up 3H), "exchange 4H 3H take 5C".

import { h, cardSVG, cardText, seatName, placeSeats, feltTable, seatPlate, hand, translator } from "/static/kit/kit.js";

const { t, tn } = await translator(import.meta.url);

export const styles = ["table.css"];
export const ownsLegal = true;

const WHY = {
  "stuck": (loser, you) => (you ? t("you have no exchange to make") : t("{loser} has no exchange to make", { loser })),
  "two cards": (loser, you) => (you ? t("you are down to two cards") : t("{loser} is down to two cards", { loser })),
  "repetition": () => t("the same position came round a third time"),
  "move cap": () => t("the deal reached its last exchange"),
};

/** "exchange 4H 3H take 5C" → {text, give: "4H", take: "3H", capture: "5C"} (capture null when none). */
export function parseAction(text) {
  const w = String(text).trim().split(/\s+/);
  return { text, give: w[1], take: w[2], capture: w[3] === "take" ? w[4] : null };
}

const cards = (codes) => (codes || []).map(cardText).join(" ");

export function title() {
  return "Gami";
}

export function info(view) {
  const o = view.options || {};
  const parts = [o.games > 1 ? t("deal {n} of {games}", { n: view.deal, games: o.games }) : t("deal {n}", { n: view.deal })];
  if (!view.over) parts.push(t("exchange {n} of {max}", { n: view.plies + 1, max: o.max_plies }));
  return parts.join(" · ");
}

/** How a deal ended, in words: "You win the deal: Bot 1 has no exchange to make (You 15 cards, Bot 1 3)." */
export function resultText(e, ctx) {
  const loser = e.winner == null ? null : 1 - e.winner;
  const why = WHY[e.reason](seatName(ctx, loser), loser === ctx.seat);
  const verdict = e.winner == null ? t("The deal is drawn") : e.winner === ctx.seat ? t("You win the deal")
    : t("{who} wins the deal", { who: seatName(ctx, e.winner) });
  const held = (e.cards || []).map((n, seat) => `${seatName(ctx, seat)} ${n}`).join(", ");
  return t("{verdict}: {why} (cards: {held}).", { verdict, why, held });
}

export function describe(e, ctx) {
  const who = e.seat != null ? seatName(ctx, e.seat) : "";
  const you = e.seat != null && e.seat === ctx.seat;
  switch (e.type) {
    case "deal":
      return e.first === ctx.seat ? t("Deal {n}: you play first; on the table {cards}", { n: e.deal, cards: cards(e.table) })
        : t("Deal {n}: {who} plays first; on the table {cards}", { n: e.deal, who: seatName(ctx, e.first), cards: cards(e.table) });
    case "exchange": {
      const values = { who, gave: cardText(e.gave), took: cardText(e.took) };
      let text = you ? t("You give {gave} for {took}", values) : t("{who} gives {gave} for {took}", values);
      if (e.gami) {
        text += ` — GAMI ${cards(e.gami[0])}, `;
        const taken = { card: cardText(e.captured), from: seatName(ctx, 1 - e.seat) };
        if (e.captured) {
          text += you ? t("you take {card} from {from}", taken)
            : 1 - e.seat === ctx.seat ? t("takes {card} from you", taken) : t("takes {card} from {from}", taken);
        }
        else text += you ? t("you take nothing") : t("takes nothing");
      }
      return text;
    }
    case "result":
      return resultText(e, ctx);
    case "end": {
      const w = e.winners || [];
      if (w.length !== 1) return t("Match over: shared.");
      return w[0] === ctx.seat ? t("Match over: you win.") : t("Match over: {who} wins.", { who: seatName(ctx, w[0]) });
    }
    default:
      return null;
  }
}

export function headline(e, ctx) {
  const kind = (seat) => (ctx.seat == null ? "info" : seat === ctx.seat ? "good" : "bad");
  if (e.type === "exchange" && e.captured) {
    return { text: e.seat === ctx.seat ? t("GAMI! You take {card}", { card: cardText(e.captured) })
      : t("GAMI! {who} takes {card}", { who: seatName(ctx, e.seat), card: cardText(e.captured) }), kind: kind(e.seat) };
  }
  if (e.type === "result") {
    return { text: e.winner == null ? t("A drawn deal") : e.winner === ctx.seat ? t("You win the deal")
      : t("{who} wins the deal", { who: seatName(ctx, e.winner) }), kind: e.winner == null ? "info" : kind(e.winner) };
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
    return [h("tr", { class: "row" }, h("th", { scope: "row" }, t("Deal {n}", { n: i + 1 })),
      r.points.map((p, seat) => h("td", { class: mine(seat) }, String(p)))),
    h("tr", { class: "detail" }, h("td", { colspan: 3 }, line))];
  });
  return h("section", { class: "panel sheet", "aria-label": t("Score sheet") }, h("h3", {}, t("Score sheet")),
    h("p", { class: "muted" }, t("A deal won is 2 points, a drawn deal 1 each.")),
    h("table", {}, h("thead", {}, head),
      h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: 3, class: "muted" }, t("No deal finished yet.")))),
      h("tfoot", {}, h("tr", { class: "totals" }, h("th", { scope: "row" }, t("Total")),
        (sh.totals || []).map((total, seat) => h("td", { class: mine(seat) }, String(total)))))));
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
      title: can ? (gami.has(c) ? t("Give {gave} for {took}: a GAMI", { gave: cardText(give), took: cardText(c) })
        : t("Give {gave} for {took}", { gave: cardText(give), took: cardText(c) })) : cardText(c),
      "aria-label": can ? (gami.has(c) ? t("{took}: take it for {gave} (GAMI)", { took: cardText(c), gave: cardText(give) })
        : t("{took}: take it for {gave}", { took: cardText(c), gave: cardText(give) })) : cardText(c),
      onclick: can ? () => pickTake(ctx, legal, c) : null,
    }, cardSVG(c), can && gami.has(c) ? h("span", { class: "kit-badge gold gami-tag" }, "GAMI") : null);
  });
}

function lastExchange(view, ctx) {
  const e = [...(view.log || [])].reverse().find((x) => x.type === "exchange");
  const end = (view.log || []).find((x) => x.type === "result");
  if (end) return h("div", { class: "last-move result" }, resultText(end, ctx));
  if (!e) {
    return h("div", { class: "last-move empty" }, view.first === ctx.seat ? t("You play first.")
      : t("{who} plays first.", { who: seatName(ctx, view.first) }));
  }
  return h("div", { class: "last-move" }, describe(e, ctx));
}

function center(view, ctx, legal) {
  const notes = [];
  if (view.repeats >= 2 && !view.over) {
    notes.push(h("div", { class: "kit-badge red repeat" },
      tn("This position has come round {n} time: a third time ends the deal",
        "This position has come round {n} times: a third time ends the deal", view.repeats)));
  }
  return [
    h("div", { class: "gami-label" }, t("Table")),
    h("div", { class: "table-cards", role: "group", "aria-label": t("The six table cards") }, tableCards(view, ctx, legal)),
    lastExchange(view, ctx),
    notes,
  ];
}

function opponent(view, ctx, seat, where, legal) {
  const taking = ctx.myTurn && ctx.ui.take;
  const cardsHeld = (view.hands || [])[seat] || [];
  return seatPlate(ctx, seat, {
    where, note: tn("{n} card", "{n} cards", cardsHeld.length),
    children: [hand(cardsHeld, {
      active: !!taking && !ctx.pending, legal: () => true, cls: "opp-hand", label: t("{who}'s hand", { who: seatName(ctx, seat) }),
      onPick: taking ? (c) => capture(ctx, legal, c) : null,
      title: (c) => t("Take {card}", { card: cardText(c) }),
    })],
  });
}

function message(view, ctx) {
  const toAct = view.to_act || [];
  if (view.over) return t("The match is over.");
  if (ctx.seat == null) return toAct.length ? t("{who} to play", { who: seatName(ctx, toAct[0]) }) : "";
  if (!ctx.myTurn) return toAct.length ? t("Waiting for {names}…", { names: seatName(ctx, toAct[0]) }) : "";
  if (ctx.pending) return t("Playing…");
  if (ctx.ui.take) return t("GAMI! Take a card from {who}'s hand.", { who: seatName(ctx, 1 - ctx.seat) });
  if (ctx.ui.give) return t("Give {card} for a lit table card.", { card: cardText(ctx.ui.give) });
  return t("Your turn: pick a card of your hand.");
}

function me(view, ctx, legal, bottom) {
  const mine = ctx.myTurn && ctx.seat === bottom;
  const held = (view.hands || [])[bottom] || [];
  const canGive = new Set(legal.map((a) => a.give));
  const taking = mine && ctx.ui.take;
  const bar = taking ? h("div", { class: "kit-chooser capture-bar", role: "group", "aria-label": t("Capture") },
    h("span", { class: "kit-chooser-title" }, t("{gave} for {took} makes a GAMI:", { gave: cardText(ctx.ui.give), took: cardText(ctx.ui.take) })),
    h("span", {}, t("click a card of your opponent's hand to take it, or")),
    h("button", { type: "button", class: "take-nothing", disabled: ctx.pending, onclick: () => capture(ctx, legal, null) }, t("Take nothing")),
    h("button", { type: "button", class: "quiet", onclick: () => { reset(ctx); ctx.rerender(); } }, t("Cancel"))) : null;
  return [
    seatPlate(ctx, bottom, { where: "bottom", note: tn("{n} card", "{n} cards", held.length),
      badges: [h("span", { class: `kit-turn ${mine ? "yours" : ""}`, role: "status" }, message(view, ctx))] }),
    bar,
    hand(held, {
      active: mine && !taking && !ctx.pending,
      legal: (c) => canGive.has(c) || t("no table card goes for it"),
      selected: mine && ctx.ui.give ? [ctx.ui.give] : [],
      onPick: ctx.seat === bottom ? (c) => pickGive(ctx, c) : null,
      label: ctx.seat === bottom ? t("Your hand") : t("{who}'s hand", { who: seatName(ctx, bottom) }),
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

/**
 * The element(s) to click now towards the legal action `text` (contract B of issue 25: a lesson highlights them):
 * your card to give, then the table card to pick up, then (after a GAMI) the card to take from your opponent's
 * hand or "Take nothing".
 */
export function lessonTargets(text, view, ctx) {
  const root = document.getElementById("board") || document;
  const all = (sel) => [...root.querySelectorAll(sel)].slice(0, 1);
  const a = parseAction(text);
  const ui = ctx.ui || {};
  if (ui.give !== a.give) return all(`.kit-hand:not(.opp-hand) [data-code="${a.give}"]`);
  if (ui.take !== a.take) return all(`.table-cards [data-code="${a.take}"]`);
  return a.capture ? all(`.opp-hand [data-code="${a.capture}"]`) : all(".take-nothing");
}
