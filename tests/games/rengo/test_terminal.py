"""Go in the terminal: the board in characters with coordinates, the last move, captures, the team order and the
count; every event told in words."""

from __future__ import annotations

import parlour
from parlour.core.record import Record
from parlour.core.terminal import plain
from parlour.core.terminal import Seats
from parlour.games.rengo.terminal import board, event_line

from .helpers import play, start
from .test_rules import FINAL


def test_the_board_has_coordinates_stones_and_the_last_move():
    state = play(start(FINAL), "play F5")
    text = plain(board(state.view(1), Seats(("mcts", "human"), viewer=1)), width=80)
    lines = text.splitlines()
    assert "A B C D E F G H J" in lines[1] and "A B C D E F G H J" in lines[11]
    row5 = next(line for line in lines if line.lstrip("│ ").startswith("5 "))
    assert "○ · ● ○ + ● ● · ·" in row5  # A5 white, C5 black, D5 white, E5 a star point, F5 the new stone
    assert "To move   White: You" in text and "Last      Black F5" in text and "Captured  Black 0 · White 0" in text
    assert "{" not in text and "[" not in text  # words and stones, never a dict or list


def test_rengo_shows_the_teams_and_who_plays_next_inside_them():
    state = parlour.load("rengo", size=9, players=4, mode="casual").new(seed=1)
    play(state, "play E5", "resign")  # Black 1 plays, White 1 drops out: White 2 moves for White
    text = plain(board(state.view(None), Seats(("human", "mcts", "human", "mcts"))), width=90)
    assert "To move   White 2: Seat 3 (mcts)" in text
    assert "Then      Seat 2 (human), Seat 3 (mcts), Seat 0 (human)" in text
    assert "○ White   Seat 1 (mcts) (out), Seat 3 (mcts)" in text


def test_the_count_shows_dead_stones_territory_and_the_result():
    state = play(start(FINAL), "pass", "pass", "dead A5", "dead G5", "accept")
    text = plain(board(state.view(0), Seats(("human", "mcts"), viewer=0)), width=120)
    assert "Counting   Seat 1 (mcts) accepts that marking, or changes it and accepts its own" in text
    assert "Count now  Black 27 · White 61.5 → White wins by 34.5 points" in text
    row5 = next(line for line in text.splitlines() if line.lstrip("│ ").startswith("5 "))
    assert "× ▪ ● ○ ▫ ▫ × ▫ ▫" in row5  # dead stones crossed, territory dotted
    play(state, "accept")
    done = plain(board(state.view(0), Seats(("human", "mcts"), viewer=0)), width=120)
    assert "Result    Black 27 · White 61.5 → White wins by 34.5 points" in done and "Game over: White (Seat 1 (mcts)) wins by 34.5 points." in done


def test_every_event_is_told_in_words():
    state = parlour.load("rengo", size=9, handicap=2, mode="casual").new(seed=1)
    play(state, "play E5", "play D5", "play D4", "play E4", "play D6", "play E6", "play C5", "resign", "play F5",
         "pass", "pass", "accept")
    state = play(state, "dead E4", "accept", "resume", "play J9", "pass", "pass", "accept", "accept")
    seats = Seats((None,) * 4, viewer=0)
    lines = [event_line(e, seats) for e in state.events]
    told = [plain(line, width=200) for line in lines if line is not None]
    assert len(told) == len(state.events)  # nothing is left out
    joined = "\n".join(told)
    for words in ("Handicap 2: Black's stones on C3 G7; Seat 1 moves first for White",
                  "Seat 1 plays White E5", "plays White C5 and captures 1 stone: D5",
                  "You resign (out of the game; the team plays on)", "Seat 2 passes (Black)",
                  "Play stops.", "accepts the marking (dead: none)", "marks E4 dead (1 stone)",
                  "Seat 3 resumes play: Seat 3 to move", "Count (stones and territory): Black 5, White 15.5 (komi 7.5 + 2 "
                  "for the handicap): White wins by 10.5 points", "Game over: White (Seat 1 & Seat 3) wins by 10.5 points."):
        assert words in joined, words


