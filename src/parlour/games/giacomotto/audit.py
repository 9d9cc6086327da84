"""An independent recount of a Giacomotto match from its public events (used by ``State.audit``).

It shares no scoring code with the engine: it reads the capture and sweep events and counts again.
"""

from __future__ import annotations

from typing import Any

FACE_OR_TEN = {"10", "J", "Q", "K", "A"}


def points_of(code: str) -> int:
    """Card points by the seed: 10 A J Q K are 1, the 10♦ is 2 in all, the 2♣ is 1."""
    if code == "10D":
        return 2
    if code == "2C":
        return 1
    return 1 if code[:-1] in FACE_OR_TEN else 0


def recount(events: list[dict[str, Any]], side_of: tuple[int, ...], target: int) -> list[tuple[int, int]]:
    """Each pack's points per side, recounted; checks the pack total and the match end on the way."""
    rows: list[tuple[int, int]] = []
    cards, points, tablas = [0, 0], [0, 0], [0, 0]
    for e in events:
        kind = e["type"]
        if kind == "pack":
            cards, points, tablas = [0, 0], [0, 0], [0, 0]
        elif kind in ("capture", "sweep"):
            side = side_of[e["seat"]]
            taken = e["cards"] + ([e["card"]] if kind == "capture" else [])
            cards[side] += len(taken)
            points[side] += sum(map(points_of, taken))
            tablas[side] += bool(e.get("tabla"))
        elif kind == "score":
            most = [3 if cards[s] > cards[1 - s] else 0 for s in (0, 1)]
            row = (points[0] + most[0] + tablas[0], points[1] + most[1] + tablas[1])
            # the last capturer sweeps the rest, so every card is in a pile, unless nobody captured at all
            assert sum(cards) in (52, 0), f"pack {e['pack']}: {sum(cards)} cards in the piles"
            assert points[0] + points[1] == (22 if sum(cards) else 0)
            assert tuple(e["points"]) == row, f"pack {e['pack']}: sheet says {e['points']}, recount gives {row}"
            rows.append(row)
    totals = [sum(r[s] for r in rows) for s in (0, 1)]
    ends = [e for e in events if e["type"] == "end"]
    if ends:
        assert max(totals) >= target and totals[0] != totals[1], f"the match ended at {totals}"
        assert len(ends) == 1 and events[-1] is ends[0]
    return rows
