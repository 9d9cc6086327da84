"""Slovenian tarok: the game, its variants, and determinization for bots."""

from __future__ import annotations

from typing import Any, Mapping

from parlour.bots.pimc import PIMC_LEVELS
from parlour.core.game import Game
from parlour.core.options import Option
from parlour.core.rng import Rng

from .actions import Move, parse
from .bot import HeuristicBot
from .state import TarokState


class Tarok(Game):
    id = "tarok"
    title = "Slovenian Tarok"
    player_counts = (4, 3)
    default_players = 4
    options_spec = (
        Option("skis_after", 8, "deals after which the Škis round is announced (the player then dealt the Škis "
               "deals last)", minimum=1, maximum=1000),
        Option("rounds", 0, "variant: play exactly this many rounds (each player deals once per round) instead of "
               "ending with the Škis round; 0 keeps the Škis round", minimum=0, maximum=100),
        Option("round_difference", False, "variant: round the card-point difference from 35 to the nearest 5"),
        Option("free_tarok_discards", False, "variant (pagat): taroks other than the trula may be laid away "
               "freely, face up, not only when no other card can be"),
        Option("mond_in_talon", False, "variant (pagat): in Three to Solo one the declarer who leaves the Mond "
               "in the talon pays 21"),
    )
    # A deal takes at most ~48 plays, a long auction and a long announcement round; a match ~ a dozen deals.
    action_bound = 20_000
    deck_doc = ("deck=[54 codes]: the talon first (6 cards, top to bottom: the groups taken are talon[0:k], "
                "talon[k:2k]...), then packets of 6 (4 players) or 8 (3 players) to each seat in turn order from "
                "forehand (the dealer's right), round after round. A list of such lists stacks consecutive "
                "deals; later deals are shuffled from the seed.")
    state_class = TarokState
    # pimc (the generic search with this folder's search_hooks.py: the heuristic's auction, searched cards) beats
    # the heuristic by 2.3 ± 1.0 points a deal at 20 worlds a move, 1.2 ± 1.2 at 5 (NOTES.md, "The search bot")
    bots = {"pimc": PIMC_LEVELS["pimc"], "heuristic": HeuristicBot}
    status = "complete"

    def parse(self, text: str) -> Move:
        return parse(text)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> TarokState:
        from .determinize import determinize

        return determinize(self, view, rng)
