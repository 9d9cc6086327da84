"""A real-time bot's moves at another pace: a scripted person for the bench series, bots slowed for a terminal.

A bot of a real-time game says what it plays (``choose``) and how long it takes (``delay``). These wrappers keep
its play and change only its time:

* :class:`Scripted` reacts in a time drawn uniformly from a range, whatever the bot would take: the scripted
  person of ``python -m parlour.bots.series ... --a-reacts 0.6-0.9`` (a person reacting in 0.6 to 0.9 s).
* :class:`Slowed` takes its bot's own time, that many times longer: the bots of ``parlour play``, where the person
  types each move (``TYPING``).

>>> import parlour
>>> from parlour.bots import make
>>> game = parlour.load("spoons", players=3)
>>> state = game.new(seed=1)
>>> state.timeout()
>>> seat = state.to_act[0]
>>> person = Scripted(make("steady", game, seat, seed=1), 0.6, 0.9)
>>> view, legal = state.bot_view(seat), state.legal(seat)
>>> action = person.choose(view, legal)
>>> action in legal and 0.6 <= person.delay(view, action) <= 0.9
True
"""

from __future__ import annotations

from typing import Any

from parlour.core.bot import Bot
from parlour.core.game import Action

#: How much longer a bot takes in the terminal than at a table: a person there reads the screen and types each
#: move (a number and Enter), about three times as long as a click.
TYPING = 3.0


class Scripted(Bot):
    """``bot``'s moves, each after a reaction time drawn uniformly from ``low`` to ``high`` seconds."""

    def __init__(self, bot: Bot, low: float, high: float) -> None:
        if not 0 <= low <= high:
            raise ValueError(f"a reaction time range runs from a low to a higher time, not {low}-{high}")
        self.bot, self.low, self.high = bot, low, high
        self.game, self.seat, self.rng = bot.game, bot.seat, bot.rng
        self.name = f"{bot.name} reacting in {low:g}-{high:g} s"  # type: ignore[misc]

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self.bot.choose(view, legal)

    def delay(self, view: dict[str, Any], action: Action) -> float:
        return self.low + (self.high - self.low) * (self.rng.next64() >> 11) / 2**53


class Slowed(Bot):
    """``bot``'s moves, each taking ``factor`` times the bot's own time."""

    def __init__(self, bot: Bot, factor: float = TYPING) -> None:
        self.bot, self.factor = bot, factor
        self.game, self.seat, self.rng = bot.game, bot.seat, bot.rng
        self.name = bot.name  # type: ignore[misc]

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self.bot.choose(view, legal)

    def delay(self, view: dict[str, Any], action: Action) -> float:
        return self.factor * self.bot.delay(view, action)
