"""Spoons at a terminal: a person against bots on the race's clock, and its drawing in words.

``parlour play`` runs in a pty as a person types (``tests/pty_play.py``). Where a test needs a person who takes a
set time to type (a pass typed while a bot takes the first spoon), it runs the command in this process with the
terminal's clock scripted, so the answer's time is exact rather than a stretch of wall time.
"""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pty_play import Terminal

import parlour
from parlour.cli import main
from parlour.core.record import Record
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
    assert CliRunner().invoke(main, ["verify", str(path)]).exit_code == 3  # replays; no commitment in a local match


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


def grab_gaps(record: dict, person: int) -> list[float]:
    """Each bot's grab after the first spoon of its round: seconds from the first grab, on the record's clock."""
    gaps, first, round_no = [], None, 0
    state = parlour.load("spoons", players=record["players"], **record["options"]).new(seed=record["seed"])
    for entry in record["actions"]:
        if state.round_no != round_no:
            first, round_no = None, state.round_no
        if entry["action"] == "grab":
            if first is None:
                first = entry["t"]
            elif entry["seat"] != person:
                gaps.append(entry["t"] - first)
        if entry["seat"] is None:
            state.timeout()
        else:
            state.apply(entry["seat"], entry["action"])
    return gaps


def test_the_person_plays_bots_slowed_to_typing_speed_by_default_and_is_told_so(tmp_path: Path) -> None:
    path = tmp_path / "spoons.json"
    with Terminal("play", "spoons", "--seed", "3", "-o", "word=O", "--record", str(path), cwd=tmp_path) as term:
        start = term.expect("Your move")
        assert "seat 1 steady" in start and "typing speed" in start and "--bot-pace table" in start
        term.send("1")
        while True:  # the person answers at once: move 1 is a pass, or the grab once it is offered
            screen = term.expect(re.compile(r"Your move|The record of the match"))
            if screen.endswith("The record of the match"):
                break
            term.send("1")
        status, _ = term.finish()
    assert status == 0
    record = json.loads(path.read_text())
    gaps = grab_gaps(record, person=0)
    # steady grabs 0.7 s after the first spoon at the least; three times that at typing speed
    assert gaps and min(gaps) >= 3 * 0.7, gaps


def test_the_bots_react_at_their_own_speed_with_bot_pace_table(tmp_path: Path) -> None:
    path = tmp_path / "spoons.json"
    with Terminal("play", "spoons", "--seed", "3", "-o", "word=O", "--bot-pace", "table", "--record", str(path),
                  cwd=tmp_path) as term:
        start = term.expect("Your move")
        assert "their own speed" in start and "typing speed" not in start
        term.send("q")
        assert term.finish()[0] == 0


@pytest.fixture
def typist(monkeypatch: pytest.MonkeyPatch):
    """The terminal's clock scripted: each answer of the person takes ``typist.seconds(prompt)`` (set by the test)."""
    play = importlib.import_module("parlour.cli.play")

    class Clock:
        now = 0.0

        @staticmethod
        def seconds(prompt: str) -> float:
            return 1.0

        def monotonic(self) -> float:
            return self.now

    clock = Clock()
    start = play.TerminalMatch.__init__

    def init(self, *args, **kwargs) -> None:
        start(self, *args, **kwargs)
        ask = self.ask

        def typed(prompt: str, *rest) -> str:  # rest: the seconds the person has, where a window is timed
            clock.now += clock.seconds(prompt)
            return ask(prompt, *rest)
        self.ask = typed
    monkeypatch.setattr(play, "time", clock)
    monkeypatch.setattr(play.TerminalMatch, "__init__", init)
    return clock


def test_a_pass_typed_while_a_bot_took_the_first_spoon_is_answered_truthfully_and_the_grab_waits_for_him(
        tmp_path: Path, typist) -> None:
    # a slow typist: five seconds to pass a card (a bot lays down four of a kind meanwhile), 1.5 s to grab
    typist.seconds = lambda prompt: 1.5 if "(1-1," in prompt else 5.0
    path = tmp_path / "spoons.json"
    result = CliRunner().invoke(main, ["play", "spoons", "--seed", "1", "-o", "word=O", "--record", str(path)],
                                input="1\n" * 60)
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "Too late or not possible: pass QS: passing has stopped, seat 2 took the first spoon with four of a " \
           "kind: grab a spoon" in said and "do not hold" not in said
    # he saw the first spoon go only when his pass was refused: the bots' grabs count from then, and his grab,
    # 1.5 s later, beats theirs (at least 2.1 s at typing speed)
    first = Record.load(str(path)).replay().sheet.rows[0][2]  # the first round: its grabs in order, its loser
    assert first["grabs"][0] == 2 and 0 in first["grabs"] and first["losers"] != [0], first
