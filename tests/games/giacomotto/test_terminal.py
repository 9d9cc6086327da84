"""Giacomotto in the terminal: a capture under way is drawn in words and card symbols, for every seat."""

from __future__ import annotations

from parlour.core.terminal import Seats, plain
from parlour.games.giacomotto.terminal import board, event_line

from .helpers import load, seat_at, stack


def test_the_board_shows_a_capture_under_way_and_the_log_its_groups():
    state = load(2).new(seed=3, deck=stack("8C 5D 6S 7H", "QD 9S 10S JS KS AS"))
    seat = seat_at(state, 0)
    for step in ("capture QD", "take 8C", "take 5D", "take 6S"):
        state.apply(seat, step)
    kinds = ("human", "greedy") if seat == 0 else ("greedy", "human")
    mine = plain(board(state.view(seat), Seats(kinds, viewer=seat)))
    theirs = plain(board(state.view(1 - seat), Seats(kinds, viewer=1 - seat)))
    assert "Capture  You capture with Q♦ (13): took 8♣+5♦, taking 6♠+…" in mine
    assert f"Seat {seat} ({kinds[seat]}) captures with Q♦ (13): took 8♣+5♦, taking 6♠+…" in theirs
    for text in (mine, theirs):
        table_row = next(line for line in text.splitlines() if "Table" in line)
        assert "7♥" in table_row and "8♣" not in table_row  # the cards taken are shown in the capture, not twice
        assert not any(bad in text for bad in ("{", "[", "None", "null"))
    state.apply(seat, "take 7H")
    state.apply(seat, "done")
    line = plain(event_line(state.events[-1], Seats(kinds, viewer=1 - seat)))
    assert line == f"Seat {seat} ({kinds[seat]}) captures with Q♦: 8♣+5♦ 7♥+6♠  TABLA!"
    assert "Capture" not in plain(board(state.view(seat), Seats(kinds, viewer=seat)))
