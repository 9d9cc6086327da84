"""Numeric encodings of views for learning programs (``games/<pkg>/ai.py`` uses them; no numpy here).

:func:`card_planes` encodes a trick-taking or fishing game's view as planes over its deck: a 1 where a card is
in the seat's hand, on the table, played by each seat so far this deal (counted from the seat itself), or
shown in some other place the game names (the talon, the prikup).

>>> view = {"seat": 1, "hand": ["B"], "trick": ["C"], "log": [{"type": "play", "seat": 0, "card": "A"}]}
>>> card_planes(view, {"A": 0, "B": 1, "C": 2}, 3, players=2, shown=())
[0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0]
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping


def card_planes(view: Mapping[str, Any], index: Mapping[str, int], cards: int, players: int,
                shown: Iterable[str] = (), table: str = "trick") -> list[int]:
    """Planes of ``cards`` entries, flattened: the hand, ``view[table]``, each seat's plays this deal from the
    seat's own on (``players`` planes; a play is a log event with ``card``), then one plane per key of ``shown``
    (a list of card codes in the view, or nothing)."""
    seat = view.get("seat") or 0
    planes = [[0] * cards for _ in range(2 + players + len(tuple(shown)))]
    for code in view.get("hand") or ():
        planes[0][index[code]] = 1
    for code in view.get(table) or ():
        planes[1][index[code if isinstance(code, str) else code["card"]]] = 1
    for e in view.get("log") or ():
        if e.get("type") == "play" and "card" in e and e.get("seat") is not None:
            planes[2 + (e["seat"] - seat) % players][index[e["card"]]] = 1
    for k, key in enumerate(shown):
        for code in view.get(key) or ():
            planes[2 + players + k][index[code]] = 1
    return [x for plane in planes for x in plane]
