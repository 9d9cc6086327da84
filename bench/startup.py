"""Server start: seconds until a server with N unfinished tables in its log answers, × an empty one's.

    python -m bench startup --tables 100000 --repeat 3

Writes N unfinished two-player Giacomotto tables (with their seats, no actions) into a temporary SQLite file, then
starts ``parlour serve`` on it and on an empty database, alternately, ``--repeat`` times each, and times each start
until ``GET /api/games`` answers, and then until a WebSocket to one of the N tables gets its first ``state`` (the
table is rebuilt from its log on that connection). Reported: median (best) seconds for each, and the full
database's start as a multiple of the empty one's measured in the same run, so the figure travels between machines.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from rich.console import Console
from rich.progress import Progress
from sqlalchemy import insert
from websockets.sync.client import connect

from parlour.server.storage import Store, seats, tables

OPTIONS = {"target": 101, "forced_capture": False, "last_card_tabla": True}


async def fill(url: str, n: int, progress: Progress) -> None:
    store = await Store.open(url)
    task = progress.add_task(f"writing {n} tables", total=n)
    async with store.engine.begin() as conn:
        for start in range(0, n, 5000):
            ids = range(start, min(n, start + 5000))
            await conn.execute(insert(tables), [
                {"id": f"t{i}", "game": "giacomotto", "players": 2, "options": OPTIONS, "seed": i, "salt": "s",
                 "commitment": "c", "seconds_per_move": None, "created": 1.0, "finished": False} for i in ids])
            await conn.execute(insert(seats), [
                {"table_id": f"t{i}", "seat": s, "kind": "human", "token": f"k{i}-{s}"} for i in ids for s in (0, 1)])
            progress.advance(task, len(ids))
    await store.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(db: Path, log: Path) -> tuple[float, float]:
    """Seconds until the server answers HTTP, and until table ``t7``'s first state (the empty one: its 404)."""
    port = free_port()
    cmd = [sys.executable, "-c", "import sys; from parlour.cli import main; sys.exit(main())", "serve",
           "--port", str(port), "--db", str(db), "--bot-workers", "1"]
    t0 = time.perf_counter()
    with open(log, "ab") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"the server exited: {log.read_text()}")
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2).close()
                break
            except OSError:
                time.sleep(0.02)
        answered = time.perf_counter() - t0
        with connect(f"ws://127.0.0.1:{port}/ws/t7", open_timeout=30) as ws:
            json.loads(ws.recv(timeout=30))
        return answered, time.perf_counter() - t0
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(30)


def median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench startup", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100_000, help="unfinished tables in the log [100000]")
    parser.add_argument("--repeat", type=int, default=3, help="starts of each database [3]")
    args = parser.parse_args(argv)
    console = Console()
    with tempfile.TemporaryDirectory(prefix="parlour-startup-") as folder:
        full, empty, log = Path(folder) / "full.db", Path(folder) / "empty.db", Path(folder) / "server.log"
        with Progress(console=console, transient=True) as progress:
            asyncio.run(fill(f"sqlite:///{full}", args.tables, progress))
            asyncio.run(fill(f"sqlite:///{empty}", 0, progress))
            task = progress.add_task("starting servers", total=2 * args.repeat)
            times: dict[str, list[tuple[float, float]]] = {"full": [], "empty": []}
            for _ in range(args.repeat):
                for name, db in (("empty", empty), ("full", full)):
                    times[name].append(start(db, log))
                    progress.advance(task)
    for name, label in (("empty", "empty database"), ("full", f"{args.tables} tables")):
        answered = [a for a, _ in times[name]]
        first = [b for _, b in times[name]]
        console.print(f"{label:>16}: answers in {median(answered):.2f} s (best {min(answered):.2f}), "
                      f"first table state in {median(first):.2f} s (best {min(first):.2f})")
    ratio = median([a for a, _ in times["full"]]) / median([a for a, _ in times["empty"]])
    console.print(f"start with {args.tables} tables = {ratio:.2f} × an empty start (medians)")
    return 0
