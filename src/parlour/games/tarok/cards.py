"""The 54-card Slovenian tarok deck as small ints and bit masks.

Cards are numbered as OpenSpiel numbers them, so that the cross-check needs no table: ``0..20`` are the
taroks I (Pagat) .. XXI (Mond), ``21`` is the Škis, then 8 cards per suit, lowest first: hearts and
diamonds ``4 3 2 1 J N Q K``, spades and clubs ``7 8 9 10 J N Q K``. A higher number beats a lower one of
the same suit, and any tarok beats any suit card. A set of cards is an int with bit ``card`` set.

>>> [CODES[c] for c in (PAGAT, MOND, SKIS, 22, 29, 38, 53)]
['T1', 'T21', 'SKIS', '4H', 'KH', '7S', 'KC']
>>> parse_card("nh") == BY_CODE["NH"], SUIT_NAMES[suit_of(parse_card("10S"))]
(True, 'spades')
>>> third_points(FULL), rounded(third_points(FULL))
(210, 70)
"""

from __future__ import annotations

from typing import Iterable

try:
    import cython
except ImportError:  # plain Python without Cython: the same code, untyped
    from parlour.core import cyshim as cython

from parlour.core.errors import IllegalAction
from parlour.core.tricks import CardPoints, above, by_bytes, mask_of

PAGAT, MOND, SKIS = 0, 20, 21
#: Suit numbers: 0 is the taroks, then the four suits in card order.
TAROK, HEARTS, DIAMONDS, SPADES, CLUBS = range(5)
SUIT_LETTERS = ("T", "H", "D", "S", "C")
SUIT_NAMES = ("taroks", "hearts", "diamonds", "spades", "clubs")
RED_RANKS = ("4", "3", "2", "1", "J", "N", "Q", "K")
BLACK_RANKS = ("7", "8", "9", "10", "J", "N", "Q", "K")

CODES: tuple[str, ...] = tuple(
    [f"T{i + 1}" for i in range(21)] + ["SKIS"]
    + [r + s for s in "HD" for r in RED_RANKS] + [r + s for s in "SC" for r in BLACK_RANKS])
BY_CODE: dict[str, int] = {code: i for i, code in enumerate(CODES)}

FULL = (1 << 54) - 1
TAROKS = (1 << 22) - 1
SUIT_MASKS: tuple[int, ...] = (TAROKS,) + tuple(0xFF << (22 + 8 * s) for s in range(4))
COLOURS = FULL & ~TAROKS
TRULA = 1 << PAGAT | 1 << MOND | 1 << SKIS
KINGS = sum(1 << (29 + 8 * s) for s in range(4))
QUEENS = KINGS >> 1
#: What may never be laid away: kings and the trula cards (the Pagat by ruling).
UNDISCARDABLE = KINGS | TRULA

#: The suit of each card (0 for the taroks).
SUIT: tuple[int, ...] = tuple(0 if c < 22 else 1 + (c - 22) // 8 for c in range(54))
#: Card points as the seed counts them: trula cards and kings 4, queens 3, cavaliers 2, jacks 1, others 0.
SEED_POINTS: tuple[int, ...] = tuple(
    4 if c in (PAGAT, MOND, SKIS) else 0 if c < 22 else (0, 0, 0, 0, 1, 2, 3, 4)[(c - 22) % 8] for c in range(54))
#: Cards above a card within its suit (any tarok also beats it if it is a suit card).
ABOVE: tuple[int, ...] = above(SUIT_MASKS)


class Card(int):
    """A card as an int that prints as its code (what ``zones()`` lists)."""

    __slots__ = ()

    def __str__(self) -> str:
        return CODES[self]

    def __repr__(self) -> str:
        return f"Card({CODES[self]!r})"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(54))


def suit_of(card: int) -> int:
    return SUIT[card]


def king_of(suit: int) -> int:
    """The king of a suit (1..4)."""
    return 29 + 8 * (suit - 1)


#: Card points of a pile in thirds: 3 per seed point, plus 1 per card (a point for every three).
third_points = CardPoints([3 * p + 1 for p in SEED_POINTS])
_THIRDS: tuple[int, ...] = tuple(3 * p + 1 for p in SEED_POINTS)


@cython.locals(m=cython.ulonglong, c=cython.int, total=cython.int, thirds=tuple)
def points(mask: int) -> int:
    """The card points of a pile, rounded: ``rounded(third_points(mask))``, in C in the compiled build.

    >>> points(FULL), points(1 << MOND | 1 << 22) == rounded(third_points(1 << MOND | 1 << 22))
    (70, True)
    """
    if cython.compiled:  # a loop over the bits (each deal's score counts several piles)
        thirds, m, c, total = _THIRDS, mask, 0, 0
        while m:
            if not m & 255:
                m >>= 8
                c += 8
                continue
            if m & 1:
                total += thirds[c]
            m >>= 1
            c += 1
        return (total + 1) // 3
    return (third_points(mask) + 1) // 3


def rounded(thirds: int) -> int:
    """Thirds to whole points, ⅓ down and ⅔ up, so that two sides' points still sum to 70.

    >>> [rounded(x) for x in (105, 106, 107)]
    [35, 35, 36]
    """
    return (thirds + 1) // 3


def parse_card(text: str) -> int:
    """A card from its code, any case: ``T1`` .. ``T21``, ``SKIS``, ``KH``, ``NS``, ``10C``, ``1D``."""
    card = BY_CODE.get(text.strip().upper())
    if card is None:
        raise IllegalAction("'{text}' is not a tarok card: taroks are T1..T21 and SKIS, suit cards are rank then "
                            "suit (H D S C) with ranks K Q N J and 1 2 3 4 (red) or 10 9 8 7 (black), e.g. KH NS 10C 4D",
                            text=text)
    return card


_CODE_BYTES = by_bytes(CODES)


@cython.locals(m=cython.ulonglong, c=cython.int, names=tuple)
def codes(mask: int) -> list[str]:
    """The codes of a mask's cards, lowest first (taroks, then hearts, diamonds, spades, clubs).

    >>> codes(1 << SKIS | 1 << 29 | 1)
    ['T1', 'SKIS', 'KH']
    """
    if cython.compiled:  # in C, a loop over the bits (every deal lists its hands: the deal's hot path)
        out = []
        names, m, c = CODES, mask, 0
        while m:
            if not m & 255:
                m >>= 8
                c += 8
                continue
            if m & 1:
                out.append(names[c])
            m >>= 1
            c += 1
        return out
    b0, b1, b2, b3, b4, b5, b6 = _CODE_BYTES
    return [*b0[mask & 255], *b1[mask >> 8 & 255], *b2[mask >> 16 & 255], *b3[mask >> 24 & 255],
            *b4[mask >> 32 & 255], *b5[mask >> 40 & 255], *b6[mask >> 48 & 255]]


def mask_of_codes(items: str | Iterable[str]) -> int:
    """The mask of codes given as a list or as one string: ``mask_of_codes("T1 KH")``."""
    if isinstance(items, str):
        items = items.split()
    return mask_of(parse_card(c) for c in items)
