"""The legal discards are listed lazily (``actions.Discards``): the same moves, in the same order, as a list."""

import random
from itertools import combinations

import pytest

from parlour.core.tricks import cards_in
from parlour.games.tarok.actions import DISCARD, Discards, Move, parse
from parlour.games.tarok.cards import COLOURS, TAROKS, UNDISCARDABLE

from .helpers import act, new, seat


def listed(base: int, pool: int, k: int) -> list[Move]:
    """The discards as the engine listed them before they were lazy: every k cards of the pool, with the base."""
    return [Move(DISCARD | (base | sum(1 << c for c in combo)) << 4) for combo in combinations(cards_in(pool), k)]


def random_case(rng: random.Random) -> tuple[int, int, int]:
    cards = rng.sample(range(54), rng.randint(0, 16))
    pool = sum(1 << c for c in cards)
    base = sum(1 << c for c in rng.sample([c for c in range(54) if c not in cards], rng.randint(0, 2)))
    return base, pool, rng.randint(1, 3)


def test_the_lazy_discards_are_the_listed_ones_in_the_same_order():
    rng = random.Random(5)
    for _ in range(200):
        base, pool, k = random_case(rng)
        want, lazy = listed(base, pool, k), Discards(base, pool, k)
        assert len(lazy) == len(want)
        assert [lazy[i] for i in range(len(want))] == want == list(lazy) and lazy == want
        assert [lazy[-i] for i in range(1, len(want) + 1)] == want[::-1]
        assert lazy[1:5] == want[1:5] and lazy[::-2] == want[::-2]
        assert all(a in lazy and lazy.index(a) == i for i, a in enumerate(want))


def test_only_the_listed_discards_are_in_the_lazy_ones():
    rng = random.Random(6)
    for _ in range(100):
        base, pool, k = random_case(rng)
        want, lazy = set(listed(base, pool, k)), Discards(base, pool, k)
        near = pool | base | 1 << rng.randrange(54)
        for n in range(1, 4):
            for combo in combinations(cards_in(near), n):
                a = Move(DISCARD | sum(1 << c for c in combo) << 4)
                assert (a in lazy) == (a in want)
                if a not in want:
                    with pytest.raises(ValueError):
                        lazy.index(a)
        assert parse("pass") not in lazy and "discard 7C" not in lazy


def test_an_index_out_of_range_is_an_index_error():
    lazy = Discards(0, 0b111 << 46, 2)
    assert len(lazy) == 3
    for i in (3, -4, 100):
        with pytest.raises(IndexError):
            lazy[i]
    assert len(Discards(0, 0b1 << 46, 2)) == 0 and list(Discards(0, 0b1 << 46, 2)) == []


def test_the_declarers_discards_are_lazy_and_as_the_rules_list_them():
    state = new("T21 T20 T19 T18 KH 7C 8C 9C 10C 4H 3H 1D")
    act(state, 1, "bid solo three")
    for p in (2, 3, 0):
        act(state, p, "pass")
    if state.view(None)["phase"] == "contract":
        act(state, 1, "contract solo three")
    act(state, 1, "talon 0")
    s = seat(state, 1)
    legal = state.legal(s)
    hand = state.hands[s]
    plain = hand & COLOURS & ~UNDISCARDABLE
    assert isinstance(legal, Discards) and legal == listed(0, plain, 3)
    assert not any(a >> 4 & (TAROKS | UNDISCARDABLE) for a in legal)
    a = random.Random(1).choice(legal)
    assert state.apply(s, str(a)) == a and state.discards == a >> 4
