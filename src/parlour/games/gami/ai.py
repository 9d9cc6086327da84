"""Gami for learning programs (see :mod:`parlour.ai.spaces`).

An exchange is its own int (``give | take << 5 | (capture + 1) << 10``, below ``25 << 10``). Every card is face
up, so a view holds the whole position; it is :data:`PLANES` planes over the 24 cards (``suit * 8 + rank``,
suits C D H, ranks A..8, as :mod:`.cards` numbers them):

* 0: the seat's hand; 1: the other seat's hand; 2: the table;
* 3: all ones if the seat is to move;
* 4: the exchanges made this deal over ``max_plies`` (the deal stops at 1);
* 5: how often the position has come round over 3 (the deal stops at 1);
* 6, 7: the seat's and the other seat's match points over the most a match gives (2 a deal).

>>> import parlour
>>> game = parlour.load("gami")
>>> planes = encode(game, game.new(seed=1).view(0))
>>> observation_shape(game), sum(planes[:24]), sum(planes[24:48]), sum(planes[48:72]), planes[3 * 24]
((8, 24), 9.0, 9.0, 6.0, 0.0)
"""

from __future__ import annotations

from typing import Any, Mapping

from .cards import BY_CODE, COUNT

#: Planes of the observation.
PLANES = 8
#: The deal stops when a position comes round this many times.
_REPEATS = 3


def action_count(game: Any) -> int:
    return 25 << 10


def observation_shape(game: Any) -> tuple[int, ...]:
    return (PLANES, COUNT)


def encode(game: Any, view: Mapping[str, Any]) -> list[float]:
    seat = view["seat"] or 0  # a spectator sees it as seat 0 does: nothing is hidden from anyone
    planes = [[0.0] * COUNT for _ in range(PLANES)]
    for plane, cards in ((0, view["hands"][seat]), (1, view["hands"][1 - seat]), (2, view["table"])):
        for code in cards:
            planes[plane][BY_CODE[code]] = 1.0
    most = 2 * view["options"]["games"]
    for plane, value in ((3, 1.0 if seat in view["to_act"] else 0.0),
                         (4, view["plies"] / view["options"]["max_plies"]),
                         (5, view["repeats"] / _REPEATS),
                         (6, view["scores"][seat] / most), (7, view["scores"][1 - seat] / most)):
        planes[plane] = [min(value, 1.0)] * COUNT
    return [x for p in planes for x in p]
