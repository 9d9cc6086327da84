"""Bad input gets a clear error and changes nothing; views say everything (all is open) and replay exactly."""

from __future__ import annotations

import json

import pytest

import parlour
from parlour.core.errors import IllegalAction
from parlour.core.rng import Rng

from .helpers import new, play

FIRST = "AH 2H 4H 6C 7C 2D 3D 5D 6D"
TABLE = "3H 8C AC 4D 7H 8D"


def snapshot(state) -> str:
    return json.dumps([state.view(s) for s in (0, 1, None)], sort_keys=True)


@pytest.mark.parametrize("text, says", [
    ("swap 4H 3H", "exchange HAND TABLE"),
    ("exchange 4H", "exchange HAND TABLE"),
    ("exchange 4H 3H 5C", "exchange HAND TABLE"),
    ("exchange 9H 3H", "not a Gami card"),
    ("exchange 4S 3H", "not a Gami card"),
    ("exchange 4H 4H", "for itself"),
    ("exchange 4H 3H take 3H", "another card"),
    ("exchange 5C 4D", "you do not hold 5C"),
    ("exchange 4H 5H", "5H is not on the table"),
    ("exchange 6C 4D", "6C cannot be exchanged for 4D"),
    ("exchange 7C 8C take 5C", "makes no GAMI"),
    ("exchange 4H 3H take 6C", "does not hold 6C"),
])
def test_a_bad_action_says_why_and_changes_nothing(text, says):
    state = new(FIRST, TABLE)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=says):
        state.apply(state.to_act[0], text)
    assert snapshot(state) == before


def test_the_wrong_seat_and_a_finished_match_are_refused():
    state = new(FIRST, TABLE)
    other = 1 - state.to_act[0]
    with pytest.raises(IllegalAction, match="may not act now"):
        state.apply(other, "exchange 2C AC")
    state = new("2C 4C 5C 8C 2D 4D 8D 7H 8H", "AC 3C 6C 7C AD 3D")
    play(state, "exchange 5C 6C")
    with pytest.raises(IllegalAction, match="match is over"):
        state.apply(0, "exchange 6C 5C")
    assert state.legal(0) == state.legal(1) == []


def test_parse_reads_any_case_and_one_for_the_ace():
    game = parlour.load("gami")
    assert str(game.parse("EXCHANGE 4h 3H Take 1c")) == "exchange 4H 3H take AC"


def test_the_view_holds_the_deal_and_its_log():
    state = new(FIRST, TABLE)
    seat = state.to_act[0]
    play(state, "exchange 4H 3H take 5H")
    view = state.view(seat)
    assert view["to_act"] == [1 - seat] and view["legal"] == [] and view["plies"] == 1 and view["repeats"] == 1
    assert view["deal"] == 1 and view["first"] == seat and view["over"] is False
    assert [e["type"] for e in view["log"]] == ["deal", "exchange"]
    other = state.view(1 - seat)
    assert other["legal"] == [str(a) for a in state.legal(1 - seat)]


def test_determinize_rebuilds_the_deal_with_its_repetitions():
    state = new(FIRST, TABLE)
    play(state, "exchange 7C 8C", "exchange 2C AC", "exchange 8C 7C", "exchange AC 2C",
         "exchange 7C 8C", "exchange 2C AC", "exchange 8C 7C")
    game = state.game
    for seat in (0, 1, None):
        view = json.loads(json.dumps(state.view(seat)))
        copy = game.determinize(view, Rng(3))
        assert copy.view(seat) == view
        # the copy knows the start position was seen twice: the next round trip ends it as it ends the real one
        copy.apply(copy.to_act[0], "exchange AC 2C")
        assert copy.over and copy.events[-2]["reason"] == "repetition"


def test_determinize_refuses_a_log_that_does_not_replay():
    state = new(FIRST, TABLE)
    play(state, "exchange 7C 8C")
    view = state.view(None)
    view["log"][1]["action"] = "exchange 5C 4D"
    with pytest.raises(ValueError, match="does not replay"):
        state.game.determinize(view, Rng(1))
