"""Spoons at a terminal: a person against bots on the race's clock, and its drawing in words."""

from __future__ import annotations

import json

from click.testing import CliRunner

from parlour.cli import main
from parlour.core.terminal import Seats, plain
from parlour.games.spoons.terminal import board, event_line, hand

from .helpers import go, new


def test_a_person_plays_a_whole_match_against_bots_and_the_record_verifies(tmp_path) -> None:
    path = tmp_path / "spoons.json"
    result = CliRunner().invoke(main, ["play", "spoons", "-s", "human,sleepy,sleepy", "--seed", "3", "-o", "word=O",
                                       "--record", str(path)], input="1\n" * 1500)
    assert result.exit_code == 0, result.output
    assert "Your hand" in result.output and "pass" in result.output and "Match over" in result.output
    assert json.loads(path.read_text())["scores"]
    assert CliRunner().invoke(main, ["verify", str(path)]).exit_code == 0


def test_the_board_and_hand_in_words() -> None:
    state = go(new(4, hands={3: "7H 7S 7D 2C"}, stock="7C"))
    seats = Seats(("human", "sharp", "sharp", "sharp"), viewer=3)
    state.apply(2, "pass 7C")
    assert plain(hand(state.view(3), seats)).endswith("four 7s: grab!")
    state.apply(3, "grab")
    text = plain(board(state.view(0), seats))
    assert "GRAB A SPOON!" in text and "2 in the middle, You 1st" in text and "You laid down 7♥ 7♠ 7♦ 7♣" in text
    lines = [plain(event_line(e, seats)) for e in state.events if event_line(e, seats) is not None]
    assert lines[-1] == "You lay down 7♥ 7♠ 7♦ 7♣ and take the first spoon!"
    assert lines[0].startswith("Round 1: Seat 1 (sharp) deals, Seat 2 (sharp) holds the stock; 3 spoons")
