"""The Claw for learning programs (see :mod:`parlour.ai.spaces`): ``claim C`` is the card's number (the call it
names is always the current one), ``tug`` is 52, ``call`` 53.

>>> from parlour.games.claw.actions import CALL, claim, tug
>>> action_count(None), action_index(None, claim(7, 12)), action_index(None, tug(3)), action_index(None, CALL)
(54, 7, 52, 53)
"""

from __future__ import annotations

from typing import Any

from .actions import CALL_CODE, TUG_CARD, ClawAction


def action_count(game: Any) -> int:
    return 54


def action_index(game: Any, action: ClawAction) -> int:
    if action == CALL_CODE:
        return 53
    return 52 if action & 255 == TUG_CARD else action & 255
