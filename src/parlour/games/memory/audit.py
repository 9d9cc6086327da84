"""An independent recount of a memory-game match from its public events (used by ``State.audit``).

It shares no scoring code with the engine: it reads each round's ``reveal`` (the layouts turned up) and the
closer, and counts again from the rules' point tables written out here.
"""

from __future__ import annotations

from typing import Any

from parlour.core.game import Game

FACE = {"J": 10, "Q": 10, "A": 1}


def card_points(game_id: str, code: str) -> int:
    rank, suit = code[:-1], code[-1]
    if code == "JK":
        return 0
    if rank == "K":
        if game_id == "kaboo":
            return -1 if suit in "DH" else 10
        return 0
    if rank == "2" and game_id in ("golf6", "crazy-nines"):
        return -2
    return FACE.get(rank) or int(rank)


def layout_points(game_id: str, layout: list[str | None], cols: int) -> int:
    cards = [c for c in layout if c is not None]
    if game_id not in ("golf6", "crazy-nines"):
        return sum(card_points(game_id, c) for c in cards)
    total = 0
    for col in range(cols):
        column = [c for c in layout[col::cols] if c is not None]
        ranks = [c[:-1] for c in column]
        total += sum(card_points(game_id, c) for c in column if ranks.count(c[:-1]) < 2)
    return total


def recount(events: list[dict[str, Any]], game: Game) -> list[tuple[int, ...]]:
    """Each round's points per seat, recounted from the reveal and the closer."""
    cols = {"golf6": 3, "crazy-nines": 3}.get(game.id, 2)
    tie = game.options.get("tie_penalty", False)
    rows: list[tuple[int, ...]] = []
    raw: list[int] = []
    for e in events:
        if e["type"] == "reveal":
            raw = [layout_points(game.id, lay, cols) for lay in e["layouts"]]
        elif e["type"] == "score":
            points = list(raw)
            c = e["closer"]
            if c is not None and any(p < raw[c] or (tie and p == raw[c] and s != c) for s, p in enumerate(raw)):
                points[c] += 10
            assert e["raw"] == raw, f"round {e['round']}: engine raw {e['raw']}, recount {raw}"
            assert e["points"] == points, f"round {e['round']}: engine {e['points']}, recount {points}"
            rows.append(tuple(points))
    ends = [e for e in events if e["type"] == "end"]
    if ends:
        assert len(rows) == game.options["rounds"] and events[-1] is ends[0]
        totals = [sum(r[s] for r in rows) for s in range(game.players)]
        assert ends[0]["winners"] == [s for s, t in enumerate(totals) if t == min(totals)]
    return rows
