"""What the game-agnostic search bots share: a thinking budget, levels, the bot's memory, the hooks.

A budget is a time per move (``50ms``, ``300ms``, ``2s``), a number of iterations (worlds for PIMC, iterations
for ISMCTS), or both (whichever ends first). Each search bot comes in three levels by name, ``-fast`` (50 ms),
the plain name (300 ms, what a person happily waits) and ``-deep`` (2 s); any other budget is written after
an ``@``, which :func:`parlour.bots.make` reads: ``pimc@1s``, ``ismcts@500`` (iterations: a series that
replays exactly whatever the machine's load), ``pimc@64+2s``.

>>> [str(budget(text)) for text in ("300ms", "2s", "64", "2s+64")]
['300ms', '2s', '64', '64+2s']
>>> budget("64+2s")
Budget(seconds=2.0, iterations=64)
>>> budget("fast")
Traceback (most recent call last):
...
parlour.core.errors.BadOption: cannot read the budget 'fast': write a time (50ms, 2s), ...
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any, ClassVar

from parlour.core.bot import Bot
from parlour.core.errors import BadOption
from parlour.core.game import Action, Game

from .hooks import SearchHooks, hooks_for

#: The levels every search bot has: name suffix, seconds per move, what the lobby says.
LEVELS = (("-fast", 0.05, "50 ms a move"), ("", 0.3, "300 ms a move"), ("-deep", 2.0, "2 s a move"))


@dataclass(frozen=True)
class Budget:
    """How long a search bot thinks per move: seconds, iterations, or both (the first reached ends it)."""

    seconds: float | None = 0.3
    iterations: int | None = None

    def deadline(self, start: float) -> float:
        return start + self.seconds if self.seconds is not None else float("inf")

    def __str__(self) -> str:
        parts = [str(self.iterations)] if self.iterations is not None else []
        if self.seconds is not None:
            parts.append(f"{self.seconds:g}s" if self.seconds >= 1 else f"{1000 * self.seconds:g}ms")
        return "+".join(parts)


_PART = re.compile(r"^(?:(\d+(?:\.\d*)?)(ms|s)|(\d+))$")


def budget(text: str) -> Budget:
    """Read a budget: ``300ms``, ``2s``, ``200`` (iterations) or ``200+2s``."""
    seconds = iterations = None
    for part in text.strip().lower().split("+"):
        m = _PART.match(part.strip())
        if not m or (m.group(3) is not None and iterations is not None) or (m.group(1) and seconds is not None):
            raise BadOption(f"cannot read the budget {text!r}: write a time (50ms, 2s), a number of iterations "
                            f"(200), or both (200+2s)")
        if m.group(3) is not None:
            iterations = int(m.group(3))
        else:
            seconds = float(m.group(1)) / (1000 if m.group(2) == "ms" else 1)
    if (seconds is not None and seconds <= 0) or (iterations is not None and iterations <= 0):
        raise BadOption(f"the budget {text!r} must be more than nothing")
    return Budget(seconds, iterations)


class SearchBot(Bot):
    """A search bot: it keeps a memory across its decisions and thinks within :attr:`budget`.

    Subclasses implement :meth:`search`, which returns the move to play (one of ``hooks.moves``).
    """

    budget: ClassVar[Budget] = Budget()
    #: What the bot does, by what the game hides from a seat (:attr:`Game.hidden`: ``"cards"``, ``"pieces"``,
    #: ``None``); the lobby shows the words that fit the game, then :attr:`pace`.
    ways: ClassVar[dict[str | None, str]] = {}
    #: Its budget in the lobby's words ("300 ms a move").
    pace: ClassVar[str] = ""

    @classmethod
    def describe(cls, game: Game) -> str:
        about = cls.ways.get(game.hidden, cls.ways.get("cards")) if cls.ways else None
        if about is None:
            return cls.description
        return f"{about}; {cls.pace}" if cls.pace else about

    def __init__(self, game: Game, seat: int, seed: int = 0) -> None:
        super().__init__(game, seat, seed)
        self.hooks: SearchHooks = hooks_for(game)
        #: What the hooks remember between decisions (cards peeked at, a whole turn's remaining steps).
        self.memory: dict[str, Any] = {}
        #: Figures of the last search: iterations, seconds.
        self.stats: dict[str, float] = {}

    @classmethod
    def plays(cls, game: Game) -> bool:
        """Whether this bot plays ``game``: every turn-based game (in a real-time one the fastest hand wins,
        and a bot that thinks would only be slow)."""
        return not game.realtime

    @classmethod
    def with_budget(cls, spec: str | Budget) -> type["SearchBot"]:
        """This bot with another budget (``pimc@2s``): a subclass named for it."""
        b = spec if isinstance(spec, Budget) else budget(spec)
        base = cls.__dict__.get("base", cls.name)
        return type(cls.__name__, (cls,), {"budget": b, "name": f"{base}@{b}", "base": base, "pace": f"{b} a move",
                                           "description": f"{cls.description.split(';')[0]}; {b} a move"})

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        hooks, memory = self.hooks, self.memory
        hooks.observe(memory, view)
        quick = hooks.decide(view, legal, memory)
        if quick is not None:
            return quick
        start = time.perf_counter()
        move = self.search(view, legal, self.budget.deadline(start))
        self.stats["seconds"] = time.perf_counter() - start
        return hooks.step(view, legal, move, memory)

    def search(self, view: dict[str, Any], legal: list[Action], deadline: float) -> Action:
        raise NotImplementedError


def levels(cls: type[SearchBot]) -> dict[str, type[SearchBot]]:
    """The three levels of a search bot class, by name (``pimc-fast``, ``pimc``, ``pimc-deep``)."""
    out = {}
    for suffix, seconds, words in LEVELS:
        name = cls.name + suffix
        out[name] = type(cls.__name__, (cls,), {"name": name, "base": cls.name, "budget": Budget(seconds),
                                               "pace": words, "description": f"{cls.description}; {words}"})
    return out
