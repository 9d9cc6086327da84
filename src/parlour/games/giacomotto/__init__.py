"""Giacomotto (Serbian Tablić): capture table cards by equal values and sums; first side to 101 wins."""

from .actions import Move, parse
from .game import Giacomotto

GAME = Giacomotto

__all__ = ["GAME", "Giacomotto", "Move", "parse"]
