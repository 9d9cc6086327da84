"""Setting up Jieqi positions for the tests."""

from __future__ import annotations

from typing import Any

import parlour
from parlour.games.jieqi.board import BLACK
from parlour.games.jieqi.movegen import legal_moves
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


def play_move(board: list[int], kings: dict[int, int], colour: int, m: int) -> tuple[list[int], dict[int, int]]:
    frm, to = m & 127, m >> 7
    board, kings = list(board), dict(kings)
    board[to], board[frm] = board[frm], 0
    if kings[colour] == frm:
        kings[colour] = to
    return board, kings


def mates_within(board: list[int], kings: dict[int, int], colour: int, n: int) -> bool:
    """Whether the side to move forces the other side out of moves (mate or stalemate: both lose) within ``n``
    moves, by trying every line: the check the search is held to."""
    if n <= 0:
        return False
    for m in legal_moves(board, colour, kings[colour], False):
        b, k = play_move(board, kings, colour, m)
        replies = legal_moves(b, colour ^ BLACK, k[colour ^ BLACK], False)
        if not replies:
            return True
        if n > 1 and all(mates_within(*play_move(b, k, colour ^ BLACK, r), colour, n - 1) for r in replies):
            return True
    return False


def starts_mate(fen: str, move: int, n: int) -> bool:
    """Whether ``move`` from ``fen`` (plain Xiangqi) forces a mate within ``n`` moves, itself included."""
    from parlour.games.jieqi.fen import parse_fen

    pos = parse_fen(fen)
    b, k = play_move(pos.board, pos.kings, pos.colour, move)
    replies = legal_moves(b, pos.colour ^ BLACK, k[pos.colour ^ BLACK], False)
    return all(mates_within(*play_move(b, k, pos.colour ^ BLACK, r), pos.colour, n - 1) for r in replies)
