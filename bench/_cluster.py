"""``python -m bench load --cluster``: tables across two server processes (PostgreSQL + Redis) beside one (SQLite).

    python -m bench load --cluster --tables 100,500,1000

Starts, on loopback, a throwaway PostgreSQL (Debian's binaries, as the tests do), a throwaway ``redis-server``, two
``parlour serve --redis`` processes on that database, and one plain ``parlour serve`` on a SQLite file. For each
table count N it measures, one after the other on the same machine:

- ``1 process``: N two-player Giacomotto tables on the SQLite server, both players connected to it;
- ``2 processes``: N tables created alternately on either process (which then owns it), player 0 connected to the
  first process and player 1 to the second, so that every other action is forwarded to the table's owner and
  every state crosses Redis to reach one of the two players.

Clients play random legal moves as soon as their turn comes (at most one message per 50 ms per socket), until each
table has logged ``--actions`` actions or ``--seconds`` pass (the clock starts before the connections). Reported: accepted actions per second and the p50/p99
latency from a player's send to the OTHER player receiving the state that includes it (what that player feels).
All the clients run in this one process and share the two cores with the servers, PostgreSQL and Redis.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
MIN_GAP = 0.05  # seconds between two messages of one client: the server's limit is 20 a second


@dataclass
class Run:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: dict[str, int] = field(default_factory=dict)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile by the nearest rank below (NaN for no values).

    >>> percentile([5.0, 1.0, 3.0, 2.0], 0.5)
    3.0
    """
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def start_server(port: int, db: str, log: Path, *options: str) -> subprocess.Popen:
    cmd = [sys.executable, "-c", "import sys; from parlour.cli import main; sys.exit(main())", "serve",
           "--port", str(port), "--db", db, "--bot-workers", "1",
           "--tables-per-minute", "0", "--max-open-tables", "0", *options]  # one address creates every table
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited: {log.read_text()}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2).close()
            return proc
        except OSError:
            time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGKILL)
    raise RuntimeError("the server did not start within 90 s")


def stop_server(proc: subprocess.Popen) -> None:
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


