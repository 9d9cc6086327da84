"""The Claw (Gheara): a deck spread face up, cards called one by one, the first right claim wins the card."""

from .game import Claw
from .state import ClawState

__all__ = ["GAME", "Claw", "ClawState"]

GAME = Claw
