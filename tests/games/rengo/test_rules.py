"""The rules of a game of Go from start to count: passing, the dead-stone agreement, area and territory
scoring, komi, handicap, resignation."""

from __future__ import annotations

import json

import pytest

import parlour
from parlour.core.errors import BadOption, IllegalAction

from .helpers import play, start

# Black owns the A and B columns, White E to J. A5 is a white stone inside Black's area, G5 a black one inside
# White's: both dead.
FINAL = """
. . X O . . . . .
. . X O . . . . .
. . X O . . . . .
. . X O . . . . .
O . X O . . X . .
. . X O . . . . .
. . X O . . . . .
. . X O . . . . .
. . X O . . . . .
"""


def test_two_passes_in_a_row_stop_play_and_a_stone_between_them_does_not():
    state = start(FINAL)
    play(state, "pass", "play J9", "pass")
    assert state.phase == "play" and state.passes == 1
    play(state, "pass")
    assert state.phase == "scoring" and state.step == "mark"
    assert state.events[-1]["type"] == "stop"
    # Black passed last but one: White passed last, so Black, the team to move, marks first
    assert state.to_act == (0,)


def test_area_count_after_the_teams_agree_on_the_dead_stones():
    state = play(start(FINAL), "pass", "pass", "dead A5", "dead G5", "accept")
    assert state.step == "answer" and state.to_act == (1,)
    play(state, "accept")
    assert state.over
    # Black: 9 stones + 18 points (A5 taken off); White: 9 stones + 45 points (G5 taken off) + 7.5 komi
    assert (state.count.black, state.count.white) == (27, 61.5)
    assert state.result == "W+34.5"
    assert state.winners == (1,) and state.scores == (0, 1)
    assert state.events[-2]["dead"] == ["G5", "A5"] or sorted(state.events[-2]["dead"]) == ["A5", "G5"]


def test_territory_count_takes_prisoners_and_loses_the_points_played_inside():
    # Black closes in A5 and takes it: one prisoner, but three of its own points filled
    state = start(FINAL, scoring="territory")
    play(state, "play A6", "pass", "play A4", "pass", "play B5", "pass", "pass")
    assert state.board.captures[1] == 1 and state.to_act == (1,)  # White moves next: White marks
    play(state, "dead G5", "accept", "accept")
    # Black: 15 points of territory + 1 prisoner; White: 45 points + 1 prisoner (the dead G5) + 7.5
    assert (state.count.black, state.count.white) == (16, 53.5) and state.result == "W+37.5"
    area = start(FINAL)
    play(area, "play A6", "pass", "play A4", "pass", "play B5", "pass", "pass", "dead G5", "accept", "accept")
    assert area.result == "W+34.5"  # by area the stones inside cost nothing and the prisoner is worth nothing


def test_komi_decides_and_a_whole_komi_can_tie():
    # Black owns A-D plus E1-E4 minus nothing: sides even but for komi
    even = """
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
    """
    # Black: 45 by area, White 36: komi 9 makes it a tie
    state = play(start(even, komi=9), "pass", "pass", "accept", "accept")
    assert state.result == "Jigo" and state.winners == (0, 1) and state.scores == (1, 1)
    state = play(start(even, komi=9.5), "pass", "pass", "accept", "accept")
    assert state.result == "W+0.5" and state.winners == (1,)
    state = play(start(even, komi=8.5), "pass", "pass", "accept", "accept")
    assert state.result == "B+0.5" and state.winners == (0,)


def test_a_changed_marking_must_be_confirmed_or_play_resumes():
    state = play(start(FINAL), "pass", "pass", "dead A5", "accept")
    # White answers: it also marks G5 dead and accepts its own version
    play(state, "dead G5", "accept")
    assert state.step == "confirm" and state.to_act == (0,)
    assert [str(a) for a in state.legal(0)] == ["accept", "resume", "resign"]
    with pytest.raises(IllegalAction, match="changed the marking: 'accept' it or 'resume'"):
        state.apply(0, "alive G5")
    confirmed = play(state.clone(), "accept")
    assert confirmed.over and confirmed.result == "W+34.5"
    # Black disagrees: play goes on, Black (whose turn it was) first, the marks gone
    play(state, "resume")
    assert state.phase == "play" and state.to_act == (0,) and state.dead == 0 and state.passes == 0
    play(state, "play H5", "pass", "pass")  # play stops again; White, to move, marks first this time
    assert state.phase == "scoring" and state.to_act == (1,)


def test_answering_with_the_same_marking_ends_the_game():
    state = play(start(FINAL), "pass", "pass", "dead A5", "accept", "dead G5", "alive G5", "accept")
    # G5 stays alive: Black counts it, and White's side, touching it, is nobody's
    assert state.over and (state.count.black, state.count.white) == (28, 16.5)


def test_marks_name_chains_by_their_lowest_point_and_errors_say_what_to_write():
    state = play(start(FINAL), "pass", "pass")
    legal = [str(a) for a in state.legal(0)]
    assert legal == ["dead C1", "dead D1", "dead A5", "dead G5", "accept", "resume", "resign"]
    with pytest.raises(IllegalAction, match="chain is named by its lowest point: the chain on C4 is 'dead C1'"):
        state.apply(0, "dead C4")
    with pytest.raises(IllegalAction, match="no stone on E5"):
        state.apply(0, "dead E5")
    with pytest.raises(IllegalAction, match="already marked alive"):
        state.apply(0, "alive A5")
    with pytest.raises(IllegalAction, match="play has stopped"):
        state.apply(0, "play E5")
    with pytest.raises(IllegalAction, match="play has stopped"):
        state.apply(0, "pass")
    play(state, "dead A5")
    with pytest.raises(IllegalAction, match="already marked dead"):
        state.apply(0, "dead A5")
    assert "alive A5" in map(str, state.legal(0))
    with pytest.raises(IllegalAction, match="seat 1 may not act now; waiting for seat 0"):
        state.apply(1, "accept")


