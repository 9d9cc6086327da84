"""Our bots against an outside engine (GNU Go for Go), game by game, with 95% Wilson intervals.

``python -m bench vs-external GAME [args...]``. Each game has its own module beside this one,
``bench/_external_<game>.py`` (``go``: GNU Go over GTP), with a ``main(argv) -> int`` of its own options; this
module finds them by that name, so a game is added by adding its file. What they share is here: the Wilson score interval of a win rate.

    python -m bench vs-external go --level 10 --size 9 --games 10 --simulations 20000
    python -m bench vs-external go --help

>>> [round(x, 3) for x in wilson(3, 20)]     # 3 wins in 20 games: 15 %, between 5 % and 36 %
[0.052, 0.36]
>>> wilson(0, 0)
(0.0, 1.0)
>>> sorted(games()) >= ["go"]
True
"""

from __future__ import annotations

import importlib
import math
import sys
from pathlib import Path

HERE = Path(__file__).parent
PREFIX = "_external_"


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``z=1.96``: 95%): ``wins`` (a draw counts a half) of ``n``."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def games() -> list[str]:
    """The games that have a module ``_external_<game>.py`` here."""
    return sorted(p.stem[len(PREFIX):] for p in HERE.glob(f"{PREFIX}*.py"))


def main(argv: list[str]) -> int:
    known = games()
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m bench vs-external GAME [args...]    (GAME --help for its options)\n"
              f"games: {', '.join(known)}")
        return 0 if argv else 2
    game, rest = argv[0], argv[1:]
    if game not in known:
        print(f"no outside engine for {game!r}; the games are: {', '.join(known)}", file=sys.stderr)
        return 2
    return importlib.import_module(f"bench.{PREFIX}{game}").main(rest)
