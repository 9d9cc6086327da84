"""Kaboo: the game and its options."""

from __future__ import annotations

from parlour.bots.pimc import PIMC_LEVELS
from parlour.core.options import Option
from parlour.games.memory.bot import make_bots
from parlour.games.memory.game import MemoryGame, common_options

from .state import KabooState


class Kaboo(MemoryGame):
    id = "kaboo"
    title = "Kaboo"
    status = "complete"
    options_spec = common_options(peek=True) + (
        Option("snap_seconds", 3, "seconds a snap window stays open after a card reaches the discard pile",
               minimum=1, maximum=60),
        Option("jokers", False, "add two jokers (0 points) to the deck"),
        Option("chain_snaps", False, "a snapped card opens a new snap window of its rank (chain snapping)"),
    )
    # Random play snaps wrongly often (penalty cards) but knocks within a few turns.
    action_bound = 9 * 1500
    deck_doc = ("deck=[52 codes, 54 with jokers]: four cards to each seat in turn order from the first player "
                "(the dealer's left), slots 0 1 (far row) then 2 3 (near row); then the stock, top first (no "
                "first discard). Jokers are JK. A list of such lists stacks consecutive rounds.")
    # pimc (the generic search with this folder's search_hooks.py) beats three experts by 2.6 ± 0.8 points a round
    # at 20 worlds a move, 0.8 ± 0.8 at 5 (NOTES.md, "The search bot")
    bots = {"pimc": PIMC_LEVELS["pimc"], **make_bots('kaboo')}
    state_class = KabooState

    @property
    def jokers(self) -> int:
        return 2 if self.options["jokers"] else 0
