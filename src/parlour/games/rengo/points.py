"""Points of the board: their names, their neighbours, the Zobrist keys and the fixed handicap placement.

A point is an index ``row * size + col``; row 0 is the bottom line (row "1"), col 0 the left column ("A").
This is also OpenSpiel's action numbering. Names are GTP coordinates: a column letter, skipping I, and the
row number from the bottom.

>>> g = geometry(9)
>>> g.name(0), g.name(8), g.name(80), g.point("E5")
('A1', 'J1', 'J9', 40)
>>> [g.name(p) for p in g.neighbours[0]]
['B1', 'A2']
>>> [g.name(p) for p in handicap_points(9, 4)]
['C3', 'G3', 'C7', 'G7']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Generic, Sequence, TypeVar

try:
    import cython
except ImportError:  # plain Python without Cython: the same code, untyped
    from parlour.core import cyshim as cython

from parlour.core.errors import IllegalAction
from parlour.core.rng import Rng

LETTERS = "ABCDEFGHJKLMNOPQRST"
SIZES = (9, 13, 19)
EMPTY, BLACK, WHITE = 0, 1, 2
#: One character per colour, as the view and the SGF-free position strings write a board.
STONE_CHARS = ".XO"
#: Seed of the Zobrist keys: fixed, so that hashes are the same in every process and every run.
ZOBRIST_SEED = 0x5EED_600D
T = TypeVar("T")
_BYTE_BITS = tuple(tuple(i for i in range(8) if v >> i & 1) for v in range(256))


class Lister(Generic[T]):
    """Lists the items whose bits are set in a mask, lowest first, a byte of the mask at a time.

    >>> Lister("abcdefghij")(0b1000100101)
    ['a', 'c', 'f', 'j']
    """

    __slots__ = ("size", "table")

    def __init__(self, items: Sequence[T]) -> None:
        self.size = (len(items) + 7) // 8
        self.table = [[tuple(items[8 * i + o] for o in _BYTE_BITS[v] if 8 * i + o < len(items)) for v in range(256)]
                      for i in range(self.size)]

    @cython.locals(i=cython.Py_ssize_t, v=cython.int, data=bytes, table=list, out=list)
    def __call__(self, mask: int) -> list[T]:
        if not mask:
            return []
        out = []
        table = self.table
        data = mask.to_bytes(self.size, "little")
        for i, v in enumerate(data):
            if v:
                out += table[i][v]
        return out


@dataclass(frozen=True)
class Geometry:
    """Everything about a board size that never changes: built once per size (:func:`geometry`)."""

    size: int
    points: int
    neighbours: tuple[tuple[int, ...], ...]
    #: Bit mask of each point's neighbours.
    around: tuple[int, ...]
    full: int
    #: Every point but the last column / the first column: masks that keep a shift by one from wrapping a row.
    not_last_col: int
    not_first_col: int
    #: Zobrist keys: ``zobrist[colour][point]`` (index 0 unused, all zeros).
    zobrist: tuple[tuple[int, ...], ...]
    names: tuple[str, ...]
    by_name: dict[str, int]
    #: ``list_points(mask)``: the points of a mask, lowest first.
    list_points: Lister[int]
    #: ``zobrist_points[colour][key]``: the point whose Zobrist key for ``colour`` is ``key``.
    zobrist_points: tuple[dict[int, int], ...]

    def name(self, point: int) -> str:
        return self.names[point]

    def point(self, name: str) -> int:
        """The point named ``name`` (``d4`` or ``D4``); :class:`IllegalAction` names the board's range."""
        p = self.by_name.get(name.upper())
        if p is None:
            last = LETTERS[self.size - 1]
            raise IllegalAction("'{name}' is not a point of the {size}×{size} board: columns A-{last} (no I), rows "
                                "1-{size}, e.g. D4", name=name.upper(), size=self.size, last=last)
        return p

    def spread(self, mask: int) -> int:
        """``mask`` and every point next to it."""
        n = self.size
        return (mask | mask << n | mask >> n | (mask & self.not_last_col) << 1
                | (mask & self.not_first_col) >> 1) & self.full

    def fill(self, seed: int, within: int) -> int:
        """The points of ``within`` connected to ``seed`` (which must lie in ``within``)."""
        region = seed
        while True:
            grown = self.spread(region) & within
            if grown == region:
                return region
            region = grown


@cache
def geometry(size: int) -> Geometry:
    if size not in range(2, 20):
        raise ValueError(f"board sizes are 2..19, not {size}")
    n = size
    count = n * n
    neighbours = []
    for p in range(count):
        row, col = divmod(p, n)
        near = []
        if col > 0:
            near.append(p - 1)
        if col < n - 1:
            near.append(p + 1)
        if row > 0:
            near.append(p - n)
        if row < n - 1:
            near.append(p + n)
        neighbours.append(tuple(sorted(near)))
    around = tuple(sum(1 << q for q in near) for near in neighbours)
    full = (1 << count) - 1
    last_col = sum(1 << (r * n + n - 1) for r in range(n))
    first_col = sum(1 << (r * n) for r in range(n))
    rng = Rng(ZOBRIST_SEED + size)
    zobrist = ((0,) * count, tuple(rng.next64() for _ in range(count)), tuple(rng.next64() for _ in range(count)))
    names = tuple(f"{LETTERS[p % n]}{p // n + 1}" for p in range(count))
    assert all(len(set(keys)) == count for keys in zobrist[1:]), "the Zobrist keys of a colour are distinct"
    return Geometry(n, count, tuple(neighbours), around, full, full & ~last_col, full & ~first_col, zobrist, names,
                    {name: p for p, name in enumerate(names)}, Lister(range(count)),
                    tuple({key: p for p, key in enumerate(keys)} for keys in zobrist))


def handicap_points(size: int, stones: int) -> list[int]:
    """The fixed placement of ``stones`` handicap stones (GTP's ``fixed_handicap``), in the order they are set.

    Star points on the third line (9×9) or the fourth (13×13, 19×19): two opposite corners, then the other
    corners, then the centre for an odd count, then the middles of the sides.
    """
    if stones < 2:
        return []
    if stones > 9:
        raise ValueError(f"at most 9 handicap stones, not {stones}")
    n = size
    edge = 2 if n < 13 else 3
    low, mid, high = edge, n // 2, n - 1 - edge

    def at(col: int, row: int) -> int:
        return row * n + col

    corners = [at(low, low), at(high, high), at(low, high), at(high, low)]
    centre = at(mid, mid)
    sides = [at(low, mid), at(high, mid), at(mid, low), at(mid, high)]
    if stones <= 4:
        chosen = corners[:stones]
    elif stones == 5:
        chosen = corners + [centre]
    elif stones == 6:
        chosen = corners + sides[:2]
    elif stones == 7:
        chosen = corners + sides[:2] + [centre]
    elif stones == 8:
        chosen = corners + sides
    else:
        chosen = corners + sides + [centre]
    return sorted(chosen)
