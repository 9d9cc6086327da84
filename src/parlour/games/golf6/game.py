"""6-card golf: the game and its options."""

from __future__ import annotations

from parlour.games.memory.bot import make_bots
from parlour.games.memory.game import GOLF_PLAYERS, MemoryGame, common_options
from parlour.games.memory.golf import GolfState, golf_rules


class Golf6State(GolfState):
    rules = golf_rules(rows=2)


class Golf6(MemoryGame):
    id = "golf6"
    title = "6-card golf"
    status = "complete"
    player_counts = GOLF_PLAYERS
    options_spec = common_options(peek=False)
    # Random play turns a card up on most turns: a round lasts a few dozen actions.
    action_bound = 9 * 600
    deck_doc = ("deck=[52 or 104 codes]: six cards to each seat in turn order from the first player (the dealer's "
                "left), slots 0 1 2 (far row) then 3 4 5 (near row); then the first discard; then the stock, top "
                "first. One deck for 2-4 players, two for 5-8, three for 9-12. A list of such lists stacks consecutive rounds.")
    bots = make_bots('golf6')
    state_class = Golf6State

    @property
    def decks(self) -> int:
        return 1 if self.players <= 4 else 2 if self.players <= 8 else 3
