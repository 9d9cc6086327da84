"""Tysiąc (1000): 24 cards, three players, bidding from 100, the prikup, marriages that change trumps."""

from .actions import Move, parse
from .game import Tysiac

GAME = Tysiac

__all__ = ["GAME", "Move", "Tysiac", "parse"]
