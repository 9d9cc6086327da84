"""Skelly in the terminal: the court drawn in characters, the players in words, a shot given as angle and power."""

from __future__ import annotations

from click.testing import CliRunner

from parlour.cli import main, render
from parlour.core.terminal import Seats, plain
from parlour.games.skelly.terminal import board, court_text, event_line

from .helpers import events, position, shoot


def test_the_court_is_drawn_with_its_boxes_the_dead_box_the_start_line_and_the_caps():
    state = position("0: -0.25,0.85 next 6; 1: 0.3,0.3 trapped next 4; 2: hand; turn 0")
    text = plain(court_text(state.view(0)))
    lines = text.splitlines()
    assert len(lines) == 29 and all(len(line) <= 49 for line in lines)
    for label in ("3", "5", "7", "2", "9", "10", "11", "12", "13", "6", "8", "4", "NE", "NW", "SW", "SE"):
        assert label in text
    assert "════" in lines[-1] and "2 waiting to shoot" in lines[-1] and "hand" not in text
    assert "0" in lines[2] and "1" in lines[8]  # seat 0's cap in box 5 (top row), seat 1's in the dead box


def test_the_table_says_who_shoots_for_what_and_your_turn_how_to_aim():
    state = position("0: -0.85,-0.85 next 2; 1: 0.3,0.3 trapped waited 1 next 6; 2: 0.85,0.85 killer kills 1; "
                     "turn 0")
    seats = Seats(("human", "ace", "regular"), viewer=0)
    view = state.view(0)
    text = plain(render.turn_screen(view, seats, view["log"]), width=120).replace("\n", " ")
    assert "You ◀ shoots" in text and "next: box 2" in text
    assert "trapped in the dead box (waited 1 of 3 turns); next: box 6" in text and "a killer, 1 kill" in text
    assert "The middle of box 2 lies at 45.0°, 2.40 m away." in text and "slides there" not in text
    assert "flick ANGLE POWER" in text and "(or a number 1-24 for a sample flick" in text
    assert "flick 330 0.7" not in text  # the sample is not listed
    spectator = plain(board(state.view(None), Seats(("human", "ace", "regular"))), width=120)
    assert "flick ANGLE POWER" not in spectator and "◀ shoots" in spectator


def test_every_event_is_told_in_words():
    state = position("0: 0,0 next 12 back; 1: 0,-0.3 trapped; 2: 0.85,0.85 killer; turn 0")
    state.apply(0, "flick 270 0.3")  # knocks seat 1 out of the dead box: two boxes on
    shoot(state, 0, (0.2, 0.2))  # into the dead box: trapped
    seats = Seats(("human", "regular", "ace"), viewer=0)
    lines = [plain(event_line(e, seats), width=300) for e in state.events]
    assert lines[0] == "You shoot first, from the start line (standard court)."
    assert lines[1].startswith("You flick 270° at power 0.3 for box 12 on the way back: hits Seat 1 (regular)'s cap "
                               "and moves on 2 boxes (a cap knocked out of the dead box) — shoot again")
    assert "Seat 1 (regular)'s cap is knocked out of the dead box by you: free again." in lines
    assert any(line.startswith("You flick") and "lands in the dead box: trapped" in line for line in lines)
    assert "Your cap is trapped in the dead box." in lines


def test_a_person_plays_skelly_in_the_terminal_by_angle_and_power(tmp_path):
    # Seat 0 against two bots, three shots each; the person types flicks, a bad one first.
    path = tmp_path / "r.json"
    result = CliRunner().invoke(main, ["play", "skelly", "-p", "3", "-s", "human,regular,regular", "--seed", "2",
                                       "-o", "shots=2", "--record", str(path)],
                                input="flick 90 7\n" + "flick 90 0.152\n" * 6)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "power runs from 0.001 to 1" in out and "flick ANGLE POWER" in out
    assert "┌" in out and "13" in out and "You flick 90° at power 0.152" in out
    assert "The match reached its limit of shots" in out
    assert events  # the helpers are importable from here
