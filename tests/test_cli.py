"""The ``parlour`` command, driven through click's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import parlour
from parlour.cli import main
from parlour.core.cards import Card
from parlour.core.game import Game
from parlour.core.record import Record, commitment
from parlour.games.giacomotto import Giacomotto


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def one_line_error(result: Result, code: int) -> str:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# --- games and rules ---------------------------------------------------------------------------------------------

def test_games_lists_giacomotto_with_players_and_option_defaults():
    result = run("games")
    assert result.exit_code == 0, result.output
    for text in ("giacomotto", "Giacomotto", "2, 4", "target=101", "forced_capture=false", "last_card_tabla=true"):
        assert text in result.output


def test_games_keeps_every_bot_in_a_pipe_80_columns_wide():
    result = run("games")  # CliRunner is not a terminal: rich draws 80 columns, as in `parlour games | less`
    for bot in ("heuristic", "greedy", "expert", "novice"):
        assert bot in result.output


def test_game_ids_are_accepted_in_any_case(tmp_path):
    result = run("play", "GiacoMotto", "--seed", "3", "--record", str(tmp_path / "r.json"), input="q\n")
    assert result.exit_code == 0, result.output
    assert Record.load(str(tmp_path / "r.json")).game == "giacomotto"
    assert run("rules", "TAROK").exit_code == 0


def test_a_negative_seed_names_the_record_plainly(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("play", "giacomotto", "--seed", "-5", input="q\n")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "parlour-giacomotto-minus5.json").exists()


def test_one_action_is_one_action(tmp_path):
    state = parlour.load("giacomotto").new(seed=3)
    first = state.to_act[0]
    seats = "human,greedy" if first == 0 else "greedy,human"
    result = run("play", "giacomotto", "-s", seats, "--seed", "3", "--record", str(tmp_path / "r.json"),
                 input="1\nq\n")
    assert "1 action played so far is in" in result.output or "2 actions" in result.output
    assert "1 actions" not in result.output


def test_rules_prints_the_rules_then_the_options(monkeypatch):
    monkeypatch.setattr(Giacomotto, "rules", lambda self: "# Giacomotto\n\nCapture by **sums**; first to 101 wins.")
    result = run("rules", "giacomotto")
    assert result.exit_code == 0, result.output
    assert "Giacomotto" in result.output and "Capture by sums" in result.output
    for text in ("target", "101", "1..10000", "forced_capture", "true / false", "last_card_tabla"):
        assert text in result.output
    assert result.output.index("Capture by sums") < result.output.index("forced_capture")


def test_rules_are_for_players_and_the_notes_for_developers():
    players = run("rules", "tarok")
    assert players.exit_code == 0, players.output
    assert "Calling a king" in players.output and "skis_after" in players.output
    assert "OpenSpiel" not in players.output
    notes = run("rules", "tarok", "--notes")
    assert notes.exit_code == 0, notes.output
    assert "OpenSpiel cross-check" in notes.output and "notes for developers" in notes.output


def test_rules_without_a_rules_file_says_so_and_still_lists_the_options(monkeypatch):
    def missing(self: Game) -> str:
        raise FileNotFoundError("RULES.md")

    monkeypatch.setattr(Giacomotto, "rules", missing)
    result = run("rules", "giacomotto")
    assert result.exit_code == 1
    assert "rules of giacomotto are missing" in one_line_error(result, 1)
    assert "forced_capture" in result.stdout


# --- bad command lines: one line, exit 2, nothing written ---------------------------------------------------------

@pytest.mark.parametrize("args, expected", [
    (["rules", "chess"], "unknown game 'chess'; the games are: "),
    (["play", "chess"], "unknown game 'chess'; the games are: "),
    (["play", "giacomotto", "--option", "target=lots"], "option 'target' must be an integer, got 'lots'"),
    (["play", "giacomotto", "--option", "target=0"], "option 'target' must be in 1..10000, got 0"),
    (["play", "giacomotto", "--option", "colour=red"], "giacomotto has no option 'colour'; its options are"),
    (["play", "giacomotto", "--option", "target"], "--option takes NAME=VALUE, got 'target'"),
    (["play", "giacomotto", "--option", "forced_capture=perhaps"], "option 'forced_capture' must be true or false"),
    (["play", "giacomotto", "--players", "3"], "giacomotto is played by 2, 4 players, not 3"),
    (["play", "giacomotto", "--seats", "human,robot"], "seat 1 is 'robot'; a seat is human or a bot: "),
    (["play", "giacomotto", "--seats", "human,random,random"], "giacomotto is played by 2, 4 players, not 3"),
    (["play", "giacomotto", "--players", "4", "--seats", "human,random"], "--seats names 2 seats but --players is 4"),
])
def test_bad_command_lines_exit_2_with_a_clear_message(args, expected, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    line = one_line_error(run(*args), 2)
    assert expected in line
    if "unknown game" in expected:
        assert "giacomotto" in line
    assert list(tmp_path.iterdir()) == []


# --- play ----------------------------------------------------------------------------------------------------------

def test_play_re_asks_on_bad_input_and_records_every_action(tmp_path):
    path = tmp_path / "match.json"
    game = parlour.load("giacomotto")
    state = game.new(seed=3)
    legal = state.legal(0)
    first = next(a for a in legal if str(a).startswith("trail"))  # a whole turn in one move
    script = "\n".join(["99", "0", "", "foo bar", "trail 2C", str(legal.index(first) + 1), "1", "q"]) + "\n"
    result = run("play", "giacomotto", "--seats", "human,random", "--seed", "3", "--record", str(path), input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "there is no move 99: type a move number 1-" in out
    assert "there is no move 0" in out
    assert "cannot read 'foo bar'" in out
    assert "you do not hold 2C" in out
    assert "or q to quit" in out
    record = Record.load(str(path))
    assert f"Quit. {len(record.actions)} actions played so far are in" in out
    seats = [a["seat"] for a in record.actions]  # the human, the bot's turn (one action or a capture's steps), the human
    assert seats[0] == 0 and seats[-1] == 0 and set(seats[1:-1]) == {1}
    assert record.actions[0]["action"] == str(first)
    assert record.scores is None  # the match did not end
    check = run("verify", str(path))  # it replays; a local match publishes no commitment, so nothing proves its deal
    assert check.exit_code == 3, check.output
    assert check.output.startswith(f"UNPROVEN: {len(record.actions)} actions, match unfinished")


def test_play_accepts_the_text_of_a_move_in_any_case(tmp_path):
    path = tmp_path / "match.json"
    move = str(parlour.load("giacomotto").new(seed=3).legal(0)[0])
    result = run("play", "giacomotto", "-s", "human,random", "--seed", "3", "--record", str(path),
                 input=move.lower() + "\nq\n")
    assert result.exit_code == 0, result.output
    assert Record.load(str(path)).actions[0]["action"] == move


def test_the_human_screen_shows_the_table_hand_and_numbered_moves_but_no_hidden_card(tmp_path):
    state = parlour.load("giacomotto").new(seed=3)
    result = run("play", "giacomotto", "-s", "human,random", "--seed", "3", "--record", str(tmp_path / "r.json"),
                 input="q\n")
    out = result.output
    for code in state.view(0)["table"] + state.view(0)["hand"]:
        assert Card.parse(code).display in out
    for n, action in enumerate(state.legal(0), 1):
        assert f"{n} {action}" in out
    hidden = set(state.zones()["hand 1"]) | set(state.zones()["stock"])
    assert not [c.display for c in hidden if c.display in out]
    for text in ("Dealer", "Stock  36 cards", "Score sheet", "Since your last turn", "Your hand", "Your moves"):
        assert text in out


def test_the_record_is_saved_before_any_move_and_quitting_at_end_of_input_keeps_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    first = run("play", "giacomotto", "--seed", "8", input="1\n")  # input ends: as good as q
    assert first.exit_code == 0, first.output
    second = run("play", "giacomotto", "--seed", "8", input="")
    assert second.exit_code == 0, second.output
    one, two = tmp_path / "parlour-giacomotto-8.json", tmp_path / "parlour-giacomotto-8-2.json"
    assert [a for a in Record.load(str(one)).actions if a["seat"] == 0]  # not overwritten by the second match
    assert all(a["seat"] == 1 for a in Record.load(str(two)).actions)  # the bot's opening move, if it leads
    assert run("verify", str(one)).exit_code == 3  # replays (no commitment: 3, not 0)


@pytest.mark.parametrize("game_id, best", [("giacomotto", "pimc"), ("tarok", "pimc"), ("kaboo", "pimc")])
def test_default_seats_are_you_against_the_games_strongest_bot(game_id, best, tmp_path):
    assert parlour.bots.best(parlour.load(game_id)) == best
    result = run("play", game_id, "--seed", "1", "--record", str(tmp_path / "r.json"), input="q\n")
    assert f"seat 0 human, seat 1 {best}" in result.output


def test_the_end_shows_the_last_deals_breakdown_even_when_a_human_made_the_last_move(tmp_path):
    # Two humans at one terminal: whoever plays last, the end shows the last pack's sweep and scores.
    result = run("play", "giacomotto", "-s", "human,human", "--seed", "2", "-o", "target=1",
                 "--record", str(tmp_path / "r.json"), input="\n1\n" * 200)
    assert result.exit_code == 0, result.output
    last_turns = result.output.split("The last turns")[-1]
    assert "Pack 1 scores:" in last_turns and "Match over" in last_turns
    assert "nothing yet" not in last_turns


def test_hot_seat_asks_to_pass_the_keyboard_and_shows_each_seat_its_own_hand(tmp_path):
    state = parlour.load("giacomotto").new(seed=4)
    numbers = []  # each seat trails: a whole turn in one move
    first = state.to_act[0]
    hand_first = " ".join(Card.parse(c).display for c in state.view(first)["hand"])
    numbers.append(next(i for i, a in enumerate(state.legal(first), 1) if str(a).startswith("trail")))
    state.apply(first, state.legal(first)[numbers[0] - 1])
    second = state.to_act[0]
    hand_second = " ".join(Card.parse(c).display for c in state.view(second)["hand"])
    numbers.append(next(i for i, a in enumerate(state.legal(second), 1) if str(a).startswith("trail")))
    result = run("play", "giacomotto", "-s", "human,human", "--seed", "4", "--record", str(tmp_path / "r.json"),
                 input=f"\n{numbers[0]}\n\n{numbers[1]}\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"Seat {first} to play: pass the keyboard to seat {first}" in out
    assert f"Seat {second} to play: pass the keyboard to seat {second}" in out
    screens = out.split("pass the keyboard")
    assert hand_first.replace(" ", "  ") in screens[1] and hand_second.replace(" ", "  ") not in screens[1]
    assert hand_second.replace(" ", "  ") in screens[2]
    assert len(Record.load(str(tmp_path / "r.json")).actions) == 2


@pytest.mark.parametrize("seats", ["greedy,random", "random,random,random,random"])
def test_bots_alone_finish_the_match_and_the_record_verifies(seats, tmp_path):
    if "greedy" in seats and "greedy" not in parlour.bots.available(parlour.load("giacomotto")):
        seats = seats.replace("greedy", "random")
    path = tmp_path / "bots.json"
    extra = ["-o", "target=40"] if seats.count(",") == 3 else []
    result = run("play", "giacomotto", "--seats", seats, "--seed", "11", "--record", str(path), *extra)
    assert result.exit_code == 0, result.output
    assert "Match over:" in result.output and "Pack 1 scores:" in result.output
    record = Record.load(str(path))
    state = record.verify()
    assert state.over and record.scores == list(state.scores)
    check = run("verify", str(path))
    assert check.exit_code == 3
    winners = ", ".join(f"seat {s}" for s in state.winners)
    assert check.output.strip() == (f"UNPROVEN: {len(record.actions)} actions, final scores "
                                    f"{' '.join(map(str, state.scores))}, winners {winners}; but the record holds no "
                                    "seed commitment (commitment and salt), so nothing proves that the deal was not "
                                    "chosen")


# --- verify and replay ---------------------------------------------------------------------------------------------

@pytest.fixture
def finished_record(tmp_path: Path) -> Path:
    path = tmp_path / "done.json"
    result = run("play", "giacomotto", "--seats", "random,random", "--seed", "2", "--record", str(path))
    assert result.exit_code == 0, result.output
    return path


def corrupt(path: Path, change) -> Path:
    data = json.loads(path.read_text())
    change(data)
    bad = path.with_name("bad.json")
    bad.write_text(json.dumps(data))
    return bad


def _illegal(data: dict) -> None:
    data["actions"][5]["action"] = "trail 2C" if data["actions"][5]["action"] != "trail 2C" else "trail 3C"


@pytest.mark.parametrize("change, reason", [
    (lambda d: d.pop("seed"), "record field 'seed' must be a int"),
    (lambda d: d.update(scores=[d["scores"][0] + 1, d["scores"][1]]), "record claims scores"),
    (_illegal, "action #6 (seat"),
    (lambda d: d["actions"][0].update(seat=7), "action #1"),
    (lambda d: d.update(game="chess"), "unknown game 'chess'"),
])
def test_verify_rejects_a_corrupt_record_with_the_reason(finished_record, change, reason):
    bad = corrupt(finished_record, change)
    assert reason in one_line_error(run("verify", str(bad)), 1)


def committed(path: Path, deck: list[str] | None = None) -> Path:
    """The record at ``path`` as a server would write it: with a seed commitment and its salt (and ``deck``)."""
    data = json.loads(path.read_text())
    data["salt"] = "a1b2c3"
    data["commitment"] = commitment(data["seed"], data["salt"])
    if deck is not None:
        data["deck"] = deck
    out = path.with_name("committed.json")
    out.write_text(json.dumps(data))
    return out


@pytest.fixture
def committed_record(finished_record: Path) -> Path:
    return committed(finished_record)


def test_verify_says_ok_only_when_the_seed_matches_its_commitment(committed_record):
    result = run("verify", str(committed_record))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("OK: ") and "the seed matches the commitment" in result.output


@pytest.mark.parametrize("change", [
    lambda d: (d.pop("commitment"), d.pop("salt")),
    lambda d: d.update(commitment=None, salt=None),
    lambda d: d.update(commitment=None),
])
def test_verify_tells_a_record_without_its_commitment_from_a_proven_one(committed_record, change):
    # Issue 24.5: with its commitment dropped, a chosen deal passed as fair ("OK", exit 0).
    result = run("verify", str(corrupt(committed_record, change)))
    assert result.exit_code == 3, result.output
    assert result.output.startswith("UNPROVEN: ") and result.output.count("\n") == 1
    assert "nothing proves that the deal was not chosen" in result.output


def test_verify_does_not_call_a_stacked_deck_proven_whatever_its_commitment(tmp_path):
    from parlour.core.cards import deck as standard_deck

    deck = [str(c) for c in standard_deck()]
    path = tmp_path / "stacked.json"
    result = run("play", "giacomotto", "--seats", "random,random", "--seed", "2", "--record", str(path))
    assert result.exit_code == 0, result.output
    record = Record.load(str(path))
    state, played = parlour.load("giacomotto").new(seed=record.seed, deck=deck), []
    for _ in range(6):  # a few moves of the stacked deal, under a valid commitment
        seat = state.to_act[0]
        action = state.legal(seat)[0]
        state.apply(seat, action)
        played.append({"seat": seat, "action": str(action), "t": 0})
    data = json.loads(path.read_text())
    data.update(actions=played)
    data.pop("scores", None)
    path.write_text(json.dumps(data))
    result = run("verify", str(committed(path, deck)))
    assert result.exit_code == 3, result.output
    assert "stacks its deck" in result.output


def test_verify_help_explains_each_exit_status():
    out = run("verify", "--help").output
    assert "0  \"OK: ...\"" in out and "3  \"UNPROVEN: ...\"" in out and "1  the record does not hold" in out


@pytest.mark.parametrize("entry", ["bot 99 random", "back 2", "next 7"])
def test_verify_refuses_a_table_entry_for_a_seat_the_game_does_not_have(committed_record, entry):
    bad = corrupt(committed_record, lambda d: d["actions"].insert(0, {"seat": None, "action": entry, "t": 0}))
    seat = entry.split()[1]
    assert f"names seat {seat}, but this 2-player record has seats 0 to 1" in one_line_error(run("verify", str(bad)), 1)


@pytest.mark.parametrize("nesting", [40, 100_000])
def test_verify_reports_a_deeply_nested_record_in_one_line(tmp_path, nesting):
    path = tmp_path / "deep.json"
    path.write_text('{"format": "parlour-record", "version": 1, "game": "giacomotto", "players": 2, "seed": 1, '
                    f'"actions": [], "options": {{"target": {"[" * nesting}{"]" * nesting}}}}}')
    assert "nests arrays and objects at most 32 deep" in one_line_error(run("verify", str(path)), 1)


def test_verify_refuses_a_huge_record_in_one_line(tmp_path, monkeypatch):
    import parlour.core.record as record_module

    monkeypatch.setattr(record_module, "MAX_BYTES", 1000)  # a real 32 MiB file would only slow the test down
    path = tmp_path / "huge.json"
    path.write_text('{"format": "parlour-record", "padding": "' + "x" * 2000 + '"}')
    assert "larger than" in one_line_error(run("verify", str(path)), 1)
    sgf = tmp_path / "huge.sgf"  # a format a game reads: the same limit
    sgf.write_text("(;SZ[19]" + ";B[aa]" * 400 + ")")
    assert "larger than" in one_line_error(run("verify", str(sgf)), 1)


def test_verify_rejects_a_file_that_is_not_json(tmp_path):
    path = tmp_path / "garbage.json"
    path.write_text("{not json")
    assert "a record is JSON; this is not" in one_line_error(run("verify", str(path)), 1)
    assert "cannot read record" in one_line_error(run("verify", str(tmp_path / "absent.json")), 1)


def test_replay_prints_every_action_the_board_after_it_and_the_final_scores(finished_record):
    record = Record.load(str(finished_record))
    result = run("replay", str(finished_record))
    assert result.exit_code == 0, result.output
    out = result.output
    for n in (1, len(record.actions) // 2, len(record.actions)):
        assert f"#{n} Seat" in out
    assert out.count("╭─ Giacomotto") == len(record.actions) + 1
    assert "Your hand" not in out  # a spectator sees no hand
    assert "Score sheet" in out and f"Replayed {len(record.actions)} actions, final scores" in out


def test_replay_as_a_seat_shows_its_hand_and_step_stops_on_q(finished_record):
    result = run("replay", str(finished_record), "--seat", "1", "--step", input="\nq\n")
    assert result.exit_code == 0, result.output
    assert "Your hand" in result.output
    assert "#2 " in result.output and "#3 " not in result.output
    assert "Enter: next action, q: stop" in result.output


def test_replay_of_a_bad_seat_or_record_fails_cleanly(finished_record, tmp_path):
    assert "--seat 5 is not a seat" in run("replay", str(finished_record), "--seat", "5").output
    bad = corrupt(finished_record, _illegal)
    assert "action #6" in one_line_error(run("replay", str(bad)), 1)
