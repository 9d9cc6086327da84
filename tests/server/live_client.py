"""A scripted player for tests against a real server process: plain sockets, random legal moves."""

from __future__ import annotations

import json
import time
import urllib.request
from contextlib import ExitStack
from typing import Any

from websockets.sync.client import connect

from parlour.core.rng import Rng


def post(url: str, body: dict, timeout: float = 30) -> dict:
    """POST ``body`` as JSON; the answer's JSON."""
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=timeout) as r:
        return json.loads(r.read())


def get(url: str, timeout: float = 30) -> dict:
    """GET ``url``; the answer's JSON."""
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return json.loads(r.read())


def ws_url(base: str, table: str, token: str | None = None) -> str:
    return base.replace("http", "ws", 1) + f"/ws/{table}" + (f"?token={token}" if token else "")


class Refused(Exception):
    """The server answered with an ``error``."""

    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__(f"{message['code']}: {message['message']}")
        self.code = message["code"]
        self.error = message


class Seat:
    """One socket at a table; keeps every message it receives and the latest state."""

    def __init__(self, base: str, table: str, token: str | None = None) -> None:
        self._stack = ExitStack()  # the socket is a context manager; close() exits it
        self.sock = self._stack.enter_context(connect(ws_url(base, table, token), open_timeout=20))
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.state: dict[str, Any] | None = None
        self.over: dict[str, Any] | None = None

    def read(self, timeout: float = 20) -> dict[str, Any]:
        text = self.sock.recv(timeout=timeout)
        message = json.loads(text)
        self.raw.append(text)
        self.messages.append(message)
        if message["type"] == "state":
            self.state = message
        elif message["type"] == "over":
            self.over = message
        elif message["type"] == "error":
            raise Refused(message)
        return message

    def wait_version(self, version: int) -> dict[str, Any]:
        """Read until a state of at least ``version`` has come."""
        while self.state is None or self.state["version"] < version:
            self.read()
        return self.state

    def wait_over(self) -> dict[str, Any]:
        while self.over is None:
            self.read()
        return self.over

    def close(self) -> None:
        self._stack.close()


def play_random(seats: dict[int, Seat], rng: Rng, until: int | None = None,
                played: list[tuple[int, str]] | None = None, watchers: tuple[Seat, ...] = ()) -> list[tuple[int, str]]:
    """Play random legal moves for the human ``seats`` until the match ends (or ``until`` actions are logged).

    Bot seats move on their own; every socket (seats and ``watchers``) is read up to each new version.
    """
    played = [] if played is None else played
    everyone = [*seats.values(), *watchers]
    version = max(s.wait_version(0)["version"] for s in everyone)
    while until is None or version < until:
        for s in everyone:
            s.wait_version(version)
        state = max((s.state for s in seats.values()), key=lambda m: m["version"])
        version, view = state["version"], state["view"]
        if view["over"] or until is not None and version >= until:
            break
        mover = view["to_act"][0]
        if mover in seats:
            legal = seats[mover].wait_version(version)["view"]["legal"]
            action = rng.choice(legal)
            send_action(seats[mover], action, version)
            played.append((mover, action))
        version += 1
    return played


def send_action(seat: Seat, action: str, version: int) -> None:
    """Send an action and wait until it is accepted, slowing down when the server says ``flood``.

    A scripted client facing a quick bot can move faster than the 20 messages a second a socket may send.
    """
    while True:
        seat.sock.send(json.dumps({"type": "action", "action": action, "version": version}))
        try:
            seat.wait_version(version + 1)
            return
        except Refused as e:
            if e.code != "flood":
                raise
            time.sleep(0.25)
