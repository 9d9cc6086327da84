"""The table's WebSocket: every bad message is answered with an error to its sender and changes nothing."""

from __future__ import annotations

import json
from contextlib import ExitStack

import pytest
from server_wire import is_type, latest_state, new_table, receive_until
from starlette.websockets import WebSocketDisconnect

from parlour.server import ws as ws_module


@pytest.fixture
def table(client):
    return new_table(client)


@pytest.fixture(autouse=True)
def sockets(client):
    """Sockets opened by a test, closed before the app stops."""
    global _open
    with ExitStack() as stack:
        _open = stack
        yield stack


_open: ExitStack


def connect(client, table, seat=None):
    """A socket for ``seat`` (``None``: spectator) and its first state."""
    query = f"?token={table['seats'][seat]['token']}" if seat is not None else ""
    sock = _open.enter_context(client.websocket_connect(f"/ws/{table['table']}{query}"))
    return sock, receive_until(sock, is_type("state"))


def seats_by_turn(client, table):
    """The sockets of the seat to act and of the other seat, with the first state of the one to act."""
    a, sa = connect(client, table, 0)
    b, sb = connect(client, table, 1)
    mover = sa["view"]["to_act"][0]
    return (a, b, sa) if mover == 0 else (b, a, sb)


def error_of(sock, message):
    sock.send_text(message if isinstance(message, str) else json.dumps(message))
    return receive_until(sock, is_type("error"))


def test_seats_see_their_hand_and_spectators_none(client, table):
    a, sa = connect(client, table, 0)
    spec, ss = connect(client, table)
    assert sa["seat"] == 0 and len(sa["view"]["hand"]) == 6 and sa["version"] == 0
    assert ss["seat"] is None and ss["view"]["hand"] is None and ss["view"]["legal"] == []
    assert sa["table"]["table"] == table["table"] and sa["deadline"] is None and sa["clock"] is None
    assert sa["table"]["seats"][0]["connected"] is True and ss["table"]["seats"][1]["connected"] is False
    presence = receive_until(a, is_type("presence"))  # the others hear of arrivals in one small message
    assert presence == {"type": "presence", "seats": [True, False], "spectators": 1}


def test_an_action_updates_every_socket_and_is_logged_first(client, table):
    mover, other, state = seats_by_turn(client, table)
    seat = state["seat"]
    action = state["view"]["legal"][-1]
    mover.send_json({"type": "action", "action": action, "version": 0})
    after = receive_until(mover, lambda m: m["type"] == "state" and m["version"] == 1)
    seen = receive_until(other, lambda m: m["type"] == "state" and m["version"] == 1)
    assert after["view"]["to_act"] == seen["view"]["to_act"] == [1 - seat]
    assert any(e.get("action") == action for e in seen["view"]["log"])
    assert client.get(f"/api/tables/{table['table']}").json()["actions"] == 1


def test_bad_messages_are_answered_and_change_nothing(client, table):
    mover, other, state = seats_by_turn(client, table)
    spec, _ = connect(client, table)
    legal = state["view"]["legal"][0]
    hand = state["view"]["hand"]
    not_held = next(c for c in ["AS", "KS", "QS", "JS", "10S", "9S", "8S"] if c not in hand
                    and c not in state["view"]["table"])
    cases = [
        (mover, "{not json", "bad_json"),
        (mover, "[1, 2]", "bad_json"),
        (mover, {"type": "shuffle"}, "unknown_type"),
        (mover, {"no": "type"}, "unknown_type"),
        (mover, {"type": "action", "version": 0}, "bad_json"),
        (mover, {"type": "action", "action": legal}, "bad_json"),
        (mover, {"type": "action", "action": legal, "version": 7}, "stale"),
        (mover, {"type": "action", "action": f"trail {not_held}", "version": 0}, "illegal"),
        (mover, {"type": "action", "action": "capture nonsense", "version": 0}, "illegal"),
        (other, {"type": "action", "action": legal, "version": 0}, "not_your_turn"),
        (spec, {"type": "action", "action": legal, "version": 0}, "spectator"),
        (mover, {"type": "chat", "text": "x" * 501}, "too_big"),
        (mover, {"type": "chat", "text": "   "}, "bad_json"),
        (mover, json.dumps({"type": "chat", "text": "y" * 5000}), "too_big"),
    ]
    for sock, message, code in cases:
        error = error_of(sock, message)
        assert error["code"] == code, (message, error)
        assert error["message"]
    assert "you do not hold" in error_of(mover, {"type": "action", "action": f"trail {not_held}",
                                                 "version": 0})["message"]
    assert latest_state(mover) is None  # no state was sent: nothing changed
    _, now = connect(client, table, state["seat"])
    assert now["version"] == 0 and now["view"] == state["view"]
    assert client.get(f"/api/tables/{table['table']}").json()["actions"] == 0


