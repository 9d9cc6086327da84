"""``game.determinize(view, rng)`` takes parlour's ``Rng`` and any ``random.Random`` alike (one adapter, in core)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import parlour
from parlour.core.rng import Rng, as_rng


def part_played(game_id: str, actions: int = 12) -> parlour.State:
    """A match some random actions in (timed windows closed as a clock would), so that play has revealed things."""
    game = parlour.load(game_id)
    state = game.new(seed=11)
    rng = Rng(5)
    for _ in range(actions):
        if state.over:
            break
        if not state.to_act:
            state.timeout()
            continue
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal(seat)))
    return state


@pytest.mark.parametrize("game_id", parlour.games())
@pytest.mark.parametrize("make", [lambda: random.Random(7), lambda: Rng(7)], ids=["random.Random", "Rng"])
def test_determinize_takes_either_generator(game_id, make):
    state = part_played(game_id)
    game = state.game
    cards = Counter(c for zone in state.zones().values() for c in zone)
    for seat in range(game.players):
        view = json.loads(json.dumps(state.view(seat)))
        world = game.determinize(view, make())
        assert world.view(seat) == view  # consistent with what the seat knows
        assert Counter(c for zone in world.zones().values() for c in zone) == cards  # every card once, somewhere
        assert world.to_act == state.to_act and world.over == state.over
        if seat in state.to_act:  # a legal state: the seat's moves are its moves, and they apply
            legal = world.legal(seat)
            assert [str(a) for a in legal] == [str(a) for a in state.legal(seat)]
            world.apply(seat, legal[0])
        again = game.determinize(view, make())  # the same generator state, the same world
        assert [again.view(s) for s in range(game.players)] == [
            game.determinize(view, make()).view(s) for s in range(game.players)]


def test_the_adapter_seeds_from_random_random_and_refuses_what_is_no_generator():
    r = random.Random(3)
    expected = Rng(random.Random(3).getrandbits(64)).next64()
    assert as_rng(r).next64() == expected
    with pytest.raises(TypeError, match="getrandbits"):
        parlour.load("giacomotto").determinize(parlour.load("giacomotto").new(seed=1).view(0), "seven")
