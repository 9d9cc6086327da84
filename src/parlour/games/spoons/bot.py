"""Spoons bots: they collect the rank they hold most of and grab a spoon after a human-like reaction time.

Every level plays the same cards: it grabs whenever it may, keeps the rank it holds most of, and passes a card
of a rank it holds fewest of (a random one among equals). The levels differ in speed — how long they take to
pass a card and to see that a spoon was taken or that they hold four of a kind — drawn from a log-normal
distribution around each level's median (``core.bot.reaction_time``). ``steady``, the level people are seated
against, reacts as people do: never under 0.7 s to grab (about 0.9 s), a second a card; ``sharp`` is faster than
people. A slow bot still grabs, only later. ``random`` passes any card and grabs only when it happens to pick the
grab, at a relaxed pace.

>>> import parlour
>>> from parlour.bots import play_match
>>> game = parlour.load("spoons", players=3, word="O")
>>> state, _ = play_match(game, [BOTS["sharp"](game, s, seed=s) for s in range(3)], seed=5, record=False)
>>> state.over
True
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from parlour.core.bot import Bot, reaction_time
from parlour.core.cards import Card

from .actions import GRAB, SpoonsAction


class SpoonsBot(Bot):
    """Keeps its biggest set, passes from its smallest, grabs as soon as it may."""

    name = "sharp"
    description = "faster than people: keeps its biggest set of a rank, about half a second a card, a third to grab"
    reacts = 0.35
    #: Median seconds to pass a card on, and to grab a spoon once it may; the least time either takes (0: none).
    pass_median: ClassVar[float] = 0.5
    grab_median: ClassVar[float] = 0.35
    pass_floor: ClassVar[float] = 0.0
    grab_floor: ClassVar[float] = 0.0
    #: The spread of the log-normal part of each time (see ``reaction_time``).
    spread: ClassVar[float] = 0.3

    def choose(self, view: dict[str, Any], legal: list[SpoonsAction]) -> SpoonsAction:  # type: ignore[override]
        if GRAB in legal:
            return GRAB
        hand = [Card.parse(c) for c in view["hand"]]
        ranks = Counter(c % 13 for c in hand)
        fewest = min(ranks.values())
        candidates = sorted({c for c in hand if ranks[c % 13] == fewest})
        card = self.rng.choice(candidates)
        return next(a for a in legal if a == card)

    def delay(self, view: dict[str, Any], action: SpoonsAction) -> float:  # type: ignore[override]
        if action == GRAB:
            return reaction_time(self.rng, self.grab_median, self.spread, self.grab_floor)
        return reaction_time(self.rng, self.pass_median, self.spread, self.pass_floor)


class SteadyBot(SpoonsBot):
    """The same play at a person's pace: the level people are seated against."""

    name = "steady"
    description = ("as quick as people: the same play, about a second a card, 0.9 s to grab and never under 0.7 s "
                   "(the default)")
    reacts = 0.9
    pass_median, pass_floor = 1.0, 0.5
    grab_median, grab_floor = 0.9, 0.7
    spread = 0.5


class SleepyBot(SpoonsBot):
    """The same play, slowly: a person can beat it to the spoons."""

    name = "sleepy"
    description = "the same play, slowly: about two seconds a card, one and a half to grab"
    reacts = 1.5
    pass_median, pass_floor = 2.0, 1.0
    grab_median, grab_floor = 1.5, 1.0
    spread = 0.4


class RandomSpoonsBot(Bot):
    """Any legal action at random, at a relaxed pace (the baseline the others must beat)."""

    name = "random"
    description = "passes any card and grabs only by chance, about a second an action"
    reacts = 1.0

    def choose(self, view: dict[str, Any], legal: list[SpoonsAction]) -> SpoonsAction:  # type: ignore[override]
        return self.rng.choice(legal)

    def delay(self, view: dict[str, Any], action: SpoonsAction) -> float:  # type: ignore[override]
        return reaction_time(self.rng, 1.0)


BOTS: dict[str, type[Bot]] = {b.name: b for b in (SpoonsBot, SteadyBot, SleepyBot, RandomSpoonsBot)}
