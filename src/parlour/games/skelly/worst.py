"""The costliest Skelly positions we know how to reach, for ``bench/worst.py``: a flick costs most when it runs
longest (full power, 394 steps at most) and hits most (every cap on the court in its way).

The worst built here: the caps packed in a tight bunch in the middle of the court, in a line across it, or spread
in a ring, with the shooter's cap on the start line (in hand) or in a corner; the bench applies the listed flicks
(full and 0.7 power in every direction) to each. ``cold()`` empties the simulation's cache, so that the bench times
every shot simulated, never one remembered.

>>> import parlour
>>> names = [name for name, _ in worst_positions(parlour.load("skelly", players=6))]
>>> names[0]
'5 caps in a bunch at the centre, the shooter in box 1'
"""

from __future__ import annotations

import math
from typing import Iterator

from parlour.core.game import Game

from .physics import simulate
from .state import SkellyState


def cold() -> None:
    simulate.cache_clear()


def _setup(shooter: str, others: list[tuple[float, float]]) -> str:
    caps = [f"{s + 1}: {x:.4f},{y:.4f}" for s, (x, y) in enumerate(others)]
    return "; ".join([f"0: {shooter}", *caps, "turn 0"])


def worst_positions(game: Game) -> Iterator[tuple[str, SkellyState]]:
    n = game.players - 1
    bunch = [(0.5 + 0.034 * (i % 3) - 0.034, 0.5 + 0.034 * (i // 3)) for i in range(n)]
    line = [(-0.6 + 1.2 * i / max(1, n - 1), 0.55) for i in range(n)]
    ring = [(0.45 * math.cos(2 * math.pi * i / n), 0.45 * math.sin(2 * math.pi * i / n)) for i in range(n)]
    yield f"{n} caps in a bunch at the centre, the shooter in box 1", game.new(seed=1, deck=_setup("-0.85,-0.85", bunch))
    yield f"{n} caps in a line across the court, the shooter on the start line", \
        game.new(seed=1, deck=_setup("hand", line))
    yield f"{n} caps in a ring round the dead box, the shooter in box 2", game.new(seed=1, deck=_setup("0.85,0.85", ring))
