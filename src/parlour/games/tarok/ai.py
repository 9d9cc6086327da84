"""Tarok for learning programs (see :mod:`parlour.ai.spaces`).

Actions: every action but a discard is its own int (below 1024); a discard of one to three cards follows at
``1024 +`` its rank among the sets of that many cards (the combinatorial number system). A view is
``3n + 14`` planes over the 54 cards for ``n`` seats, seats counted from the seat itself (``k`` is ``k`` seats on):

* 0: the hand; 1..n: the current trick's cards by who played them; n+1..2n: the cards each seat played earlier
  this deal; 2n+1..3n: the cards of the tricks each seat has won (with Klop's talon cards);
* 3n+1..3n+6: the talon once exposed; the talon cards the declarer took; the cards laid away (the declarer's
  own); the taroks laid away face up; the Open beggar declarer's hand; the called king (or queen);
* 3n+7..3n+9, one-hot in the first entries: the contract, the highest bid so far (13 contracts, Klop first), the
  phase (bid, contract, call, talon, discard, colour, announce, play, over);
* 3n+10, flags per seat (entry ``f * n + k``): declarer, high bidder, passed, the known partner, to act, dealer,
  forehand, leads the trick;
* 3n+11, numbers per seat: trick card points / 70, tricks / (48 / n), cards in hand / (48 / n + 3), match total
  as 0.5 + total / 2000 (clipped), radelci / 4 (capped);
* 3n+12: announcements (entry ``b * n + k``: bonus ``b`` announced by seat ``k``; trula, kings, pagat ultimo,
  king ultimo, valat), then from ``5n`` the kontra level / 4 of the game and each bonus;
* 3n+13: the declarer plays alone (known), the partner is known, a skis round, talon cards left / 6, the deal's
  mode (normal, redeal, klop).

The partner is marked only once the view names it: the called king played, or to the partner itself.

>>> import parlour
>>> from parlour.games.tarok.actions import parse
>>> game = parlour.load("tarok")
>>> action_count(game), action_index(game, parse("play T21")), action_index(game, parse("discard 4H 3H"))
(27313, 320, 1353)
"""

from __future__ import annotations

from itertools import chain
from math import comb
from typing import Any, Mapping

from parlour.core.encoding import trick_planes
from parlour.core.tricks import cards_in

from .actions import DISCARD, Move
from .cards import BY_CODE, KINGS, QUEENS, SUIT_NAMES
from .contracts import BONUS_NAMES, KONTRA_NAMES, NAMES, TARGET_NAMES

#: Where the discards of 1, 2 and 3 cards start.
_DISCARDS = (1024, 1024 + 54, 1024 + 54 + comb(54, 2))


def action_count(game: Any) -> int:
    return _DISCARDS[2] + comb(54, 3)


def action_index(game: Any, action: Move) -> int:
    if action & 15 != DISCARD:
        return int(action)
    cards = list(cards_in(action >> 4))
    return _DISCARDS[len(cards) - 1] + sum(comb(c, i + 1) for i, c in enumerate(cards))


PHASES = ("bid", "contract", "call", "talon", "discard", "colour", "announce", "play", "over")
MODES = ("normal", "redeal", "klop")
SEAT_FLAGS, SEAT_NUMBERS = 8, 5


def observation_shape(game: Any) -> tuple[int, ...]:
    return (3 * game.players + 14, 54)


def called_card(called: Mapping[str, str]) -> int:
    """The card a call names: ``{"rank": "king", "suit": "spades"}`` is the KS.

    >>> from parlour.games.tarok.cards import CODES
    >>> CODES[called_card({"rank": "queen", "suit": "hearts"})]
    'QH'
    """
    suit = SUIT_NAMES.index(called["suit"])
    mask = (KINGS if called["rank"] == "king" else QUEENS) & (0xFF << (22 + 8 * (suit - 1)))
    return mask.bit_length() - 1


def encode(game: Any, view: Mapping[str, Any]) -> list[float]:
    n = view["players"]
    seat = view["seat"] or 0
    rel = lambda s: (s - seat) % n  # noqa: E731
    planes = [[0.0] * 54 for _ in range(3 * n + 14)]

    def mark(plane: int, cards: Any) -> None:
        for code in cards or ():
            planes[plane][BY_CODE[code]] = 1.0

    mark(0, view["hand"])
    planes[1:3 * n + 1] = trick_planes(view["log"], BY_CODE, 54, n, seat)
    for e in view["log"]:
        if e["type"] == "take":
            mark(3 * n + 2, e["cards"])
    mark(3 * n + 1, view["talon"])
    mark(3 * n + 3, view["laid_away"])
    mark(3 * n + 4, view["shown"])
    mark(3 * n + 5, view["open_hand"])
    if view["called"]:
        planes[3 * n + 6][called_card(view["called"])] = 1.0
    for plane, name in ((3 * n + 7, view["contract"]), (3 * n + 8, view["high_bid"])):
        if name is not None:
            planes[plane][NAMES.index(name)] = 1.0
    planes[3 * n + 9][PHASES.index(view["phase"])] = 1.0

    flags, numbers = planes[3 * n + 10], planes[3 * n + 11]
    partner = view["partner"] if isinstance(view["partner"], int) else None
    for s in range(n):
        k = rel(s)
        for f, on in enumerate((s == view["declarer"], s == view["high_bidder"], s in view["passed"],
                                s == partner, s in view["to_act"], s == view["dealer"], s == view["forehand"],
                                s == view["leader"])):
            flags[f * n + k] = float(on)
        tricks = 48 / n
        total = view["scores"][s]
        for f, x in enumerate((view["points_taken"][s] / 210, view["tricks"][s] / tricks,
                               view["hands"][s] / (tricks + 3), 0.5 + total / 2000, view["wheels"][s] / 4)):
            numbers[f * n + k] = max(0.0, min(1.0, x))
    said = planes[3 * n + 12]
    for bonus, who in view["announced"].items():
        said[BONUS_NAMES.index(bonus) * n + rel(who)] = 1.0
    for target, level in view["kontra"].items():
        said[5 * n + TARGET_NAMES.index(target)] = KONTRA_NAMES.index(level) / 4
    rest = planes[3 * n + 13]
    rest[0] = float(view["partner"] == "none" or partner is not None and partner == view["declarer"])
    rest[1] = float(view["partner"] is not None)
    rest[2] = float(view["skis_round"])
    rest[3] = view["talon_count"] / 6
    rest[4 + MODES.index(view["mode"])] = 1.0
    return list(chain.from_iterable(planes))
