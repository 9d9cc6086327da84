"""Go at the server: a table started from an SGF position, set messages instead of free chat while a Rengo game
goes on, a running-out clock that resigns, and the finished match as SGF."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from fastapi.testclient import TestClient
from sgfmill import sgf

from parlour.games.rengo.gtp import gnugo_path
from parlour.games.rengo.sgf import sgf_to_record
from parlour.server import create_app
from parlour.server.limits import Limits

from .helpers import setup_sgf
from .test_rules import FINAL

HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]


def app(tmp_path: Path) -> TestClient:
    # Move clocks shorter than a public server's minimum, so that a clock runs out within the test.
    return TestClient(create_app(f"sqlite+aiosqlite:///{tmp_path / 'go.db'}", bot_workers=1,
                                 limits=Limits(min_move_clock=0.1)))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app(tmp_path) as c:
        yield c


def new_table(client: TestClient, game: str = "go", seats: list[dict[str, Any]] = HUMANS, **body: Any) -> dict:
    r = client.post("/api/tables", json={"game": game, "players": len(seats), "seats": seats, **body})
    assert r.status_code == 201, r.text
    return r.json()


def state_of(sock) -> dict[str, Any]:
    while True:
        m = sock.receive_json()
        if m["type"] == "state":
            return m


def play(client: TestClient, table: dict, seat: int, text: str) -> dict[str, Any]:
    """Seat ``seat`` plays ``text`` over its WebSocket; the state after it."""
    token = table["seats"][seat]["token"]
    with client.websocket_connect(f"/ws/{table['table']}?token={token}") as sock:
        first = state_of(sock)
        sock.send_text(json.dumps({"type": "action", "action": text, "version": first["version"]}))
        while True:
            m = sock.receive_json()
            if m["type"] == "error":
                raise AssertionError(m["message"])
            if m["type"] == "state" and m["version"] > first["version"]:
                return m


def test_a_table_starts_from_an_sgf_position_and_keeps_it_through_a_restart(tmp_path):
    sgf_text = setup_sgf(FINAL, to_move="W")
    with app(tmp_path) as client:
        table = new_table(client, options={"size": 9}, setup=sgf_text)
        m = play(client, table, 1, "play E5")  # White moves first: the position says so
        assert m["view"]["board"][4] == "O.XOO.X.." and m["view"]["setup"] == sgf_text
        games = {g["id"]: g for g in client.get("/api/games").json()}
        assert games["go"]["position"] == "SGF" and games["giacomotto"]["position"] is None
    # the position is stored with the table: the next server on the database rebuilds the same game
    with app(tmp_path) as again:
        assert play(again, table, 0, "pass")["view"]["board"][4] == "O.XOO.X.."


def test_a_bad_position_is_refused_with_the_reason(client):
    r = client.post("/api/tables", json={"game": "go", "players": 2, "seats": HUMANS, "options": {"size": 13},
                                         "setup": setup_sgf(FINAL)})
    assert r.status_code == 422 and "the SGF's board is 9×9, the table's 13×13" in r.json()["detail"]
    r = client.post("/api/tables", json={"game": "giacomotto", "players": 2, "seats": HUMANS, "setup": "(;SZ[9])"})
    assert r.status_code == 422 and "giacomotto starts from its own deal" in r.json()["detail"]


def test_rengo_partners_may_only_send_the_set_messages_until_the_game_ends(client):
    seats = [{"kind": "human", "name": n} for n in ("Ana", "Bo", "Cy", "Di")]
    table = new_table(client, "rengo", seats, options={"size": 9})
    token = table["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{table['table']}?token={token}") as sock:
        state_of(sock)
        sock.send_text(json.dumps({"type": "chat", "text": "play D4 next!"}))
        m = sock.receive_json()
        while m["type"] != "error":
            m = sock.receive_json()
        assert m["code"] == "canned_chat" and "May we resign?" in m["message"]
        sock.send_text(json.dumps({"type": "chat", "text": "May we resign?"}))
        m = sock.receive_json()
        while m["type"] != "chat":
            m = sock.receive_json()
        assert m["text"] == "May we resign?" and m["name"] == "Ana"
    play(client, table, 0, "resign")  # strict Rengo: the game is over
    with client.websocket_connect(f"/ws/{table['table']}?token={token}") as sock:
        state_of(sock)
        sock.send_text(json.dumps({"type": "chat", "text": "Well, play D4 next time!"}))
        m = sock.receive_json()
        while m["type"] not in ("chat", "error"):
            m = sock.receive_json()
        assert m["type"] == "chat"


def test_a_player_out_of_time_resigns(client):
    table = new_table(client, clock={"seconds_per_move": 0.3}, options={"size": 9})
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        summary = client.get(f"/api/tables/{table['table']}").json()
        if summary["status"] == "over":
            break
        time.sleep(0.1)
    record = client.get(f"/api/tables/{table['table']}/record").json()
    assert record["actions"][0]["action"] == "resign" and record["scores"] == [0, 1]


def test_a_finished_match_is_published_as_sgf_with_the_teams(client):
    seats = [{"kind": "human", "name": n} for n in ("Ana", "Bo", "Cy", "Di")]
    table = new_table(client, "rengo", seats, options={"size": 9})
    early = client.get(f"/api/tables/{table['table']}/record.sgf")
    assert early.status_code == 409
    for seat, text in enumerate(["play E5", "play C3", "play G3", "resign"]):
        play(client, table, seat, text)
    r = client.get(f"/api/tables/{table['table']}/record.sgf")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/x-go-sgf")
    root = sgf.Sgf_game.from_string(r.text).get_root()
    assert (root.get("PB"), root.get("PW"), root.get("RE")) == ("Ana, Cy", "Bo, Di", "B+R")
    record = sgf_to_record(r.text)
    assert [a["action"] for a in record.actions] == ["play E5", "play C3", "play G3", "resign"]
    assert client.get(f"/api/tables/{table['table']}/record.json").json()["game"] == "rengo"
    nope = client.get(f"/api/tables/{table['table']}/record.pdf")
    assert nope.status_code == 404 and "written as .json, .sgf" in nope.json()["detail"]


def current(client: TestClient, table: dict, seat: int) -> dict[str, Any]:
    """The state seat ``seat`` is sent on connecting: the table as it is now."""
    with client.websocket_connect(f"/ws/{table['table']}?token={table['seats'][seat]['token']}") as sock:
        return state_of(sock)


def bots_idle(client: TestClient, table: dict) -> None:
    """Until no bot of the table is thinking (a bot asked at the last change has played, or none was asked)."""
    live = client.app.state.lobby.tables[table["table"]]
    deadline = time.monotonic() + 60
    while live._thinking and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not live._thinking, "the bots kept thinking for a minute"


def test_rengo_bots_leave_the_count_to_the_people_of_their_team(client):
    """Each team is a person and a bot. Once play stops, the bots neither mark nor accept: the team whose turn it
    is agrees through its person, who sees the marking; the other team's person sees it and accepts."""
    bot = {"kind": "bot", "level": "gnugo-1" if gnugo_path() else "mcts"}
    seats = [{"kind": "human", "name": "Ana"}, bot, bot, {"kind": "human", "name": "Bo"}]  # Black: Ana, bot 2
    table = new_table(client, "rengo", seats, options={"size": 9}, setup=setup_sgf(FINAL))
    people = {0: "Ana", 3: "Bo"}
    for _ in range(20):  # the people pass whenever their turn comes, until play stops
        bots_idle(client, table)
        m = current(client, table, 0)
        if m["view"]["phase"] != "play":
            break
        assert m["view"]["to_act"][0] in people
        play(client, table, m["view"]["to_act"][0], "pass")
    stopped = m["version"]
    v = m["view"]
    assert v["phase"] == "scoring" and v["step"] == "mark"
    marker = next(s for s in v["to_act"] if s in people)
    assert len(v["to_act"]) == 2  # the team's person and its bot may both mark; the bot leaves it to her
    bots_idle(client, table)
    m = current(client, table, marker)
    assert m["version"] == stopped and m["view"]["dead"] == [] and marker in m["view"]["to_act"]
    assert "dead A5" in m["view"]["legal"] and "accept" in m["view"]["legal"]
    play(client, table, marker, "dead A5")
    play(client, table, marker, "dead G5")
    m = play(client, table, marker, "accept")
    # the other team answers: its person sees the dead stones marked, its bot waits for her too
    answerer = 3 - marker
    assert m["view"]["step"] == "answer" and answerer in m["view"]["to_act"]
    bots_idle(client, table)
    m = current(client, table, answerer)
    assert m["version"] == stopped + 3 and sorted(m["view"]["dead"]) == ["A5", "G5"]
    m = play(client, table, answerer, "accept")
    assert m["view"]["over"] and m["view"]["result"].startswith("W+")
    record = client.get(f"/api/tables/{table['table']}/record").json()
    assert [(a["seat"], a["action"]) for a in record["actions"][-4:]] == [(marker, "dead A5"), (marker, "dead G5"), (marker, "accept"),
                                                         (answerer, "accept")]
