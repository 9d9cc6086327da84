// Tarok in words: the contracts, bonuses and kontras by name (in the page's language, with the Slovene a player
// knows them by beside them), the log in sentences, and a scored deal's breakdown.

import { cardText, seatName, translator, lang, N_ } from "/static/kit/kit.js";

const { t, tn, tp } = await translator(import.meta.url);

/** Contract → [its name in English (translated where shown), its Slovene name]. */
export const CONTRACTS = {
  klop: [N_("Klop"), "klop"],
  three: [N_("Three"), "tri"],
  two: [N_("Two"), "dva"],
  one: [N_("One"), "ena"],
  "solo three": [N_("Solo three"), "solo tri"],
  "solo two": [N_("Solo two"), "solo dva"],
  "solo one": [N_("Solo one"), "solo ena"],
  beggar: [N_("Beggar"), "berač"],
  "solo without": [N_("Solo without"), "solo brez"],
  "open beggar": [N_("Open beggar"), "odprti berač"],
  "colour valat without": [N_("Colour valat without"), "barvni valat brez"],
  "valat without": [N_("Valat without"), "valat brez"],
  "colour valat": [N_("Colour valat"), "barvni valat"],
};
export const BONUSES = {
  trula: [N_("Trula"), "trula"],
  kings: [N_("Kings"), "kralji"],
  "pagat ultimo": [N_("Pagat ultimo"), "pagat ultimo"],
  "king ultimo": [N_("King ultimo"), "kralj ultimo"],
  valat: [N_("Valat"), "valat"],
  game: [N_("the game"), "igra"],
};
export const KONTRAS = ["kontra", "rekontra", "subkontra", "mordkontra"];
const KONTRA_NAMES = { kontra: N_("Kontra"), rekontra: N_("Rekontra"), subkontra: N_("Subkontra"), mordkontra: N_("Mordkontra") };
export const SUITS = { hearts: ["♥", "srce"], diamonds: ["♦", "karo"], spades: ["♠", "pik"], clubs: ["♣", "križ"] };
const SUIT_LETTER = { hearts: "H", diamonds: "D", spades: "S", clubs: "C" };
/** How many talon cards the declarer takes, by contract. */
export const TAKE = { three: 3, two: 2, one: 1, "solo three": 3, "solo two": 2, "solo one": 1 };

export { t, tn, tp };

export function contractName(name) {
  return CONTRACTS[name] ? t(CONTRACTS[name][0]) : name;
}

/** The Slovene name to show small beside the contract's, or null when the page already says it (in Slovenian). */
export function sloveneName(name) {
  const [en, sl] = CONTRACTS[name] || BONUSES[name] || [name, ""];
  return sl && lang !== "sl" && sl !== t(en).toLowerCase() ? sl : null;
}

export function bonusName(name) {
  return BONUSES[name] ? t(BONUSES[name][0]) : name;
}

/** "kontra" → "Kontra" (the same word in every language Tarok is played in). */
export function kontraName(level) {
  return KONTRA_NAMES[level] ? t(KONTRA_NAMES[level]) : level;
}