def test_errors_go_to_the_sender_alone(client, table):
    mover, other, _ = seats_by_turn(client, table)
    error_of(other, "{oops")
    other.send_json({"type": "ping"})
    mover.send_json({"type": "ping"})
    assert receive_until(mover, lambda m: m["type"] in ("pong", "error"))["type"] == "pong"


def test_wrong_token_and_unknown_table_are_closed(client, table):
    with client.websocket_connect(f"/ws/{table['table']}?token=guessed") as sock:
        assert sock.receive_json()["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            sock.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect("/ws/nosuchtable") as sock:
        assert sock.receive_json()["code"] == "not_found"


def test_a_flood_is_refused_then_closed_and_the_server_stays_up(client, table, monkeypatch):
    a, _ = connect(client, table, 0)
    # Far more than the limit lets through, so that even a slow server sees a sustained flood.
    for _ in range(ws_module.FLOOD_CLOSE * 6):
        a.send_text('{"type": "ping"}')
    codes = []
    with pytest.raises(WebSocketDisconnect):
        while True:
            m = a.receive_json()
            if m["type"] == "error":
                codes.append(m["code"])
    assert codes and set(codes) == {"flood"}
    b, state = connect(client, table, 1)  # the table still serves
    assert state["version"] == 0
    assert client.get("/api/games").status_code == 200


def test_chat_reaches_everyone_and_is_replayed_on_reconnect(client):
    table = new_table(client, spectator_chat=True)
    assert table["spectator_chat"] is True
    a, _ = connect(client, table, 0)
    spec, _ = connect(client, table)
    a.send_json({"type": "chat", "text": "  hello table "})
    line = receive_until(spec, is_type("chat"))
    assert (line["seat"], line["name"], line["text"]) == (0, "Ana", "hello table")
    spec.send_json({"type": "chat", "text": "nice"})
    assert receive_until(a, is_type("chat"))["text"] == "hello table"  # the sender hears itself too
    assert receive_until(a, is_type("chat"))["name"] == "spectator"
    a.close()
    again, state = connect(client, table, 0)
    lines = [receive_until(again, is_type("chat"))["text"] for _ in range(2)]
    assert lines == ["hello table", "nice"] and state["version"] == 0


def test_spectators_chat_only_where_the_table_allows_it_and_slowly(client, table):
    assert table["spectator_chat"] is False
    spec, _ = connect(client, table)
    error = error_of(spec, {"type": "chat", "text": "hello"})
    assert error["code"] == "spectator" and "spectator chat" in error["message"]
    a, _ = connect(client, table, 0)
    for i in range(7):
        a.send_json({"type": "chat", "text": f"line {i}"})
    answers = [receive_until(a, lambda m: m["type"] in ("chat", "error")) for _ in range(7)]
    assert [m.get("code", m["type"]) for m in answers] == ["chat"] * 5 + ["flood"] * 2  # bursts of 5, then 1/s
    assert [receive_until(spec, is_type("chat"))["text"] for _ in range(5)] == [f"line {i}" for i in range(5)]


def test_a_seat_s_chat_allowance_holds_across_its_sockets_and_reconnections(client, table):
    a, _ = connect(client, table, 0)
    for i in range(5):
        a.send_json({"type": "chat", "text": f"line {i}"})
    assert [receive_until(a, is_type("chat"))["text"] for _ in range(5)] == [f"line {i}" for i in range(5)]
    a.close()
    again, _ = connect(client, table, 0)  # a new socket for the same seat buys no new lines
    twin, _ = connect(client, table, 0)
    for sock in (again, twin):
        sock.send_json({"type": "chat", "text": "more"})
        answer = receive_until(sock, lambda m: m["type"] == "error" or m["type"] == "chat" and m["text"] == "more")
        assert answer.get("code") == "flood", answer
    b, _ = connect(client, table, 1)  # another seat has its own allowance (it hears the recent chat first)
    b.send_json({"type": "chat", "text": "hello"})
    assert [receive_until(b, is_type("chat"))["text"] for _ in range(6)][-1] == "hello"


def test_ping_pong(client, table):
    a, _ = connect(client, table, 0)
    a.send_json({"type": "ping"})
    assert receive_until(a, lambda m: m["type"] != "state") == {"type": "pong"}


def test_a_finished_table_sends_state_then_over_then_chat(client):
    import time

    t = new_table(client, [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}],
                  options={"target": 10}, spectator_chat=True)
    for _ in range(600):
        if client.get(f"/api/tables/{t['table']}").json()["status"] == "over":
            break
        time.sleep(0.05)
    spec, state = connect(client, t)
    spec.send_json({"type": "chat", "text": "gg"})
    assert state["view"]["over"] is True
    over = spec.receive_json()
    assert over["type"] == "over" and over["record_url"] == f"/api/tables/{t['table']}/record"
    assert spec.receive_json()["text"] == "gg"
    record = client.get(over["record_url"]).json()
    assert (record["seed"], record["salt"]) == (over["seed"], over["salt"])


