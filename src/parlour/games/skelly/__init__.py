"""Skelly (Skully): the New York bottle-cap street game, flicked on a simulated chalk court."""

from .actions import Flick, flick, parse
from .game import Skelly

GAME = Skelly

__all__ = ["GAME", "Flick", "Skelly", "flick", "parse"]
