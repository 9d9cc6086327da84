"""Tysiąc for learning programs (see :mod:`parlour.ai.spaces`): every action is its own int (a kind in 4 bits and
a payload below 96: a card, a bid in fives up to 400, a card and a seat for a gift); a view is planes over the
24 cards: the hand, the trick, each seat's plays this deal (from the seat's own), and the prikup once shown.

>>> import parlour
>>> game = parlour.load("tysiac")
>>> state = game.new(seed=1)
>>> action_count(game), len(encode(game, state.view(0))) == (2 + 3 + 1) * 24
(1536, True)
"""

from __future__ import annotations

from typing import Any, Mapping

from parlour.core.encoding import card_planes

from .cards import BY_CODE


def action_count(game: Any) -> int:
    return 96 << 4


def observation_shape(game: Any) -> tuple[int, ...]:
    return (2 + game.players + 1, 24)


def encode(game: Any, view: Mapping[str, Any]) -> list[int]:
    return card_planes(view, BY_CODE, 24, game.players, shown=("prikup",))
