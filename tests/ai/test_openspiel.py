"""Every parlour game as an OpenSpiel game (parlour.ai.openspiel): OpenSpiel's own checks and algorithms on them."""

from __future__ import annotations

import random

import pytest

import parlour

pyspiel = pytest.importorskip("pyspiel")

from parlour.ai import openspiel  # noqa: E402  (needs pyspiel)

openspiel.register()

#: Options that keep a random match short, besides the game's own quick and random options.
SHORT = {"go": {"size": 9}, "rengo": {"size": 9}, "gami": {"max_plies": 60}, "giacomotto": {"target": 21},
         "tysiac": {"deal_limit": 2}, "zole": {"hands": 3}, "tarok": {"rounds": 1}, "jieqi": {"quiet_plies": 30}}
REGISTERED = [g for g in parlour.games() if g not in openspiel.EXCLUDED]


def load(game_id: str, **params) -> "pyspiel.Game":
    cls = parlour.core.game_class(game_id)
    return pyspiel.load_game(openspiel.short_name(game_id),
                             {**cls.quick_options, **cls.random_options, **SHORT.get(game_id, {}), **params})


def deal(state, rng: random.Random):
    """Sample the chance nodes until a player is to act (OpenSpiel's outcomes and probabilities)."""
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, probs)[0])
    return state


def test_register_is_idempotent_and_names_every_game_but_skelly():
    assert openspiel.register() == openspiel.register() == [openspiel.short_name(g) for g in REGISTERED]
    assert "skelly" in openspiel.EXCLUDED and "python_parlour_skelly" not in pyspiel.registered_names()
    assert "python_parlour_crazy_nines" in pyspiel.registered_names()


@pytest.mark.parametrize("game_id", REGISTERED)
def test_openspiel_random_simulation(game_id):
    """OpenSpiel's own random-simulation test: legal actions, chance, returns, clone, serialize round trips."""
    pyspiel.random_sim_test(load(game_id), num_sims=2, serialize=True, verbose=False)
