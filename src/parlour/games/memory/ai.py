"""The memory games' fixed action space for learning programs (see :mod:`parlour.ai.spaces`).

Each kind of action takes a block of indices as large as its places: one for ``draw``, one per own slot for
``swap S``, one per seat and slot for ``snap T.U``, one per own slot, seat and slot for ``jack S T.U``. Slots
are counted up to :data:`SLOTS` (penalty cards add slots; no layout gets near that).

>>> import parlour
>>> from parlour.games.memory.actions import parse
>>> game = parlour.load("kaboo", players=2)
>>> action_count(game), action_index(game, parse("draw")), action_index(game, parse("jack 3 1.2"))
(16969, 1, 1032)
"""

from __future__ import annotations

from typing import Any

from .actions import SHAPES, Move

#: Slots per layout the action space has room for.
SLOTS = 64


def _blocks(players: int) -> list[tuple[int, int]]:
    """Per kind: its first index and its block's size."""
    out, start = [], 0
    for kind in range(len(SHAPES)):
        shape = SHAPES[kind][1]
        size = {"": 1, "s": SLOTS, "t": players * SLOTS, "st": SLOTS * players * SLOTS}[shape]
        out.append((start, size))
        start += size
    return out


def action_count(game: Any) -> int:
    start, size = _blocks(game.players)[-1]
    return start + size


def action_index(game: Any, action: Move) -> int:
    kind, a, b, c = action.kind, action.a, action.b, action.c
    start, _ = _blocks(game.players)[kind]
    shape = SHAPES[kind][1]
    if max(a, c) >= SLOTS:
        raise ValueError(f"slot {max(a, c)} is beyond the {SLOTS} slots the action space has room for")
    return start + {"": 0, "s": a, "t": b * SLOTS + c, "st": (a * game.players + b) * SLOTS + c}[shape]
