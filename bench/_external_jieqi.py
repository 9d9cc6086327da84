"""Jieqi: our searcher against our searcher before issue 28 at the same node budget (Fairy-Stockfish has no Jieqi).

See ``bench/_external_xiangqi.py``: ``python -m bench vs-external jieqi --games 10 --nodes 20000``.
"""

from __future__ import annotations

from bench._external_xiangqi import main as _main


def main(argv: list[str]) -> int:
    return _main(argv, variant="jieqi")