def test_broken_unicode_and_deep_nesting_are_bad_json_and_change_nothing(client, table):
    a, state = connect(client, table, 0)
    cases = [
        '{"type": "chat", "text": "\\ud800"}',  # a lone surrogate, which no database can store
        '{"type": "chat", "text": "ok \\udc00 ok"}',
        '{"type": "action", "action": "trail \\ud83d", "version": 0}',
        '{"type": "ping", "\\ud800": 1}',
        "[" * 1500 + "]" * 1500,  # deeper than Python's stack
        '{"type": "ping", "x": ' + "[" * 20 + "]" * 20 + "}",
    ]
    for text in cases:
        error = error_of(a, text)
        assert error["code"] == "bad_json", (text[:40], error)
    assert "surrogate" in error_of(a, cases[0])["message"]
    assert "deep" in error_of(a, cases[-1])["message"]
    a.send_json({"type": "chat", "text": "still here \U0001F600"})  # a real pair, written as UTF-8, is fine
    assert receive_until(a, is_type("chat"))["text"] == "still here \U0001F600"
    assert latest_state(a) is None
    assert client.get(f"/api/tables/{table['table']}").json()["actions"] == 0


def test_an_unexpected_failure_is_logged_once_per_kind(client, table, monkeypatch, caplog):
    from parlour.server.table import Table

    async def broken_chat(self, client, text):
        raise RuntimeError("the chat broke")

    monkeypatch.setattr(Table, "chat", broken_chat)
    a, _ = connect(client, table, 0)
    with caplog.at_level("ERROR", logger="parlour.server"):
        for i in range(12):
            assert error_of(a, {"type": "chat", "text": f"hello {i}"})["code"] == "server_error"
        a.send_json({"type": "ping"})
        assert receive_until(a, lambda m: m["type"] != "state") == {"type": "pong"}
    tracebacks = [r for r in caplog.records if r.exc_info]
    assert len(tracebacks) == 1 and "the chat broke" in caplog.text and f"table {table['table']}" in caplog.text
    assert sum("10 times so far" in r.getMessage() for r in caplog.records) == 1


def test_a_refusal_carries_its_template_and_params_for_the_pages_language(client, table):
    """The wire's error keeps ``message`` (English) and adds what the page needs to say it in its own language:
    ``template`` and ``params``, looked up in the game's catalogue as the browser loads it."""
    from parlour.core.i18n import Message, game_translator, using
    from parlour.core.registry import game_class

    mover, other, state = seats_by_turn(client, table)
    hand = state["view"]["hand"]
    not_held = next(c for c in ["AS", "KS", "QS", "JS", "10S", "9S", "8S"] if c not in hand
                    and c not in state["view"]["table"])
    illegal = error_of(mover, {"type": "action", "action": f"trail {not_held}", "version": 0})
    waiting = error_of(other, {"type": "action", "action": state["view"]["legal"][0], "version": 0})
    # what the page loads: the game's catalogue, then the core's (the refusals every game shares)
    catalogue = {**client.get("/locale/sl.json").json()["messages"],
                 **client.get("/games/giacomotto/locale/sl.json").json()["messages"]}
    for error in (illegal, waiting):
        assert error["template"] in catalogue, error
        said = Message.from_wire(error)
        assert str(said) == error["message"]  # the same refusal as the English text
        with using("sl"):
            slovenian = game_translator(game_class("giacomotto")).message(said)
        assert slovenian != error["message"] and "{" not in slovenian
    assert illegal["params"]["card"] == not_held
    assert f"nimaš {not_held}" in catalogue[illegal["template"]].replace("{card}", not_held)
