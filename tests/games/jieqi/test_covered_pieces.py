"""Jieqi's own rules: the shuffled covered start, covered pieces moving as their points' pieces, reveals,
revealed advisors and elephants roaming, soldiers judged from their point, and checks by covered pieces."""

from __future__ import annotations

from collections import Counter

import pytest

from parlour.core.errors import BadOption
from parlour.games.jieqi.board import BLACK, COVER_POINTS, COVERED, HIDDEN_SET, RED, square
from parlour.games.jieqi.fen import JIEQI_START, XIANGQI_START, parse_fen
from parlour.games.jieqi.movegen import attacked

from .helpers import fen_of, load, moves, moves_from, play, setup

START_POINTS = "a1 b1 c1 d1 f1 g1 h1 i1 b3 h3 a4 c4 e4 g4 i4".split()


def test_every_piece_but_the_general_starts_covered_on_the_fifteen_points_shuffled():
    state = load().new(seed=5)
    view = state.view(0)
    assert view["fen"] == JIEQI_START
    assert [p for p in START_POINTS if state.board[square(p)] & COVERED] == START_POINTS
    for colour in (RED, BLACK):  # each side hides its own fifteen: 2 of each piece but 5 soldiers
        assert Counter(state.hidden[sq] for sq in COVER_POINTS[colour]) == Counter(HIDDEN_SET)
    deals = {tuple(load().new(seed=s).hidden) for s in range(20)}
    assert len(deals) == 20  # shuffled anew by each seed
    red = [load().new(seed=s).hidden[square("a1")] for s in range(200)]
    assert len(set(red)) == 6  # any of the six kinds may start on a1


def test_the_shuffle_is_the_documented_one():
    from parlour.core.rng import Rng
    state = load().new(seed=42)
    rng = Rng(42)
    for colour in (RED, BLACK):
        pieces = list(HIDDEN_SET)
        rng.shuffle(pieces)
        assert [state.hidden[sq] for sq in COVER_POINTS[colour]] == pieces


def test_at_the_start_covered_pieces_move_exactly_as_the_pieces_of_their_points():
    jieqi = load().new(seed=3)
    xiangqi = load(plain=True).new(seed=3)
    assert moves(jieqi) == moves(xiangqi) and len(moves(jieqi)) == 44


def test_a_covered_advisor_stays_in_the_palace_a_revealed_one_roams():
    # d1 moves as an advisor; e2 is taken by its own general, and c2 is outside the palace
    covered = setup(fen_of({"e2": "K", "d1": "X", "d10": "k"}))
    assert moves_from(covered, "d1") == set()
    revealed = setup(fen_of({"e2": "K", "d1": "A", "d10": "k"}))
    assert moves_from(revealed, "d1") == {"c2"}


def test_a_covered_piece_is_revealed_by_its_first_move_and_then_moves_as_what_it_is():
    state = setup(fen_of({"e1": "K", "d10": "k", "a1": "C~", "a3": "p", "a6": "r"}))
    assert moves_from(state, "a1") == {"a2", "a3", "b1", "c1", "d1"}  # as a chariot: takes a3, not a6
    play(state, "a1a2")
    move = state.events[-1]
    assert move["reveal"] and move["piece"] == "C"
    for seat in (0, 1, None):
        assert state.view(seat)["fen"].startswith("3k5/9/9/9/r8/9/9/p8/C8/4K4")
    play(state, "d10d9")
    assert moves_from(state, "a2") == {"a1", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "i2", "a6"}  # a cannon now


def test_a_capture_by_a_covered_piece_reveals_it_too():
    state = setup(fen_of({"e1": "K", "d10": "k", "i1": "N~", "i3": "n"}))
    play(state, "i1i3")
    assert state.events[-1]["reveal"] and state.events[-1]["piece"] == "N" and state.events[-1]["capture"] == "n"


@pytest.mark.parametrize("point, where", [
    ("b1", {"a3", "c3", "d2"}),  # a horse
    ("c1", {"a3", "e3"}),  # an elephant
    ("b3", {"b1", "b2", "a3", "c3", "d3", "e3", "f3", "g3", "h3", "i3"} | {f"b{r}" for r in range(4, 11)}),  # a cannon
    ("a4", {"a5"}),  # a soldier
])
def test_each_covered_point_moves_as_its_own_piece_whatever_hides_there(point, where):
    for hidden in "RNBACP":
        state = setup(fen_of({"e1": "K", "e10": "k", "e2": "A", point: f"{hidden}~"}))
        assert moves_from(state, point) == where, (point, hidden)


