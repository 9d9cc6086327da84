"""The move generator against published Xiangqi perft counts and against Fairy-Stockfish.

Perft counts: the start position (44, 1920, 79666; 3,290,240 at depth 4 is in ``bench/jieqi.py``) and the
positions of the chessprogramming wiki's "Chinese Chess Perft Results" (its E and H written B and N, as
Fairy-Stockfish does). Legal moves are compared with Fairy-Stockfish (``pyffish``) on positions from random
games: plain Xiangqi with its ``xiangqi``, and Jieqi with a Xiangqi whose advisors and elephants roam the whole
board (covered pieces written as their points' pieces; a covered advisor still keeps to its palace here, so
Fairy-Stockfish's moves of a covered advisor out of the palace are set aside).
"""

from __future__ import annotations

import re

import pyffish
import pytest

from parlour.core.rng import Rng
from parlour.games.jieqi.board import A, COVERED, in_palace, square
from parlour.games.jieqi.fen import XIANGQI_START, format_board, parse_fen
from parlour.games.jieqi.movegen import perft

from .helpers import load

PERFT = [
    (XIANGQI_START, [44, 1920, 79666]),
    ("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", [38, 1128, 43929]),
    ("1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1", [7, 281, 8620]),
    ("5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1", [25, 424, 9850]),
    ("CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1", [28, 516, 14808]),
    ("R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1", [21, 364, 7626]),
]

ALL_POINTS = " ".join(f"{f}{r}" for f in "abcdefghi" for r in range(1, 11))
FREE_VARIANT = "xiangqi-free-guards"
pyffish.load_variant_config(f"""[{FREE_VARIANT}:xiangqi]
mobilityRegionWhiteFers = {ALL_POINTS}
mobilityRegionBlackFers = {ALL_POINTS}
mobilityRegionWhiteElephant = {ALL_POINTS}
mobilityRegionBlackElephant = {ALL_POINTS}
""")


@pytest.mark.parametrize("fen, counts", PERFT, ids=[f"position{i}" for i in range(len(PERFT))])
def test_perft(fen, counts):
    pos = parse_fen(fen)
    assert [perft(pos.board, pos.colour, pos.kings, depth) for depth in range(1, len(counts) + 1)] == counts


def fsf_fen(state) -> str:
    """The position for Fairy-Stockfish: covered pieces written as the pieces of their points."""
    board = [p & ~COVERED for p in state.board]
    return f"{format_board(board)} {'b' if state.colour else 'w'} - - 0 1"


def random_positions(plain: bool, games: int, plies: int):
    """Positions every few plies of random games (seeded), each with its state."""
    game = load(plain=plain)
    for g in range(games):
        state = game.new(seed=1000 + g)
        rng = Rng(g)
        for ply in range(plies):
            if state.over:
                break
            if ply % 3 == 0:
                yield state
            state.apply(state.to_act[0], rng.choice(state.legal(state.to_act[0])))


def ours(state) -> set[str]:
    return {a.uci for a in state.legal(state.to_act[0])}


def test_xiangqi_moves_agree_with_fairy_stockfish():
    checked = 0
    for state in random_positions(plain=True, games=8, plies=150):
        fen = fsf_fen(state)
        assert ours(state) == set(pyffish.legal_moves("xiangqi", fen, [])), fen
        checked += 1
    assert checked > 250


def test_jieqi_moves_agree_with_fairy_stockfish_with_free_advisors_and_elephants():
    checked = covered_advisors = 0
    for state in random_positions(plain=False, games=8, plies=150):
        fen = fsf_fen(state)
        theirs = set()
        for move in pyffish.legal_moves(FREE_VARIANT, fen, []):
            frm, to = (square(point) for point in re.findall(r"[a-i]\d+", move))
            p = state.board[frm]
            if p & COVERED and p & 7 == A and not in_palace(to, p & 8):
                covered_advisors += 1
                continue
            theirs.add(move)
        assert ours(state) == theirs, fen
        checked += 1
    assert checked > 250 and covered_advisors > 0
