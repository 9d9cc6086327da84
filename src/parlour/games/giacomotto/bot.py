"""A greedy Giacomotto bot: takes the most points now, and leaves the next player as little as it can.

It looks one move ahead. Each legal play is worth what it captures (card points, a little per card toward
"most cards", a tabla point) less what the next player can expect to take from the table it leaves. That
estimate deals the next player's hand from the cards this seat has not seen (not in its hand, not on the
table, not captured this pack) and asks, card by card, for the best capture it would make.

>>> import parlour
>>> from parlour.bots import make
>>> game = parlour.load("giacomotto")
>>> from parlour.core.cards import deck
>>> top = "4C 6D 3H 7S  10C 2D 5H 8S JC KD".split()     # the table, then the first player's hand
>>> state = game.new(seed=5, deck=top + [str(c) for c in deck() if str(c) not in top])
>>> seat = state.to_act[0]
>>> bot = make("greedy", game, seat, seed=1)
>>> str(bot.choose(state.view(seat), state.legal(seat)))     # 10 takes 4+6 and 3+7: a tabla
'capture 10C 7S+3H 6D+4C'
"""

from __future__ import annotations

from math import comb
from typing import Any, Mapping, Sequence

from parlour.core.bot import Bot
from parlour.core.cards import BY_CODE, FULL_MASK
from parlour.core.game import Action

from .captures import VALUE, captures_for
from .state import HAND, card_points

#: What one more card in the pile is worth toward the 3 points for most cards (26 of 52 decide them).
CARD_WEIGHT = 0.12
#: A tabla scores 1 point.
TABLA = 1.0
#: A point card trailed may be lost later even when the next player cannot take it at once.
TRAIL_POINT_RISK = 0.4
#: How much of the next player's expected take counts against a play (1: as if it were ours lost).
NEXT_WEIGHT = 0.9

#: One card of each capture value (2..10, J, Q, K, A): the next player's captures depend only on the value.
_BY_VALUE: dict[int, int] = {}
for _c in range(52):
    _BY_VALUE.setdefault(VALUE[_c], _c)
_CARD_POINTS: tuple[int, ...] = tuple(card_points(1 << c) for c in range(52))


def _mask(codes: Sequence[str]) -> int:
    m = 0
    for code in codes:
        m |= 1 << BY_CODE[code]
    return m


def capture_worth(card: int, captured: int, table: int, tabla_counts: bool = True) -> float:
    """What taking ``captured`` from ``table`` with ``card`` brings: points, pile size, tabla.

    >>> from parlour.core.cards import mask_of, cards
    >>> table = mask_of(cards("10D 4C"))
    >>> round(capture_worth(cards("10S")[0], mask_of(cards("10D")), table), 2)   # 10♦ 2 + 10♠ 1 + 2 cards
    3.24
    """
    if not captured:
        return 0.0
    worth = _CARD_POINTS[card] + card_points(captured) + CARD_WEIGHT * (captured.bit_count() + 1)
    if captured == table and tabla_counts:
        worth += TABLA
    return worth


def best_takes(table: int, tabla_counts: bool = True) -> dict[int, float]:
    """For each capture value, the most a card of that value can take from ``table`` (its own points aside)."""
    best: dict[int, float] = {}
    for value, card in _BY_VALUE.items():
        top = 0.0
        for m in captures_for(card, table):
            w = capture_worth(card, m, table, tabla_counts) - _CARD_POINTS[card]
            if w > top:
                top = w
        if top:
            best[value] = top
    return best


def expected_best(table: int, unseen: int, hand_size: int, tabla_counts: bool = True) -> float:
    """The expected worth of the best capture a hand of ``hand_size`` cards dealt from ``unseen`` makes.

    Exact for a hand drawn uniformly from the unseen cards: sort the cards by what they would take, and
    weigh each by the chance that it is the best one the hand holds (hypergeometric).
    """
    pool = unseen.bit_count()
    if not table or hand_size <= 0 or pool == 0:
        return 0.0
    hand_size = min(hand_size, pool)
    takes = best_takes(table, tabla_counts)
    if not takes:
        return 0.0
    gains: dict[float, int] = {}
    m = unseen
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        t = takes.get(VALUE[c])
        if t is not None:
            g = t + _CARD_POINTS[c]
            gains[g] = gains.get(g, 0) + 1
    total = comb(pool, hand_size)
    expected, seen, p_none_before = 0.0, 0, 1.0
    for g in sorted(gains, reverse=True):
        seen += gains[g]
        p_none = comb(pool - seen, hand_size) / total
        expected += g * (p_none_before - p_none)
        p_none_before = p_none
    return expected


class GreedyBot(Bot):
    """Takes the most points now, goes for tablas, and leaves the next player a poor table."""

    name = "greedy"
    description = "takes the most points, goes for a tabla, leaves the next player little to take"

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        n = view["players"]
        seat = view["seat"]
        hand = _mask(view["hand"])
        table = _mask(view["table"])
        taken = 0
        for e in view["log"]:
            if e["type"] == "capture":
                taken |= _mask(e["cards"]) | 1 << BY_CODE[e["card"]]
        unseen = FULL_MASK & ~hand & ~table & ~taken

        nxt = (seat + 1) % n
        side_of = {s: i for i, members in enumerate(view["sides"]) for s in members}
        # The next player's gain is our loss if it plays against us, half our gain if it is our partner.
        sign = -NEXT_WEIGHT if side_of[nxt] != side_of[seat] else 0.5
        cards_left = sum(view["hands"])
        next_hand = view["hands"][nxt]
        if next_hand == 0 and view["stock"]:
            next_hand = HAND  # this play ends the deal: the next player gets a fresh hand
        last_play = cards_left == 1 and not view["stock"]
        tabla_counts = not last_play or view["options"].get("last_card_tabla", True)
        next_tabla_counts = cards_left != 2 or view["stock"] or view["options"].get("last_card_tabla", True)
        my_side = side_of[seat]
        last_side = None if view["last_capturer"] is None else side_of[view["last_capturer"]]

        best, best_score, ties = legal[0], float("-inf"), 0
        for action in legal:
            card, captured = action & 63, action >> 6
            if captured:
                after = table & ~captured
                score = capture_worth(card, captured, table, tabla_counts)
                holder = my_side
            else:
                after = table | 1 << card
                # Trail a card that is cheap to lose and keeps the strong ones in hand.
                score = -TRAIL_POINT_RISK * _CARD_POINTS[card] - 0.01 * VALUE[card]
                holder = last_side
            if last_play:
                # The last capturer sweeps what is left on the table.
                leftover = card_points(after) + CARD_WEIGHT * after.bit_count()
                score += leftover if holder == my_side else -leftover if holder is not None else 0.0
            else:
                score += sign * expected_best(after, unseen, next_hand, bool(next_tabla_counts))
            if score > best_score + 1e-9:
                best, best_score, ties = action, score, 1
            elif score > best_score - 1e-9:
                ties += 1  # an exact tie: keep one at random, each with equal chance
                if self.rng.below(ties) == 0:
                    best = action
        return best
