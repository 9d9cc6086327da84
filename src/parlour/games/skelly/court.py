"""The Skelly court as data: its boxes 1-13, the dead box (skull) and its four quadrants, the start line, the chalk.

Lengths are whole numbers of tenths of a millimetre (``UNIT`` = 0.0001 m), so that every rule ("wholly inside
the box, touching no line") is decided by exact integer arithmetic; the origin is the court's centre, x runs to
the right and y away from the start line. A cap is a disc of radius ``CAP_RADIUS``.

>>> court = COURTS["standard"]
>>> court.box_centre(1), court.box_centre(13)
((-8500, -8500), (0, 0))
>>> court.in_box((-8500, -8500), 1), court.in_box((-8500 + 741, -8500), 1)   # 0.2 m box, 16 mm cap, 2 cm chalk
(True, False)
>>> court.in_skull((2500, 2500)), court.quadrant((2500, 2500))
(True, 'NE')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, Iterable

UNIT = 1e-4
#: A crown cap: 26 mm across the finish, about 32 mm across its flutes.
CAP_RADIUS = 160
#: Caps placed by the rules (a hit's advance, a cap back in bounds) keep this much air between them.
PLACE_GAP = 10
QUADRANTS = ("NE", "NW", "SW", "SE")
_SIGNS = {"NE": (1, 1), "NW": (-1, 1), "SW": (-1, -1), "SE": (1, -1)}
#: The course: boxes 1 to 13, then back down to 1.
COURSE = tuple(range(1, 14)) + tuple(range(12, 0, -1))


def metres(v: int) -> float:
    """An integer length as metres (exactly the float nearest to ``v / 10000``)."""
    return v / 10000


def units(m: float) -> int:
    """Metres as the nearest whole number of units."""
    return round(m * 10000)


@dataclass(frozen=True)
class Court:
    """One court layout. Box centres are given by number; every box but 13 has side ``box``; 13 has ``box13``."""

    name: str
    description: str
    side: int          # the court's side (the outer chalk square, centred on the origin)
    box: int           # side of boxes 1-12
    box13: int         # side of box 13, in the middle of the skull
    line: int          # width of a chalk line
    skull: int         # side of the dead box, the square around 13
    boxes: dict[int, tuple[int, int]] = field(hash=False)
    start: tuple[int, int] = (0, 0)   # centre of the start line
    start_length: int = 1500

    # --- where things are ------------------------------------------------------------------------------------

    def box_centre(self, number: int) -> tuple[int, int]:
        return self.boxes[number]

    def box_half(self, number: int) -> int:
        return (self.box13 if number == 13 else self.box) // 2

    @property
    def margin(self) -> int:
        """How far a cap's centre must keep from a line's middle so that the cap does not touch it."""
        return CAP_RADIUS + self.line // 2

    def quadrant_spot(self, name: str) -> tuple[int, int]:
        """The middle of a quadrant's open part: where a cap advanced into that quadrant is put."""
        sx, sy = _SIGNS[name]
        c = (self.skull // 2 + self.box13 // 2) // 2
        return sx * c, sy * c

    # --- the rules' questions --------------------------------------------------------------------------------

    def in_box(self, pos: tuple[int, int], number: int) -> bool:
        """The cap at ``pos`` lies wholly inside box ``number``, touching none of its lines."""
        cx, cy = self.boxes[number]
        room = self.box_half(number) - self.margin
        return abs(pos[0] - cx) <= room and abs(pos[1] - cy) <= room

    def in_skull(self, pos: tuple[int, int]) -> bool:
        """The cap's centre is in the dead box: inside the skull's square and outside box 13's."""
        x, y = abs(pos[0]), abs(pos[1])
        half13 = self.box13 // 2
        return max(x, y) < self.skull // 2 and not (x < half13 and y < half13)

    def quadrant(self, pos: tuple[int, int]) -> str | None:
        """The quadrant of the dead box the cap lies wholly in (touching no line: not the skull's edge, not the
        cross that splits it, not box 13's), or ``None``."""
        x, y = pos
        m = self.margin
        ax, ay = abs(x), abs(y)
        if ax < m or ay < m or ax > self.skull // 2 - m or ay > self.skull // 2 - m:
            return None
        half13 = self.box13 // 2
        dx, dy = max(0, ax - half13), max(0, ay - half13)
        if dx * dx + dy * dy < m * m:
            return None
        return ("N" if y > 0 else "S") + ("E" if x > 0 else "W")

    def on_court(self, pos: tuple[int, int]) -> bool:
        """The cap's centre is inside the court's outer line (a cap beyond it is out of bounds)."""
        half = self.side // 2
        return abs(pos[0]) <= half and abs(pos[1]) <= half

    def back_in_bounds(self, pos: tuple[int, int]) -> tuple[int, int]:
        """The nearest point where a cap lies wholly inside the court."""
        room = self.side // 2 - self.margin
        return max(-room, min(room, pos[0])), max(-room, min(room, pos[1]))

    def wholly_on_court(self, pos: tuple[int, int]) -> bool:
        room = self.side // 2 - self.margin
        return abs(pos[0]) <= room and abs(pos[1]) <= room

    # --- putting a cap down ----------------------------------------------------------------------------------

    def free_spot(self, want: tuple[int, int], others: Iterable[tuple[int, int]]) -> tuple[int, int]:
        """``want``, or the nearest point to it (on a 4 mm grid, nearest first, then counter-clockwise from the
        east) where a cap touches no other cap and lies wholly on the court."""
        others = [p for p in others if abs(p[0] - want[0]) < _REACH and abs(p[1] - want[1]) < _REACH]
        apart = 2 * CAP_RADIUS + PLACE_GAP
        for dx, dy in _spiral():
            p = (want[0] + dx, want[1] + dy)
            if self.wholly_on_court(p) and all((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 >= apart * apart
                                               for q in others):
                return p
        raise AssertionError("no free spot on the court")  # six caps cannot fill a square metre

    # --- for views -------------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The layout in metres, for tables and programs that draw the court."""
        return {"name": self.name, "side": metres(self.side), "box": metres(self.box), "box13": metres(self.box13),
                "line": metres(self.line), "skull": metres(self.skull), "cap_radius": metres(CAP_RADIUS),
                "boxes": {str(n): [metres(x), metres(y)] for n, (x, y) in sorted(self.boxes.items())},
                "quadrants": {q: [metres(v) for v in self.quadrant_spot(q)] for q in QUADRANTS},
                "start": {"at": [metres(self.start[0]), metres(self.start[1])], "length": metres(self.start_length)}}


_GRID = 40
_REACH = 4000


@cache
def _spiral() -> tuple[tuple[int, int], ...]:
    """Offsets on a 4 mm grid within 20 cm, nearest first (ties counter-clockwise from the east)."""
    import math

    n = _REACH // (2 * _GRID)
    pts = [(i * _GRID, j * _GRID) for i in range(-n, n + 1) for j in range(-n, n + 1)]
    pts = [p for p in pts if p[0] ** 2 + p[1] ** 2 <= (n * _GRID) ** 2]
    return tuple(sorted(pts, key=lambda p: (p[0] ** 2 + p[1] ** 2, math.atan2(p[1], p[0]) % (2 * math.pi))))


def _layout(e: int, p: int) -> dict[int, tuple[int, int]]:
    """Boxes 1-4 in the corners, 5-12 in pairs along the sides (5 and 7 north, 6 and 8 south, 9 and 11 west,
    10 and 12 east), 13 in the middle: every leg but 2 to 3 crosses the skull."""
    return {1: (-e, -e), 2: (e, e), 3: (-e, e), 4: (e, -e), 5: (-p, e), 6: (-p, -e), 7: (p, e), 8: (p, -e),
            9: (-e, p), 10: (e, p), 11: (-e, -p), 12: (e, -p), 13: (0, 0)}


STANDARD = Court("standard", "2 m square court, 20 cm boxes, 80 cm dead box with a 13 box as big as the others",
                 side=20000, box=2000, box13=2000, line=200, skull=8000, boxes=_layout(8500, 2500),
                 start=(-8500, -13000), start_length=1500)
COURTS: dict[str, Court] = {
    "standard": STANDARD,
    "bronx": Court("bronx", "the standard court with a small 13 box (10 cm), as drawn in the Bronx",
                   side=20000, box=2000, box13=1000, line=200, skull=8000, boxes=_layout(8500, 2500),
                   start=(-8500, -13000), start_length=1500),
    "big": Court("big", "a 2.4 m court with 28 cm boxes and a 96 cm dead box (the 7-8 ft courts of the street)",
                 side=24000, box=2800, box13=2800, line=250, skull=9600, boxes=_layout(10000, 3000),
                 start=(-10000, -15600), start_length=1800),
}


def target_spot(court: Court, progress: int, quads: int) -> tuple[int, int]:
    """Where a cap is put when a hit completes its target number ``progress`` (``quads``: the quadrants done
    before): a box's centre, 13's centre, or the first quadrant not yet done."""
    if progress < len(COURSE):
        return court.box_centre(COURSE[progress])
    if progress == len(COURSE):
        return court.box_centre(13)
    for i, q in enumerate(QUADRANTS):
        if not quads >> i & 1:
            return court.quadrant_spot(q)
    return court.box_centre(13)
