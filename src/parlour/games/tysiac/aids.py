"""Tysiąc's player aids, from the seat's own view:

* ``played``: the cards already played in this deal's finished tricks, by suit, lowest first
  (:func:`parlour.core.aids.played`);
* ``marriages``: while the hand is bid (the auction, the prikup given on, the contract raised), the marriages (king
  and queen of one suit) in the seat's own hand and what each is worth, and ``marriage_points`` their sum: what a
  bid may count on beyond the card points.

>>> aids({"phase": "bid", "hand": ["KH", "QH", "9S", "QS", "KS", "AD"], "log": [{"type": "deal"}]})
{'marriages': [{'suit': 'H', 'points': 100}, {'suit': 'S', 'points': 40}], 'marriage_points': 140}
"""

from __future__ import annotations

from typing import Any

from parlour.core.aids import played

from .cards import MARRIAGE, RANKS, SUIT_LETTERS

#: The phases in which the hand is still being bid for (the marriages in hand are what a bid counts on).
BIDDING = ("bid", "give", "contract")


def marriages(hand: list[str]) -> list[dict[str, Any]]:
    """The marriages in ``hand``, the most valuable first."""
    held = set(hand)
    found = [{"suit": s, "points": MARRIAGE[i]} for i, s in enumerate(SUIT_LETTERS) if {"K" + s, "Q" + s} <= held]
    return sorted(found, key=lambda m: -m["points"])


def aids(view: dict[str, Any]) -> dict[str, Any] | None:
    """The aids of the seat whose view this is (``played``, and ``marriages`` while bidding)."""
    found: dict[str, Any] = {}
    cards = played(view, RANKS)
    if cards:
        found["played"] = cards
    if view.get("phase") in BIDDING:
        pairs = marriages(view.get("hand") or [])
        if pairs:
            found["marriages"], found["marriage_points"] = pairs, sum(m["points"] for m in pairs)
    return found or None
