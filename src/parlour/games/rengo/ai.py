"""Go and Rengo for learning programs (see :mod:`parlour.ai.spaces`).

An action is its own int (``kind << 10 | row << 5 | col``: play, dead, alive, and the words pass, resign, accept,
resume). A view is two planes over the board, the seat's side's stones and the other side's, from the board's
top row down (rows of the view's ``board``).

>>> import parlour
>>> game = parlour.load("go", size=9)
>>> state = game.new(seed=1)
>>> _ = state.apply(0, "play E5")
>>> action_count(game), observation_shape(game), sum(encode(game, state.view(1)))
(4096, (2, 9, 9), 1.0)
"""

from __future__ import annotations

from typing import Any, Mapping


def action_count(game: Any) -> int:
    return 4 << 10


def observation_shape(game: Any) -> tuple[int, ...]:
    size = game.options["size"]
    return (2, size, size)


def encode(game: Any, view: Mapping[str, Any]) -> list[float]:
    seat = view["seat"]
    mine = "X" if seat is None or seat in view["teams"][0] else "O"
    theirs = "O" if mine == "X" else "X"
    rows = view["board"]
    return ([1.0 if ch == mine else 0.0 for row in rows for ch in row]
            + [1.0 if ch == theirs else 0.0 for row in rows for ch in row])
