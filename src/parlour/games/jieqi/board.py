"""The Xiangqi board: points, pieces, and move tables precomputed for every point.

A point is ``rank * 9 + file``: ``a1`` is 0 (Red's left corner), ``i10`` is 89. Red sits on ranks 1-5,
Black on ranks 6-10; the river runs between ranks 5 and 6. A piece is a small int: its kind (1-7) plus
``BLACK`` (8) for a black piece plus ``COVERED`` (16) for a piece still face down. A covered piece's kind
is the kind of its *starting point* (what it moves as); what it really is lives elsewhere in the state.

>>> square("e1"), name(89)
(4, 'i10')
>>> piece_letter(R | BLACK), piece_letter(P | COVERED)
('r', 'X')
>>> sorted(name(d) for d, leg in HORSE_MOVES[square("b1")])   # the horse's three moves from b1
['a3', 'c3', 'd2']
"""

from __future__ import annotations

FILES = "abcdefghi"
SQUARES = 90
#: Colour bits of a piece.
RED, BLACK = 0, 8
COVERED = 16
#: Kinds: general (king), advisor, elephant, horse, chariot (rook), cannon, soldier (pawn).
K, A, B, N, R, C, P = 1, 2, 3, 4, 5, 6, 7
KINDS = (K, A, B, N, R, C, P)
#: FEN letters, as Fairy-Stockfish writes Xiangqi: uppercase Red, lowercase Black.
LETTERS = " KABNRCP"
NAMES = {K: "general", A: "advisor", B: "elephant", N: "horse", R: "chariot", C: "cannon", P: "soldier"}
KIND_OF_LETTER = {ch: k for k, ch in enumerate(LETTERS) if ch != " "}

#: The starting kinds of ranks 1, 3 and 4 (Red's side), file by file; Black's are mirrored across the river.
BACK_RANK = (R, N, B, A, K, A, B, N, R)
CANNON_FILES = (1, 7)
SOLDIER_FILES = (0, 2, 4, 6, 8)


def square(text: str) -> int:
    """The point named ``text`` (``a1`` .. ``i10``); ``ValueError`` if there is none."""
    if not 2 <= len(text) <= 3 or text[0] not in FILES or not text[1:].isdigit() or not 1 <= int(text[1:]) <= 10:
        raise ValueError(f"no point {text!r}: points are a1..i10 (files a-i from Red's left, ranks 1-10 from Red's side)")
    return (int(text[1:]) - 1) * 9 + FILES.index(text[0])


def name(sq: int) -> str:
    return f"{FILES[sq % 9]}{sq // 9 + 1}"


def colour_of(piece: int) -> int:
    return piece & BLACK


def piece_letter(piece: int) -> str:
    """The FEN letter of a piece as everyone sees it: ``X``/``x`` for a covered one."""
    letter = "X" if piece & COVERED else LETTERS[piece & 7]
    return letter.lower() if piece & BLACK else letter


