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

from typing import MutableSequence, TypeVar

MASK64 = (1 << 64) - 1
_TWO64 = 1 << 64
T = TypeVar("T")


class Rng:
    """SplitMix64. ``Rng(seed)`` with any integer seed (taken modulo 2**64)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"a seed is an integer, not {type(seed).__name__}")
        self.state = seed & MASK64

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, by rejection of the biased top of the range."""
        if n <= 0:
            raise ValueError("below(n) needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates, from the end): ``j = self.below(i + 1)`` for each ``i``.

        ``next64`` and ``below`` are written out in the loop (the same draws, in the same order): deals
        are shuffled on the hot path of play-outs, and the calls cost more than the arithmetic.
        """
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - _TWO64 % n
            while True:
                state = z = (state + 0x9E3779B97F4A7C15) & MASK64
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def choice(self, items: "list[T] | tuple[T, ...]") -> T:
        """One item chosen uniformly."""
        return items[self.below(len(items))]

    def fork(self) -> "Rng":
        """A new generator seeded from this one (an independent stream for another purpose)."""
        return Rng(self.next64())

    def clone(self) -> "Rng":
        r = Rng.__new__(Rng)
        r.state = self.state
        return r
