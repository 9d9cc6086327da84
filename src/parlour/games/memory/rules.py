"""What the four memory games share and where they differ: one :class:`Rules` record per game.

Card points are a 53-entry table (cards 0..51, then the joker). Layouts are lists of cards with ``-1`` for
a gap, slot ``i`` sitting in row ``i // cols`` and column ``i % cols`` (extra penalty slots go on below).

>>> from parlour.core.cards import cards
>>> golf = points_table(two=-2, king=0)
>>> column_score([int(c) for c in cards("2S 5H 9C 2D 7S 9H")], golf, cols=3)   # 2-2 and 9-9 pair up: 5 + 7
12
>>> layout_score([int(c) for c in cards("KH KS 3C")] + [-1], points_table(king=10, red_king=-1), cols=0)
12
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from parlour.core.cards import JOKER

RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "joker")
TWO, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE, JOKER_RANK = 0, 5, 6, 7, 8, 9, 10, 11, 12, 13


def rank_of(card: int) -> int:
    """The rank index (2..A are 0..12, the joker 13): snaps and column pairs compare ranks."""
    return JOKER_RANK if card == JOKER else card % 13


def points_table(two: int = 2, king: int = 0, red_king: int | None = None, face: int = 10,
                 joker: int = 0) -> tuple[int, ...]:
    """Points per card: A 1, 2..10 as printed (``two`` for the 2), J Q ``face``, K ``king`` (red K ``red_king``)."""
    table = []
    for c in range(52):
        r = c % 13
        if r == TWO:
            p = two
        elif r <= TEN:
            p = r + 2
        elif r in (JACK, QUEEN):
            p = face
        elif r == KING:
            p = red_king if red_king is not None and c // 13 in (1, 2) else king
        else:
            p = 1
        table.append(p)
    return tuple(table) + (joker,)


def layout_score(layout: Sequence[int], points: Sequence[int], cols: int) -> int:
    """The plain sum of a layout's points (gaps are 0)."""
    return sum(points[c] for c in layout if c >= 0)


def column_score(layout: Sequence[int], points: Sequence[int], cols: int) -> int:
    """Golf: cards whose rank occurs at least twice in their column score 0; the others count."""
    total = 0
    for col in range(cols):
        column = [c for c in layout[col::cols] if c >= 0]
        ranks = [rank_of(c) for c in column]
        total += sum(points[c] for c, r in zip(column, ranks) if ranks.count(r) < 2)
    return total


@dataclass(frozen=True)
class Rules:
    """One memory game's fixed rules (its variant options are read from ``game.options``)."""

    rows: int
    cols: int
    points: tuple[int, ...]
    #: Cards of equal rank in a column score 0 (the golf games).
    column_pairs: bool = False
    #: The first card after the deal starts the discard pile.
    initial_discard: bool = True
    #: Slots each player looks at once in the timed peek window before play (the near row).
    peek_slots: tuple[int, ...] = ()
    #: Cards each player may turn face up before the first turn (golf).
    setup_flips: int = 0
    #: A player may take the top discard instead of drawing.
    take_discard: bool = False
    #: A card put into a layout lies face up (golf) rather than face down.
    incoming_up: bool = False
    #: The round is ended by a knock (else: by turning the last face-down card, golf).
    knock: bool = True
    #: Discarding the drawn card obliges the player to turn a face-down card up (golf).
    flip_after_discard: bool = False
    #: Turning a face-down card up is a whole turn (golf).
    flip_turn: bool = False
    #: Penalty for the player who ended the round without the lowest score.
    closer_penalty: int = 10

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def score(self, layout: Sequence[int]) -> int:
        if self.column_pairs:
            return column_score(layout, self.points, self.cols)
        return layout_score(layout, self.points, self.cols)
