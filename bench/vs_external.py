"""Our search bots against other engines at equal budgets: ``python -m bench vs-external GAME [args...]``.

Each game's match lives in ``bench/_external_<game>.py`` (its ``main(argv) -> int``): ``xiangqi`` and ``jieqi``
(Fairy-Stockfish at a node budget; Jieqi against our earlier searcher, Fairy-Stockfish does not play it).
``python -m bench vs-external GAME --help`` shows one game's options.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

HERE = Path(__file__).parent


def games() -> list[str]:
    """The games with a match against an external engine: the ``_external_<game>.py`` modules beside this one."""
    return sorted(path.stem[len("_external_"):] for path in HERE.glob("_external_*.py"))


def main(argv: list[str]) -> int:
    known = games()
    if not argv or argv[0] in ("-h", "--help"):
        print(f"usage: python -m bench vs-external GAME [args...]; GAME is one of: {', '.join(known)}")
        return 0 if argv else 2
    name, rest = argv[0], argv[1:]
    if name not in known:
        print(f"no external match for {name!r}; the games are: {', '.join(known)}", file=sys.stderr)
        return 2
    return importlib.import_module(f"bench._external_{name}").main(rest)
