"""Go in the terminal: the board in characters with coordinates, the last move, captures, the team order and the
count; every event told in words."""

from __future__ import annotations

import parlour
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
    assert "Count now  Black 27 · White 61.5 → W+34.5" in text
    row5 = next(line for line in text.splitlines() if line.lstrip("│ ").startswith("5 "))
    assert "× ▪ ● ○ ▫ ▫ × ▫ ▫" in row5  # dead stones crossed, territory dotted
    play(state, "accept")
    done = plain(board(state.view(0), Seats(("human", "mcts"), viewer=0)), width=120)
    assert "Result    Black 27 · White 61.5 → W+34.5" in done and "Game over: White (Seat 1 (mcts)) wins by 34.5 points." in done


def test_every_event_is_told_in_words():
    state = parlour.load("rengo", size=9, handicap=2, mode="casual").new(seed=1)
    play(state, "play E5", "play D5", "play D4", "play E4", "play D6", "play E6", "play C5", "resign", "play F5",
         "pass", "pass", "accept")
    state = play(state, "dead E4", "accept", "resume", "play J9", "pass", "pass", "accept", "accept")
    seats = Seats((None,) * 4, viewer=0)
    lines = [event_line(e, seats) for e in state.events]
    told = [plain(line) for line in lines if line is not None]
    assert len(told) == len(state.events)  # nothing is left out
    joined = "\n".join(told)
    for words in ("Handicap 2: Black's stones on C3 G7; Seat 1 moves first for White",
                  "Seat 1 plays White E5", "plays White C5 and captures 1 stone: D5",
                  "You resign (out of the game; the team plays on)", "Seat 2 passes (Black)",
                  "Play stops.", "accepts the marking (dead: none)", "marks E4 dead (1 stone)",
                  "Seat 3 resumes play: Seat 3 to move", "Count (stones and territory): Black 5, White 15.5 (komi 7.5 + 2 "
                  "for the handicap): W+10.5", "Game over: White (Seat 1 & Seat 3) wins by 10.5 points."):
        assert words in joined, words


def test_the_moves_are_told_not_listed_point_by_point():
    from parlour.games.rengo.terminal import moves

    state = start(FINAL)
    told = plain(moves(state.view(0), Seats(("human", "mcts"), viewer=0)))
    assert "Type a point to play, such as" in told and "(61 points are open to you)" in told and "play A1" not in told
    play(state, "pass", "pass")
    counting = plain(moves(state.view(0), Seats(("human", "mcts"), viewer=0)), width=200)
    assert "dead C1  ·  dead D1  ·  dead A5  ·  dead G5  ·  accept  ·  resume  ·  resign" in counting
