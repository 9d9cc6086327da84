"""The move generator's kernel (what the compiled build runs) against the generator over tuples (what Python runs).

In the compiled build the kernel's functions are C functions: the public ``legal_moves``, ``attacked`` and ``perft``
call them, so those are held to the Python functions ``_legal_moves``, ``_attacked`` and ``_perft`` (compiled from
the same source as plain Python code). In pure Python the public functions *are* those, so the kernel's own
functions (plain Python there) are called on a board of 91 ints instead. Either way, the kernel must give exactly
the same moves, in the same order, as the functions over tuples.
"""

from __future__ import annotations

import pytest

from parlour.core.rng import Rng
from parlour.games.jieqi import movegen
from parlour.games.jieqi.board import BLACK, RED, SQUARES
from parlour.games.jieqi.fen import XIANGQI_START, parse_fen

from .helpers import load

COMPILED = not hasattr(movegen, "_klegal")  # the kernel's functions are C functions, hidden from Python


def kernel_legal(board: list[int], colour: int, king: int, free: bool) -> list[int]:
    if COMPILED:
        return movegen.legal_moves(board, colour, king, free)
    out = [0] * 272
    return out[:movegen._klegal(board + [0], colour, king, free, out)]


def kernel_pseudo(board: list[int], colour: int, free: bool) -> list[int] | None:
    if COMPILED:
        return None  # only the legal moves come out of the compiled kernel
    out = [0] * 272
    return out[:movegen._kpseudo(board + [0], colour, free, out)]


def kernel_attacked(board: list[int], sq: int, them: int, free: bool) -> bool:
    if COMPILED:
        return movegen.attacked(board, sq, them, free)
    return movegen._kattacked(board + [0], sq, them, free)


def kernel_perft(board: list[int], colour: int, kings: dict[int, int], depth: int, free: bool) -> int:
    if COMPILED:
        return movegen.perft(board, colour, kings, depth, free)
    return movegen._kperft(board + [0], colour, [kings[RED], kings[BLACK]], depth, free)


def positions(plain: bool, games: int, plies: int):
    """Boards every other ply of random games (seeded): Jieqi's with covered and revealed pieces, or Xiangqi's."""
    game = load(plain=plain)
    for g in range(games):
        state = game.new(seed=500 + g)
        rng = Rng(g)
        for ply in range(plies):
            if state.over:
                break
            if ply % 2 == 0:
                yield state
            state.apply(state.to_act[0], rng.choice(state.legal(state.to_act[0])))


@pytest.mark.parametrize("plain", [True, False], ids=["xiangqi", "jieqi"])
def test_kernel_moves_and_attacks_are_the_generators(plain):
    checked = checks = 0
    for state in positions(plain, games=6, plies=160):
        board, free = list(state.board), state.free
        for colour in (RED, BLACK):
            king = state.kings[colour]
            expected = movegen._legal_moves(board, colour, king, free)
            assert kernel_legal(board, colour, king, free) == expected
            pseudo = kernel_pseudo(board, colour, free)
            assert pseudo is None or pseudo == movegen.pseudo_moves(board, colour, free)
            for sq in range(SQUARES):
                attacked = movegen._attacked(board, sq, colour, free)
                assert kernel_attacked(board, sq, colour, free) == attacked, (sq, colour)
                checks += attacked
        assert board == state.board  # the kernel put the board back
        checked += 1
    assert checked > 200 and checks > 1000


@pytest.mark.parametrize("free", [False, True], ids=["xiangqi", "jieqi"])
def test_kernel_perft_is_the_generators(free):
    for state in list(positions(plain=not free, games=2, plies=60))[::6]:
        kings = dict(state.kings)
        for depth in (0, 1, 2):
            assert kernel_perft(list(state.board), state.colour, kings, depth, free) == \
                movegen._perft(list(state.board), state.colour, kings, depth, free)
    pos = parse_fen(XIANGQI_START)
    assert kernel_perft(pos.board, pos.colour, pos.kings, 3, free) == movegen._perft(pos.board, pos.colour,
                                                                                       dict(pos.kings), 3, free)


def test_boards_the_kernel_cannot_take_go_the_python_way():
    """The kernel has room for the moves of 16 pieces a side; a board with more is left to Python (this matters
    in the compiled build, where the public functions would otherwise run the kernel)."""
    pos = parse_fen("4k4/9/9/9/9/9/RRRRRRRRR/RRRRRRRRR/9/4K4 w - - 0 1")  # 18 chariots and the general
    board = pos.board
    assert sum(1 for p in board if p and not p & BLACK) == 19
    assert movegen.legal_moves(board, RED, pos.kings[RED], False) == movegen._legal_moves(board, RED, pos.kings[RED],
                                                                                          False)
    assert movegen.perft(board, RED, pos.kings, 2) == movegen._perft(board, RED, dict(pos.kings), 2, False)
