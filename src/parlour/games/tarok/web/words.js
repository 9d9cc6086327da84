// Tarok in words: the contracts, bonuses and kontras by name (with the Slovene a player knows them by), the log
// in sentences, and a scored deal's breakdown.

import { cardText, seatName } from "/static/kit/kit.js";

/** Contract → [English, Slovene]. */
export const CONTRACTS = {
  klop: ["Klop", "klop"],
  three: ["Three", "tri"],
  two: ["Two", "dva"],
  one: ["One", "ena"],
  "solo three": ["Solo three", "solo tri"],
  "solo two": ["Solo two", "solo dva"],
  "solo one": ["Solo one", "solo ena"],
  beggar: ["Beggar", "berač"],
  "solo without": ["Solo without", "solo brez"],
  "open beggar": ["Open beggar", "odprti berač"],
  "colour valat without": ["Colour valat without", "barvni valat brez"],
  "valat without": ["Valat without", "valat brez"],
  "colour valat": ["Colour valat", "barvni valat"],
};
export const BONUSES = {
  trula: ["Trula", "trula"],
  kings: ["Kings", "kralji"],
  "pagat ultimo": ["Pagat ultimo", "pagat ultimo"],
  "king ultimo": ["King ultimo", "kralj ultimo"],
  valat: ["Valat", "valat"],
  game: ["the game", "igra"],
};
export const KONTRAS = ["kontra", "rekontra", "subkontra", "mordkontra"];
export const SUITS = { hearts: ["♥", "srce"], diamonds: ["♦", "karo"], spades: ["♠", "pik"], clubs: ["♣", "križ"] };
const SUIT_LETTER = { hearts: "H", diamonds: "D", spades: "S", clubs: "C" };
/** How many talon cards the declarer takes, by contract. */
export const TAKE = { three: 3, two: 2, one: 1, "solo three": 3, "solo two": 2, "solo one": 1 };

export function contractName(name) {
  return (CONTRACTS[name] || [name])[0];
}

export function bonusName(name) {
  return (BONUSES[name] || [name])[0];
}

