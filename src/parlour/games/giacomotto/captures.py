"""Capture arithmetic of Giacomotto on card bit masks (pure functions).

A capture takes any set of pairwise-disjoint groups of table cards, each group summing to the played
card's value. Values: 2-10 as printed, J 12, Q 13, K 14, A 1 or 11 (each table ace on its own; the played
ace one value for the whole capture).

The engine never lists whole captures (on a crowded table there are hundreds of thousands): it asks small
questions about **sum sets**, bit masks of the sums 0..14 that some cards can make (bit ``s`` set: ``s`` can
be made). A played card can capture when the table's subset sums hold its value; a table card may join a
group when the group can still be completed from what is left.

>>> from parlour.core.cards import mask_of, cards
>>> table = mask_of(cards("8C 5D 6S 7H"))
>>> sums_text(subset_sums(table))       # 0 (take nothing) and every sum of 1-3 of the cards up to 14
'0 5 6 7 8 11 12 13 14'
>>> can_capture(cards("QH")[0], table), can_capture(cards("4H")[0], table)
(True, False)
>>> sorted(len(list(cards_of(m))) for m in capture_sets(table, 13))   # 8+5, 6+7, or both (for the bot)
[2, 2, 4]
"""

from __future__ import annotations

from functools import lru_cache

from parlour.core.cards import CARDS, cards_of

try:
    import cython
except ImportError:  # plain Python without Cython: the same code, untyped
    from parlour.core import cyshim as cython

#: Value of each card for capturing; aces are 1 here and may count 11.
VALUE: tuple[int, ...] = tuple((2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 1)[i % 13] for i in range(52))
ACES_MASK = sum(1 << (s * 13 + 12) for s in range(4))
#: The values a played card may take.
PLAYED_VALUES: tuple[tuple[int, ...], ...] = tuple((1, 11) if VALUE[i] == 1 else (VALUE[i],) for i in range(52))
#: The same as sum sets: bit ``v`` for each value ``v`` the played card may take.
PLAYED_SUMS: tuple[int, ...] = tuple(sum(1 << v for v in PLAYED_VALUES[i]) for i in range(52))

MAX_VALUE = 14
#: Every sum a group can have: 0..14 (a group never exceeds the king's 14).
ALL_SUMS = (1 << (MAX_VALUE + 1)) - 1
#: The sums of the empty group: just 0.
EMPTY = 1
#: The same as C integers in the compiled build.
_ALL = cython.declare(cython.longlong, ALL_SUMS)
_EMPTY = cython.declare(cython.longlong, EMPTY)
#: How many tables the bot's search helpers remember (bounded: a server runs for weeks).
MEMO = 1024


@cython.locals(sums=cython.longlong, card=cython.int, v=cython.int)
def with_card(sums: int, card: int) -> int:
    """The sum set of a group after ``card`` joins it (sums above 14 dropped; an ace adds 1 or 11).

    >>> sums_text(with_card(with_card(EMPTY, 12), 25))    # A♣ then A♦: 1+1, 1+11, 11+11 (22 is dropped)
    '2 12'
    """
    v = _value(card) if cython.compiled else VALUE[card]
    if v == 1:
        return (sums << 1 | sums << 11) & _ALL
    return (sums << v) & _ALL


@cython.locals(mask=cython.ulonglong, sums=cython.longlong, c=cython.int, v=cython.int)
def subset_sums(mask: int) -> int:
    """The sum set of every subset of ``mask`` (the empty one too, so bit 0 is always set)."""
    sums = EMPTY
    if cython.compiled:  # in C, a loop over the 52 bits
        for c in range(52):
            if mask >> c & 1:
                sums |= _joined(sums, _value(c))
        return sums
    while mask:
        low = mask & -mask
        v = VALUE[low.bit_length() - 1]
        sums |= (sums << 1 | sums << 11) if v == 1 else sums << v
        sums &= ALL_SUMS
        mask ^= low
    return sums


def can_capture(card: int, table: int) -> bool:
    """Whether ``card`` can take anything from ``table``: some table cards add up to its value."""
    return bool(subset_sums(table) & PLAYED_SUMS[card])


def completions(group: int, values: int) -> int:
    """The sums the rest of a group may still add to a group whose sum set is ``group`` to reach ``values``.

    >>> sums_text(completions(1 << 8, 1 << 14))      # a group holding 8, played king: 6 more
    '6'
    """
    need = 0
    s = group
    while s:
        low = s & -s
        have = low.bit_length() - 1
        need |= values >> have  # bit v - have for every value v above have (and v == have, bit 0)
        s ^= low
    return need & ~EMPTY


def joinable(group_sums: int, values: int, free: int) -> list[int]:
    """The cards of ``free`` (a mask of table cards) that may join the open group next, lowest first (see
    :func:`joinable_mask`).

    >>> from parlour.core.cards import mask_of, cards, codes
    >>> free = mask_of(cards("8C 5D 6S 7H 9H"))
    >>> codes(joinable(EMPTY, 1 << 13, free))          # a queen: 8+5 and 6+7; the 9 needs a 4
    ['8C', '5D', '7H', '6S']
    """
    return list(cards_of(joinable_mask(group_sums, values, free)))


