"""The Claw for learning programs (see :mod:`parlour.ai.spaces`).

``claim C`` is the card's number (the call it names is always the current one), ``tug`` is 52, ``call`` 53.

A view is planes over the 52 cards (:mod:`parlour.core.cards` order); the table's cards all lie face up, so the
only thing hidden is the order of the caller's deck still to come (the view never tells it, nor does this):

* 0: on the table; 1, 2, 3: where it lies, x / 1000, y / 640 (the table's size), its angle / 360;
* 4: called already; 5: the card called now; 6: lost from the worn deck; 7: torn in a contest;
* 8 .. 8+n-1: each seat's pile, from the seat itself on;
* then per seat from the seat on, a plane each: calls it still sits out / 3, barred from this call, its tugs in a
  contest / 4, holds the card being tugged, is the caller (``caller="rotating"``);
* then the phase (pause, call, drag, over), the call's number / 52, the calls left / 52, the open window's
  seconds / the longest window, and whether the seat may act.

>>> import parlour
>>> from parlour.games.claw.actions import CALL, claim, tug
>>> action_count(None), action_index(None, claim(7, 12)), action_index(None, tug(3)), action_index(None, CALL)
(54, 7, 52, 53)
>>> game = parlour.load("claw", players=2)
>>> planes = encode(game, game.new(seed=1).view(0))
>>> observation_shape(game), sum(planes[:52]), sum(planes[4 * 52:5 * 52])
((28, 52), 52.0, 0.0)
"""

from __future__ import annotations

from typing import Any, Mapping

from parlour.core.cards import BY_CODE

from .actions import CALL_CODE, TUG_CARD, ClawAction
from .state import CALLER_SECONDS, FIRST_PAUSE, HEIGHT, PENALTY, TUGS, WIDTH

PHASES = ("pause", "call", "drag", "over")


def action_count(game: Any) -> int:
    return 54


def action_index(game: Any, action: ClawAction) -> int:
    if action == CALL_CODE:
        return 53
    return 52 if action & 255 == TUG_CARD else action & 255


def observation_shape(game: Any) -> tuple[int, ...]:
    return (8 + 6 * game.players + len(PHASES) + 4, 52)


def encode(game: Any, view: Mapping[str, Any]) -> list[float]:
    n = game.players
    seat = view["seat"] or 0
    order = [(seat + k) % n for k in range(n)]
    planes = [[0.0] * 52 for _ in range(8 + n)]
    for code, x, y, angle in view["spread"]:
        c = BY_CODE[code]
        planes[0][c], planes[1][c], planes[2][c], planes[3][c] = 1.0, x / WIDTH, y / HEIGHT, (angle % 360) / 360
    for plane, codes in ((4, view["called"]), (5, [view["card"]] if view["card"] else []), (6, view["lost"]),
                         (7, view["torn"])):
        for code in codes:
            planes[plane][BY_CODE[code]] = 1.0
    for k, s in enumerate(order):
        for code in view["piles"][s]:
            planes[8 + k][BY_CODE[code]] = 1.0
    drag = view["drag"] or {}
    taps = drag.get("taps") or [0] * n
    numbers: list[float] = [min(view["sitting"][s] / (PENALTY + 1), 1.0) for s in order]
    numbers += [1.0 if s in view["blocked"] else 0.0 for s in order]
    numbers += [min(taps[s] / TUGS, 1.0) for s in order]
    numbers += [1.0 if drag.get("holder") == s else 0.0 for s in order]
    numbers += [1.0 if view["caller"] == s else 0.0 for s in order]
    numbers += [1.0 if view["phase"] == p else 0.0 for p in PHASES]
    window = max(view["options"]["call_seconds"], CALLER_SECONDS, FIRST_PAUSE)
    numbers += [min(view["call"] / 52, 1.0), min(view["calls_left"] / 52, 1.0),
                min((view["deadline"] or 0.0) / window, 1.0), 1.0 if view["seat"] in view["to_act"] else 0.0]
    return [x for p in planes for x in p] + [x for v in numbers for x in [v] * 52]
