"""The greedy Giacomotto bot as it was before captures were made in steps (a frozen copy, for ``bench/giacomotto.py``).

It chose among whole captures (``capture KH 8C+5D 6S+7H``), which the engine still accepts as one action when
no capture is under way. :class:`OldGreedyBot` lists those whole plays as the engine's legal list did before the
steps (every capture of every card, then every trail) and plays the one the old bot picks. Only the docstring
examples were left out; the code is as it was.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Any, Mapping, Sequence

from parlour.core.bot import Bot
from parlour.core.cards import BY_CODE, FULL_MASK, cards_of
from parlour.core.game import Action
from parlour.games.giacomotto.actions import capture, trail
from parlour.games.giacomotto.captures import VALUE, captures_for
from parlour.games.giacomotto.state import HAND, card_points

#: What one more card in the pile is worth toward the 3 points for most cards (26 of 52 decide them).
CARD_WEIGHT = 0.12
#: A tabla scores 1 point.
TABLA = 1.0
#: A point card trailed may be lost later even when the next player cannot take it at once.
TRAIL_POINT_RISK = 0.4
#: How much of the next player's expected take counts against a play (1: as if it were ours lost).
NEXT_WEIGHT = 0.9

_CARD_POINTS: tuple[int, ...] = tuple(card_points(1 << c) for c in range(52))


def _mask(codes: Sequence[str]) -> int:
    m = 0
    for code in codes:
        m |= 1 << BY_CODE[code]
    return m


def capture_worth(card: int, captured: int, table: int, tabla_counts: bool = True) -> float:
    """What taking ``captured`` from ``table`` with ``card`` brings: points, pile size, tabla."""
    if not captured:
        return 0.0
    worth = _CARD_POINTS[card] + card_points(captured) + CARD_WEIGHT * (captured.bit_count() + 1)
    if captured == table and tabla_counts:
        worth += TABLA
    return worth


def best_takes(table: int, tabla_counts: bool = True) -> dict[int, float]:
    """For each capture value, the most a card of that value can take from ``table`` (its own points aside).

    The same captures as :func:`~parlour.games.giacomotto.captures.captures_for`, found for all values in
    one pass over the table's groups: this runs for every play the bot weighs.
    """
    key = table
    found = _TAKES.get(key)
    if found is None:
        found = _takes(table)
        if len(_TAKES) >= _TAKES_LIMIT:
            _TAKES.clear()
        _TAKES[key] = found
    if not tabla_counts:
        return {v: w for v, (w, _) in found.items()}
    return {v: w + TABLA if clears else w for v, (w, clears) in found.items()}


_TAKES: dict[int, dict[int, tuple[float, bool]]] = {}
_TAKES_LIMIT = 1 << 16


def _takes(table: int) -> dict[int, tuple[float, bool]]:
    """Per capture value: the best weight of disjoint groups it takes, and whether they can clear the table."""
    sums: dict[int, set[int]] = {}
    subsets = [(0, 0)]
    for c in cards_of(table):
        bit, v = 1 << c, VALUE[c]
        subsets += [(m | bit, t + w) for m, t in subsets for w in ((1, 11) if v == 1 else (v,)) if t + w <= 14]
    for m, t in subsets[1:]:
        sums.setdefault(t, set()).add(m)
    packed = {t: _packing(table, groups) for t, groups in sums.items()}
    if 11 in packed:  # only an ace makes 11: it may take its groups instead of those of 1
        packed[1] = max(packed.get(1, (0.0, False)), packed.pop(11))
    # The played card joins the pile too.
    return {value: (weight + CARD_WEIGHT, clears) for value, (weight, clears) in packed.items()}


def _weight(cards: int) -> float:
    return card_points(cards) + CARD_WEIGHT * cards.bit_count()


def _packing(table: int, groups: set[int]) -> tuple[float, bool]:
    """The heaviest union of pairwise-disjoint ``groups``, and whether it is the whole table.

    Every card weighs more than nothing, so a union that covers the table is the heaviest when one exists.
    """
    union, disjoint = 0, True
    for g in groups:
        disjoint = disjoint and not union & g
        union |= g
    if disjoint:  # the common case: take them all
        return _weight(union), union == table
    memo: dict[int, int] = {}

    def best(rest: int) -> int:
        """The heaviest union inside ``rest``: its lowest card is left, or taken in one of its groups."""
        if rest in memo:
            return memo[rest]
        low = rest & -rest
        top = best(rest ^ low) if rest else 0
        for g in groups:
            if g & low and not g & ~rest:
                u = g | best(rest ^ g)
                if _weight(u) > _weight(top):
                    top = u
        memo[rest] = top
        return top

    covered = best(union)
    return _weight(covered), covered == table


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
    for value, points, count in _pool(unseen):
        t = takes.get(value)
        if t is not None:
            g = t + points
            gains[g] = gains.get(g, 0) + count
    total = comb(pool, hand_size)
    expected, seen, p_none_before = 0.0, 0, 1.0
    for g in sorted(gains, reverse=True):
        seen += gains[g]
        p_none = comb(pool - seen, hand_size) / total
        expected += g * (p_none_before - p_none)
        p_none_before = p_none
    return expected


@lru_cache(maxsize=64)
def _pool(unseen: int) -> tuple[tuple[int, int, int], ...]:
    """The unseen cards as (capture value, own points, how many) rows."""
    rows: dict[tuple[int, int], int] = {}
    for c in cards_of(unseen):
        key = (VALUE[c], _CARD_POINTS[c])
        rows[key] = rows.get(key, 0) + 1
    return tuple((v, p, n) for (v, p), n in rows.items())


class _Greedy(Bot):
    """Takes the most points now, goes for tablas, and leaves the next player a poor table."""

    name = "greedy-old"
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
            card, captured = action.card, action.captured
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


class _Play(int):
    """An old whole play: ``card | captured << 6``."""

    @property
    def card(self) -> int:
        return self & 63

    @property
    def captured(self) -> int:
        return self >> 6


class OldGreedyBot(Bot):
    """The greedy bot of before the capture steps: plays whole captures (the engine's one-step shorthand)."""

    name = "greedy-old"

    def __init__(self, game: Any, seat: int, seed: int = 0) -> None:
        super().__init__(game, seat, seed)
        self.inner = _Greedy(game, seat, seed)

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        if view.get("capture") is not None:  # never: it plays whole captures; finish one politely if it must
            return legal[-1]
        table = _mask(view["table"])
        hand = _mask(view["hand"])
        takes = [_Play(c | m << 6) for c in cards_of(hand) for m in captures_for(c, table)]
        trails = [] if takes and view["options"].get("forced_capture") else [_Play(c) for c in cards_of(hand)]
        old = self.inner.choose(view, takes + trails)
        return capture(old.card, old.captured) if old.captured else trail(old.card)
