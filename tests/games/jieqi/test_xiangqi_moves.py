"""How each piece moves, captures and is blocked, and check, checkmate and stalemate: plain Xiangqi positions."""

from __future__ import annotations

from .helpers import fen_of, moves, moves_from, play, setup


def xq(pieces: dict[str, str], side: str = "w"):
    return setup(fen_of(pieces, side), plain=True)


def test_the_general_steps_straight_inside_its_palace():
    assert moves_from(xq({"d1": "K", "f10": "k"}), "d1") == {"d2", "e1"}  # not c1: outside the palace
    state = xq({"e2": "K", "e10": "k", "e9": "a"})
    assert moves_from(state, "e2") == {"d2", "f2", "e1", "e3"}  # never diagonally


def test_the_generals_never_face_each_other_on_an_open_file():
    assert moves_from(xq({"d1": "K", "e10": "k"}), "d1") == {"d2"}  # e1 would face the general on e10
    # the only piece between the generals may move along the file, not off it
    state = xq({"e1": "K", "e10": "k", "e5": "C"})
    assert moves_from(state, "e5") == {"e2", "e3", "e4", "e6", "e7", "e8", "e9"}
    assert moves_from(xq({"e1": "K", "e10": "k", "e5": "N"}), "e5") == set()


def test_advisors_keep_to_the_palace_diagonals():
    assert moves_from(xq({"e1": "K", "d10": "k", "e2": "A"}), "e2") == {"d1", "d3", "f1", "f3"}
    assert moves_from(xq({"e1": "K", "f10": "k", "d3": "A"}), "d3") == {"e2"}


def test_elephants_move_two_diagonally_blocked_by_the_eye_and_never_cross_the_river():
    assert moves_from(xq({"e1": "K", "d10": "k", "e3": "B"}), "e3") == {"c1", "g1", "c5", "g5"}
    assert moves_from(xq({"e1": "K", "d10": "k", "e3": "B", "d4": "p"}), "e3") == {"c1", "g1", "g5"}
    assert moves_from(xq({"e1": "K", "d10": "k", "c5": "B"}), "c5") == {"a3", "e3"}  # a7 and e7 are across
    assert moves_from(xq({"e1": "K", "d10": "k", "c10": "b"}, "b"), "c10") == {"a8", "e8"}


def test_horses_are_blocked_by_their_leg():
    free = xq({"e1": "K", "d10": "k", "e5": "N"})
    assert moves_from(free, "e5") == {"d7", "f7", "d3", "f3", "c6", "c4", "g6", "g4"}
    blocked = xq({"e1": "K", "d10": "k", "e5": "N", "e6": "P", "d5": "p"})
    assert moves_from(blocked, "e5") == {"d3", "f3", "g6", "g4"}  # leg e6 stops d7 f7, leg d5 stops c6 c4
    assert moves_from(xq({"e1": "K", "d10": "k", "b1": "N", "b2": "R"}), "b1") == {"d2"}  # leg c1 is free


def test_chariots_slide_until_a_piece_and_take_an_enemy_one():
    state = xq({"e1": "K", "d10": "k", "a1": "R", "a4": "P", "c1": "n"})
    assert moves_from(state, "a1") == {"a2", "a3", "b1", "c1"}


def test_cannons_slide_and_capture_only_by_jumping_exactly_one_screen():
    state = xq({"e1": "K", "d10": "k", "b3": "C", "b5": "N", "b8": "n", "b10": "r", "e3": "p", "h3": "r", "i3": "n"})
    assert moves_from(state, "b3") == {"b1", "b2", "b4", "b8", "a3", "c3", "d3", "h3"}
    # b5 (own horse) screens b8 but not b10; e3 cannot be taken without a screen and screens h3, not i3


def test_soldiers_go_forward_then_also_sideways_across_the_river_never_back():
    base = {"d1": "K", "e9": "k"}
    assert moves_from(xq({**base, "a4": "P"}), "a4") == {"a5"}
    assert moves_from(xq({**base, "c6": "P"}), "c6") == {"c7", "b6", "d6"}
    assert moves_from(xq({**base, "c10": "P"}), "c10") == {"b10", "d10"}  # on the last rank: sideways only
    assert moves_from(xq({**base, "g10": "P"}), "g10") == {"f10", "h10"}
    black = xq({**base, "c7": "p", "g5": "p"}, "b")
    assert moves_from(black, "c7") == {"c6"} and moves_from(black, "g5") == {"g4", "f5", "h5"}


def test_a_player_in_check_must_end_the_check():
    # the chariot on e9 checks; d1 would face the general on d10, e2 stays on the file: go to f1 or block on e5
    state = xq({"e1": "K", "d10": "k", "a5": "R", "e9": "r"})
    assert moves(state) == {"e1f1", "a5e5"}
    # a cannon checks over a screen: the screen may not simply step aside... unless it leaves no screen at all
    state = xq({"e1": "K", "d10": "k", "e3": "N", "e8": "c", "a6": "R"})
    assert "e3c2" in moves(state) and "a6e6" in moves(state)  # the horse takes the screen away; the chariot adds one
    assert "e1f1" in moves(state) and "e1e2" not in moves(state)


def test_checkmate_wins_and_stalemate_loses():
    state = play(xq({"d10": "k", "a9": "R", "a5": "p", "e1": "K", "i1": "R"}), "i1i10")
    assert state.over and state.result == {"winner": 0, "side": "red", "reason": "checkmate"}
    state = play(xq({"d10": "k", "a9": "R", "e1": "K", "i1": "R"}), "e1e2")  # Black has no move, and is not in check
    assert state.over and state.result == {"winner": 0, "side": "red", "reason": "stalemate"}
    assert state.scores == (2, 0) and state.winners == (0,)


def test_red_moves_first_and_seat_0_has_red():
    state = setup("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", plain=True)
    assert state.to_act == (0,) and state.view(0)["colour"] == "red" and state.view(1)["colour"] == "black"
    assert len(moves(state)) == 44
