"""Zole, the Latvian trick-taking game for three: 26 cards, fourteen trumps, the Big one against two small ones."""

from .actions import Move, parse
from .game import Zole

GAME = Zole

__all__ = ["GAME", "Move", "Zole", "parse"]
