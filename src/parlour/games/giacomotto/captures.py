"""Capture arithmetic of Giacomotto on card bit masks (pure functions, memoised).

A capture takes any set of pairwise-disjoint groups of table cards, each group summing to the played
card's value. Values: 2-10 as printed, J 12, Q 13, K 14, A 1 or 11 (each table ace on its own; the played
ace one value for the whole capture).

>>> from parlour.core.cards import mask_of, cards
>>> table = mask_of(cards("8C 5D 6S 7H"))
>>> sorted(len(list(cards_of(m))) for m in capture_sets(table, 13))   # 8+5, 6+7, or both
[2, 2, 4]
"""

from __future__ import annotations

from parlour.core.cards import CARDS, cards_of

#: Value of each card for capturing; aces are 1 here and may count 11.
VALUE: tuple[int, ...] = tuple((2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 1)[i % 13] for i in range(52))
ACES_MASK = sum(1 << (s * 13 + 12) for s in range(4))
#: The values a played card may take.
PLAYED_VALUES: tuple[tuple[int, ...], ...] = tuple((1, 11) if VALUE[i] == 1 else (VALUE[i],) for i in range(52))

MAX_VALUE = 14
_GROUPS: dict[int, tuple[tuple[int, ...], ...]] = {}
_SETS: dict[tuple[int, int], tuple[int, ...]] = {}
_MEMO_LIMIT = 1 << 17


def table_groups(table: int) -> tuple[tuple[int, ...], ...]:
    """For each value 0..14, every set of table cards (as a mask) that sums to it: one search per table.

    Groups never exceed 14, so the search stops early; each table ace counts 1 or 11 on its own.
    """
    hit = _GROUPS.get(table)
    if hit is not None:
        return hit
    items = []
    m = table
    while m:
        low = m & -m
        items.append((low, VALUE[low.bit_length() - 1]))
        m ^= low
    by_sum: list[list[int]] = [[] for _ in range(MAX_VALUE + 1)]
    stack = [(0, 0, 0)]
    while stack:
        start, total, mask = stack.pop()
        for j in range(start, len(items)):
            bit, v = items[j]
            for t in (total + v, total + 11) if v == 1 else (total + v,):
                if t <= MAX_VALUE:
                    by_sum[t].append(mask | bit)
                    stack.append((j + 1, t, mask | bit))
    # two aces make 12 as 1+11 and as 11+1: keep one group
    result = tuple(tuple(sorted(set(g))) for g in by_sum)
    if len(_GROUPS) >= _MEMO_LIMIT:
        _GROUPS.clear()
    _GROUPS[table] = result
    return result


def groups(table: int, value: int) -> tuple[int, ...]:
    """Every set of table cards (as a mask) that sums to ``value``."""
    return table_groups(table)[value] if 0 < value <= MAX_VALUE else ()


def capture_sets(table: int, value: int) -> tuple[int, ...]:
    """Every non-empty union of pairwise-disjoint groups summing to ``value`` (masks, each once)."""
    key = (table, value)
    hit = _SETS.get(key)
    if hit is not None:
        return hit
    unions = {0}
    for g in groups(table, value):
        unions |= {u | g for u in unions if not u & g}
    unions.discard(0)
    result = tuple(sorted(unions))
    if len(_SETS) >= _MEMO_LIMIT:
        _SETS.clear()
    _SETS[key] = result
    return result


def captures_for(card: int, table: int) -> tuple[int, ...]:
    """Every set of table cards ``card`` may capture (an ace tries 1 and 11)."""
    values = PLAYED_VALUES[card]
    if len(values) == 1:
        return capture_sets(table, values[0])
    key = (table, 0)  # value 0 never occurs: it keys the played ace's captures
    hit = _SETS.get(key)
    if hit is None:
        hit = _SETS[key] = tuple(sorted(set(capture_sets(table, 1)) | set(capture_sets(table, 11))))
    return hit


def can_capture(card: int, table: int) -> bool:
    """Whether ``card`` can take anything from ``table``."""
    return any(groups(table, v) for v in PLAYED_VALUES[card])


def group_sums(group: int) -> set[int]:
    """The sums a group of cards can make (each ace 1 or 11)."""
    base = sum(VALUE[c] for c in cards_of(group))
    aces = (group & ACES_MASK).bit_count()
    return {base + 10 * k for k in range(aces + 1)}


def partition(card: int, captured: int) -> list[int] | None:
    """Split ``captured`` into groups that ``card`` takes (the canonical text of a capture), or None."""
    for value in PLAYED_VALUES[card]:
        split = _split(captured, groups(captured, value))
        if split is not None:
            return split
    return None


def _split(rest: int, candidates: tuple[int, ...]) -> list[int] | None:
    if not rest:
        return []
    low = rest & -rest  # the lowest card must lie in some group
    for g in candidates:
        if g & low and not g & ~rest:
            tail = _split(rest ^ g, candidates)
            if tail is not None:
                return [g] + tail
    return None


def card_order(c: int) -> tuple[int, int]:
    """Cards in a group are written high value first."""
    return (-VALUE[c] if VALUE[c] != 1 else -1, c)


def group_codes(group: int) -> list[str]:
    return [str(CARDS[c]) for c in sorted(cards_of(group), key=card_order)]
