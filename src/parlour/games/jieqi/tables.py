"""The search's tables: what a piece is worth on each point, and the Zobrist keys of positions.

**Worth.** Xiangqi's standard piece-square tables, those of Morning Yellow's XQWLight (象棋小巫师, the tables
most open Xiangqi programs start from), which hold material and placement in one number, here times 3 so that a
chariot is about 600 and a soldier 21 at home, up to 132 near the other palace (the scale the bots have always
used: a soldier is 30). Written as Red sees the board from its side, rank 10 first; Black's are mirrored. In
Jieqi a revealed advisor or elephant may roam the whole board, so it is worth a flat :data:`FREE_GUARD` there.

**Keys.** 64-bit Zobrist keys for every piece code (0-31, covered pieces by their point's kind) on every point,
and one for Black to move, drawn from a fixed seed so that every process agrees.

>>> worth(5, 0, False) == worth(13, 89, False) == 3 * 194   # a chariot in its corner, for either side
True
>>> len(ZOBRIST), len(ZOBRIST[0]), ZOBRIST[0][0]             # code 0 (no piece) changes no key
(32, 90, 0)
"""

from __future__ import annotations

import random

from .board import A, B, BLACK, C, K, N, P, R, RED, SQUARES, mirror

#: How much the tables are multiplied by.
SCALE = 3

_KING_PAWN = (
    9, 9, 9, 11, 13, 11, 9, 9, 9,
    19, 24, 34, 42, 44, 42, 34, 24, 19,
    19, 24, 32, 37, 37, 37, 32, 24, 19,
    19, 23, 27, 29, 30, 29, 27, 23, 19,
    14, 18, 20, 27, 29, 27, 20, 18, 14,
    7, 0, 13, 0, 16, 0, 13, 0, 7,
    7, 0, 7, 0, 15, 0, 7, 0, 7,
    0, 0, 0, 1, 1, 1, 0, 0, 0,
    0, 0, 0, 2, 2, 2, 0, 0, 0,
    0, 0, 0, 11, 15, 11, 0, 0, 0,
)
_GUARD = (
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 20, 0, 0, 0, 20, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    18, 0, 0, 20, 23, 20, 0, 0, 18,
    0, 0, 0, 0, 23, 0, 0, 0, 0,
    0, 0, 20, 20, 0, 20, 20, 0, 0,
)
_HORSE = (
    90, 90, 90, 96, 90, 96, 90, 90, 90,
    90, 96, 103, 97, 94, 97, 103, 96, 90,
    92, 98, 99, 103, 99, 103, 99, 98, 92,
    93, 108, 100, 107, 100, 107, 100, 108, 93,
    90, 100, 99, 103, 104, 103, 99, 100, 90,
    90, 98, 101, 102, 103, 102, 101, 98, 90,
    92, 94, 98, 95, 98, 95, 98, 94, 92,
    93, 92, 94, 95, 92, 95, 94, 92, 93,
    85, 90, 92, 93, 78, 93, 92, 90, 85,
    88, 85, 90, 88, 90, 88, 90, 85, 88,
)
_CHARIOT = (
    206, 208, 207, 213, 214, 213, 207, 208, 206,
    206, 212, 209, 216, 233, 216, 209, 212, 206,
    206, 208, 207, 214, 216, 214, 207, 208, 206,
    206, 213, 213, 216, 216, 216, 213, 213, 206,
    208, 211, 211, 214, 215, 214, 211, 211, 208,
    208, 212, 212, 214, 215, 214, 212, 212, 208,
    204, 209, 204, 212, 214, 212, 204, 209, 204,
    198, 208, 204, 212, 212, 212, 204, 208, 198,
    200, 208, 206, 212, 200, 212, 206, 208, 200,
    194, 206, 204, 212, 200, 212, 204, 206, 194,
)
_CANNON = (
    100, 100, 96, 91, 90, 91, 96, 100, 100,
    98, 98, 96, 92, 89, 92, 96, 98, 98,
    97, 97, 96, 91, 92, 91, 96, 97, 97,
    96, 99, 99, 98, 100, 98, 99, 99, 96,
    96, 96, 96, 96, 100, 96, 96, 96, 96,
    95, 96, 99, 96, 100, 96, 99, 96, 95,
    96, 96, 96, 96, 96, 96, 96, 96, 96,
    97, 96, 100, 99, 101, 99, 100, 96, 97,
    96, 97, 98, 98, 98, 98, 98, 97, 96,
    96, 96, 97, 99, 99, 99, 97, 96, 96,
)
_BY_KIND = {K: _KING_PAWN, A: _GUARD, B: _GUARD, N: _HORSE, R: _CHARIOT, C: _CANNON, P: _KING_PAWN}
#: A roaming (revealed, Jieqi) advisor's and elephant's worth: more than a palace guard, as they may attack.
FREE_GUARD = {A: 160, B: 180}
#: Each kind's worth off the tables, for move ordering (the victim first) and for covered pieces' averages.
NOMINAL = {K: 0, A: 60, B: 60, N: 280, R: 600, C: 290, P: 30}
NOMINAL_FREE = {**NOMINAL, **FREE_GUARD}


def worth(piece: int, sq: int, free: bool) -> int:
    """What a revealed ``piece`` (kind + colour) on ``sq`` is worth to its own side."""
    kind, colour = piece & 7, piece & BLACK
    red_sq = sq if colour == RED else mirror(sq)
    if free and kind in FREE_GUARD:
        return FREE_GUARD[kind] + (10 if red_sq < 27 else 0)  # a roaming guard still guards at home
    rank, file = divmod(red_sq, 9)
    return SCALE * _BY_KIND[kind][(9 - rank) * 9 + file]


def _zobrist() -> tuple[tuple[int, ...], ...]:
    rng = random.Random(0x51A9)
    return ((0,) * SQUARES,) + tuple(tuple(rng.getrandbits(64) for _ in range(SQUARES)) for _ in range(31))


ZOBRIST = _zobrist()
#: XORed in when Black is to move.
BLACK_TO_MOVE = random.Random(0xB1AC).getrandbits(64)
