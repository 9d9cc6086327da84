"""Claw bots: they search the spread for the called card, taking a level-dependent time, and now and then misread.

A bot knows the table from its view, but it plays like a person: it sees the call after a moment, looks over the
cards in a random order, a level-dependent time per card, and claims the called card when its eye falls on it.
That time is its reaction (``Bot.delay``): the server plays the claim that much later if the call is still open.
So a full table takes longer than a bare one. ``steady``, the level people are seated against, searches at a
person's pace: it sees a call after 0.7 s at the least (about 0.9 s), then looks at about twelve cards a second;
``sharp`` is faster than people. Now and then (its ``slip``) it misreads and claims a card of the same rank
instead — and sits out two calls. In the contest it tugs at its level's pace; as the caller it calls after a moment.

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
    description = "faster than people: finds the called card at about 40 ms a card looked at, misreads one call in fifty"
    #: Median seconds before it starts looking, and the least (0: none); seconds to look at one card; chance of
    #: claiming a look-alike.
    start: ClassVar[float] = 0.3
    start_floor: ClassVar[float] = 0.0
    per_card: ClassVar[float] = 0.04
    slip: ClassVar[float] = 0.02
    #: Median seconds between two tugs in the contest, and to call a card as the caller.
    tug_median: ClassVar[float] = 0.18
    call_median: ClassVar[float] = 0.8
    reacts = start

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
        seen = reaction_time(self.rng, self.start, 0.5 if self.start_floor else 0.3, self.start_floor)
        return seen + self._looked * self.per_card * reaction_time(self.rng, 1.0, 0.15)


class SteadyBot(ClawBot):
    """The same search at a person's pace: the level people are seated against."""

    name = "steady"
    description = ("as quick as people: sees a call in 0.9 s (never under 0.7 s), then looks at about twelve cards "
                   "a second; misreads one call in twenty (the default)")
    start, start_floor, per_card, slip, tug_median, call_median = 0.9, 0.7, 0.08, 0.05, 0.3, 1.2
    reacts = start


class SleepyBot(ClawBot):
    name = "sleepy"
    description = "looks slowly (about 160 ms a card, after more than a second): a person finds most cards first"
    start, start_floor, per_card, slip, tug_median, call_median = 1.3, 1.0, 0.16, 0.08, 0.45, 1.8
    reacts = start


class RandomClawBot(Bot):
    """Claims any card on the table at random, at a person's pace (the baseline the others must beat)."""

    name = "random"
    description = "claims any card at random after about a second"
    reacts = 1.0

    def choose(self, view: dict[str, Any], legal: list[ClawAction]) -> ClawAction:  # type: ignore[override]
        return self.rng.choice(legal)

    def delay(self, view: dict[str, Any], action: ClawAction) -> float:  # type: ignore[override]
        return reaction_time(self.rng, 1.0)


BOTS: dict[str, type[Bot]] = {b.name: b for b in (ClawBot, SteadyBot, SleepyBot, RandomClawBot)}
