"""6-card golf: two rows of three, two cards turned up at the start, column pairs score 0; lowest wins."""

from .game import Golf6, Golf6State

GAME = Golf6

__all__ = ["GAME", "Golf6", "Golf6State"]
