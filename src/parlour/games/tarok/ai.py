"""Tarok for learning programs (see :mod:`parlour.ai.spaces`).

Actions: every action but a discard is its own int (below 1024); a discard of one to three cards follows at
``1024 +`` its rank among the sets of that many cards (the combinatorial number system). A view is planes over
the 54 cards: the hand, the trick, each seat's plays this deal (from the seat's own), the exposed talon and the
taroks laid away face up.

>>> import parlour
>>> from parlour.games.tarok.actions import parse
>>> game = parlour.load("tarok")
>>> action_count(game), action_index(game, parse("play T21")), action_index(game, parse("discard 4H 3H"))
(27313, 320, 1353)
"""

from __future__ import annotations

from math import comb
from typing import Any, Mapping

from parlour.core.encoding import card_planes
from parlour.core.tricks import cards_in

from .actions import DISCARD, Move
from .cards import BY_CODE

#: Where the discards of 1, 2 and 3 cards start.
_DISCARDS = (1024, 1024 + 54, 1024 + 54 + comb(54, 2))


def action_count(game: Any) -> int:
    return _DISCARDS[2] + comb(54, 3)


def action_index(game: Any, action: Move) -> int:
    if action & 15 != DISCARD:
        return int(action)
    cards = list(cards_in(action >> 4))
    return _DISCARDS[len(cards) - 1] + sum(comb(c, i + 1) for i, c in enumerate(cards))


def observation_shape(game: Any) -> tuple[int, ...]:
    return (2 + game.players + 2, 54)


def encode(game: Any, view: Mapping[str, Any]) -> list[int]:
    return card_planes(view, BY_CODE, 54, game.players, shown=("talon", "shown"))
