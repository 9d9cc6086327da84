"""The Claw at a terminal: a person against bots on the race's clock, and its drawing in words."""

from __future__ import annotations

import json

from click.testing import CliRunner

from parlour.cli import main
from parlour.core.terminal import Seats, plain
from parlour.games.claw.terminal import board, event_line

from .helpers import called, new


def test_a_person_plays_a_whole_match_against_a_bot_and_the_record_verifies(tmp_path) -> None:
    path = tmp_path / "claw.json"
    result = CliRunner().invoke(main, ["play", "claw", "-s", "human,sleepy", "--seed", "2", "--record", str(path)],
                                input="1\n" * 120)
    assert result.exit_code == 0, result.output
    assert "Call 1" in result.output and "Your moves" in result.output and "Match over" in result.output
    record = json.loads(path.read_text())
    assert record["scores"] and sum(record["scores"]) <= 52
    assert CliRunner().invoke(main, ["verify", str(path)]).exit_code == 0


def test_two_people_at_one_terminal_are_refused_with_the_reason(tmp_path) -> None:
    result = CliRunner().invoke(main, ["play", "claw", "-s", "human,human", "--record", str(tmp_path / "r.json")])
    assert result.exit_code != 0 and "one person at a terminal" in result.output


def test_the_board_in_words_the_call_the_winnings_and_the_bench() -> None:
    state = called(new(players=2, calls="QH 2C 3C"))
    state.apply(1, "claim QD @1")
    seats = Seats(("human", "sharp"), viewer=0)
    text = plain(board(state.view(0), seats))
    assert "Call 1" in text and "Q♥" in text and "2 more calls" in text
    state.apply(0, "claim QH @1")
    text = plain(board(state.view(1), Seats(("human", "sharp"), viewer=1)))
    assert "Last" in text and "You took Q♥" not in text and "Seat 0 (human) took Q♥" in text
    assert "On the table" not in text  # the person's moves list the table when he may claim
    lines = [plain(event_line(e, seats)) for e in state.events if event_line(e, seats) is not None]
    assert lines[-3:] == ["Seat 1 (sharp) claims Q♦: wrong, and sits out two calls.", "You claim Q♥", "You win Q♥"]
