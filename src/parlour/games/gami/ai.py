"""Gami for learning programs (see :mod:`parlour.ai.spaces`): an exchange is its own int
(``give | take << 5 | (capture + 1) << 10``, below ``25 << 10``)."""

from typing import Any


def action_count(game: Any) -> int:
    return 25 << 10
