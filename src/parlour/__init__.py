"""parlour: traditional card and board games behind one small API.

>>> import parlour
>>> "giacomotto" in parlour.games()
True
>>> game = parlour.load("giacomotto", players=2)
>>> state = game.new(seed=7)
>>> while not state.over:
...     seat = state.to_act[0]
...     _ = state.apply(seat, state.legal(seat)[0])
>>> max(state.scores) >= 101
True
"""

from . import native

native.install()  # first: the compiled engine's modules, if they are built and current (parlour/native.py)

from . import games  # the package of games, callable: parlour.games() lists their ids
from .core import (Action, BadOption, Game, IllegalAction, ParlourError, Record, RecordError, Rng, State,
                   UnknownGame, load)

__all__ = ["Action", "BadOption", "Game", "IllegalAction", "ParlourError", "Record", "RecordError", "Rng", "State",
           "UnknownGame", "games", "load"]
__version__ = "0.1.0"
