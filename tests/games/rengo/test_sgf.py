"""SGF out and in: round trips of whole games, files from other programs, and bad files."""

from __future__ import annotations

import random

import pytest
from sgfmill import sgf

import parlour
from parlour.core.errors import RecordError
from parlour.core.record import Record
from parlour.games.rengo.gtp import Engine, gnugo_path
from parlour.games.rengo.sgf import record_to_sgf, sgf_to_record

from .test_rules import FINAL
from .helpers import setup_sgf


def random_game(game, seed: int, deck: str | None = None, stop: int = 400, marks: int = 2,
                extra: tuple[str, ...] = ()) -> Record:
    """A random game without resignations, played to two passes, a few chains marked dead, then agreed."""
    state = game.new(seed=seed, deck=deck)
    record = Record.start(game, seed, deck)
    rnd = random.Random(seed)

    def act(text):
        seat = state.to_act[0]
        record.add(seat, state.apply(seat, text), t=1_700_000_000 + len(record.actions))

    for text in extra:
        act(text)
    while state.phase == "play" and len(record.actions) < stop:
        legal = [str(a) for a in state.legal(state.to_act[0]) if str(a) not in ("resign",)]
        act(rnd.choice(legal))
    while state.phase == "play":
        act("pass")
    toggles = [str(a) for a in state.legal(state.to_act[0]) if str(a).startswith("dead")]
    for text in toggles[:marks]:
        act(text)
    act("accept")
    act("accept")
    assert state.over
    record.scores = list(state.scores)
    return record


def same_game(a: Record, b: Record) -> None:
    sa, sb = a.replay(), b.replay()
    assert sb.board.rows() == sa.board.rows() and sb.result == sa.result
    assert sb.board.captures == sa.board.captures and sb.dead == sa.dead
    assert [e for e in sb.events if e["type"] in ("move", "pass")] == [e for e in sa.events
                                                                        if e["type"] in ("move", "pass")]


def test_a_finished_game_goes_out_and_comes_back():
    game = parlour.load("go", size=9)
    record = random_game(game, seed=4, stop=90)
    text = record_to_sgf(record, names=["Ana", "Bo"])
    root = sgf.Sgf_game.from_string(text).get_root()
    assert (root.get("SZ"), root.get("KM"), root.get("RU"), root.get("PB"), root.get("PW")) == \
        (9, 7.5, "Chinese", "Ana", "Bo")
    assert root.get("RE") == record.replay().result and root.get("DT") == "2023-11-14"
    back = sgf_to_record(text)
    assert (back.game, back.players, back.options, back.seed) == (record.game, record.players, record.options, 4)
    same_game(record, back)
    assert back.verify().over and back.scores == record.scores


def test_rengo_teams_are_named_and_each_move_says_who_played():
    game = parlour.load("rengo", size=9, players=5, teams="3+2", mode="casual", handicap=3)
    record = random_game(game, seed=5, stop=40, extra=("play A1", "resign"))  # Black 2 drops out early
    text = record_to_sgf(record, names=["Ana", "Bo", "Cy", "Di", "Ed"])
    parsed = sgf.Sgf_game.from_string(text)
    root = parsed.get_root()
    assert root.get("PB") == "Ana, Cy, Ed" and root.get("PW") == "Bo, Di" and root.get("HA") == 3
    nodes = parsed.get_main_sequence()[1:]
    # handicap: White 1 moves first; Cy (Black 2) resigned before Black's first move: Ed takes over
    assert [n.get("C") for n in nodes[:5]] == ["Bo", "Ed", "Di", "Ana", "Bo"]
    assert nodes[1].get("OUT") == "2"
    back = sgf_to_record(text)
    same_game(record, back)
    assert back.replay().rot.out == {2}


def test_a_game_that_resumed_after_a_disagreement_comes_back_with_its_resumption():
    game = parlour.load("go", size=9)
    state = game.new(seed=1, deck=setup_sgf(FINAL))
    record = Record.start(game, 1, setup_sgf(FINAL))
    for text in ("pass", "pass", "dead A5", "accept", "dead G5", "accept", "resume", "play A6", "pass", "pass",
                 "dead G5", "accept", "dead A5", "accept", "accept"):
        seat = state.to_act[0]
        record.add(seat, state.apply(seat, text), t=0)
    back = sgf_to_record(record_to_sgf(record))
    same_game(record, back)
    assert "resume" in [a["action"] for a in back.actions] and back.deck == record.deck


