"""Every bad value in a new table answers 422 with a sentence saying what was wrong and what is allowed, never 500
(issue 24, findings 3, 4 and 8): options named like a parameter, SGF that does not read, NUL in a start position,
and values of the wrong JSON type, which are refused, not converted."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from postgres import both_databases

import parlour
from parlour.core.record import Record

HUMAN, BOT = {"kind": "human"}, {"kind": "bot", "level": "random"}


def refused(client, **body) -> str:
    r = client.post("/api/tables", json={"seats": [HUMAN, BOT], **body})
    assert r.status_code == 422, (r.status_code, r.text)
    detail = r.json()["detail"]
    assert isinstance(detail, str) and len(detail) > 20, detail
    return detail


@pytest.mark.parametrize("name", ["players", "game_id", "self"])
def test_an_option_named_like_a_parameter_is_an_unknown_option(client, name):
    """24.3: ``options: {"players": 2}`` answered 500 (``TypeError: load() got multiple values``)."""
    detail = refused(client, game="giacomotto", options={name: 2})
    assert f"giacomotto has no option {name!r}; its options are: forced_capture, last_card_tabla, target" in detail


def test_parlour_verify_says_in_one_line_that_a_record_has_an_option_named_like_a_parameter(tmp_path):
    """24.3: ``parlour verify`` ended in the same traceback on such a record."""
    record = Record.start(parlour.load("giacomotto", 2), seed=5).to_dict()
    record["options"]["players"] = 2
    path = tmp_path / "players.json"
    path.write_text(json.dumps(record))
    done = subprocess.run([sys.executable, "-c", "import sys; from parlour.cli import main; sys.exit(main())",
                           "verify", str(path)], capture_output=True, text=True, timeout=120)
    out = done.stdout + done.stderr
    assert done.returncode not in (0, None) and "Traceback" not in out, out
    assert "has no option 'players'" in out, out


@pytest.mark.parametrize("game", ["go", "rengo"])
def test_sgf_that_does_not_read_says_what_is_wrong(client, game):
    """24.4: ``PL[X]`` answered 500 (a parser ``ValueError``), ``B[zz]`` 422 with an empty reason."""
    seats = [HUMAN, BOT] if game == "go" else [HUMAN, BOT, BOT, BOT]
    detail = refused(client, game=game, setup="(;SZ[19]PL[X])", seats=seats)
    assert "PL" in detail and "B or W" in detail and "'X'" in detail
    detail = refused(client, game=game, setup="(;SZ[19];B[zz])", seats=seats)
    assert "B[zz] is not a point on the board" in detail and "a to s" in detail
    detail = refused(client, game=game, setup="(;SZ[19]HA[x])", seats=seats)
    assert "HA" in detail and "whole number" in detail


@both_databases
def test_nul_in_a_start_position_or_an_option_is_refused_like_in_a_name(client):
    """24.4: on PostgreSQL a NUL in ``setup`` answered 500; names and chat refused it with a clear 422."""
    assert "a start position may hold any character but NUL" in refused(client, game="go", setup="(;SZ[19]C[\u0000])")
    detail = refused(client, game="rengo", options={"teams": "2+2\u0000"}, seats=[HUMAN, BOT, BOT, BOT])
    assert "any character but NUL" in detail
    r = client.post("/api/tables", json={"game": "go", "seats": [HUMAN, BOT], "setup": "(;SZ[19]C[hi])"})
    assert r.status_code == 201, r.text  # the same position without it is taken


@pytest.mark.parametrize("field, value, kind", [
    ("players", "2", "integer"), ("players", 2.0, "integer"), ("players", True, "integer"),
    ("spectator_chat", "no", "boolean"), ("spectator_chat", 0, "boolean"), ("listed", "yes", "boolean"),
    ("wait_for_players", 1, "boolean"), ("absent_seconds", "5", "number"), ("deal_pause", "1", "number"),
])
def test_values_of_the_wrong_type_are_refused_not_converted(client, field, value, kind):
    """24.8: ``"players": "2"`` and ``"spectator_chat": "no"`` were silently converted."""
    detail = refused(client, game="giacomotto", **{field: value})
    assert detail == f"{field}: Input should be a valid {kind}, got {value!r}"


@pytest.mark.parametrize("option, value, said", [
    ("target", "61", "option 'target' must be an integer, got '61'"),
    ("target", 61.5, "option 'target' must be an integer, got 61.5"),
    ("forced_capture", "true", "option 'forced_capture' must be true or false, got 'true'"),
])
def test_option_values_are_typed_and_the_message_says_the_type(client, option, value, said):
    assert said in refused(client, game="giacomotto", options={option: value})


def test_the_right_types_still_make_a_table(client):
    r = client.post("/api/tables", json={"game": "giacomotto", "players": 2, "seats": [HUMAN, BOT],
                                         "spectator_chat": True, "absent_seconds": 30, "deal_pause": 1.5,
                                         "options": {"target": 61, "forced_capture": True},
                                         "clock": {"seconds_per_move": 30}})
    assert r.status_code == 201, r.text
    assert r.json()["spectator_chat"] is True and r.json()["options"]["target"] == 61


def test_a_body_too_big_is_refused_before_it_is_read(client):
    """A request's body is read as JSON on the event loop: megabytes of it took the loop a second."""
    r = client.post("/api/tables", json={"game": "go", "seats": [HUMAN, BOT], "options": {"a": [[[[1]]]] * 60_000}})
    assert r.status_code == 413 and "body holds at most 262,144 bytes" in r.json()["detail"]
    assert "List should have at most 64 items" in refused(client, game="go", seats=[HUMAN] * 65)


def test_the_bounds_on_what_a_request_holds_are_stated_with_the_code_s_figures():
    from pathlib import Path

    from parlour.games.rengo import sgf
    from parlour.server import api, body, exports

    text = " ".join((Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text().split())
    for figure in (f"body is at most {body.MAX_BODY // 1024} KiB", f"({body.MAX_BODY_FIXED // 2**20} MiB on a",
                   f"at most {api.MAX_SEATS} entries each", f"`setup` is at most {api.MAX_SETUP:,} characters",
                   f"holds at most {sgf.MAX_NODES:,} nodes", f"{sgf.MAX_VALUES:,} property values",
                   f"nested at most {sgf.MAX_NESTING} deep", f"kept for the {exports.KEEP} tables"):
        assert figure in text, figure
    assert api.MAX_SEATS == api.MAX_OPTIONS and api.MAX_SETUP == sgf.MAX_CHARS


def test_a_bot_named_by_a_policy_file_is_refused(client, tmp_path):
    """``policy:FILE`` names a trained policy for programs (the arena, the series): a table seats only the listed
    bots, so that nobody can make the server read a file of its choosing."""
    from parlour.ai.policy import Policy

    path = tmp_path / "p.npz"
    Policy.fresh(parlour.load("giacomotto"), hidden=4).save(path)
    detail = refused(client, game="giacomotto", seats=[HUMAN, {"kind": "bot", "level": f"policy:{path}"}])
    assert "no bot level" in detail and "the levels are: pimc, greedy" in detail
