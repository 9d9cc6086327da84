"""Crazy Nines in the terminal: the memory games' shared drawing (numbered grids, piles, windows, the reveal)."""

from parlour.games.memory.moves import move_words
from parlour.games.memory.terminal import board, event_line

__all__ = ["board", "event_line", "move_words"]
