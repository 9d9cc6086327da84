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

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from .game import Action, Game
from .rng import Rng


class Bot(ABC):
    """A player program for one seat. ``seed`` makes its choices reproducible."""

    name: ClassVar[str]
    description: ClassVar[str] = ""

    def __init__(self, game: Game, seat: int, seed: int = 0) -> None:
        self.game = game
        self.seat = seat
        self.rng = Rng(seed)

    @classmethod
    def available(cls) -> bool:
        """Whether this bot can play on this machine (a bot that drives an outside program says if it is installed)."""
        return True

    @abstractmethod
    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """One of ``legal``, chosen from what ``view`` shows."""


class RandomBot(Bot):
    """Plays a uniformly random legal action: the baseline every other bot must beat."""

    name = "random"
    description = "plays any legal move at random"

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self.rng.choice(legal)
