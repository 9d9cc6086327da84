"""An independent recount of a tarok match from its public events (used by ``State.audit``).

It shares no scoring code with the engine: it rebuilds every trick from the play events, counts card
points by the standard method (kings and trula cards 5, queens 4, cavaliers 3, jacks 2, others 1, less
2 for every three cards), and checks the card points, the Klop rows and the sheet against what the
engine wrote.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

STANDARD = {"K": 5, "Q": 4, "N": 3, "J": 2}
TRULA = {"T1", "T21", "SKIS"}


def standard_points(codes: list[str]) -> Fraction:
    """Card points by the standard count: equal to the seed's count (see RULES.md)."""
    total = sum(5 if c in TRULA else 1 if c.startswith("T") else STANDARD.get(c[0], 1) for c in codes)
    return Fraction(total) - Fraction(2 * len(codes), 3)


def rounded(x: Fraction) -> int:
    """⅓ down, ⅔ up."""
    return int((x * 3 + 1) // 3)


def recount(state: Any) -> None:
    n = state.game.players
    rows = [row[1] for row in state.sheet.rows]
    scores = [e for e in state.events if e["type"] == "score"]
    assert [tuple(e["points"]) for e in scores] == [r for r, row in zip(rows, state.sheet.rows) if row[0] != "wheels"]
    deal: list[dict[str, Any]] = []
    for e in state.events:
        if e["type"] == "deal":
            deal = []
        deal.append(e)
        if e["type"] == "score" and not e.get("forfeit"):
            _check_deal(deal, n)
    if state.finished:
        wheels = [r for r in state.sheet.rows if r[0] == "wheels"]
        left = list(state.wheels)
        assert (wheels[0][1] if wheels else tuple([0] * n)) == tuple(-100 * w for w in left)


def _check_deal(events: list[dict[str, Any]], n: int) -> None:
    piles: list[list[str]] = [[] for _ in range(n)]
    trick: list[tuple[int, str]] = []
    contract = next(e["contract"] for e in events if e["type"] == "declarer")
    declarer = next(e["seat"] for e in events if e["type"] == "declarer")
    called = None
    partner = None
    for e in events:
        if e["type"] == "call":
            words = e["action"].split()
            called = ("K" if words[1] == "king" else "Q") + words[2][0].upper()
        elif e["type"] == "play":
            trick.append((e["seat"], e["card"]))
            if e["card"] == called and e["seat"] != declarer:
                partner = e["seat"]
        elif e["type"] == "trick":
            w = e["winner"]
            piles[w] += [c for _, c in trick] + ([e["talon"]] if "talon" in e else []) + e.get("rest of talon", [])
            trick = []
    score = events[-1]
    assert sum(len(p) for p in piles) % n in (0, 6 % n), "every trick holds one card per player"
    if contract == "klop":
        pts = [rounded(standard_points(p)) for p in piles]
        assert score["card_points"] == pts, f"Klop points: sheet {score['card_points']}, recount {pts}"
        tricks = [0] * n
        for e in events:
            if e["type"] == "trick":
                tricks[e["winner"]] += 1
        empty = [s for s in range(n) if tricks[s] == 0]
        over = [s for s in range(n) if pts[s] > 35]
        expect = [-p for p in pts] if not empty and not over else \
            [70 if s in empty else -70 if s in over else 0 for s in range(n)]
        assert score["points"] == expect, f"Klop row {score['points']}, recount {expect}"
        return
    if contract in ("three", "two", "one", "solo three", "solo two", "solo one") and len(
            [e for e in events if e["type"] == "trick"]) == 48 // n:
        reveal = next(e for e in events if e["type"] == "reveal")
        ours = piles[declarer] + (piles[partner] if partner is not None else []) + reveal["laid away"]
        pts = rounded(standard_points(ours))
        assert score["card_points"] == [pts, 70 - pts], f"card points {score['card_points']}, recount {pts}"
