"""A table that left memory for idleness comes back as it was: its view, its chat, and the next move played on it.

A new table's first socket does not ask the database for its chat (it has none); one that comes back from the log
reads it once.
"""

from __future__ import annotations

import time
from contextlib import ExitStack

from fastapi.testclient import TestClient
from server_wire import TWO_HUMANS, is_type, new_table, receive_until

from parlour.server import create_app
from parlour.server.limits import Limits


def wait_until(condition, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.02)


def connect(stack: ExitStack, client: TestClient, table: dict, seat: int):
    ws = stack.enter_context(client.websocket_connect(f"/ws/{table['table']}?token={table['seats'][seat]['token']}"))
    return ws, receive_until(ws, is_type("state"))


def test_a_player_at_an_evicted_table_plays_on_with_nothing_lost(db_url, monkeypatch):
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits(idle_minutes=0.05))) as c:  # 3 s
        lobby = c.app.state.lobby
        asked: list[str] = []
        store_chat = lobby.store.chat

        async def chat(table_id: str, last: int = 50):
            asked.append(table_id)
            return await store_chat(table_id, last)

        monkeypatch.setattr(lobby.store, "chat", chat)
        t = new_table(c, TWO_HUMANS)
        with ExitStack() as stack:
            sockets = dict([(0, connect(stack, c, t, 0)), (1, connect(stack, c, t, 1))])
            assert asked == []  # a new table: no chat to read
            mover = sockets[0][1]["view"]["to_act"][0]
            ws, state = sockets[mover]
            ws.send_json({"type": "chat", "text": "good luck"})
            receive_until(ws, lambda m: m["type"] == "chat")
            ws.send_json({"type": "action", "action": state["view"]["legal"][0], "version": 0})
            after = {s: receive_until(w, lambda m: m["type"] == "state" and m["version"] == 1) for s, (w, _) in
                     sockets.items()}
        wait_until(lambda: t["table"] not in lobby.tables)  # nobody there: it left memory

        with ExitStack() as stack:
            back = {s: stack.enter_context(c.websocket_connect(
                f"/ws/{t['table']}?token={t['seats'][s]['token']}")) for s in (0, 1)}
            states = {s: receive_until(w, is_type("state")) for s, w in back.items()}
            lines = [receive_until(w, is_type("chat")) for w in back.values()]
            assert t["table"] in lobby.tables and asked == [t["table"]]  # rebuilt from the log, its chat read once
            for s in (0, 1):  # each seat's view exactly as it was, hidden cards and all
                assert states[s]["version"] == 1 and states[s]["view"] == after[s]["view"]
            assert [line["text"] for line in lines] == ["good luck", "good luck"]
            nxt = states[0]["view"]["to_act"][0]
            legal = states[nxt]["view"]["legal"]
            back[nxt].send_json({"type": "action", "action": legal[0], "version": 1})
            for w in back.values():  # the move taken and sent to both, on top of the state they came back to
                receive_until(w, lambda m: m["type"] == "state" and m["version"] == 2)
        assert c.get(f"/api/tables/{t['table']}").json()["actions"] == 2