def test_the_moves_are_told_not_listed_point_by_point():
    from parlour.games.rengo.terminal import moves

    state = start(FINAL)
    told = plain(moves(state.view(0), Seats(("human", "mcts"), viewer=0)))
    assert "Type a point to play, such as" in told and "(61 points are open to you)" in told and "play A1" not in told
    play(state, "pass", "pass")
    counting = plain(moves(state.view(0), Seats(("human", "mcts"), viewer=0)), width=200)
    assert "dead C1  ·  dead D1  ·  dead A5  ·  dead G5  ·  accept  ·  resume  ·  resign" in counting


def test_at_the_terminal_the_count_speaks_to_you_and_ends_with_the_result_in_words(tmp_path):
    """Two friends at one keyboard pass on an empty 9×9 board and accept the count, through ``parlour play`` in a
    pty: each is told what *they* do ("You mark…", never "You marks…"), and the result is in words, not ``W+7.5``."""
    import os
    import re
    import shutil
    import sys

    import pexpect

    exe = shutil.which("parlour")
    args = ["play", "go", "-s", "human,human", "-o", "size=9", "--seed", "1", "--record", str(tmp_path / "go.json")]
    child = pexpect.spawn(exe or sys.executable, args if exe else ["-m", "parlour.cli", *args], encoding="utf-8",
                          timeout=60, dimensions=(60, 160), env={**os.environ, "PARLOUR_LANG": "en"})
    seen = []

    def step(prompt: str, answer: str) -> None:
        child.expect(prompt)
        seen.append(child.before)
        child.sendline(answer)

    step("pass the keyboard to seat 0", "")
    step(r"Seat 0 \(", "pass")
    step("pass the keyboard to seat 1", "")
    step(r"Seat 1 \(", "pass")
    step("pass the keyboard to seat 0", "")
    step(r"Seat 0 \(", "accept")
    step("pass the keyboard to seat 1", "")
    step(r"Seat 1 \(", "accept")
    child.expect(pexpect.EOF)
    seen.append(child.before)
    # colours off, wrapped lines joined (boxes and all)
    screens = [" ".join(re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", s).split()) for s in seen]
    assert "Play stops. You mark the dead stones first." in screens[5]
    assert "Counting You mark the dead stones, then accept" in screens[5]
    assert "Counting You accept that marking, or change it and accept your own" in screens[7]
    assert "White wins by 7.5" in screens[8] and "W+7.5" not in "".join(screens)
    assert not any(bad in "".join(screens) for bad in ("You marks", "You accepts", "You resumes"))


def test_at_the_terminal_the_person_agrees_for_a_team_whose_active_player_is_a_bot(tmp_path):
    """Rengo 2 against 2 at one terminal, you and a bot on Black: once play stops and Black marks first with the bot as
    Black's active player, the keyboard is asked, the bot does not mark or accept for you."""
    import io

    from rich.console import Console

    from parlour.cli.play import TerminalMatch

    asked = []

    def ask(prompt: str, seconds: float | None = None) -> str:
        asked.append(prompt)
        return "accept" if len(asked) == 1 else "q"

    game = parlour.load("rengo", size=9)
    match = TerminalMatch(Console(file=io.StringIO(), width=120), game, ["human", "random", "random", "random"],
                          tmp_path / "rengo.json", ask, Record.start(game, 1))
    match.state = start(FINAL, game_id="rengo", players=4)
    play(match.state, "pass", "pass")  # Black 1 (you) and White 1 pass: Black marks first
    assert match.state.to_act == (2, 0)  # Black 2, a bot, is Black's active player; you may agree for the team
    match.run()
    assert asked, "the person was asked"
    first = match.record.actions[0]
    assert (first["seat"], first["action"]) == (0, "accept")
