"""Every rule and ruling of ../shared/rules/skelly.md, each set up by placing caps (see setup.py) and played with
flicks aimed by geometry. Positions on the standard court: box 1 (-0.85, -0.85), box 2 (0.85, 0.85), box 13 (0, 0),
the dead box (skull) is the square |x|, |y| < 0.4 around 13; quadrant spots (+-0.25, +-0.25)."""

from __future__ import annotations

import math

import pytest

from parlour.games.skelly.actions import parse
from parlour.games.skelly.state import QUADS, RUN

from .helpers import aimed, at, events, position, shoot

BOX1, BOX2, BOX11, BOX12, BOX13 = (-0.85, -0.85), (0.85, 0.85), (-0.85, -0.25), (0.85, -0.25), (0.0, 0.0)
START = [-0.85, -1.3]
#: Harmless shots for seats with nothing to do in a test: from the start line, seat 1 to the left, seat 2 to the right.
AWAY = {1: "flick 180 0.05", 2: "flick 0 0.05"}


def near(a, b, tolerance=0.004) -> bool:
    return math.dist(a, b) <= tolerance


# --- the course: in the box, touching no line; shoot again on success -------------------------------------------------

def test_the_first_shot_is_from_the_start_line_and_a_success_shoots_again():
    state = position("turn 0")
    shot = shoot(state, 0, BOX1)
    assert shot["from"] == START and shot["result"] == "in"
    assert state.progress[0] == 1 and state.to_act == (0,)  # box 1 done; the same player shoots again
    assert near(at(state, 0), BOX1)


@pytest.mark.parametrize("offset, inside", [(0.064, True), (0.084, False), (-0.084, False)])
def test_a_cap_is_in_its_box_only_when_it_touches_no_line(offset, inside):
    # The box is 20 cm, its chalk 2 cm, a cap 32 mm across: the cap's centre must stay within 7.4 cm of the box's.
    state = position("turn 0")
    shot = shoot(state, 0, (BOX1[0] + offset, BOX1[1]))
    assert abs(at(state, 0)[0] - (BOX1[0] + offset)) < 0.004  # it went where it was aimed
    if inside:
        assert shot["result"] == "in" and state.progress[0] == 1 and state.to_act == (0,)
    else:  # on the line: the cap stays where it lies and the turn passes
        assert shot["result"] == "miss" and state.progress[0] == 0 and state.to_act == (1,)
        assert shot["at"] == shot["rest"] and state.pos[0] is not None


def test_the_course_runs_from_1_to_13_and_back_down_to_1():
    state = position("0: -0.85,0.85 next 3; turn 0")
    assert state.cap_view(0)["next"]["label"] == "box 3"
    state = position("0: 0,0 next 12 back; turn 0")
    assert state.cap_view(0)["next"]["label"] == "box 12 on the way back" and state.progress[0] == 13
    shot = shoot(state, 0, BOX12)
    assert shot["result"] == "in" and state.cap_view(0)["next"]["label"] == "box 11 on the way back"
    state = position("0: -0.85,-0.25 next 1 back; turn 0")
    assert shoot(state, 0, BOX1)["result"] == "in" and state.progress[0] == RUN  # the course is done


# --- hits --------------------------------------------------------------------------------------------------------------

def test_a_hit_moves_the_shooter_to_its_next_box_and_it_shoots_again():
    state = position("0: -0.85,-0.85 next 2; 1: -0.5,-0.5; turn 0")
    shot = shoot(state, 0, BOX2)  # the diagonal runs through seat 1's cap
    assert shot["hits"] == [1] and shot["result"] == "hit" and shot["advance"] == 1
    assert state.progress[0] == 2 and at(state, 0) == BOX2  # put in the middle of box 2
    assert state.to_act == (0,)
    assert state.progress[1] == 0 and at(state, 1) != (-0.5, -0.5)  # the cap hit moved; its owner gains nothing


