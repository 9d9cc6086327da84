"""The log behaves alike on SQLite and PostgreSQL: what is written reads back unchanged, and what one database
cannot store is refused for both, with a message, before it reaches either."""

from __future__ import annotations

import asyncio
import sqlite3

from postgres import both_databases
from server_wire import new_table, receive_until

from sqlalchemy.engine import make_url

from parlour.server.storage import ChatRow, SeatRow, Store, TableRow

BIGGEST_SEED = 2**63 - 1  # the lobby draws 63 random bits


@both_databases
def test_the_log_reads_back_what_was_written(db_url):
    async def scenario():
        store = await Store.open(db_url)
        row = TableRow("t1", "giacomotto", 2, {"target": 61, "nested": {"a": [1, 2.5, None]}}, BIGGEST_SEED,
                       "salt", "c0ffee", 12.5, 1_790_000_000.125)
        await store.add_table(row, [SeatRow(0, "human", None, "Ždrale 🂡", "tok0"),
                                    SeatRow(1, "bot", "greedy", None, None)])
        # One group commit: the duplicate index fails alone and the others are kept.
        results = await asyncio.gather(
            store.add_action("t1", 0, 1, "trail 7H", 1_790_000_001.5),
            store.add_action("t1", 0, 0, "trail 8H", 1_790_000_001.6),
            store.add_action("t1", 1, None, "timeout", 1_790_000_002.25, finished=True),
            store.add_chat("t1", ChatRow(None, "spectator", "ćao 👋", 1_790_000_003.0)),
            return_exceptions=True)
        await store.close()
        store = await Store.open(db_url)  # a restart: the schema is already there
        try:
            return results, await store.table("t1"), await store.actions("t1"), await store.chat("t1"), \
                await store.unfinished(), await store.table_of_tokens(["tok0", "nope"])
        finally:
            await store.close()

    results, (table, seat_rows), actions, chat, unfinished, tokens = asyncio.run(scenario())
    assert [type(r).__name__ for r in results] == ["NoneType", "IntegrityError", "NoneType", "NoneType"]
    assert table.seed == BIGGEST_SEED and table.options == {"target": 61, "nested": {"a": [1, 2.5, None]}}
    assert (table.seconds_per_move, table.created, table.finished) == (12.5, 1_790_000_000.125, True)
    assert [(s.seat, s.kind, s.level, s.name) for s in seat_rows] == [(0, "human", None, "Ždrale 🂡"),
                                                                     (1, "bot", "greedy", None)]
    assert [(a.index, a.seat, a.action, a.t) for a in actions] == [(0, 1, "trail 7H", 1_790_000_001.5),
                                                                 (1, None, "timeout", 1_790_000_002.25)]
    assert chat == [ChatRow(None, "spectator", "ćao 👋", 1_790_000_003.0)]
    assert unfinished == [] and tokens == [("t1", 0, "tok0")]


@both_databases
def test_servers_starting_together_on_a_new_database_all_start(db_url):
    async def open_together():
        stores = await asyncio.gather(*(Store.open(db_url) for _ in range(4)), return_exceptions=True)
        for store in stores:
            if isinstance(store, Store):
                await store.close()
        return stores

    stores = asyncio.run(open_together())
    assert [s for s in stores if not isinstance(s, Store)] == []
    if db_url.startswith("sqlite"):  # and the file is in WAL mode, which only one of them could switch it to
        with sqlite3.connect(make_url(db_url).database) as conn:
            assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)


@both_databases
def test_the_nul_character_is_refused_in_names_and_chat_and_finds_nothing(client):
    r = client.post("/api/tables", json={"game": "giacomotto", "seats": [{"kind": "human", "name": "A\u0000na"},
                                                                         {"kind": "bot", "level": "random"}]})
    assert r.status_code == 422 and "any character but NUL" in r.json()["detail"]
    t = new_table(client)
    assert client.get("/api/tables/no%00such").status_code == 404
    assert client.get("/api/tables", params={"tokens": "a\u0000b"}).json() == []
    with client.websocket_connect("/ws/no%00such") as sock:
        assert sock.receive_json()["code"] == "not_found"
    with client.websocket_connect(f"/ws/{t['table']}?token={t['seats'][0]['token']}") as sock:
        sock.send_json({"type": "chat", "text": "hi\u0000"})
        error = receive_until(sock, lambda m: m["type"] == "error")
        assert error["code"] == "bad_json" and "any character but NUL" in error["message"]
        sock.send_json({"type": "chat", "text": "hi"})
        assert receive_until(sock, lambda m: m["type"] == "chat")["text"] == "hi"


def test_a_writer_that_stops_waiting_does_not_stop_the_others(tmp_path):
    async def scenario():
        store = await Store.open(f"sqlite:///{tmp_path / 'w.db'}")
        try:
            await store.add_table(TableRow("t1", "giacomotto", 2, {}, 7, "salt", "c0ffee", None, 0.0),
                                  [SeatRow(0, "human", None, None, "a"), SeatRow(1, "human", None, None, "b")])
            first = asyncio.create_task(store.add_action("t1", 0, 0, "trail 7H", 1.0))
            second = asyncio.create_task(store.add_action("t1", 1, 1, "trail 8H", 2.0))
            await asyncio.sleep(0)  # both rows wait in one batch
            first.cancel()  # its writer goes away (a bot's move cancelled as its table stops)
            await asyncio.wait_for(second, 10)
            await asyncio.wait_for(store.add_action("t1", 2, 0, "trail 9H", 3.0), 10)
            return [a.index for a in await store.actions("t1")]
        finally:
            await store.close()

    assert asyncio.run(scenario()) == [0, 1, 2]  # the row of the writer that left was committed all the same


@both_databases
def test_a_database_from_before_table_settings_gains_the_column(db_url):
    from sqlalchemy import text

    async def scenario():
        store = await Store.open(db_url)
        async with store.engine.begin() as conn:
            await conn.execute(text("ALTER TABLE tables DROP COLUMN settings"))  # as the first release made it
            await conn.execute(text("INSERT INTO tables (id, game, players, options, seed, salt, commitment, created, "
                                    "finished) VALUES ('old', 'giacomotto', 2, '{}', 7, 's', 'c', 0, false)"))
        await store.close()
        store = await Store.open(db_url)
        try:
            await store.add_table(TableRow("new", "giacomotto", 2, {}, 8, "salt", "c0ffee", None, 0.0,
                                           settings={"spectator_chat": True}), [SeatRow(0, "human", None, None, "t")])
            return (await store.table("old"))[0].settings, (await store.table("new"))[0].settings
        finally:
            await store.close()

    assert asyncio.run(scenario()) == ({}, {"spectator_chat": True})
