"""``python -m bench load --cluster``: tables across two server processes (PostgreSQL + Redis) beside one (SQLite).

    python -m bench load --cluster --tables 100,500,1000 --client-processes 2 --repeat 3

Starts, on loopback, a throwaway PostgreSQL (Debian's binaries, as the tests do), a throwaway ``redis-server``, two
``parlour serve --redis`` processes on that database, and one plain ``parlour serve`` on a SQLite file (each kept
for the whole run). For each table count N it measures, one after the other on the same machine:

- ``1 process``: N two-player Giacomotto tables on the SQLite server, both players connected to it;
- ``2 processes``: N tables created alternately on either process (which then owns it), player 0 connected to the
  first process and player 1 to the second, so that every other action is forwarded to the table's owner and
  every state crosses Redis to reach one of the two players.

The clients are ``bench/load.py``'s: people-like think times (``--think``, 50-200 ms), spread over
``--client-processes`` processes (a table's two players always in the same one), latency from a player's send to
the OTHER player receiving the state that includes it. Reported beside actions/s and the latencies: the CPU share
of the parlour servers, of PostgreSQL + Redis, and of the client processes, so a reader sees who set the pace.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from bench.load import LEGEND, Figure, free_port, measure, shares, stop_server, waited  # noqa: F401  (measure: tests/server/test_cluster.py)

ROOT = Path(__file__).resolve().parents[1]


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


def tree_cpu(roots: list[int]) -> float:
    """User + system CPU seconds so far of the processes ``roots`` and every live descendant (Linux: PostgreSQL
    serves each connection from a child of its postmaster)."""
    parents, used = {}, {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        pid = int(stat.parent.name)
        parents[pid], used[pid] = int(fields[1]), int(fields[11]) + int(fields[12])
    total = 0
    for pid in used:
        ancestor = pid
        while ancestor > 1 and ancestor not in roots:
            ancestor = parents.get(ancestor, 0)
        if ancestor in roots:
            total += used[pid]
    return total / os.sysconf("SC_CLK_TCK")


def one(name: str, n: int, processes: int, bases: list[str], servers: list[int], stores: list[int],
        args: argparse.Namespace) -> Figure:
    """Measure ``n`` tables on the servers at ``bases`` (process ids ``servers``) with their clients in
    ``processes`` processes; ``stores``: the process ids of PostgreSQL and Redis."""
    before: list[float] = []
    with Progress(TextColumn(f"{n} tables, {name}, {processes} client processes"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=Console(file=sys.stderr), transient=True,
                  disable=args.quiet) as progress:
        task = progress.add_task("load", total=None)
        result, elapsed = asyncio.run(measure(
            bases, n, args.actions, args.seconds, args.seed, lambda done: progress.update(task, completed=done),
            think=args.think, processes=processes,
            on_go=lambda: before.extend([tree_cpu(servers), tree_cpu(stores), sum(map(waited, servers))])))
    return Figure(name, n, processes, result, elapsed, tree_cpu(servers) - before[0], os.getloadavg()[0],
                  other=tree_cpu(stores) - before[1], server_waited=sum(map(waited, servers)) - before[2])


def run(counts: list[int], client_counts: list[int], args: argparse.Namespace) -> int:
    sys.path.insert(0, str(ROOT / "tests" / "server"))
    from postgres import Cluster  # the tests' throwaway PostgreSQL and Redis
    from redis_server import RedisServer

    with ExitStack() as stack, tempfile.TemporaryDirectory(prefix="parlour-cluster-") as tmp:
        pg_dir = Path(tempfile.mkdtemp(prefix="parlour-pg-"))  # PostgreSQL runs as another user when we are root
        stack.callback(lambda: subprocess.run(["rm", "-rf", str(pg_dir)]))
        pg = Cluster(pg_dir)
        pg.start()
        stack.callback(pg.stop)
        redis = RedisServer(Path(tmp))
        redis.start()
        stack.callback(redis.stop)
        stores = [int((pg.data / "postmaster.pid").read_text().split()[0]), redis.proc.pid]
        print(f"1 process: parlour serve on SQLite; 2 processes: two parlour serve --redis on PostgreSQL + Redis "
              f"(fresh servers and database for every measurement); {args.seconds:g} s of play per measurement, think "
              f"{args.think[0] * 1000:g}-{args.think[1] * 1000:g} ms; load {os.getloadavg()[0]:.1f} on "
              f"{os.cpu_count()} cores at the start")
        print(f"{'tables':>6} {'setup':>11} {'client procs':>12} {'actions':>8} {'secs':>6} {'actions/s':>9} "
              f"{'ratio':>5} {'p50 ms':>7} {'p99 ms':>7} {'server cpu+wait':>15} {'pg+redis':>8} {'client cpu+wait':>15} "
              f"{'lag ms':>6} {'load':>5}  errors", flush=True)
        figures: list[Figure] = []
        for n in counts:
            for _ in range(args.repeat):
                for processes in client_counts:
                    single = None
                    for name in ("1 process", "2 processes"):
                        with ExitStack() as servers:
                            if name == "1 process":
                                ports = [free_port()]
                                procs = [start_server(ports[0], str(Path(tmp) / f"load{len(figures)}.db"),
                                                      Path(tmp) / "sqlite.log")]
                            else:
                                ports, db = [free_port(), free_port()], pg.new_database()
                                procs = [start_server(port, db, Path(tmp) / f"node{i}.log", "--redis", redis.url)
                                         for i, port in enumerate(ports)]
                            for proc in procs:
                                servers.callback(stop_server, proc, wait=15)
                            f = one(name, n, processes, [f"http://127.0.0.1:{p}" for p in ports],
                                    [p.pid for p in procs], stores, args)
                        figures.append(f)
                        single = single or f
                        print(cluster_row(f, single.rate), flush=True)
        print("ratio: actions/s over the one-process SQLite figure measured just before it; pg+redis: the CPU share of "
              "PostgreSQL (every backend) and redis-server; " + LEGEND)
        if args.repeat > 1:
            print(f"medians over the {args.repeat} rounds:")
            keys = dict.fromkeys((f.tables, f.processes, f.server) for f in figures)
            for key in keys:
                fs = [f for f in figures if (f.tables, f.processes, f.server) == key]

                def med(value: Callable[[Figure], float], fs: list[Figure] = fs) -> float:
                    return statistics.median(value(f) for f in fs)

                print(f"{key[0]:>6} {key[2]:>11} {key[1] or 'in bench':>12} {len(fs):>8} {'':>6} "
                      f"{med(lambda f: f.rate):>9.1f} {'':>5} {med(lambda f: f.p50) * 1000:>7.1f} "
                      f"{med(lambda f: f.p99) * 1000:>7.1f} "
                      f"{shares(med(lambda f: f.server_share), med(lambda f: f.server_wait)):>15} "
                      f"{med(lambda f: f.other / f.seconds):>8.0%} "
                      f"{shares(med(lambda f: f.client_share), med(lambda f: f.client_wait)):>15} "
                      f"{med(lambda f: f.lag) * 1000:>6.1f} "
                      f"{med(lambda f: f.load):>5.1f}")
    return 0


def cluster_row(f: Figure, single_rate: float) -> str:
    return (f"{f.tables:>6} {f.server:>11} {f.processes or 'in bench':>12} {f.run.actions:>8} {f.seconds:>6.1f} "
            f"{f.rate:>9.1f} {f.rate / single_rate if single_rate else float('nan'):>5.2f} {f.p50 * 1000:>7.1f} "
            f"{f.p99 * 1000:>7.1f} {shares(f.server_share, f.server_wait):>15} "
            f"{f.other / f.seconds if f.seconds else 0:>8.0%} {shares(f.client_share, f.client_wait):>15} {f.lag * 1000:>6.1f} {f.load:>5.1f}  {f.run.errors or '-'}")
