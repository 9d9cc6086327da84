"""A bounded soak: hostile clients and honest ones on one real server at once; the honest tables finish unchanged.

While honest people play three tables on one ``parlour serve`` process (one of two people, one against a bot, one
of four seats with two bots; a spectator at each), hostile clients keep at it until those tables are over (12 s at
least): they create tables as fast as they can, flood messages, send junk (broken JSON, deep nesting, lone
surrogates, binary and oversized frames, a spectator's moves and chat), guess seat tokens, come and go as
spectators, open sockets that never read, and play illegal and stale moves and spam chat (reconnecting each time)
at a table of their own. Every message an honest socket received must be exactly what an independent replay of the
published record shows that seat at that version, the records must hold exactly the moves the honest players made,
nobody honest may be refused anything, every attack must have met its documented answer, a seat's chat allowance
must hold however often it reconnects, and the server must still answer at the end, with no unexpected failure in
its log. It takes about 30 s on two cores at a load of 10. ``scripts/attack.py`` replays issue 8's attack
finding by finding.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import socket
import sqlite3
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from conftest import ServerProcess
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from parlour.core.record import Record

#: The hostile clients keep at it until the honest tables are over, and for this many seconds at least.
HOSTILE_SECONDS = 12.0
#: The most the honest tables may take (about 12 s on an idle machine, 15 s at a load of 10 on 2 cores).
HONEST_LIMIT = 45.0
SPECTATORS = 8


def post(base: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(base + "/api/tables", json.dumps(body).encode(), {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=20) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def get(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=20) as r:
        return json.loads(r.read())


class Honest:
    """One honest socket: every message kept; a seated one plays a random legal move after a short think."""

    def __init__(self, ws_base: str, table: str, token: str | None, rng: random.Random) -> None:
        self.url = f"{ws_base}/ws/{table}" + (f"?token={token}" if token else "")
        self.rng, self.states, self.played, self.refused = rng, [], [], []
        self.over: dict[str, Any] | None = None
        self.joined = asyncio.Event()  # set at the first state: the socket holds its place at the table

    async def run(self) -> None:
        async with connect(self.url, max_size=2**22, open_timeout=30) as ws:
            while self.over is None:
                message = json.loads(await ws.recv())
                if message["type"] == "error":
                    self.refused.append(message)
                elif message["type"] == "over":
                    self.over = message
                elif message["type"] == "state":
                    self.states.append(message)
                    self.joined.set()
                    view, seat = message["view"], message["seat"]
                    if seat is not None and seat in view["to_act"] and not view["over"]:
                        await asyncio.sleep(self.rng.uniform(0.03, 0.06))  # a quick person, within 20 messages/s
                        action = self.rng.choice(view["legal"])
                        self.played.append((message["version"], seat, action))
                        await ws.send(json.dumps({"type": "action", "action": action, "version": message["version"]}))


class Hostile:
    """The attackers, each a loop until ``stop``; ``seen`` counts what the server answered them."""

    def __init__(self, base: str, tables: list[dict[str, Any]], own: dict[str, Any], stop: float) -> None:
        self.base, self.ws_base = base, base.replace("http", "ws", 1)
        self.tables, self.own, self.stop = tables, own, stop
        self.started, self.ended = time.monotonic(), None
        self.honest_over = False  # set once every honest table is over
        self.seen: Counter = Counter()
        self.sleepers: list[socket.socket] = []

    def going(self) -> bool:
        now = time.monotonic()
        if now < self.stop or not self.honest_over:
            return True
        self.ended = self.ended or now
        return False

    async def answers(self, ws: Any, seconds: float = 0.2) -> None:
        """Count what the server sends back for a moment (error codes, close codes)."""
        try:
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), seconds))
                self.seen[message.get("code", message["type"])] += 1
        except TimeoutError:
            pass
        except ConnectionClosed as e:
            self.seen[f"closed {e.rcvd.code if e.rcvd else None}"] += 1

    async def keep(self, attack: Callable[[], Awaitable[None]]) -> None:
        """Run one attack again and again until ``stop``; a connection the server refused or dropped is counted."""
        while self.going():
            try:
                await attack()
            except ConnectionClosed as e:
                self.seen[f"closed {e.rcvd.code if e.rcvd else None}"] += 1
            except (TimeoutError, OSError, InvalidHandshake) as e:  # a slow machine: counted, not fatal
                self.seen[f"no connection ({type(e).__name__})"] += 1

    async def create_tables(self) -> None:
        status, _ = await asyncio.get_running_loop().run_in_executor(
            None, post, self.base, {"game": "giacomotto", "seats": [{"kind": "bot", "level": "random"}] * 2})
        self.seen[f"http {status}"] += 1
        await asyncio.sleep(0.05)

    async def flood(self) -> None:
        """A seat of its own table sends pings far faster than allowed, until closed, then comes back."""
        seat = 1 - self.own["mover"]
        async with connect(f"{self.ws_base}/ws/{self.own['table']}?token={self.own['seats'][seat]['token']}") as ws:
            reading = asyncio.create_task(self.answers(ws, 5))
            try:
                for _ in range(400):
                    await ws.send('{"type": "ping"}')
            except ConnectionClosed:
                pass
            await reading

    async def junk(self) -> None:
        """A spectator at an honest table sends every kind of bad message, and a frame over the limit."""
        junk = ["{not json", "[1, 2]", '{"type": "chat", "text": "\\ud800"}', "[" * 3000 + "]" * 3000,
                '{"type": "ping", "x": ' + "[" * 20 + "]" * 20 + "}", '{"type": "shuffle"}', "x" * 5000,
                '{"type": "action", "action": "trail 7H", "version": 0}', '{"type": "chat", "text": "hi"}', b"\x00"]
        table = random.choice(self.tables)
        async with connect(f"{self.ws_base}/ws/{table['table']}", max_size=2**22) as ws:
            for text in junk:
                await ws.send(text)
                await asyncio.sleep(0.06)
            await self.answers(ws)
            await ws.send("y" * 70_000)
            await self.answers(ws, 2)

    async def guess_tokens(self) -> None:
        table = random.choice(self.tables)
        guess = base64.urlsafe_b64encode(os.urandom(16)).decode().rstrip("=")
        async with connect(f"{self.ws_base}/ws/{table['table']}?token={guess}") as ws:
            await self.answers(ws, 2)

    async def churn(self) -> None:
        """Spectators come and go as fast as they can (beyond the cap, refused as ``full``)."""
        table = random.choice(self.tables)
        async with connect(f"{self.ws_base}/ws/{table['table']}", max_size=2**22) as ws:
            message = json.loads(await ws.recv())
            self.seen[message.get("code", message["type"])] += 1

    def sleep_at(self, table: dict[str, Any], count: int) -> None:
        """Sockets that open a spectator's WebSocket and then never read a byte."""
        port = int(self.base.rsplit(":", 1)[1])
        for _ in range(count):
            s = socket.create_connection(("127.0.0.1", port))
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            key = base64.b64encode(os.urandom(16)).decode()
            s.sendall(f"GET /ws/{table['table']} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
            self.sleepers.append(s)

    async def cheat(self) -> None:
        """The seat to act at its own table plays stale, illegal and malformed moves and floods chat."""
        seat = self.own["mover"]
        bad = [{"type": "action", "action": "capture nonsense", "version": 0},
               {"type": "action", "action": "trail 7H", "version": 10**9},
               {"type": "action", "action": ["trail"], "version": 0},
               {"type": "action", "action": "trail 7H", "version": True},
               {"type": "chat", "text": "z" * 501}] + [{"type": "chat", "text": "spam"}] * 8
        async with connect(f"{self.ws_base}/ws/{self.own['table']}?token={self.own['seats'][seat]['token']}") as ws:
            for message in bad:
                await ws.send(json.dumps(message))
                await asyncio.sleep(0.06)
            await self.answers(ws)

    def close(self) -> None:
        for s in self.sleepers:
            s.close()


async def soak(base: str) -> tuple[list[tuple[dict, list[Honest]]], Hostile]:
    rng = random.Random(8)
    ws_base = base.replace("http", "ws", 1)
    human, greedy, rand = {"kind": "human"}, {"kind": "bot", "level": "greedy"}, {"kind": "bot", "level": "random"}
    layouts = [[human, human], [human, greedy], [human, rand, human, greedy]]
    honest = []
    for seats in layouts:
        status, t = post(base, {"game": "giacomotto", "players": len(seats), "options": {"target": 1},
                                "seats": seats})
        assert status == 201, t
        sockets = [Honest(ws_base, t["table"], s.get("token"), rng) for s in t["seats"] if "token" in s]
        honest.append((t, [Honest(ws_base, t["table"], None, rng), *sockets]))  # a spectator first, then the seats
    status, own = post(base, {"game": "giacomotto", "seats": [human, human]})
    assert status == 201
    async with connect(f"{ws_base}/ws/{own['table']}") as ws:
        own["mover"] = json.loads(await ws.recv())["view"]["to_act"][0]
    hostile = Hostile(base, [t for t, _ in honest], own, time.monotonic() + HOSTILE_SECONDS)
    playing = [asyncio.create_task(s.run()) for _, sockets in honest for s in sockets]
    # the honest spectators are in before the sleepers fill all but the last places
    await asyncio.wait_for(asyncio.gather(*(s.joined.wait() for _, sockets in honest for s in sockets)), 30)
    for t, _ in honest:
        hostile.sleep_at(t, SPECTATORS - 2)
    attacks = [hostile.keep(attack) for attack in (hostile.create_tables, hostile.flood, hostile.junk,
                                                   hostile.guess_tokens, hostile.churn, hostile.churn, hostile.cheat)]

    async def honest_play() -> None:
        await asyncio.gather(*playing)
        hostile.honest_over = True

    try:
        await asyncio.wait_for(asyncio.gather(honest_play(), *attacks), HONEST_LIMIT)
    finally:
        hostile.close()
    return honest, hostile


def test_honest_tables_finish_unchanged_while_hostile_clients_attack(tmp_path):
    server = ServerProcess(f"sqlite:///{tmp_path / 'soak.db'}", tmp_path / "server.log", "--tables-per-minute", "12",
                           "--max-spectators", str(SPECTATORS))
    try:
        base = server.start()
        honest, hostile = asyncio.run(soak(base))

        for t, sockets in honest:
            record = get(f"{base}/api/tables/{t['table']}/record")
            Record.from_dict(record).verify()
            played = sorted(p for s in sockets for p in s.played)
            humans = {s["seat"] for s in t["seats"] if "token" in s}
            assert [(i, a["seat"], a["action"]) for i, a in enumerate(record["actions"]) if a["seat"] in humans] \
                == played, "the record's moves of the honest seats are not exactly the moves they made"
            views = [{seat: json.loads(json.dumps(state.view(seat))) for seat in [None, *range(t["players"])]}
                     for _, state in Record.from_dict(record).states()]
            for s in sockets:
                assert not s.refused, s.refused
                assert s.over is not None and s.over["seed"] == record["seed"]
                versions = [m["version"] for m in s.states]
                assert versions == list(range(versions[0], len(record["actions"]) + 1)), "a state was skipped"
                for m in s.states:  # the view exactly, less the player aids the table adds where it allows them
                    sent = {k: v for k, v in m["view"].items() if k != "aids"}
                    assert sent == views[m["version"]][m["seat"]], f"seat {m['seat']}, version {m['version']}"

        seen = hostile.seen
        for answer in ("http 429", "flood", "closed 1008", "bad_json", "too_big", "closed 1009", "spectator",
                       "unknown_type", "bad_token", "closed 4403", "full", "stale", "illegal"):
            assert seen[answer] > 0, f"no {answer!r} among the answers to the attacks: {dict(seen)}"
        assert seen["http 201"] <= 12 - 4  # the honest tables and the attackers' own used the rest of the minute
        with urllib.request.urlopen(base + "/api/games", timeout=5) as r:
            assert r.status == 200
        # Chat is allowed per seat, not per socket: reconnecting does not buy the spammer more lines.
        with sqlite3.connect(tmp_path / "soak.db") as db:
            (lines,) = db.execute("SELECT count(*) FROM chat WHERE table_id = ?", (hostile.own["table"],)).fetchone()
        assert 0 < lines <= 5 + (hostile.ended - hostile.started) + 5, lines
        log = server.log.read_text()
        assert "Traceback" not in log and "failed" not in log, log[-3000:]
    finally:
        server.kill()
