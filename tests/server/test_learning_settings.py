"""The learners' table settings (issue 25, contract D): ``hints`` and ``aids`` — their defaults, their storage
across a restart on SQLite and PostgreSQL, and the refusal of values that are not JSON booleans."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from postgres import both_databases

from parlour.server import create_app

HUMAN, BOT = {"kind": "human"}, {"kind": "bot", "level": "random"}


def made(client, **body) -> dict:
    r = client.post("/api/tables", json={"game": "giacomotto", "seats": [HUMAN, BOT], **body})
    assert r.status_code == 201, r.text
    return r.json()


@pytest.mark.parametrize("seats, on", [([HUMAN, BOT], True), ([HUMAN, HUMAN], False), ([BOT, BOT], False)])
def test_on_by_default_only_for_a_table_with_exactly_one_person(client, seats, on):
    table = made(client, seats=seats)
    assert (table["hints"], table["aids"]) == (on, on)
    summary = client.get(f"/api/tables/{table['table']}").json()
    assert (summary["hints"], summary["aids"]) == (on, on)


def test_the_creator_decides_either_way(client):
    friends = made(client, seats=[HUMAN, HUMAN], hints=True)
    assert (friends["hints"], friends["aids"]) == (True, False)
    alone = made(client, hints=False, aids=True)
    assert (alone["hints"], alone["aids"]) == (False, True)


@both_databases
def test_the_settings_are_stored_with_the_table_and_survive_a_restart(db_url):
    with TestClient(create_app(db_url, bot_workers=1)) as client:
        friends = made(client, seats=[HUMAN, HUMAN], hints=True, aids=False)["table"]
        alone = made(client, hints=False)["table"]
    with TestClient(create_app(db_url, bot_workers=1)) as client:  # a new server process on the same database
        for table, hints, aids in [(friends, True, False), (alone, False, True)]:
            summary = client.get(f"/api/tables/{table}").json()
            assert (summary["hints"], summary["aids"]) == (hints, aids)
        with client.websocket_connect(f"/ws/{friends}") as sock:  # every seat (a spectator too) sees them
            state = sock.receive_json()
            assert state["type"] == "state" and state["table"]["hints"] is True and state["table"]["aids"] is False


@pytest.mark.parametrize("field", ["hints", "aids"])
@pytest.mark.parametrize("value", ["yes", 1, 0, "false", [True]])
def test_a_value_that_is_not_true_or_false_is_refused_saying_so(client, field, value):
    r = client.post("/api/tables", json={"game": "giacomotto", "seats": [HUMAN, BOT], field: value})
    assert r.status_code == 422, r.text
    detail = r.json()["detail"]
    assert detail.startswith(f"{field}: Input should be a valid boolean"), detail
