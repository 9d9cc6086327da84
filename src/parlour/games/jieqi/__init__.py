"""Hidden Xiangqi (Jieqi): Xiangqi with every piece but the general starting face down, shuffled."""

from .actions import Move, parse
from .game import Jieqi

GAME = Jieqi

__all__ = ["GAME", "Jieqi", "Move", "parse"]
