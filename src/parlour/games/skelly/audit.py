"""An independent recount of a Skelly match from its public events (used by ``State.audit``).

It shares no code with the engine's accounting: it follows each cap from the start's standings through the shot,
killer and removal events, and places the caps again when the match ends (the first cap out 0 points, the next
1, ...; the caps still in play above them, ranked killers first, then by kills, then by targets done; equals share).
"""

from __future__ import annotations

from typing import Any


def recount(events: list[dict[str, Any]], players: int) -> list[list[int]]:
    """The match's row of points, recounted (empty while the match goes on)."""
    assert events and events[0]["type"] == "start", "the log starts with the start"
    done = {c["seat"]: c["done"] for c in events[0]["caps"]}
    killer = {c["seat"]: c["killer"] for c in events[0]["caps"]}
    kills = {c["seat"]: c["kills"] for c in events[0]["caps"]}
    out = sorted((c["out"], c["seat"]) for c in events[0]["caps"] if c["out"] is not None)
    order = [seat for _, seat in out]
    rows: list[list[int]] = []
    for e in events[1:]:
        kind = e["type"]
        if kind == "shot":
            assert e["seat"] not in order, f"seat {e['seat']} shot after its cap was out"
            done[e["seat"]] = e["done"]
        elif kind == "killer":
            killer[e["seat"]] = True
        elif kind == "removed":
            assert e["seat"] not in order
            order.append(e["seat"])
            if e["how"] == "kill":
                assert killer[e["by"]], "only a killer kills"
                kills[e["by"]] += 1
        elif kind == "end":
            left = [s for s in range(players) if s not in order]
            assert (len(left) <= 1) == (e["reason"] == "last cap"), "the match ends with one cap, or at the limit"
            key = {s: (int(killer[s]), kills[s], done[s]) for s in left}
            points = [0] * players
            for place, s in enumerate(order):
                points[s] = place
            for s in left:
                points[s] = players - 1 - sum(key[o] > key[s] for o in left)
            assert e["scores"] == points, f"the end says {e['scores']}, the recount {points}"
            rows.append(points)
    return rows
