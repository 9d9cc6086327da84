"""A double-dummy solver for trick-taking: the remaining tricks played perfectly by every hand, all cards open.

Two sides (seats on side 0 maximise, the others minimise) play out the hands by alpha-beta; the value is what
side 0 scores from the tricks still to come (card points, tricks, whatever ``value`` counts per trick). A
transposition table keyed by the hands and the leader at each trick's start holds bounds, and cards that are
*equivalent* (same hand, same suit, same worth, with no card of another hand between them) are tried once.

A game describes its trick play with a :class:`Tricks`: cards numbered so that within a suit a higher number
beats a lower one (as in :mod:`parlour.core.tricks`), the suit mask of each card, a ``legal`` function and a
trick ``winner`` function. PIMC (:mod:`parlour.bots.pimc`) calls a game's solver on each sampled world.

A toy game without trumps: two seats, spades (cards 0-2) and hearts (3-5), follow suit, a point per trick.
Seat 0 holds the two low spades and the top heart; leading the heart first throws a trick away:

>>> from parlour.core.tricks import follow, winner
>>> SUITS = (0b000111,) * 3 + (0b111000,) * 3
>>> toy = Tricks(players=2, suits=SUITS, worth=(0,) * 6,
...              legal=lambda seat, hand, trick, led, left: follow(hand, led) if trick else hand,
...              winner=lambda trick, led: winner(trick, led), led_of=lambda card: SUITS[card],
...              value=lambda winner, trick: 1 if winner == 0 else 0)
>>> solve(toy, hands=[0b100011, 0b011100], trick=[], leader=0, sides=(0, 1))
2
>>> solve_moves(toy, hands=[0b100011, 0b011100], trick=[], leader=0, sides=(0, 1))
{0: 2, 1: 2, 5: 1}
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

__all__ = ["OutOfTime", "Tricks", "solve", "solve_moves"]

_EXACT, _LOWER, _UPPER = 0, 1, 2


class OutOfTime(Exception):
    """The solver's deadline passed before it finished."""


@dataclass(frozen=True)
class Tricks:
    """A game's trick play, for the solver."""

    players: int
    #: Per card, the mask of its suit (the suit it follows as, for equivalence: trumps a suit of their own).
    suits: Sequence[int]
    #: Per card, its worth: cards of different worth are never merged as equivalent.
    worth: Sequence[int]
    #: ``legal(seat, hand, trick, led, tricks_left) -> mask`` of the cards ``seat`` may play (``trick`` the mask
    #: of the cards on the table, 0 when leading; ``led`` what ``led_of`` gave for the lead).
    legal: Callable[[int, int, int, int, int], int]
    #: ``winner(trick, led) -> card`` of a complete trick.
    winner: Callable[[int, int], int]
    #: ``led_of(card)``: what a lead of ``card`` makes the led suit (passed back to ``legal`` and ``winner``).
    led_of: Callable[[int], int]
    #: ``value(winner_seat, trick_mask)``: what side 0 scores for a trick.
    value: Callable[[int, int], int]
    #: Cards never merged with their neighbours (they have powers of their own).
    distinct: int = 0
    nodes: list[int] = field(default_factory=lambda: [0])


def solve(game: Tricks, hands: Sequence[int], trick: Sequence[int], leader: int, sides: Sequence[int],
          deadline: float = float("inf")) -> int:
    """What side 0 scores from the rest of the deal (the trick in progress, ``trick``, included) with perfect play."""
    return _Solver(game, sides, deadline).run(list(hands), list(trick), leader, -(1 << 30), 1 << 30)


