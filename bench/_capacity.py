"""``python -m bench load --pace people``: how many tables of people one server process holds (``bench/_pace.py``
says who plays and how).

Per measurement: a fresh ``parlour serve`` (SQLite) pinned to one core (``--server-cpu``, default 0), its open-file
limit raised to the hard one; its bot worker moved to the clients' core; N tables created over HTTP (their
memory measured: the server's RSS before and after, over N: *memory per idle table*, nobody connected yet); then
their sockets connected from client processes pinned to the other cores (thousands of sockets each, one process
per ``SOCKETS_PER_PROCESS``), RSS again (*per table with its people connected*), a warm-up, and ``--seconds`` of
play in which the server's CPU time (``/proc/PID/stat``) is taken over every action the tables advanced
(people's, bots', timed windows'): *server CPU per action*.

``--find-capacity``: from ``--tables`` (the first count), double the count while p99 (an action to every other
socket) stays under ``--target`` ms, then bisect between the last count under it and the first over until they are
within 10 %; the largest count under the target is the capacity. A count the open-file limit cannot hold (each
socket is a file in the server) is not tried: the search says so.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import multiprocessing
import os
import signal
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path

import orjson

from bench._pace import MEDIAN, PaceRun, Planned, Share, play, plan_tables, think_mean
from bench.load import free_port, percentile, raise_file_limit, shares, start_server, stop_server, waited

SOCKETS_PER_PROCESS = 12_000  # below the usual hard limit of open files (20,000 here), with room for the rest


def server_sockets(files: int) -> int:
    """The connections ``parlour serve`` accepts at once with ``files`` open files (``cli/serve.py``: a tenth of
    them, at least 64, left for the database and the bot workers)."""
    return max(16, files - max(64, files // 10))


def rss(pid: int) -> int:
    """Resident memory of process ``pid`` in bytes (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def cpu_seconds(pid: int, thread: int | None = None) -> float:
    """User + system CPU seconds of process ``pid`` and every thread of it so far, or of its ``thread`` (Linux)."""
    path = f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat"
    fields = Path(path).read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (its bot workers)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return found


def create(base: str, planned: Planned) -> dict:
    request = urllib.request.Request(base + "/api/tables", planned.body(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as r:
        return orjson.loads(r.read())


def sockets_of(base: str, created: dict, planned: Planned) -> list[tuple[str, str, int | None]]:
    """A table's sockets: each person's seat (``s0``, ``s1``...) and its spectator (``watch``) if it has one."""
    ws = base.replace("http", "ws", 1)
    out: list[tuple[str, str, int | None]] = [
        (f"{ws}/ws/{created['table']}?token={s['token']}&patches=1", f"s{s['seat']}", s["seat"])
        for s in created["seats"] if s.get("token")]
    if planned.spectator:
        out.append((f"{ws}/ws/{created['table']}?patches=1", "watch", None))
    return out


def _client_process(conn: Connection, share: Share, first: int, median: float, seed: int, warmup: float,
                    seconds: float, cpus: set[int]) -> None:
    """Connect ``share``'s sockets, say "ready", wait for "go", play, send back the run."""
    os.sched_setaffinity(0, cpus)
    raise_file_limit()

    async def start() -> None:
        conn.send("ready")
        await asyncio.get_running_loop().run_in_executor(None, conn.recv)

    async def main() -> PaceRun:
        return await play(share, first, median, seed, warmup, seconds, start=start)

    try:
        conn.send(asyncio.run(main()))
    except BaseException as e:
        conn.send(RuntimeError(f"a client process failed: {e!r}"))
        raise


@dataclass
class Capacity:
    """One measurement at ``tables`` tables."""

    tables: int
    sockets: int
    run: PaceRun
    seconds: float
    cpu: float  # the server's CPU seconds over the measured window
    idle_bytes: float  # RSS growth per table created, nobody connected
    connected_bytes: float  # RSS growth per table once its sockets are connected (beyond the idle table)
    create_seconds: float
    load: float
    waited: float = 0.0  # seconds the server's loop was ready to run but waited for its core
    loop: float = 0.0  # the CPU seconds of the server's main thread (its event loop) alone
    connect_seconds: float = 0.0  # to connect every socket, from starting the client processes
    connect_cpu: float = 0.0  # the server's CPU seconds meanwhile

    @property
    def wait(self) -> float:
        return self.waited / self.seconds

    @property
    def p50(self) -> float:
        return percentile(self.run.latencies, 0.5)

    @property
    def p99(self) -> float:
        return percentile(self.run.latencies, 0.99)

    @property
    def p99_last(self) -> float:
        return percentile(self.run.last, 0.99)

    @property
    def rate(self) -> float:
        return self.run.versions / self.seconds

    @property
    def cpu_per_action(self) -> float:
        return self.cpu / self.run.versions if self.run.versions else float("nan")

    @property
    def lag(self) -> float:
        """The p99 of how late the clients' loops woke for a timer: their own share of the latencies."""
        return percentile(self.run.lags, 0.99)

    @property
    def loop_per_action(self) -> float:
        return self.loop / self.run.versions if self.run.versions else float("nan")

    @property
    def share(self) -> float:
        return self.cpu / self.seconds


def measure(n: int, args: argparse.Namespace) -> Capacity:
    """One fresh server with ``n`` tables of people."""
    every = set(range(os.cpu_count() or 1))
    server_cpus, client_cpus = ({args.server_cpu}, every - {args.server_cpu} or every) if args.server_cpu >= 0 \
        else (every, every)  # -1: nobody pinned (a machine shared with other work)
    plan = plan_tables(n, args.games)
    with tempfile.TemporaryDirectory(prefix="parlour-pace-") as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        proc = start_server(Path(tmp) / "pace.db", port, Path(tmp) / "server.log", args.src,
                            cpus=server_cpus)
        try:
            for pid in children(proc.pid):  # the bot worker thinks beside the clients, not on the server's core
                try:
                    os.sched_setaffinity(pid, client_cpus)
                except ProcessLookupError:  # a helper process of the start-up, gone since
                    pass
            with ThreadPoolExecutor(8) as pool:  # one table of each game first: imports out of the memory figure
                warm = list(pool.map(lambda p: create(base, p), plan_tables(len(set(p.game for p in plan)), args.games)))
                before, t0 = rss(proc.pid), time.perf_counter()
                created = list(pool.map(lambda p: create(base, p), plan))
                made, after = time.perf_counter() - t0, rss(proc.pid)
            del warm
            share = [(p.game, sockets_of(base, c, p)) for p, c in zip(plan, created)]
            sockets = sum(len(s) for _, s in share)
            run, connected, cpu, wait, loop, connecting = _play(share, sockets, client_cpus, args, proc.pid)
            return Capacity(n, sockets, run, args.seconds, cpu, (after - before) / n,
                            (connected - after) / n, made, os.getloadavg()[0], wait, loop, *connecting)
        finally:
            stop_server(proc)


def _play(share: Share, sockets: int, cpus: set[int], args: argparse.Namespace, server: int
          ) -> tuple[PaceRun, int, float, float, float, list[float]]:
    """Play ``share`` from client processes: the merged run, the server's RSS once every socket connected, and
    its CPU seconds over the measured window (every thread, and its loop's), the seconds its loop waited for a core,
    and the seconds and server CPU seconds it took to connect every socket (the processes' start included)."""
    loop_cpu, connecting = [0.0], [0.0, 0.0]
    processes = max(1, math.ceil(sockets / SOCKETS_PER_PROCESS))
    context = multiprocessing.get_context("spawn")
    workers = []
    step = math.ceil(len(share) / processes)
    for i in range(processes):
        ours, theirs = context.Pipe()
        proc = context.Process(target=_client_process, daemon=True, args=(
            theirs, share[i * step:(i + 1) * step], i * step, args.median, args.seed + i, args.warmup,
            args.seconds, cpus))
        proc.start()
        theirs.close()
        workers.append((proc, ours))

    def receive(conn: Connection) -> object:
        try:
            answer = conn.recv()
        except EOFError:
            raise RuntimeError("a client process died (its output above says why)") from None
        if isinstance(answer, BaseException):
            raise answer
        return answer

    try:
        began, cpu0 = time.perf_counter(), cpu_seconds(server)
        for _, conn in workers:
            receive(conn)
        connecting[:] = [time.perf_counter() - began, cpu_seconds(server) - cpu0]
        connected = rss(server)
        if os.environ.get("PARLOUR_BENCH_FREEZE"):  # see bench/load.py start_server
            os.kill(server, signal.SIGRTMIN + 1)
        for _, conn in workers:
            conn.send("go")
        time.sleep(args.warmup)
        profiled = bool(os.environ.get("PARLOUR_BENCH_PROFILE"))  # see bench/load.py start_server
        if profiled:
            os.kill(server, signal.SIGUSR1)
        mark, wait, loop = cpu_seconds(server), waited(server), cpu_seconds(server, server)
        for name in ("PARLOUR_BENCH_GC", "PARLOUR_BENCH_COMMITS", "PARLOUR_BENCH_LAG"):  # the measured window on their clock (load.py)
            if os.environ.get(name):
                with open(os.environ[name], "a") as f:
                    f.write(f"window {time.perf_counter():.3f} {time.perf_counter() + args.seconds:.3f}\n")
        time.sleep(args.seconds)
        cpu, wait = cpu_seconds(server) - mark, waited(server) - wait
        loop_cpu[0] = cpu_seconds(server, server) - loop
        if profiled:
            os.kill(server, signal.SIGUSR2)
        run = PaceRun()
        for _, conn in workers:
            run.add(receive(conn))
        return run, connected, cpu, wait, loop_cpu[0], connecting
    finally:
        for proc, conn in workers:
            proc.join(20)
            if proc.is_alive():
                proc.kill()
            conn.close()


HEADER = (f"{'tables':>7} {'sockets':>7} {'actions/s':>9} {'p50 ms':>7} {'p99 ms':>7} {'p99 last':>8} {'lag ms':>6} "
          f"{'server cpu+wait':>15} {'cpu ms/a':>8} {'loop ms/a':>9} {'KB/idle':>7} {'KB/conn':>7} {'create s':>8} {'chats':>5} "
          f"{'load':>5}  errors")


def row(c: Capacity) -> str:
    return (f"{c.tables:>7} {c.sockets:>7} {c.rate:>9.1f} {c.p50 * 1000:>7.1f} {c.p99 * 1000:>7.1f} "
            f"{c.p99_last * 1000:>8.1f} {c.lag * 1000:>6.1f} {shares(c.share, c.wait):>15} {c.cpu_per_action * 1000:>8.3f} {c.loop_per_action * 1000:>9.3f} "
            f"{c.idle_bytes / 1024:>7.1f} {c.connected_bytes / 1024:>7.1f} {c.create_seconds:>8.1f} "
            f"{c.connect_seconds:>6.1f} {c.connect_cpu / max(1, c.sockets) * 1000:>7.2f} "
            f"{c.run.chats:>5} {c.load:>5.1f}  {c.run.errors or '-'} (refused {c.run.refused})")


LEGEND = ("actions/s: versions the tables advanced (people, bots, timed windows) over the measured seconds; "
          "p50/p99: a person's action to each other person's and spectator's socket; p99 last: to the last of "
          "them; lag ms: p99 of how late a client process's loop woke for a 10 ms timer (the clients' own share); server cpu+wait: its CPU time over the window (100% = its one core) + the time its loop was ready to run but waited for the core (other work on it); cpu ms/a: per action (every thread: the loop, the SQLite writer, the threads that replay); loop ms/a: the event loop's thread alone; KB/idle: "
          "RSS growth per table created, nobody connected; KB/conn: more per table once its people connected; create s: creating the tables (8 at a time); conn s: connecting their sockets; ms/sock: the server's CPU per socket connected; "
          "refused: moves another seat or a timed window beat (not errors)")


def files_for(n: int, games: list[str] | None = None) -> int:
    """Sockets ``n`` planned tables (of ``games``, default all turn-based) need in the server."""
    return sum(sum(s == "human" for s in p.seats) + p.spectator for p in plan_tables(n, games))


def run(args: argparse.Namespace) -> int:
    """Measure ``args.counts`` (or search from the first with ``--find-capacity``) and print the figures."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # a stopped run still stops its server (finally)
    files = raise_file_limit()
    limit = server_sockets(files)
    print(f"people's pace: think median {args.median:g} s (mean {think_mean(args.median):.1f} s), warm-up "
          f"{args.warmup:g} s, {args.seconds:g} s measured; "
          f"{f'server on core {args.server_cpu}' if args.server_cpu >= 0 else 'nobody pinned'}; open files "
          f"{files} (the server takes {limit} connections); load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores at the start")
    print(HEADER, flush=True)
    figures: list[Capacity] = []

    def one(n: int) -> Capacity | None:
        if files_for(n, args.games) > limit:
            print(f"{n:>7} tables need {files_for(n, args.games)} sockets: more than the {limit} connections the server takes "
                  f"with {files} open files (ulimit -Hn); not measured", flush=True)
            return None
        figures.append(measure(n, args))
        print(row(figures[-1]), flush=True)
        if args.by_game:
            print("         p99 ms by game: " + ", ".join(
                f"{game} {percentile(values, 0.99) * 1000:.0f} ({len(values)})"
                for game, values in sorted(figures[-1].run.by_game.items())), flush=True)
        return figures[-1]

    if not args.find_capacity:
        for n in args.counts:
            one(n)
    else:
        good, bad, n = 0, 0, args.counts[0]
        while True:
            c = one(n)
            if c is None:
                bad = n
                break
            if c.p99 * 1000 <= args.target:
                good, n = n, n * 2
                if n > args.max_tables:
                    break
            else:
                bad = n
                break
        while good and bad and bad - good > max(1, good // 10):
            n = (good + bad) // 2
            c = one(n)
            if c is not None and c.p99 * 1000 <= args.target:
                good = n
            else:
                bad = n
        held = f"{good} tables" if good else f"none of the counts from {args.counts[0]}"
        why = ("the open-file limit" if bad and files_for(bad, args.games) > limit else
               f"p99 over {args.target:g} ms" if bad else f"--max-tables {args.max_tables}")
        print(f"capacity: {held} with p99 under {args.target:g} ms (the next count up stopped by {why})")
    print(LEGEND)
    return 0


def main(argv: list[str], parser: argparse.ArgumentParser | None = None) -> int:
    parser = parser or argparse.ArgumentParser(prog="python -m bench load --pace people")
    args = parser.parse_args(argv)
    return run(args)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The people's-pace flags of ``python -m bench load``."""
    parser.add_argument("--find-capacity", action="store_true",
                        help="--pace people: grow the table count from --tables until p99 > --target, then bisect")
    parser.add_argument("--target", type=float, default=100.0, help="--pace people: the p99 to stay under, ms")
    parser.add_argument("--max-tables", type=int, default=100_000, help="--pace people: the search's largest count")
    parser.add_argument("--median", type=float, default=MEDIAN,
                        help=f"--pace people: a person's median seconds for a move (default {MEDIAN:g})")
    parser.add_argument("--warmup", type=float, default=10.0, help="--pace people: seconds played before measuring")
    parser.add_argument("--reload", type=int, metavar="N", help="--pace people: instead, time N tables coming "
                        "back after they left memory, against coming back while still in it (bench/_reload.py)")
    parser.add_argument("--games", type=lambda text: [g for g in text.split(",") if g], default=None,
                        help="--pace people: only these games, comma-separated (default: every turn-based one)")
    parser.add_argument("--by-game", action="store_true", help="--pace people: p99 per game too")
    parser.add_argument("--server-cpu", type=int, default=0,
                        help="--pace people: the core the server runs on, the clients on the others (-1: no pinning)")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
