// Tysiąc in words: the log entries, the banners, a scored hand's breakdown, and the score sheet with the barrel.

import { h, cardText, seatName, translator } from "/static/kit/kit.js";
import { totalsFoot } from "/games/tricks/sheet.js";

const { t, tn, tx } = await translator(import.meta.url);
export { t, tn, tx };

export const SUITS = { spades: "♠", clubs: "♣", diamonds: "♦", hearts: "♥" };

export function signed(p) {
  return p > 0 ? `+${p}` : String(p);
}

/** "Ana and Bora" in the page's language. */
function andList(names) {
  return names.reduce((a, b) => (a ? t("{a} and {b}", { a, b }) : b), "");
}

/** A scored hand in a few words: "Bot 1 made 120 with 134" / "You gave 110 up". */
export function summary(d, ctx) {
  const who = seatName(ctx, d.declarer);
  if (d.rospisat) return t("{who} gave {contract} up (Rospisat')", { who, contract: d.contract });
  const values = { who, contract: d.contract, points: (d.points || [])[d.declarer] };
  return d.made ? t("{who} made {contract} with {points}", values) : t("{who} lost {contract} with {points}", values);
}

/** What the variants did in a scored hand, as short phrases. */
export function notes(d, ctx) {
  const out = [];
  const say = (key, what) => (d[key] || []).forEach((s) => out.push(what(seatName(ctx, s))));
  say("line", (who) => t("{who} gets a line", { who }));
  say("line fine", (who) => t("{who} −120 (third line)", { who }));
  say("p fine", (who) => t("{who} −120 (third P)", { who }));
  say("on barrel", (who) => t("{who} is on the barrel", { who }));
  say("off barrel", (who) => t("{who} is off the barrel", { who }));
  say("fell off barrel", (who) => t("{who} fell off the barrel: −120", { who }));
  say("knocked off barrel", (who) => t("{who} was knocked off the barrel: −120", { who }));
  if (d.tie) out.push(t("{names} tie: play on", { names: andList(d.tie.map((s) => seatName(ctx, s))) }));
  return out;
}

/** One log entry in words (null: not worth a line). */
export function describe(e, ctx) {
  const who = e.seat != null ? seatName(ctx, e.seat) : "";
  const you = e.seat != null && e.seat === ctx.seat;
  switch (e.type) {
    case "deal":
      return e.dealer === ctx.seat ? t("Hand {n}: you deal", { n: e.deal }) : t("Hand {n}: {who} deals", { n: e.deal, who: seatName(ctx, e.dealer) });
    case "hand":
      return null;
    case "bid": {
      if (e.action === "pass") return you ? t("You pass") : t("{who} passes", { who });
      const bid = e.action.split(" ")[1];
      return you ? t("You bid {bid}", { bid }) : t("{who} bids {bid}", { who, bid });
    }
    case "declarer":
      return you ? t("You declare {bid}", { bid: e.bid }) : t("{who} declares {bid}", { who, bid: e.bid });
    case "prikup":
      return t("The prikup: {cards}", { cards: e.cards.map(cardText).join(" ") });
    case "give":
      return you ? t("You give a card face down to {to}", { to: seatName(ctx, e.to) })
        : t("{who} gives a card face down to {to}", { who, to: seatName(ctx, e.to) });
    case "given":
      return e.to === ctx.seat ? t("{who} gave you {card}", { who, card: cardText(e.card) })
        : t("You gave {card} to {to}", { card: cardText(e.card), to: seatName(ctx, e.to) });
    case "rospisat":
      return you ? t("You give the hand up: Rospisat'") : t("{who} gives the hand up: Rospisat'", { who });
    case "contract":
      if (e.contract === e.bid) return you ? t("You keep {contract}", { contract: e.contract }) : t("{who} keeps {contract}", { who, contract: e.contract });
      return you ? t("You raise to {contract}", { contract: e.contract }) : t("{who} raises to {contract}", { who, contract: e.contract });
    case "nines":
      return you ? t("You show four nines: the hand is thrown in") : t("{who} shows four nines: the hand is thrown in", { who });
    case "abandoned":
      return t("The same dealer deals again");
    case "play on":
      return you ? t("You hold four nines and play on") : t("{who} holds four nines and plays on", { who });
    case "play starts":
      return null;
    case "play":
      if (e.marriage) {
        const values = { who, suit: SUITS[e.marriage], points: e.points, card: cardText(e.card) };
        return you ? t("You declare {suit} {points} with {card}: {suit} are trumps", values)
          : t("{who} declares {suit} {points} with {card}: {suit} are trumps", values);
      }
      return `${who}: ${cardText(e.card)}`;
    case "trick":
      return e.winner === ctx.seat ? t("You take the trick ({points})", { points: e.points })
        : t("{who} takes the trick ({points})", { who: seatName(ctx, e.winner), points: e.points });
    case "score": {
      const rows = (e.row || []).map((p, s) => `${seatName(ctx, s)} ${signed(p)}`).join(", ");
      return [t("Hand {n}: {summary} — {rows}", { n: e.deal, summary: summary(e, ctx), rows }), ...notes(e, ctx)].join("; ");
    }
    case "end": {
      const winners = e.winners || [];
      if (winners.length === 1 && winners[0] === ctx.seat) return t("Match over — you win");
      return tn("Match over — {names} wins", "Match over — {names} win", winners.length,
        { names: winners.map((s) => seatName(ctx, s)).join(" & ") });
    }
    default:
      return null;
  }
}