def test_count_actions_are_refused_while_stones_are_played():
    state = start(FINAL)
    for text in ("accept", "resume", "dead C1"):
        with pytest.raises(IllegalAction, match="for the count, once play has stopped"):
            state.apply(0, text)


def test_resignation_ends_the_game():
    state = play(start(FINAL), "play E5", "resign")
    assert state.over and state.result == "B+R" and state.winners == (0,) and state.scores == (1, 0)
    assert state.count is None and state.to_act == ()
    # during the count as well, by whoever is to act
    counting = play(start(FINAL), "pass", "pass", "resign")
    assert counting.result == "W+R"


def test_handicap_stones_then_white_moves_first_and_receives_a_point_per_stone_by_area():
    game = parlour.load("go", size=9, handicap=4, komi=0.5)
    state = game.new(seed=1)
    assert state.view(None)["handicap"] == ["C3", "G3", "C7", "G7"]
    assert state.to_act == (1,) and state.colour == 2
    play(state, "pass", "pass", "accept", "accept")
    # Black's 4 stones own the board; White has 4 points of compensation and the komi
    assert (state.count.black, state.count.white) == (81, 4.5)
    territory = play(parlour.load("go", size=9, handicap=4, komi=0.5, scoring="territory").new(seed=1),
                     "pass", "pass", "accept", "accept")
    assert (territory.count.black, territory.count.white) == (77, 0.5)  # no compensation by territory


def test_options_are_checked():
    with pytest.raises(BadOption, match="size.*must be one of \\[9, 13, 19\\]"):
        parlour.load("go", size=10)
    with pytest.raises(BadOption, match="whole or half number"):
        parlour.load("go", komi=6.25)
    with pytest.raises(BadOption, match="handicap is 2 to 9 stones"):
        parlour.load("go", handicap=1)
    with pytest.raises(BadOption, match="go has no option 'teams'"):
        parlour.load("go", teams="1+1")
    with pytest.raises(BadOption, match="played by 2 players"):
        parlour.load("go", players=4)


def test_a_start_position_comes_from_sgf_and_bad_ones_are_refused():
    state = start(FINAL, to_move="W")
    assert state.to_act == (1,) and state.view(None)["setup"].startswith("(;")
    with pytest.raises(IllegalAction, match="the SGF's board is 9×9, the table's 19×19"):
        parlour.load("go").new(seed=1, deck=state.setup)
    with pytest.raises(IllegalAction, match="not SGF"):
        parlour.load("go", size=9).new(seed=1, deck="hello")
    with pytest.raises(IllegalAction, match="leave the handicap option at 0"):
        parlour.load("go", size=9, handicap=2).new(seed=1, deck=state.setup)
    with pytest.raises(IllegalAction, match="as SGF text"):
        parlour.load("go", size=9).new(seed=1, deck=["C3"])
    # moves in the SGF are played: their captures count and the colour after the last one moves
    sgf = "(;GM[1]FF[4]SZ[9]AB[dd][fd][ec]AW[ed];B[ee];W[aa])"
    moved = parlour.load("go", size=9).new(seed=1, deck=sgf)
    assert moved.board.captures[1] == 1 and moved.to_act == (0,)
    with pytest.raises(IllegalAction, match="move 2 of the SGF \\(W A9\\) is not legal: A9 is occupied"):
        parlour.load("go", size=9).new(seed=1, deck="(;GM[1]FF[4]SZ[9]AB[aa];B[bb];W[aa])")


def test_views_are_json_and_show_the_count_while_marking():
    state = play(start(FINAL), "pass", "pass", "dead A5")
    view = state.view(0)
    json.dumps(view)
    assert view["phase"] == "scoring" and view["step"] == "mark" and view["marker"] == 0
    assert view["dead"] == ["A5"] and view["board"][4] == "O.XO..X.."
    assert view["score"]["result"] == "B+11.5"  # G5 still counts alive for now: White's side is nobody's
    assert "A5" in view["territory"]["black"] and view["territory"]["white"] == []
    groups = {g["points"][0]: g for g in view["groups"]}
    assert groups["A5"] == {"points": ["A5"], "colour": "W", "dead": True, "action": "alive A5"}
    assert groups["C1"]["points"] == [f"C{r}" for r in range(1, 10)] and groups["C1"]["action"] == "dead C1"
    assert state.view(1)["legal"] == [] and state.view(None)["legal"] == []
    assert view["chat"] == {"mode": "free", "messages": []}  # plain Go: two players, nobody to keep from talking
    rengo = parlour.load("rengo", size=9).new(seed=1).view(None)
    assert rengo["chat"]["mode"] == "canned" and "May we resign?" in rengo["chat"]["messages"]
    assert view["actions"] == ["pass", "pass", "dead A5"]


def test_determinize_rebuilds_the_game_from_the_view():
    state = play(start(FINAL), "play E5", "play E6", "pass", "pass", "dead A5")
    for seat in (0, 1, None):
        view = state.view(seat)
        again = state.game.determinize(view, parlour.core.Rng(1))
        assert again.view(seat) == view
        assert again.board.seen == state.board.seen
