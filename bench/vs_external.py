"""Our bots against programs no one here wrote: GNU Go, Fairy-Stockfish, tablic's minimax (wins, 95% intervals).

``python -m bench vs-external GAME [options]`` runs ``bench/_external_GAME.py``'s ``main(options)``; each names
its outside opponent, how it is found (an installed program, or a checkout of its public source that the user
names: nothing of theirs is copied into parlour), and the budgets of both sides: ``go`` (GNU Go at its levels),
``xiangqi`` (Fairy-Stockfish at a node budget), ``jieqi`` (our searcher from before issue 28: Fairy-Stockfish does
not play Jieqi), ``giacomotto`` (DavorPenzar/tablic's minimax player).

    python -m bench vs-external xiangqi --games 16 --nodes 20000
    python -m bench vs-external giacomotto --tablic ~/src/tablic --matches 100
    python -m bench vs-external GAME --help
"""

from __future__ import annotations

import importlib
import sys

from bench import HERE


def games() -> list[str]:
    """The games with an outside opponent: the ``_external_GAME.py`` modules of this folder."""
    return sorted(p.stem.removeprefix("_external_") for p in HERE.glob("_external_*.py"))


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip(), "\n\ngames: " + ", ".join(games()))
        return 0
    if argv[0] not in games():
        print(f"no outside opponent for {argv[0]!r}; there are: {', '.join(games())}", file=sys.stderr)
        return 2
    return importlib.import_module(f"bench._external_{argv[0]}").main(argv[1:])
