"""Tysiąc deals per second with random play, as a ratio against the reference baseline.

Every action of a hand is a uniformly random legal one (the auction too: random bidders overbid and lose, so
whole matches end at the default deal limit of 60 hands), through the public contract: ``state.legal`` and
``state.apply``. A deal is a hand dealt: played and scored, given up (Rospisat' is off by default) or thrown in
for four nines. Modes ``engine`` and ``views`` as ``bench/_deals.py`` says.

    python -m bench tysiac --deals 2000 --repeat 3
"""

from __future__ import annotations

import parlour

from bench import _deals


def main(argv: list[str]) -> int:
    return _deals.main("tysiac", __doc__, argv, lambda players: parlour.load("tysiac"), lambda state: state.deal_no,
                       "Tysiąc, {players} players")
