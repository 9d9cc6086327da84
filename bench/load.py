"""Server load: N two-player tables, two WebSocket clients each playing random legal moves; actions/s and latency.

    python -m bench load --tables 10,100,500

Starts ``parlour serve`` in a subprocess on a free loopback port with a temporary SQLite database. For each N it
creates N Giacomotto tables with two human seats, connects two simulated clients per table, and lets them play
random legal moves until each table has logged ``--actions`` actions or ``--seconds`` have passed. Reported per N:
accepted actions per second (every action is committed to the database before it is announced), and the p50/p99
latency from sending an action to receiving the state that includes it.

A client sends at most one message every 50 ms (the server allows 20 a second per socket), as a quick human would;
it answers its turn as soon as its state arrives, so the server is the bottleneck, not think time. The clients run
in this process, on the same machine: at large N they share its cores with the server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from websockets.asyncio.client import connect

from bench import REFERENCE_DOC, time_reference

MIN_GAP = 0.05  # seconds between two messages of one client: the server's limit is 20 a second


@dataclass
class Run:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: dict[str, int] = field(default_factory=dict)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: Path, port: int, log: Path) -> subprocess.Popen:
    cmd = [sys.executable, "-c", "import sys; from parlour.cli import main; sys.exit(main())", "serve",
           "--port", str(port), "--db", str(db), "--bot-workers", "1",
           "--tables-per-minute", "0", "--max-open-tables", "0"]  # one address creates every table
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited: {log.read_text()}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2).close()
            return proc
        except OSError:
            time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGKILL)
    raise RuntimeError("the server did not start within 60 s")


def create_table(base: str) -> dict:
    body = json.dumps({"game": "giacomotto", "seats": [{"kind": "human"}, {"kind": "human"}]}).encode()
    request = urllib.request.Request(base + "/api/tables", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as r:
        return json.loads(r.read())


async def client(ws_base: str, table: str, token: str, rng: random.Random, limit: int, stop_at: float,
                 run: Run) -> None:
    """Play random legal moves for one seat until the table has ``limit`` actions or time is up."""
    async with connect(f"{ws_base}/ws/{table}?token={token}", max_size=2 ** 22, open_timeout=60) as ws:
        sent_at: dict[int, float] = {}
        last_send = 0.0
        while time.monotonic() < stop_at:
            try:
                text = await asyncio.wait_for(ws.recv(), max(0.01, stop_at - time.monotonic()))
            except asyncio.TimeoutError:
                break
            message = json.loads(text)
            if message["type"] == "error":
                run.errors[message["code"]] = run.errors.get(message["code"], 0) + 1
                continue
            if message["type"] != "state":
                continue
            version, view = message["version"], message["view"]
            if version - 1 in sent_at:
                run.latencies.append(time.perf_counter() - sent_at.pop(version - 1))
                run.actions += 1
            if version >= limit or view["over"]:
                break
            if view["to_act"] == [message["seat"]] and version not in sent_at:
                gap = MIN_GAP - (time.monotonic() - last_send)
                if gap > 0:
                    await asyncio.sleep(gap)
                last_send = time.monotonic()
                sent_at[version] = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "action": rng.choice(view["legal"]),
                                          "version": version}))


async def measure(base: str, tables: int, limit: int, seconds: float, seed: int,
                  on_progress: Callable[[int], None] = lambda actions: None) -> tuple[Run, float]:
    loop = asyncio.get_running_loop()
    created = await asyncio.gather(*[loop.run_in_executor(None, create_table, base) for _ in range(tables)])
    run, rng = Run(), random.Random(seed)
    ws_base = base.replace("http", "ws", 1)
    start = time.monotonic()
    stop_at = start + seconds
    play = asyncio.gather(*[client(ws_base, t["table"], s["token"], random.Random(rng.random()), limit, stop_at, run)
                            for t in created for s in t["seats"]])
    while not play.done():
        on_progress(run.actions)
        await asyncio.wait([play], timeout=0.25)
    await play
    on_progress(run.actions)
    return run, time.monotonic() - start


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile by the nearest rank below (NaN for no values).

    >>> percentile([5.0, 1.0, 3.0, 2.0], 0.5), percentile(list(range(100)), 0.99)
    (3.0, 99)
    """
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench load", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="10,100,500", help="table counts to measure, comma-separated")
    parser.add_argument("--actions", type=int, default=60, help="actions per table (a Giacomotto pack is 48)")
    parser.add_argument("--seconds", type=float, default=60.0, help="time limit per table count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--cluster", action="store_true",
                        help="also two processes on PostgreSQL + Redis beside one on SQLite (bench/_cluster.py)")
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.tables.split(",") if n.strip()]
    if not counts or min(counts) < 1 or max(counts) > 2000:
        parser.error("--tables takes counts from 1 to 2000, e.g. 10,100,500")
    if args.cluster:
        from bench._cluster import run

        return run(counts, args.actions, args.seconds, args.seed, args.quiet)
    with tempfile.TemporaryDirectory(prefix="parlour-load-") as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        proc = start_server(Path(tmp) / "load.db", port, Path(tmp) / "server.log")
        try:
            print(f"server {base} (SQLite in {tmp}); {args.actions} actions per table, at most {args.seconds:g} s")
            print(f"{'tables':>7} {'actions':>8} {'seconds':>8} {'actions/s':>10} {'× baseline':>11} {'p50 ms':>8} "
                  f"{'p99 ms':>8}  errors")
            for n in counts:
                per_op = time_reference()
                with Progress(TextColumn(f"{n} tables"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                              console=Console(file=sys.stderr), transient=True, disable=args.quiet) as progress:
                    task = progress.add_task("load", total=n * args.actions)
                    run, elapsed = asyncio.run(measure(base, n, args.actions, args.seconds, args.seed,
                                                       lambda done: progress.update(task, completed=done)))
                per_op = (per_op + time_reference()) / 2  # the reference timed before and after, on the same load
                rate = run.actions / elapsed if elapsed else 0.0
                print(f"{n:>7} {run.actions:>8} {elapsed:>8.1f} {rate:>10.1f} {rate * per_op:>11.4f} "
                      f"{percentile(run.latencies, 0.5) * 1000:>8.1f} {percentile(run.latencies, 0.99) * 1000:>8.1f}"
                      f"  {run.errors or '-'}", flush=True)
            print(f"× baseline = actions/s ÷ reference ops/s, the reference timed before and after each count "
                  f"({REFERENCE_DOC})")
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