export function cap(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** The called card's code and words: {rank: "king", suit: "hearts"} → {code: "KH", text: "the king of ♥"}. */
export function calledCard(called) {
  if (!called) return null;
  return { code: `${called.rank === "queen" ? "Q" : "K"}${SUIT_LETTER[called.suit]}`,
    text: `the ${called.rank} of ${SUITS[called.suit][0]}` };
}

/** "You bid" / "Bot 1 (heuristic) bids". */
export function does(ctx, seat, third, base) {
  return seat === ctx.seat ? `You ${base}` : `${seatName(ctx, seat)} ${third}`;
}

function cards(list) {
  return (list || []).map(cardText).join(" ");
}

/** An announce-phase action in words: "announce trula" → "Trula", "rekontra game" → "Rekontra on the game". */
export function announceText(action) {
  const [verb, ...rest] = action.split(" ");
  const target = rest.join(" ");
  if (verb === "pass") return "pass";
  if (verb === "announce") return bonusName(target);
  return `${cap(verb)} on ${target === "game" ? "the game" : bonusName(target)}`;
}

/** One log entry in words. */
export function describe(e, ctx) {
  const who = e.seat != null ? seatName(ctx, e.seat) : "";
  switch (e.type) {
    case "deal": {
      const mode = e.mode === "redeal" ? " — after a hand without taroks: Klop unless someone bids Solo without or more"
        : e.mode === "klop" ? " — a compulsory Klop (a score came back to 0)" : "";
      return `Deal ${e.deal}: ${does(ctx, e.dealer, "deals", "deal")}${e.skis_round ? " (Škis round)" : ""}${mode}`;
    }
    case "hand":
      return null;
    case "no tarok":
      return `${does(ctx, e.seat, "has", "have")} no tarok (${cards(e.cards)}): the cards are dealt again`;
    case "last dealer":
      return `${does(ctx, e.seat, "holds", "hold")} the Škis: the match ends when ${e.seat === ctx.seat ? "you have" : `${who} has`} dealt`;
    case "bid": {
      const bid = e.action.split(" ").slice(1).join(" ");
      return e.action === "pass" ? does(ctx, e.seat, "passes", "pass") : `${does(ctx, e.seat, "bids", "bid")} ${contractName(bid)}`;
    }
    case "contract":
      return `${does(ctx, e.seat, "plays", "play")} ${contractName(e.action.split(" ").slice(1).join(" "))}`;
    case "declarer":
      return e.seat == null || e.seat < 0 ? "Everybody passed: Klop — take as few card points as you can"
        : `${does(ctx, e.seat, "is", "are")} the declarer: ${contractName(e.contract)}`;
    case "call": {
      const [, rank, suit] = e.action.split(" ");
      return `${does(ctx, e.seat, "calls", "call")} the ${rank} of ${SUITS[suit][0]}`;
    }
    case "talon":
      return `The talon: ${cards(e.cards)}`;
    case "take":
      return `${does(ctx, e.seat, "takes", "take")} ${cards(e.cards)} from the talon`;
    case "forfeit":
      return `${does(ctx, e.seat, "gives", "give")} up: the called king lies in the talon`;
    case "discard":
      return `${does(ctx, e.seat, "lays", "lay")} away ${e.count} card${e.count === 1 ? "" : "s"}${(e.shown || []).length ? `, showing ${cards(e.shown)}` : ""}`;
    case "laid away":
      return `You laid away ${cards(e.cards)}`;
    case "colour":
      return e.action === "contract colour valat" ? `${does(ctx, e.seat, "turns", "turn")} it into a Colour valat`
        : `${does(ctx, e.seat, "keeps", "keep")} ${contractName(e.action.split(" ").slice(1).join(" "))}`;
    case "announce":
      return e.action === "pass" ? does(ctx, e.seat, "passes", "pass")
        : e.action.startsWith("announce") ? `${does(ctx, e.seat, "announces", "announce")} ${announceText(e.action)}`
          : `${who === "You" ? "You" : who}: ${announceText(e.action)}`;
    case "play starts":
      return `${does(ctx, e.leader, "leads", "lead")} the first trick`;
    case "open hand":
      return `${e.seat === ctx.seat ? "Your" : `${who}'s`} open hand: ${cards(e.cards)}`;
    case "play":
      return `${does(ctx, e.seat, "plays", "play")} ${cardText(e.card)}${e.action === "lead emperor" ? " (the Emperor's trick)" : ""}`;
    case "trick":
      return `${does(ctx, e.winner, "takes", "take")} the trick${e.talon ? ` and the talon card ${cardText(e.talon)}` : ""}${e["rest of talon"] ? `, and the rest of the talon ${cards(e["rest of talon"])}` : ""}`;
    case "reveal":
      return `Laid away: ${cards(e["laid away"]) || "—"}; rest of the talon: ${cards(e.talon) || "—"}`;
    case "score":
      return `Deal ${e.deal}: ${summary(e, ctx)} — ${pointsLine(e.points, ctx)}`;
    case "skis round":
      return "The Škis round: the next player dealt the Škis deals the last hand";
    case "end":
      return `Match over — ${(e.winners || []).map((s) => seatName(ctx, s)).join(" and ")} win${(e.winners || []).length === 1 && e.winners[0] !== ctx.seat ? "s" : ""}`;
    default:
      return null;
  }
}

export function signed(p) {
  return p > 0 ? `+${p}` : p < 0 ? `−${-p}` : "0";
}

function pointsLine(points, ctx) {
  const moved = (points || []).map((p, s) => (p ? `${seatName(ctx, s)} ${signed(p)}` : null)).filter(Boolean);
  return moved.length ? moved.join(", ") : "no points change hands";
}

/** "Two, Bot 1 (heuristic) with You: won" / "Klop" / "Three forfeited by Ana". */
export function summary(d, ctx) {
  if (d.contract === "klop") return "Klop";
  if (d.forfeit) return `${contractName(d.contract)} given up by ${seatName(ctx, d.declarer)}`;
  const partner = d.partner != null ? ` with ${seatName(ctx, d.partner)}` : "";
  return `${contractName(d.contract)}, ${seatName(ctx, d.declarer)}${partner}: ${d.won ? "won" : "lost"}`;
}

/**
 * A scored deal's parts in Tarok terms, each [label, value]: card points and the difference, the game, each
 * bonus by name, the kontras, the wheel's doubling, the Mond penalty. `options` are the view's options.
 */
export function breakdown(d, ctx, options = {}) {
  const out = [];
  if (d.contract === "klop") {
    (d.card_points || []).forEach((p, s) => out.push([seatName(ctx, s), `${p} card points`]));
    return out;
  }
  if (d.forfeit) return [["Forfeit", "the called king lay in the talon"]];
  if (d.card_points) {
    const [ours, theirs] = d.card_points;
    out.push(["Card points", `${ours} – ${theirs}`]);
    const pointGame = ["three", "two", "one", "solo three", "solo two", "solo one"].includes(d.contract);
    if (pointGame && !(d.bonuses && "valat" in d.bonuses)) {
      let diff = Math.abs(ours - 35);
      if (options.round_difference) diff = Math.floor((diff + 2) / 5) * 5;
      out.push(["Difference", String(diff)]);
    }
  }
  if (d.game != null) out.push(["Game", signed(d.game)]);
  for (const [name, pts] of Object.entries(d.bonuses || {})) out.push([bonusName(name), signed(pts)]);
  for (const [target, level] of Object.entries(d.kontra || {})) {
    out.push([cap(level), target === "game" ? "on the game" : `on ${bonusName(target)}`]);
  }
  if (d.wheel_factor) out.push(["Wheel", `×${d.wheel_factor}`]);
  if (d.mond_lost != null) out.push(["Mond lost", `${seatName(ctx, d.mond_lost)} −21`]);
  if (d.mond_left != null) out.push(["Mond left in the talon", `${seatName(ctx, d.mond_left)} −21`]);
  return out;
}

/** Whether a scored deal hands every player a wheel: Klop, Beggar and above, or a valat. */
export function givesWheel(d) {
  if (!d.contract) return false;
  const high = ["klop", "beggar", "solo without", "open beggar", "colour valat without", "valat without", "colour valat"];
  return high.includes(d.contract) || !!(d.bonuses && "valat" in d.bonuses);
}
