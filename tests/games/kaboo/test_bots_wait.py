"""At a table with people, a bot does not cut a snap window short: a bot whose turn comes next waits to draw until
every person has snapped or passed, or the window's time is up (server/table.py, ``Table._cuts_short``)."""

from __future__ import annotations

import json
import time
from typing import Any

from websockets.sync.client import connect

from browser import create_table


def ws_url(base: str, table: dict[str, Any]) -> str:
    return base.replace("http", "ws", 1) + table["seats"][0]["invite_url"].replace("/t/", "/ws/")


class Socket:
    def __init__(self, sock: Any) -> None:
        self.sock = sock
        self.state: dict[str, Any] = {}
        self.sent: str | None = None

    def read(self, timeout: float) -> dict[str, Any] | None:
        """The next state message within ``timeout`` seconds, or None."""
        end = time.monotonic() + timeout
        while (left := end - time.monotonic()) > 0:
            try:
                message = json.loads(self.sock.recv(timeout=left))
            except TimeoutError:
                return None
            if message.get("code") == "stale" and self.sent is not None:
                # The bot moved first (both seats may act in the peek): play it again, as the table page does.
                self.play(self.sent)
                continue
            assert message["type"] != "error", message
            if message["type"] == "state":
                self.state = message
                return message
        return None

    def until(self, wanted: Any, timeout: float = 20) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while not (self.state and wanted(self.state["view"])):
            assert self.read(end - time.monotonic()) is not None, f"no such state; last: {self.state['view']}"
        return self.state["view"]

    def play(self, action: str) -> None:
        self.sent = action
        self.sock.send(json.dumps({"type": "action", "action": action, "version": self.state["version"]}))


def test_the_next_bot_waits_for_a_person_in_the_snap_window(parlour_server: str) -> None:
    table = create_table(parlour_server, "kaboo", ["human", "expert"], seed=3,
                         options={"snap_seconds": 30, "peek_seconds": 30, "rounds": 1})
    with connect(ws_url(parlour_server, table), open_timeout=20) as sock:
        snap_window_waits_for(Socket(sock))


def snap_window_waits_for(me: Socket) -> None:
    me.until(lambda v: "ready" in v["legal"])
    me.play("ready")
    v = me.until(lambda v: v["turn"] == 0 and "draw" in v["legal"] and v["phase"] == "turn")
    me.play("draw")
    me.until(lambda v: v["phase"] == "drawn")
    me.play("swap 0")  # the card that was there goes on the pile: a snap window opens for both
    v = me.until(lambda v: v["turn"] == 1 and v["snap"]["rank"] is not None)
    assert "pass" in v["legal"] and 1 in v["to_act"]
    # the bot may snap or pass in the window, but it does not start its turn while we may still snap
    deadline = time.monotonic() + 1.5
    while (message := me.read(deadline - time.monotonic())) is not None:
        assert not any(e["type"] == "draw" for e in message["view"]["log"]), "the bot drew during our window"
    assert me.state["view"]["snap"]["rank"] is not None
    me.play("pass")
    me.until(lambda v: any(e["type"] == "draw" and e["seat"] == 1 for e in v["log"]), timeout=30)  # a loaded bot pool
