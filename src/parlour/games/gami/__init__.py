"""Gami: a two-player game of exchanges with every card open; a GAMI takes a card from the opponent."""

from .actions import Exchange, parse
from .game import Gami

GAME = Gami

__all__ = ["Exchange", "GAME", "Gami", "parse"]