def create_table(base: str) -> dict:
    body = json.dumps({"game": "giacomotto", "seats": [{"kind": "human"}, {"kind": "human"}]}).encode()
    request = urllib.request.Request(base + "/api/tables", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as r:
        return json.loads(r.read())


async def client(url: str, seat: int, sent: dict[int, tuple[int, float]], ready: asyncio.Barrier,
                 rng: random.Random, limit: int, stop_at: float, run: Run) -> None:
    """Play random legal moves for one seat; ``sent`` (shared by the table's two clients): version → (who sent
    the action made at it, when). A state at version v+1 gives the latency of the action made at v to the OTHER
    player. Nobody moves before both players of the table have their first state (``ready``)."""
    async with connect(url, max_size=2 ** 22, open_timeout=120) as ws:
        first: str | None = await ws.recv()  # the table's state: the server has seated us
        await ready.wait()
        last_send, mine = 0.0, None
        while time.monotonic() < stop_at:
            try:
                text = first or await asyncio.wait_for(ws.recv(), max(0.01, stop_at - time.monotonic()))
                first = None
            except asyncio.TimeoutError:
                break
            message = json.loads(text)
            kind = message["type"]
            if kind == "error":
                run.errors[message["code"]] = run.errors.get(message["code"], 0) + 1
                if message["code"] == "retry" and mine is not None:
                    await asyncio.sleep(0.2)
                    await ws.send(mine)
                continue
            if kind != "state":
                continue
            version, view = message["version"], message["view"]
            made = sent.get(version - 1)
            if made is not None and made[0] != seat:
                run.latencies.append(time.perf_counter() - made[1])
                run.actions += 1
                del sent[version - 1]
            if version >= limit or view["over"]:
                break
            if view["to_act"] == [seat] and version not in sent:
                gap = MIN_GAP - (time.monotonic() - last_send)
                if gap > 0:
                    await asyncio.sleep(gap)
                last_send = time.monotonic()
                sent[version] = (seat, time.perf_counter())
                mine = json.dumps({"type": "action", "action": rng.choice(view["legal"]), "version": version})
                await ws.send(mine)


async def measure(bases: list[str], tables: int, limit: int, seconds: float, seed: int,
                  on_progress: Callable[[int], None] = lambda actions: None) -> tuple[Run, float]:
    """N tables, created alternately on each base; player ``i`` connects to ``bases[i % len(bases)]``."""
    loop = asyncio.get_running_loop()
    created = await asyncio.gather(*[loop.run_in_executor(None, create_table, bases[i % len(bases)])
                                     for i in range(tables)])
    run, rng = Run(), random.Random(seed)
    start = time.monotonic()
    stop_at = start + seconds
    clients = []
    for t in created:
        sent: dict[int, tuple[int, float]] = {}
        ready = asyncio.Barrier(len(t["seats"]))
        for s in t["seats"]:
            base = bases[s["seat"] % len(bases)].replace("http", "ws", 1)
            clients.append(client(f"{base}/ws/{t['table']}?token={s['token']}", s["seat"], sent, ready,
                                  random.Random(rng.random()), limit, stop_at, run))
    play = asyncio.gather(*clients)
    while not play.done():
        on_progress(run.actions)
        await asyncio.wait([play], timeout=0.25)
    await play
    on_progress(run.actions)
    return run, time.monotonic() - start


def run(counts: list[int], actions: int, seconds: float, seed: int, quiet: bool) -> int:
    sys.path.insert(0, str(ROOT / "tests" / "server"))
    from postgres import Cluster  # the tests' throwaway PostgreSQL and Redis
    from redis_server import RedisServer

    from bench.load import free_port

    with ExitStack() as stack, tempfile.TemporaryDirectory(prefix="parlour-cluster-") as tmp:
        pg_dir = Path(tempfile.mkdtemp(prefix="parlour-pg-"))  # PostgreSQL runs as another user when we are root
        stack.callback(lambda: subprocess.run(["rm", "-rf", str(pg_dir)]))
        pg = Cluster(pg_dir)
        pg.start()
        stack.callback(pg.stop)
        redis = RedisServer(Path(tmp))
        redis.start()
        stack.callback(redis.stop)
        db = pg.new_database()
        ports = [free_port() for _ in range(3)]
        procs = [start_server(ports[0], str(Path(tmp) / "load.db"), Path(tmp) / "sqlite.log")]
        stack.callback(stop_server, procs[0])
        for i in (1, 2):
            procs.append(start_server(ports[i], db, Path(tmp) / f"node{i}.log", "--redis", redis.url))
            stack.callback(stop_server, procs[-1])
        bases = [f"http://127.0.0.1:{p}" for p in ports]
        print(f"1 process: {bases[0]} on SQLite; 2 processes: {bases[1]} and {bases[2]} on PostgreSQL + Redis; "
              f"{actions} actions per table, at most {seconds:g} s")
        print(f"{'tables':>7} {'setup':>12} {'actions':>8} {'seconds':>8} {'actions/s':>10} {'ratio':>6} "
              f"{'p50 ms':>8} {'p99 ms':>8}  errors")
        for n in counts:
            rates = []
            for name, targets in (("1 process", bases[:1]), ("2 processes", bases[1:])):
                with Progress(TextColumn(f"{n} tables, {name}"), BarColumn(), MofNCompleteColumn(),
                              TimeElapsedColumn(), console=Console(file=sys.stderr), transient=True,
                              disable=quiet) as progress:
                    task = progress.add_task("load", total=n * actions)
                    result, elapsed = asyncio.run(measure(targets, n, actions, seconds, seed,
                                                          lambda done: progress.update(task, completed=done)))
                rate = result.actions / elapsed if elapsed else 0.0
                rates.append(rate)
                print(f"{n:>7} {name:>12} {result.actions:>8} {elapsed:>8.1f} {rate:>10.1f} "
                      f"{rate / rates[0] if rates[0] else float('nan'):>6.2f} "
                      f"{percentile(result.latencies, 0.5) * 1000:>8.1f} "
                      f"{percentile(result.latencies, 0.99) * 1000:>8.1f}  {result.errors or '-'}", flush=True)
        print("ratio: actions/s against the one-process SQLite figure of the same table count, measured just before")
    return 0
