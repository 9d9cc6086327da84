// Zole in words: the log's entries, banners, and each hand's result, as Zole players say them (in Latvian:
// Lielais, mazie, zole, mazā zole, galdiņš, garām).

import { cardText, seatName, translator, N_ } from "/static/kit/kit.js";

const { t, tn, tp } = await translator(import.meta.url);
export { t, tn, tp };

/** Each bid: [its name, what it does]. */
export const BIDS = {
  pass: [N_("Pass"), N_("let the next player choose")],
  take: [N_("Take the talon"), N_("play alone as the Big one: pick up the two cards, lay away two (they count for you)")],
  zole: [N_("Zole"), N_("play alone without the talon (it counts for the small ones): 4 chips more, win or lose")],
  "small zole": [N_("Small zole"), N_("play alone without the talon and take no trick: 6 chips from each, or 7 to each")],
};

/** A bid's name and what it does, in the page's language: ["Pass", "let the next player choose"]. */
export function bidWords(action) {
  return BIDS[action] ? [t(BIDS[action][0]), t(BIDS[action][1])] : [action, action];
}

/** What a bid does, said of a seat ("Bot 1 declares Zole") or of yourself ("You declare Zole"). */
function bidLine(ctx, seat, action) {
  const who = seatName(ctx, seat);
  const you = seat === ctx.seat;
  switch (action) {
    case "pass": return you ? t("You pass") : t("{who} passes", { who });
    case "take": return you ? t("You take the talon: the Big one") : t("{who} takes the talon: the Big one", { who });
    case "zole": return you ? t("You declare Zole") : t("{who} declares Zole", { who });
    case "small zole": return you ? t("You declare small zole") : t("{who} declares small zole", { who });
    default: return `${who}: ${action}`;
  }
}

export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

const chips = (n) => tn("{n} chip", "{n} chips", n);
const points = (n) => tn("{n} point", "{n} points", n);
/** ["Ana", "Bora"] → "Ana & Bora". */
const both = (names) => names.join(" & ");

/** One log entry in words (null: not worth a line). */
export function describe(e, ctx) {
  const who = (s) => seatName(ctx, s);
  const you = e.seat != null && e.seat === ctx.seat;
  const cards = (list) => (list || []).map(cardText).join(" ");
  switch (e.type) {
    case "deal": {
      let line = e.dealer === ctx.seat ? t("Hand {n}: you deal", { n: e.hand }) : t("Hand {n}: {who} deals", { n: e.hand, who: who(e.dealer) });
      if (e.active && !e.active.includes(e.dealer)) {
        line += `; ${e.dealer === ctx.seat ? t("you sit out") : t("{who} sits out", { who: who(e.dealer) })}`;
      }
      if (e.pool) line += `; ${tn("the pool holds {n} chip", "the pool holds {n} chips", e.pool)}`;
      return line;
    }
    case "hand":
    case "play starts":
      return null;
    case "bid":
      return bidLine(ctx, e.seat, e.action);
    case "talon":
      return you ? t("You pick up the talon: {cards}", { cards: cards(e.cards) })
        : t("{who} picks up the talon: {cards}", { who: who(e.seat), cards: cards(e.cards) });
    case "laid away":
      return you ? t("You lay away {cards}", { cards: cards(e.cards) })
        : t("{who} lays away {cards}", { who: who(e.seat), cards: cards(e.cards) });
    case "discard":
      return you ? null : t("{who} lays away two cards", { who: who(e.seat) });
    case "table game":
      return t("Everyone passed: the table game, everyone for himself; the most tricks loses");
    case "play":
      return you ? t("You play {card}", { card: cardText(e.card) }) : t("{who} plays {card}", { who: who(e.seat), card: cardText(e.card) });
    case "trick":
      return e.winner === ctx.seat ? t("You take the trick ({points})", { points: points(e.points) })
        : t("{who} takes the trick ({points})", { who: who(e.winner), points: points(e.points) });
    case "score":
      return t("Hand {n}: {summary}", { n: e.hand, summary: summary(e, ctx) });
    case "pool returned":
      return tn("The pool goes back: {n} chip each", "The pool goes back: {n} chips each", e.each);
    case "end": {
      const w = e.winners || [];
      if (w.length === 1 && w[0] === ctx.seat) return t("Match over: you win");
      return tn("Match over: {names} wins", "Match over: {names} win", w.length, { names: both(w.map(who)) });
    }
    default:
      return null;
  }
}

