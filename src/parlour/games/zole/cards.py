"""The 26-card Zole deck as small ints and bit masks.

The cards are numbered so that a higher number beats a lower one of the same suit (see
:mod:`parlour.core.tricks`): ``0..13`` are the fourteen trumps from the lowest, 7♦, to the highest, Q♣
(7♦ 8♦ 9♦ K♦ 10♦ A♦ J♦ J♥ J♠ J♣ Q♦ Q♥ Q♠ Q♣), then four cards of each plain suit from the lowest,
9 K 10 A: clubs ``14..17``, spades ``18..21``, hearts ``22..25``. The queens and jacks of clubs, spades
and hearts are trumps, not cards of their printed suit. A set of cards is an int with bit ``card`` set.

>>> [CODES[c] for c in (0, 5, 13, 14, 17, 25)]
['7D', 'AD', 'QC', '9C', 'AC', 'AH']
>>> points(FULL), TRUMPS.bit_count()
(120, 14)
>>> parse_card("td") == BY_CODE["10D"], SUIT_NAMES[SUIT[parse_card("JH")]]
(True, 'trumps')
>>> codes(1 << 13 | 1 << 17)
['QC', 'AC']
"""

from __future__ import annotations

from typing import Iterable

from parlour.core.errors import IllegalAction
from parlour.core.tricks import CardPoints, by_bytes, mask_of

CODES: tuple[str, ...] = ("7D", "8D", "9D", "KD", "10D", "AD", "JD", "JH", "JS", "JC", "QD", "QH", "QS", "QC",
                          "9C", "KC", "10C", "AC", "9S", "KS", "10S", "AS", "9H", "KH", "10H", "AH")
BY_CODE: dict[str, int] = {code: i for i, code in enumerate(CODES)}
BY_CODE.update({code.replace("10", "T"): i for i, code in enumerate(CODES) if code.startswith("10")})

#: Suit numbers: 0 is the trumps, then the three plain suits.
TRUMP, CLUBS, SPADES, HEARTS = range(4)
SUIT_NAMES = ("trumps", "clubs", "spades", "hearts")
FULL = (1 << 26) - 1
TRUMPS = (1 << 14) - 1
SUIT_MASKS: tuple[int, ...] = (TRUMPS, 0xF << 14, 0xF << 18, 0xF << 22)
PLAIN = FULL & ~TRUMPS
#: The suit of each card, and the mask of that suit (what a lead of the card asks to follow).
SUIT: tuple[int, ...] = tuple(0 if c < 14 else 1 + (c - 14) // 4 for c in range(26))
LED: tuple[int, ...] = tuple(SUIT_MASKS[SUIT[c]] for c in range(26))
_VALUES = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
#: Card points: ace 11, ten 10, king 4, queen 3, jack 2, nines, eights and sevens 0; 120 in the deck.
POINTS: tuple[int, ...] = tuple(_VALUES.get(code[:-1], 0) for code in CODES)
points = CardPoints(POINTS)
HAND, TALON = 8, 2
DECK_TEXT = " ".join(CODES)


def parse_card(text: str) -> int:
    """A card from its code, any case: ``QC``, ``10D`` (or ``TD``), ``ah``."""
    card = BY_CODE.get(text.strip().upper())
    if card is None:
        raise IllegalAction("'{text}' is not a Zole card: the deck is {deck} (rank then suit C D H S; T may stand for "
                            "10)", text=text, deck=DECK_TEXT)
    return card


_CODE_BYTES = by_bytes(CODES)


def codes(mask: int) -> list[str]:
    """The codes of a mask's cards, in card order: trumps from the lowest, then clubs, spades, hearts."""
    b0, b1, b2, b3 = _CODE_BYTES
    return [*b0[mask & 255], *b1[mask >> 8 & 255], *b2[mask >> 16 & 255], *b3[mask >> 24]]


#: The order players sort a hand in: trumps from the highest, then clubs, spades and hearts from the ace.
DISPLAY_ORDER: tuple[int, ...] = tuple(range(13, -1, -1)) + tuple(c for s in (17, 21, 25) for c in range(s, s - 4, -1))


def display_codes(mask: int) -> list[str]:
    """The codes of a mask's cards as a player sorts them.

    >>> display_codes(1 << 0 | 1 << 13 | 1 << 17 | 1 << 14 | 1 << 25)
    ['QC', '7D', 'AC', '9C', 'AH']
    """
    return [CODES[c] for c in DISPLAY_ORDER if mask >> c & 1]


def mask_of_codes(items: str | Iterable[str]) -> int:
    """The mask of codes given as a list or as one string: ``mask_of_codes("QC AH")``."""
    if isinstance(items, str):
        items = items.split()
    return mask_of(parse_card(c) for c in items)


class Card(int):
    """A card as an int that prints as its code (what ``zones()`` lists)."""

    __slots__ = ()

    def __str__(self) -> str:
        return CODES[self]

    def __repr__(self) -> str:
        return f"Card({CODES[self]!r})"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(26))
