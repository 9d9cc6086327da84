"""Tysiąc (1000): the game, its variants, and determinization for bots."""

from __future__ import annotations

from typing import Any, Mapping

from parlour.core.game import Game
from parlour.core.options import Option
from parlour.core.rng import Rng

from .actions import Move, parse
from .bot import ExpertBot, GreedyBot, HeuristicBot
from .state import TysiacState

#: What the ``preset="polish"`` option sets, unless the same options are given too.
POLISH = {"bid_step": 10, "rounding": 10, "must_beat": True, "lock_800": True}


class Tysiac(Game):
    id = "tysiac"
    title = "Tysiąc (1000)"
    status = "complete"
    player_counts = (3,)
    default_players = 3
    options_spec = (
        Option("barrel", False, "variant: the barrel - no score between 880 and 1000; from 880 a player has three "
               "hands to win a contract as declarer and reach 1000, else falls back to 760"),
        Option("barrel_knock", False, "variant (with the barrel): a player getting onto the barrel knocks off one "
               "already there (-120)"),
        Option("lines", False, "variant: an opponent who takes no points in a hand gets a line; every third line "
               "costs 120"),
        Option("rospisat", False, "variant: Rospisat' - after seeing the prikup the declarer may give the hand up: "
               "a P for him (every third P costs 120), 60 for each opponent"),
        Option("bid_without_marriage", False, "variant: bids above 120 allowed without a marriage in hand"),
        Option("marriage_cap", False, "house rule: a bid may be at most 120 plus the marriages in the bidder's hand"),
        Option("first_lead_marriage", False, "variant: the declarer may declare a marriage on the very first lead"),
        Option("nines_as_dealt", False, "variant: four nines abandon the hand only if all four were dealt to the "
               "player (not one of them received in the exchange)"),
        Option("bid_step", 5, "bids go up in steps of this many points (Polish rules: 10)", choices=(5, 10)),
        Option("rounding", 5, "the opponents' points are rounded to the nearest multiple of this (Polish rules: 10)",
               choices=(5, 10)),
        Option("must_beat", False, "Polish rules: a player must beat the trick (a higher card of the suit led, or "
               "a higher trump) when able"),
        Option("lock_800", False, "Polish rules: a player above 800 scores only by winning a contract"),
        Option("preset", "russian", "a set of rules at once: 'russian' is the base game; 'polish' turns on the "
               "Polish rules (bid_step 10, rounding 10, must_beat, lock_800) unless those options are given too",
               choices=("russian", "polish")),
        Option("deal_limit", 60, "the match ends after this many hands if nobody has won; the highest total wins "
               "(0: no limit)", minimum=0, maximum=10_000),
    )
    # A hand takes at most ~110 actions (a long auction, the exchange, 24 cards); a match at most deal_limit
    # hands, and hands thrown in for four nines are rare.
    action_bound = 20_000
    deck_doc = ("deck=[24 codes]: the prikup first (3 cards), then 7 cards to each seat in turn order starting "
                "with the dealer's left (the first bidder). A list of such lists stacks consecutive deals "
                "(a hand thrown in for four nines is dealt again from the next one); later deals are shuffled "
                "from the seed.")
    state_class = TysiacState
    bots = {"expert": ExpertBot, "heuristic": HeuristicBot, "greedy": GreedyBot}

    def __init__(self, players: int | None = None, **options: Any) -> None:
        if options.get("preset") == "polish":
            options = {**POLISH, **options}
        super().__init__(players, **options)

    def parse(self, text: str) -> Move:
        return parse(text)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> TysiacState:
        from .determinize import determinize

        return determinize(self, view, rng)