export function cap(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** The called card's code and words: {rank: "king", suit: "hearts"} → {code: "KH", text: "the king of ♥"}. */
export function calledCard(called) {
  if (!called) return null;
  const suit = SUITS[called.suit][0];
  return { code: `${called.rank === "queen" ? "Q" : "K"}${SUIT_LETTER[called.suit]}`,
    text: called.rank === "queen" ? t("the queen of {suit}", { suit }) : t("the king of {suit}", { suit }) };
}

function cards(list) {
  return (list || []).map(cardText).join(" ");
}

/** What a bonus or kontra is on: "on the game", "on Trula". */
function onTarget(target) {
  return target === "game" ? t("on the game") : t("on {bonus}", { bonus: bonusName(target) });
}

/** An announce-phase action in words: "announce trula" → "Trula", "rekontra game" → "Rekontra on the game". */
export function announceText(action) {
  const [verb, ...rest] = action.split(" ");
  const target = rest.join(" ");
  if (verb === "pass") return t("pass");
  if (verb === "announce") return bonusName(target);
  return `${kontraName(verb)} ${onTarget(target)}`;
}

/** One log entry in words. */
export function describe(e, ctx) {
  const who = e.seat != null ? seatName(ctx, e.seat) : "";
  const you = e.seat != null && e.seat === ctx.seat;
  switch (e.type) {
    case "deal": {
      const dealer = e.dealer === ctx.seat ? t("Deal {deal}: you deal", { deal: e.deal })
        : t("Deal {deal}: {who} deals", { deal: e.deal, who: seatName(ctx, e.dealer) });
      const skis = e.skis_round ? ` (${t("Škis round")})` : "";
      const mode = e.mode === "redeal" ? ` — ${t("after a hand without taroks: Klop unless someone bids Solo without or more")}`
        : e.mode === "klop" ? ` — ${t("a compulsory Klop (a score came back to 0)")}` : "";
      return dealer + skis + mode;
    }
    case "hand":
      return null;
    case "no tarok":
      return you ? t("You have no tarok ({cards}): the cards are dealt again", { cards: cards(e.cards) })
        : t("{who} has no tarok ({cards}): the cards are dealt again", { who, cards: cards(e.cards) });
    case "last dealer":
      return you ? t("You hold the Škis: the match ends when you have dealt")
        : t("{who} holds the Škis: the match ends when {who} has dealt", { who });
    case "bid": {
      const bid = e.action.split(" ").slice(1).join(" ");
      if (e.action === "pass") return you ? t("You pass") : t("{who} passes", { who });
      return you ? t("You bid {contract}", { contract: contractName(bid) }) : t("{who} bids {contract}", { who, contract: contractName(bid) });
    }
    case "contract": {
      const contract = contractName(e.action.split(" ").slice(1).join(" "));
      return you ? t("You play {contract}", { contract }) : t("{who} plays {contract}", { who, contract });
    }
    case "declarer":
      if (e.seat == null || e.seat < 0) return t("Everybody passed: Klop — take as few card points as you can");
      return you ? t("You are the declarer: {contract}", { contract: contractName(e.contract) })
        : t("{who} is the declarer: {contract}", { who, contract: contractName(e.contract) });
    case "call": {
      const [, rank, suit] = e.action.split(" ");
      const card = calledCard({ rank, suit }).text;
      return you ? t("You call {card}", { card }) : t("{who} calls {card}", { who, card });
    }
    case "talon":
      return t("The talon: {cards}", { cards: cards(e.cards) });
    case "take":
      return you ? t("You take {cards} from the talon", { cards: cards(e.cards) })
        : t("{who} takes {cards} from the talon", { who, cards: cards(e.cards) });
    case "forfeit":
      return you ? t("You give up: the called king lies in the talon") : t("{who} gives up: the called king lies in the talon", { who });
    case "discard": {
      const shown = (e.shown || []).length ? cards(e.shown) : null;
      if (you) {
        return shown ? tn("You lay away {n} card, showing {shown}", "You lay away {n} cards, showing {shown}", e.count, { shown })
          : tn("You lay away {n} card", "You lay away {n} cards", e.count);
      }
      return shown ? tn("{who} lays away {n} card, showing {shown}", "{who} lays away {n} cards, showing {shown}", e.count, { who, shown })
        : tn("{who} lays away {n} card", "{who} lays away {n} cards", e.count, { who });
    }
    case "laid away":
      return t("You laid away {cards}", { cards: cards(e.cards) });
    case "colour": {
      if (e.action === "contract colour valat") {
        return you ? t("You turn it into a Colour valat") : t("{who} turns it into a Colour valat", { who });
      }
      const contract = contractName(e.action.split(" ").slice(1).join(" "));
      return you ? t("You keep {contract}", { contract }) : t("{who} keeps {contract}", { who, contract });
    }
    case "announce":
      if (e.action === "pass") return you ? t("You pass") : t("{who} passes", { who });
      if (e.action.startsWith("announce")) {
        const bonus = announceText(e.action);
        return you ? t("You announce {bonus}", { bonus }) : t("{who} announces {bonus}", { who, bonus });
      }
      return `${who}: ${announceText(e.action)}`;
    case "play starts":
      return e.leader === ctx.seat ? t("You lead the first trick") : t("{who} leads the first trick", { who: seatName(ctx, e.leader) });
    case "open hand":
      return you ? t("Your open hand: {cards}", { cards: cards(e.cards) }) : t("{who}'s open hand: {cards}", { who, cards: cards(e.cards) });
    case "play": {
      const card = cardText(e.card);
      if (e.action === "lead emperor") {
        return you ? t("You play {card} (the Emperor's trick)", { card }) : t("{who} plays {card} (the Emperor's trick)", { who, card });
      }
      return you ? t("You play {card}", { card }) : t("{who} plays {card}", { who, card });
    }
    case "trick": {
      const mine = e.winner === ctx.seat;
      const winner = seatName(ctx, e.winner);
      let line = mine ? t("You take the trick") : t("{who} takes the trick", { who: winner });
      if (e.talon) line = mine ? t("You take the trick and the talon card {card}", { card: cardText(e.talon) })
        : t("{who} takes the trick and the talon card {card}", { who: winner, card: cardText(e.talon) });
      if (e["rest of talon"]) line += `, ${t("and the rest of the talon {cards}", { cards: cards(e["rest of talon"]) })}`;
      return line;
    }
    case "reveal":
      return t("Laid away: {laid}; rest of the talon: {talon}", { laid: cards(e["laid away"]) || "—", talon: cards(e.talon) || "—" });
    case "score":
      return t("Deal {deal}: {summary} — {points}", { deal: e.deal, summary: summary(e, ctx), points: pointsLine(e.points, ctx) });
    case "skis round":
      return t("The Škis round: the next player dealt the Škis deals the last hand");
    case "end": {
      const winners = e.winners || [];
      if (winners.length === 1 && winners[0] === ctx.seat) return t("Match over — you win");
      return tn("Match over — {names} wins", "Match over — {names} win", winners.length,
        { names: andList(winners.map((s) => seatName(ctx, s))) });
    }
    default:
      return null;
  }
}

/** ["Ana", "Bora", "Cene"] → "Ana and Bora and Cene" in the page's language. */
export function andList(names) {
  return names.reduce((a, b) => (a ? t("{a} and {b}", { a, b }) : b), "");
}

export function signed(p) {
  return p > 0 ? `+${p}` : p < 0 ? `−${-p}` : "0";
}

function pointsLine(points, ctx) {
  const moved = (points || []).map((p, s) => (p ? `${seatName(ctx, s)} ${signed(p)}` : null)).filter(Boolean);
  return moved.length ? moved.join(", ") : t("no points change hands");
}

/** "Two, Bot 1 (heuristic) with You: won" / "Klop" / "Three given up by Ana". */
export function summary(d, ctx) {
  if (d.contract === "klop") return t("Klop");
  const contract = contractName(d.contract);
  const declarer = seatName(ctx, d.declarer);
  if (d.forfeit) return t("{contract} given up by {who}", { contract, who: declarer });
  if (d.partner != null) {
    const values = { contract, who: declarer, partner: seatName(ctx, d.partner) };
    return d.won ? t("{contract}, {who} with {partner}: won", values) : t("{contract}, {who} with {partner}: lost", values);
  }
  return d.won ? t("{contract}, {who}: won", { contract, who: declarer }) : t("{contract}, {who}: lost", { contract, who: declarer });
}

/**
 * A scored deal's parts in Tarok terms, each [label, value]: card points and the difference, the game, each
 * bonus by name, the kontras, the wheel's doubling, the Mond penalty. `options` are the view's options.
 */
export function breakdown(d, ctx, options = {}) {
  const out = [];
  if (d.contract === "klop") {
    (d.card_points || []).forEach((p, s) => out.push([seatName(ctx, s), tn("{n} card point", "{n} card points", p)]));
    return out;
  }
  if (d.forfeit) return [[t("Forfeit"), t("the called king lay in the talon")]];
  if (d.card_points) {
    const [ours, theirs] = d.card_points;
    out.push([t("Card points"), `${ours} – ${theirs}`]);
    const pointGame = ["three", "two", "one", "solo three", "solo two", "solo one"].includes(d.contract);
    if (pointGame && !(d.bonuses && "valat" in d.bonuses)) {
      let diff = Math.abs(ours - 35);
      if (options.round_difference) diff = Math.floor((diff + 2) / 5) * 5;
      out.push([t("Difference"), String(diff)]);
    }
  }
  if (d.game != null) out.push([tp("score", "Game"), signed(d.game)]);
  for (const [name, pts] of Object.entries(d.bonuses || {})) out.push([bonusName(name), signed(pts)]);
  for (const [target, level] of Object.entries(d.kontra || {})) out.push([kontraName(level), onTarget(target)]);
  if (d.wheel_factor) out.push([t("Wheel"), `×${d.wheel_factor}`]);
  if (d.mond_lost != null) out.push([t("Mond lost"), `${seatName(ctx, d.mond_lost)} −21`]);
  if (d.mond_left != null) out.push([t("Mond left in the talon"), `${seatName(ctx, d.mond_left)} −21`]);
  return out;
}

/** Whether a scored deal hands every player a wheel: Klop, Beggar and above, or a valat. */
export function givesWheel(d) {
  if (!d.contract) return false;
  const high = ["klop", "beggar", "solo without", "open beggar", "colour valat without", "valat without", "colour valat"];
  return high.includes(d.contract) || !!(d.bonuses && "valat" in d.bonuses);
}
