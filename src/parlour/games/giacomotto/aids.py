"""Giacomotto's player aid: the cards of the seat's hand that can capture now, marked on the hand. Read from the
seat's own legal moves in its view (``capture CARD``, the first step of a capture), so it is there while the seat
is to play.

>>> aids({"legal": ["capture 9C", "capture KH", "trail 9C", "trail KH", "trail 2S"]})
{'captures': ['9C', 'KH']}
>>> aids({"legal": ["trail 2S"]}) is None
True
"""

from __future__ import annotations

from typing import Any


def aids(view: dict[str, Any]) -> dict[str, Any] | None:
    """The aids of the seat whose view this is: ``captures``, the hand cards that can capture."""
    cards = [text.split()[1] for text in view.get("legal") or [] if text.startswith("capture ")
             and len(text.split()) == 2]
    return {"captures": cards} if cards else None
