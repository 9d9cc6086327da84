"""Zole for learning programs (see :mod:`parlour.ai.spaces`).

Actions: every action but a discard is its own int (below 208); a discard of two cards follows at ``208 +``
its rank among the pairs of the 26 cards. A view is planes over the 26 cards: the hand, the trick, each seat's
plays this hand (from the seat's own), and the cards the seat laid away.

>>> import parlour
>>> from parlour.games.zole.actions import parse
>>> game = parlour.load("zole")
>>> action_count(game), action_index(game, parse("discard 7D 8D"))
(533, 208)
"""

from __future__ import annotations

from math import comb
from typing import Any, Mapping

from parlour.core.encoding import card_planes
from parlour.core.tricks import cards_in

from .actions import DISCARD, Move
from .cards import BY_CODE

_PLAIN = 208


def action_count(game: Any) -> int:
    return _PLAIN + comb(26, 2)


def action_index(game: Any, action: Move) -> int:
    if action & 7 != DISCARD:
        return int(action)
    a, b = cards_in(action >> 3)
    return _PLAIN + comb(a, 1) + comb(b, 2)


def observation_shape(game: Any) -> tuple[int, ...]:
    return (2 + game.players + 1, 26)


def encode(game: Any, view: Mapping[str, Any]) -> list[int]:
    return card_planes(view, BY_CODE, 26, game.players, shown=("laid_away",))
