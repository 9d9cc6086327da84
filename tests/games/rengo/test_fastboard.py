"""The play-out board (``fastboard``) against the game's board on random games, its tactics, and its patterns.

Legal points, stones after every move, captures, liberties and atari, eyes and self-ataris are compared point by
point with :class:`parlour.games.rengo.board.Board` (the rules' authority, itself checked against OpenSpiel);
``GO_FAST_GAMES=200 python -m pytest tests/games/rengo/test_fastboard.py`` for a longer series.
"""

from __future__ import annotations

import os
import random

import pytest

from parlour.games.rengo import fastboard
from parlour.games.rengo.board import Board
from parlour.games.rengo.fastboard import BLACK, BORDER, EMPTY, WHITE, FastBoard, pattern_table
from parlour.games.rengo.mcts import is_eye

GAMES = int(os.environ.get("GO_FAST_GAMES", "6"))


def check_position(board: Board, fast: FastBoard, colour: int) -> None:
    """Everything the play-outs read agrees with the game's board."""
    size = board.size
    legal = set(board.legal_points(colour))
    for q in range(size * size):
        p = fast.padded(q)
        assert fast.colour_at(p) == board.colour[q]
        if board.colour[q]:
            libs = board.libs[board.head[q]].bit_count()
            assert fast.liberties(p) == libs
            assert fast.in_atari(p) == (libs == 1)
            assert fast.chain_size(p) == board.stones[board.head[q]].bit_count()
            if libs == 1:
                assert fast.atari_liberty(p) == fast.padded(board.libs[board.head[q]].bit_length() - 1)
            continue
        assert fast.is_eye(p, colour) == is_eye(board, q, colour)
        if q in legal:
            assert fast.legal(p, colour)
        elif fast.legal(p, colour):  # only a repetition the simple ko does not see (positional superko)
            assert board.result_hash(q, colour) in board.seen


def check_self_atari(board: Board, fast: FastBoard, colour: int, rnd: random.Random) -> None:
    """``self_atari`` and ``captures`` say what playing the point does, for a few legal points."""
    size = board.size
    after = FastBoard(size)
    for q in rnd.sample(board.legal_points(colour), min(8, len(board.legal_points(colour)))):
        p = fast.padded(q)
        captures, self_atari = fast.captures(p, colour), fast.self_atari(p, colour)
        trial = board.clone()
        before = trial.masks[3 - colour].bit_count()
        trial.play(q, colour)
        assert (captures > 0) == (trial.masks[3 - colour].bit_count() < before)
        if captures == 0:
            after.copy_from(fast)
            after.play(p, colour)
            libs = trial.libs[trial.head[q]].bit_count()
            assert self_atari == (trial.stones[trial.head[q]].bit_count() if libs == 1 else 0)


@pytest.mark.parametrize("size", [9, 13])
def test_random_games_agree_with_the_game_board(size):
    for seed in range(GAMES if size == 9 else max(1, GAMES // 3)):
        rnd = random.Random(seed)
        board, fast = Board(size), FastBoard(size, seed=seed + 1)
        colour, passes, moves = BLACK, 0, 0
        while passes < 2 and moves < 3 * size * size:
            check_position(board, fast, colour)
            if moves % 7 == 0:
                check_self_atari(board, fast, colour, rnd)
            points = board.legal_points(colour)
            if not points or rnd.random() < 0.02:
                passes += 1
                fast.play_pass()
            else:
                passes = 0
                q = rnd.choice(points)
                before = board.masks[3 - colour].bit_count()
                board.play(q, colour)
                assert fast.play(fast.padded(q), colour) == before - board.masks[3 - colour].bit_count()
            colour = 3 - colour
            moves += 1
        assert moves > 30


def test_loading_a_game_board_gives_the_same_position():
    rnd = random.Random(5)
    board = Board(9)
    colour = BLACK
    for _ in range(60):
        points = board.legal_points(colour)
        board.play(rnd.choice(points), colour)
        colour = 3 - colour
    fast = FastBoard(9)
    fast.load(9, list(board.colour))
    check_position(board, fast, colour)
    copy = FastBoard(9)
    copy.copy_from(fast)
    check_position(board, copy, colour)


def test_play_outs_fill_the_board_and_count_it_by_area():
    root = FastBoard(9, seed=3)
    work = FastBoard(9, seed=4)
    for _ in range(20):
        work.copy_from(root)
        score = work.playout(BLACK, 243)
        owners = [work.owner(work.padded(q)) for q in range(81)]
        assert score == owners.count(BLACK) - owners.count(WHITE)
        for q in range(81):  # only eyes are left empty: no point the policy would still play
            p = work.padded(q)
            if work.colour_at(p) == EMPTY:
                assert not any(work.legal(p, c) and not work.is_eye(p, c) and work.self_atari(p, c) < 2
                               for c in (BLACK, WHITE))


def test_the_policy_captures_and_saves_first():
    fast = FastBoard(9, seed=1)
    name = fast.point_of_name
    for point, c in (("D5", BLACK), ("E6", BLACK), ("F5", BLACK), ("E5", WHITE)):
        fast.play(name(point), c)
    assert all(fast.policy(BLACK) == name("E4") for _ in range(20))  # White's last stone is in atari: take it
    fast2 = FastBoard(9, seed=2)
    for point, c in (("E5", WHITE), ("D5", BLACK), ("E6", BLACK), ("F5", BLACK)):
        fast2.play(fast2.point_of_name(point), c)
    assert all(fast2.policy(WHITE) == fast2.point_of_name("E4") for _ in range(20))  # White runs out of atari


def swap(code: int) -> int:
    return sum(({1: 2, 2: 1}.get(code >> 2 * k & 3, code >> 2 * k & 3)) << 2 * k for k in range(8))


def rotate(code: int) -> int:
    """The code of the neighbourhood turned a quarter (the cells of the 3×3 square but the centre)."""
    cells = [code >> 2 * k & 3 for k in range(8)]
    grid = cells[:4] + [0] + cells[4:]
    turned = [grid[6 - 3 * (i % 3) + i // 3] for i in range(9)]
    rest = turned[:4] + turned[5:]
    return sum(v << 2 * k for k, v in enumerate(rest))


def test_patterns_hold_for_both_colours_and_every_rotation():
    table = pattern_table()
    matched = [code for code in range(4 ** 8) if table[code]]
    assert 500 < len(matched) < 4 ** 8 // 2
    for code in matched:
        assert table[swap(code)] and table[rotate(code)]
    hane = fastboard.code_of("XOX" ".." "...")
    empty = fastboard.code_of("...." "....")
    edge = fastboard.code_of("###" ".." "...")
    assert table[hane] and not table[empty] and not table[edge]
    assert BORDER == 3
