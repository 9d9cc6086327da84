"""Țestoasa (the Turtle, 4-card golf): the game and its options."""

from __future__ import annotations

from parlour.games.memory.bot import make_bots
from parlour.games.memory.game import MemoryGame, common_options
from parlour.games.memory.rules import Rules, points_table
from parlour.games.memory.state import MemoryState

RULES = Rules(rows=2, cols=2, points=points_table(two=2, king=0), initial_discard=True, peek_slots=(2, 3),
              take_discard=True, incoming_up=False, knock=True)


class TestoasaState(MemoryState):
    rules = RULES


class Testoasa(MemoryGame):
    __test__ = False  # a game, not a test class (pytest collects names starting with "Test")
    id = "testoasa"
    title = "Țestoasa (4-card golf)"
    status = "complete"
    options_spec = common_options(peek=True)
    # Random play knocks within a few turns of a round: nine rounds stay far below this.
    action_bound = 9 * 400
    deck_doc = ("deck=[52 codes]: four cards to each seat in turn order from the first player (the dealer's "
                "left), slots 0 1 (far row) then 2 3 (near row); then the first discard; then the stock, top "
                "first. A list of such lists stacks consecutive rounds; later rounds are shuffled from the seed.")
    bots = make_bots('testoasa')
    state_class = TestoasaState
