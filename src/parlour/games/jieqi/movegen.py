"""Move generation on a board of 90 ints: pseudo-legal moves, attacks on a point, legal moves, perft.

A move is the int ``origin | destination << 7``. Every function here is pure over the board list it is
given (it may change the list while it works, and puts it back). ``free`` says whether a *revealed*
advisor or elephant moves without its palace or river limits (Jieqi) or keeps them (Xiangqi); covered
pieces always keep them, moving as the piece of their starting point.

In the compiled build (``scripts/compiled.py``, typed by ``movegen.pxd``) :func:`legal_moves`,
:func:`attacked` and :func:`perft` copy the board into a C array and run the *kernel* below (the functions
whose names start with ``_k``): the same rules over flat byte tables made from :data:`GENERATORS`, the
board's tables and :data:`EXPOSURE`, with the moves in C arrays. Run as Python the kernel is correct but
slower than the functions over tuples, so Python keeps those; ``tests/games/jieqi/test_kernel.py`` holds the
two to the same moves.

>>> from .fen import parse_fen
>>> pos = parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
>>> [perft(pos.board, pos.colour, pos.kings, depth, free=False) for depth in (1, 2)]
[44, 1920]
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython: the same code, untyped
    from parlour.core import cyshim as cython

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
    if cython.compiled:
        b = cython.declare(cython.int[91])
        if _kload(board, b) and 0 <= sq < _KEMPTY and (them == 0 or them == _KBLACK):
            return _kattacked(b, sq, them, free)
    return _attacked(board, sq, them, free)


def _attacked(board: list[int], sq: int, them: int, free: bool) -> bool:
    """:func:`attacked` in Python."""
    rook, king, cannon = them | _KR, them | _KK, them | _KC
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


@cython.locals(n=cython.int, i=cython.int)
def legal_moves(board: list[int], colour: int, king: int, free: bool) -> list[int]:
    """The moves of ``colour`` that do not leave its general (on ``king``) attacked.

    A move is tried on the board only when it could matter: when in check, when the general moves, or when
    the move leaves or lands on a point that :data:`EXPOSURE` marks for the general's point.
    """
    if cython.compiled:
        b = cython.declare(cython.int[91])
        if _kload(board, b) and 0 <= king < _KEMPTY and (colour == 0 or colour == _KBLACK):
            out = cython.declare(cython.int[272])
            n = _klegal(b, colour, king, free, out)
            return [out[i] for i in range(n)]
    return _legal_moves(board, colour, king, free)


def _lines() -> tuple[bytes, ...]:
    """For each general's point: which of its four lines (:data:`RAYS`) each point lies on, 4 for none."""
    out = []
    for k in range(SQUARES):
        line = bytearray([4] * SQUARES)
        for d, ray in enumerate(RAYS[k]):
            for sq in ray:
                line[sq] = d
        out.append(bytes(line))
    return tuple(out)


LINES = _lines()


def _legal_moves(board: list[int], colour: int, king: int, free: bool) -> list[int]:
    """:func:`legal_moves` in Python.

    When not in check, a move of another piece can expose the general only through the points it changes: a
    line from the general through its origin or its destination (a chariot, cannon or general unblocked, a
    cannon given a screen) or, from a diagonal neighbour, a horse's leg or an elephant's eye cleared. Only
    those are looked at; the rest of :func:`attacked` cannot have changed.
    """
    them = colour ^ BLACK
    check = _attacked(board, king, them, free)
    exposure = EXPOSURE[king]
    line, rays = LINES[king], RAYS[king]
    rook, general, cannon = them | R, them | K, them | C
    out = []
    for m in pseudo_moves(board, colour, free):
        frm = m & 127
        to = m >> 7
        if check or frm == king:
            p, q = board[frm], board[to]
            board[to] = p
            board[frm] = 0
            if not _attacked(board, to if frm == king else king, them, free):
                out.append(m)
            board[frm] = p
            board[to] = q
            continue
        if not exposure[frm] & 1 and not exposure[to] & 2:
            out.append(m)
            continue
        p, q = board[frm], board[to]
        board[to] = p
        board[frm] = 0
        exposed = False
        for d in {line[frm], line[to]}:
            if d == 4:
                continue
            it = iter(rays[d])
            for t in it:
                r = board[t]
                if r:
                    r &= 15
                    if r == rook or r == general:
                        exposed = True
                    else:
                        for t2 in it:
                            r = board[t2]
                            if r:
                                exposed = r & 15 == cannon
                                break
                    break
            if exposed:
                break
        if not exposed and line[frm] == 4 and exposure[frm] & 1:  # a diagonal neighbour of the general
            exposed = _through_leg(board, king, frm, them, free)
        if not exposed:
            out.append(m)
        board[frm] = p
        board[to] = q
    return out


