"""The positions that count for repetition, rebuilt from a game's log by taking moves back.

A capture or a reveal can never be undone, so only the moves since the last one matter; they merely moved a
piece, so each is taken back by moving it home.

>>> from .fen import parse_fen
>>> pos = parse_fen("4k4/9/9/9/9/9/9/9/9/3RK4 b")
>>> log = [{"type": "game"}, {"type": "move", "seat": 0, "action": "move d2d1", "check": True}]
>>> keys, checks = reversible_history(pos.board, pos.colour, pos.kings, log)
>>> len(keys), checks
(2, [True])
"""

from __future__ import annotations

from typing import Any

from .actions import parse
from .board import BLACK


def key(board: list[int], colour: int) -> bytes:
    """A position for repetition: the board as everyone sees it (covered pieces by their points) and who moves."""
    return bytes(board) + bytes((colour,))


def reversible_history(board: list[int], colour: int, kings: dict[int, int],
                       log: list[dict[str, Any]]) -> tuple[list[bytes], list[bool]]:
    """The positions since the last capture or reveal (or the log's start), oldest first, the given one last;
    and for each move between them whether it gave check."""
    board, kings = list(board), dict(kings)
    keys = [key(board, colour)]
    checks: list[bool] = []
    for e in reversed(log):
        if e.get("type") != "move":
            continue
        if "capture" in e or "reveal" in e:
            break
        move = parse(e["action"])
        frm, to = move.origin, move.target
        colour ^= BLACK
        board[frm], board[to] = board[to], 0
        if kings[colour] == to:
            kings[colour] = frm
        keys.append(key(board, colour))
        checks.append(bool(e.get("check")))
    keys.reverse()
    checks.reverse()
    return keys, checks
