"""Views: everything in Skelly is in plain sight; a view rebuilds the state (determinize); the log keeps the latest."""

from __future__ import annotations

import json

import parlour
from parlour.bots import make
from parlour.core.rng import Rng
from parlour.games.skelly.state import LOG_EVENTS

from .helpers import position


def played(shots: int, seed: int = 3):
    game = parlour.load("skelly", players=4)
    state = game.new(seed=seed)
    bots = [make("regular", game, s, seed=s) for s in range(4)]
    for _ in range(shots):
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal(seat)))
    return game, state


def test_only_the_shooter_is_offered_flicks_and_every_view_is_json():
    _, state = played(5)
    seat = state.to_act[0]
    for s in (0, 1, 2, 3, None):
        view = state.view(s)
        assert json.loads(json.dumps(view)) == view
        assert (view["legal"] != []) == (s == seat) and view["turn"] == seat
        assert view["court"]["name"] == "standard" and len(view["caps"]) == 4 and view["steps"] == 30
    assert state.view(1)["caps"] == state.view(None)["caps"]  # nothing is hidden


def test_a_view_rebuilds_the_state_exactly():
    game, state = played(60)
    for seat in (0, 1, 2, 3, None):
        view = state.view(seat)
        rebuilt = game.determinize(json.loads(json.dumps(view)), Rng(1))
        assert rebuilt.view(seat) == view
        assert (rebuilt.pos, rebuilt.progress, rebuilt.quads, rebuilt.trapped, rebuilt.killer) == \
               (state.pos, state.progress, state.quads, state.trapped, state.killer)
    seat = state.to_act[0]
    again = game.determinize(state.view(seat), Rng(2))
    for s in (state, again):  # the same shot from the rebuilt state does the same
        s.apply(seat, "flick 123.4 0.567")
    assert again.record_check() == state.record_check()


def test_the_log_in_a_view_keeps_the_latest_events():
    _, state = played(60)
    assert len(state.events) > LOG_EVENTS and state.view(0)["log"] == state.events[-LOG_EVENTS:]


def test_each_cap_says_where_it_is_and_what_it_shoots_for():
    state = position("0: -0.85,-0.85 next 2; 1: 0.3,0.3 trapped waited 1 next 6; 2: out; 3: 0,0 quadrants SW; "
                     "turn 3", players=4)
    caps = state.view(None)["caps"]
    assert caps[0] | {} == {"seat": 0, "at": [-0.85, -0.85], "where": "court", "out": None, "trapped": False,
                            "waited": 0, "killer": False, "kills": 0, "progress": 1, "quadrants": [], "done": 1,
                            "next": {"kind": "box", "box": 2, "back": False, "label": "box 2"}}
    assert caps[1]["trapped"] and caps[1]["waited"] == 1 and caps[1]["next"]["box"] == 6
    assert caps[2]["where"] == "out" and caps[2]["out"] == 0 and caps[2]["next"] is None
    assert caps[3]["next"] == {"kind": "quadrant", "left": ["NE", "NW", "SE"],
                               "label": "a quadrant of the dead box: NE or NW or SE"} and caps[3]["done"] == 27
