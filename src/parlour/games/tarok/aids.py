"""Tarok's player aid: the cards already played in this deal's finished tricks, the taroks (Škis with them) and
each suit, lowest first (:func:`parlour.core.aids.played`).

>>> log = [{"type": "deal"}, {"type": "play", "card": "SKIS"}, {"type": "play", "card": "T3"},
...        {"type": "play", "card": "KH"}, {"type": "play", "card": "T1"}, {"type": "trick"}]
>>> aids({"log": log, "trick": [], "phase": "play"})
{'played': {'T': ['T1', 'T3', 'SKIS'], 'H': ['KH']}}
"""

from __future__ import annotations

from typing import Any

from parlour.core.aids import played

from .cards import CODES


def _suit(code: str) -> str:
    return "T" if code[0] == "T" or code == "SKIS" else code[-1]


def aids(view: dict[str, Any]) -> dict[str, Any] | None:
    """The aids of the seat whose view this is: ``played`` (by suit: ``T`` the taroks, ``H D S C``)."""
    cards = played(view, CODES, _suit)
    return {"played": cards} if cards else None
