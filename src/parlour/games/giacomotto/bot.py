"""A greedy Giacomotto bot: takes the most points now, and leaves the next player as little as it can.

It looks one move ahead. Each whole play (a trail, or a card with the table cards it captures) is worth what it
captures (card points, a little per card toward "most cards", a tabla point) less what the next player can
expect to take from the table it leaves. That estimate deals the next player's hand from the cards this seat has
not seen (not in its hand, not on the table, not captured this pack) and asks, card by card, for the best
capture it would make.

A capture is made in steps (``capture C``, a ``take`` per table card, ``done``): the bot chooses the whole
capture when it plays the card and then takes its cards one by one, each group's aces last. A bot asked in the
middle of a capture it did not plan (a server asks a fresh bot for every step) finishes it the best way it can.

>>> import parlour
>>> from parlour.bots import make
>>> game = parlour.load("giacomotto")
>>> from parlour.core.cards import deck
>>> top = "4C 6D 3H 7S  10C 2D 5H 8S JC KD".split()     # the table, then the first player's hand
>>> state = game.new(seed=5, deck=top + [str(c) for c in deck() if str(c) not in top])
>>> seat = state.to_act[0]
>>> bot = make("greedy", game, seat, seed=1)
>>> steps = []
>>> while state.to_act == (seat,):     # 10 takes 4+6 and 3+7: a tabla
...     steps.append(str(state.apply(seat, bot.choose(state.view(seat), state.legal(seat)))))
>>> steps
['capture 10C', 'take 6D', 'take 4C', 'take 7S', 'take 3H', 'done']
>>> state.view(seat)["table"], state.view(seat)["tablas"][seat]
([], 1)
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Any, Iterable, Mapping, Sequence

from parlour.core.bot import Bot
from parlour.core.cards import BY_CODE, CARDS, FULL_MASK, cards_of
from parlour.core.game import Action

from .captures import (EMPTY, MEMO, PLAYED_VALUES, VALUE, _split, capture_sets, captures_for, completions, groups,
                       ordered, table_groups, with_card)
from .state import HAND, card_points

#: What one more card in the pile is worth toward the 3 points for most cards (26 of 52 decide them).
CARD_WEIGHT = 0.12
#: Up to this many groups of one value the bot weighs every capture (at most 2**12 unions); above, a few.
EXACT_GROUPS = 12
#: On a crowded table: how many groups (the heaviest) or ways to finish a group the bot weighs, beside the heaviest union.
FEW = 8
#: Work (groups looked at) of the exact search for the heaviest packing before it settles for the greedy one.
PACKING_BUDGET = 20_000
#: A tabla scores 1 point.
TABLA = 1.0
#: A point card trailed may be lost later even when the next player cannot take it at once.
TRAIL_POINT_RISK = 0.4
#: How much of the next player's expected take counts against a play (1: as if it were ours lost).
NEXT_WEIGHT = 0.9

_CARD_POINTS: tuple[int, ...] = tuple(card_points(1 << c) for c in range(52))


def _mask(codes: Iterable[str]) -> int:
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
    """For each capture value, the most a card of that value can take from ``table`` (its own points aside).

    The same captures as :func:`~parlour.games.giacomotto.captures.captures_for`, found for all values in
    one pass over the table's groups: this runs for every play the bot weighs.

    >>> from parlour.core.cards import mask_of, cards
    >>> takes = best_takes(mask_of(cards("8C 5D 6S 7H")))
    >>> round(takes[13], 2), round(takes[8], 2)       # Q: both pairs, a tabla; 8: the 8 alone
    (1.6, 0.24)
    """
    found = _takes(table)
    if not tabla_counts:
        return {v: w for v, (w, _) in found.items()}
    return {v: w + TABLA if clears else w for v, (w, clears) in found.items()}


@lru_cache(maxsize=4 * MEMO)  # about 1 KB each; 4096 tables keep most of the hits
def _takes(table: int) -> dict[int, tuple[float, bool]]:
    """Per capture value: the best weight of disjoint groups it takes, and whether they can clear the table."""
    found = table_groups(table)
    packed = {t: _packing(table, found[t]) for t in range(1, 15) if found[t]}
    if 11 in packed:  # only an ace makes 11: it may take its groups instead of those of 1
        packed[1] = max(packed.get(1, (0.0, False)), packed.pop(11))
    # The played card joins the pile too.
    return {value: (weight + CARD_WEIGHT, clears) for value, (weight, clears) in packed.items()}


def _weight(cards: int) -> float:
    return card_points(cards) + CARD_WEIGHT * cards.bit_count()


def _packing(table: int, groups: Iterable[int]) -> tuple[float, bool]:
    """The weight of the heaviest union of pairwise-disjoint ``groups``, and whether it is the whole table."""
    union = _heaviest(table, groups)
    return _weight(union), union == table


def _heaviest(table: int, groups: Iterable[int]) -> int:
    """The heaviest union of pairwise-disjoint ``groups``: exact, unless a crowded table makes the search too long.

    Every card weighs more than nothing, so a union that covers the table is the heaviest when one exists. The
    exact search stops after :data:`PACKING_BUDGET` steps and settles for the greedy packing (heaviest groups first).
    """
    groups = tuple(groups)
    union, disjoint = 0, True
    for g in groups:
        disjoint = disjoint and not union & g
        union |= g
    if disjoint:  # the common case: take them all
        return union
    containing: dict[int, list[int]] = {}  # each card's groups
    for g in groups:
        m = g
        while m:
            low = m & -m
            containing.setdefault(low, []).append(g)
            m ^= low
    memo: dict[int, int] = {}
    budget = [PACKING_BUDGET]

    def best(rest: int) -> int:
        """The heaviest union inside ``rest``: its lowest card is left, or taken in one of its groups."""
        if rest in memo:
            return memo[rest]
        low = rest & -rest
        mine = containing.get(low, ())
        budget[0] -= 1 + len(mine)
        if budget[0] < 0:
            raise _OverBudget
        top = best(rest ^ low) if rest else 0
        for g in mine:
            if not g & ~rest:
                u = g | best(rest ^ g)
                if _weight(u) > _weight(top):
                    top = u
        memo[rest] = top
        return top

    try:
        return best(union)
    except _OverBudget:
        return _greedy_packing(groups)


class _OverBudget(Exception):
    """The exact packing search ran out of steps."""


def _greedy_packing(groups: Sequence[int]) -> int:
    """Disjoint groups taken heaviest first: a quick packing for crowded tables."""
    union = 0
    for g in sorted(groups, key=lambda g: (-_weight(g), g)):
        if not union & g:
            union |= g
    return union


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


class GreedyBot(Bot):
    """Takes the most points now, goes for tablas, and leaves the next player a poor table."""

    name = "greedy"
    description = "takes the most points, goes for a tabla, leaves the next player little to take"

    def __init__(self, game: Any, seat: int, seed: int = 0) -> None:
        super().__init__(game, seat, seed)
        #: The capture it is making: the card played and its remaining takes, in order.
        self.plan: tuple[int, list[int]] | None = None

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        progress = view.get("capture")
        if progress is not None:
            return self._next_step(view, progress, legal)
        if len(legal) == 1 and legal[0].verb == "trail":
            return legal[0]
        judge = Judge(view)
        table = judge.table
        best, best_score, ties = None, float("-inf"), 0
        for action in legal:  # in the order of the legal list: each card's captures, then the trails
            card = action.card
            for captured in candidates(card, table) if action.verb == "capture" else (0,):
                score = judge.score(card, captured)
                if score > best_score + 1e-9:
                    best, best_score, ties = (action, captured), score, 1
                elif score > best_score - 1e-9:
                    ties += 1  # an exact tie: keep one at random, each with equal chance
                    if self.rng.below(ties) == 0:
                        best = (action, captured)
        assert best is not None
        action, captured = best
        self.plan = (action.card, takes_in_order(split(captured, PLAYED_VALUES[action.card]))) if captured else None
        return action

    def _next_step(self, view: Mapping[str, Any], progress: Mapping[str, Any], legal: list[Action]) -> Action:
        """Inside a capture: follow the plan made when the card was played, or make one from what is taken."""
        card = BY_CODE[progress["card"]]
        taken = [BY_CODE[c] for g in progress["groups"] for c in g] + [BY_CODE[c] for c in progress["group"]]
        if self.plan is None or self.plan[0] != card or not _follows(self.plan[1], taken):
            self.plan = (card, taken + self._rest_of_capture(view, progress))
        rest = self.plan[1][len(taken):]
        by_text = {str(a): a for a in legal}
        step = by_text.get(f"take {CARDS[rest[0]]}") if rest else by_text.get("done")
        if step is None:  # not expected: the plan was checked step by step; stay legal whatever happens
            self.plan = None
            return by_text.get("done") or legal[0]
        return step

    def _rest_of_capture(self, view: Mapping[str, Any], progress: Mapping[str, Any]) -> list[int]:
        """The best way to finish the capture under way (as the cards still to take, in order)."""
        judge = Judge(view)
        card = BY_CODE[progress["card"]]
        values = tuple(progress["values"])
        closed = _mask(c for g in progress["groups"] for c in g)
        open_group = [BY_CODE[c] for c in progress["group"]]
        free = judge.table & ~closed & ~_mask(progress["group"])
        best, best_score = [], float("-inf")
        for group_rest, after_values in finishes(open_group, values, free):
            left = free & ~_mask_ints(group_rest)
            unions = ([0] if open_group or closed else []) + [u for v in after_values for u in candidates_for(v, left)]
            for union in unions:
                captured = closed | _mask_ints(open_group) | _mask_ints(group_rest) | union
                score = judge.score(card, captured)
                if score > best_score + 1e-9:
                    best_score = score
                    best = group_rest + takes_in_order(split(union, after_values))
        return best


def _follows(plan: list[int], taken: list[int]) -> bool:
    """Whether the cards taken so far are the plan's first takes (in any order)."""
    return len(taken) <= len(plan) and set(plan[:len(taken)]) == set(taken)


