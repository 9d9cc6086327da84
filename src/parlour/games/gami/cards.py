"""Gami's 24 cards and the two relations the game is made of: which cards exchange, and which three make a GAMI.

A card is an index ``suit * 8 + rank`` with suits ``C D H`` (0..2) and ranks ``A 2 .. 8`` (0..7, so the card's
value is ``rank + 1``). Sets of cards are 24-bit masks. The wire and the records use the usual codes (``AC``,
``2D``, ``8H``).

>>> [code(c) for c in cards_of(EXCHANGES[parse_card("4C")])]
['3C', '5C', '4D', '4H']
>>> [code(c) for c in cards_of(EXCHANGES[parse_card("8D")])]        # 8 and A are adjacent; D swaps with C only
['8C', 'AD', '7D']
>>> sorted(" ".join(codes_of(g)) for g in GAMIS_WITH[parse_card("AH")])
['2H 3H', '7H 8H']
>>> sorted(" ".join(codes_of(g)) for g in GAMIS_WITH[parse_card("6C")])
['5C 7C', '6D 6H']
"""

from __future__ import annotations

from typing import Iterable, Iterator

from parlour.core.errors import IllegalAction

SUITS = "CDH"
RANKS = "A2345678"
COUNT = 24
ALL = (1 << COUNT) - 1
CODES: tuple[str, ...] = tuple(RANKS[i % 8] + SUITS[i // 8] for i in range(COUNT))
BY_CODE: dict[str, int] = {c: i for i, c in enumerate(CODES)}
#: The suits an even card may swap to: the other colour (clubs are black, diamonds and hearts red).
OTHER_COLOUR = {0: (1, 2), 1: (0,), 2: (0,)}


def card(suit: int, rank: int) -> int:
    return suit * 8 + rank


def _exchanges(c: int) -> int:
    """The cards ``c`` may be exchanged for: its neighbours in suit (A-2-..-8-A, a cycle) and, for an even card,
    the same rank in a suit of the other colour. The relation is symmetric."""
    suit, rank = divmod(c, 8)
    partners = 1 << card(suit, (rank + 1) % 8) | 1 << card(suit, (rank - 1) % 8)
    if (rank + 1) % 2 == 0:
        for other in OTHER_COLOUR[suit]:
            partners |= 1 << card(other, rank)
    return partners


EXCHANGES: tuple[int, ...] = tuple(_exchanges(c) for c in range(COUNT))

#: The eight kinds of GAMI, as masks: A-2-3, 3-4-5, 5-6-7, 7-8-A of one suit; three 2s, 4s, 6s or 8s.
RUNS = ((0, 1, 2), (2, 3, 4), (4, 5, 6), (6, 7, 0))
GAMIS: tuple[int, ...] = tuple(
    [sum(1 << card(s, r) for r in run) for s in range(3) for run in RUNS]
    + [sum(1 << card(s, r) for s in range(3)) for r in (1, 3, 5, 7)]
)
#: For each card, the other two cards of each GAMI it belongs to (every card is in exactly two).
GAMIS_WITH: tuple[tuple[int, ...], ...] = tuple(tuple(g & ~(1 << c) for g in GAMIS if g >> c & 1) for c in range(COUNT))


def parse_card(text: str) -> int:
    """A card from its code (case does not matter; ``1`` is read as the ace); a clear error for anything else."""
    word = text.strip().upper()
    if word[:1] == "1" and word[1:] in ("C", "D", "H"):
        word = "A" + word[1:]
    c = BY_CODE.get(word)
    if c is None:
        raise IllegalAction("'{text}' is not a Gami card: the deck is A 2 3 4 5 6 7 8 of clubs, diamonds and hearts "
                            "(C D H), written rank then suit, e.g. AC 4D 8H", text=text)
    return c


def code(c: int) -> str:
    return CODES[c]


def cards_of(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest index first (clubs A..8, then diamonds, then hearts)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def codes_of(mask: int) -> list[str]:
    return [CODES[c] for c in cards_of(mask)]


def mask_of(codes: Iterable[str]) -> int:
    m = 0
    for text in codes:
        m |= 1 << parse_card(text)
    return m


def gamis_formed(picked: int, hand: int) -> list[int]:
    """The GAMIs (as masks) that ``picked``, now in ``hand``, makes with two other cards of ``hand``.

    >>> [codes_of(g) for g in gamis_formed(parse_card("3H"), mask_of("3H AH 2H 4H 5H".split()))]
    [['AH', '2H', '3H'], ['3H', '4H', '5H']]
    """
    return [others | 1 << picked for others in GAMIS_WITH[picked] if hand & others == others]


def reach(table: int) -> int:
    """Every card that could be exchanged for some card of ``table`` (the relation is symmetric): three look-ups,
    one per byte of the mask (the search asks this at every node).

    >>> [code(c) for c in cards_of(reach(mask_of(["4C", "8H"])))]
    ['3C', '5C', '8C', '4D', 'AH', '4H', '7H']
    """
    return _REACH0[table & 255] | _REACH1[table >> 8 & 255] | _REACH2[table >> 16]


def _reach_of(mask: int) -> int:
    r = 0
    for c in cards_of(mask):
        r |= EXCHANGES[c]
    return r


#: :func:`reach` of every value of each byte of a mask (the cards 0-7, 8-15, 16-23).
_REACH0, _REACH1, _REACH2 = (tuple(_reach_of(v << 8 * b) for v in range(256)) for b in range(3))


def position_key(hand0: int, hand1: int, turn: int) -> int:
    """A position as one int: both hands and the side to move (the table is the rest of the deck)."""
    return hand0 | hand1 << COUNT | turn << (2 * COUNT)