def test_several_caps_hit_in_one_shot_still_advance_one_box():
    # Two caps side by side across the diagonal: the shooter's cap touches both.
    state = position("0: -0.85,-0.85 next 2; 1: -0.5,-0.475; 2: -0.475,-0.5; turn 0")
    shot = shoot(state, 0, BOX2)
    assert sorted(shot["hits"]) == [1, 2] and shot["advance"] == 1 and state.progress[0] == 2


def test_the_placed_cap_does_not_land_on_a_cap_already_in_the_box():
    state = position("0: -0.85,-0.85 next 2; 1: -0.5,-0.5; 2: 0.85,0.85; turn 0")
    shoot(state, 0, BOX2)
    assert at(state, 2) == BOX2
    apart = math.dist(at(state, 0), at(state, 2))
    assert 0.032 <= apart < 0.05 and state.court.in_box(state.pos[0], 2)


def test_only_the_shooters_own_contacts_are_hits():
    # From box 13 straight down: the shooter hits seat 1's cap, which knocks seat 2's trapped cap out of the dead box.
    state = position("0: 0,0 next 12 back; 1: 0,-0.2; 2: 0,-0.3 trapped; turn 0")
    state.apply(0, "flick 270 0.25")
    shot = events(state, "shot")[-1]
    assert shot["hits"] == [1] and shot["advance"] == 1  # a chain contact gives no +2
    assert not state.trapped[2] and {"type": "freed", "seat": 2, "by": None} in state.events


# --- the dead box --------------------------------------------------------------------------------------------------------

def test_a_cap_that_stops_in_the_dead_box_is_trapped_and_its_owner_skips_turns():
    state = position("0: -0.85,-0.85 next 2; turn 0", trap_turns=3)
    shot = shoot(state, 0, (-0.3, -0.3))
    assert shot["result"] == "trapped" and state.trapped[0] and state.to_act == (1,)
    for _ in range(3):  # seats 1 and 2 play; seat 0's turn is skipped each round
        for seat in (1, 2):
            assert state.to_act == (seat,)
            state.apply(seat, AWAY[seat])
    skips = events(state, "skip")
    assert [e["waited"] for e in skips] == [1, 2, 3] and all(e["seat"] == 0 for e in skips)
    assert state.trapped[0] and not events(state, "returned")
    # after three skipped turns the cap goes back to the start line, and its owner shoots from there next time
    state.apply(1, AWAY[1])
    state.apply(2, AWAY[2])
    assert events(state, "returned") == [{"type": "returned", "seat": 0, "why": "waited"}]
    assert state.to_act == (0,) and state.pos[0] is None and not state.trapped[0] and state.progress[0] == 1
    assert shoot(state, 0, BOX2)["from"] == START


def test_a_hit_that_knocks_a_trapped_cap_out_gives_two_boxes():
    state = position("0: 0,0 next 12 back; 1: 0,-0.3 trapped; turn 0")
    state.apply(0, "flick 270 0.3")
    shot = events(state, "shot")[-1]
    assert shot["hits"] == [1] and shot["advance"] == 2
    assert not state.trapped[1] and not state.court.in_skull(state.pos[1])
    assert {"type": "freed", "seat": 1, "by": 0} in state.events
    assert state.progress[0] == 15 and at(state, 0) == BOX11  # 12 and 11 done: put in box 11


def test_a_trapped_cap_that_stays_in_the_dead_box_stays_trapped_and_the_hit_gives_one_box():
    state = position("0: 0,0 next 12 back; 1: 0,-0.2 trapped; turn 0")
    state.apply(0, "flick 270 0.08")
    shot = events(state, "shot")[-1]
    assert shot["hits"] == [1] and shot["advance"] == 1
    assert state.trapped[1] and state.court.in_skull(state.pos[1]) and at(state, 1) != (0, -0.2)
    assert state.progress[0] == 14 and at(state, 0) == BOX12


