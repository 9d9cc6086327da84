"""The 24-card Tysiąc deck (9 J Q K 10 A in four suits) as small ints and bit masks.

Card ``suit * 6 + rank``: ranks 0..5 are ``9 J Q K 10 A`` (the order in which they beat each other, so a
higher number beats a lower one of the same suit); suits 0..3 are spades, clubs, diamonds, hearts, the
order of their marriages' values (40, 60, 80, 100). A set of cards is an int with bit ``card`` set.

>>> [CODES[c] for c in (0, 5, 23)], parse_card("th") == parse_card("10H")
(['9S', 'AS', 'AH'], True)
>>> POINTS[parse_card("AS")], POINTS[parse_card("10D")], card_points(FULL), MARRIAGE[HEARTS]
(11, 10, 120, 100)
>>> codes(marriages(mask_of_codes("KH QH KS 9S")))
['KH']
"""

from __future__ import annotations

from typing import Iterable

from parlour.core.errors import IllegalAction
from parlour.core.tricks import CardPoints, above, cards_in, mask_of

__all__ = ["cards_in", "mask_of"]  # re-exported from core.tricks for the game's modules

SPADES, CLUBS, DIAMONDS, HEARTS = range(4)
SUIT_LETTERS = "SCDH"
SUIT_NAMES = ("spades", "clubs", "diamonds", "hearts")
RANKS = ("9", "J", "Q", "K", "10", "A")
NINE, JACK, QUEEN, KING, TEN, ACE = range(6)
RANK_POINTS = (0, 2, 3, 4, 10, 11)
#: What a declared marriage (king and queen of a suit) is worth, by suit.
MARRIAGE = (40, 60, 80, 100)

CODES: tuple[str, ...] = tuple(r + s for s in SUIT_LETTERS for r in RANKS)
BY_CODE: dict[str, int] = {code: i for i, code in enumerate(CODES)}
BY_CODE.update({code.replace("10", "T"): i for i, code in enumerate(CODES) if code.startswith("10")})

FULL = (1 << 24) - 1
SUIT_MASKS: tuple[int, ...] = tuple(0b111111 << (6 * s) for s in range(4))
SUIT: tuple[int, ...] = tuple(c // 6 for c in range(24))
RANK: tuple[int, ...] = tuple(c % 6 for c in range(24))
POINTS: tuple[int, ...] = tuple(RANK_POINTS[c % 6] for c in range(24))
KINGS = sum(1 << (6 * s + KING) for s in range(4))
QUEENS = KINGS >> 1
NINES = KINGS >> 3
#: Cards above a card within its suit.
ABOVE: tuple[int, ...] = above(SUIT_MASKS)
#: The card points of a set of cards (120 in the whole deck).
card_points = CardPoints(POINTS)


class Card(int):
    """A card as an int that prints as its code (what ``zones()`` lists)."""

    __slots__ = ()

    def __str__(self) -> str:
        return CODES[self]

    def __repr__(self) -> str:
        return f"Card({CODES[self]!r})"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(24))


def king(suit: int) -> int:
    return 6 * suit + KING


def queen(suit: int) -> int:
    return 6 * suit + QUEEN


def marriages(hand: int) -> int:
    """The kings of ``hand`` whose queen it also holds: one bit per marriage held."""
    return hand & KINGS & (hand & QUEENS) << 1


def marriage_suits(hand: int) -> list[int]:
    """The suits in which ``hand`` holds king and queen."""
    m = marriages(hand)
    return [s for s in range(4) if m >> king(s) & 1]


def parse_card(text: str) -> int:
    """A card from its code, any case: ``9S``, ``JC``, ``QD``, ``KH``, ``10S`` (or ``TS``), ``AH``."""
    card = BY_CODE.get(text.strip().upper())
    if card is None:
        raise IllegalAction("'{text}' is not a Tysiąc card: write rank then suit, ranks 9 J Q K 10 A (T for 10), "
                            "suits S C D H, e.g. AH 10S KD 9C", text=text)
    return card


def codes(mask: int) -> list[str]:
    """The codes of a mask's cards, lowest first (spades, clubs, diamonds, hearts; 9 up to A)."""
    return [CODES[c] for c in cards_in(mask)]


def mask_of_codes(items: str | Iterable[str]) -> int:
    """The mask of codes given as a list or as one string: ``mask_of_codes("AH 10S")``."""
    if isinstance(items, str):
        items = items.split()
    return mask_of(parse_card(c) for c in items)
