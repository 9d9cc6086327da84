"""Zole deals per second with random play, as a ratio against the reference baseline.

Every action of a deal is a uniformly random legal one (the bidding too, so most hands have a Big one, some a
Zole, and a few are thrown in when all pass), through the public contract: ``state.legal`` and
``state.apply``. Deals follow one another through whole matches of the default game (12 hands; match ``m``
is seeded ``m``), so each deal's shuffle and deal is timed once, in the deal before it. Two modes alternate
within each repeat: ``engine`` (legal + apply: what a search bot pays per simulated step) and ``views``
(the acting seat's ``state.view`` built before each decision, as the server and every real bot do).
The loop, the timing and the table are ``bench/_deals.py``'s.

    python -m bench zole --deals 2000 --repeat 3

>>> deals = _deals.Deals(parlour.load("zole"), random.Random(1), views=False, deal_of=deal_of)
>>> [deals() for _ in range(3)]
[26, 25, 25]
"""

from __future__ import annotations

import random  # noqa: F401  (the doctest's)

import parlour
from parlour.core.game import State

from bench import _deals


def deal_of(state: State) -> int:
    return state.deals  # type: ignore[attr-defined]


def main(argv: list[str]) -> int:
    return _deals.main("zole", __doc__, argv, lambda players: parlour.load("zole", players=players), deal_of,
                       "Zole, {players} players", players=(3, 4))
