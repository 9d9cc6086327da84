"""The game class the four memory games share: common options, parsing, and determinization for bots."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar, Mapping

from parlour.core.cards import BY_CODE
from parlour.core.game import Game
from parlour.core.options import Option
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet

from .actions import Move, parse
from .state import HIDDEN, MemoryState

PLAYERS = (2, 3, 4, 5, 6, 7, 8)
#: The golf games seat up to 12 with a third deck (rules file: three decks above 8 players).
GOLF_PLAYERS = tuple(range(2, 13))


def common_options(peek: bool) -> tuple[Option, ...]:
    """The options every memory game has (and the peek window's length where there is a peek)."""
    opts = (
        Option("rounds", 9, "rounds in a match; the lowest total after them wins", minimum=1, maximum=99),
        Option("memory_aid", False, "keep every card a seat has seen in its view (off: a peeked card shows only "
                                    "while its peek window is open)"),
        Option("tie_penalty", False, "the player who ends the round is penalised also when only tied for lowest"),
    )
    if peek:
        opts += (Option("peek_seconds", 5, "seconds a peek window stays open (the look at the near cards, and "
                                           "the looks that powers give)", minimum=1, maximum=120),)
    return opts


class MemoryGame(Game):
    """A memory game: subclasses set the usual class attributes and ``state_class``."""

    default_players = 4
    player_counts = PLAYERS
    lowest_wins = True
    quick_options = {"rounds": 2}
    state_class: ClassVar[type[MemoryState]]

    @property
    def decks(self) -> int:
        """How many 52-card decks are shuffled together."""
        return 1

    @property
    def jokers(self) -> int:
        return 0

    def parse(self, text: str) -> Move:
        return parse(text)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> MemoryState:
        """A match consistent with ``view``: every card the view does not show dealt again at random.

        Cards the view names (face-up cards, the discard pile, cards shown or remembered, one's drawn card)
        stay where they are; face-down cards, another player's drawn card and the stock are redealt.
        """
        return determinize(self, view, rng)


def determinize(game: MemoryGame, view: Mapping[str, Any], rng: Rng) -> MemoryState:
    cls = game.state_class
    s = cls.__new__(cls)
    s.game, s.seed = game, -1  # the seed is secret: the determinized future has its own shuffles
    s.rng = Rng(rng.next64())
    s.events = [dict(e) for e in view["log"]]
    s.log_from = s.round_from = 0
    s.previous = [dict(e) for e in view.get("previous") or []]
    s.sheet = ScoreSheet.from_dict(view["sheet"])
    s.stacked = []
    s.round_no, s.dealer, s.first, s.phase = view["round"], view["dealer"], view["first"], view["phase"]
    s.turn = -1 if view["turn"] is None else view["turn"]
    s.closer = -1 if view["closer"] is None else view["closer"]
    s.finished = view["over"]
    s.window = float(view["deadline"] or 0.0)
    seat = view["seat"]
    s.up = [list(u) for u in view["up"]]
    s.tags = [list(t) for t in view["tags"]]
    s.next_tag = 1 + max((t for row in s.tags for t in row), default=0)
    s.seen = [[0] * len(row) for row in view["layouts"]]
    s.shown = [[0] * len(row) for row in view["layouts"]]
    pool = Counter(s.round_cards())
    hidden_places: list[tuple[int, int]] = []
    s.layouts = []
    for owner, row in enumerate(view["layouts"]):
        lay = []
        for i, code in enumerate(row):
            if code is None:
                lay.append(-1)
            elif code == HIDDEN:
                lay.append(-1)
                hidden_places.append((owner, i))
            else:
                c = int(BY_CODE[code])
                lay.append(c)
                pool[c] -= 1
                if not s.up[owner][i] and seat is not None:
                    s.seen[owner][i] = 1 << seat
                    if s.window:
                        s.shown[owner][i] = 1 << seat
        s.layouts.append(lay)
    s.discard = [int(BY_CODE[c]) for c in view["discard"]]
    for c in s.discard:
        pool[c] -= 1
    s.drawn = -1
    if view["drawn"] not in (None, HIDDEN):
        s.drawn = int(BY_CODE[view["drawn"]])
        pool[s.drawn] -= 1
    if any(v < 0 for v in pool.values()):
        raise ValueError("view is inconsistent: it names more copies of a card than the deck holds")
    unseen = sorted(pool.elements())
    s.rng.shuffle(unseen)
    for owner, i in hidden_places:
        s.layouts[owner][i] = unseen.pop()
    if view["drawn"] == HIDDEN:
        s.drawn = unseen.pop()
    if len(unseen) != view["stock"]:
        raise ValueError(f"view is inconsistent: {len(unseen)} unseen cards left for a stock of {view['stock']}")
    s.stock = unseen
    s.ready = sum(1 << r for r in view["ready"])
    s.flips = list(view["flips"])
    s._determinize_extras(view)
    return s
