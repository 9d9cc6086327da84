// Tysiąc in words: the log entries, the banners, a scored hand's breakdown, and the score sheet with the barrel.

import { h, cardText, seatName } from "/static/kit/kit.js";

export const SUITS = { spades: "♠", clubs: "♣", diamonds: "♦", hearts: "♥" };

export function signed(p) {
  return p > 0 ? `+${p}` : String(p);
}

/** A scored hand in a few words: "Bot 1 made 120 with 134" / "You gave 110 up". */
export function summary(d, ctx) {
  const who = seatName(ctx, d.declarer);
  if (d.rospisat) return `${who} gave ${d.contract} up (Rospisat')`;
  const pts = (d.points || [])[d.declarer];
  return `${who} ${d.made ? "made" : "lost"} ${d.contract} with ${pts}`;
}

/** What the variants did in a scored hand, as short phrases. */
export function notes(d, ctx) {
  const out = [];
  const say = (key, what) => (d[key] || []).forEach((s) => out.push(`${seatName(ctx, s)} ${what}`));
  say("line", "gets a line");
  say("line fine", "−120 (third line)");
  say("p fine", "−120 (third P)");
  say("on barrel", "is on the barrel");
  say("off barrel", "is off the barrel");
  say("fell off barrel", "fell off the barrel: −120");
  say("knocked off barrel", "was knocked off the barrel: −120");
  if (d.tie) out.push(`${d.tie.map((s) => seatName(ctx, s)).join(" and ")} tie: play on`);
  return out;
}

/** One log entry in words (null: not worth a line). */
export function describe(e, ctx) {
  const who = e.seat != null ? seatName(ctx, e.seat) : "";
  switch (e.type) {
    case "deal":
      return `Hand ${e.deal}: ${seatName(ctx, e.dealer)} deal${e.dealer === ctx.seat ? "" : "s"}`;
    case "hand":
      return null;
    case "bid":
      return e.action === "pass" ? `${who} pass${e.seat === ctx.seat ? "" : "es"}` : `${who} bid${e.seat === ctx.seat ? "" : "s"} ${e.action.split(" ")[1]}`;
    case "declarer":
      return `${who} declare${e.seat === ctx.seat ? "" : "s"} ${e.bid}`;
    case "prikup":
      return `The prikup: ${e.cards.map(cardText).join(" ")}`;
    case "give":
      return `${who} give${e.seat === ctx.seat ? "" : "s"} a card face down to ${seatName(ctx, e.to)}`;
    case "given":
      return e.to === ctx.seat ? `${who} gave you ${cardText(e.card)}` : `You gave ${cardText(e.card)} to ${seatName(ctx, e.to)}`;
    case "rospisat":
      return `${who} give${e.seat === ctx.seat ? "" : "s"} the hand up: Rospisat'`;
    case "contract":
      return e.contract === e.bid ? `${who} keep${e.seat === ctx.seat ? "" : "s"} ${e.contract}` : `${who} raise${e.seat === ctx.seat ? "" : "s"} to ${e.contract}`;
    case "nines":
      return `${who} show${e.seat === ctx.seat ? "" : "s"} four nines: the hand is thrown in`;
    case "abandoned":
      return "The same dealer deals again";
    case "play on":
      return `${who} hold${e.seat === ctx.seat ? "" : "s"} four nines and play${e.seat === ctx.seat ? "" : "s"} on`;
    case "play starts":
      return null;
    case "play":
      if (e.marriage) return `${who} declare${e.seat === ctx.seat ? "" : "s"} ${SUITS[e.marriage]} ${e.points} with ${cardText(e.card)}: ${e.marriage} are trumps`;
      return `${who}: ${cardText(e.card)}`;
    case "trick":
      return `${seatName(ctx, e.winner)} take${e.winner === ctx.seat ? "" : "s"} the trick (${e.points})`;
    case "score": {
      const rows = (e.row || []).map((p, s) => `${seatName(ctx, s)} ${signed(p)}`).join(", ");
      return [`Hand ${e.deal}: ${summary(e, ctx)} — ${rows}`, ...notes(e, ctx)].join("; ");
    }
    case "end":
      return `Match over — ${(e.winners || []).map((s) => seatName(ctx, s)).join(" & ")} win${(e.winners || []).length === 1 && e.winners[0] !== ctx.seat ? "s" : ""}`;
    default:
      return null;
  }
}

/** A banner for what matters: the contract, a marriage, the four nines, a Rospisat'. */
export function headline(e, ctx) {
  switch (e.type) {
    case "declarer":
      return `${seatName(ctx, e.seat)}: ${e.bid}`;
    case "contract":
      return e.contract > e.bid ? { text: `${seatName(ctx, e.seat)} raises to ${e.contract}`, kind: "info" } : null;
    case "play":
      return e.marriage ? { text: `${seatName(ctx, e.seat)}: ${SUITS[e.marriage]} ${e.points} — ${e.marriage} are trumps`, kind: e.seat === ctx.seat ? "good" : "info" } : null;
    case "nines":
      return { text: `${seatName(ctx, e.seat)} shows four nines: dealt again`, kind: "info" };
    case "rospisat":
      return { text: `${seatName(ctx, e.seat)}: Rospisat'`, kind: "info" };
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
      body.push(h("tr", { class: "row" }, h("th", { scope: "row" }, r.label), (r.points || []).map((p, i) => h("td", { class: mine(i) }, signed(p)))));
      return;
    }
    body.push(
      h("tr", { class: `row${d.made === true ? " won" : d.made === false ? " lost" : ""}` },
        h("th", { scope: "row", title: r.label }, String(k + 1)),
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
    const t = String((s.totals || [])[i] ?? 0);
    const b = (view.barrel || [])[i];
    return b == null ? t : h("span", { class: "barrel", title: `on the barrel: ${3 - b} hand${3 - b === 1 ? "" : "s"} left to win a contract of 120 or more` }, t);
  };
  return h("section", { class: "panel sheet tysiac-sheet", "aria-label": "Score sheet" },
    h("h2", {}, "Score sheet · first to 1000"),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Hand"), seats.map((i) => h("th", { scope: "col", class: mine(i) }, seatName(ctx, i))))),
      h("tbody", {}, body),
      h("tfoot", {}, h("tr", { class: "totals" }, h("th", { scope: "row" }, "Total"),
        seats.map((i) => h("td", { class: mine(i) }, total(i), marks(i)))))));
}