def test_when_every_cap_but_the_killers_is_trapped_the_next_trapped_cap_goes_back_at_once():
    state = position("0: -0.3,-0.3 trapped; 1: 0.85,0.85 killer; 2: -0.85,-0.85 next 2; turn 2")
    assert shoot(state, 2, (0.3, -0.3))["result"] == "trapped"
    assert events(state, "returned") == [{"type": "returned", "seat": 0, "why": "all trapped"}]
    assert state.to_act == (0,) and state.pos[0] is None and not state.trapped[0]


def test_shooting_for_13_a_cap_in_the_dead_box_is_trapped():
    state = position("0: -0.85,-0.85 next 13; turn 0")
    assert shoot(state, 0, (-0.2, -0.2))["result"] == "trapped" and state.trapped[0]
    state = position("0: -0.85,-0.85 next 13; turn 0")
    assert shoot(state, 0, BOX13)["result"] == "in" and state.progress[0] == 13


# --- the killer run ------------------------------------------------------------------------------------------------------

def test_the_killer_run_is_13_from_box_1_then_the_four_quadrants_in_one_turn():
    state = position("0: -0.85,-0.85 run; 1: 0.85,0.85; turn 0")
    assert shoot(state, 0, BOX13)["result"] == "in" and state.progress[0] == QUADS
    for spot in ((0.25, 0.25), (-0.25, -0.25), (-0.25, 0.25)):  # any order
        assert shoot(state, 0, spot)["result"] == "in" and not state.trapped[0] and state.to_act == (0,)
    assert state.cap_view(0)["next"]["left"] == ["SE"]
    assert shoot(state, 0, (0.25, -0.25))["result"] == "in"
    assert state.killer[0] and {"type": "killer", "seat": 0, "how": "run"} in state.events
    assert state.to_act == (0,)


def test_the_same_quadrant_twice_is_a_miss():
    state = position("0: 0,0 quadrants NE; 1: 0.85,0.85; turn 0")
    assert shoot(state, 0, (0.25, 0.25))["result"] == "miss"
    assert state.progress[0] == RUN and state.quads[0] == 0


def test_a_miss_on_the_killer_run_starts_it_again_from_box_1_on_the_next_turn():
    state = position("0: 0.25,0.25 quadrants NE; turn 0")
    shot = shoot(state, 0, (0.0, -0.25))  # on the cross that splits the dead box: no quadrant
    assert shot["result"] == "miss" and state.progress[0] == RUN and state.quads[0] == 0
    assert not state.trapped[0] and state.court.in_skull(state.pos[0])  # it aimed there: not trapped
    assert state.to_act == (1,) and {"type": "restart", "seat": 0} in state.events
    state.apply(1, AWAY[1])
    state.apply(2, AWAY[2])
    assert state.to_act == (0,) and at(state, 0) == BOX1 and events(state, "placed")[-1]["box"] == 1


def test_the_shot_into_13_is_taken_from_box_1():
    state = position("0: 0.6,0.6 run; turn 0")
    assert at(state, 0) == BOX1 and events(state, "placed") == [{"type": "placed", "seat": 0, "box": 1,
                                                                    "at": [-0.85, -0.85]}]
    shot = shoot(state, 0, (0.6, 0.6))
    assert shot["result"] == "miss" and {"type": "restart", "seat": 0} in state.events and state.progress[0] == RUN


def test_a_hit_on_the_killer_run_moves_on_through_13_and_the_quadrants():
    state = position("0: -0.85,-0.85 run; 1: -0.5,-0.5; turn 0")
    shot = shoot(state, 0, BOX2)
    assert shot["advance"] == 1 and state.progress[0] == QUADS and at(state, 0) == BOX13
    state = position("0: -0.85,-0.85 quadrants NE,NW,SW; 1: -0.5,-0.5; turn 0")
    shoot(state, 0, BOX2)
    assert state.killer[0] and at(state, 0) == (0.25, -0.25)  # the last quadrant, SE


# --- killers -------------------------------------------------------------------------------------------------------------