/** A banner for a new entry: who plays alone, a table game. */
export function headline(e, ctx) {
  if (e.type === "bid" && e.action !== "pass" && BIDS[e.action]) return { text: bidLine(ctx, e.seat, e.action), kind: "info" };
  if (e.type === "table game") return { text: t("Everyone passed: the table game"), kind: "info" };
  return null;
}

/** A hand's result in a line, from its sheet row's detail (or its score event). */
export function summary(d, ctx) {
  const who = (s) => seatName(ctx, s);
  switch (d.mode) {
    case "all pass":
      return d.pool != null ? t("everyone passed: a chip each into the pool ({chips})", { chips: chips(d.pool) })
        : t("everyone passed: a common pule is written ({n} open)", { n: d["common pules"] });
    case "pool returned":
      return t("the pool goes back in equal shares");
    case "table": {
      const losers = d.losers || [];
      if (losers.length === 1 && losers[0] === ctx.seat) return t("the table game: you took the most tricks and pay 2 chips to each");
      return tn("the table game: {names} took the most tricks and pays 2 chips to each",
        "the table game: {names} took the most tricks and pay 2 chips to each", losers.length, { names: both(losers.map(who)) });
    }
    case "small zole":
      return d.declarer_won ? t("{who}'s small zole took no trick: won", { who: who(d.declarer) })
        : t("{who}'s small zole took a trick: lost", { who: who(d.declarer) });
    default: {
      const [big, small] = d.card_points || [0, 0];
      const values = { who: who(d.declarer), big, small };
      if (!d.declarer_won) {
        return d.mode === "zole" ? t("{who} (Zole) {big} to {small}: the small ones win", values)
          : t("{who} (the Big one) {big} to {small}: the small ones win", values);
      }
      if (d.declarer === ctx.seat) {
        return d.mode === "zole" ? t("You (Zole) {big} to {small}: you win", values)
          : t("You (the Big one) {big} to {small}: you win", values);
      }
      return d.mode === "zole" ? t("{who} (Zole) {big} to {small}: {who} wins", values)
        : t("{who} (the Big one) {big} to {small}: {who} wins", values);
    }
  }
}

/** The lines of a hand's breakdown: points, tiers, the talon and the cards laid away, the pool, the pules. */
export function breakdown(d, ctx) {
  const out = [];
  if (d.card_points) {
    out.push([t("Card points"), t("Big one {big} · small ones {small}", { big: d.card_points[0], small: d.card_points[1] })]);
    if (d.laid_away_points != null) out.push([t("Laid away"), t("{points}, counted for the Big one", { points: points(d.laid_away_points) })]);
    if (d.mode === "zole") out.push([t("Talon"), t("{points}, counted for the small ones", { points: points(d.talon_points) })]);
  }
  if (d.tricks && d.declarer != null) out.push([t("Tricks"), `${seatName(ctx, d.declarer)} ${d.tricks[d.declarer]}`]);
  if (d.mode === "table" && d.card_points) {
    out.push([t("Tricks"), d.tricks.map((n, s) => `${seatName(ctx, s)} ${n}`).join(" · ")]);
  }
  if (d.per_player != null) {
    const n = Math.abs(d.per_player);
    const values = { who: seatName(ctx, d.declarer) };
    out.push([t("Chips"), d.per_player > 0 ? tn("{n} chip from each to {who}", "{n} chips from each to {who}", n, values)
      : tn("{n} chip from {who} to each", "{n} chips from {who} to each", n, values)]);
  }
  if (d.pool_taken) {
    out.push([t("Pool"), d.pool_taken.map((p, s) => (p ? t("{who} takes {n}", { who: seatName(ctx, s), n: p }) : null))
      .filter(Boolean).join(" · ")]);
  }
  if (d.pules && d.pules.note) out.push([t("Pules"), `${seatName(ctx, d.declarer)} ${pulesNote(d.pules.note)}`]);
  return out;
}

// The engine's words for what happened to a pule (scoring.py `settle_pules`), in the page's language.
const PULE_NOTES = {
  "takes back his own personal pule": N_("takes back his own personal pule"),
  "takes a common pule": N_("takes a common pule"),
  "gets a personal pule": N_("gets a personal pule"),
};

function pulesNote(note) {
  const m = /^takes seat (\d+)'s personal pule$/.exec(note);
  if (m) return t("takes seat {n}'s personal pule", { n: m[1] });
  return PULE_NOTES[note] ? t(PULE_NOTES[note]) : note;
}
