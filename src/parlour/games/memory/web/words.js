// The memory games in words: one log line per event, and a banner for what matters (a knock, a snap, a wrong
// snap, a swap that touched your cards, the end of a round). Slots are numbered as the moves number them (from 0).

import { cardText, seatName } from "/static/kit/kit.js";

/** "You draw" / "Ana draws": the seat's name and the verb that agrees with it. */
export function does(ctx, seat, verb, base) {
  return seat === ctx.seat ? `You ${base}` : `${seatName(ctx, seat)} ${verb}`;
}

/** "your" / "Ana's". */
export function whose(ctx, seat) {
  return seat === ctx.seat ? "your" : `${seatName(ctx, seat)}'s`;
}

/** "your slot 2" / "Ana's slot 2" for a [seat, slot] place; "their slot 2" when `by` (another seat) owns it. */
export function place(ctx, [owner, slot], by = null) {
  if (owner === by && owner !== ctx.seat) return `their slot ${slot}`;
  return `${whose(ctx, owner)} slot ${slot}`;
}

const RESULT = { valid: " — it matches!", wrong: " — wrong card: a penalty card", late: " — too late: the card goes back" };

/** One log entry in words, or null for what the table shows anyway. */
export function describe(e, ctx) {
  const s = e.seat;
  switch (e.type) {
    case "round":
      return `Round ${e.round}: ${does(ctx, e.dealer, "deals", "deal")}`
        + ((e.discard || []).length ? `; the discard starts with ${e.discard.map(cardText).join(" ")}` : "");
    case "ready": return `${does(ctx, s, "is", "are")} ready`;
    case "draw": return `${does(ctx, s, "draws", "draw")} from the stock`;
    case "take": return `${does(ctx, s, "takes", "take")} the discard into slot ${e.slot}; out goes ${cardText(e.out)}`;
    case "swap": return `${does(ctx, s, "puts", "put")} the drawn card in slot ${e.slot}; out goes ${cardText(e.out)}`;
    case "discard": return `${does(ctx, s, "discards", "discard")} ${cardText(e.card)}`;
    case "flip": return `${does(ctx, s, "turns", "turn")} up slot ${e.slot}: ${cardText(e.card)}`;
    case "knock": return `${does(ctx, s, "knocks", "knock")}: everyone else has one more turn`;
    case "out": return `${does(ctx, s, "turns", "turn")} up the last card: everyone else has one more turn`;
    case "pass": return null;
    case "snap":
      return `${does(ctx, s, "snaps", "snap")} ${place(ctx, e.place, s)}${e.card ? ` (${cardText(e.card)})` : ""}${RESULT[e.result] || ""}`;
    case "penalty": return `${does(ctx, s, "takes", "take")} a penalty card into slot ${e.slot}`;
    case "give": return `${does(ctx, s, "moves", "move")} slot ${e.slot} into ${place(ctx, e.to)}`;
    case "stay": return `${does(ctx, s, "leaves", "leave")} the gap empty`;
    case "peek": return `${does(ctx, s, "looks", "look")} at ${s === ctx.seat ? "your" : "their"} slot ${e.slot}`;
    case "spy": return `${does(ctx, s, "looks", "look")} at ${place(ctx, e.place)}`;
    case "jack": return `${does(ctx, s, "swaps", "swap")} slot ${e.slot} with ${place(ctx, e.place)}, unseen`;
    case "look": return `${does(ctx, s, "looks", "look")} at slot ${e.slot} and ${place(ctx, e.place)}`;
    case "trade": return `${does(ctx, s, "trades", "trade")} the two cards`;
    case "keep": return `${does(ctx, s, "leaves", "leave")} the two cards where they are`;
    case "skip": return `${does(ctx, s, "skips", "skip")} the power`;
    case "sweep": return `${does(ctx, s, "sweeps", "sweep")} column ${e.column}: ${(e.cards || []).map(cardText).join(" ")}`;
    case "empty": return `${does(ctx, s, "has", "have")} no card left: the round ends`;
    case "reshuffle": return `The discard pile is shuffled into a new stock (${e.cards} cards)`;
    case "stock-empty": return "The stock is empty: the round ends";
    case "timeout": return "Time is up";
    case "reveal": return null;
    case "score":
      return `Round ${e.round}: ${(e.points || []).map((p, i) => `${seatName(ctx, i)} ${p}`).join(", ")}`;
    case "end":
      return `Match over — ${(e.winners || []).map((w) => seatName(ctx, w)).join(" and ")} `
        + `win${(e.winners || []).length === 1 && e.winners[0] !== ctx.seat ? "s" : ""}`;
    default:
      return null;
  }
}

/** A banner for the events a player must not miss. */
export function headline(e, ctx) {
  const s = e.seat;
  const mine = (p) => p && p[0] === ctx.seat;
  switch (e.type) {
    case "knock": return { text: `${does(ctx, s, "knocks", "knock")}! One more turn each`, kind: "info" };
    case "out": return { text: `${does(ctx, s, "turns", "turn")} up the last card: one more turn each`, kind: "info" };
    case "snap":
      if (e.result === "valid") return { text: `Snap! ${does(ctx, s, "throws", "throw")} ${place(ctx, e.place, s)}`, kind: "good" };
      if (e.result === "wrong") return { text: `Wrong snap! ${does(ctx, s, "takes", "take")} a penalty card`, kind: "bad" };
      return s === ctx.seat ? { text: "Too late: your card goes back", kind: "info" } : null;
    case "jack":
      return mine(e.place) ? { text: `${seatName(ctx, s)} swapped a card with your slot ${e.place[1]}`, kind: "bad" } : null;
    case "trade": {
      const look = ((ctx.view && ctx.view.log) || []).filter((x) => x.type === "look" && x.seat === s).pop();
      return look && mine(look.place) ? { text: `${seatName(ctx, s)} traded a card with your slot ${look.place[1]}`, kind: "bad" } : null;
    }
    case "give":
      return mine(e.to) ? { text: `${seatName(ctx, s)} gave you a card: slot ${e.to[1]}`, kind: "info" } : null;
    case "sweep": return { text: `${does(ctx, s, "sweeps", "sweep")} a column!`, kind: "good" };
    case "empty": return { text: `${does(ctx, s, "has", "have")} no card left!`, kind: "good" };
    case "round": {
      const score = ((ctx.view && ctx.view.previous) || []).find((x) => x.type === "score");
      if (!score) return { text: `Round ${e.round}`, kind: "info" };
      const low = Math.min(...score.points);
      const best = score.points.map((p, i) => (p === low ? i : -1)).filter((i) => i >= 0);
      return { text: `Round ${score.round}: lowest ${best.map((i) => seatName(ctx, i)).join(" and ")} with ${low}`, kind: "good" };
    }
    default:
      return null;
  }
}
