// The memory games in words: one log line per event, and a banner for what matters (a knock, a snap, a wrong
// snap, a swap that touched your cards, the end of a round). Slots are numbered as the moves number them (from 0).
// Every sentence comes in two: the one said to you, and the one said of another player ({who}).

import { cardText, seatName, translator, N_ } from "/static/kit/kit.js";

const { t } = await translator(import.meta.url);

/** One of two sentences: the one for you, or the one for another player ({who} filled in). */
export function said(ctx, seat, you, them, values = {}) {
  return seat === ctx.seat ? t(you, values) : t(them, { ...values, who: seatName(ctx, seat) });
}

/** "your slot 2" / "Ana's slot 2" for a [seat, slot] place; "their slot 2" when `by` (another seat) owns it. */
export function place(ctx, [owner, slot], by = null) {
  if (owner === by && owner !== ctx.seat) return t("their slot {slot}", { slot });
  return owner === ctx.seat ? t("your slot {slot}", { slot }) : t("{who}'s slot {slot}", { who: seatName(ctx, owner), slot });
}

/** Names joined: "Ana", "Ana and Bo", "Ana, Bo and Cy". */
export function names(ctx, seats) {
  const all = seats.map((s) => seatName(ctx, s));
  if (all.length < 2) return all.join("");
  return t("{a} and {b}", { a: all.slice(0, -1).join(", "), b: all[all.length - 1] });
}

const RESULT = { valid: N_("it matches!"), wrong: N_("wrong card: a penalty card"), late: N_("too late: the card goes back") };

/** One log entry in words, or null for what the table shows anyway. */
export function describe(e, ctx) {
  const s = e.seat;
  const say = (you, them, values) => said(ctx, s, you, them, values);
  switch (e.type) {
    case "round": {
      const start = said(ctx, e.dealer, N_("Round {round}: you deal"), N_("Round {round}: {who} deals"), { round: e.round });
      return (e.discard || []).length ? t("{start}; the discard starts with {cards}", { start, cards: e.discard.map(cardText).join(" ") }) : start;
    }
    case "ready": return say(N_("You are ready"), N_("{who} is ready"));
    case "draw": return say(N_("You draw from the stock"), N_("{who} draws from the stock"));
    case "take": return say(N_("You take the discard into slot {slot}; out goes {card}"), N_("{who} takes the discard into slot {slot}; out goes {card}"), { slot: e.slot, card: cardText(e.out) });
    case "swap": return say(N_("You put the drawn card in slot {slot}; out goes {card}"), N_("{who} puts the drawn card in slot {slot}; out goes {card}"), { slot: e.slot, card: cardText(e.out) });
    case "discard": return say(N_("You discard {card}"), N_("{who} discards {card}"), { card: cardText(e.card) });
    case "flip": return say(N_("You turn up slot {slot}: {card}"), N_("{who} turns up slot {slot}: {card}"), { slot: e.slot, card: cardText(e.card) });
    case "knock": return say(N_("You knock: everyone else has one more turn"), N_("{who} knocks: everyone else has one more turn"));
    case "out": return say(N_("You turn up the last card: everyone else has one more turn"), N_("{who} turns up the last card: everyone else has one more turn"));
    case "pass": return null;
    case "snap": {
      const snapped = say(N_("You snap {place}"), N_("{who} snaps {place}"), { place: place(ctx, e.place, s) })
        + (e.card ? ` (${cardText(e.card)})` : "");
      return RESULT[e.result] ? `${snapped} — ${t(RESULT[e.result])}` : snapped;
    }
    case "penalty": return say(N_("You take a penalty card into slot {slot}"), N_("{who} takes a penalty card into slot {slot}"), { slot: e.slot });
    case "give": return say(N_("You move slot {slot} into {place}"), N_("{who} moves slot {slot} into {place}"), { slot: e.slot, place: place(ctx, e.to) });
    case "stay": return say(N_("You leave the gap empty"), N_("{who} leaves the gap empty"));
    case "peek": return say(N_("You look at your slot {slot}"), N_("{who} looks at their slot {slot}"), { slot: e.slot });
    case "spy": return say(N_("You look at {place}"), N_("{who} looks at {place}"), { place: place(ctx, e.place) });
    case "jack": return say(N_("You swap slot {slot} with {place}, unseen"), N_("{who} swaps slot {slot} with {place}, unseen"), { slot: e.slot, place: place(ctx, e.place) });
    case "look": return say(N_("You look at slot {slot} and {place}"), N_("{who} looks at slot {slot} and {place}"), { slot: e.slot, place: place(ctx, e.place) });
    case "trade": return say(N_("You trade the two cards"), N_("{who} trades the two cards"));
    case "keep": return say(N_("You leave the two cards where they are"), N_("{who} leaves the two cards where they are"));
    case "skip": return say(N_("You skip the power"), N_("{who} skips the power"));
    case "sweep": return say(N_("You sweep column {column}: {cards}"), N_("{who} sweeps column {column}: {cards}"), { column: e.column, cards: (e.cards || []).map(cardText).join(" ") });
    case "empty": return say(N_("You have no card left: the round ends"), N_("{who} has no card left: the round ends"));
    case "reshuffle": return t("The discard pile is shuffled into a new stock ({n} cards)", { n: e.cards });
    case "stock-empty": return t("The stock is empty: the round ends");
    case "timeout": return t("Time is up");
    case "reveal": return null;
    case "score":
      return t("Round {round}: {points}", { round: e.round, points: (e.points || []).map((p, i) => `${seatName(ctx, i)} ${p}`).join(", ") });
    case "end": {
      const w = e.winners || [];
      if (w.length === 1) return said(ctx, w[0], N_("Match over — you win"), N_("Match over — {who} wins"));
      return t("Match over — {names} win", { names: names(ctx, w) });
    }
    default:
      return null;
  }
}

