"""Kaboo: a 2x2 grid of face-down cards, powers of discarded cards, snapping, knocking; lowest after nine rounds."""

from .game import Kaboo
from .state import KabooState

__all__ = ["GAME", "Kaboo", "KabooState"]

GAME = Kaboo
