"""Jieqi in the terminal: the board in characters from the seat's side, covered pieces, the last move,
captures as the rules allow, and the log in words."""

from __future__ import annotations

import io

from rich.console import Console

from parlour.core.terminal import Seats, plain
from parlour.games.jieqi.terminal import board, board_lines, event_line

from .helpers import fen_of, load, play, setup

SEATS = ("human", "search")


def screen(view, viewer) -> str:
    return plain(board(view, Seats(SEATS, viewer=viewer)), width=120)


def test_each_seat_sees_its_own_side_at_the_bottom():
    state = load().new(seed=3)
    red, black, spectator = (plain(board_lines(state.view(s))).splitlines() for s in (0, 1, None))
    assert red[1].startswith("10 暗") and red[-2].startswith(" 1 暗") and "帥" in red[-2]
    assert black[1].startswith(" 1 暗") and "將" in black[-2] and black[0].split() == list("ihgfedcba")
    assert spectator == red
    assert "楚 河" in "\n".join(red)


def test_without_chinese_characters_the_board_falls_back_to_letters():
    class Ascii(io.StringIO):
        encoding = "ascii"
    out = Ascii()
    state = load().new(seed=3)
    Console(file=out, width=120, color_system=None).print(board(state.view(0), Seats(SEATS, viewer=0)))
    text = out.getvalue()
    assert "X---X---X---X---K---X" in text and "Chu River" in text and "X covered" in text
    assert "暗" not in text.split("Red lost")[0]


def test_the_last_move_is_marked_and_told():
    state = play(load().new(seed=3), "h3e3")
    text = screen(state.view(1), 1)
    assert "◦" in text  # the point the piece left
    assert "Last move   h3e3=N, turning up a horse 傌" in text
    assert "To move     You (Black)" in text


def test_captures_are_shown_as_the_rules_allow():
    fen = fen_of({"e1": "K", "d10": "k", "a5": "R", "a7": "r~", "c7": "n~"})
    state = play(setup(fen), "a5a7")
    capturer, owner = screen(state.view(0), 0), screen(state.view(1), 1)
    assert "車*" in capturer and "* was covered when taken" in capturer
    assert "車" not in owner.split("Black lost")[1].split("\n")[0] and "暗" in owner.split("Black lost")[1].split("\n")[0]
    lines = [plain(event_line(e, Seats(SEATS, viewer=0))) for e in state.view(0)["log"]]
    assert "You move a5a7, taking a covered piece" in lines
    assert "The covered piece taken on a7 was a chariot 車." in lines


def test_check_and_the_end_are_told_in_words():
    state = setup("3k5/R8/9/9/9/p8/9/9/9/4K3R w")
    play(state, "i1i10")
    text = screen(state.view(0), 0)
    assert "Checkmate: You win game 1 with Red." in text and "Match over: You win, 2 to 0." in text
    line = plain(event_line(state.events[-3], Seats(SEATS, viewer=1)))
    assert line == "Seat 0 (human) moves i1i10 — check!"


def test_a_check_is_shown_to_the_player_in_it():
    state = setup(fen_of({"e1": "K", "d10": "k", "i2": "R", "f8": "p"}))
    play(state, "i2i10")
    assert "To move     You (Black) — in check!" in screen(state.view(1), 1)
