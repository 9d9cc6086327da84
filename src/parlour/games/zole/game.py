"""Zole: the game, its variants, and determinization for bots."""

from __future__ import annotations

from typing import Any, Mapping

from parlour.core.errors import BadOption
from parlour.core.game import Game
from parlour.core.options import Option
from parlour.core.rng import Rng

from .actions import Move, parse
from .bot import GreedyBot, SearchBot
from .state import ZoleState


class Zole(Game):
    id = "zole"
    title = "Zole"
    status = "complete"
    player_counts = (3, 4)
    default_players = 3
    options_spec = (
        Option("hands", 12, "the match lasts this many hands, a multiple of the number of players so that everyone "
               "deals as often (0: no limit, play to the chip target)", minimum=0, maximum=999),
        Option("target", 0, "the match also ends after a hand that leaves a player this many chips up or down "
               "(0: no chip target)", minimum=0, maximum=10_000),
        Option("scoring", "standard", "chip table: 'standard' (1, 2 or 3 chips by the winner's points, 4 more for a "
               "Zole) or 'federation' (the Latvian federation's: steeper for a Big one who loses, top tiers by tricks)",
               choices=("standard", "federation")),
        Option("all_pass", "pool", "when all three pass: 'pool' (redeal; each puts a chip in a pool that the next "
               "hand's winner takes), 'pules' (the federation's common and personal pules) or 'table' (play the "
               "table game, galdiņš: the most tricks loses)", choices=("pool", "pules", "table")),
        Option("small_zole", False, "variant: a player may declare small zole (alone, without the talon, to take "
               "no trick)"),
    )
    # a hand is at most 3 bids, a discard and 24 plays; a match of 999 hands stays well inside
    action_bound = 40_000
    deck_doc = ("deck=[26 codes]: the talon (2 cards), then 8 cards to each player in turn from the dealer's left "
                "(with 4 players the dealer sits out). A list of such lists stacks consecutive deals, all-pass "
                "redeals included; later deals are shuffled from the seed.")
    state_class = ZoleState
    bots = {"search": SearchBot, "greedy": GreedyBot}

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        hands, target = self.options["hands"], self.options["target"]
        if hands % self.players:
            raise BadOption(f"option 'hands' must be a multiple of {self.players} (the players), so that everyone "
                            f"deals as often; got {hands}")
        if not hands and not target:
            raise BadOption("a match needs an end: set 'hands' (a multiple of the players) or a chip 'target'")

    def parse(self, text: str) -> Move:
        return parse(text)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> ZoleState:
        from .determinize import determinize

        return determinize(self, view, rng)
