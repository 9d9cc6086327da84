"""Giacomotto for learning programs (see :mod:`parlour.ai.spaces`): actions are their own index (a step's int
is below 256: ``trail C``, ``capture C``, ``take C``, ``done``); a view is 20 planes over the 52 cards
(``parlour.core.cards`` order), "mine" meaning the seat's side, seats counted from the seat itself:

* 0, 1: the hand, the table;
* 2–5, the capture in progress: the card played, the cards of the groups complete so far, the cards of the group
  being built, and the values its groups may sum to (entry ``v`` for ``v`` in 0..14);
* 6, 7: the cards my side and the other side banked this pack;
* 8, 9: the match totals / ``target`` (capped at 1); 10, 11: the tablas this pack / 10 (capped);
* 12: the cards left in the stock / 48; 13, 14: my side, the other side, took last;
* 15: the seat is to act; 16: the seat dealt; 17–19: the hand sizes of the next three seats / 6.

Never another hand's cards: only how many.

>>> import parlour
>>> game = parlour.load("giacomotto")
>>> state = game.new(seed=1)
>>> p = encode(game, state.view(0))
>>> len(p) == 20 * 52, int(sum(p[:104]))
(True, 10)
"""

from __future__ import annotations

from itertools import chain
from typing import Any, Mapping

from parlour.core.cards import BY_CODE

PLANES = 20
#: what the bounds scale by: the cards not on the table when a pack starts; tablas a pack (capped); a hand
STOCK, TABLAS, HAND = 48, 10, 6


def action_count(game: Any) -> int:
    return 256


def observation_shape(game: Any) -> tuple[int, ...]:
    return (PLANES, 52)


def encode(game: Any, view: Mapping[str, Any]) -> list[float]:
    planes = [[0.0] * 52 for _ in range(PLANES)]

    def mark(plane: int, cards: Any) -> None:
        for code in cards:
            planes[plane][BY_CODE[code]] = 1.0

    def fill(plane: int, value: float) -> None:
        planes[plane] = [min(1.0, float(value))] * 52

    mark(0, view["hand"] or ())
    mark(1, view["table"])
    capture = view["capture"]
    if capture:
        mark(2, [capture["card"]])
        mark(3, [c for g in capture["groups"] for c in g])
        mark(4, capture["group"])
        for v in capture["values"]:
            planes[5][v] = 1.0
    side = {s: i for i, members in enumerate(view["sides"]) for s in members}
    seat = view["seat"] if view["seat"] is not None else 0
    mine = side[seat]
    for e in view["log"]:
        if e["type"] in ("capture", "sweep"):
            mark(6 if side[e["seat"]] == mine else 7, e["cards"] + ([e["card"]] if e["type"] == "capture" else []))
    target = view["options"]["target"]
    fill(8, view["scores"][mine] / target)
    fill(9, view["scores"][1 - mine] / target)
    fill(10, view["tablas"][mine] / TABLAS)
    fill(11, view["tablas"][1 - mine] / TABLAS)
    fill(12, view["stock"] / STOCK)
    last = view["last_capturer"]
    if last is not None:
        fill(13 if side[last] == mine else 14, 1)
    fill(15, seat in view["to_act"])
    fill(16, view["dealer"] == seat)
    n = view["players"]
    for k in range(1, n):
        fill(16 + k, view["hands"][(seat + k) % n] / HAND)
    return list(chain.from_iterable(planes))
