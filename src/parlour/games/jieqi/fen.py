"""Positions written as text: Fairy-Stockfish's Xiangqi FEN, with Jieqi's covered pieces and captures.

The board is written from rank 10 (Black's back rank) down to rank 1, files a to i, as in chess FEN;
``RNBAKCP`` are Red's chariot, horse, elephant, advisor, general, cannon and soldier, lowercase Black's.
Jieqi adds (after the chessprogramming wiki's "Jeiqi notation", with Fairy-Stockfish's letters):

* ``X``/``x`` — a covered (face-down) piece. It stands on one of its side's fifteen covered starting points
  and moves as the piece of that point.
* ``[...]`` right after the board — the captured pieces, each letter with an optional count: ``[R1C1X2n1x3]``
  says Red lost a chariot, a cannon and two pieces taken while covered whose identity this text does not
  tell, Black a horse and three covered ones. Empty brackets are left out.
* In a setup only (``game.new(deck=...)``), a covered piece may be written as its true letter followed by
  ``~``: ``C~`` on a1 is a covered piece that moves as a chariot there and turns out to be a cannon. A plain
  ``X`` is dealt at random from the pieces its side has not placed.

Then the side to move (``w`` Red, ``b`` Black), two ``-`` (no castling, no en passant), the plies since the
last capture or reveal, and the move number.

>>> pos = parse_fen(JIEQI_START)
>>> pos.colour, sum(1 for p in pos.board if p & COVERED), format_fen(pos.board, pos.colour, 0, 1)
(0, 30, 'xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1')
>>> parse_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").captured[BLACK]
[]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .board import (A, B, BLACK, COVERED, FILES, K, KIND_OF_LETTER, LETTERS, P, POSITIONAL, RED, SOLDIER_FILES,
                    in_palace, own_side, piece_letter)

XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
JIEQI_START = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1"
USAGE = ("a position is 10 ranks from rank 10 down to rank 1 joined by '/', each 9 points of piece letters "
         "(KABNRCP Red, kabnrcp Black, X/x covered) and digits for empty points, then optionally captures in "
         "brackets, the side to move (w or b), '- -', the plies since a capture or reveal and the move number; "
         f"e.g. {XIANGQI_START!r}")
_BRACKET = re.compile(r"\[([A-Za-z0-9]*)\]$")


class FenError(ValueError):
    """A position text that cannot be read; the message says what is wrong."""


@dataclass
class Position:
    """A position read from text: the board, who moves, and what the text tells about hidden pieces."""

    board: list[int]
    colour: int
    kings: dict[int, int]
    quiet: int = 0
    fullmove: int = 1
    #: Covered points whose identity the setup names (``C~``): point -> kind.
    identities: dict[int, int] = field(default_factory=dict)
    #: Captured pieces by their colour: the kinds written in the brackets (``X`` counted apart).
    captured: dict[int, list[int]] = field(default_factory=lambda: {RED: [], BLACK: []})
    captured_covered: dict[int, int] = field(default_factory=lambda: {RED: 0, BLACK: 0})


def parse_fen(text: str) -> Position:
    """Read a position; raise :class:`FenError` saying what is wrong (see the module's notation)."""
    if not isinstance(text, str) or not text.strip():
        raise FenError(f"cannot read {text!r}: {USAGE}")
    fields = text.split()
    placement = fields[0]
    captured: dict[int, list[int]] = {RED: [], BLACK: []}
    covered_taken = {RED: 0, BLACK: 0}
    match = _BRACKET.search(placement)
    if match:
        placement = placement[:match.start()]
        for letter, count in re.findall(r"([A-Za-z])(\d*)", match.group(1)):
            colour = RED if letter.isupper() else BLACK
            n = int(count) if count else 1
            if letter in "Xx":
                covered_taken[colour] += n
            elif letter.upper() in KIND_OF_LETTER and letter.upper() != "K":
                captured[colour] += [KIND_OF_LETTER[letter.upper()]] * n
            else:
                raise FenError(f"{letter!r} is not a piece that can be captured: captures are letters of "
                               "ABNRCP (abnrcp for Black) or X/x, each with an optional count")
        if re.sub(r"[A-Za-z]\d*", "", match.group(1)):
            raise FenError(f"cannot read the captures {match.group(0)!r}: write letters with optional counts, e.g. [R1X2n1]")
    ranks = placement.split("/")
    if len(ranks) != 10:
        raise FenError(f"{len(ranks)} ranks in {placement!r}; {USAGE}")
    board = [0] * 90
    identities: dict[int, int] = {}
    kings: dict[int, int] = {}
    for i, row in enumerate(ranks):
        rank = 9 - i
        f = 0
        j = 0
        while j < len(row):
            ch = row[j]
            j += 1
            if ch.isdigit():
                f += int(ch)
                continue
            if f > 8:
                raise FenError(f"rank {rank + 1} ({row!r}) has more than 9 points")
            sq = rank * 9 + f
            colour = RED if ch.isupper() else BLACK
            hidden = j < len(row) and row[j] == "~"
            if hidden:
                j += 1
            if ch in "Xx" or hidden:
                if sq not in POSITIONAL[colour]:
                    raise FenError(f"a covered {'red' if colour == RED else 'black'} piece on {FILES[f]}{rank + 1}: "
                                   "covered pieces stand only on their side's fifteen starting points "
                                   "(all but the general's)")
                board[sq] = POSITIONAL[colour][sq] | colour | COVERED
                if hidden:
                    kind = KIND_OF_LETTER.get(ch.upper())
                    if kind is None or kind == K:
                        raise FenError(f"{ch}~ on {FILES[f]}{rank + 1}: a covered piece is one of ABNRCP (abnrcp)")
                    identities[sq] = kind
            elif ch.upper() in KIND_OF_LETTER:
                kind = KIND_OF_LETTER[ch.upper()]
                board[sq] = kind | colour
                if kind == K:
                    if colour in kings:
                        raise FenError(f"two {'red' if colour == RED else 'black'} generals")
                    if not in_palace(sq, colour):
                        raise FenError(f"the {'red' if colour == RED else 'black'} general on {FILES[f]}{rank + 1} "
                                       "is outside its palace (files d-f, ranks 1-3 for Red, 8-10 for Black)")
                    kings[colour] = sq
            else:
                raise FenError(f"{ch!r} on rank {rank + 1} is not a piece letter; {USAGE}")
            f += 1
        if f != 9:
            raise FenError(f"rank {rank + 1} ({row!r}) has {f} points, not 9")
    for colour in (RED, BLACK):
        if colour not in kings:
            raise FenError(f"no {'red' if colour == RED else 'black'} general ({'K' if colour == RED else 'k'})")
    side = fields[1] if len(fields) > 1 else "w"
    if side not in ("w", "r", "b"):
        raise FenError(f"the side to move is w (Red) or b (Black), not {side!r}")
    numbers = [x for x in fields[2:] if x != "-"]
    try:
        quiet = int(numbers[0]) if numbers else 0
        fullmove = int(numbers[1]) if len(numbers) > 1 else 1
    except ValueError:
        raise FenError(f"the last two fields are the plies since a capture or reveal and the move number: {USAGE}") from None
    if quiet < 0 or fullmove < 1 or len(numbers) > 2:
        raise FenError(f"the last two fields are the plies since a capture or reveal (0 or more) and the move number "
                       f"(1 or more), got {' '.join(fields[2:])!r}")
    return Position(board, BLACK if side == "b" else RED, kings, quiet, fullmove, identities, captured, covered_taken)


def format_board(board: list[int]) -> str:
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for f in range(9):
            p = board[rank * 9 + f]
            if not p:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += piece_letter(p)
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def format_captures(captured: dict[int, list[str]]) -> str:
    """The bracket part from letters per colour (``X``/``x`` for pieces whose identity is not told)."""
    text = ""
    for colour in (RED, BLACK):
        letters = captured[colour]
        for ch in "RNCBAPX":
            ch = ch if colour == RED else ch.lower()
            n = letters.count(ch)
            if n:
                text += f"{ch}{n}"
    return f"[{text}]" if text else ""


def format_fen(board: list[int], colour: int, quiet: int, fullmove: int, captures: str = "") -> str:
    return f"{format_board(board)}{captures} {'b' if colour == BLACK else 'w'} - - {quiet} {fullmove}"


def placement_errors(board: list[int]) -> str | None:
    """Why a position could not arise in plain Xiangqi, or ``None``: advisors leave the palace, elephants cross
    the river, or soldiers stand behind their starting rank or off their files before crossing."""
    for sq, p in enumerate(board):
        if not p:
            continue
        colour, kind = p & BLACK, p & 7
        r, f = divmod(sq, 9)
        ahead = r if colour == RED else 9 - r
        who = f"{'red' if colour == RED else 'black'} {LETTERS[kind]} on {FILES[f]}{r + 1}"
        if kind == A and not in_palace(sq, colour):
            return f"{who}: an advisor never leaves its palace in Xiangqi"
        if kind == B and not own_side(sq, colour):
            return f"{who}: an elephant never crosses the river in Xiangqi"
        if kind == P and (ahead < 3 or ahead < 5 and f not in SOLDIER_FILES):
            return f"{who}: a soldier never stands behind its starting point"
    return None