def test_revealed_advisors_and_elephants_cross_the_river_keeping_their_shape_and_eye():
    state = setup(fen_of({"e1": "K", "d10": "k", "e5": "A", "c5": "B", "b6": "p"}))
    assert moves_from(state, "e5") == {"d4", "f4", "d6", "f6"}
    assert moves_from(state, "c5") == {"a3", "e3", "e7"}  # a7's eye b6 is taken
    plain = setup(fen_of({"e1": "K", "d10": "k", "c5": "B"}), plain=True)
    assert moves_from(plain, "c5") == {"a3", "e3"}


def test_a_revealed_advisor_checks_anywhere():
    state = setup(fen_of({"d1": "K", "e10": "k", "d9": "A", "a9": "p"}, "b"))
    assert state.view(1)["check"]
    assert moves(state) == {"e10d10", "e10f10", "e10e9"}  # the soldier's a9a8 would leave the general in check
    assert "e10e9" not in moves(setup(fen_of({"d1": "K", "e10": "k", "d8": "A", "a9": "p"}, "b")))  # guarded


def test_a_revealed_soldier_is_judged_from_where_it_stands():
    # a soldier revealed on its own back rank has not crossed: forward only; across the river: sideways too
    state = setup(fen_of({"d1": "K", "e10": "k", "a1": "P~", "i4": "X"}))
    play(state, "a1a2", "e10e9")
    assert moves_from(state, "a2") == {"a3"}
    state = setup(fen_of({"d1": "K", "e10": "k", "c6": "P"}))
    assert moves_from(state, "c6") == {"c7", "b6", "d6"}


def test_covered_pieces_attack_as_the_pieces_of_their_points():
    # a covered piece on a1 that is really a soldier still guards the a-file as a chariot would
    pos = parse_fen(fen_of({"e1": "K", "d10": "k", "a1": "P~"}))
    assert attacked(pos.board, square("a7"), RED, True) and attacked(pos.board, square("c1"), RED, True)
    # and a covered piece on b1 attacks as a horse
    pos = parse_fen(fen_of({"e1": "K", "d10": "k", "b1": "R~"}))
    assert attacked(pos.board, square("c3"), RED, True) and not attacked(pos.board, square("b5"), RED, True)


def test_whether_a_move_is_legal_never_depends_on_what_covered_pieces_are():
    from parlour.core.rng import Rng
    rng = Rng(8)
    state = load().new(seed=8)
    for _ in range(60):
        state.apply(state.to_act[0], rng.choice(state.legal(state.to_act[0])))
    other = state.clone()
    for colour in (RED, BLACK):  # deal the covered pieces again among themselves
        points = [sq for sq in COVER_POINTS[colour] if other.board[sq] & COVERED]
        kinds = [other.hidden[sq] for sq in points]
        rng.shuffle(kinds)
        for sq, kind in zip(points, kinds):
            other.hidden[sq] = kind
    assert [other.hidden[sq] for sq in range(90)] != [state.hidden[sq] for sq in range(90)]
    assert other.legal(other.to_act[0]) == state.legal(state.to_act[0])
    assert all(other.view(s) == state.view(s) for s in (0, 1, None))


def test_a_setup_names_covered_pieces_or_deals_them():
    state = setup(fen_of({"e1": "K", "d10": "k", "a1": "C~", "b1": "X", "a10": "x"}), seed=3)
    assert state.hidden[square("a1")] == 6
    view = state.view(0)
    assert view["fen"].startswith("x2k5/9/9/9/9/9/9/9/9/XX2K4")
    # Red's fifteen less what is shown: 2 covered on the board, the other 13 gone unseen
    assert sum(view["unseen"]["red"].values()) == 15 and len(view["captured"]["red"]) == 13
    with pytest.raises(BadOption, match="covered pieces stand only on their side's fifteen starting points"):
        setup(fen_of({"e1": "K", "d10": "k", "e5": "X"}))
    with pytest.raises(BadOption, match="has no such piece left"):
        setup(fen_of({"e1": "K", "d10": "k", "a1": "R~", "b1": "R~", "c1": "R~"}))
    with pytest.raises(BadOption, match="more of some piece"):
        setup(fen_of({"e1": "K", "d10": "k", "a5": "R", "b5": "R", "c5": "R"}))


def test_plain_xiangqi_has_no_covered_pieces():
    assert load(plain=True).new(seed=1).view(0)["fen"] == XIANGQI_START
    with pytest.raises(BadOption, match="plain Xiangqi has no covered pieces"):
        setup(JIEQI_START, plain=True)
