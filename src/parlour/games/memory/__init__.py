"""What the memory games (Țestoasa, 6-card golf, Crazy Nines, Kaboo) share: grids of face-down cards, who has
seen which card, the stock and the discard, timed windows, knocking and the last round, nine-round matches.

No ``GAME`` here: this package is not a game, each game's package builds on it.
"""

from .actions import Move, move, parse
from .game import MemoryGame, common_options
from .rules import Rules, points_table, rank_of
from .state import HIDDEN, MemoryState

__all__ = ["HIDDEN", "MemoryGame", "MemoryState", "Move", "Rules", "common_options", "move", "parse",
           "points_table", "rank_of"]
