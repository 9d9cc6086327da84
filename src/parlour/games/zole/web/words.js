// Zole in words: the log's entries, banners, and each hand's result, as Zole players say them.

import { cardText, seatName } from "/static/kit/kit.js";

export const BIDS = {
  pass: ["Pass", "let the next player choose"],
  take: ["Take the talon", "play alone as the Big one: pick up the two cards, lay away two (they count for you)"],
  zole: ["Zole", "play alone without the talon (it counts for the small ones): 4 chips more, win or lose"],
  "small zole": ["Small zole", "play alone without the talon and take no trick: 6 chips from each, or 7 to each"],
};

// What a bid does, said of another seat, then of yourself.
const BID_WORDS = {
  pass: ["passes", "pass"], take: ["takes the talon: the Big one", "take the talon: the Big one"],
  zole: ["declares Zole", "declare Zole"], "small zole": ["declares small zole", "declare small zole"],
};

export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

export function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function verb(ctx, seat, third, base) {
  return `${seatName(ctx, seat)} ${seat === ctx.seat ? base : third}`;
}

/** One log entry in words (null: not worth a line). */
export function describe(e, ctx) {
  const who = (s) => seatName(ctx, s);
  switch (e.type) {
    case "deal": {
      const out = e.active && !e.active.includes(e.dealer) ? `; ${who(e.dealer)} sits out` : "";
      const pool = e.pool ? `; the pool holds ${plural(e.pool, "chip")}` : "";
      return `Hand ${e.hand}: ${verb(ctx, e.dealer, "deals", "deal")}${out}${pool}`;
    }
    case "hand":
    case "play starts":
      return null;
    case "bid": {
      const [third, base] = BID_WORDS[e.action] || [e.action, e.action];
      return verb(ctx, e.seat, third, base);
    }
    case "talon":
      return `${verb(ctx, e.seat, "picks", "pick")} up the talon: ${e.cards.map(cardText).join(" ")}`;
    case "laid away":
      return `${verb(ctx, e.seat, "lays", "lay")} away ${e.cards.map(cardText).join(" ")}`;
    case "discard":
      return e.seat === ctx.seat ? null : `${who(e.seat)} lays away two cards`;
    case "table game":
      return "Everyone passed: the table game, everyone for himself; the most tricks loses";
    case "play":
      return `${verb(ctx, e.seat, "plays", "play")} ${cardText(e.card)}`;
    case "trick":
      return `${verb(ctx, e.winner, "takes", "take")} the trick (${plural(e.points, "point")})`;
    case "score":
      return `Hand ${e.hand}: ${summary(e, ctx)}`;
    case "pool returned":
      return `The pool goes back: ${plural(e.each, "chip")} each`;
    case "end": {
      const w = e.winners || [];
      return `Match over: ${w.map(who).join(" & ")} win${w.length === 1 && w[0] !== ctx.seat ? "s" : ""}`;
    }
    default:
      return null;
  }
}

/** A banner for a new entry: who plays alone, a table game. */
export function headline(e, ctx) {
  if (e.type === "bid" && e.action !== "pass" && BID_WORDS[e.action]) {
    const [third, base] = BID_WORDS[e.action];
    return { text: verb(ctx, e.seat, third, base), kind: "info" };
  }
  if (e.type === "table game") return { text: "Everyone passed: the table game", kind: "info" };
  return null;
}

/** A hand's result in a line, from its sheet row's detail (or its score event). */
export function summary(d, ctx) {
  const who = (s) => seatName(ctx, s);
  switch (d.mode) {
    case "all pass":
      return d.pool != null ? `everyone passed: a chip each into the pool (${plural(d.pool, "chip")})`
        : `everyone passed: a common pule is written (${d["common pules"]} open)`;
    case "pool returned":
      return "the pool goes back in equal shares";
    case "table": {
      const losers = d.losers || [];
      return `the table game: ${losers.map(who).join(" & ")} took the most tricks and pay${losers.length === 1 && losers[0] !== ctx.seat ? "s" : ""} 2 chips to each`;
    }
    case "small zole":
      return `${who(d.declarer)}'s small zole ${d.declarer_won ? "took no trick: won" : "took a trick: lost"}`;
    default: {
      const [big, small] = d.card_points || [0, 0];
      const what = d.mode === "zole" ? "Zole" : "the Big one";
      const won = d.declarer_won ? `${who(d.declarer)} win${d.declarer === ctx.seat ? "" : "s"}` : "the small ones win";
      return `${who(d.declarer)} (${what}) ${big} to ${small}: ${won}`;
    }
  }
}

/** The lines of a hand's breakdown: points, tiers, the talon and the cards laid away, the pool, the pules. */
export function breakdown(d, ctx) {
  const out = [];
  if (d.card_points) {
    out.push(["Card points", `Big one ${d.card_points[0]} · small ones ${d.card_points[1]}`]);
    if (d.laid_away_points != null) out.push(["Laid away", `${plural(d.laid_away_points, "point")}, counted for the Big one`]);
    if (d.mode === "zole") out.push(["Talon", `${plural(d.talon_points, "point")}, counted for the small ones`]);
  }
  if (d.tricks && d.declarer != null) out.push(["Tricks", `${seatName(ctx, d.declarer)} ${d.tricks[d.declarer]}`]);
  if (d.mode === "table" && d.card_points) {
    out.push(["Tricks", d.tricks.map((t, s) => `${seatName(ctx, s)} ${t}`).join(" · ")]);
  }
  if (d.per_player != null) {
    const n = Math.abs(d.per_player);
    out.push(["Chips", d.per_player > 0 ? `${plural(n, "chip")} from each to ${seatName(ctx, d.declarer)}`
      : `${plural(n, "chip")} from ${seatName(ctx, d.declarer)} to each`]);
  }
  if (d.pool_taken) out.push(["Pool", d.pool_taken.map((p, s) => (p ? `${seatName(ctx, s)} takes ${p}` : null)).filter(Boolean).join(" · ")]);
  if (d.pules && d.pules.note) out.push(["Pules", `${seatName(ctx, d.declarer)} ${d.pules.note}`]);
  return out;
}
