"""Giacomotto (Serbian Tablić): the game, its variants, and determinization for bots."""

from __future__ import annotations

from typing import Any, Mapping

from parlour.bots.pimc import PIMC_LEVELS
from parlour.core.cards import FULL_MASK, Card, cards_of
from parlour.core.game import Game
from parlour.core.options import Option
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet

from .actions import Move, parse
from .bot import GreedyBot
from .captures import with_card
from .state import GiacomottoState, teams_for


class Giacomotto(Game):
    id = "giacomotto"
    title = "Giacomotto (Serbian Tablić)"
    player_counts = (2, 4)
    default_players = 2
    options_spec = (
        Option("target", 101, "points that win the match; the higher side wins once one side reaches them",
               minimum=1, maximum=10_000),
        Option("forced_capture", False, "house rule: a player who can capture must capture (trailing is optional by default)"),
        Option("last_card_tabla", True, "a capture with the pack's very last card that clears the table scores a tabla"),
    )
    # A pack takes at most 148 actions (48 cards played, at most 48 captures done, each of 52 cards taken once);
    # every pack gives out at least 22 points, so ten packs pass 101 but for exact ties at the top.
    action_bound = 148 * 40
    deck_doc = ("deck=[52 codes]: the 4 table cards, then 6 cards to each seat in turn order from the first "
                "player (the dealer's right), then each later deal of 6 the same way. A list of such lists "
                "stacks consecutive packs; later packs are shuffled from the seed.")
    state_class = GiacomottoState
    # pimc (the generic search with this folder's search_hooks.py) beats greedy by 4.5 ± 1.4 points a pack at 50
    # worlds a move, 2.1 ± 1.3 at 5 (NOTES.md, "Bots")
    bots = {"pimc": PIMC_LEVELS["pimc"], "greedy": GreedyBot}
    status = "complete"

    def parse(self, text: str) -> Move:
        return parse(text)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> GiacomottoState:
        """A match consistent with ``view``: the cards the seat has not seen dealt again at random.

        Seen cards are the seat's hand, the table, every card captured this pack (captures are public) and the
        card of a capture under way.
        """
        seat = view["seat"]
        s = GiacomottoState.__new__(GiacomottoState)
        s.game, s.seed = self, -1  # the seed is secret: the determinized future has its own shuffles
        s.rng = Rng(rng.next64())
        s.teams = teams_for(self.players)
        s.events = [dict(e) for e in view["log"]]
        s.pack_events = 0
        s.sheet = ScoreSheet.from_dict(view["sheet"])
        s.dealer, s.pack, s.deal = view["dealer"], view["pack"], view["deal"]
        s.finished = view["over"]
        s.turn = view["to_act"][0] if view["to_act"] else -1
        s.tablas = list(view["tablas"])
        s.last_capturer = -1 if view["last_capturer"] is None else view["last_capturer"]
        s.stacked, s._legal = [], None
        s.table = _mask(view["table"])
        s.clear_capture()
        capture = view["capture"]
        if capture is not None:
            s.capturing = Card.parse(capture["card"])
            s.values = sum(1 << v for v in capture["values"])
            s.groups = [_mask(g) for g in capture["groups"]]
            s.group = _mask(capture["group"])
            s.taken = _mask(c for g in capture["groups"] for c in g)
            for c in cards_of(s.group):
                s.group_sums = with_card(s.group_sums, c)
        s.piles = [0, 0]
        for e in s.events:
            if e["type"] in ("capture", "sweep"):
                taken = _mask(e["cards"]) | (_mask([e["card"]]) if e["type"] == "capture" else 0)
                s.piles[s.teams.side[e["seat"]]] |= taken
        s.hands = [0] * self.players
        own = _mask(view["hand"]) if seat is not None else 0
        if seat is not None:
            s.hands[seat] = own
        played = 1 << s.capturing if s.capturing >= 0 else 0
        unseen = list(cards_of(FULL_MASK & ~own & ~played & ~s.table & ~s.piles[0] & ~s.piles[1]))
        rng.shuffle(unseen)
        for other, size in enumerate(view["hands"]):
            if other != seat:
                s.hands[other] = _mask(unseen[:size])
                unseen = unseen[size:]
        if len(unseen) != view["stock"]:
            raise ValueError(f"view is inconsistent: {len(unseen)} unseen cards left for a stock of {view['stock']}")
        s.stock = unseen
        return s


def _mask(items: Any) -> int:
    m = 0
    for c in items:
        m |= 1 << (c if isinstance(c, int) else Card.parse(c))
    return m