/** A banner for what matters: the contract, a marriage, the four nines, a Rospisat'. */
export function headline(e, ctx) {
  const who = seatName(ctx, e.seat);
  switch (e.type) {
    case "declarer":
      return `${who}: ${e.bid}`;
    case "contract":
      return e.contract > e.bid ? { text: t("{who} raises to {contract}", { who, contract: e.contract }), kind: "info" } : null;
    case "play":
      return e.marriage ? { text: t("{who}: {suit} {points} — {suit} are trumps", { who, suit: SUITS[e.marriage], points: e.points }),
        kind: e.seat === ctx.seat ? "good" : "info" } : null;
    case "nines":
      return { text: t("{who} shows four nines: dealt again", { who }), kind: "info" };
    case "rospisat":
      return { text: `${who}: Rospisat'`, kind: "info" };
    default:
      return null;
  }
}

/** The score sheet: a column per player, a row per hand, the totals with the barrel boxed, lines and P marks. */
export function sheet(view, ctx) {
  const s = view.sheet;
  if (!s) return null;
  const seats = Array.from({ length: view.players }, (_, i) => i);
  const mine = (i) => (i === ctx.seat ? "mine" : "");
  const body = [];
  (s.rows || []).forEach((r, k) => {
    const d = r.detail || {};
    if (d.declarer == null) {
      // named in its line, where it has the table's width, not in the narrow first column
      body.push(h("tr", { class: "row" }, h("th", { scope: "row", title: sheetLabel(r.label) }, String(k + 1)),
        (r.points || []).map((p, i) => h("td", { class: mine(i) }, signed(p)))),
      h("tr", { class: "detail" }, h("td", { colspan: view.players + 1 }, sheetLabel(r.label))));
      return;
    }
    body.push(
      h("tr", { class: `row${d.made === true ? " won" : d.made === false ? " lost" : ""}` },
        h("th", { scope: "row", title: sheetLabel(r.label) }, String(k + 1)),
        (r.points || []).map((p, i) => h("td", { class: mine(i) }, i === d.declarer && d.rospisat ? "P" : p ? signed(p) : "·"))),
      h("tr", { class: "detail" }, h("td", { colspan: view.players + 1 }, summary(d, ctx),
        notes(d, ctx).map((n) => ` · ${n}`))));
  });
  const marks = (i) => {
    const out = [];
    if ((view.lines || [])[i] && (view.options || {}).lines) out.push("—".repeat(view.lines[i]));
    if ((view.ps || [])[i] && (view.options || {}).rospisat) out.push("P".repeat(view.ps[i]));
    return out.length ? h("span", { class: "marks" }, out.join(" ")) : null;
  };
  const total = (i) => {
    const text = String((s.totals || [])[i] ?? 0);
    const b = (view.barrel || [])[i];
    return b == null ? text : h("span", { class: "barrel", title: tn("on the barrel: {n} hand left to win a contract of 120 or more",
      "on the barrel: {n} hands left to win a contract of 120 or more", 3 - b) }, text);
  };
  return h("section", { class: "panel sheet trick-sheet tysiac-sheet", "aria-label": t("Score sheet") },
    h("h2", {}, t("Score sheet · first to 1000")),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col", title: t("Hand") }, "#"), seats.map((i) => {
        const [, name, level] = /^(.*?)( \([^)]*\))?$/.exec(seatName(ctx, i));
        return h("th", { scope: "col", class: mine(i), title: seatName(ctx, i) }, name, level ? h("small", {}, level) : null);
      }))),
      h("tbody", {}, body),
      totalsFoot(t("Total"), seats.map((i) => h("td", { class: mine(i) }, total(i), marks(i))))));
}

/** A sheet row's label ("deal 3") in the page's language. */
function sheetLabel(label) {
  const m = /^deal (\d+)$/.exec(label);
  return m ? t("hand {n}", { n: m[1] }) : label;
}
