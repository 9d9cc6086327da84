"""Slovenian Tarok: 54 cards, bidding, king calling, the talon, announcements and kontras, wheels."""

from .actions import Move, parse
from .game import Tarok

GAME = Tarok

__all__ = ["GAME", "Move", "Tarok", "parse"]