def solve_moves(game: Tricks, hands: Sequence[int], trick: Sequence[int], leader: int, sides: Sequence[int],
                deadline: float = float("inf"), moves: Sequence[int] | None = None) -> dict[int, int]:
    """For each card the seat to play may play (or each of ``moves``), side 0's score with perfect play after it.

    Raises :class:`OutOfTime` if ``deadline`` (a ``time.perf_counter()`` instant) passes first."""
    solver = _Solver(game, sides, deadline)
    n = game.players
    seat = (leader + len(trick)) % n
    tmask = 0
    for c in trick:
        tmask |= 1 << c
    led = game.led_of(trick[0]) if trick else 0
    tricks_left = (max(h.bit_count() for h in hands) if hands else 0)
    if moves is None:
        mask = game.legal(seat, hands[seat], tmask, led, tricks_left)
        moves = [c for c in range(mask.bit_length()) if mask >> c & 1]
    out = {}
    for card in moves:
        after = list(hands)
        after[seat] &= ~(1 << card)
        out[card] = solver.run(after, list(trick) + [card], leader, -(1 << 30), 1 << 30)
    return out


class _Solver:
    def __init__(self, game: Tricks, sides: Sequence[int], deadline: float) -> None:
        self.g = game
        self.sides = tuple(sides)
        self.deadline = deadline
        self.table: dict[tuple, tuple[int, int]] = {}
        self.count = 0

    def run(self, hands: list[int], trick: list[int], leader: int, alpha: int, beta: int) -> int:
        g = self.g
        tmask = 0
        for c in trick:
            tmask |= 1 << c
        led = g.led_of(trick[0]) if trick else 0
        return self._play(hands, trick, tmask, led, leader, alpha, beta)

    def _play(self, hands: list[int], trick: list[int], tmask: int, led: int, leader: int, alpha: int,
              beta: int) -> int:
        g = self.g
        n = g.players
        if len(trick) == n:
            w = g.winner(tmask, led)
            winner = (leader + trick.index(w)) % n
            gained = g.value(winner, tmask)
            if not any(hands):
                return gained
            return gained + self._trick(hands, winner, alpha - gained, beta - gained)
        seat = (leader + len(trick)) % n
        hand = hands[seat]
        left = hand.bit_count()
        mask = g.legal(seat, hand, tmask, led, left)
        cards = self._distinct(mask, hands, tmask)
        maximise = self.sides[seat] == 0
        best = -(1 << 30) if maximise else 1 << 30
        self.count += 1
        if self.count & 1023 == 0 and time.perf_counter() > self.deadline:
            raise OutOfTime
        for c in cards:
            hands[seat] = hand & ~(1 << c)
            trick.append(c)
            v = self._play(hands, trick, tmask | 1 << c, led if len(trick) > 1 else g.led_of(c), leader, alpha, beta)
            trick.pop()
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        hands[seat] = hand
        return best

    def _trick(self, hands: list[int], leader: int, alpha: int, beta: int) -> int:
        """The value of the tricks from a trick's start, through the transposition table."""
        key = (*hands, leader)
        hit = self.table.get(key)
        if hit is not None:
            flag, v = hit
            if flag == _EXACT:
                return v
            if flag == _LOWER and v >= beta:
                return v
            if flag == _UPPER and v <= alpha:
                return v
        a0, b0 = alpha, beta
        v = self._play(hands, [], 0, 0, leader, alpha, beta)
        self.table[key] = (_UPPER if v <= a0 else _LOWER if v >= b0 else _EXACT, v)
        return v

    def _distinct(self, mask: int, hands: list[int], tmask: int) -> list[int]:
        """The cards of ``mask`` worth trying: of a run of equivalent cards, the highest."""
        g = self.g
        suits, worth, distinct = g.suits, g.worth, g.distinct
        remaining = tmask  # a card on the table lies between two of ours as much as one in a hand
        for h in hands:
            remaining |= h
        out = []
        m = mask
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if not low & distinct:
                above = remaining & suits[c] & ~((low << 1) - 1)
                nxt = above & -above
                if nxt and nxt & m and not nxt & distinct and worth[nxt.bit_length() - 1] == worth[c]:
                    continue  # the next card up is ours and worth the same: that one stands for both
            out.append(c)
        out.reverse()  # high cards first: they take tricks, which cuts the search sooner
        return out
