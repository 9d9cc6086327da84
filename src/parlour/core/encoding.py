"""Numeric encodings of views for learning programs (``games/<pkg>/ai.py`` uses them; no numpy here).

:func:`trick_planes` reads a trick-taking game's log into planes over its deck: the current trick's cards by who
played them, the cards each seat played in earlier tricks, and the cards of the tricks each seat won, seats
counted from the seat itself.

>>> log = [{"type": "play", "seat": 0, "card": "A"}, {"type": "play", "seat": 1, "card": "B"},
...        {"type": "trick", "winner": 1}, {"type": "play", "seat": 1, "card": "C"}]
>>> trick_planes(log, {"A": 0, "B": 1, "C": 2}, 3, players=2, seat=1)
[[0.0, 0.0, 1.0], [0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 0.0, 0.0]]
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping


class CardPlanes:
    """The start every trick-taking game's tensor shares: ``count`` planes over a deck of ``cards``, the seat's hand
    in plane 0 and :func:`trick_planes` in planes 1 .. 3n; :meth:`mark` sets more, :meth:`rel` counts seats from
    the seat itself.

    >>> view = {"players": 2, "seat": 1, "hand": ["B"], "log": [{"type": "play", "seat": 0, "card": "A"}]}
    >>> p = CardPlanes(view, {"A": 0, "B": 1, "C": 2}, 3, count=8)
    >>> p.mark(7, ["C"]); p.planes[0], p.planes[2], p.planes[7], p.rel(0)
    ([0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0], 1)
    """

    def __init__(self, view: Mapping[str, Any], index: Mapping[str, int], cards: int, count: int) -> None:
        self.n: int = view["players"]
        self.seat: int = view["seat"] or 0
        self.index = index
        self.planes = [[0.0] * cards for _ in range(count)]
        self.mark(0, view["hand"])
        self.planes[1:3 * self.n + 1] = trick_planes(view["log"], index, cards, self.n, self.seat)

    def rel(self, seat: int) -> int:
        """``seat`` counted from the seat itself."""
        return (seat - self.seat) % self.n

    def mark(self, plane: int, codes: Iterable[str] | None) -> None:
        """1 in ``plane`` at each card of ``codes`` (none if ``codes`` is None)."""
        row = self.planes[plane]
        for code in codes or ():
            row[self.index[code]] = 1.0


def trick_planes(log: Iterable[Mapping[str, Any]], index: Mapping[str, int], cards: int, players: int,
                 seat: int | None) -> list[list[float]]:
    """``3 × players`` planes of ``cards`` entries from a deal's log (``play`` events with ``seat`` and ``card``;
    ``trick`` events with ``winner``, and ``talon`` for a card the trick brings, as in Klop): the current trick
    by who played each card, then each seat's plays in earlier tricks, then the cards of each seat's tricks; seat
    ``k`` of each group is ``k`` seats on from ``seat``."""
    me = seat or 0
    planes = [[0.0] * cards for _ in range(3 * players)]
    plays: list[tuple[int, int]] = []  # the trick so far: (seat counted from me, card)
    for e in log:
        if e["type"] == "play" and e.get("card") is not None:
            plays.append(((e["seat"] - me) % players, index[e["card"]]))
        elif e["type"] == "trick":
            won = planes[2 * players + (e["winner"] - me) % players]
            for k, c in plays:
                planes[players + k][c] = 1.0
                won[c] = 1.0
            if e.get("talon"):
                won[index[e["talon"]]] = 1.0
            plays = []
    for k, c in plays:
        planes[k][c] = 1.0
    return planes