def joinable_mask(group_sums: int, values: int, free: int) -> int:
    """The cards of ``free`` (a mask of table cards) that may join the open group next, as a mask.

    A card may join when the group then adds up to one of ``values`` (it is complete) or can still be
    completed by cards of ``free`` other than this one. Cards of equal value answer alike, so each value is
    asked once, of the sums of the free cards but one card of that value. Those sums are worked out for
    every value in one pass over the free cards: lane 0 of ``lanes`` (32 bits a lane) gathers the sums of
    all the cards so far, and the first card of each value opens a lane of its own, a copy of lane 0 before
    that card, which every later card then joins as it joins lane 0. (Compiled, C integers cannot hold the
    lanes: :func:`joinable_by_counts` answers the same question there.)
    """
    if cython.compiled:
        return joinable_by_counts(group_sums, values, free)
    lanes, count, mask = EMPTY, 1, _LANES[1]
    firsts = []
    m = free
    while m:
        low = m & -m
        m ^= low
        v = VALUE[low.bit_length() - 1]
        if VALUE_CARDS[v] & free & (low - 1):  # another card of this value came before: it has its lane
            lanes = (lanes | ((lanes << 1 | lanes << 11) if v == 1 else lanes << v)) & mask
        else:
            before = lanes & ALL_SUMS
            lanes = (lanes | ((lanes << 1 | lanes << 11) if v == 1 else lanes << v)) & mask
            lanes |= before << 32 * count
            firsts.append(v)
            count += 1
            mask = _LANES[count]
    ok = 0
    for i, v in enumerate(firsts, 1):
        after = ((group_sums << 1 | group_sums << 11) if v == 1 else group_sums << v) & ALL_SUMS
        if after & values:
            ok |= VALUE_CARDS[v]
        elif after:  # one sum (no ace in the group): the rest must add up to a value minus it
            need = values >> after.bit_length() - 1 & ~EMPTY if after & after - 1 == 0 else completions(after, values)
            if lanes >> 32 * i & need:
                ok |= VALUE_CARDS[v]
    return free & ok


@cython.ccall
@cython.returns(cython.ulonglong)
@cython.locals(group_sums=cython.longlong, values=cython.longlong, free=cython.ulonglong, counts=cython.ulonglong,
               ok=cython.ulonglong, c=cython.int, v=cython.int, w=cython.int, k=cython.int, h=cython.int,
               after=cython.longlong, need=cython.longlong, sums=cython.longlong, one=cython.ulonglong)
def joinable_by_counts(group_sums: int, values: int, free: int) -> int:
    """:func:`joinable_mask` by counting the free cards of each value: the way that is fast on C integers.

    For each value among the free cards, the sums the other free cards can make (one card of that value left
    out) are built from the counts, and checked against what the group still needs.

    >>> from parlour.core.cards import mask_of, cards
    >>> free = mask_of(cards("8C 5D 6S 7H 9H"))
    >>> joinable_by_counts(EMPTY, 1 << 13, free) == joinable_mask(EMPTY, 1 << 13, free)
    True
    """
    counts, one = 0, 1  # counts: 4 bits per value 1..14, how many free cards have it
    for c in range(52):
        if free >> c & 1:
            counts += one << 4 * _value(c)
    ok = 0
    for v in range(1, 15):
        if not counts >> 4 * v & 15:
            continue
        after = _joined(group_sums, v)
        if after & values:
            ok |= _value_cards(v)
            continue
        if not after:
            continue
        need = 0
        for h in range(15):
            if after >> h & 1:
                need |= values >> h
        need &= ~_EMPTY
        sums = _EMPTY
        for w in range(1, 15):
            k = counts >> 4 * w & 15
            if w == v:
                k -= 1
            while k > 0:
                sums |= _joined(sums, w)
                k -= 1
        if sums & need:
            ok |= _value_cards(v)
    return free & ok


@cython.cfunc
@cython.returns(cython.longlong)
@cython.locals(sums=cython.longlong, v=cython.int)
def _joined(sums: int, v: int) -> int:
    """:func:`with_card` by the card's value: the sums after a card of value ``v`` joins (an ace, 1, adds 1 or 11)."""
    return ((sums << 1 | sums << 11) if v == 1 else sums << v) & _ALL


@cython.cfunc
@cython.returns(cython.int)
@cython.locals(card=cython.int, r=cython.int)
def _value(card: int) -> int:
    """:data:`VALUE` of a card, worked out (ranks 2..10, then J Q K A)."""
    r = card % 13
    return r + 2 if r < 9 else r + 3 if r < 12 else 1


