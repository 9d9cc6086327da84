"""The shuffle is ours: fixed outputs pin the algorithm so that records replay on any Python.

``Rng.shuffle`` computes a whole shuffle's draws at once; here it is held to a plain, draw-by-draw
reference (SplitMix64, ``below`` by rejection, Fisher-Yates from the end) for every length a deck has,
including seeds built so that ``below`` must reject a draw.
"""

from collections import Counter

import pytest

from parlour.core.rng import Rng, _shuffle_list

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
M1, M2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


class Reference:
    """The algorithm as written in the papers, one call per draw: what ``Rng`` must match forever."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        self.state = (self.state + GAMMA) & MASK64
        return mix(self.state)

    def below(self, n: int) -> int:
        limit = 2**64 - 2**64 % n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def mix(z: int) -> int:
    z = ((z ^ z >> 30) * M1) & MASK64
    z = ((z ^ z >> 27) * M2) & MASK64
    return z ^ z >> 31


def unmix(x: int) -> int:
    """The state whose output is ``x`` (each step of ``mix`` is a bijection of 64-bit words)."""

    def unshift(y: int, s: int) -> int:  # inverts y = z ^ z >> s
        z = y
        for _ in range(64 // s):
            z = y ^ z >> s
        return z

    x = unshift(x, 31)
    x = unshift(x * pow(M2, -1, 2**64) & MASK64, 27)
    return unshift(x * pow(M1, -1, 2**64) & MASK64, 30)


def seed_drawing(x: int, at: int) -> int:
    """A seed whose draw number ``at`` (from 0) is ``x``."""
    return (unmix(x) - (at + 1) * GAMMA) & MASK64


def assert_shuffles_like_reference(seed: int, length: int) -> Reference:
    ours, reference = Rng(seed), Reference(seed)
    mine, theirs = list(range(length)), list(range(length))
    ours.shuffle(mine)
    reference.shuffle(theirs)
    assert mine == theirs, (seed, length)
    assert ours.state == reference.state, (seed, length)  # the same draws were used up
    return reference


def test_splitmix64_reference_outputs():
    # The reference SplitMix64 sequence for seed 0 (Vigna's splitmix64.c).
    rng = Rng(0)
    assert [hex(rng.next64()) for _ in range(3)] == ["0xe220a8397b1dcdaf", "0x6e789e6aa1b965f4", "0x6c45d188009454f"]


def test_shuffle_is_pinned():
    items = list(range(10))
    Rng(2024).shuffle(items)
    assert items == _fisher_yates_by_hand(list(range(10)), 2024)
    deck = list(range(54))  # a Tarok deck, as the engine shuffled it before shuffles were packed
    Rng(2024).shuffle(deck)
    assert deck == [36, 34, 12, 51, 48, 42, 26, 3, 49, 38, 24, 16, 4, 19, 9, 5, 46, 0, 29, 17, 8, 53, 47, 44, 7,
                    20, 18, 37, 2, 39, 41, 22, 10, 45, 14, 11, 31, 27, 32, 40, 21, 33, 15, 1, 25, 30, 52, 23, 35,
                    50, 28, 43, 6, 13]


def test_below_is_pinned():
    rng = Rng(2024)
    assert [rng.below(n) for n in (2, 3, 7, 54, 2**63 + 1, 2**64)] == [
        1, 2, 3, 7, 2522659877027852951, 11000608607208515474]


def _fisher_yates_by_hand(items, seed):
    rng = Rng(seed)
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


@pytest.mark.parametrize("seed", [*range(60), 2**32, 2**63, MASK64, -1, -(2**70) - 5, 0x243F6A8885A308D3])
def test_shuffle_matches_the_reference_for_every_length(seed):
    for length in range(121):
        assert_shuffles_like_reference(seed, length)


@pytest.mark.parametrize("length", [1023, 1024, 1025, 1500])
def test_long_shuffles_match_the_reference(length):
    for seed in range(3):
        assert_shuffles_like_reference(seed, length)


@pytest.mark.parametrize("length", [3, 5, 6, 7, 10, 40, 52, 54, 120])
def test_shuffle_with_a_rejected_draw_matches_the_reference(length):
    # 2**64 - 1 is rejected by below(n) for every n that is no power of two; put it at the first, a middle
    # and the last draw of the shuffle (draw k is below(length - k)).
    for at in (0, length // 2 - 1, length - 2):
        if length - at & length - at - 1:
            reference = assert_shuffles_like_reference(seed_drawing(MASK64, at), length)
            assert reference.state != seed_drawing(MASK64, at) + (length - 1) * GAMMA & MASK64  # one more draw


@pytest.mark.parametrize("length", [2, 4, 7, 54, 120])
def test_shuffle_with_a_draw_near_the_top_matches_the_reference(length):
    # Draws in the top ``length`` values that below() keeps: the packed path gives way to the careful one.
    for x in (2**64 - length, 2**64 - 2, 2**64 - length - 1):
        for at in (0, length - 2):
            assert_shuffles_like_reference(seed_drawing(x, at), length)


def test_crafted_seeds_draw_what_they_should():
    assert Rng(seed_drawing(12345, 0)).next64() == 12345
    rng = Rng(seed_drawing(MASK64, 4))
    assert [rng.next64() for _ in range(5)][-1] == MASK64


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 52, 54, 1000, 2**32 + 1, 2**63 + 1, 3 * 2**62, 2**64 - 1, 2**64])
def test_below_matches_the_reference(n):
    # 2**63 + 1 and 3 * 2**62 reject about half and a quarter of the draws.
    for seed in range(200):
        ours, reference = Rng(seed), Reference(seed)
        assert [ours.below(n) for _ in range(5)] == [reference.below(n) for _ in range(5)]
        assert ours.state == reference.state


def test_below_after_a_rejected_draw():
    ours, reference = Rng(seed_drawing(MASK64, 0)), Reference(seed_drawing(MASK64, 0))
    assert ours.below(3) == reference.below(3)
    assert ours.state == reference.state == seed_drawing(MASK64, 0) + 2 * GAMMA & MASK64


def test_below_is_uniform_enough():
    rng = Rng(5)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_400 < n < 10_600 for n in counts.values())


def test_clone_and_fork_are_independent():
    a = Rng(9)
    b = a.clone()
    assert a.next64() == b.next64()
    f = a.fork()
    assert f.next64() != a.next64()


def test_bad_seed_and_bound():
    with pytest.raises(TypeError):
        Rng("seven")
    with pytest.raises(ValueError, match="0 < n <= 2\\*\\*64"):
        Rng(1).below(0)
    rng = Rng(1)
    with pytest.raises(ValueError, match="not 18446744073709551617"):
        rng.below(2**64 + 1)  # no draw could be uniform over more values than the generator has
    assert rng.state == 1


@pytest.mark.parametrize("length", [2, 5, 7, 54, 120])
def test_the_compiled_builds_shuffle_matches_the_reference(length):
    # _shuffle_list is Rng.shuffle of a list in the compiled build (C integers, draw by draw): held to the
    # reference here in both builds, with rejected draws and draws near the top.
    seeds = [0, 1, MASK64, *(seed_drawing(x, at) for x in (MASK64, 2**64 - length) for at in (0, length - 2))]
    for seed in seeds:
        mine, theirs, reference = list(range(length)), list(range(length)), Reference(seed)
        state = _shuffle_list(seed & MASK64, mine)
        reference.shuffle(theirs)
        assert (mine, state) == (theirs, reference.state), (seed, length)
