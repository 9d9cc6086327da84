"""Gami's player aid: the cards to take for a GAMI. For every exchange open to the seat now whose picked-up card
makes a GAMI with two other cards of its hand, the card to give, the table card to take and the three it makes;
after it the seat may take any one card of its opponent's hand (RULES.md, GAMI). Read from the seat's legal moves
(an exchange that makes a GAMI is the one listed with ``take`` after it), so it follows the rules' own reckoning.

>>> aids({"hand": ["AH", "2H", "4H"], "legal": ["exchange 4H 3H", "exchange 4H 3H take 5C", "exchange 4H 5H"]})
{'gami': [{'give': '4H', 'take': '3H', 'three': ['AH', '2H', '3H']}]}
"""

from __future__ import annotations

from typing import Any

from .cards import codes_of, gamis_formed, mask_of, parse_card


def aids(view: dict[str, Any]) -> dict[str, Any] | None:
    """The aids of the seat whose view this is: ``gami``, the exchanges that make a GAMI."""
    found: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    hand = mask_of(view.get("hand") or [])
    for text in view.get("legal") or []:
        words = text.split()
        if len(words) != 5 or words[3] != "take" or (words[1], words[2]) in seen:
            continue
        give, take = words[1], words[2]
        seen.add((give, take))
        held = hand & ~(1 << parse_card(give)) | 1 << parse_card(take)
        threes = gamis_formed(parse_card(take), held)
        found.append({"give": give, "take": take, "three": codes_of(threes[0]) if threes else []})
    return {"gami": found} if found else None