def _through_leg(board: list[int], king: int, leg: int, them: int, free: bool) -> bool:
    """Whether a horse of ``them`` whose leg is ``leg``, or in Jieqi a revealed elephant whose eye it is,
    attacks the general on ``king``."""
    horse = them | N
    for frm, through in HORSE_FROM[king]:
        if through == leg and board[frm] & 15 == horse:
            return True
    if free:
        elephant = them | B
        for frm, eye in ELEPHANT_MOVES[king]:
            if eye == leg and board[frm] == elephant:
                return True
    return False


def perft(board: list[int], colour: int, kings: dict[int, int] | list[int], depth: int, free: bool = False) -> int:
    """Leaf nodes of the legal move tree ``depth`` plies deep (the last ply counted, not played).

    ``kings`` maps each colour to its general's point. Covered pieces move as their points' pieces and stay
    covered here: perft counts moves, not what reveals would show.
    """
    kings = dict(kings) if not isinstance(kings, dict) else kings
    if cython.compiled:
        b = cython.declare(cython.int[91])
        ks = cython.declare(cython.int[2])
        red, black = kings[RED], kings[BLACK]
        if (_kload(board, b) and 0 <= red < _KEMPTY and 0 <= black < _KEMPTY and depth < 64
                and (colour == 0 or colour == _KBLACK)):
            ks[0], ks[1] = red, black
            return _kperft(b, colour, ks, depth, free)
    return _perft(board, colour, kings, depth, free)


def _perft(board: list[int], colour: int, kings: dict[int, int], depth: int, free: bool) -> int:
    """:func:`perft` in Python."""
    moves = _legal_moves(board, colour, kings[colour], free)
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
        total += _perft(board, other, kings, depth - 1, free)
        kings[colour] = king
        board[frm] = p
        board[to] = q
    return total


def gives_check(board: list[int], colour: int, kings: dict[int, int], free: bool) -> bool:
    """Whether the general of the side *not* ``colour`` is attacked by ``colour``."""
    return attacked(board, kings[colour ^ BLACK], colour, free)


# --- The compiled build's kernel ------------------------------------------------------------------------------------
# The board as a C array of 91 ints: the 90 points and a 91st that is always empty, so that a step is a leap
# whose leg is that point. Every move list of a piece is one row of ``_KTO`` (destinations or origins) and
# ``_KLEG`` (the point that must be empty) in rows of 8 (the most any list has: a horse's), ``_KCOUNT`` long.
# The constants below are C ints when compiled. The C arrays' sizes are written out where they are declared
# (C wants constants there): the board's 91 ints and the 272 moves a side may have in the kernel, 16 pieces (a
# side's whole set) of at most 17 moves (a chariot's).
_KEMPTY = cython.declare(cython.int, SQUARES)
_KBLACK = cython.declare(cython.int, BLACK)
_KPIECES = cython.declare(cython.int, 16)
_KROW = cython.declare(cython.int, 8)
_KK, _KA, _KB, _KN = cython.declare(cython.int, K), cython.declare(cython.int, A), cython.declare(cython.int, B), \
    cython.declare(cython.int, N)
_KR, _KC, _KP = cython.declare(cython.int, R), cython.declare(cython.int, C), cython.declare(cython.int, P)
#: How a piece code moves in the kernel: by a move list (steps and leaps), as a chariot, as a cannon, not at all.
_KLIST, _KROOK, _KCANNON = cython.declare(cython.int, 0), cython.declare(cython.int, 1), cython.declare(cython.int, 2)
_KNONE = cython.declare(cython.int, 3)


