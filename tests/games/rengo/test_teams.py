"""Rengo's teams: the order of play, handicap, strict and casual resignation, all-pass, Pair Go, options."""

from __future__ import annotations

import pytest

import parlour
from parlour.core.errors import BadOption, IllegalAction

from .helpers import play


def order(state, moves: int) -> list[int]:
    """The seats that play the next ``moves`` moves (each plays a stone on the first free point)."""
    seats = []
    for _ in range(moves):
        seat = state.to_act[0]
        seats.append(seat)
        state.apply(seat, state.legal(seat)[0])
    return seats


def test_two_against_two_alternate_colours_and_partners():
    state = parlour.load("rengo", size=9).new(seed=1)
    assert state.rules.lineup.teams == ((0, 2), (1, 3))
    assert order(state, 9) == [0, 1, 2, 3, 0, 1, 2, 3, 0]
    assert [e["colour"] for e in state.events if e["type"] == "move"] == list("BWBWBWBWB")


def test_teams_of_different_sizes_each_cycle_through_their_own_players():
    state = parlour.load("rengo", players=5, size=9, teams="2+3").new(seed=1)
    assert state.rules.lineup.teams == ((0, 2), (1, 3, 4))
    assert order(state, 12) == [0, 1, 2, 3, 0, 4, 2, 1, 0, 3, 2, 4]
    default = parlour.load("rengo", players=3, size=9)
    assert default.go_rules.lineup.teams == ((0, 2), (1,))  # Black takes the odd player
    assert order(default.new(seed=1), 6) == [0, 1, 2, 1, 0, 1]


def test_the_view_shows_whose_turn_it_is_inside_the_team_order():
    state = parlour.load("rengo", players=5, size=9, teams="3+2").new(seed=1)
    play(state, "play A1")
    view = state.view(3)
    assert view["order"][:6] == [1, 2, 3, 4, 1, 0]
    assert view["roles"] == ["Black 1", "White 1", "Black 2", "White 2", "Black 3"]
    assert view["active"] == [2, 1] and view["turn"] == "W" and view["sides"] == [[0, 2, 4], [1, 3]]


def test_with_a_handicap_blacks_first_player_has_set_the_stones_and_whites_first_moves():
    state = parlour.load("rengo", size=9, handicap=2).new(seed=1)
    assert order(state, 5) == [1, 2, 3, 0, 1]


def test_strict_one_resignation_ends_the_game_for_the_team():
    state = parlour.load("rengo", size=9).new(seed=1)
    play(state, "play A1", "resign")
    assert state.over and state.result == "B+R"
    assert state.winners == (0, 2) and state.scores == (1, 0, 1, 0)


def test_casual_a_player_who_resigns_drops_out_and_the_team_plays_on():
    state = parlour.load("rengo", size=9, mode="casual").new(seed=1)
    play(state, "play A1", "resign")  # White 1 (seat 1) leaves: White 2 moves in its place
    assert not state.over and state.to_act == (3,)
    assert state.events[-1] == {"type": "resign", "seat": 1, "team": 1, "drops_out": True}
    assert order(state, 6) == [3, 2, 3, 0, 3, 2]
    assert state.view(None)["out"] == [1] and state.view(None)["order"][:4] == [3, 0, 3, 2]
    # the last player of a team resigning ends it
    play(state, "resign")
    assert state.over and state.result == "B+R" and state.winners == (0, 2)


def test_casual_resignation_during_the_count_hands_the_marking_to_the_teammate():
    state = parlour.load("rengo", size=9, mode="casual").new(seed=1)
    play(state, "play A1", "pass", "pass")
    assert state.phase == "scoring" and state.to_act == (3, 1)  # White 2, White's active player now, first
    play(state, "resign")
    assert state.to_act == (1,) and state.together == () and not state.over


def test_at_the_count_a_team_agrees_as_one_through_any_of_its_players():
    state = parlour.load("rengo", size=9).new(seed=1)
    play(state, "play A1", "pass", "pass")  # Black 1 plays, White 1 and Black 2 pass: White marks first
    assert state.phase == "scoring" and state.step == "mark"
    assert state.to_act == (3, 1) and state.together == (3, 1)  # White 2 (the active player) or White 1
    assert state.legal(1) == state.legal(3)
    state.apply(1, "dead A1")  # White 1 marks for the team, and White 2 accepts that marking
    state.apply(3, "accept")
    assert state.step == "answer" and state.to_act == (0, 2) and state.together == (0, 2)
    with pytest.raises(IllegalAction, match="seat 1 may not act now"):
        state.apply(1, "accept")
    state.apply(2, "accept")  # Black 2 answers for Black, though Black 1 is Black's active player
    assert state.over and state.result.startswith("W+")
    # in play, one player at a time, as before
    assert parlour.load("rengo", size=9).new(seed=1).together == ()


def test_all_pass_stops_play_only_when_everyone_has_passed_since_the_last_stone():
    state = parlour.load("rengo", size=9, all_pass=True).new(seed=1)
    play(state, "pass", "pass", "pass")
    assert state.phase == "play"
    play(state, "play A1", "pass", "pass", "pass")  # Black 1's stone: the passes count again from here
    assert state.phase == "play"
    play(state, "pass")
    assert state.phase == "scoring"
    two = parlour.load("rengo", size=9).new(seed=1)
    play(two, "pass", "pass")
    assert two.phase == "scoring"


def test_pair_go_names_the_woman_and_the_man_of_each_pair():
    state = parlour.load("rengo", size=9, pair_go=True).new(seed=1)
    assert state.view(None)["roles"] == ["Black, woman", "White, woman", "Black, man", "White, man"]
    assert order(state, 4) == [0, 1, 2, 3]  # Black woman, White woman, Black man, White man
    with pytest.raises(BadOption, match="Pair Go is played by two pairs: 4 players, teams 2\\+2"):
        parlour.load("rengo", players=5, pair_go=True)


def test_team_options_are_checked():
    with pytest.raises(BadOption, match="teams 2\\+3 makes 5 players, but the table has 4"):
        parlour.load("rengo", teams="2+3")
    with pytest.raises(BadOption, match="written BLACK\\+WHITE"):
        parlour.load("rengo", teams="two")
    with pytest.raises(BadOption, match="written BLACK\\+WHITE"):
        parlour.load("rengo", teams="4+0")
    with pytest.raises(BadOption, match="must be one of \\['strict', 'casual'\\]"):
        parlour.load("rengo", mode="loose")
    assert parlour.load("rengo", players=2).go_rules.lineup.teams == ((0,), (1,))  # plain Go under another name


def test_only_the_player_in_turn_may_act():
    state = parlour.load("rengo", size=9).new(seed=1)
    assert [s for s in range(4) if state.legal(s)] == [0]
    with pytest.raises(IllegalAction, match="seat 2 may not act now; waiting for seat 0"):
        state.apply(2, "play A1")


def test_a_position_from_sgf_keeps_the_team_order():
    game = parlour.load("rengo", size=9)
    state = game.new(seed=1, deck="(;GM[1]FF[4]SZ[9]AB[ee]PL[W])")
    assert order(state, 4) == [1, 2, 3, 0]
