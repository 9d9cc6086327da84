"""Reading ``deck=``: the stacked cards a test deals, checked before anything is dealt.

>>> from parlour.core.cards import Card, deck
>>> packs = stacked(["AS", "KS"], Card.parse, deck(ranks="AK", suits="S"), "pack", "exactly the 2 spades A K")
>>> [[str(Card(c)) for c in p] for p in packs]
[['AS', 'KS']]
>>> stacked(["AS"], Card.parse, deck(ranks="AK", suits="S"), "pack", "exactly the 2 spades A K")
Traceback (most recent call last):
...
parlour.core.errors.BadOption: stacked pack 1 must hold exactly the 2 spades A K, got 1 cards with 1 different ones
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from .errors import BadOption


def stacked(deck: Sequence[Any] | None, parse: Callable[[str], int], cards: Sequence[int], what: str,
            description: str) -> list[list[int]]:
    """``deck`` as a list of stacked deals (one list of codes, or a list of such lists), each holding exactly
    ``cards`` (a multiset: several decks repeat cards). ``None`` stacks nothing; a bad deal raises
    :class:`BadOption` naming it (``what`` is "pack", "deal", "round"...) and what it must hold."""
    if deck is None:
        return []
    deals = [deck] if not deck or isinstance(deck[0], (str, int)) else list(deck)  # [] is an empty deal, refused
    want = sorted(cards)
    result = []
    for i, d in enumerate(deals):
        try:
            got = [c if isinstance(c, int) else parse(str(c)) for c in d]
        except ValueError as e:
            raise BadOption(f"stacked {what} {i + 1}: {e}") from None
        if sorted(got) != want:
            raise BadOption(f"stacked {what} {i + 1} must hold {description}, got {len(got)} cards "
                            f"with {len(set(got))} different ones")
        result.append(got)
    return result
