"""Rengo (Go by teams) and plain Go: one engine, two game ids.

Go on 9×9, 13×13 and 19×19 with captures, no suicide, positional superko, handicap, komi, area or territory
scoring after the teams agree on the dead stones; Rengo lets teams of any size take turns, colours alternating.
"""

from .actions import Move, parse
from .game import Go, Rengo

GAME = Rengo
GAMES = (Rengo, Go)

__all__ = ["GAME", "GAMES", "Go", "Move", "Rengo", "parse"]
