"""The numeric observations of the games that gained one for issue 30: known positions slice by slice, nothing
hidden leaking, a stable shape over a whole match, and the environments' Box."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

import parlour
from parlour.ai.aec import ParlourEnv
from parlour.ai.spaces import codec_for


def planes(game, view) -> np.ndarray:
    codec = codec_for(game)
    return np.asarray(codec.encode(view), dtype=float).reshape(codec.shape)


def play_out(game, seed: int, steps: int = 5000):
    """Random legal moves from a new match, yielding the state before each; stops at the end or at ``steps``."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    for _ in range(steps):
        if state.over:
            return
        yield state
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal(seat)))
    yield state


# (game id, options) that each check below runs for; options keep a match short
SHORT = {"jieqi": {"quiet_plies": 10}, "gami": {"max_plies": 60}}


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_the_shape_holds_over_a_whole_random_match(game_id):
    game = parlour.load(game_id, **SHORT[game_id])
    shape = codec_for(game).shape
    seen = 0
    for state in play_out(game, seed=3):
        for seat in range(game.players):
            encoded = codec_for(game).encode(state.view(seat))
            assert len(encoded) == math.prod(shape)
            assert all(0.0 <= x <= 1.0 for x in encoded)
        seen += 1
    assert state.over and seen > 10


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_the_environments_observation_is_a_box_of_the_shape(game_id):
    env = ParlourEnv(game_id, **SHORT[game_id])
    env.reset(seed=1)
    agent = env.agent_selection
    space = env.observation_space(agent)["observation"]
    assert space.shape == codec_for(env.game).shape and space.dtype == np.float32
    assert space.contains(env.observe(agent)["observation"])


# --- Jieqi -------------------------------------------------------------------------------------------------

def test_jieqi_a_stacked_position_plane_by_plane():
    from parlour.games.jieqi.board import square
    game = parlour.load("jieqi", games=2)
    # Red: a covered chariot on a1 and its general on e1; Black: a general on d10 and a face-up horse on b8
    state = game.new(seed=1, deck="3k5/9/1n7/9/9/9/9/9/9/R~3K4 w - - 7 1")
    p = planes(game, state.view(0)).reshape(37, 90)
    assert p[7].sum() == 1 and p[7][square("a1")] == 1      # covered, and only that: not a chariot
    assert p[0:7].sum() == 1 and p[0][square("e1")] == 1    # Red's general
    assert p[8].sum() == 1 and p[8][square("d10")] == 1     # Black's general
    assert p[11].sum() == 1 and p[11][square("b8")] == 1    # Black's horse
    assert p[15].sum() == 0
    assert (p[16] == 1).all() and (p[17] == 1).all() and p[18:21].sum() == 0  # Red's seat, Red to move
    assert p[21][0] == pytest.approx(7 / 120) and p[22][0] == 0
    assert [p[i][0] for i in range(23, 29)] == [1, 1, 1, 1, 1, 1]  # nothing of Red's seen yet
    assert p[35:37].sum() == 0
    state.apply(0, "move a1a2")  # it turns up: a chariot
    p = planes(game, state.view(1)).reshape(37, 90)
    assert p[4][square("a2")] == 1 and p[7].sum() == 0
    assert p[16].sum() == 0 and p[17].sum() == 0            # Black's seat, Black to move
    assert p[18][square("a1")] == 1 and p[19][square("a2")] == 1
    assert p[21][0] == 0 and p[22][0] == 1 / 400
    assert p[26][0] == 1 / 2                                  # one of Red's two chariots is seen


def test_jieqi_what_a_covered_piece_is_never_shows():
    game = parlour.load("jieqi")
    for seat in (0, 1):
        a = game.new(seed=1, deck="3k5/9/9/9/9/9/9/9/9/R~3K4 w")
        b = game.new(seed=1, deck="3k5/9/9/9/9/9/9/9/9/C~3K4 w")
        assert (planes(game, a.view(seat)) == planes(game, b.view(seat))).all()
    # a whole start: every covered piece dealt differently by another seed, the same tensor for both seats
    assert all((planes(game, game.new(seed=1).view(s)) == planes(game, game.new(seed=2).view(s))).all()
               for s in (0, 1))


# --- Gami --------------------------------------------------------------------------------------------------

def test_gami_a_stacked_deal_plane_by_plane():
    from parlour.games.gami.cards import BY_CODE, CODES
    game = parlour.load("gami")
    state = game.new(seed=1, deck=list(CODES))  # seat 1 plays first: the clubs and AD; seat 0: 2D..8D AH 2H
    p = planes(game, state.view(1))
    assert [CODES[i] for i in np.flatnonzero(p[0])] == "AC 2C 3C 4C 5C 6C 7C 8C AD".split()
    assert [CODES[i] for i in np.flatnonzero(p[1])] == "2D 3D 4D 5D 6D 7D 8D AH 2H".split()
    assert [CODES[i] for i in np.flatnonzero(p[2])] == "3H 4H 5H 6H 7H 8H".split()
    assert (p[3] == 1).all() and (p[4] == 0).all() and (p[5] == 1 / 3).all() and p[6:].sum() == 0
    state.apply(1, "exchange 4C 4H")
    p = planes(game, state.view(0))
    assert p[1][BY_CODE["4H"]] == 1 and p[1][BY_CODE["4C"]] == 0 and p[2][BY_CODE["4C"]] == 1
    assert (p[3] == 1).all() and (p[4] == 1 / 200).all()


def test_gami_hides_nothing_so_the_seats_see_it_mirrored():
    """Every card is face up: seat 1's tensor is seat 0's with the two hands and the two scores swapped."""
    game = parlour.load("gami")
    for state in play_out(game, seed=4, steps=30):
        a, b = planes(game, state.view(0)), planes(game, state.view(1))
        assert (a[[1, 0, 2, 4, 5, 7, 6]] == b[[0, 1, 2, 4, 5, 6, 7]]).all()
        assert a[3][0] + b[3][0] == (0 if state.over else 1)  # one of them is to move
