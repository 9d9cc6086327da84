"""Move generation on a board of 90 ints: pseudo-legal moves, attacks on a point, legal moves, perft.

A move is the int ``origin | destination << 7``. Every function here is pure over the board list it is
given (it may change the list while it works, and puts it back). ``free`` says whether a *revealed*
advisor or elephant moves without its palace or river limits (Jieqi) or keeps them (Xiangqi); covered
pieces always keep them, moving as the piece of their starting point.

>>> from .fen import parse_fen
>>> pos = parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
>>> [perft(pos.board, pos.colour, pos.kings, depth, free=False) for depth in (1, 2)]
[44, 1920]
"""

from __future__ import annotations

from .board import (A, ADVISOR_PALACE, B, BLACK, C, COVERED, DIAG_STEPS, ELEPHANT_HOME, ELEPHANT_MOVES, FILE_OF,
                    HORSE_FROM, HORSE_MOVES, K, KING_STEPS, N, P, R, RANK_OF, RAYS, RED, SOLDIER_FROM,
                    SOLDIER_STEPS, SQUARES)

STEP, LEAP, ROOK, CANNON = 0, 1, 2, 3


def _generators(free: bool) -> tuple[tuple[int, tuple], ...]:
    """For every piece code (0-31): how it moves (``STEP``, ``LEAP``, ``ROOK``, ``CANNON``) and its table."""
    table: list[tuple[int, tuple]] = [(STEP, ((),) * SQUARES)] * 32
    for colour in (RED, BLACK):
        for covered in (0, COVERED):
            bound = covered or not free
            table[colour | covered | K] = (STEP, KING_STEPS[colour])
            table[colour | covered | A] = (STEP, ADVISOR_PALACE[colour] if bound else DIAG_STEPS)
            table[colour | covered | B] = (LEAP, ELEPHANT_HOME[colour] if bound else ELEPHANT_MOVES)
            table[colour | covered | N] = (LEAP, HORSE_MOVES)
            table[colour | covered | R] = (ROOK, RAYS)
            table[colour | covered | C] = (CANNON, RAYS)
            table[colour | covered | P] = (STEP, SOLDIER_STEPS[colour])
    return tuple(table)


GENERATORS = {False: _generators(False), True: _generators(True)}


def pseudo_moves(board: list[int], colour: int, free: bool) -> list[int]:
    """Every move of ``colour``'s pieces by their movement rules, before asking whether it exposes the general."""
    gen = GENERATORS[free]
    moves: list[int] = []
    append = moves.append
    for frm in range(SQUARES):
        p = board[frm]
        if not p or p & BLACK != colour:
            continue
        how, table = gen[p]
        if how == STEP:
            for to in table[frm]:
                q = board[to]
                if not q or q & BLACK != colour:
                    append(frm | to << 7)
        elif how == LEAP:
            for to, block in table[frm]:
                if not board[block]:
                    q = board[to]
                    if not q or q & BLACK != colour:
                        append(frm | to << 7)
        elif how == ROOK:
            for ray in table[frm]:
                for to in ray:
                    q = board[to]
                    if not q:
                        append(frm | to << 7)
                    else:
                        if q & BLACK != colour:
                            append(frm | to << 7)
                        break
        else:  # a cannon moves like a chariot and captures by jumping exactly one piece (its screen)
            for ray in table[frm]:
                screened = False
                for to in ray:
                    q = board[to]
                    if not screened:
                        if not q:
                            append(frm | to << 7)
                        else:
                            screened = True
                    elif q:
                        if q & BLACK != colour:
                            append(frm | to << 7)
                        break
    return moves