/** A banner for the events a player must not miss. */
export function headline(e, ctx) {
  const s = e.seat;
  const mine = (p) => p && p[0] === ctx.seat;
  const say = (you, them, values) => said(ctx, s, you, them, values);
  switch (e.type) {
    case "knock": return { text: say(N_("You knock! One more turn each"), N_("{who} knocks! One more turn each")), kind: "info" };
    case "out": return { text: say(N_("You turn up the last card: one more turn each"), N_("{who} turns up the last card: one more turn each")), kind: "info" };
    case "snap":
      if (e.result === "valid") return { text: say(N_("Snap! You throw {place}"), N_("Snap! {who} throws {place}"), { place: place(ctx, e.place, s) }), kind: "good" };
      if (e.result === "wrong") return { text: say(N_("Wrong snap! You take a penalty card"), N_("Wrong snap! {who} takes a penalty card")), kind: "bad" };
      return s === ctx.seat ? { text: t("Too late: your card goes back"), kind: "info" } : null;
    case "jack":
      return mine(e.place) ? { text: t("{who} swapped a card with your slot {slot}", { who: seatName(ctx, s), slot: e.place[1] }), kind: "bad" } : null;
    case "trade": {
      const look = ((ctx.view && ctx.view.log) || []).filter((x) => x.type === "look" && x.seat === s).pop();
      return look && mine(look.place) ? { text: t("{who} traded a card with your slot {slot}", { who: seatName(ctx, s), slot: look.place[1] }), kind: "bad" } : null;
    }
    case "give":
      return mine(e.to) ? { text: t("{who} gave you a card: slot {slot}", { who: seatName(ctx, s), slot: e.to[1] }), kind: "info" } : null;
    case "sweep": return { text: say(N_("You sweep a column!"), N_("{who} sweeps a column!")), kind: "good" };
    case "empty": return { text: say(N_("You have no card left!"), N_("{who} has no card left!")), kind: "good" };
    case "round": {
      const score = ((ctx.view && ctx.view.previous) || []).find((x) => x.type === "score");
      if (!score) return { text: t("Round {round}", { round: e.round }), kind: "info" };
      const low = Math.min(...score.points);
      const best = score.points.map((p, i) => (p === low ? i : -1)).filter((i) => i >= 0);
      return { text: t("Round {round}: lowest {names} with {points}", { round: score.round, names: names(ctx, best), points: low }), kind: "good" };
    }
    default:
      return null;
  }
}