def test_resignation_and_a_territory_game_come_back():
    game = parlour.load("go", size=13, scoring="territory", komi=6.5)
    state = game.new(seed=2)
    record = Record.start(game, 2)
    for text in ("play D4", "play K10", "play D10", "resign"):
        seat = state.to_act[0]
        record.add(seat, state.apply(seat, text), t=0)
    text = record_to_sgf(record)
    assert "RE[B+R]" in text and "RU[Japanese]" in text and "KM[6.5]" in text
    back = sgf_to_record(text)
    assert back.replay().result == "B+R" and back.options["scoring"] == "territory"


def test_a_file_from_another_program_is_read_with_its_territory_marks():
    # Black walls off the left, White the right; a dead white stone A5 sits in Black's territory (TB marks it)
    rows = FINAL.strip().splitlines()
    black = "".join(f"[{'abcdefghi'[c]}{'abcdefghi'[r]}]" for r, line in enumerate(rows)
                    for c, ch in enumerate(line.split()) if ch == "X" and c < 3)
    white = "".join(f"[{'abcdefghi'[c]}{'abcdefghi'[r]}]" for r, line in enumerate(rows)
                    for c, ch in enumerate(line.split()) if ch == "O")
    tb = "".join(f"[{a}{b}]" for a in "ab" for b in "abcdefghi")
    text = (f"(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]PB[Lee]PW[Cho]RE[W+34.5]AB{black}AW{white}PL[B]"
            f";B[];W[]TB{tb})")
    record = sgf_to_record(text)
    assert record.game == "go" and (record.options["size"], record.options["komi"]) == (9, 7.5)
    assert record.options["scoring"] == "area" and record.deck is not None
    state = record.verify()
    assert state.over and state.view(None)["dead"] == ["A5"] and state.result == "W+34.5"


def test_foreign_rengo_files_take_their_teams_from_the_player_names():
    text = "(;GM[1]FF[4]SZ[19]PB[A, B]PW[C, D]RU[Japanese];B[pd];W[dp];B[pp];W[dd])"
    record = sgf_to_record(text)
    assert record.game == "rengo" and record.players == 4
    assert record.options["teams"] == "2+2" and record.options["scoring"] == "territory"
    assert [a["seat"] for a in record.actions] == [0, 1, 2, 3]
    assert not record.replay().over  # the file does not say how it ended


@pytest.mark.parametrize("text, message", [
    ("not sgf", "not SGF"),
    ("(;GM[1]FF[4]SZ[7];B[aa])", "parlour plays Go on 9, 13, 19 lines"),
    ("(;GM[1]FF[4]SZ[9];B[aa];B[bb])", "move 2 is B's, but W is to play"),
    ("(;GM[1]FF[4]SZ[9];B[aa];W[aa])", "move 2 of the SGF: play A9 is not legal: A9 is occupied"),
])
def test_bad_files_say_what_is_wrong(text, message):
    with pytest.raises(RecordError, match=message):
        sgf_to_record(text)


@pytest.mark.skipif(gnugo_path() is None, reason="GNU Go is not installed")
def test_gnugo_reads_our_sgf_to_the_same_board(tmp_path):
    record = random_game(parlour.load("go", size=9, handicap=2), seed=6, stop=60)
    path = tmp_path / "game.sgf"
    path.write_text(record_to_sgf(record), encoding="utf-8")
    engine = Engine(chinese=True)
    try:
        engine.gtp.command(f"loadsgf {path}")
        board = engine.gtp.command("showboard")
    finally:
        engine.close()
    lines = [line.split()[1:10] for line in board.splitlines()[1:10]]
    drawn = ["".join({"X": "X", "O": "O"}.get(ch, ".") for ch in line) for line in lines]
    assert drawn == record.replay().board.rows()


def test_parlour_replay_and_verify_read_sgf(tmp_path):
    from click.testing import CliRunner

    from parlour.cli import main

    record = random_game(parlour.load("rengo", size=9), seed=8, stop=30)
    path = tmp_path / "rengo.sgf"
    path.write_text(record_to_sgf(record, names=["Ana", "Bo", "Cy", "Di"]), encoding="utf-8")
    runner = CliRunner()
    shown = runner.invoke(main, ["replay", str(path)])
    assert shown.exit_code == 0, shown.output
    assert "Rengo · 9×9" in shown.output and f"Replayed {len(record.actions)} actions" in shown.output
    checked = runner.invoke(main, ["verify", str(path)])
    assert checked.exit_code == 0 and checked.output.startswith(f"OK: {len(record.actions)} actions")
    path.write_text("(;GM[1]FF[4]SZ[9];B[aa];B[bb])", encoding="utf-8")
    bad = runner.invoke(main, ["verify", str(path)])
    assert bad.exit_code == 1 and "move 2 is B's, but W is to play" in bad.output
