"""Claw bots: they search the spread for the called card, taking a level-dependent time, and now and then misread.

A bot knows the table from its view, but it plays like a person: it looks over the cards in a random order, a
level-dependent time per card, and claims the called card when its eye falls on it. That time is its reaction
(``Bot.delay``): the server plays the claim that much later if the call is still open. Now and then (its
``slip``) it misreads and claims a card of the same rank instead — and sits out two calls. In the contest it
tugs at its level's pace; as the caller it calls after a moment.

>>> import parlour
>>> from parlour.bots import play_match
>>> game = parlour.load("claw", players=3)
>>> state, _ = play_match(game, [BOTS[b](game, s, seed=s) for s, b in enumerate(["sharp", "steady", "random"])],
...                       seed=5, record=False)
>>> state.over, state.scores[2] < min(state.scores[:2])
(True, True)
"""

from __future__ import annotations

from typing import Any, ClassVar

from parlour.core.bot import Bot, reaction_time
from parlour.core.cards import Card

from .actions import CALL, ClawAction


class ClawBot(Bot):
    """Looks the spread over card by card until it sees the called card; claims it."""

    name = "sharp"
    description = "finds the called card fast (about 40 ms a card looked at), misreads one call in fifty"
    #: Seconds to look at one card; seconds before it starts looking; chance of claiming a look-alike.
    per_card: ClassVar[float] = 0.04
    start: ClassVar[float] = 0.3
    slip: ClassVar[float] = 0.02
    #: Median seconds between two tugs in the contest, and to call a card as the caller.
    tug_median: ClassVar[float] = 0.18
    call_median: ClassVar[float] = 0.8

    def __init__(self, game: Any, seat: int, seed: int = 0) -> None:
        super().__init__(game, seat, seed)
        self._looked = 0

    def choose(self, view: dict[str, Any], legal: list[ClawAction]) -> ClawAction:  # type: ignore[override]
        first = legal[0]
        if first == CALL or first.kind == "tug":
            return first
        wanted = Card.parse(view["card"])
        spread = [Card.parse(c) for c, *_ in view["spread"]]
        # where its eye falls on the card: the card's place in a random order of the spread
        order = list(range(len(spread)))
        self.rng.shuffle(order)
        self._looked = next((i for i, j in enumerate(order) if spread[j] == wanted), len(spread)) + 1
        if self.rng.below(1000) < self.slip * 1000:
            alike = [c for c in spread if c % 13 == wanted % 13 and c != wanted]
            if alike:
                wanted = self.rng.choice(alike)
        return next(a for a in legal if a.card == wanted)

    def delay(self, view: dict[str, Any], action: ClawAction) -> float:  # type: ignore[override]
        if action == CALL:
            return reaction_time(self.rng, self.call_median)
        if action.kind == "tug":
            return reaction_time(self.rng, self.tug_median, 0.2)
        return reaction_time(self.rng, self.start) + self._looked * self.per_card * reaction_time(self.rng, 1.0, 0.15)


class SteadyBot(ClawBot):
    name = "steady"
    description = "finds the called card at an easy pace (about 90 ms a card looked at), misreads one call in twenty"
    per_card, start, slip, tug_median, call_median = 0.09, 0.5, 0.05, 0.3, 1.2


class SleepyBot(ClawBot):
    name = "sleepy"
    description = "looks slowly (about 180 ms a card): a person finds most cards first"
    per_card, start, slip, tug_median, call_median = 0.18, 0.8, 0.08, 0.45, 1.8


class RandomClawBot(Bot):
    """Claims any card on the table at random, at a person's pace (the baseline the others must beat)."""

    name = "random"
    description = "claims any card at random after about a second"

    def choose(self, view: dict[str, Any], legal: list[ClawAction]) -> ClawAction:  # type: ignore[override]
        return self.rng.choice(legal)

    def delay(self, view: dict[str, Any], action: ClawAction) -> float:  # type: ignore[override]
        return reaction_time(self.rng, 1.0)


BOTS: dict[str, type[Bot]] = {b.name: b for b in (ClawBot, SteadyBot, SleepyBot, RandomClawBot)}
