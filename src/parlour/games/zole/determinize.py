"""Determinization: a full Zole match consistent with what one seat knows.

:func:`read` works out from a view's log what the seat knows of the hand in play: its own cards, the talon if
it took it, what it laid away, every card played, and the suits each player showed void of (a player who
does not follow suit has none of it). :func:`sample` deals the rest at random, respecting those voids;
:func:`determinize` replays the hand's actions on the sampled deal, which rebuilds everything public
exactly, so that the new state's view for the seat equals the one it was made from. The bots use
:func:`sample` alone: it is much cheaper than a whole state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from parlour.core.game import Game
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet
from parlour.core.tricks import cards_in, deal_unseen, shown_void

from .actions import DISCARD, move, parse
from .cards import BY_CODE, FULL, LED, mask_of_codes
from .state import ZoleState


@dataclass
class Knowledge:
    """What one seat knows of the cards of the hand in play."""

    seat: int | None
    active: tuple[int, ...]
    #: The cards dealt to the seat (its eight), the talon and its cards laid away when it is the Big one.
    own: int = 0
    talon: int | None = None
    laid_away: int | None = None
    declarer: int = -1
    #: The Big one took the talon; he has laid away two cards.
    took: bool = False
    discarded: bool = False
    played: dict[int, int] = field(default_factory=dict)
    voids: dict[int, int] = field(default_factory=dict)
    #: Cards each player holds now (from the view).
    holding: dict[int, int] = field(default_factory=dict)

    @property
    def seen(self) -> int:
        """Every card whose place the seat knows."""
        m = self.own | (self.talon or 0) | (self.laid_away or 0)
        for p in self.played.values():
            m |= p
        return m


def read(view: Mapping[str, Any]) -> Knowledge:
    """The seat's knowledge of the hand in play, from its view."""
    log = view["log"]
    active = tuple(log[0]["active"])
    k = Knowledge(seat=view["seat"], active=active, played={s: 0 for s in active}, voids={s: 0 for s in active},
                  holding={s: view["hand_counts"][s] for s in active})
    led = -1
    for e in log:
        t = e["type"]
        if t == "hand":
            k.own = mask_of_codes(e["cards"])
        elif t == "bid" and e["action"] != "pass":
            k.declarer = e["seat"]
            k.took = e["action"] == "take"
        elif t == "talon":
            k.talon = mask_of_codes(e["cards"])
        elif t == "laid away":
            k.laid_away = mask_of_codes(e["cards"])
        elif t == "discard":
            k.discarded = True
        elif t == "play":
            card = BY_CODE[e["card"]]
            k.played[e["seat"]] |= 1 << card
            if led < 0:
                led = LED[card]
            else:
                k.voids[e["seat"]] |= shown_void(card, led)
        elif t == "trick":
            led = -1
    return k


def sample(k: Knowledge, rng: Rng) -> tuple[int, dict[int, int], int]:
    """A deal consistent with ``k``: the talon as dealt, each active seat's eight cards as dealt, and the cards
    the Big one laid away (0 if none)."""
    others = [s for s in k.active if s != k.seat]
    unknown = FULL & ~k.seen
    slots: list[tuple[Any, int, int]] = [(s, k.holding[s], FULL & ~k.voids[s]) for s in others]
    big_other = k.took and k.declarer != k.seat
    if big_other and k.discarded:
        slots.append(("laid away", 2, FULL))  # laid away before the play: they show no void
    if k.talon is None and not big_other:
        slots.append(("talon", 2, FULL))
    dealt = deal_unseen(unknown, slots, rng)
    hands = {s: dealt[s] | k.played[s] for s in others}
    laid = dealt.get("laid away", 0) if big_other else (k.laid_away or 0)
    if k.seat is not None and k.seat in k.active:
        hands[k.seat] = k.own
    if big_other:
        ten = hands[k.declarer] | laid  # the Big one's eight and the talon: which two were the talon is unknown
        cards = list(cards_in(ten))
        rng.shuffle(cards)
        talon = 1 << cards[0] | 1 << cards[1]
        hands[k.declarer] = ten & ~talon
    else:
        talon = k.talon if k.talon is not None else dealt["talon"]
    return talon, hands, laid


def determinize(game: Game, view: Mapping[str, Any], rng: Rng) -> ZoleState:
    k = read(view)
    talon, hands, laid = sample(k, rng)
    deck = list(cards_in(talon))
    for s in k.active:
        deck += cards_in(hands[s])
    start = view["log"][0]
    state = _blank(game, view, start, rng)
    state._deal(deck)
    for e in view["log"]:
        t = e["type"]
        if t == "discard":
            state._apply(e["seat"], move(DISCARD, laid))
        elif t in ("bid", "play"):
            state._apply(e["seat"], parse(e["action"]))
    return state


def _blank(game: Game, view: Mapping[str, Any], start: Mapping[str, Any], rng: Rng) -> ZoleState:
    s = ZoleState.__new__(ZoleState)
    s.game, s.seed = game, -1  # the seed is secret: the determinized future has its own shuffles
    s.rng = Rng(rng.next64())
    s.events = [dict(e) for e in view.get("previous") or []]  # how the previous hand ended, as the view saw it
    sheet = ScoreSheet.from_dict(view["sheet"])
    sheet.rows = sheet.rows[:start["rows"]]
    s.sheet = sheet
    s.stacked, s.finished = [], False
    s.dealer, s.deals = start["dealer"], start["hand"] - 1
    s.pool, s.common, s.personal = start["pool"], start["common"], list(start["personal"])
    return s

