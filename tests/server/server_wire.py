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
