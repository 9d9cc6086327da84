"""Moves and positions as text: reading them back, and clear errors for what cannot be read."""

from __future__ import annotations

import pytest

from parlour.core.errors import BadOption, IllegalAction
from parlour.games.jieqi.actions import MOVES, parse
from parlour.games.jieqi.board import BLACK, C, COVERED, RED, square
from parlour.games.jieqi.fen import JIEQI_START, XIANGQI_START, FenError, format_fen, parse_fen

from .helpers import load, play, setup


def test_every_move_reads_back_from_its_text():
    for move in MOVES.values():
        assert parse(str(move)) == move and parse(move.uci) == move
    assert str(parse("  MOVE a10 - a9 ")) == "move a10a9"


@pytest.mark.parametrize("text, words", [
    ("e2", "cannot read"), ("move j1j2", "cannot read"), ("move a0a1", "cannot read"), ("move a11a1", "cannot read"),
    ("move e2e2", "the origin and destination are the same point"), ("", "cannot read"),
])
def test_a_move_that_cannot_be_read_says_how_to_write_one(text, words):
    with pytest.raises(IllegalAction, match=words) as err:
        parse(text)
    assert "move h3e3" in str(err.value) or "same point" in str(err.value)


def test_positions_read_and_write_back():
    for fen in (XIANGQI_START, JIEQI_START, "4k4/9/9/9/9/9/9/9/9/3K5[R2n1X3x1] b - - 17 40"):
        pos = parse_fen(fen)
        captures = fen.split()[0][fen.index("["):] if "[" in fen else ""
        assert format_fen(pos.board, pos.colour, pos.quiet, pos.fullmove, captures) == fen
    pos = parse_fen("4k4/9/9/9/9/9/9/9/9/3K5[R2n1X3x1] b - - 17 40")
    assert pos.colour == BLACK and pos.quiet == 17 and pos.fullmove == 40
    assert pos.captured == {RED: [5, 5], BLACK: [4]} and pos.captured_covered == {RED: 3, BLACK: 1}
    pos = parse_fen("4k4/9/9/9/9/9/9/9/9/C~3K4 w")
    assert pos.board[square("a1")] == 5 | RED | COVERED and pos.identities == {square("a1"): C}


@pytest.mark.parametrize("fen, words", [
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w", "9 ranks"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w", "has 8 points"),
    ("4k4/9/9/9/9/9/9/9/9/4K5 w", "more than 9 points|has 10 points"),
    ("4k4/9/9/9/9/9/9/9/9/4Q4 w", "'Q' on rank 1 is not a piece letter"),
    ("4k4/9/9/9/9/9/9/9/9/9 w", "no red general"),
    ("4k4/9/9/9/9/9/9/9/9/K3K4 w", "two red generals|outside its palace"),
    ("4k4/9/9/9/K8/9/9/9/9/9 w", "outside its palace"),
    ("4k4/9/9/9/9/9/9/9/9/4K4 x", "the side to move is w"),
    ("4k4/9/9/9/9/9/9/9/9/4K4 w - - -3 1", "0 or more"),
    ("4k4/9/9/9/9/9/9/9/9/4K4[Q1] w", "not a piece that can be captured"),
    ("4k4/9/9/9/9/9/9/9/4X4/4K4 w", "covered pieces stand only on"),
    ("4k4/9/9/9/9/9/9/9/9/3K~4 w", "a covered piece is one of"),
])
def test_a_position_that_cannot_be_read_says_why(fen, words):
    with pytest.raises(FenError, match=words):
        parse_fen(fen)


@pytest.mark.parametrize("fen, options, words", [
    ("4k4/9/9/9/9/9/9/9/9/4K4 w", {}, "general is attacked but it is red to move"),
    ("3k5/9/9/9/9/9/9/9/9/4K4[X3] w", {}, "3 covered captures written, but 15"),
    ("3k5/R8/9/9/9/9/9/9/9/4K3R b", {}, "black is to move and has no legal move"),
    ("3k5/9/9/9/4A4/9/9/9/9/4K4 w", {"plain": True}, "an advisor never leaves its palace"),
    ("3k5/9/9/2B6/9/9/9/9/9/4K4 w", {"plain": True}, "an elephant never crosses the river"),
])
def test_a_position_that_could_not_be_played_is_refused(fen, options, words):
    with pytest.raises(BadOption, match=words):
        setup(fen, **options)


def test_other_setups_are_refused_with_what_is_allowed():
    with pytest.raises(BadOption, match="a position .* or a list of them"):
        load().new(seed=1, deck=[1, 2])
    with pytest.raises(BadOption, match="2 positions stacked for a match of 1 game"):
        load().new(seed=1, deck=[JIEQI_START, JIEQI_START])


def test_a_reveal_is_written_after_the_move():
    state = play(setup("3k5/9/9/9/9/9/9/9/9/C~3K4 w"), "a1a5")
    move = state.events[-1]
    assert (move["action"], move["piece"], move["reveal"]) == ("move a1a5", "C", True)
