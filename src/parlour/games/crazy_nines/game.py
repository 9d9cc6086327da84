"""Crazy Nines (9-card golf): the game and its options."""

from __future__ import annotations

from parlour.core.options import Option
from parlour.games.memory.bot import make_bots
from parlour.games.memory.game import GOLF_PLAYERS, MemoryGame, common_options
from parlour.games.memory.golf import GolfState, golf_rules


class CrazyNinesState(GolfState):
    rules = golf_rules(rows=3)


class CrazyNines(MemoryGame):
    id = "crazy-nines"
    title = "Crazy Nines (9-card golf)"
    status = "complete"
    player_counts = GOLF_PLAYERS
    options_spec = common_options(peek=False) + (
        Option("sweep", False, "a column of three face-up cards of one rank goes to the discard pile (the "
                               "exchanged card first, then the three) and scores 0"),
    )
    action_bound = 9 * 900
    deck_doc = ("deck=[104 codes, 156 for 9-12 players]: nine cards to each seat in turn order from the first player (the dealer's "
                "left), slots 0 1 2 (far row), 3 4 5, 6 7 8 (near row); then the first discard; then the stock, "
                "top first. A list of such lists stacks consecutive rounds.")
    bots = make_bots('crazy-nines')
    state_class = CrazyNinesState

    @property
    def decks(self) -> int:
        return 2 if self.players <= 8 else 3
