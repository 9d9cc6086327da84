"""Server load: N two-player tables played by people-like clients; actions/s and latency at the other player.

    python -m bench load --tables 100,500                           # this checkout's server
    python -m bench load --tables 100,500 --base /tmp/old/src       # ... and another checkout's, alternating

Starts ``parlour serve`` in a subprocess on a free loopback port with a temporary SQLite database (a fresh server
for every measurement). For each N it creates N Giacomotto tables with two human seats and connects two clients per
table (in this process: the load clients never share the server's process). When every client has its first state,
the clock starts: a client whose turn it is thinks for a random 50-200 ms (``--think``), as a person would, then
plays a random legal move. Reported per N over ``--seconds``: accepted actions per second, the p50/p99 latency from a
player's send to the OTHER player at the table receiving the state that includes it, the server's CPU time per
action (its own process, user + system: steadier than rates on a shared machine), and the machine's load.

Clients ask for patches (``?patches=1``) and rebuild each state from them as the browser does; a server that
sends whole states (an older checkout) is measured the same way. ``--base SRC`` measures that checkout's server
too, in the same run, alternating with this one (``--repeat`` rounds), and prints the ratios of the medians.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import orjson
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from websockets.asyncio.client import connect

from parlour.server.patch import apply

THINK = (0.05, 0.2)  # seconds a person takes for a move, at least and at most


@dataclass
class Run:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    patches: int = 0
    states: int = 0
    received: int = 0  # bytes of state and patch messages
    started: float = 0.0  # when every client had its first state (perf_counter)

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: Path, port: int, log: Path, src: str | None = None) -> subprocess.Popen:
    """``parlour serve`` from this checkout, or from the one whose ``src`` folder is ``src``."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(Path(src).resolve())
    cmd = [sys.executable, "-c", "import sys; from parlour.cli import main; sys.exit(main())", "serve",
           "--port", str(port), "--db", str(db), "--bot-workers", "1",
           "--tables-per-minute", "0", "--max-open-tables", "0"]  # one address creates every table
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True, env=env)
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
    body = orjson.dumps({"game": "giacomotto", "seats": [{"kind": "human"}, {"kind": "human"}]})
    request = urllib.request.Request(base + "/api/tables", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as r:
        return orjson.loads(r.read())


async def client(ws_base: str, table: str, token: str, rng: random.Random, limit: int, think: tuple[float, float],
                 sent: dict[int, tuple[int, float]], ready: Callable[[], None], go: asyncio.Event,
                 stop: list[float], run: Run) -> None:
    """Play one seat: think, then a random legal move, whenever it is this seat's turn, until the table has
    ``limit`` actions or the time is up. ``sent`` (shared by the table's clients): per version, who played against
    it and when; the other seat's client measures the latency when the state that includes it arrives."""
    url = f"{ws_base}/ws/{table}?token={token}&patches=1"
    async with connect(url, max_size=2 ** 22, open_timeout=300, ping_interval=None, close_timeout=1) as ws:
        state: dict | None = None
        while True:
            left = stop[0] - time.perf_counter()
            if left <= 0:
                return
            try:
                text = await asyncio.wait_for(ws.recv(), left)
            except asyncio.TimeoutError:
                return
            message = orjson.loads(text)
            kind = message["type"]
            if kind == "error":
                run.error(message["code"])
                continue
            if kind == "patch":
                if state is None or message["base"] != state["version"]:
                    run.error("patch_base")
                    await ws.send('{"type": "sync"}')
                    continue
                message = apply(state, message)
                run.patches += 1
            elif kind == "state":
                run.states += 1
            else:
                continue
            run.received += len(text)
            first, state = state is None, message
            if first:
                ready()
                await go.wait()
            version, view, seat = message["version"], message["view"], message["seat"]
            mover = sent.pop(version - 1, None)
            if mover is not None:
                if mover[0] != seat:
                    run.latencies.append(time.perf_counter() - mover[1])
                    run.actions += 1
                else:
                    sent[version - 1] = mover  # the other seat's client has not seen it yet
            if version >= limit or view["over"]:
                return
            if view["to_act"] == [seat]:
                await asyncio.sleep(rng.uniform(*think))
                if time.perf_counter() >= stop[0]:
                    return
                sent[version] = (seat, time.perf_counter())
                await ws.send(orjson.dumps({"type": "action", "action": rng.choice(view["legal"]),
                                            "version": version}).decode())


async def measure(base: str, tables: int, limit: int, seconds: float, seed: int,
                  on_progress: Callable[[int], None] = lambda actions: None,
                  think: tuple[float, float] = THINK, on_go: Callable[[], None] = lambda: None) -> tuple[Run, float]:
    """Create ``tables`` tables, connect their clients, then play for ``seconds`` (from when every client has its
    first state); the run and the seconds it took."""
    loop = asyncio.get_running_loop()
    created = await asyncio.gather(*[loop.run_in_executor(None, create_table, base) for _ in range(tables)])
    run, rng = Run(), random.Random(seed)
    ws_base = base.replace("http", "ws", 1)
    go, waiting = asyncio.Event(), [2 * tables]
    stop = [float("inf")]

    def ready() -> None:
        waiting[0] -= 1
        if waiting[0] == 0:
            run.started = time.perf_counter()
            stop[0] = run.started + seconds
            on_go()
            go.set()

    clients = []
    for t in created:
        sent: dict[int, tuple[int, float]] = {}
        clients += [client(ws_base, t["table"], s["token"], random.Random(rng.random()), limit, think, sent, ready,
                           go, stop, run) for s in t["seats"]]
    play = asyncio.gather(*clients)
    while not play.done():
        on_progress(run.actions)
        await asyncio.wait([play], timeout=0.25)
    await play
    on_progress(run.actions)
    return run, min(time.perf_counter(), stop[0]) - run.started


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile by the nearest rank below (NaN for no values).

    >>> percentile([5.0, 1.0, 3.0, 2.0], 0.5), percentile(list(range(100)), 0.99)
    (3.0, 99)
    """
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Figure:
    server: str
    tables: int
    run: Run
    seconds: float
    cpu: float  # the server's CPU seconds while the clients played
    load: float  # the machine's 1-minute load average at the end

    @property
    def rate(self) -> float:
        return self.run.actions / self.seconds if self.seconds else 0.0


def one(server: str, src: str | None, n: int, args: argparse.Namespace, quiet: bool) -> Figure:
    """Measure one fresh server with ``n`` tables."""
    with tempfile.TemporaryDirectory(prefix="parlour-load-") as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        proc = start_server(Path(tmp) / "load.db", port, Path(tmp) / "server.log", src)
        try:
            cpu = [0.0]
            with Progress(TextColumn(f"{server}, {n} tables"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                          console=Console(file=sys.stderr), transient=True, disable=quiet) as progress:
                task = progress.add_task("load", total=None)
                run, elapsed = asyncio.run(measure(
                    base, n, args.actions, args.seconds, args.seed, lambda done: progress.update(task, completed=done),
                    think=args.think, on_go=lambda: cpu.__setitem__(0, cpu_seconds(proc.pid))))
            used = cpu_seconds(proc.pid) - cpu[0]
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
    return Figure(server, n, run, elapsed, used, os.getloadavg()[0])


def row(f: Figure) -> str:
    lat = f.run.latencies
    per = f"{f.cpu / f.run.actions * 1000:.2f}" if f.run.actions else "-"
    sent = f.run.patches + f.run.states
    size = f"{f.run.received / sent:.0f}" if sent else "-"
    return (f"{f.server:>6} {f.tables:>6} {f.run.actions:>8} {f.seconds:>6.1f} {f.rate:>9.1f} "
            f"{percentile(lat, 0.5) * 1000:>7.1f} {percentile(lat, 0.99) * 1000:>7.1f} {per:>8} {size:>7} "
            f"{f.load:>5.1f}  {f.run.errors or '-'}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench load", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="100,500", help="table counts to measure, comma-separated")
    parser.add_argument("--actions", type=int, help="stop a table after this many actions (default: no limit; "
                                                     "60 with --cluster)")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of play per measurement")
    parser.add_argument("--think", default="50-200", help="a move's thinking time in ms, from-to (0-0: none)")
    parser.add_argument("--base", metavar="SRC", help="also measure the server of this checkout's src folder")
    parser.add_argument("--repeat", type=int, default=1, help="rounds per table count (alternating with --base)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--cluster", action="store_true",
                        help="also two processes on PostgreSQL + Redis beside one on SQLite (bench/_cluster.py)")
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.tables.split(",") if n.strip()]
    if not counts or min(counts) < 1 or max(counts) > 2000:
        parser.error("--tables takes counts from 1 to 2000, e.g. 100,500")
    if args.cluster:
        from bench._cluster import run

        return run(counts, args.actions or 60, args.seconds, args.seed, args.quiet)
    args.actions = args.actions or 10 ** 9
    low, _, high = args.think.partition("-")
    args.think = (float(low) / 1000, float(high or low) / 1000)
    servers = [("this", None)] + ([("base", args.base)] if args.base else [])
    print(f"{args.seconds:g} s of play per measurement, think {args.think[0] * 1000:g}-{args.think[1] * 1000:g} ms; "
          f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores at the start")
    print(f"{'server':>6} {'tables':>6} {'actions':>8} {'secs':>6} {'actions/s':>9} {'p50 ms':>7} {'p99 ms':>7} "
          f"{'cpu ms/a':>8} {'bytes/m':>7} {'load':>5}  errors", flush=True)
    figures: list[Figure] = []
    for n in counts:
        for r in range(args.repeat):
            for server, src in (servers if r % 2 == 0 else servers[::-1]):
                figures.append(one(server, src, n, args, args.quiet))
                print(row(figures[-1]), flush=True)
    print("cpu ms/a: the server's CPU per action; bytes/m: per state or patch message received; load: the machine's "
          "1-minute load average after the measurement")
    if args.base:
        print("medians, this ÷ base:")
        for n in counts:
            mine = [f for f in figures if f.tables == n and f.server == "this"]
            theirs = [f for f in figures if f.tables == n and f.server == "base"]

            def med(fs: list[Figure], key: Callable[[Figure], float]) -> float:
                return statistics.median(key(f) for f in fs)

            def p99(f: Figure) -> float:
                return percentile(f.run.latencies, 0.99)

            def cpu(f: Figure) -> float:
                return f.cpu / max(1, f.run.actions)

            print(f"  {n} tables: actions/s {med(mine, lambda f: f.rate):.1f} ÷ {med(theirs, lambda f: f.rate):.1f} "
                  f"= {med(mine, lambda f: f.rate) / max(1e-9, med(theirs, lambda f: f.rate)):.2f}×; "
                  f"p99 {med(mine, p99) * 1000:.0f} ms vs {med(theirs, p99) * 1000:.0f} ms; "
                  f"server CPU per action {med(mine, cpu) * 1000:.2f} ms vs {med(theirs, cpu) * 1000:.2f} ms "
                  f"= {med(theirs, cpu) / max(1e-9, med(mine, cpu)):.2f}× less")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
