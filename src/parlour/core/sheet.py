"""The match score sheet, and the seat helpers that several games share.

>>> sheet = ScoreSheet(["North-South", "East-West"])
>>> sheet.add("pack 1", [14, 12])
>>> sheet.add("pack 2", [9, 17])
>>> sheet.totals
(23, 29)
>>> sheet.leaders(), sheet.leaders(lowest=True)
((1,), (0,))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence


@dataclass
class ScoreSheet:
    """Rows of points per side (one row per deal or pack) and their running totals."""

    sides: list[str]
    rows: list[tuple[str, tuple[int, ...], dict[str, Any]]] = field(default_factory=list)
    #: The totals of the first ``_counted`` rows of the list ``_of`` (rows are only ever appended, or the list
    #: replaced: a match asks its totals after every deal, and summing every row each time grows with the match).
    _totals: list[int] = field(default_factory=list, init=False, repr=False, compare=False)
    _counted: int = field(default=0, init=False, repr=False, compare=False)
    _of: Any = field(default=None, init=False, repr=False, compare=False)

    def add(self, label: str, points: Sequence[int], detail: Mapping[str, Any] | None = None) -> None:
        """Write a row; ``detail`` keeps how the points were made (shown on the sheet)."""
        if len(points) != len(self.sides):
            raise ValueError(f"a row has {len(self.sides)} entries, got {len(points)}")
        self.rows.append((label, tuple(points), dict(detail or {})))

    @property
    def totals(self) -> tuple[int, ...]:
        rows, counted = self.rows, self._counted
        if rows is not self._of or len(rows) < counted:
            self._of, self._totals, counted = rows, [0] * len(self.sides), 0
        if counted < len(rows):
            totals = self._totals
            for _, points, _ in rows[counted:]:
                for i, p in enumerate(points):
                    totals[i] += p
            self._counted = len(rows)
        return tuple(self._totals)

    def leaders(self, lowest: bool = False) -> tuple[int, ...]:
        """The sides with the highest total (the lowest, for games where low scores win)."""
        totals = self.totals
        best = min(totals) if lowest else max(totals)
        return tuple(i for i, t in enumerate(totals) if t == best)

    def copy(self) -> "ScoreSheet":
        return ScoreSheet(list(self.sides), list(self.rows))

    def to_dict(self) -> dict[str, Any]:
        return {"sides": list(self.sides), "totals": list(self.totals),
                "rows": [{"label": label, "points": list(points), "detail": detail} for label, points, detail in self.rows]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "ScoreSheet":
        return cls(list(data["sides"]), [(r["label"], tuple(r["points"]), dict(r["detail"])) for r in data["rows"]])


def next_seat(seat: int, players: int, step: int = 1) -> int:
    """The seat ``step`` places on in turn order."""
    return (seat + step) % players


def seats_from(first: int, players: int) -> list[int]:
    """Every seat once, in turn order, starting at ``first``."""
    return [(first + i) % players for i in range(players)]


@dataclass(frozen=True)
class Teams:
    """Which side each seat plays for. ``Teams.opposite(4)`` pairs partners across the table.

    >>> Teams.opposite(4).side
    (0, 1, 0, 1)
    >>> Teams.solo(2).members(1)
    (1,)
    """

    side: tuple[int, ...]

    @classmethod
    def solo(cls, players: int) -> "Teams":
        return cls(tuple(range(players)))

    @classmethod
    def opposite(cls, players: int) -> "Teams":
        """Two sides of alternate seats, partners sitting opposite (as in bridge)."""
        return cls(tuple(s % 2 for s in range(players)))

    @property
    def count(self) -> int:
        return max(self.side) + 1

    def members(self, side: int) -> tuple[int, ...]:
        return tuple(s for s, t in enumerate(self.side) if t == side)

    def per_seat(self, per_side: Iterable[int]) -> tuple[int, ...]:
        """Spread side values to seats (partners share)."""
        values = tuple(per_side)
        return tuple(values[t] for t in self.side)
