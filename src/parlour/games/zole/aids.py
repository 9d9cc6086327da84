"""Zole's player aid: the cards already played in this deal's finished tricks, the trumps (every queen, jack and
diamond) and each plain suit, lowest first (:func:`parlour.core.aids.played`).

>>> log = [{"type": "deal"}, {"type": "play", "card": "QC"}, {"type": "play", "card": "AH"},
...        {"type": "play", "card": "7D"}, {"type": "trick"}, {"type": "play", "card": "9S"}]
>>> aids({"log": log, "trick": [{"seat": 0, "card": "9S"}]})
{'played': {'T': ['7D', 'QC'], 'H': ['AH']}}
"""

from __future__ import annotations

from typing import Any

from parlour.core.aids import played

from .cards import CODES, SUIT, BY_CODE, TRUMP


def _suit(code: str) -> str:
    return "T" if SUIT[BY_CODE[code]] == TRUMP else code[-1]


def aids(view: dict[str, Any]) -> dict[str, Any] | None:
    """The aids of the seat whose view this is: ``played`` (by suit: ``T`` the trumps, ``C S H``)."""
    cards = played(view, CODES, _suit)
    return {"played": cards} if cards else None
