"""A Tarok state copies, pickles and clones whole, in the pure build and in the compiled one (where its fields are
C fields of an extension type, declared in ``state.pxd``), and the copies play on exactly like the original."""

import copy
import pickle
import re
from pathlib import Path

import parlour
from parlour.core.rng import Rng
from parlour.games.tarok import state as tarok_state


def _play(state, rng, actions):
    for _ in range(actions):
        if state.over:
            break
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal(seat)))
    return state


def test_copies_play_on_like_the_original():
    game = parlour.load("tarok")
    for seed, at in ((3, 30), (8, 140), (11, 61)):  # mid-deal: the auction, a trick, the exchange
        state = _play(game.new(seed=seed), Rng(seed), at)
        copies = [state.clone(), copy.deepcopy(state), pickle.loads(pickle.dumps(state)), copy.copy(state).clone()]
        _play(state, Rng(99), 200)
        for c in copies:
            assert type(c) is type(state)
            _play(c, Rng(99), 200)
            assert c.events == state.events and c.scores == state.scores
            assert [getattr(c, f) for f in tarok_state.FIELDS if f not in ("game", "rng", "sheet")] == \
                [getattr(state, f) for f in tarok_state.FIELDS if f not in ("game", "rng", "sheet")]


def test_a_clone_is_independent():
    state = _play(parlour.load("tarok").new(seed=5), Rng(5), 70)
    before = state.view(None)
    _play(state.clone(), Rng(1), 100)
    assert state.view(None) == before


def test_the_compiled_fields_are_the_fields():
    # state.pxd gives the compiled build's fields their C types; Python reads FIELDS (the slots): the same names,
    # in the same order, or the compiled build would lose a field or copy one the slots do not have.
    pxd = (Path(tarok_state.__file__).with_name("state.pxd")).read_text()
    assert tuple(re.findall(r"^    cdef public [\w ]+? (\w+)$", pxd, re.M)) == tarok_state.FIELDS
