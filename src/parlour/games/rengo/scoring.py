"""Counting a finished position: area (stones + territory, the default) or territory (territory + prisoners).

Stones marked dead are taken off first. Each empty region then belongs to the colour whose stones alone
border it; a region that touches both colours (dame, the shared liberties of a seki) belongs to nobody.

Area: each side counts its stones and its territory; White adds komi, and in a handicap game one point
per handicap stone (the Chinese rule, as GNU Go and OpenSpiel count). Territory: each side counts its
territory and its prisoners (stones it captured during play and the dead stones it takes off); White adds
komi.

>>> from .board import Board
>>> b = Board(9)
>>> for col in "DE":
...     for row in range(1, 10):
...         _ = b.play_named(f"{col}{row}", BLACK if col == "D" else WHITE)
>>> c = count(b, dead=0, komi=7.5, territory=False, handicap=0)
>>> c.black, c.white, c.result
(36, 52.5, 'W+16.5')
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board
from .points import BLACK, WHITE


@dataclass(frozen=True)
class Count:
    """The count of a position: what each side has, and the result."""

    black: float
    white: float
    #: Points owned by each side: territory (empty points and the dead stones taken off inside it).
    territory: tuple[int, int]
    #: Stones alive on the board, per side.
    stones: tuple[int, int]
    #: Prisoners per side: stones captured during play, and the dead stones taken off (territory scoring).
    prisoners: tuple[int, int]
    komi: float
    compensation: int
    masks: tuple[int, int]

    @property
    def margin(self) -> float:
        """Black's points less White's."""
        return self.black - self.white

    @property
    def result(self) -> str:
        """``B+3.5``, ``W+0.5`` or ``Jigo`` (a tie, possible with a whole-number komi)."""
        m = self.margin
        if m == 0:
            return "Jigo"
        return f"{'B' if m > 0 else 'W'}+{points_text(abs(m))}"

    def to_dict(self) -> dict:
        return {"black": self.black, "white": self.white, "territory": list(self.territory),
                "stones": list(self.stones), "prisoners": list(self.prisoners), "komi": self.komi,
                "compensation": self.compensation, "result": self.result}


def points_text(points: float) -> str:
    """``3.5``, ``4`` (no ``.0`` for whole points)."""
    return str(int(points)) if points == int(points) else str(points)


def ownership(board: Board, dead: int) -> tuple[int, int]:
    """The points each side owns once the ``dead`` stones are off: (black territory, white territory)."""
    geo = board.geo
    alive = (board.masks[BLACK] & ~dead, board.masks[WHITE] & ~dead)
    open_ = geo.full & ~(alive[0] | alive[1])
    owned = [0, 0]
    rest = open_
    while rest:
        seed = rest & -rest
        region = geo.fill(seed, open_)
        rest &= ~region
        border = geo.spread(region) & ~region
        touches_black, touches_white = border & alive[0], border & alive[1]
        if touches_black and not touches_white:
            owned[0] |= region
        elif touches_white and not touches_black:
            owned[1] |= region
    return owned[0], owned[1]


def count(board: Board, dead: int, komi: float, territory: bool, handicap: int) -> Count:
    """The count of ``board`` with the ``dead`` stones taken off."""
    owned = ownership(board, dead)
    areas = (owned[0].bit_count(), owned[1].bit_count())
    stones = ((board.masks[BLACK] & ~dead).bit_count(), (board.masks[WHITE] & ~dead).bit_count())
    dead_taken = ((dead & board.masks[WHITE]).bit_count(), (dead & board.masks[BLACK]).bit_count())
    if territory:
        prisoners = (board.captures[BLACK] + dead_taken[0], board.captures[WHITE] + dead_taken[1])
        black, white = areas[0] + prisoners[0], areas[1] + prisoners[1] + komi
        compensation = 0
    else:
        prisoners = (board.captures[BLACK], board.captures[WHITE])
        compensation = handicap if handicap >= 2 else 0
        black, white = stones[0] + areas[0], stones[1] + areas[1] + komi + compensation
    return Count(black, white, areas, stones, prisoners, komi, compensation, owned)
