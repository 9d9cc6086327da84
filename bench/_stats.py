"""The intervals the match benchmarks quote: Wilson's for a share of wins, the normal one for a mean.

>>> low, high = wilson(15, 20)
>>> round(low, 3), round(high, 3)
(0.531, 0.888)
>>> wilson(0, 0)
(0.0, 1.0)
>>> mean, half = mean_interval([1.0, 3.0, 2.0, 2.0])
>>> mean, round(half, 3)
(2.0, 0.8)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share ``wins / n`` (95 % by default); draws may count as half a win."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its normal 95 % interval (z times the standard error)."""
    if not values:
        return 0.0, math.inf
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, z * statistics.stdev(values) / math.sqrt(len(values))
