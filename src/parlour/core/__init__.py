"""The core: cards, the game contract, deterministic randomness, records, score sheets. No I/O."""

from .cards import CARDS, Card, card, cards, cards_of, codes, deck, mask_of
from .errors import BadOption, IllegalAction, ParlourError, RecordError, UnknownGame
from .game import Action, Game, State
from .options import Option
from .record import Record, commitment
from .registry import game_class, games, load
from .rng import Rng
from .sheet import ScoreSheet, Teams, next_seat, seats_from

__all__ = [
    "Action", "BadOption", "CARDS", "Card", "Game", "IllegalAction", "Option", "ParlourError", "Record",
    "RecordError", "Rng", "ScoreSheet", "State", "Teams", "UnknownGame", "card", "cards", "cards_of", "codes",
    "commitment", "deck", "game_class", "games", "load", "mask_of", "next_seat", "seats_from",
]
