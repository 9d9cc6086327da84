"""The interface every bot follows. A bot sees only its seat's view and legal actions, never the state.

>>> import parlour
>>> from parlour.bots import make
>>> game = parlour.load("giacomotto")
>>> state = game.new(seed=3)
>>> seat = state.to_act[0]
>>> bot = make("random", game, seat, seed=1)
>>> bot.choose(state.view(seat), state.legal(seat)) in state.legal(seat)
True
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from .game import Action, Game
from .rng import Rng


class Bot(ABC):
    """A player program for one seat. ``seed`` makes its choices reproducible."""

    name: ClassVar[str]
    description: ClassVar[str] = ""
    #: A real-time game's bot: its typical reaction in seconds (the median time to grab a spoon, or to see a call
    #: before it starts searching), shown beside its name in the lobby and in ``parlour games`` ("reacts in about
    #: 0.35 s"). People react in about 0.7 s or more.
    reacts: ClassVar[float | None] = None

    def __init__(self, game: Game, seat: int, seed: int = 0) -> None:
        self.game = game
        self.seat = seat
        self.rng = Rng(seed)

    @classmethod
    def describe(cls, game: Game) -> str:
        """What this bot does, in words that fit ``game`` (the lobby shows them): its :attr:`description`; a bot
        that plays every game says it in the game's terms (no "deal" for Go)."""
        return cls.description

    @classmethod
    def available(cls) -> bool:
        """Whether this bot can play on this machine (a bot that drives an outside program says if it is installed)."""
        return True

    @abstractmethod
    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """One of ``legal``, chosen from what ``view`` shows."""

    def delay(self, view: dict[str, Any], action: Action) -> float:
        """Seconds this bot takes to play ``action`` (just chosen from ``view``), counted from the moment ``view``
        appeared: its reaction time in a real-time game (``Game.realtime``), where the seat that acts first wins.
        The server and ``parlour.bots.race`` play the action that much later, if it is still legal then.
        Turn-based games wait for a bot anyway: 0."""
        return 0.0


def reaction_time(rng: Rng, median: float, spread: float = 0.3, floor: float = 0.0) -> float:
    """A human-like reaction time, in seconds: log-normal around ``median``; ``spread`` is the standard deviation
    of its logarithm (0.3: about two times in three within 26% of the median). With a ``floor`` the time is that
    much plus a log-normal rest (a shifted log-normal, as people's reaction times are): never below ``floor``,
    ``median`` still its median, ``spread`` the spread of the rest.

    >>> r = Rng(1)
    >>> times = sorted(reaction_time(r, 0.5) for _ in range(1001))
    >>> 0.45 < times[500] < 0.55 and times[0] > 0.1
    True
    >>> times = sorted(reaction_time(r, 0.9, 0.5, floor=0.7) for _ in range(1001))
    >>> times[0] > 0.7 and 0.85 < times[500] < 0.95
    True
    """
    u1 = ((rng.next64() >> 11) + 1) / 2**53  # (0, 1]: the logarithm stays finite
    u2 = (rng.next64() >> 11) / 2**53
    return floor + (median - floor) * math.exp(spread * math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2))


class RandomBot(Bot):
    """Plays a uniformly random legal action: the baseline every other bot must beat."""

    name = "random"
    description = "plays any legal move at random"

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self.rng.choice(legal)
