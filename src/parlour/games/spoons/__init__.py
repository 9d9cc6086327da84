"""S-P-O-O-N (Spoons): pass cards left without pause, gather four of a kind, grab a spoon; last seat in wins."""

from .game import Spoons
from .state import SpoonsState

__all__ = ["GAME", "Spoons", "SpoonsState"]

GAME = Spoons
