"""Kaboo for learning programs: the memory games' action space and observation (:mod:`parlour.games.memory.ai`),
with room for :data:`PENALTY_SLOTS` penalty cards a layout gains by wrong snaps.

>>> import parlour
>>> game = parlour.load("kaboo", players=2)
>>> observation_shape(game) == (len(encode(game, game.new(seed=1).bot_view(0))),)
True
"""

from __future__ import annotations

from typing import Any, Mapping

from parlour.games.memory import ai as _memory
from parlour.games.memory.ai import MOST_STEPS

#: Penalty slots beyond the four the observation shows (a layout with more counts them in its size entry only).
PENALTY_SLOTS = 4
#: Slots the action space can name: the layout's four and 20 penalty cards (random play reached 14 in all).
ACTION_ROOM = 24

__all__ = ["MOST_STEPS", "action_count", "action_index", "action_steps", "observation_shape", "encode"]


def action_count(game: Any) -> int:
    return _memory.action_count(game, ACTION_ROOM)


def action_index(game: Any, action: Any) -> int:
    return _memory.action_index(game, action, ACTION_ROOM)


def action_steps(game: Any, action: Any) -> tuple[int, ...] | None:
    return _memory.action_steps(game, action, ACTION_ROOM)


def observation_shape(game: Any) -> tuple[int, ...]:
    return _memory.observation_shape(game, extra=PENALTY_SLOTS)


def encode(game: Any, view: Mapping[str, Any]) -> list[float]:
    return _memory.encode(game, view, extra=PENALTY_SLOTS)
