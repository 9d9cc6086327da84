"""A test server (``--fixed-seeds``) opens a table at a chosen position: ``moves`` played at creation, each checked.

The table check of every game's browser table (tests/web/test_table_check.py) reaches a deal's middle and its
result this way; any other server refuses the field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from fastapi.testclient import TestClient

import parlour
from parlour.server import create_app

SEATS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def test_server(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite+aiosqlite:///{tmp_path / 'm.db'}", bot_workers=1, fixed_seeds=True)) as c:
        yield c


def first_state(client: TestClient, table: dict, seat: int = 0) -> dict:
    with client.websocket_connect(f"/ws/{table['table']}?token={table['seats'][seat]['token']}") as ws:
        return ws.receive_json()


def playout(game_id: str, seed: int, n: int) -> tuple[list[list], parlour.State]:
    """The first ``n`` moves of a play-out in which the first seat to act plays its first legal move."""
    state = parlour.load(game_id).new(seed=seed)
    moves = []
    while len(moves) < n:
        if not state.to_act:
            state.timeout()
            moves.append([None, "timeout"])
            continue
        seat = state.to_act[0]
        action = state.apply(seat, state.legal(seat)[0])
        moves.append([seat, str(action)])
    return moves, state


def test_moves_are_refused_unless_the_server_takes_seeds(client):
    r = client.post("/api/tables", json={"game": "giacomotto", "seats": SEATS, "seed": 7,
                                          "moves": [[0, "trail 7H"]]})
    assert r.status_code == 422 and "--fixed-seeds" in r.json()["detail"]


def test_a_table_opens_after_its_moves_as_the_engine_plays_them(test_server):
    moves, state = playout("giacomotto", 7, 5)
    t = test_server.post("/api/tables", json={"game": "giacomotto", "seats": SEATS, "seed": 7, "moves": moves}).json()
    msg = first_state(test_server, t, seat=1)
    assert msg["version"] == 5
    assert msg["view"] == state.view(1)
    assert test_server.get(f"/api/tables/{t['table']}").json()["actions"] == 5


def test_a_timeout_closes_the_open_window(test_server):
    state = parlour.load("kaboo").new(seed=3)
    assert state.deadline is not None  # the opening peek
    state.timeout()
    t = test_server.post("/api/tables", json={"game": "kaboo", "seats": SEATS * 2, "seed": 3,
                                               "moves": [[None, "timeout"]]}).json()
    msg = first_state(test_server, t)
    assert msg["version"] == 1 and msg["view"] == state.view(0)


def test_moves_that_end_the_match_make_a_finished_table(test_server):
    state = parlour.load("gami").new(seed=5)
    moves = []
    while not state.over:
        seat = state.to_act[0]
        moves.append([seat, str(state.apply(seat, state.legal(seat)[0]))])
    t = test_server.post("/api/tables", json={"game": "gami", "seats": SEATS, "seed": 5, "moves": moves}).json()
    assert test_server.get(f"/api/tables/{t['table']}").json()["status"] == "over"
    record = test_server.get(f"/api/tables/{t['table']}/record").json()
    assert [[a["seat"], a["action"]] for a in record["actions"]] == moves


FIRST = playout("giacomotto", 7, 1)[0][0]  # seat 0's first legal move at seed 7


@pytest.mark.parametrize("bad, says", [
    ([[1, "trail 7H"]], "moves[0] (1, 'trail 7H') is refused: seat 1 may not act now"),
    ([[0, "fly away"]], "moves[0] (0, 'fly away') is refused"),
    ([FIRST, FIRST], f"moves[1] (0, {FIRST[1]!r}) is refused: "),  # the second of two
    ([[None, "timeout"]], "no timed window is open"),
    ([[None, "start"]], "a move without a seat is 'timeout'"),
])
def test_a_refused_move_is_named_and_nothing_is_made(test_server, bad, says):
    r = test_server.post("/api/tables", json={"game": "giacomotto", "seats": SEATS, "seed": 7, "moves": bad})
    assert r.status_code == 422, r.text
    assert says in r.json()["detail"]
    assert not test_server.app.state.lobby.tables


def test_moves_need_the_seed_they_were_made_for(test_server):
    r = test_server.post("/api/tables", json={"game": "giacomotto", "seats": SEATS, "moves": [[0, "trail 7H"]]})
    assert r.status_code == 422 and "seed" in r.json()["detail"]
