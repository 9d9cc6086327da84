"""Tarok for learning programs (see :mod:`parlour.ai.spaces`).

Actions: 180 indices, a block per kind — the 54 card plays, the 13 bids, pass, the 13 final contracts, the 8 calls
(kings, then queens), the 6 talon groups, forfeit, the 54 cards a discard lays away, the 5 announcements, the 24
kontras (4 levels × 6 targets) and the Emperor's lead. A discard is chosen in steps, its cards one by one, lowest
first (``action_steps``): a fixed index per set of cards would need 27,313.
A view is planes over the 54 cards: the hand, the trick, each seat's plays this deal (from the seat's own), the
exposed talon and the taroks laid away face up.

>>> import parlour
>>> from parlour.games.tarok.actions import parse
>>> game = parlour.load("tarok")
>>> action_count(game), action_index(game, parse("play T21")), action_steps(game, parse("discard 4H 3H"))
(180, 20, (118, 119))
>>> [action_index(game, parse(t)) for t in ("bid klop", "pass", "call queen clubs", "kontra game", "lead emperor")]
[54, 67, 88, 155, 179]

Every index names one action (the discard's as a step) and back:

>>> from parlour.games.tarok.actions import PLAYS
>>> texts = [str(a) for a in PLAYS] + [f"bid {n}" for n in NAMES[:-1]]
>>> all(str(action_at(game, action_index(game, parse(t)))) == t for t in texts)
True
"""

from __future__ import annotations

from typing import Any, Mapping

from parlour.core.encoding import card_planes
from parlour.core.tricks import cards_in

from .actions import (ANNOUNCE, BID, CALL, CONTRACT, DISCARD, EMPEROR, FORFEIT, KONTRA, PASS, PLAY, TALON, Move,
                      move)
from .cards import BY_CODE
from .contracts import BONUS_NAMES, NAMES, TARGET_NAMES

#: Each kind's block: its size, in the order of the space.
_SIZES = ((PLAY, 54), (BID, len(NAMES)), (PASS, 1), (CONTRACT, len(NAMES)), (CALL, 8), (TALON, 6), (FORFEIT, 1),
          (DISCARD, 54), (ANNOUNCE, len(BONUS_NAMES)), (KONTRA, 4 * len(TARGET_NAMES)), (EMPEROR, 1))
#: Where each kind's block starts.
START: dict[int, int] = {}
_at = 0
for _kind, _size in _SIZES:
    START[_kind] = _at
    _at += _size
SIZE = _at


def action_count(game: Any) -> int:
    return SIZE


def _offset(action: Move) -> int:
    kind, p = action & 15, action >> 4
    if kind == KONTRA:  # payload: target | level << 3, levels 1..4
        return ((p >> 3) - 1) * len(TARGET_NAMES) + (p & 7)
    return p if kind in (PLAY, BID, CONTRACT, CALL, TALON, ANNOUNCE) else 0


def action_index(game: Any, action: Move) -> int:
    """The action's index; a discard's first step (its lowest card)."""
    if action & 15 == DISCARD:
        return START[DISCARD] + next(iter(cards_in(action >> 4)))
    return START[action & 15] + _offset(action)


def action_steps(game: Any, action: Move) -> tuple[int, ...]:
    """A discard: its cards, lowest first; any other action: its index."""
    if action & 15 == DISCARD:
        return tuple(START[DISCARD] + c for c in cards_in(action >> 4))
    return (START[action & 15] + _offset(action),)


def action_at(game: Any, index: int) -> Move:
    """The action at ``index`` (for a discard's block: the card's one-card discard, the step's meaning)."""
    for kind, size in reversed(_SIZES):
        if index >= START[kind]:
            offset = index - START[kind]
            if not 0 <= offset < size:
                break
            if kind == KONTRA:
                return move(KONTRA, offset % len(TARGET_NAMES) | (offset // len(TARGET_NAMES) + 1) << 3)
            if kind == DISCARD:
                return move(DISCARD, 1 << offset)
            return move(kind, offset)
    raise ValueError(f"tarok's actions are 0..{SIZE - 1}, not {index}")


def observation_shape(game: Any) -> tuple[int, ...]:
    return (2 + game.players + 2, 54)


def encode(game: Any, view: Mapping[str, Any]) -> list[int]:
    return card_planes(view, BY_CODE, 54, game.players, shown=("talon", "shown"))
