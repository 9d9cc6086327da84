"""Spoons for learning programs (see :mod:`parlour.ai.spaces`): ``pass C`` is the card's number, ``grab`` 64."""

from typing import Any


def action_count(game: Any) -> int:
    return 65
