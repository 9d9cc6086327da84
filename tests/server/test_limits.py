"""What one client may do to a server is bounded: tables created per address, tables open at once, the shortest
move clock, spectators per table and what they send; idle tables leave memory and startup replays nothing."""

from __future__ import annotations

import asyncio
import time
from contextlib import ExitStack

import pytest
from fastapi.testclient import TestClient
from server_wire import TWO_HUMANS, is_type, new_table, receive_until
from sqlalchemy import insert
from starlette.websockets import WebSocketDisconnect

from parlour.server import create_app
from parlour.server.limits import Limits
from parlour.server.storage import Store, seats, tables


def app_with(db_url: str, **limits) -> TestClient:
    return TestClient(create_app(db_url, bot_workers=1, limits=Limits(**limits)))


def post(client, seats=TWO_HUMANS, **body):
    return client.post("/api/tables", json={"game": "giacomotto", "players": len(seats), "seats": seats, **body})


def socket(stack: ExitStack, client, table, seat=None):
    query = f"?token={table['seats'][seat]['token']}" if seat is not None else ""
    ws = stack.enter_context(client.websocket_connect(f"/ws/{table['table']}{query}"))
    return ws, receive_until(ws, is_type("state"))


def wait_until(condition, seconds: float = 20):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.02)


def test_one_address_creates_a_bounded_number_of_tables_a_minute(db_url):
    with app_with(db_url, tables_per_minute=3) as c:
        assert [post(c).status_code for _ in range(3)] == [201, 201, 201]
        refused = post(c)
        assert refused.status_code == 429 and "at most 3 new tables a minute" in refused.json()["detail"]
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        bad = post(c, options={"target": 0})  # a bad request is refused for what it is, not counted
        assert bad.status_code == 422
        assert len(c.app.state.lobby.tables) == 3


def test_one_address_takes_a_bounded_number_of_open_seats_a_minute(db_url):
    # Issue 24.6: one loop took all 24 open seats of 8 listed tables on its first pass.
    four = [{"kind": "human"}] * 4
    with app_with(db_url, joins_per_minute=4) as c:
        listed = [post(c, seats=four, listed=True).json()["table"] for _ in range(2)]  # 3 open seats each
        answers = [c.post(f"/api/tables/{t}/join") for t in listed for _ in range(3)]
        assert [a.status_code for a in answers] == [200, 200, 200, 200, 429, 429]
        refused = answers[-1]
        assert "at most 4 seats of listed tables a minute from one address" in refused.json()["detail"]
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        assert [o["free"] for o in c.get("/api/open").json()] == [[2, 3]]  # the refused took nothing
        assert c.post(f"/api/tables/{listed[1]}/join", json={"seat": 0}).status_code == 422  # still told what is wrong
    with app_with(db_url, joins_per_minute=0) as c:  # 0: no limit
        t = post(c, seats=four, listed=True).json()["table"]
        assert [c.post(f"/api/tables/{t}/join").status_code for _ in range(3)] == [200, 200, 200]


def test_the_shortest_move_clock_is_a_server_limit(db_url):
    with app_with(db_url, min_move_clock=2) as c:
        r = post(c, clock={"seconds_per_move": 0.000001})
        assert r.status_code == 422 and "at least 2" in r.json()["detail"]
        assert post(c, clock={"seconds_per_move": 2}).status_code == 201


def test_open_tables_are_bounded_and_idle_ones_make_room(db_url):
    with app_with(db_url, open_tables=2) as c, ExitStack() as stack:
        lobby = c.app.state.lobby
        first, second = new_table(c), new_table(c)
        third = new_table(c)  # the oldest table nobody sits at leaves memory to make room
        assert first["table"] not in lobby.tables and len(lobby.tables) == 2
        assert c.get(f"/api/tables/{first['table']}").json()["status"] == "playing"  # still in the log
        socket(stack, c, second, 0)
        socket(stack, c, third, 1)
        full = post(c)
        assert full.status_code == 503 and "maximum of 2 open tables" in full.json()["detail"]
        _, state = socket(stack, c, first, 0)  # a returning player is never refused
        assert state["version"] == 0 and first["table"] in lobby.tables


def test_an_idle_table_leaves_memory_and_comes_back_as_it_was(db_url):
    with app_with(db_url, idle_minutes=0.005) as c:  # 0.3 s
        lobby = c.app.state.lobby
        t = new_table(c)
        with ExitStack() as stack:
            ws, state = socket(stack, c, t, 0)
            mover = state["view"]["to_act"][0]
            if mover != 0:
                ws, state = socket(stack, c, t, 1)
            ws.send_json({"type": "action", "action": state["view"]["legal"][0], "version": 0})
            moved = receive_until(ws, lambda m: m["type"] == "state" and m["version"] == 1)
            time.sleep(1)
            assert t["table"] in lobby.tables  # someone is connected: it stays
        wait_until(lambda: t["table"] not in lobby.tables)
        assert c.get(f"/api/tables/{t['table']}").json()["actions"] == 1
        with ExitStack() as stack:
            _, again = socket(stack, c, t, moved["seat"])
            assert again["version"] == 1 and again["view"] == moved["view"]


def test_startup_replays_no_table(db_url):
    async def fill(n: int) -> None:
        store = await Store.open(db_url)
        async with store.engine.begin() as conn:
            await conn.execute(insert(tables), [
                {"id": f"t{i}", "game": "giacomotto", "players": 2, "options": {"target": 101,
                 "forced_capture": False, "last_card_tabla": True}, "seed": i, "salt": "s", "commitment": "c",
                 "seconds_per_move": None, "created": 1.0, "finished": False} for i in range(n)])
            await conn.execute(insert(seats), [
                {"table_id": f"t{i}", "seat": s, "kind": "bot", "level": "random"} for i in range(n) for s in (0, 1)])
        await store.close()

    asyncio.run(fill(2000))
    with app_with(db_url) as c:
        lobby = c.app.state.lobby
        assert lobby.tables == {}  # two thousand unfinished all-bot tables, none rebuilt
        assert c.get("/api/tables/t7").json()["status"] == "playing" and lobby.tables == {}
        with c.websocket_connect("/ws/t7") as ws:  # a socket brings it back, and its bots play on
            receive_until(ws, lambda m: m["type"] == "state" and m["version"] >= 3)
        assert list(lobby.tables) == ["t7"]


def test_spectators_are_capped_and_their_comings_and_goings_are_small_coalesced_messages(db_url):
    with app_with(db_url, spectators=3) as c, ExitStack() as stack:
        t = new_table(c)
        seat, _ = socket(stack, c, t, 0)
        for _ in range(40):  # spectators come and go as fast as they can
            with c.websocket_connect(f"/ws/{t['table']}") as ws:
                receive_until(ws, is_type("state"))
        watchers = [socket(stack, c, t)[0] for _ in range(3)]
        with c.websocket_connect(f"/ws/{t['table']}") as late:
            assert late.receive_json()["code"] == "full"
            with pytest.raises(WebSocketDisconnect) as closed:
                late.receive_json()
            assert closed.value.code == 4429
        time.sleep(0.5)
        seat.send_json({"type": "ping"})
        seen = []
        while (m := seat.receive_json())["type"] != "pong":
            seen.append(m)
        assert {m["type"] for m in seen} == {"presence"}  # no state: the table did not change
        assert len(seen) < 20  # 80 arrivals and departures, coalesced
        assert seen[-1] == {"type": "presence", "seats": [True, False], "spectators": 3}
        assert len(watchers) == 3
