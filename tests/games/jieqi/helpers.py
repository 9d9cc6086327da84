"""Setting up Jieqi positions for the tests."""

from __future__ import annotations

from typing import Any

import parlour
from parlour.games.jieqi.state import JieqiState


def load(**options: Any):
    return parlour.load("jieqi", **options)


def setup(fen: str, seed: int = 1, **options: Any) -> JieqiState:
    """A match whose first game starts from ``fen`` (Jieqi FEN; ``C~`` a covered piece that is a cannon)."""
    return load(**options).new(seed=seed, deck=fen)


def moves(state: JieqiState) -> set[str]:
    """The legal moves of the seat to move, as ``h3e3``."""
    return {str(a)[5:] for a in state.legal(state.to_act[0])}


def moves_from(state: JieqiState, point: str) -> set[str]:
    """The destinations of the piece on ``point``."""
    return {m[len(point):] for m in moves(state) if m.startswith(point) and not m[len(point)].isdigit()}


def play(state: JieqiState, *texts: str) -> JieqiState:
    for text in texts:
        state.apply(state.to_act[0], text if text.startswith("move") else f"move {text}")
    return state


def fen_of(pieces: dict[str, str], side: str = "w") -> str:
    """A FEN from ``{"e1": "K", "e10": "k", "a1": "C~"}`` and the side to move."""
    grid: list[list[str | None]] = [[None] * 9 for _ in range(10)]
    for point, letter in pieces.items():
        grid[int(point[1:]) - 1]["abcdefghi".index(point[0])] = letter
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for cell in grid[rank]:
            if cell is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + cell
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + f" {side} - - 0 1"
