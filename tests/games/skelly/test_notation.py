"""Flicks as text, range checks, and bad input: a clear error that changes nothing."""

from __future__ import annotations

import json

import pytest

import parlour
from parlour.core.errors import BadOption, IllegalAction
from parlour.core.game import Action
from parlour.games.skelly.actions import LISTED, Flick, flick, parse

from .helpers import position


@pytest.mark.parametrize("text, canonical", [
    ("flick 37.5 0.82", "flick 37.5 0.82"), ("37.5 0.82", "flick 37.5 0.82"), ("flick 37.5° 0.820", "flick 37.5 0.82"),
    ("FLICK -90 1.0", "flick 270 1"), ("flick 360 1", "flick 0 1"), ("flick 12.34 0.5004", "flick 12.3 0.5"),
    ("flick 0.05 0.0015", "flick 0 0.002"), ("  flick   359.96   0.001 ", "flick 0 0.001"),
])
def test_a_flick_is_read_rounded_to_a_tenth_of_a_degree_and_a_thousandth_of_power(text, canonical):
    f = parse(text)
    assert str(f) == canonical and parse(str(f)) == f and isinstance(f, Flick)


def test_every_flick_round_trips_and_the_listed_sample_is_a_grid():
    for f in (Flick.of(t, p) for t in (0, 1, 899, 3599) for p in (1, 10, 999, 1000)):
        assert parse(str(f)) == f
    assert len(LISTED) == 24 and len(set(LISTED)) == 24
    assert {f.angle for f in LISTED} == {30.0 * k for k in range(12)} and {f.power for f in LISTED} == {0.3, 0.7}
    assert str(flick(45.04, 0.8333)) == "flick 45 0.833"


@pytest.mark.parametrize("text, message", [
    ("flick 400 0.5", "angle runs from -360 to 360 degrees, not 400"),
    ("flick 45 0", "power runs from 0.001 to 1"), ("flick 45 0.0004", "power runs from 0.001 to 1"),
    ("flick 45 1.0006", "power runs from 0.001 to 1"), ("flick 45 -0.5", "power runs from 0.001 to 1"),
    ("flick abc 0.5", "cannot read the angle 'abc'"), ("flick 45 lots", "cannot read the power 'lots'"),
    ("flick 45", "write 'flick ANGLE POWER'"), ("move h3e3", "write 'flick ANGLE POWER'"),
    ("flick nan 1", "must be a finite number"), ("flick 10 inf", "must be a finite number"),
])
def test_a_bad_flick_says_what_is_wrong_and_what_is_allowed(text, message):
    with pytest.raises(IllegalAction, match=message):
        parse(text)


def test_a_refused_action_changes_nothing():
    state = position("0: -0.85,-0.85 next 2; 1: -0.5,-0.5; turn 0")
    before = json.dumps([state.view(s) for s in (0, 1, 2, None)])
    for seat, action, message in ((1, "flick 45 0.5", "seat 1 may not act now; waiting for seat 0"),
                                  (0, "flick 45 2", "power runs from 0.001 to 1"),
                                  (0, Action(12345), "is not a Skelly flick"),
                                  (7, "flick 45 0.5", "there is no seat 7")):
        with pytest.raises(IllegalAction, match=message):
            state.apply(seat, action)
    assert json.dumps([state.view(s) for s in (0, 1, 2, None)]) == before and state.shots == 0


@pytest.mark.parametrize("setup, message", [
    ("0: -0.5,-0.5; 1: -0.49,-0.5", "caps of seats 0 and 1 overlap"),
    ("0: 0.9,0.9 trapped", "a trapped cap lies in the dead box"),
    ("0: 0.3,0.3 trapped killer", "a trapped cap lies in the dead box, and is no killer's"),
    ("0: 1.1,0", "the cap must lie wholly on the court"),
    ("5: hand", "seats are 0..2"), ("turn 4", "seats are 0..2"),
    ("0: out; turn 0", "seat 0 is out and cannot have the turn"),
    ("0: out; 1: out", "at least two caps in play"),
    ("0: 0.25,0.25 quadrants; turn 1", "shoots for the quadrants only during its own turn"),
    ("0: -0.85,-0.85 next 14", "cannot read 'next 14'"), ("0: -0.85,-0.85 next 13 back", "the way back runs from 12"),
    ("0: -0.85,-0.85 flying", "the words are next N"), ("0 -0.85,-0.85", "write 'SEAT: x,y WORDS'"),
    ("0: somewhere", "a place is 'x,y' in metres"), ("shots 300", "must be fewer than the match's 300"),
    ("", "an empty setup"),
])
def test_a_bad_setup_says_what_is_wrong(setup, message):
    with pytest.raises(BadOption, match=message):
        parlour.load("skelly", players=3).new(seed=1, deck=setup)


@pytest.mark.parametrize("options, message", [
    ({"court": "moon"}, "option 'court' must be one of"), ({"killer_hit": "win"}, "option 'killer_hit' must be one of"),
    ({"trap_turns": 0}, "option 'trap_turns' must be in 1..20"), ({"shots": 0}, "option 'shots' must be in 1..1000"),
])
def test_a_bad_option_is_refused(options, message):
    with pytest.raises(BadOption, match=message):
        parlour.load("skelly", **options)
    with pytest.raises(BadOption, match="skelly is played by 3, 4, 5, 6 players, not 2"):
        parlour.load("skelly", players=2)
