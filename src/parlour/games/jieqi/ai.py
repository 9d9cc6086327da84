"""Jieqi for learning programs (see :mod:`parlour.ai.spaces`): a move is its own int (``origin | destination <<
7``, points 0..89)."""

from typing import Any


def action_count(game: Any) -> int:
    return 90 << 7
