"""Crazy Nines (9-card golf): a 3x3 grid, two decks, equal cards in a column score 0; lowest wins."""

from .game import CrazyNines, CrazyNinesState

GAME = CrazyNines

__all__ = ["GAME", "CrazyNines", "CrazyNinesState"]
