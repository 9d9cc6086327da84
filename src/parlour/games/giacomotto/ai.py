"""Giacomotto for learning programs (see :mod:`parlour.ai.spaces`): actions are their own index (a step's int
is below 256: ``trail C``, ``capture C``, ``take C``, ``done``); a view is four planes over the 52 cards: the
hand, the table, and the cards captured this pack by the seat's side and by the other side.

>>> import parlour
>>> game = parlour.load("giacomotto")
>>> state = game.new(seed=1)
>>> len(encode(game, state.view(0))) == 4 * 52, int(sum(encode(game, state.view(0))))
(True, 10)
"""

from __future__ import annotations

from typing import Any, Mapping

from parlour.core.cards import BY_CODE


def action_count(game: Any) -> int:
    return 256


def observation_shape(game: Any) -> tuple[int, ...]:
    return (4, 52)


def encode(game: Any, view: Mapping[str, Any]) -> list[float]:
    planes = [[0.0] * 52 for _ in range(4)]
    for code in view["hand"] or ():
        planes[0][BY_CODE[code]] = 1.0
    for code in view["table"]:
        planes[1][BY_CODE[code]] = 1.0
    side = {s: i for i, members in enumerate(view["sides"]) for s in members}
    mine = side.get(view["seat"], 0)
    for e in view["log"]:
        if e["type"] in ("capture", "sweep"):
            plane = planes[2 if side[e["seat"]] == mine else 3]
            for code in e["cards"] + ([e["card"]] if e["type"] == "capture" else []):
                plane[BY_CODE[code]] = 1.0
    return [x for p in planes for x in p]
