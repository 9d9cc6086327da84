"""``parlour play --resume FILE``: a match left with ``q`` goes on from its record, typed at in a pty as a person does.

The record says the game, its options, the seed and what plays each seat; every move is played again, play goes on
where it stopped, and the record is written on in the same file. A file that cannot be resumed is refused with one
line that says why, and is left as it was.
"""

from __future__ import annotations

import json
import os
import re
import stat

import pytest

import parlour
from parlour.core.cards import Card
from parlour.core.record import Record
from pty_play import Terminal

MOVE = re.compile(r"Your move \([^)]*\): ")


def hand_of(state, seat: int) -> str:
    return "  ".join(Card.parse(c).display for c in state.view(seat)["hand"])


def test_a_match_left_with_q_goes_on_where_it_stopped_in_the_same_record(tmp_path):
    path = tmp_path / "match.json"
    with Terminal("play", "giacomotto", "--seats", "human,greedy", "--seed", "5", "-o", "target=61",
                  "--record", str(path), cwd=tmp_path) as term:
        term.expect(MOVE)
        term.send("1")
        term.expect(MOVE)
        term.send("q")
        status, out = term.finish()
    assert status == 0, out
    assert f"Play on with: parlour play --resume {path}" in out
    left = Record.load(str(path))
    assert left.seats == ["human", "greedy"] and left.options["target"] == 61 and left.scores is None
    before = left.replay()
    assert 0 in before.to_act  # it stopped at the person's turn

    with Terminal("play", "--resume", str(path), cwd=tmp_path) as term:
        screen = term.expect(MOVE)
        assert "seat 0 human, seat 1 greedy" in screen
        assert f"seed 5 · {len(left.actions)} actions played again from {path}" in screen
        assert "first to 61" in screen  # the record's options
        assert hand_of(before, 0) in screen  # the position it stopped at, the person's own hand
        term.send("1")
        term.expect(MOVE)
        term.send("q")
        status, out = term.finish()
    assert status == 0, out
    on = Record.load(str(path))
    assert on.actions[:len(left.actions)] == left.actions  # the same file, written on
    assert len(on.actions) > len(left.actions) and on.actions[len(left.actions)]["seat"] == 0
    assert on.seats == ["human", "greedy"] and on.seed == 5 and on.options == left.options
    on.verify()


def test_resume_plays_on_a_real_time_match(tmp_path):
    # The Claw against a bot: the person's calls and claims, q, then the same match again from its record.
    path = tmp_path / "claw.json"
    with Terminal("play", "claw", "--players", "2", "--seats", "human,sleepy", "--seed", "3",
                  "--record", str(path), cwd=tmp_path) as term:
        term.expect(MOVE)
        term.send("1")
        term.expect(MOVE)
        term.send("q")
        status, out = term.finish()
    assert status == 0, out
    left = Record.load(str(path))
    with Terminal("play", "claw", "--resume", str(path), cwd=tmp_path) as term:
        screen = term.expect(MOVE)
        assert f"{len(left.actions)} actions played again" in screen
        term.send("q")
        status, out = term.finish()
    assert status == 0, out
    assert Record.load(str(path)).actions[:len(left.actions)] == left.actions


def finished(tmp_path):
    state, record = parlour.bots.play_match(parlour.load("giacomotto", target=1),
                                            [parlour.bots.make("random", parlour.load("giacomotto"), s) for s in (0, 1)],
                                            seed=4)
    record.seats = ["human", "random"]
    path = tmp_path / "over.json"
    path.write_text(record.to_json())
    return path, "is over: there is nothing to resume. Watch it with: parlour replay"


def not_a_record(tmp_path):
    path = tmp_path / "notes.json"
    path.write_text("my notes on the match\n")
    return path, "is not a match record that parlour can read: a record is JSON"


def another_game(tmp_path):
    record = Record.start(parlour.load("tarok"), 3)
    record.seats = ["human", "random", "random", "random"]
    path = tmp_path / "tarok.json"
    path.write_text(record.to_json())
    return path, "is a record of tarok, not of giacomotto: resume it with parlour play --resume"


def changed_engine(tmp_path):
    # What a record made by an engine whose rules have changed since looks like here: a move this one refuses.
    state = parlour.load("giacomotto").new(seed=3)
    record = Record.start(parlour.load("giacomotto"), 3)
    record.seats = ["human", "random"]
    seat = state.to_act[0]
    record.add(seat, "trail " + next(c for c in ("AS", "KH", "2C", "7D") if c not in state.view(seat)["hand"]))
    path = tmp_path / "old.json"
    path.write_text(record.to_json())
    return path, "cannot be resumed with this version of parlour: action #1"


def without_seats(tmp_path):
    record = Record.start(parlour.load("giacomotto"), 3)  # as the server writes them: no seats
    path = tmp_path / "server.json"
    path.write_text(record.to_json())
    return path, "does not say what played each seat"


@pytest.mark.parametrize("make", [finished, not_a_record, another_game, changed_engine, without_seats])
def test_a_file_that_cannot_be_resumed_is_refused_with_the_reason_and_left_alone(make, tmp_path):
    path, reason = make(tmp_path)
    before = path.read_bytes()
    with Terminal("play", "giacomotto", "--resume", str(path), cwd=tmp_path) as term:
        status, out = term.finish()
    assert status == 2, out
    lines = [line for line in out.splitlines() if line.strip()]
    assert len(lines) == 1 and reason in lines[0] and str(path) in lines[0], out
    assert "Traceback" not in out
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]  # no new record started


def test_resume_refuses_the_options_it_takes_from_the_record(tmp_path):
    path, _ = without_seats(tmp_path)
    with Terminal("play", "--resume", str(path), "--seed", "9", cwd=tmp_path) as term:
        status, out = term.finish()
    assert status == 2 and "leave out --seed" in out, out


def test_seats_given_with_resume_seat_a_record_that_lacks_them(tmp_path):
    path, _ = without_seats(tmp_path)
    with Terminal("play", "--resume", str(path), "--seats", "human,greedy", cwd=tmp_path) as term:
        term.expect(MOVE)
        term.send("q")
        status, out = term.finish()
    assert status == 0, out
    assert json.loads(path.read_text())["seats"] == ["human", "greedy"]


def test_a_record_sent_to_a_device_or_a_pipe_is_written_into_it_and_the_device_stays(tmp_path):
    """``--record /dev/null`` must not swap the machine's /dev/null for a file (as root a rename would)."""
    from parlour.cli.play import save

    record = Record.start(parlour.load("giacomotto", players=2), 1)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        save(record, fifo)
        got = os.read(reader, 1 << 20).decode()
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode) and Record.from_json(got).seed == 1
