"""Helpers the server tests share: creating tables and reading WebSocket messages until one matches."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Callable

TWO_HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]


def new_table(client: Any, seats: list[dict[str, Any]] = TWO_HUMANS, **body: Any) -> dict[str, Any]:
    """POST /api/tables with a Giacomotto table; the 201 answer."""
    r = client.post("/api/tables", json={"game": "giacomotto", "players": len(seats), "seats": seats, **body})
    assert r.status_code == 201, r.text
    return r.json()


def allow_clocks_from(client: Any, seconds: float) -> None:
    """Let the in-process app take move clocks as short as ``seconds`` (below the server's default minimum)."""
    lobby = client.app.state.lobby
    lobby.limits = replace(lobby.limits, min_move_clock=seconds)


def receive_until(ws: Any, wanted: Callable[[dict[str, Any]], bool], limit: int = 500) -> dict[str, Any]:
    """Read messages (from a TestClient socket) until one satisfies ``wanted``; return it."""
    for _ in range(limit):
        message = ws.receive_json()
        if wanted(message):
            return message
    raise AssertionError(f"no wanted message within {limit}")


def is_type(kind: str) -> Callable[[dict[str, Any]], bool]:
    return lambda m: m.get("type") == kind


def start_now(ws: Any) -> dict[str, Any]:
    """Press "start now" on a seated socket (the table's clocks run without waiting for the other invited people);
    return the state that says the table started."""
    ws.send_text(json.dumps({"type": "start"}))
    return receive_until(ws, lambda m: m["type"] == "state" and m["table"]["started"])


class Seat:
    """A seat's socket (a TestClient one) and the last state it was sent. A move refused as stale (another seat moved
    first: several may act at once, as in Kaboo's opening peek) is sent again against the newer state if it is
    still legal there, as the table page does."""

    def __init__(self, ws: Any) -> None:
        self.ws: Any = ws
        self.state: dict[str, Any] | None = None
        self.sent: str | None = None

    def until(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Read until the last state's view satisfies ``wanted``; return that state message."""
        while self.state is None or not wanted(self.state["view"]):
            self.read()
        return self.state

    def read(self) -> dict[str, Any]:
        m = self.ws.receive_json()
        if m["type"] == "error" and m["code"] == "stale" and self.sent:
            newest = int(m["message"].split("the table is at version ")[1].split(";")[0])
            while self.state is None or self.state["version"] < newest:
                self.read()
            if self.sent in self.state["view"]["legal"]:
                self.play(self.sent)
            return m
        assert m["type"] != "error", m
        if m["type"] == "state":
            self.state = m
        return m

    def play(self, action: str) -> None:
        assert self.state is not None
        self.sent = action
        self.ws.send_json({"type": "action", "action": action, "version": self.state["version"]})

    def refused(self) -> dict[str, Any]:
        """The answer to a move the table should refuse: the error (a new state instead fails the test)."""
        assert self.state is not None
        sent = self.state["version"]
        while (m := self.ws.receive_json())["type"] != "error":
            if m["type"] == "state":
                assert m["version"] == sent, f"{self.sent} was taken: {m['view']['log']}"
        return m


def latest_state(ws: Any) -> dict[str, Any]:
    """Ping, then return the last ``state`` received before the ``pong`` (the socket's current state)."""
    ws.send_text(json.dumps({"type": "ping"}))
    last = None
    while True:
        m = ws.receive_json()
        if m["type"] == "pong":
            return last
        if m["type"] == "state":
            last = m