@cython.cfunc
@cython.returns(cython.ulonglong)
@cython.locals(v=cython.int, r=cython.int, one=cython.ulonglong)
def _value_cards(v: int) -> int:
    """:data:`VALUE_CARDS` of a value 1..14 (the value of some card), worked out: its rank in each suit."""
    if v == 1:
        r = 12
    elif v <= 10:
        r = v - 2
    else:
        r = v - 3
    one = 1
    return (one << r) | (one << (r + 13)) | (one << (r + 26)) | (one << (r + 39))


#: Per value 0..14, every card of that value (as a mask).
VALUE_CARDS: tuple[int, ...] = tuple(sum(1 << c for c in range(52) if VALUE[c] == v) for v in range(MAX_VALUE + 1))
#: Per number of lanes, every sum bit of that many 32-bit lanes (see :func:`joinable`).
_LANES: tuple[int, ...] = tuple(sum(ALL_SUMS << 32 * i for i in range(k)) for k in range(MAX_VALUE + 2))
#: The sum sets of tables already asked, with the cards that can take something from them (see :func:`takers`).
_TAKERS: dict[int, int] = {}


def takers(sums: int) -> int:
    """Every card (as a mask) that can take something from a table with these :func:`subset_sums`.

    >>> from parlour.core.cards import mask_of, cards, codes
    >>> codes(cards_of(takers(subset_sums(mask_of(cards("8C 5D")))) & mask_of(cards("KH QS 5H 4D 8D"))))
    ['8D', '5H', 'QS']
    """
    found = _TAKERS.get(sums)
    if found is None:  # at most 2**15 sum sets, each worked out once
        found = _TAKERS[sums] = sum(VALUE_CARDS[v] for v in range(1, MAX_VALUE + 1)
                                    if VALUE_CARDS[v] and sums & PLAYED_SUMS[VALUE_CARDS[v].bit_length() - 1])
    return found


def group_sums(group: int) -> set[int]:
    """The sums a group of cards can make (each ace 1 or 11), with no cap."""
    base = sum(VALUE[c] for c in cards_of(group))
    aces = (group & ACES_MASK).bit_count()
    return {base + 10 * k for k in range(aces + 1)}


def sums_text(sums: int) -> str:
    """A sum set written out, for docs and messages: ``'0 5 6'``."""
    return " ".join(str(s) for s in range(MAX_VALUE + 1) if sums >> s & 1)


# --- whole captures: for the bot, and for the one-step capture of older records --------------------------------

@lru_cache(maxsize=MEMO)
def table_groups(table: int) -> tuple[tuple[int, ...], ...]:
    """For each value 0..14, every set of table cards (as a mask) that sums to it: one search per table.

    Groups never exceed 14, so the search stops early; each table ace counts 1 or 11 on its own. On a
    crowded table of small cards a value can have thousands of groups: the engine never calls this on the
    whole table, only the bot does (in its own process) and a one-step capture on the cards it names.
    """
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
    return tuple(tuple(sorted(set(g))) for g in by_sum)


def groups(table: int, value: int) -> tuple[int, ...]:
    """Every set of table cards (as a mask) that sums to ``value``."""
    return table_groups(table)[value] if 0 < value <= MAX_VALUE else ()


@lru_cache(maxsize=MEMO)
def capture_sets(table: int, value: int) -> tuple[int, ...]:
    """Every non-empty union of pairwise-disjoint groups summing to ``value`` (masks, each once).

    Exponential in the table: the bot bounds it with :func:`group_count` first.
    """
    unions = {0}
    for g in groups(table, value):
        unions |= {u | g for u in unions if not u & g}
    unions.discard(0)
    return tuple(sorted(unions))


def captures_for(card: int, table: int) -> tuple[int, ...]:
    """Every set of table cards ``card`` may capture (an ace tries 1 and 11)."""
    values = PLAYED_VALUES[card]
    if len(values) == 1:
        return capture_sets(table, values[0])
    return tuple(sorted(set(capture_sets(table, 1)) | set(capture_sets(table, 11))))


def partition(card: int, captured: int) -> list[int] | None:
    """Split ``captured`` into groups that ``card`` takes, or None if it cannot be split so."""
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
    """Cards in a group are written high value first and aces last: the order in which they can be taken."""
    return (-VALUE[c] if VALUE[c] != 1 else -1, c)


#: :func:`card_order` as one int per card (for sorting without a call per card).
_ORDER: tuple[int, ...] = tuple((-VALUE[c] if VALUE[c] != 1 else -1) * 64 + c for c in range(52))
_CODES: tuple[str, ...] = tuple(str(CARDS[c]) for c in range(52))


def group_codes(group: int) -> list[str]:
    """A group's card codes in :func:`card_order`."""
    cards = []
    while group:
        low = group & -group
        cards.append(low.bit_length() - 1)
        group ^= low
    if len(cards) > 1:
        cards.sort(key=_ORDER.__getitem__)
    return [_CODES[c] for c in cards]


def ordered(group: int) -> list[int]:
    """A group's cards in the order they are taken one by one: high value first, aces last.

    Taken so, no part of the group adds up to the played value before its last card (an ace last counts
    1 or 11 as needed), so the group closes with its last card and not before.
    """
    return sorted(cards_of(group), key=card_order)
