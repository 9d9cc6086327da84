"""Tarok actions: an int (kind in the low 4 bits, payload above) that prints as its stable ASCII text.

=============================  =========================================================
``bid three`` / ``pass``        bidding (``bid klop``: forehand's choice when all others pass)
``contract solo one``           the declarer's final contract (raise), or ``contract colour valat``
``call king hearts``            king calling (``call queen hearts`` when holding all four kings)
``talon 0`` / ``forfeit``       the talon group taken (0 = top); forfeit when the called king is in it
``discard 7C 8C``               the cards laid away
``announce trula``              trula, kings, pagat ultimo, king ultimo, valat
``kontra game``                 also ``rekontra``, ``subkontra``, ``mordkontra``; targets as announced
``play T21`` / ``lead emperor``  a card; the Beggar declarer's Emperor's-trick lead of the Škis
=============================  =========================================================

>>> a = parse("discard 8c 7C")
>>> str(a), parse(str(a)) == a
('discard 7C 8C', True)
>>> [str(parse(t)) for t in ("bid solo one", "call king clubs", "kontra pagat ultimo", "play skis")]
['bid solo one', 'call king clubs', 'kontra pagat ultimo', 'play SKIS']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from math import comb
from operator import index as as_index

try:
    import cython
except ImportError:  # plain Python without Cython: the same code, untyped
    from parlour.core import cyshim as cython

from parlour.core.errors import IllegalAction
from parlour.core.i18n import Message
from parlour.core.game import Action
from parlour.core.tricks import by_bytes, cards_in

from .cards import CODES, COLOURS, SUIT, SUIT_MASKS, SUIT_NAMES, codes, parse_card
from .contracts import BONUS_BY_NAME, BONUS_NAMES, BY_NAME, KONTRA_BY_NAME, KONTRA_NAMES, NAMES, TARGET_BY_NAME, TARGET_NAMES

PLAY, BID, PASS, CONTRACT, CALL, TALON, FORFEIT, DISCARD, ANNOUNCE, KONTRA, EMPEROR = range(11)
USAGE = Message("actions are: 'bid CONTRACT', 'pass', 'contract CONTRACT', 'call king SUIT', 'call queen SUIT', "
                "'talon N', 'forfeit', 'discard CARD...', 'announce BONUS', "
                "'kontra|rekontra|subkontra|mordkontra TARGET', 'play CARD', 'lead emperor'")


class Move(Action):
    """One tarok action. ``kind = a & 15``, ``payload = a >> 4``."""

    __slots__ = ()

    @property
    def kind(self) -> int:
        return self & 15

    @property
    def payload(self) -> int:
        return self >> 4

    def __str__(self) -> str:
        return _text(int(self))


def move(kind: int, payload: int = 0) -> Move:
    return Move(kind | payload << 4)


#: The card plays, prebuilt: the hot path hands these out.
PLAYS: tuple[Move, ...] = tuple(move(PLAY, c) for c in range(54))
PASS_MOVE = move(PASS)
#: The card plays by byte of a card mask (see :func:`parlour.core.tricks.by_bytes`).
PLAY_BYTES = by_bytes(PLAYS)
#: The plays of one suit by the suit's 8 bits, and of the taroks by their low and high 11 bits.
_SUIT_PLAYS = (None,) + tuple(tuple(tuple(PLAYS[22 + 8 * s + i] for i in range(8) if v >> i & 1) for v in range(256))
                              for s in range(4))
_TAROK_LOW = tuple(tuple(PLAYS[i] for i in range(11) if v >> i & 1) for v in range(2048))
_TAROK_HIGH = tuple(tuple(PLAYS[11 + i] for i in range(11) if v >> i & 1) for v in range(2048))
_SHIFT = (0, 22, 30, 38, 46)
_COLOURS = cython.declare(cython.ulonglong, COLOURS)  # a C integer in the compiled build (actions.pxd)


@cython.locals(suit=cython.int, m=cython.ulonglong, c=cython.int, i=cython.Py_ssize_t, plays=tuple)
def plays_of(mask: int) -> list[Move]:
    """The card plays of a mask of cards, lowest card first.

    In C (the compiled build) a loop over the mask's bits, skipping empty bytes. In Python, where a loop costs
    more than a look-up: legal cards are mostly taroks only or one suit only (following, trumping), which one
    or two table look-ups list; a mixed mask (a lead) is read byte by byte.

    >>> [str(a) for a in plays_of(1 << 21 | 1)], [str(a) for a in plays_of(0b11 << 46)]
    (['play T1', 'play SKIS'], ['play 7C', 'play 8C'])
    >>> [str(a) for a in plays_of(1 << 29 | 1 << 53 | 1 << 20)]
    ['play T21', 'play KH', 'play KC']
    """
    if cython.compiled:  # the list made at its size (appending grows it by reallocations), then filled
        m, i = mask, 0
        while m:
            m &= m - 1
            i += 1
        out = [None] * i
        plays, m, c, i = PLAYS, mask, 0, 0
        while m:
            if not m & 255:
                m >>= 8
                c += 8
                continue
            if m & 1:
                out[i] = plays[c]
                i += 1
            m >>= 1
            c += 1
        return out
    if not mask & _COLOURS:
        return [*_TAROK_LOW[mask & 2047], *_TAROK_HIGH[mask >> 11]]
    suit = SUIT[mask.bit_length() - 1]
    if not mask & ~SUIT_MASKS[suit]:
        return list(_SUIT_PLAYS[suit][mask >> _SHIFT[suit]])
    b0, b1, b2, b3, b4, b5, b6 = PLAY_BYTES
    return [*b0[mask & 255], *b1[mask >> 8 & 255], *b2[mask >> 16 & 255], *b3[mask >> 24 & 255],
            *b4[mask >> 32 & 255], *b5[mask >> 40 & 255], *b6[mask >> 48 & 255]]


#: ``_CHOOSE[n][k]``: the ways to choose ``k`` of ``n`` things (a discard lays 1 to 3 cards away).
_CHOOSE = tuple(tuple(comb(n, k) for k in range(4)) for n in range(55))


class Discards(Sequence):
    """The legal discards: every way to lay ``k`` cards of ``pool`` away, each with all the cards of ``base``.

    One ``discard`` move per set of cards, listed as ``itertools.combinations`` lists the pool's cards (lowest
    first), but lazily: a declarer may have 220 ways to lay 3 of 12 cards away, and a random player or a search
    reads one or two of them. ``len``, an index, ``in`` and :meth:`index` are computed from the combination's
    rank (the combinatorial number system); iterating or slicing builds the moves. It compares equal to the list
    of the same moves.

    >>> d = Discards(0, 0b1111 << 46, 2)      # 2 of 7C 8C 9C 10C
    >>> len(d), str(d[0]), str(d[-1]), [str(a) for a in d[1:3]]
    (6, 'discard 7C 8C', 'discard 9C 10C', ['discard 7C 9C', 'discard 7C 10C'])
    >>> a = parse("discard 8C 10C"); a in d, d.index(a), d[d.index(a)] == a, parse("discard 7C") in d
    (True, 4, True, False)
    >>> list(d) == [d[i] for i in range(6)] == d
    True
    """

    __slots__ = ("base", "pool", "k", "_cards", "_len")

    @cython.locals(m=cython.ulonglong, c=cython.int)
    def __init__(self, base: int, pool: int, k: int) -> None:
        self.base, self.pool, self.k = base, pool, k
        if cython.compiled:  # a loop over the bits in C, not a generator
            cards = []
            m, c = pool, 0
            while m:
                if m & 1:
                    cards.append(c)
                m >>= 1
                c += 1
            self._cards = tuple(cards)
        else:
            self._cards = tuple(cards_in(pool))
        self._len = _CHOOSE[len(self._cards)][k] if k <= len(self._cards) else 0

    def __len__(self) -> int:
        return self._len

    @cython.locals(i=cython.Py_ssize_t, n=cython.Py_ssize_t, m=cython.int, c=cython.int, j=cython.int,
                   count=cython.Py_ssize_t)
    def __getitem__(self, key):  # type: ignore[override]
        if isinstance(key, slice):
            return [self[x] for x in range(*key.indices(self._len))]
        i = as_index(key)
        n = self._len
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"discard index out of range: {len(self)} discards")
        cards, m, mask, c = self._cards, len(self._cards), self.base, 0
        for j in range(self.k, 0, -1):  # j cards still to choose: skip the sets that begin lower
            count = _CHOOSE[m - c - 1][j - 1]
            while i >= count:
                i -= count
                c += 1
                count = _CHOOSE[m - c - 1][j - 1]
            mask |= 1 << cards[c]
            c += 1
        return Move(DISCARD | mask << 4)

    def __iter__(self) -> Iterator[Move]:
        base = self.base
        for combo in combinations(self._cards, self.k):
            mask = base
            for c in combo:
                mask |= 1 << c
            yield Move(DISCARD | mask << 4)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, int) or action & 15 != DISCARD:
            return False
        mask = action >> 4
        rest = mask & ~self.base
        return (mask & self.base) == self.base and not rest & ~self.pool and rest.bit_count() == self.k

    def index(self, action: object, start: int = 0, stop: int | None = None) -> int:
        """The position of ``action`` (raises ValueError if it is not one of these discards)."""
        if action in self:
            rest, cards, k = action >> 4 & ~self.base, self._cards, self.k  # type: ignore[operator]
            m, rank, c = len(cards), 0, 0
            for j in range(k, 0, -1):
                while not rest >> cards[c] & 1:  # each lower card skipped: the sets that begin with it
                    rank += _CHOOSE[m - c - 1][j - 1]
                    c += 1
                c += 1
            if start <= rank < (self._len if stop is None else stop):
                return rank
        raise ValueError(f"{action} is not one of these discards")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, Discards)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))


@lru_cache(maxsize=4096)
def _text(code: int) -> str:
    kind, p = code & 15, code >> 4
    if kind == PLAY:
        return f"play {CODES[p]}"
    if kind == BID:
        return f"bid {NAMES[p]}"
    if kind == PASS:
        return "pass"
    if kind == CONTRACT:
        return f"contract {NAMES[p]}"
    if kind == CALL:
        return f"call {'queen' if p >= 4 else 'king'} {SUIT_NAMES[1 + p % 4]}"
    if kind == TALON:
        return f"talon {p}"
    if kind == FORFEIT:
        return "forfeit"
    if kind == DISCARD:
        return "discard " + " ".join(codes(p))
    if kind == ANNOUNCE:
        return f"announce {BONUS_NAMES[p]}"
    if kind == KONTRA:
        return f"{KONTRA_NAMES[p >> 3]} {TARGET_NAMES[p & 7]}"
    return "lead emperor"


def parse(text: str) -> Move:
    """Read an action's text; raise :class:`IllegalAction` saying what is wrong with it."""
    if not isinstance(text, str):
        raise IllegalAction("an action is text; {usage}", usage=USAGE)
    words = text.lower().split()
    if not words:
        raise IllegalAction("empty action; {usage}", usage=USAGE)
    verb, rest = words[0], " ".join(words[1:])
    if verb == "play" and len(words) == 2:
        return PLAYS[parse_card(words[1])]
    if verb in ("bid", "contract") and rest in BY_NAME:
        if verb == "bid" and rest == "colour valat":
            raise IllegalAction("colour valat is chosen after the exchange ('contract colour valat'), not bid")
        return move(BID if verb == "bid" else CONTRACT, BY_NAME[rest])
    if verb in ("bid", "contract"):
        raise IllegalAction("unknown contract '{name}'; contracts are: {names}", name=rest, names=", ".join(NAMES))
    if text.strip().lower() == "pass":
        return PASS_MOVE
    if text.strip().lower() == "forfeit":
        return move(FORFEIT)
    if text.strip().lower() == "lead emperor":
        return move(EMPEROR)
    if verb == "call" and len(words) == 3 and words[1] in ("king", "queen") and words[2] in SUIT_NAMES[1:]:
        return move(CALL, SUIT_NAMES.index(words[2]) - 1 + (4 if words[1] == "queen" else 0))
    if verb == "call":
        raise IllegalAction("write 'call king SUIT' or 'call queen SUIT' with SUIT hearts, diamonds, spades or clubs")
    if verb == "talon" and len(words) == 2 and words[1].isdigit() and int(words[1]) < 6:
        return move(TALON, int(words[1]))
    if verb == "talon":
        raise IllegalAction("write 'talon N' with N the group taken, 0 for the top group")
    if verb == "discard" and 1 < len(words) <= 4:
        mask = 0
        for w in words[1:]:
            c = parse_card(w)
            if mask >> c & 1:
                raise IllegalAction("{card} is named twice", card=CODES[c])
            mask |= 1 << c
        return move(DISCARD, mask)
    if verb == "discard":
        raise IllegalAction("write 'discard' and the 1 to 3 cards laid away, e.g. 'discard 7C 8C'")
    if verb == "announce" and rest in BONUS_BY_NAME:
        return move(ANNOUNCE, BONUS_BY_NAME[rest])
    if verb == "announce":
        raise IllegalAction("unknown announcement '{name}'; they are: {names}", name=rest, names=", ".join(BONUS_NAMES))
    if verb in KONTRA_BY_NAME and rest in TARGET_BY_NAME:
        return move(KONTRA, TARGET_BY_NAME[rest] | KONTRA_BY_NAME[verb] << 3)
    if verb in KONTRA_BY_NAME:
        raise IllegalAction("unknown kontra target '{name}'; targets are: {names}", name=rest,
                            names=", ".join(TARGET_NAMES))
    raise IllegalAction("cannot read '{text}': {usage}", text=text, usage=USAGE)