def _steps(table: tuple[tuple[int, ...], ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    return tuple(tuple((d, SQUARES) for d in row) for row in table)


#: The kernel's move lists, by number: the first eleven move pieces, the last three find attackers.
_KLISTS = (
    _steps(KING_STEPS[RED]), _steps(KING_STEPS[BLACK]), _steps(ADVISOR_PALACE[RED]), _steps(ADVISOR_PALACE[BLACK]),
    _steps(DIAG_STEPS), ELEPHANT_HOME[RED], ELEPHANT_HOME[BLACK], ELEPHANT_MOVES, HORSE_MOVES,
    _steps(SOLDIER_STEPS[RED]), _steps(SOLDIER_STEPS[BLACK]),
    HORSE_FROM, _steps(SOLDIER_FROM[RED]), _steps(SOLDIER_FROM[BLACK]),
)
_KDIAG, _KELEPHANT = cython.declare(cython.int, 4), cython.declare(cython.int, 7)
_KHORSE_FROM, _KSOLDIER_FROM = cython.declare(cython.int, 11), cython.declare(cython.int, 12)
#: The tables of :data:`GENERATORS` by identity, to the number of the kernel's list made from each.
_KSOURCE = {id(KING_STEPS[RED]): 0, id(KING_STEPS[BLACK]): 1, id(ADVISOR_PALACE[RED]): 2,
            id(ADVISOR_PALACE[BLACK]): 3, id(DIAG_STEPS): 4, id(ELEPHANT_HOME[RED]): 5, id(ELEPHANT_HOME[BLACK]): 6,
            id(ELEPHANT_MOVES): 7, id(HORSE_MOVES): 8, id(SOLDIER_STEPS[RED]): 9, id(SOLDIER_STEPS[BLACK]): 10}


def _kernel_tables() -> dict[str, bytes]:
    to, leg, count = bytearray(len(_KLISTS) * SQUARES * _KROW), bytearray(len(_KLISTS) * SQUARES * _KROW), bytearray()
    for t, lists in enumerate(_KLISTS):
        for sq, row in enumerate(lists):
            assert len(row) <= _KROW
            count.append(len(row))
            for i, (d, l) in enumerate(row):
                to[(t * SQUARES + sq) * _KROW + i], leg[(t * SQUARES + sq) * _KROW + i] = d, l
    how, which = bytearray(64), bytearray(64)
    for free in (False, True):
        for code, (kind, table) in enumerate(GENERATORS[free]):
            g = 32 * free + code
            if not any(table):
                how[g] = _KNONE
            elif kind in (STEP, LEAP):
                how[g], which[g] = _KLIST, _KSOURCE[id(table)]
            else:
                how[g] = _KROOK if kind == ROOK else _KCANNON
    ray, ray_len = bytearray(SQUARES * 4 * 9), bytearray(SQUARES * 4)
    for sq in range(SQUARES):
        for d, line in enumerate(RAYS[sq]):
            ray_len[sq * 4 + d] = len(line)
            ray[(sq * 4 + d) * 9:(sq * 4 + d) * 9 + len(line)] = bytes(line)
    return {"to": bytes(to), "leg": bytes(leg), "count": bytes(count), "how": bytes(how), "which": bytes(which),
            "ray": bytes(ray), "ray_len": bytes(ray_len), "exposure": b"".join(EXPOSURE)}


#: The tables as bytes (kept alive here), and the names the kernel reads them by (C pointers when compiled).
_KTABLES = _kernel_tables()
_KTO, _KLEG, _KCOUNT = _KTABLES["to"], _KTABLES["leg"], _KTABLES["count"]
_KHOW, _KWHICH = _KTABLES["how"], _KTABLES["which"]
_KRAY, _KRAY_LEN, _KEXPOSURE = _KTABLES["ray"], _KTABLES["ray_len"], _KTABLES["exposure"]


@cython.locals(i=cython.int, p=cython.int, red=cython.int, black=cython.int)
def _kload(board: list[int], b: list[int]) -> bool:
    """Copy ``board`` into the kernel's board ``b``; False if the kernel cannot take it (not 90 points, a code
    that is no piece, more pieces of a side than its moves have room for)."""
    if len(board) != _KEMPTY:
        return False
    red = black = 0
    for i in range(_KEMPTY):
        p = board[i]
        if p:
            if p < 0 or p > 31 or not p & 7:
                return False
            if p & _KBLACK:
                black += 1
            else:
                red += 1
        b[i] = p
    b[_KEMPTY] = 0
    return red <= _KPIECES and black <= _KPIECES


@cython.locals(n=cython.int, frm=cython.int, p=cython.int, q=cython.int, to=cython.int, g=cython.int,
               row=cython.int, i=cython.int, end=cython.int, d=cython.int, screened=cython.bint)
def _kpseudo(b: list[int], colour: int, free: bool, out: list[int]) -> int:
    """:func:`pseudo_moves` in the kernel: the moves written to ``out``; returns how many."""
    n = 0
    for frm in range(_KEMPTY):
        p = b[frm]
        if not p or p & _KBLACK != colour:
            continue
        g = p + 32 if free else p
        if _KHOW[g] == _KLIST:
            row = (_KWHICH[g] * _KEMPTY + frm) * _KROW
            for i in range(row, row + _KCOUNT[_KWHICH[g] * _KEMPTY + frm]):
                if not b[_KLEG[i]]:
                    to = _KTO[i]
                    q = b[to]
                    if not q or q & _KBLACK != colour:
                        out[n] = frm | to << 7
                        n += 1
        elif _KHOW[g] == _KROOK:
            for d in range(frm * 4, frm * 4 + 4):
                for i in range(d * 9, d * 9 + _KRAY_LEN[d]):
                    to = _KRAY[i]
                    q = b[to]
                    if not q:
                        out[n] = frm | to << 7
                        n += 1
                    else:
                        if q & _KBLACK != colour:
                            out[n] = frm | to << 7
                            n += 1
                        break
        elif _KHOW[g] == _KCANNON:
            for d in range(frm * 4, frm * 4 + 4):
                screened = False
                for i in range(d * 9, d * 9 + _KRAY_LEN[d]):
                    to = _KRAY[i]
                    q = b[to]
                    if not screened:
                        if not q:
                            out[n] = frm | to << 7
                            n += 1
                        else:
                            screened = True
                    elif q:
                        if q & _KBLACK != colour:
                            out[n] = frm | to << 7
                            n += 1
                        break
    return n


@cython.locals(d=cython.int, i=cython.int, end=cython.int, q=cython.int, row=cython.int, t=cython.int,
               rook=cython.int, king=cython.int, cannon=cython.int, horse=cython.int, soldier=cython.int,
               advisor=cython.int, elephant=cython.int)
def _kattacked(b: list[int], sq: int, them: int, free: bool) -> bool:
    """:func:`attacked` in the kernel."""
    rook, king, cannon = them | _KR, them | _KK, them | _KC
    for d in range(sq * 4, sq * 4 + 4):
        i, end = d * 9, d * 9 + _KRAY_LEN[d]
        while i < end:
            q = b[_KRAY[i]]
            i += 1
            if q:
                q &= 15
                if q == rook or q == king:
                    return True
                while i < end:
                    q = b[_KRAY[i]]
                    i += 1
                    if q:
                        if q & 15 == cannon:
                            return True
                        break
                break
    horse = them | _KN
    t = _KHORSE_FROM * _KEMPTY + sq
    for i in range(t * _KROW, t * _KROW + _KCOUNT[t]):
        if b[_KTO[i]] & 15 == horse and not b[_KLEG[i]]:
            return True
    soldier = them | _KP
    t = (_KSOLDIER_FROM + (them >> 3)) * _KEMPTY + sq
    for i in range(t * _KROW, t * _KROW + _KCOUNT[t]):
        if b[_KTO[i]] & 15 == soldier:
            return True
    if free:  # covered advisors and elephants never reach the other general: only revealed ones count
        advisor, elephant = them | _KA, them | _KB
        t = _KDIAG * _KEMPTY + sq
        for i in range(t * _KROW, t * _KROW + _KCOUNT[t]):
            if b[_KTO[i]] == advisor:
                return True
        t = _KELEPHANT * _KEMPTY + sq
        for i in range(t * _KROW, t * _KROW + _KCOUNT[t]):
            if b[_KTO[i]] == elephant and not b[_KLEG[i]]:
                return True
    return False


@cython.locals(n=cython.int, k=cython.int, i=cython.int, m=cython.int, frm=cython.int, to=cython.int,
               p=cython.int, q=cython.int, them=cython.int, check=cython.bint, row=cython.int)
def _klegal(b: list[int], colour: int, king: int, free: bool, out: list[int]) -> int:
    """:func:`legal_moves` in the kernel: the legal moves written to ``out``; returns how many."""
    them = colour ^ _KBLACK
    check = _kattacked(b, king, them, free)
    row = king * _KEMPTY
    n = _kpseudo(b, colour, free, out)
    k = 0
    for i in range(n):
        m = out[i]
        frm = m & 127
        to = m >> 7
        if not check and frm != king and not _KEXPOSURE[row + frm] & 1 and not _KEXPOSURE[row + to] & 2:
            out[k] = m
            k += 1
            continue
        p, q = b[frm], b[to]
        b[to] = p
        b[frm] = 0
        if not _kattacked(b, to if frm == king else king, them, free):
            out[k] = m
            k += 1
        b[frm] = p
        b[to] = q
    return k


@cython.locals(n=cython.int, i=cython.int, m=cython.int, frm=cython.int, to=cython.int, p=cython.int,
               q=cython.int, side=cython.int, king=cython.int, total=cython.longlong)
def _kperft(b: list[int], colour: int, kings: list[int], depth: int, free: bool) -> int:
    """:func:`perft` in the kernel; ``kings`` holds Red's general's point, then Black's."""
    moves = cython.declare(cython.int[272])
    side = colour >> 3
    king = kings[side]
    n = _klegal(b, colour, king, free, moves)
    if depth <= 1:
        return n if depth == 1 else 1
    total = 0
    for i in range(n):
        m = moves[i]
        frm = m & 127
        to = m >> 7
        p, q = b[frm], b[to]
        b[to] = p
        b[frm] = 0
        if frm == king:
            kings[side] = to
        total += _kperft(b, colour ^ _KBLACK, kings, depth - 1, free)
        kings[side] = king
        b[frm] = p
        b[to] = q
    return total
