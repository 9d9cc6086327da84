"""Deterministic randomness that parlour owns.

Every random choice of a match comes from one :class:`Rng` seeded with the match seed, so
``(game, players, options, seed, actions)`` replays exactly on any machine and any Python version.
We never use :mod:`random`, whose algorithms may change between versions.

The generator is SplitMix64 (Steele, Lea & Flood, 2014), a 64-bit generator with a one-word state.
Bounded integers are drawn by rejection, so they are unbiased; :meth:`Rng.shuffle` is the
Fisher-Yates shuffle running from the last position down.

>>> hex(Rng(0).next64())   # the reference SplitMix64 output for seed 0
'0xe220a8397b1dcdaf'
>>> cards = list(range(5))
>>> Rng(7).shuffle(cards)
>>> cards
[4, 1, 3, 0, 2]
"""

from __future__ import annotations

from functools import lru_cache
from struct import Struct
from typing import Any, MutableSequence, NamedTuple, TypeVar

try:
    import cython
except ImportError:  # plain Python without Cython: the same code, untyped
    from parlour.core import cyshim as cython

MASK64 = (1 << 64) - 1
_TWO64 = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
#: Longest list shuffled with packed draws; a longer one (no deck is) takes the draw-by-draw path.
_PACKED_MAX = 1024
T = TypeVar("T")
#: ``below(n)``'s rejection limit for the small ``n`` of legal lists and decks, worked out once.
_SMALL = 1024
_LIMITS = (0,) + tuple(_TWO64 - _TWO64 % n for n in range(1, _SMALL))
# SplitMix64's constants as C integers in the compiled build (in C, unsigned arithmetic wraps modulo 2**64 by
# itself and ``& MASK64`` changes nothing); plain ints in Python.
_MASK64_C = cython.declare(cython.ulonglong, MASK64)
_GAMMA_C = cython.declare(cython.ulonglong, _GAMMA)
_MIX1 = cython.declare(cython.ulonglong, 0xBF58476D1CE4E5B9)
_MIX2 = cython.declare(cython.ulonglong, 0x94D049BB133111EB)


class _Packing(NamedTuple):
    """Constants for computing ``count`` SplitMix64 outputs at once in one Python integer.

    Output ``k`` lives in a 128-bit lane at bit ``128 * k``: a 64-bit value times a 64-bit multiplier
    fits its lane, so the big integer's arithmetic is lane-wise once each lane is masked to 64 bits.
    """

    ones: int  # 1 in every lane
    steps: int  # GAMMA * (k + 1) in lane k: lane k is the state after k + 1 steps
    mask: int  # MASK64 in every lane
    near: int  # count + 1 in every lane: adding it carries out of a lane that ``below`` might reject
    carry: int  # bit 64 of every lane
    unpack: Struct  # the lanes' low words, in order
    size: int  # bytes of the packed integer


@lru_cache(maxsize=None)
def _packing(count: int) -> _Packing:
    ones = sum(1 << 128 * k for k in range(count))
    steps = sum(_GAMMA * (k + 1) << 128 * k for k in range(count))
    unpack = Struct("<" + "Q8x" * count)
    return _Packing(ones, steps, MASK64 * ones, (count + 1) * ones, ones << 64, unpack, 16 * count)


@cython.locals(state=cython.ulonglong, z=cython.ulonglong, n=cython.ulonglong, reject=cython.ulonglong,
               i=cython.Py_ssize_t, j=cython.Py_ssize_t)
def _shuffle_list(state: int, items: list) -> int:
    """:meth:`Rng._shuffle_by_draws` of a list from generator state ``state``; returns the state after it.

    The compiled build's shuffle, on C integers: ``below(n)`` accepts an output ``z`` when ``z < 2**64 - 2**64 % n``,
    that is ``z <= MASK64 - (2**64 - n) % n``, which needs no 65-bit number.

    >>> cards, rng = list(range(5)), Rng(7)
    >>> _shuffle_list(rng.state, cards) == (rng.state + 4 * _GAMMA) & MASK64, cards
    (True, [4, 1, 3, 0, 2])
    """
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        reject = (_MASK64_C - n + 1) % n
        while True:
            state = (state + _GAMMA_C) & _MASK64_C
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK64_C
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK64_C
            z ^= z >> 31
            if z <= _MASK64_C - reject:
                break
        j = z % n
        items[i], items[j] = items[j], items[i]
    return state


