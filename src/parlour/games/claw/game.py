"""The Claw (Gheara): the game, its options, and determinization."""

from __future__ import annotations

from typing import Any, Mapping

from parlour.core.cards import Card, deck as standard_deck
from parlour.core.game import Game
from parlour.core.options import Option
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet

from .actions import ClawAction, parse
from .bot import BOTS
from .state import ClawState


class Claw(Game):
    id = "claw"
    title = "The Claw (Gheara)"
    player_counts = tuple(range(2, 9))
    default_players = 4
    realtime = True
    status = "complete"
    options_spec = (
        Option("call_seconds", 8, "seconds a call stays open before the next card is called", minimum=2,
               maximum=60),
        Option("contest", False, "a right claim starts a tug of war: the first to tug the card home 4 times "
                                 "wins it; when time runs out the most tugs win, and a tie tears the card"),
        Option("caller", "table", "who calls: 'table' (every seat plays) or 'rotating' (each seat in turn calls "
                                  "a card and does not claim it)", choices=("table", "rotating")),
        Option("lost", 0, "cards the worn deck on the table has lost (their calls find nothing)", minimum=0,
               maximum=26),
    )
    # A call ends in a few random claims (wrong ones sit their seat out), a match within 52 calls.
    action_bound = 52 * 40
    deck_doc = ("deck=[52 codes]: the caller's deck, first call first. Where each card of the worn deck lies on "
                "the table, and which ones it lost, come from the seed.")
    state_class = ClawState
    bots = BOTS
    default_bot = "steady"  # sharp searches faster than people: it would take every card

    def parse(self, text: str) -> ClawAction:
        return parse(text)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> ClawState:
        """A match consistent with ``view``: the table is open, so only the order of the calls still to come is
        unknown; it is shuffled again."""
        s = ClawState.__new__(ClawState)
        n = self.players
        s.game, s.seed = self, -1
        s.rng = Rng(rng.next64())
        code = lambda c: int(Card.parse(c))  # noqa: E731
        s.sheet = ScoreSheet.from_dict(view["sheet"])
        s.events = [dict(e) for e in view["log"]]
        s.phase, s.call_no, s.caller = view["phase"], view["call"], view["caller"]
        s.spread = [(code(c), x, y, a) for c, x, y, a in view["spread"]]
        s.present = {c for c, *_ in s.spread}
        s.lost, s.torn = [code(c) for c in view["lost"]], [code(c) for c in view["torn"]]
        s.piles = [[code(c) for c in p] for p in view["piles"]]
        s.called = [code(c) for c in view["called"]]
        remaining = [int(c) for c in standard_deck()]
        for c in s.called:
            remaining.remove(c)
        s.rng.shuffle(remaining)
        s.calls = remaining
        s.out_until = [u + view["call"] if u else 0 for u in view["sitting"]]
        for b in view["blocked"]:
            if b != s.caller and s.out_until[b] < s.call_no:
                s.out_until[b] = s.call_no  # a wrong claim in this call
        drag = view["drag"]
        s.holder, s.taps = (drag["holder"], list(drag["taps"])) if drag else (-1, [0] * n)
        s.last = dict(view["last"]) if view["last"] else None
        s.wait = view["deadline"] if s.phase == "pause" else 0.0
        return s
