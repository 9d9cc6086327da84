"""Bad input gets a clear error that says what was wrong, and changes nothing."""

from __future__ import annotations

import pytest

from parlour.core.errors import BadOption, IllegalAction

from .helpers import fen_of, load, setup


@pytest.mark.parametrize("move, words", [
    ("move e5e6", "there is no piece on e5"),
    ("move a10a9", "the piece on a10 is black's; you play red"),
    ("move b1b5", "the covered piece on b1 \\(it moves as a horse\\) cannot move to b5"),
    ("move a1b1", "cannot take your own piece on b1"),
    ("move b3b9", "the covered piece on b3 \\(it moves as a cannon\\) cannot move to b9"),
])
def test_an_illegal_move_says_why_and_changes_nothing(move, words):
    state = load().new(seed=1)
    before = [state.view(s) for s in (0, 1, None)]
    with pytest.raises(IllegalAction, match=words):
        state.apply(0, move)
    assert [state.view(s) for s in (0, 1, None)] == before


def test_a_move_that_exposes_the_general_is_refused_as_such():
    state = setup(fen_of({"e1": "K", "e10": "k", "e5": "N", "d10": "a"}))
    with pytest.raises(IllegalAction, match="your horse on e5 may not go to d7: it would leave your general attacked"):
        state.apply(0, "move e5d7")
    with pytest.raises(IllegalAction, match="your general may not go to f1: it would be attacked there|facing"):
        setup(fen_of({"e1": "K", "f10": "k", "a5": "N"})).apply(0, "move e1f1")


def test_out_of_turn_and_wrong_seats_are_refused():
    state = load().new(seed=1)
    with pytest.raises(IllegalAction, match="seat 1 may not act now; waiting for seat 0"):
        state.apply(1, "move a7a6")
    with pytest.raises(IllegalAction, match="there is no seat 2"):
        state.apply(2, "move a1a2")


@pytest.mark.parametrize("options, words", [
    ({"captures_shown": "nobody"}, "must be one of \\['capturer', 'both'\\]"),
    ({"quiet_plies": 5}, "must be in 10..1000"),
    ({"games": 0}, "must be in 1..20"),
    ({"plain": "yes"}, "must be true or false"),
    ({"colour": "red"}, "jieqi has no option 'colour'"),
])
def test_bad_options_say_what_is_allowed(options, words):
    with pytest.raises(BadOption, match=words):
        load(**options)


def test_only_two_players():
    import parlour
    with pytest.raises(BadOption, match="jieqi is played by 2 players, not 3"):
        parlour.load("jieqi", players=3)