def attacked(board: list[int], sq: int, them: int, free: bool) -> bool:
    """Whether a piece of colour ``them`` attacks point ``sq``; a covered piece attacks as the piece of its point.

    Along the lines: a chariot, or the general face to face (the flying general), as first piece; a cannon
    as second. Then horses (leg empty), soldiers and, in Jieqi, revealed advisors and elephants anywhere.
    """
    rook, king, cannon = them | R, them | K, them | C
    for ray in RAYS[sq]:
        it = iter(ray)
        for t in it:
            q = board[t]
            if q:
                q &= 15
                if q == rook or q == king:
                    return True
                for t2 in it:
                    q = board[t2]
                    if q:
                        if q & 15 == cannon:
                            return True
                        break
                break
    horse = them | N
    for frm, leg in HORSE_FROM[sq]:
        if board[frm] & 15 == horse and not board[leg]:
            return True
    soldier = them | P
    for frm in SOLDIER_FROM[them][sq]:
        if board[frm] & 15 == soldier:
            return True
    if free:  # covered advisors and elephants never reach the other general: only revealed ones count
        advisor, elephant = them | A, them | B
        for t in DIAG_STEPS[sq]:
            if board[t] == advisor:
                return True
        for frm, eye in ELEPHANT_MOVES[sq]:
            if board[frm] == elephant and not board[eye]:
                return True
    return False


def _exposure() -> tuple[bytes, ...]:
    """For each general's point: 1 where a piece moving *from* could expose it (its rank and file, where a
    chariot, cannon or the other general could be unblocked or a cannon lose its screen, and the four
    diagonal neighbours, where a horse's leg or an elephant's eye is), 2 where a piece moving *to* could (its
    rank and file, where a piece becomes a cannon's screen)."""
    out = []
    for k in range(SQUARES):
        marks = bytearray(SQUARES)
        for sq in range(SQUARES):
            if RANK_OF[sq] == RANK_OF[k] or FILE_OF[sq] == FILE_OF[k]:
                marks[sq] = 3
        for sq in DIAG_STEPS[k]:
            marks[sq] |= 1
        out.append(bytes(marks))
    return tuple(out)


EXPOSURE = _exposure()


def legal_moves(board: list[int], colour: int, king: int, free: bool) -> list[int]:
    """The moves of ``colour`` that do not leave its general (on ``king``) attacked.

    A move is tried on the board only when it could matter: when in check, when the general moves, or when
    the move leaves or lands on a point that :data:`EXPOSURE` marks for the general's point.
    """
    them = colour ^ BLACK
    check = attacked(board, king, them, free)
    exposure = EXPOSURE[king]
    out = []
    for m in pseudo_moves(board, colour, free):
        frm = m & 127
        to = m >> 7
        if not check and frm != king and not exposure[frm] & 1 and not exposure[to] & 2:
            out.append(m)
            continue
        p, q = board[frm], board[to]
        board[to] = p
        board[frm] = 0
        if not attacked(board, to if frm == king else king, them, free):
            out.append(m)
        board[frm] = p
        board[to] = q
    return out


def perft(board: list[int], colour: int, kings: dict[int, int] | list[int], depth: int, free: bool = False) -> int:
    """Leaf nodes of the legal move tree ``depth`` plies deep (the last ply counted, not played).

    ``kings`` maps each colour to its general's point. Covered pieces move as their points' pieces and stay
    covered here: perft counts moves, not what reveals would show.
    """
    kings = dict(kings) if not isinstance(kings, dict) else kings
    moves = legal_moves(board, colour, kings[colour], free)
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    total = 0
    other = colour ^ BLACK
    king = kings[colour]
    for m in moves:
        frm, to = m & 127, m >> 7
        p, q = board[frm], board[to]
        board[to] = p
        board[frm] = 0
        if frm == king:
            kings[colour] = to
        total += perft(board, other, kings, depth - 1, free)
        kings[colour] = king
        board[frm] = p
        board[to] = q
    return total


def gives_check(board: list[int], colour: int, kings: dict[int, int], free: bool) -> bool:
    """Whether the general of the side *not* ``colour`` is attacked by ``colour``."""
    return attacked(board, kings[colour ^ BLACK], colour, free)