class Rng:
    """SplitMix64. ``Rng(seed)`` with any integer seed (taken modulo 2**64)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"a seed is an integer, not {type(seed).__name__}")
        self.state = seed & MASK64

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        self.state = z = (self.state + _GAMMA) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, by rejection of the biased top of the range.

        ``n`` may be at most ``2**64``, the number of outputs of the generator.

        >>> [Rng(3).below(6), Rng(3).below(1 << 64)]
        [3, 2092789425003139053]
        """
        if 0 < n < _SMALL:
            limit = _LIMITS[n]
        elif n <= 0 or n > _TWO64:
            raise ValueError(f"below(n) needs 0 < n <= 2**64, not {n!r}")
        else:
            limit = _TWO64 - _TWO64 % n
        state = self.state
        while True:  # next64 written out: a call costs more than its arithmetic
            state = z = (state + _GAMMA) & MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates, from the end): ``j = self.below(i + 1)`` for each ``i``.

        Deals are shuffled on the hot path of play-outs, so the draws of a whole shuffle are computed at
        once in one big integer (:class:`_Packing`). ``below(n)`` rejects only an output of ``2**64 - n``
        or more; when no output comes that near the top, none was rejected and the packed draws are
        exactly the ones ``below`` makes. Otherwise (about once in ``2**57`` draws) the shuffle is made
        draw by draw, as are lists longer than any deck.
        """
        size = len(items)
        if size < 2:
            return
        if cython.compiled and type(items) is list:  # in C, draw by draw is the fast way
            self.state = _shuffle_list(self.state, items)
            return
        if size > _PACKED_MAX:
            self._shuffle_by_draws(items)
            return
        count = size - 1
        state = self.state
        p = _packing(count)
        mask = p.mask
        z = (state * p.ones + p.steps) & mask
        # A right shift brings the next lane's low bits into this lane's high half: masked off before
        # multiplying, so that no product carries into the next lane.
        z = ((z ^ z >> 30) & mask) * 0xBF58476D1CE4E5B9 & mask
        z = ((z ^ z >> 27) & mask) * 0x94D049BB133111EB & mask
        z ^= z >> 31  # what this brings in lands at bit 97 of a lane or above: neither unpacked nor tested
        if (z + p.near) & p.carry:  # some output is 2**64 - size or more: below(i + 1) might reject it
            self._shuffle_by_draws(items)
            return
        i = count
        for z in p.unpack.unpack(z.to_bytes(p.size, "little")):
            j = z % (i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        self.state = (state + count * _GAMMA) & MASK64

    def _shuffle_by_draws(self, items: MutableSequence[T]) -> None:
        """:meth:`shuffle` one draw at a time, rejections included (``next64`` and ``below`` written out)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - _TWO64 % n
            while True:
                state = z = (state + _GAMMA) & MASK64
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def choice(self, items: "list[T] | tuple[T, ...]") -> T:
        """One item chosen uniformly: ``items[self.below(len(items))]`` (written out: random play-outs draw
        one at every step)."""
        n = len(items)
        if not 0 < n < _SMALL:
            return items[self.below(n)]
        limit = _LIMITS[n]
        state = self.state
        while True:
            state = z = (state + _GAMMA) & MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            z ^= z >> 31
            if z < limit:
                self.state = state
                return items[z % n]

    def fork(self) -> "Rng":
        """A new generator seeded from this one (an independent stream for another purpose)."""
        return Rng(self.next64())

    def clone(self) -> "Rng":
        r = Rng.__new__(Rng)
        r.state = self.state
        return r


def as_rng(rng: "Rng | Any") -> Rng:
    """``rng`` as parlour's :class:`Rng`: itself if it is one, else a new :class:`Rng` seeded with 64 bits drawn
    from it (``random.Random`` or anything else with ``getrandbits``).

    Seeding rather than wrapping each method: the games draw through :class:`Rng`'s whole interface (``next64``,
    ``below``, ``shuffle``, ``choice``, ``fork``), and a generator seeded from the caller's gives all of it, with
    parlour's documented shuffle, while the same ``random.Random`` state still gives the same result.

    >>> import random
    >>> r = Rng(7)
    >>> as_rng(r) is r
    True
    >>> as_rng(random.Random(7)).next64() == as_rng(random.Random(7)).next64()
    True
    >>> as_rng(7)
    Traceback (most recent call last):
    ...
    TypeError: a random generator is parlour's Rng or has getrandbits (random.Random), not int
    """
    if isinstance(rng, Rng):
        return rng
    getrandbits = getattr(rng, "getrandbits", None)
    if getrandbits is None:
        raise TypeError(f"a random generator is parlour's Rng or has getrandbits (random.Random), not "
                        f"{type(rng).__name__}")
    return Rng(getrandbits(64))