def _mask_ints(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class Judge:
    """Scores a whole play (card, captured cards) from one seat's view: what it takes now, what it leaves."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        n = view["players"]
        seat = view["seat"]
        hand = _mask(view["hand"])
        self.table = _mask(view["table"])
        taken = 0
        for e in view["log"]:
            if e["type"] == "capture":
                taken |= _mask(e["cards"]) | 1 << BY_CODE[e["card"]]
        progress = view.get("capture")
        playing = 1 << BY_CODE[progress["card"]] if progress else 0
        self.unseen = FULL_MASK & ~hand & ~self.table & ~taken & ~playing

        nxt = (seat + 1) % n
        side_of = {s: i for i, members in enumerate(view["sides"]) for s in members}
        # The next player's gain is our loss if it plays against us, half our gain if it is our partner.
        self.sign = -NEXT_WEIGHT if side_of[nxt] != side_of[seat] else 0.5
        cards_left = sum(view["hands"]) + bool(playing)
        self.next_hand = view["hands"][nxt]
        if self.next_hand == 0 and view["stock"]:
            self.next_hand = HAND  # this play ends the deal: the next player gets a fresh hand
        self.last_play = cards_left == 1 and not view["stock"]
        self.tabla_counts = not self.last_play or view["options"].get("last_card_tabla", True)
        self.next_tabla_counts = bool(cards_left != 2 or view["stock"] or view["options"].get("last_card_tabla", True))
        self.my_side = side_of[seat]
        self.last_side = None if view["last_capturer"] is None else side_of[view["last_capturer"]]

    def score(self, card: int, captured: int) -> float:
        """Points taken now (or a trail's risk), and what the next player can expect from the table left."""
        table = self.table
        if captured:
            after = table & ~captured
            score = capture_worth(card, captured, table, self.tabla_counts)
            holder = self.my_side
        else:
            after = table | 1 << card
            # Trail a card that is cheap to lose and keeps the strong ones in hand.
            score = -TRAIL_POINT_RISK * _CARD_POINTS[card] - 0.01 * VALUE[card]
            holder = self.last_side
        if self.last_play:
            # The last capturer sweeps what is left on the table.
            leftover = card_points(after) + CARD_WEIGHT * after.bit_count()
            return score + (leftover if holder == self.my_side else -leftover if holder is not None else 0.0)
        return score + self.sign * expected_best(after, self.unseen, self.next_hand, self.next_tabla_counts)


def candidates(card: int, table: int) -> tuple[int, ...]:
    """The captures of ``card`` the bot weighs: all of them, unless a crowded table makes too many."""
    values = PLAYED_VALUES[card]
    if sum(len(groups(table, v)) for v in values) <= EXACT_GROUPS:
        return captures_for(card, table)
    return tuple(sorted({u for v in values for u in candidates_for(v, table)}))


def candidates_for(value: int, table: int) -> tuple[int, ...]:
    """The captures of one value the bot weighs: every union of disjoint groups while there are few groups;
    on a crowded table the heaviest few groups alone and the heaviest union (unions would run to hundreds of thousands)."""
    found = groups(table, value)
    if len(found) <= EXACT_GROUPS:
        return capture_sets(table, value)
    heaviest = sorted(found, key=lambda g: (-_weight(g), g))[:FEW]
    return tuple(sorted(set(heaviest) | {_heaviest(table, found)}))


def finishes(open_group: list[int], values: tuple[int, ...], free: int) -> list[tuple[list[int], tuple[int, ...]]]:
    """The ways to finish a capture's open group: the cards still to take (in order) and the values left.

    With no open group there is nothing to finish: one empty way. Only orders in which the group closes with
    its last card count (a take that completes the group closes it).
    """
    if not open_group:
        return [([], values)]
    target = sum(1 << v for v in values)
    sums = EMPTY
    for c in open_group:
        sums = with_card(sums, c)
    ways = []
    need = completions(sums, target)
    table_sums = table_groups(free)
    for t in range(1, 15):
        if not need >> t & 1:
            continue
        for rest in table_sums[t]:
            order = ordered(rest)
            s, closed_early = sums, False
            for i, c in enumerate(order):
                s = with_card(s, c)
                if s & target and i < len(order) - 1:
                    closed_early = True
                    break
            if not closed_early and s & target:
                ways.append((order, tuple(v for v in values if s >> v & 1)))
    if len(ways) > FEW:  # a crowded table: the heaviest ways only
        ways.sort(key=lambda way: -_weight(_mask_ints(way[0])))
        del ways[FEW:]
    return ways


def split(captured: int, values: Sequence[int]) -> list[int]:
    """``captured`` as groups of one of ``values`` (empty if there is nothing to split)."""
    for v in values:
        found = _split(captured, groups(captured, v))
        if found is not None:
            return found
    return []


def takes_in_order(parts: list[int]) -> list[int]:
    """The cards of the groups, group after group, each group's aces last (so it closes with its last card)."""
    return [c for g in parts for c in ordered(g)]
