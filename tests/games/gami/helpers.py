"""Stacked deals and the rules of Gami written again from the seed, for the Gami tests.

Nothing here imports the engine's rules: the oracle below is the seed's text turned into code, so a test fails
when the engine and the seed disagree.
"""

from __future__ import annotations

from typing import Any

import parlour

SUITS = "CDH"
RANKS = "A2345678"
DECK = [r + s for s in SUITS for r in RANKS]
#: The seed's GAMIs, "in any order": four runs in each suit and the four sets of even cards.
GAMIS = [{r + s for r in run} for s in SUITS for run in ("A23", "345", "567", "78A")] + \
        [{r + s for s in SUITS} for r in "2468"]


def exchangeable(a: str, b: str) -> bool:
    """The seed's exchange rules: adjacent in one suit (A=1, and 8-A adjacent too), or an even card for the same
    rank in a suit of the other colour (clubs are black; diamonds and hearts red)."""
    va, vb = RANKS.index(a[0]) + 1, RANKS.index(b[0]) + 1
    if a[1] == b[1]:
        return abs(va - vb) == 1 or {va, vb} == {1, 8}
    return va == vb and va % 2 == 0 and (a[1] == "C") != (b[1] == "C")


def gamis_with(card: str, hand: set[str]) -> list[set[str]]:
    """The GAMIs that ``card`` completes with two other cards of ``hand``."""
    return [g for g in GAMIS if card in g and g - {card} <= hand]


def stack(first: str, table: str, second: str = "") -> list[str]:
    """The 24 codes in dealing order: the first player's nine, the other player's nine (by default every card
    not named), then the six table cards."""
    f, t = first.split(), table.split()
    s = second.split() if second else [c for c in DECK if c not in f and c not in t]
    deck = f + s + t
    assert len(f) == len(s) == 9 and len(t) == 6 and sorted(deck) == sorted(DECK), "a stacked deal holds all 24"
    return deck


def new(first: str, table: str, second: str = "", seed: int = 0, **options: Any):
    """A match whose first deal is stacked; ``state.to_act[0]`` is the first player."""
    return parlour.load("gami", **options).new(seed=seed, deck=stack(first, table, second))


def hands(state) -> tuple[set[str], set[str]]:
    """(the first player's hand, the other's) of the deal under way, from the public view."""
    view = state.view(None)
    first = view["first"]
    return set(view["hands"][first]), set(view["hands"][1 - first])


def play(state, *actions: str) -> None:
    """Each action by the seat whose turn it is."""
    for a in actions:
        state.apply(state.to_act[0], a)


def result(state) -> dict[str, Any]:
    """The last deal's result event."""
    return [e for e in state.events if e["type"] == "result"][-1]


def takes(state) -> set[str]:
    """The exchanges the seat to move may follow with a capture (``exchange G T``), from its legal actions."""
    seat = state.to_act[0]
    return {" ".join(str(a).split()[:3]) for a in state.legal(seat) if " take " in str(a)}


def plain(state) -> set[str]:
    """The legal exchanges of the seat to move, without their captures."""
    seat = state.to_act[0]
    return {" ".join(str(a).split()[:3]) for a in state.legal(seat)}