def mirror(sq: int) -> int:
    """The same point seen from the other side of the river (rank 1 <-> rank 10, same file)."""
    return (9 - sq // 9) * 9 + sq % 9


def start_kinds() -> dict[int, int]:
    """Red's starting points and the kind that starts on each (the general included)."""
    points = {f: BACK_RANK[f] for f in range(9)}
    points.update({2 * 9 + f: C for f in CANNON_FILES})
    points.update({3 * 9 + f: P for f in SOLDIER_FILES})
    return points


#: Red's fifteen covered starting points in the order the shuffle deals them: a1 b1 c1 d1 f1 g1 h1 i1 b3 h3
#: a4 c4 e4 g4 i4 (as pychess-variants lists them); Black's are the same points mirrored.
COVER_POINTS_RED = tuple(square(s) for s in "a1 b1 c1 d1 f1 g1 h1 i1 b3 h3 a4 c4 e4 g4 i4".split())
COVER_POINTS = {RED: COVER_POINTS_RED, BLACK: tuple(mirror(s) for s in COVER_POINTS_RED)}
#: What a covered piece on each covered point moves as, by colour.
POSITIONAL = {colour: {sq: start_kinds()[sq if colour == RED else mirror(sq)] for sq in COVER_POINTS[colour]}
              for colour in (RED, BLACK)}
#: The fifteen pieces each side hides: 2 chariots, horses, elephants, advisors, cannons and 5 soldiers.
HIDDEN_SET = tuple(sorted(POSITIONAL[RED].values()))


def _on(r: int, f: int) -> bool:
    return 0 <= r < 10 and 0 <= f < 9


def in_palace(sq: int, colour: int) -> bool:
    r, f = divmod(sq, 9)
    return 3 <= f <= 5 and (r <= 2 if colour == RED else r >= 7)


def own_side(sq: int, colour: int) -> bool:
    return sq // 9 <= 4 if colour == RED else sq // 9 >= 5


ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def _build() -> dict[str, list]:
    t: dict[str, list] = {key: [] for key in ("rays", "horse", "horse_from", "diag", "elephant", "orth")}
    for sq in range(SQUARES):
        r, f = divmod(sq, 9)
        rays = []
        for dr, df in ORTH:
            ray, rr, ff = [], r + dr, f + df
            while _on(rr, ff):
                ray.append(rr * 9 + ff)
                rr, ff = rr + dr, ff + df
            rays.append(tuple(ray))
        t["rays"].append(tuple(rays))
        t["orth"].append(tuple((r + dr) * 9 + f + df for dr, df in ORTH if _on(r + dr, f + df)))
        horse, horse_from = [], []
        for dr, df in ORTH:
            for pr, pf in ((df, dr), (-df, -dr)):  # the two steps perpendicular to (dr, df)
                if _on(r + 2 * dr + pr, f + 2 * df + pf):  # the leg is on the board whenever the point is
                    horse.append(((r + 2 * dr + pr) * 9 + f + 2 * df + pf, (r + dr) * 9 + f + df))
                if _on(r - 2 * dr - pr, f - 2 * df - pf):  # a horse there attacks sq; its leg is next to it
                    horse_from.append(((r - 2 * dr - pr) * 9 + f - 2 * df - pf, (r - dr - pr) * 9 + f - df - pf))
        t["horse"].append(tuple(horse))
        t["horse_from"].append(tuple(horse_from))
        t["diag"].append(tuple((r + dr) * 9 + f + df for dr, df in DIAG if _on(r + dr, f + df)))
        t["elephant"].append(tuple(((r + 2 * dr) * 9 + f + 2 * df, (r + dr) * 9 + f + df)
                                   for dr, df in DIAG if _on(r + 2 * dr, f + 2 * df)))
    return t


_T = _build()
#: For each point, the four lines (up, down, right, left) outward from it, nearest point first.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_T["rays"])
ORTH_STEPS: tuple[tuple[int, ...], ...] = tuple(_T["orth"])
#: ``(destination, leg)``: a horse moves one point straight then one diagonally outward, unless its leg is occupied.
HORSE_MOVES: tuple[tuple[tuple[int, int], ...], ...] = tuple(_T["horse"])
#: ``(origin, leg)``: the points from which a horse attacks this point, with the leg that must be empty.
HORSE_FROM: tuple[tuple[tuple[int, int], ...], ...] = tuple(_T["horse_from"])
DIAG_STEPS: tuple[tuple[int, ...], ...] = tuple(_T["diag"])
#: ``(destination, eye)``: an elephant moves two points diagonally unless the point between (its eye) is occupied.
ELEPHANT_MOVES: tuple[tuple[tuple[int, int], ...], ...] = tuple(_T["elephant"])

KING_STEPS = {c: tuple(tuple(d for d in ORTH_STEPS[sq] if in_palace(d, c)) if in_palace(sq, c) else ()
                       for sq in range(SQUARES)) for c in (RED, BLACK)}
#: Advisors kept in their palace (Xiangqi, and every covered advisor) or free (a revealed Jieqi advisor).
ADVISOR_PALACE = {c: tuple(tuple(d for d in DIAG_STEPS[sq] if in_palace(d, c)) if in_palace(sq, c) else ()
                           for sq in range(SQUARES)) for c in (RED, BLACK)}
ELEPHANT_HOME = {c: tuple(tuple(m for m in ELEPHANT_MOVES[sq] if own_side(m[0], c)) if own_side(sq, c) else ()
                          for sq in range(SQUARES)) for c in (RED, BLACK)}


def _soldier(sq: int, colour: int) -> tuple[int, ...]:
    r, f = divmod(sq, 9)
    ahead = 1 if colour == RED else -1
    steps = [(r + ahead) * 9 + f] if 0 <= r + ahead < 10 else []
    if not own_side(sq, colour):  # across the river: sideways too, never back
        steps += [r * 9 + f + df for df in (-1, 1) if 0 <= f + df < 9]
    return tuple(steps)


SOLDIER_STEPS = {c: tuple(_soldier(sq, c) for sq in range(SQUARES)) for c in (RED, BLACK)}
#: The points from which a soldier of each colour attacks a point.
SOLDIER_FROM = {c: tuple(tuple(o for o in range(SQUARES) if sq in SOLDIER_STEPS[c][o]) for sq in range(SQUARES))
                for c in (RED, BLACK)}
#: Rank and file of each point, for the "on a line with the general" tests.
RANK_OF = tuple(sq // 9 for sq in range(SQUARES))
FILE_OF = tuple(sq % 9 for sq in range(SQUARES))
