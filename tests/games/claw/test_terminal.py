"""The Claw at a terminal: a person against bots on the race's clock, and its drawing in words.

``parlour play`` runs in a pty as a person types (``tests/pty_play.py``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner
from pty_play import Terminal

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
    assert CliRunner().invoke(main, ["verify", str(path)]).exit_code == 3  # replays; no commitment in a local match


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


def test_the_person_plays_bots_slowed_to_typing_speed_by_default_and_is_told_so(tmp_path: Path) -> None:
    path = tmp_path / "claw.json"
    with Terminal("play", "claw", "--seed", "2", "--record", str(path), cwd=tmp_path) as term:
        start = term.expect("Your move")
        assert "seat 1 steady" in start and "typing speed" in start and "--bot-pace table" in start
        for _ in range(12):  # a dozen calls: the person claims move 1 at once (mostly a wrong card: he sits out)
            term.send("1")
            term.expect(re.compile(r"Your move|Too late"))
        term.send("q")
        assert term.finish()[0] == 0
    record = json.loads(path.read_text())
    opened, found = None, []
    for entry in record["actions"]:
        if entry["seat"] is None:
            opened = entry["t"]  # a call opens (or closes) at a timeout
        elif entry["seat"] != 0 and entry["action"].startswith("claim "):
            found.append(entry["t"] - opened)
    # steady sees a call 0.7 s after it at the least, and then searches; three times that at typing speed
    assert found and min(found) >= 3 * 0.7, found
