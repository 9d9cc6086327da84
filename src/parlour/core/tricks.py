"""Trick-taking on bit masks: the pieces Tarok, Zole and Tysiąc share.

A game numbers its cards ``0 .. n-1`` so that **within each suit a higher number beats a lower one**, and
keeps a set of cards as an int with bit ``card`` set; a suit is the mask of its cards. The trumps are a
suit of their own (Tarok's taroks, Zole's fourteen) or whichever suit is trumps now (Tysiąc's marriages).
Then the rules of trick play are a few mask operations, cheap enough for the hot path of play-outs:

>>> CLUBS, HEARTS, SPADES = 0xF, 0xF0, 0xF00     # a toy deck: clubs 0..3, hearts 4..7, spades 8..11
>>> hand = 1 << 9 | 1 << 5 | 1 << 1               # one of each suit
>>> follow(hand, CLUBS)                            # holding a club: follow suit
2
>>> follow(hand & ~CLUBS, CLUBS)                   # void: any card (Zole)
544
>>> follow(hand & ~CLUBS, CLUBS, trumps=HEARTS)    # void: a trump if able (Tysiąc with hearts trumps)
32
>>> follow(hand, LEAD) == hand                     # leading: any card
True
>>> winner(1 << 2 | 1 << 1 | 1 << 9, CLUBS)       # no trumps: the highest club
2
>>> winner(1 << 2 | 1 << 1 | 1 << 5, CLUBS, trumps=HEARTS)   # the 5 is a trump
5
>>> shown_void(9, CLUBS, trumps=HEARTS) == CLUBS | HEARTS   # a spade on a club lead: no clubs, no trumps
True
>>> shown_void(9, CLUBS) == CLUBS
True
>>> ABOVE = above((CLUBS, HEARTS, SPADES))
>>> beat(0b1001, 1, ABOVE), beat(0b0001, 1, ABOVE)   # head the 1 of clubs if able
(8, 1)
>>> points = CardPoints([0, 4, 10, 11] * 3)
>>> points(CLUBS), points(1 << 3 | 1 << 7)
(25, 22)
>>> listed(by_bytes(tuple("abcdefghij")), 0b10_0000_0011)
['a', 'b', 'j']

Seats take turns from the trick's leader: the card at index ``i`` of a trick was played by seat
``(leader + i) % players``. Determinization deals the cards a seat has not seen with :func:`deal_unseen`.
"""

from __future__ import annotations

from typing import Any, Hashable, Iterable, Iterator, Sequence

from .rng import Rng

#: The "led suit" of a lead: every card of the hand matches it.
LEAD = -1


def follow(hand: int, led: int, trumps: int = 0) -> int:
    """The cards of ``hand`` that may be played to a trick led in suit ``led`` (a mask; :data:`LEAD` to lead).

    A card of the led suit; failing that a trump, when ``trumps`` is given (games where a player who cannot
    follow must trump); failing that any card. Heading the trick is not required here: see :func:`beat`.
    """
    return hand & led or hand & trumps or hand


def beat(cards: int, best: int, above: Sequence[int]) -> int:
    """Those of ``cards`` that beat ``best`` in its suit, if any, else all of ``cards``: "head the trick if you can".

    ``above`` is the table :func:`above` builds.
    """
    return cards & above[best] or cards


def winner(trick: int, led: int, trumps: int = 0) -> int:
    """The card that wins a complete trick (a mask) led in suit ``led``: its highest trump, else its highest
    card of the led suit."""
    return (trick & trumps or trick & led).bit_length() - 1


def shown_void(card: int, led: int, trumps: int = 0) -> int:
    """What playing ``card`` to a trick led in suit ``led`` shows its player lacks, under :func:`follow`'s rule
    with the same ``trumps``: nothing if it followed; else the led suit, and the trumps too if it played none."""
    bit = 1 << card
    if bit & led:
        return 0
    return led | (0 if bit & trumps else trumps)


def above(suits: Sequence[int]) -> tuple[int, ...]:
    """Per card, the mask of the cards of its own suit that beat it (for :func:`beat`)."""
    size = max(suits).bit_length()
    table = [0] * size
    for suit in suits:
        for card in cards_in(suit):
            table[card] = suit & ~((2 << card) - 1)
    return tuple(table)


def cards_in(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards: Iterable[int]) -> int:
    """The mask of some cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def by_bytes(items: Sequence[Any]) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """Per byte of a card mask, per value of that byte, the items of the cards it holds (lowest first).

    ``by_bytes(codes)[1][0b101]`` holds the codes of cards 8 and 10. Reading a mask byte by byte through
    such tables (:func:`listed`) costs one look-up per byte whatever the number of cards: games list legal
    plays and card codes this way.
    """
    n = len(items)
    return tuple(tuple(tuple(items[8 * b + i] for i in range(8) if v >> i & 1 and 8 * b + i < n) for v in range(256))
                 for b in range((n + 7) // 8))


def listed(tables: Sequence[Sequence[Sequence[Any]]], mask: int) -> list[Any]:
    """The items of a mask's cards through :func:`by_bytes` tables, lowest card first."""
    out: list[Any] = []
    for table in tables:
        if not mask:
            break
        out += table[mask & 255]
        mask >>= 8
    return out


class CardPoints:
    """Counts the card points of a set of cards by table look-up, a byte at a time.

    ``CardPoints(values)(mask)`` is ``sum(values[c] for c in cards_in(mask))``.
    """

    __slots__ = ("tables",)

    def __init__(self, values: Sequence[int]) -> None:
        self.tables = tuple(tuple(sum(t) for t in table) for table in by_bytes(tuple(values)))

    def __call__(self, mask: int) -> int:
        total = 0
        for table in self.tables:
            total += table[mask & 255]
            mask >>= 8
        return total


def deal_unseen(unknown: int, slots: Sequence[tuple[Hashable, int, int]], rng: Rng,
                tries: int = 12) -> dict[Hashable, int]:
    """Deal the cards of ``unknown`` at random into ``slots``, each ``(owner, count, allowed mask)``.

    The most constrained slot is filled first. If the constraints (the voids a player showed, cards it
    cannot hold) cannot all be met in ``tries - 1`` tries, the last try drops them: they only make a guess
    better. Raises ``ValueError`` when the counts do not add up to the cards there are.

    >>> dealt = deal_unseen(0b1111, [("west", 2, 0b0011), ("east", 2, 0b1111)], Rng(1))
    >>> dealt["west"], dealt["east"]
    (3, 12)
    """
    for attempt in range(tries):
        relax = attempt == tries - 1
        left = unknown
        out: dict[Hashable, int] = {}
        ok = True
        order = sorted(slots, key=lambda sl: (sl[2] & unknown).bit_count() - sl[1])
        for owner, need, allowed in order:
            pool = list(cards_in(left if relax else left & allowed))
            if len(pool) < need:
                ok = False
                break
            rng.shuffle(pool)
            m = 0
            for c in pool[:need]:
                m |= 1 << c
            out[owner] = m
            left &= ~m
        if ok:
            return out
    raise ValueError("the unseen cards do not fill the places they must go to")
