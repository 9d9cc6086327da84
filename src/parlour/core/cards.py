"""French-suited playing cards: codes, display, decks and bit masks.

A card is a small int (``suit * 13 + rank``) that prints as its ASCII code. The wire and the
records use the codes; the screen uses Unicode suits.

>>> c = Card.parse("10D")
>>> str(c), c.display, c.rank, c.suit
('10D', '10♦', '10', 'D')
>>> [str(c) for c in deck(ranks="AKQ", suits="S")]
['QS', 'KS', 'AS']
>>> mask = mask_of(Card.parse(code) for code in ["AS", "2C"])
>>> [str(c) for c in cards_of(mask)]
['2C', 'AS']

Card sets of one deck are int bit masks (bit ``int(card)``); games with several decks keep lists.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from .errors import IllegalAction

SUITS = "CDHS"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED_SUITS = frozenset("DH")
JOKER_CODE = "JK"


class Card(int):
    """One card: ``suit * 13 + rank`` (ranks 2..A are 0..12); 52 is the joker."""

    __slots__ = ()

    @property
    def rank(self) -> str:
        return JOKER_CODE if self == JOKER else RANKS[self % 13]

    @property
    def suit(self) -> str:
        return "" if self == JOKER else SUITS[self // 13]

    @property
    def red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def display(self) -> str:
        """The card with a Unicode suit, for screens: ``10♦``."""
        return "🃏" if self == JOKER else self.rank + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return CODES[self]

    def __repr__(self) -> str:
        return f"Card({CODES[self]!r})"

    @classmethod
    def parse(cls, code: str) -> "Card":
        """Read a code such as ``AS``, ``10D``, ``TD`` or ``qh`` (case does not matter)."""
        card = BY_CODE.get(code.strip().upper())
        if card is None:
            raise IllegalAction("'{code}' is not a card: write rank then suit, ranks 2-10 J Q K A (T for 10), "
                                "suits C D H S, e.g. AS 10D QH 2C", code=code)
        return card


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(53))
JOKER = CARDS[52]
CODES: tuple[str, ...] = tuple(RANKS[i % 13] + SUITS[i // 13] for i in range(52)) + (JOKER_CODE,)
BY_CODE: dict[str, Card] = {code: CARDS[i] for i, code in enumerate(CODES)}
BY_CODE.update({code.replace("10", "T"): CARDS[i] for i, code in enumerate(CODES) if code.startswith("10")})


def card(code: str) -> Card:
    """Shorthand for :meth:`Card.parse`."""
    return Card.parse(code)


def cards(codes: str | Iterable[str]) -> list[Card]:
    """Parse several codes: ``cards("AS 10D")`` or ``cards(["AS", "10D"])``."""
    if isinstance(codes, str):
        codes = codes.split()
    return [Card.parse(c) for c in codes]


def deck(ranks: str | Iterable[str] | None = None, suits: str = SUITS, copies: int = 1, jokers: int = 0) -> list[Card]:
    """A deck in a fixed order (suit by suit, low rank to high): shuffle it with :class:`~parlour.core.rng.Rng`.

    ``ranks`` keeps only some ranks, for stripped decks: ``deck(ranks=["7","8","9","10","J","Q","K","A"])``
    is the 32-card piquet deck; a string such as ``"AKQ"`` lists one-character ranks.
    ``copies`` repeats the whole deck (several decks shuffled together); ``jokers`` adds jokers.
    """
    wanted = set(RANKS if ranks is None else ranks)
    unknown = wanted - set(RANKS)
    if unknown:
        raise ValueError(f"unknown ranks {sorted(unknown)}; ranks are {' '.join(RANKS)}")
    one = [CARDS[s * 13 + r] for s in range(4) if SUITS[s] in suits for r in range(13) if RANKS[r] in wanted]
    return one * copies + [JOKER] * jokers


FULL_MASK = (1 << 52) - 1


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of a set of cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> Iterator[Card]:
    """The cards of a bit mask, lowest first."""
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low


def codes(items: Iterable[int]) -> list[str]:
    """Card codes of cards (or of a mask, via :func:`cards_of`)."""
    return [CODES[c] for c in items]


def display(items: Iterable[int]) -> str:
    """Cards as a line for the screen: ``A♠ 10♦``."""
    return " ".join(CARDS[c].display for c in items)
