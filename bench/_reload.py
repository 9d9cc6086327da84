"""``python -m bench load --pace people --reload N``: what a person feels when her table has left memory.

A fresh server whose idle tables leave memory after ``--idle-seconds`` (``parlour serve --idle-minutes``); N tables
of the people's-pace mix (``bench/_pace.py``), each played for a few moves by its people, who then close their
sockets. Each table's first person comes back twice: at once, her table still in memory, and after it has left
(twice the idle time and the sweep's period later): the time from opening her socket to holding the table's whole
state (``open``), and from sending her next move (when it is hers; else the next seat's person's) to the other
person's socket receiving it (``move``). The tables come back one at a time, as people do, not all at once.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import tempfile
import time
from pathlib import Path

import orjson
from websockets.asyncio.client import connect

from bench import client_address
from bench._capacity import create, sockets_of
from bench._pace import plan_tables
from bench.load import free_port, percentile, start_server, stop_server

MOVES = 6  # moves played at each table before its people leave


async def _open(url: str, source: str) -> tuple[object, dict, float]:
    """Open ``url``: the socket, its first state message, and the seconds it took."""
    t = time.perf_counter()
    ws = await connect(url, max_size=2 ** 22, ping_interval=None, close_timeout=1, local_addr=(source, 0))
    while True:
        message = orjson.loads(await ws.recv())
        if message["type"] == "state":
            return ws, message, time.perf_counter() - t


async def _play_some(people: list[tuple[str, str, int | None]], source: str, moves: int) -> None:
    """The table's people play ``moves`` random moves (first legal move each time), then close their sockets."""
    sockets = []
    for url, _, seat in people:
        ws, state, _ = await _open(url, source)
        sockets.append([ws, seat, state])
    for _ in range(moves):
        acting = [s for s in sockets if s[1] in s[2]["view"]["to_act"] and s[2]["view"]["legal"]]
        if not acting or any(s[2]["view"]["over"] for s in sockets):
            break
        ws, seat, state = acting[0]
        await ws.send(orjson.dumps({"type": "action", "action": state["view"]["legal"][0],
                                    "version": state["version"]}).decode())
        for s in sockets:
            s[2] = await _newer(s[0], state["version"])
    for s in sockets:
        await s[0].close()


async def _newer(ws: object, version: int, timeout: float = 30.0) -> dict:
    """The next state message on ``ws`` past ``version``."""
    while True:
        message = orjson.loads(await asyncio.wait_for(ws.recv(), timeout))  # type: ignore[attr-defined]
        if message["type"] == "state" and message["version"] > version:
            return message


async def _come_back(people: list[tuple[str, str, int | None]], source: str) -> tuple[float, float | None]:
    """Every person at a table opens her socket again (the time to the first's whole state), and the one whose
    turn it is moves (the time until another person's socket has it); ``None`` if nobody could move."""
    opened = [await _open(url, source) for url, _, _ in people]
    took = opened[0][2]
    moved = None
    acting = [(o, p[2]) for o, p in zip(opened, people) if p[2] in o[1]["view"]["to_act"] and o[1]["view"]["legal"]]
    others = [o for o, p in zip(opened, people) if acting and p[2] != acting[0][1]]
    if acting and others and not acting[0][0][1]["view"]["over"]:
        (ws, state, _), _ = acting[0]
        t = time.perf_counter()
        await ws.send(orjson.dumps({"type": "action", "action": state["view"]["legal"][0],
                                    "version": state["version"]}).decode())
        await _newer_any(others[0][0], state["version"])
        moved = time.perf_counter() - t
    for ws, _, _ in opened:
        await ws.close()
    return took, moved


async def _newer_any(ws: object, version: int, timeout: float = 30.0) -> None:
    """Wait for a state or patch past ``version`` on ``ws``."""
    while True:
        message = orjson.loads(await asyncio.wait_for(ws.recv(), timeout))  # type: ignore[attr-defined]
        if message["type"] in ("state", "patch") and message["version"] > version:
            return


def _left(db: Path, ids: list[str]) -> int:
    """How many of ``ids`` left memory: a table that leaves saves its clocks with the time it was paused."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        marks = ",".join("?" * len(ids))
        return conn.execute(f"SELECT count(*) FROM clocks WHERE paused IS NOT NULL AND table_id IN ({marks})",
                            ids).fetchone()[0]


def reload(n: int, idle_seconds: float = 1.2) -> dict[str, float]:
    """Measure ``n`` tables coming back from memory and from the log; the figures, in seconds and bytes."""
    plan = plan_tables(n)
    with tempfile.TemporaryDirectory(prefix="parlour-reload-") as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        proc = start_server(Path(tmp) / "reload.db", port, Path(tmp) / "server.log",
                            extra=["--idle-minutes", f"{idle_seconds / 60:.6f}"])
        try:
            created = [create(base, p) for p in plan]
            tables = [(p, sockets_of(base, c, p)) for p, c in zip(plan, created)]
            people = [[(url.replace("&patches=1", ""), key, seat) for url, key, seat in sockets if seat is not None]
                      for _, sockets in tables]  # whole states only: each socket's view as it is

            async def main() -> dict[str, list[float]]:
                out: dict[str, list[float]] = {"memory open": [], "memory move": [], "log open": [],
                                               "log move": []}
                for i, them in enumerate(people):
                    await _play_some(them, client_address(i), MOVES)
                for i, them in enumerate(people):  # at once: the tables are still in memory
                    took, moved = await _come_back(them, client_address(i))
                    out["memory open"].append(took)
                    if moved is not None:
                        out["memory move"].append(moved)
                await asyncio.sleep(2 * idle_seconds + max(0.05, idle_seconds / 4) + 1)  # every table left
                out["left"] = [float(_left(Path(tmp) / "reload.db", [t["table"] for t in created]))]
                for i, them in enumerate(people):
                    took, moved = await _come_back(them, client_address(i))
                    out["log open"].append(took)
                    if moved is not None:
                        out["log move"].append(moved)
                return out

            found = asyncio.run(main())
        finally:
            stop_server(proc)
    figures = {f"{name} p{q}": percentile(values, q / 100) for name, values in found.items()
               if name != "left" for q in (50, 99)}
    figures["left"] = found["left"][0]
    figures["tables"] = n
    figures["moves timed"] = len(found["log move"])
    return figures


def run(n: int) -> int:
    """Print the figures of :func:`reload`."""
    print(f"{n} tables of the people's mix, each played {MOVES} moves, its people gone; load "
          f"{os.getloadavg()[0]:.1f} at the start")
    f = reload(n)
    print(f"{'':>12} {'open p50 ms':>11} {'open p99 ms':>11} {'move p50 ms':>11} {'move p99 ms':>11}")
    for where, name in (("memory", "in memory"), ("log", "from the log")):
        print(f"{name:>12} {f[f'{where} open p50'] * 1000:>11.1f} {f[f'{where} open p99'] * 1000:>11.1f} "
              f"{f[f'{where} move p50'] * 1000:>11.1f} {f[f'{where} move p99'] * 1000:>11.1f}")
    print(f"({f['left']:.0f} of the {n} tables had left memory before they came back; {f['moves timed']:.0f} moves timed; open: a person's socket opened to its whole state; move: her next "
          "move to another person's socket; load {:.1f} at the end)".format(os.getloadavg()[0]))
    return 0