def test_a_killer_is_never_trapped():
    state = position("0: -0.85,-0.85 killer; 1: 0.85,0.85; turn 0")
    shot = shoot(state, 0, (-0.3, -0.3))
    assert shot["result"] == "miss" and not state.trapped[0] and state.to_act == (1,)


def test_a_killer_removes_the_caps_it_hits_shoots_again_and_the_last_cap_wins():
    state = position("0: -0.85,-0.85 killer; 1: -0.5,-0.5; 2: 0.85,0.85 killer; turn 0")
    shot = shoot(state, 0, (-0.5, -0.5), beyond=0.1)
    assert shot["result"] == "kill" and state.out[1] == 0 and state.pos[1] is None and state.kills[0] == 1
    assert {"type": "removed", "seat": 1, "by": 0, "how": "kill"} in state.events and state.to_act == (0,)
    shot = shoot(state, 0, BOX2, beyond=0.1)  # a killer hits a killer: it is out too
    assert shot["hits"] == [2] and state.out[2] == 1
    assert state.over and state.winners == (0,) and state.scores == (2, 0, 1)  # placed by the order they went out
    assert state.events[-1]["type"] == "end" and state.events[-1]["reason"] == "last cap"
    state.audit()


def test_a_player_who_hits_a_killer_becomes_a_killer_by_default():
    state = position("0: -0.85,-0.85 next 2; 1: -0.5,-0.5 killer; turn 0")
    shot = shoot(state, 0, BOX2)
    assert shot["result"] == "killer" and state.killer[0] and state.to_act == (0,)
    assert {"type": "killer", "seat": 0, "how": "hit"} in state.events and state.out[1] is None


def test_a_player_who_hits_a_killer_is_out_in_the_other_variant():
    state = position("0: -0.85,-0.85 next 2; 1: -0.5,-0.5 killer; turn 0", killer_hit="out")
    shot = shoot(state, 0, BOX2)
    assert shot["result"] == "out" and state.out[0] == 0 and not state.killer[0] and state.to_act == (1,)
    assert {"type": "removed", "seat": 0, "by": 1, "how": "hit a killer"} in state.events


# --- out of bounds, the shot limit ----------------------------------------------------------------------------------------

def test_a_cap_off_the_court_comes_back_to_the_nearest_point_inside_with_no_other_effect():
    state = position("0: 0.85,0.85 next 3; turn 0")
    state.apply(0, "flick 0 0.3")  # to the right, 90 cm: over the edge at x = 1
    assert events(state, "bounds") == [{"type": "bounds", "seat": 0, "at": [0.974, 0.85]}]  # wholly inside the chalk
    assert at(state, 0) == (0.974, 0.85) and state.progress[0] == 2 and state.to_act == (1,)


def test_at_the_shot_limit_killers_rank_first_then_kills_then_how_far_each_has_come():
    state = position("0: -0.85,-0.85 next 5; 1: 0.85,0.85 killer; 2: -0.5,0.5 next 9; 3: 0.5,-0.5 next 5; shots 39; "
                     "turn 0", players=4, shots=10)
    state.apply(0, "flick 270 0.001")
    assert state.over and state.result == {"reason": "shot limit", "shots": 40}
    assert state.scores == (1, 3, 2, 1) and state.winners == (1,)  # seats 0 and 3 share third place
    state.audit()


def test_the_shot_limit_counts_every_players_shots():
    state = position("turn 0", shots=2)
    for _ in range(6):
        seat = state.to_act[0]
        state.apply(seat, "flick 270 0.01")
    assert state.over and state.shots == 6


# --- any flick in range is a legal action -------------------------------------------------------------------------------

def test_any_flick_in_range_is_legal_not_only_the_listed_sample():
    state = position("turn 0")
    listed = {str(a) for a in state.legal(0)}
    flick = aimed(state, 0, BOX1)
    assert str(flick) not in listed and state.apply(0, str(flick)) == flick
    assert parse(str(flick)) == flick
