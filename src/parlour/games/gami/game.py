"""Gami: the game, its options, and determinization (trivial: every card is open)."""

from __future__ import annotations

from typing import Any, Mapping

from parlour.core.errors import IllegalAction
from parlour.core.game import Game
from parlour.core.options import Option
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet

from .actions import Exchange, parse
from .bot import GreedyBot, QuickSearchBot, SearchBot
from .cards import mask_of, position_key
from .state import GamiState


class Gami(Game):
    id = "gami"
    title = "Gami"
    status = "complete"
    hidden = None  # every card is face up
    player_counts = (2,)
    default_players = 2
    options_spec = (
        Option("games", 1, "deals in the match, the players taking turns at playing first; "
                           "a deal won is 2 points, a drawn deal 1 each", minimum=1, maximum=99),
        Option("max_plies", 200, "a deal stops after this many exchanges; the player with more cards wins it",
               minimum=1, maximum=2000),
    )
    action_bound = 99 * 2000
    deck_doc = ("deck=[24 codes]: the first player's 9 cards, the other player's 9, then the 6 table cards. "
                "A list of such lists stacks consecutive deals; later deals are shuffled from the seed. "
                "The first player is drawn from the seed (state.to_act says who).")
    state_class = GamiState
    bots = {"alphabeta": SearchBot, "alphabeta-quick": QuickSearchBot, "greedy": GreedyBot}

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        # No deal outlasts its move cap, so a match ends within games x max_plies exchanges.
        self.action_bound = self.options["games"] * self.options["max_plies"]

    def parse(self, text: str) -> Exchange:
        return parse(text)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> GamiState:
        """The match as ``view`` shows it: every card is open, so only later deals (from a seed of ``rng``'s)
        are unknown. The deal is replayed from its ``deal`` event, which restores the positions seen so far."""
        s = GamiState.__new__(GamiState)
        s.game, s.seed = self, -1  # the seed is secret: the determinized future has its own shuffles
        s.rng = Rng(rng.next64())
        s.stacked = []
        log = [dict(e) for e in view["log"]]
        deal = log[0]
        if deal["type"] != "deal":
            raise ValueError("a Gami view's log starts with its deal")
        s.events = [deal]
        s.deal_events = 0
        s.sheet = ScoreSheet.from_dict(view["sheet"])
        s.deal, s.first, s.turn = deal["deal"], deal["first"], deal["first"]
        s.hands = [mask_of(h) for h in deal["hands"]]
        s.plies, s.finished, s._legal = 0, False, None
        s.seen = {position_key(*s.hands, s.turn): 1}
        for e in log[1:]:
            if e["type"] == "exchange":
                try:
                    s.apply(e["seat"], e["action"])
                except IllegalAction as err:
                    raise ValueError(f"the view's log does not replay: {err}") from None
        # The replay wrote the same events and rows; keep the view's own, which hold the match's end if it came.
        s.events, s.sheet, s.finished, s._legal = log, ScoreSheet.from_dict(view["sheet"]), view["over"], None
        return s
