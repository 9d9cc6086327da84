"""Server load: N two-player tables played by people-like clients; actions/s and latency at the other player.

    python -m bench load --tables 100,500                           # this checkout's server
    python -m bench load --tables 500 --client-processes 0,1,2,4    # how the clients' spread changes the figures
    python -m bench load --tables 100,500 --base /tmp/old/src       # ... and another checkout's, alternating

Starts ``parlour serve`` in a subprocess on a free loopback port with a temporary SQLite database (a fresh server
for every measurement). For each N it creates N Giacomotto tables with two human seats and connects two clients per
table, spread over ``--client-processes`` processes (0: all in the bench's own process; never the server's), a
table's two clients always in the same process, so that a send and the other player's receipt are timed on one
clock. When every client of every process has its first state, the clock starts: a client whose turn it is thinks
for a random 50-200 ms (``--think``), as a person would, then plays a random legal move. Reported per N over
``--seconds``: accepted actions per second; the p50/p99 latency from a player's send to the OTHER player's socket
handing over the message that brings the new state; the CPU share of the server and of the clients over the time
played, and how late the clients' loops woke for a timer (their own share of the latencies): who set the pace; the
server's CPU time per action (its own process, user + system: steadier than rates on a shared machine), and the
machine's load.

Clients ask for patches (``?patches=1``) and keep their view up to date from them in place, as the browser does; a
server that sends whole states (an older checkout) is measured the same way. ``--base SRC`` measures that
checkout's server too, in the same run, alternating with this one (``--repeat`` rounds), and prints the ratios of
the medians. ``--cluster``: two server processes on PostgreSQL + Redis beside one on SQLite (``bench/_cluster.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.sharedctypes import Synchronized
from pathlib import Path

import orjson
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from websockets.asyncio.client import connect

from bench import client_address


THINK = (0.05, 0.2)  # seconds a person takes for a move, at least and at most
CLIENT_PROCESSES = 2  # the default: chosen by measurement (bench/README.md)


@dataclass
class Run:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    patches: int = 0
    states: int = 0
    received: int = 0  # bytes of state and patch messages
    started: float = 0.0  # when every client had its first state (perf_counter)
    cpu: float = 0.0  # the clients' CPU seconds while they played (user + system, every client process)
    waited: float = 0.0  # seconds the clients' loops were ready to run but waited for a core (every process)
    pids: list[int] = field(default_factory=list)  # the client processes that played
    lags: list[float] = field(default_factory=list)  # how late the clients' event loops woke for a timer (s)

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1

    def add(self, other: Run) -> None:
        """Count ``other`` (another client process's share) in this run."""
        self.latencies += other.latencies
        self.actions += other.actions
        for code, count in other.errors.items():
            self.errors[code] = self.errors.get(code, 0) + count
        self.patches += other.patches
        self.states += other.states
        self.received += other.received
        self.cpu += other.cpu
        self.waited += other.waited
        self.pids += other.pids
        self.lags += other.lags


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: Path, port: int, log: Path, src: str | None = None, extra: list[str] | None = None,
                 cpus: set[int] | None = None) -> subprocess.Popen:
    """``parlour serve`` from this checkout, or from the one whose ``src`` folder is ``src``; ``extra``: more of
    its flags; ``cpus``: the cores it may run on (set before it starts, so every thread of it inherits them), and
    its open-file limit raised to the hard one (a socket is a file)."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(Path(src).resolve())
    # PARLOUR_BENCH_PROFILE=FILE: the server's event loop under cProfile from a SIGUSR1 to a SIGUSR2, which writes
    # the figures to FILE (the benches that set it send both around the time they measure)
    profile = os.environ.get("PARLOUR_BENCH_PROFILE")
    code = ("import sys; from parlour.cli import main; sys.exit(main())" if not profile else
            "import cProfile, signal, sys; from parlour.cli import main; p = cProfile.Profile(); "
            "signal.signal(signal.SIGUSR1, lambda *_: p.enable()); "
            f"signal.signal(signal.SIGUSR2, lambda *_: (p.disable(), p.dump_stats({str(profile)!r}))); "
            "sys.exit(main())")
    # PARLOUR_BENCH_GC=FILE: every collection of the server's of at least 5 ms, a line "generation ms start" in FILE
    # (start: time.perf_counter(), the machine's monotonic clock, as the benches' own)
    gc_log = os.environ.get("PARLOUR_BENCH_GC")
    if gc_log:
        code = ("import gc, time; t = [0.0]; f = open(" + repr(str(gc_log)) + ", 'a', buffering=1)\n"
                "def cb(phase, info):\n"
                "    if phase == 'start': t[0] = time.perf_counter()\n"
                "    elif time.perf_counter() - t[0] >= 0.005: "
                "f.write(f\"{info['generation']} {(time.perf_counter() - t[0]) * 1000:.1f} {t[0]:.3f}\\n\")\n"
                "gc.callbacks.append(cb)\n" + code)
    # PARLOUR_BENCH_COMMITS=FILE: every SQLite group commit of at least 20 ms (on the writer's thread), "commit ms start"
    commits = os.environ.get("PARLOUR_BENCH_COMMITS")
    if commits:
        code = ("import time; import parlour.server.sqlite_writer as w; c = open(" + repr(str(commits)) +
                ", 'a', buffering=1); inner = w.SqliteWriter._commit\n"
                "def timed(self, batch):\n"
                "    t = time.perf_counter()\n"
                "    try:\n"
                "        inner(self, batch)\n"
                "    finally:\n"
                "        d = time.perf_counter() - t\n"
                "        if d >= 0.02: c.write(f'commit {d * 1000:.1f} {t:.3f}\\n')\n"
                "w.SqliteWriter._commit = timed\n" + code)
    # PARLOUR_BENCH_LAG=FILE: every time the server's loop woke at least 50 ms late for a 10 ms timer, "lag ms start"
    lag = os.environ.get("PARLOUR_BENCH_LAG")
    if lag:
        code = ("import asyncio, time; import parlour.server.lobby as lb; g = open(" + repr(str(lag)) +
                ", 'a', buffering=1); begin = lb.Lobby.start\n"
                "async def watch():\n"
                "    while True:\n"
                "        t = time.perf_counter(); await asyncio.sleep(0.01); d = time.perf_counter() - t - 0.01\n"
                "        if d >= 0.05: g.write(f'lag {d * 1000:.1f} {t:.3f}\\n')\n"
                "async def start(self):\n"
                "    await begin(self); self._tasks.append(asyncio.get_running_loop().create_task(watch()))\n"
                "lb.Lobby.start = start\n" + code)
    # PARLOUR_BENCH_GC_THRESHOLDS=A,B,C: the server's collector thresholds while serving (app.GC_THRESHOLDS), to try
    thresholds = os.environ.get("PARLOUR_BENCH_GC_THRESHOLDS")
    if thresholds:
        code = (f"import parlour.server.app as a; a.GC_THRESHOLDS = tuple(int(x) for x in {thresholds!r}.split(','))\n"
                + code)
    # PARLOUR_BENCH_FREEZE=1: on SIGRTMIN+1 (the pace bench sends it once every socket is connected) the server
    # collects and freezes what it holds, so that its collections never walk those objects again (to try)
    if os.environ.get("PARLOUR_BENCH_FREEZE"):
        code = ("import gc, signal; signal.signal(signal.SIGRTMIN + 1, lambda *_: (gc.collect(), gc.freeze()))\n"
                + code)
    cmd = [sys.executable, "-c", code, "serve",
           "--port", str(port), "--db", str(db), "--bot-workers", "1",
           "--tables-per-minute", "0", "--max-open-tables", "0"] + list(extra or [])  # one address creates every table

    def prepare() -> None:  # in the child, before it runs Python
        raise_file_limit()
        if cpus:
            os.sched_setaffinity(0, cpus)

    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True, env=env,
                                preexec_fn=prepare)
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


def raise_file_limit() -> int:
    """Raise this process's soft limit of open files to its hard one (thousands of sockets); the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def stop_server(proc: subprocess.Popen, wait: float = 10.0) -> None:
    """Stop a server started by :func:`start_server` (its whole process group), killing it if it lingers."""
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(wait)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


def create_table(base: str) -> dict:
    body = orjson.dumps({"game": "giacomotto", "seats": [{"kind": "human"}, {"kind": "human"}]})
    request = urllib.request.Request(base + "/api/tables", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as r:
        return orjson.loads(r.read())


def patch_in_place(view: dict, patch: dict) -> None:
    """Bring ``view`` up to a ``patch`` message's version in place: what ``parlour.server.patch.apply`` does to the
    view, without copying the view or its growing lists for every message (the load clients keep only the view).

    >>> view = {"log": [1], "hand": ["7H"], "x": 0}
    >>> patch_in_place(view, {"view": {"hand": []}, "append": {"log": [2]}, "gone": ["x"]})
    >>> view
    {'log': [1, 2], 'hand': []}
    """
    for key in patch.get("gone", ()):
        view.pop(key, None)
    view.update(patch["view"])
    for key, items in patch.get("append", {}).items():
        view[key] += items


async def client(url: str, seat: int, rng: random.Random, limit: int, think: tuple[float, float],
                 sent: dict[int, tuple[int, float]], ready: Callable[[], None], go: asyncio.Event,
                 stop: list[float], run: Run, source: str = "127.0.0.1") -> None:
    """Play one seat: think, then a random legal move, whenever it is this seat's turn, until the table has
    ``limit`` actions or the time is up (then the caller cancels the clients still waiting). ``sent`` (shared by
    the table's clients, always in one process, so both times are on one clock): per version, who played against
    it and when; the other seat's client measures the latency when the message that brings that version arrives,
    the moment its socket hands it over (before it is even decoded). ``source``: the address it connects from."""
    async with connect(url, max_size=2 ** 22, open_timeout=300, ping_interval=None, close_timeout=1,
                       local_addr=(source, 0)) as ws:
        view: dict | None = None
        version, mine = -1, ""
        while True:
            text = await ws.recv()
            now = time.perf_counter()
            if now >= stop[0]:
                return
            message = orjson.loads(text)
            kind = message["type"]
            if kind == "error":
                run.error(message["code"])
                if message["code"] == "retry" and mine:  # a cluster's table changing hands: nothing was taken
                    await asyncio.sleep(0.2)
                    await ws.send(mine)
                continue
            if kind == "patch":
                if view is None or message["base"] != version:
                    run.error("patch_base")
                    await ws.send('{"type": "sync"}')
                    continue
                patch_in_place(view, message)
                run.patches += 1
            elif kind == "state":
                view = message["view"]
                run.states += 1
            else:
                continue
            run.received += len(text)
            first, version = version < 0, message["version"]
            if first:
                ready()
                await go.wait()
            mover = sent.pop(version - 1, None)
            if mover is not None:
                if mover[0] != seat:
                    run.latencies.append(now - mover[1])
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
                mine = orjson.dumps({"type": "action", "action": rng.choice(view["legal"]),
                                     "version": version}).decode()
                await ws.send(mine)


#: The tables a client process plays: per table, its seats' (WebSocket URL, seat number).
Share = list[list[tuple[str, int]]]


async def play(tables: Share, limit: int, seconds: float, seed: int, think: tuple[float, float],
               start: Callable[[], Awaitable[None]], on_progress: Callable[[int], None]) -> tuple[Run, float]:
    """Connect every seat of ``tables``; once each has its first state, await ``start()``, then play for
    ``seconds``. The run (its ``cpu``: this process's CPU seconds while playing) and the seconds played."""
    run, rng = Run(pids=[os.getpid()]), random.Random(seed)
    go, waiting, stop = asyncio.Event(), [sum(map(len, tables))], [float("inf")]
    began: list[asyncio.Task] = []

    async def begin() -> None:
        await start()
        run.started, run.cpu, run.waited = time.perf_counter(), -time.process_time(), -waited()
        stop[0] = run.started + seconds
        go.set()

    def ready() -> None:
        waiting[0] -= 1
        if waiting[0] == 0:
            began.append(asyncio.ensure_future(begin()))

    clients = []
    for n, seats in enumerate(tables):  # a table's clients from an address of their own (a process's tables)
        sent: dict[int, tuple[int, float]] = {}
        clients += [client(url, seat, random.Random(rng.random()), limit, think, sent, ready, go, stop, run,
                           client_address(n)) for url, seat in seats]
    playing = asyncio.gather(*clients)
    watch = asyncio.ensure_future(_watch_lag(go, stop, run.lags))
    while not playing.done() and time.perf_counter() < stop[0]:
        on_progress(run.actions)
        await asyncio.wait([playing], timeout=min(0.25, max(0.0, stop[0] - time.perf_counter())))
    if not playing.done():
        playing.cancel()  # the time is up: the clients still waiting for a message stop
    try:
        await playing
    except asyncio.CancelledError:
        pass
    run.cpu += time.process_time()
    run.waited += waited()
    watch.cancel()
    on_progress(run.actions)
    return run, min(time.perf_counter(), stop[0]) - run.started


async def _watch_lag(go: asyncio.Event, stop: list[float], lags: list[float], every: float = 0.01) -> None:
    """While the clients play, how late this loop wakes for a timer: a client that is late reading its socket
    adds that much to the latency it measures, so a reader can tell the clients' delay from the server's."""
    await go.wait()
    while True:
        asleep = time.perf_counter()
        await asyncio.sleep(every)
        woke = time.perf_counter()
        if woke >= stop[0]:
            return
        lags.append(woke - asleep - every)


def _client_process(conn: Connection, tables: Share, limit: int, seconds: float, seed: int,
                    think: tuple[float, float], done: Synchronized) -> None:
    """A client process: play ``tables``; say "ready" through ``conn`` when every seat has its first state, wait
    for "go", and send back the run and the seconds played. ``done``: its actions so far, for the progress bar."""

    async def start() -> None:
        conn.send("ready")
        await asyncio.get_running_loop().run_in_executor(None, conn.recv)

    def progress(actions: int) -> None:
        done.value = actions

    try:
        conn.send(asyncio.run(play(tables, limit, seconds, seed, think, start, progress)))
    except BaseException as e:  # the parent says which process failed and why
        conn.send(RuntimeError(f"a client process failed: {e!r}"))
        raise


async def measure(base: str | list[str], tables: int, limit: int, seconds: float, seed: int,
                  on_progress: Callable[[int], None] = lambda actions: None,
                  think: tuple[float, float] = THINK, on_go: Callable[[], None] = lambda: None,
                  processes: int = 0) -> tuple[Run, float]:
    """Create ``tables`` tables, connect their clients, then play for ``seconds`` (from when every client has its
    first state); the run and the seconds it took. ``processes``: client processes sharing the tables (a table's
    seats always in the same one), or 0 for every client in this process. Several ``base`` URLs (servers of a
    cluster): tables are created on each in turn, and seat ``i`` connects to ``base[i % len(base)]``."""
    bases = [base] if isinstance(base, str) else list(base)
    loop = asyncio.get_running_loop()
    created = await asyncio.gather(*[loop.run_in_executor(None, create_table, bases[i % len(bases)])
                                     for i in range(tables)])
    rng = random.Random(seed)
    urls = [[(f"{bases[s['seat'] % len(bases)].replace('http', 'ws', 1)}/ws/{t['table']}?token={s['token']}"
              "&patches=1", s["seat"]) for s in t["seats"]] for t in created]
    if processes <= 0:
        async def start() -> None:
            on_go()

        return await play(urls, limit, seconds, rng.randrange(2 ** 32), think, start, on_progress)
    return await _measure_in_processes(urls, min(processes, tables), limit, seconds, rng, think, on_go, on_progress)


async def _measure_in_processes(urls: Share, processes: int, limit: int, seconds: float, rng: random.Random,
                                think: tuple[float, float], on_go: Callable[[], None],
                                on_progress: Callable[[int], None]) -> tuple[Run, float]:
    context = multiprocessing.get_context("spawn")  # not fork: this process has threads and an event loop
    loop = asyncio.get_running_loop()
    workers = []
    for i in range(processes):
        ours, theirs = context.Pipe()
        done = context.Value("q", 0, lock=False)
        proc = context.Process(target=_client_process, daemon=True, args=(
            theirs, urls[i::processes], limit, seconds, rng.randrange(2 ** 32), think, done))
        proc.start()
        theirs.close()
        workers.append((proc, ours, done))

    def receive(conn: Connection) -> object:
        try:
            answer = conn.recv()
        except EOFError:
            raise RuntimeError("a client process died (its output above says why)") from None
        if isinstance(answer, BaseException):
            raise answer
        return answer

    try:
        for _, conn, _ in workers:  # every seat of every process has its first state
            await loop.run_in_executor(None, receive, conn)
        on_go()
        for _, conn, _ in workers:
            conn.send("go")
        ends = [loop.run_in_executor(None, receive, conn) for _, conn, _ in workers]
        waiting = asyncio.gather(*ends)
        while not waiting.done():
            on_progress(sum(done.value for _, _, done in workers))
            await asyncio.wait([waiting], timeout=0.25)
        run, elapsed = Run(), 0.0
        for share, took in await waiting:
            run.add(share)
            elapsed = max(elapsed, took)
        on_progress(run.actions)
        return run, elapsed
    finally:
        for proc, conn, _ in workers:
            proc.join(10)
            if proc.is_alive():
                proc.kill()
            conn.close()


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile by the nearest rank below (NaN for no values).

    >>> percentile([5.0, 1.0, 3.0, 2.0], 0.5), percentile(list(range(100)), 0.99)
    (3.0, 99)
    """
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def waited(pid: int | str = "self") -> float:
    """Seconds the main thread of process ``pid`` (a server's or a client's event loop) has so far spent ready to
    run but waiting for a core (Linux's scheduler statistics; 0 where the kernel keeps none): a loop that waits
    for a core delays every message it would have handled, however lean the code.

    >>> waited() >= 0
    True
    """
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Figure:
    server: str
    tables: int
    processes: int  # client processes (0: the clients in the bench's own process)
    run: Run
    seconds: float
    cpu: float  # the server's CPU seconds while the clients played
    load: float  # the machine's 1-minute load average at the end
    other: float = 0.0  # CPU seconds of the stores beside the servers (PostgreSQL and Redis, --cluster)
    server_waited: float = 0.0  # seconds the server's loop (each server's, summed) waited for a core

    @property
    def server_wait(self) -> float:
        """The share of the time played that the server's loop was ready to run but had no core."""
        return self.server_waited / self.seconds if self.seconds else 0.0

    @property
    def client_wait(self) -> float:
        """The same for the clients' loops (summed over the client processes)."""
        return self.run.waited / self.seconds if self.seconds else 0.0

    @property
    def rate(self) -> float:
        return self.run.actions / self.seconds if self.seconds else 0.0

    @property
    def server_share(self) -> float:
        """The server's CPU time over the time played: 1.0 is one core kept busy."""
        return self.cpu / self.seconds if self.seconds else 0.0

    @property
    def client_share(self) -> float:
        """The clients' CPU time (every client process) over the time played."""
        return self.run.cpu / self.seconds if self.seconds else 0.0

    @property
    def p50(self) -> float:
        return percentile(self.run.latencies, 0.5)

    @property
    def p99(self) -> float:
        return percentile(self.run.latencies, 0.99)

    @property
    def lag(self) -> float:
        """The p99 of how late the clients' loops woke for a timer: their own share of the latencies."""
        return percentile(self.run.lags, 0.99)

    @property
    def cpu_per_action(self) -> float:
        return self.cpu / self.run.actions if self.run.actions else float("nan")


def one(server: str, src: str | None, n: int, processes: int, args: argparse.Namespace) -> Figure:
    """Measure one fresh server with ``n`` tables and their clients in ``processes`` processes."""
    with tempfile.TemporaryDirectory(prefix="parlour-load-") as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        proc = start_server(Path(tmp) / "load.db", port, Path(tmp) / "server.log", src)
        try:
            mark = [0.0, 0.0]  # the server's CPU and waiting seconds when play starts

            def start() -> None:
                mark[:] = [cpu_seconds(proc.pid), waited(proc.pid)]

            with Progress(TextColumn(f"{server}, {n} tables, {processes} client processes"), BarColumn(),
                          MofNCompleteColumn(), TimeElapsedColumn(), console=Console(file=sys.stderr),
                          transient=True, disable=args.quiet) as progress:
                task = progress.add_task("load", total=None)
                run, elapsed = asyncio.run(measure(
                    base, n, args.actions, args.seconds, args.seed, lambda done: progress.update(task, completed=done),
                    think=args.think, on_go=start, processes=processes))
            used, wait = cpu_seconds(proc.pid) - mark[0], waited(proc.pid) - mark[1]
        finally:
            stop_server(proc)
    return Figure(server, n, processes, run, elapsed, used, os.getloadavg()[0], server_waited=wait)


HEADER = (f"{'server':>6} {'tables':>6} {'client procs':>12} {'actions':>8} {'secs':>6} {'actions/s':>9} "
          f"{'p50 ms':>7} {'p99 ms':>7} {'server cpu+wait':>15} {'client cpu+wait':>15} {'lag ms':>6} {'cpu ms/a':>8} {'bytes/m':>7} "
          f"{'load':>5}  errors")


def shares(cpu: float, wait: float) -> str:
    """A loop's CPU share and its share of waiting for a core, e.g. ``55%+40%``: near 100% together, the loop
    was never idle, and what it waited for was a core."""
    return f"{cpu:.0%}+{wait:.0%}"


def row(f: Figure) -> str:
    sent = f.run.patches + f.run.states
    size = f"{f.run.received / sent:.0f}" if sent else "-"
    return (f"{f.server:>6} {f.tables:>6} {f.processes or 'in bench':>12} {f.run.actions:>8} {f.seconds:>6.1f} "
            f"{f.rate:>9.1f} {f.p50 * 1000:>7.1f} {f.p99 * 1000:>7.1f} {shares(f.server_share, f.server_wait):>15} "
            f"{shares(f.client_share, f.client_wait):>15} {f.lag * 1000:>6.1f} {f.cpu_per_action * 1000:>8.2f} {size:>7} {f.load:>5.1f}  {f.run.errors or '-'}")


def medians(figures: list[Figure]) -> list[str]:
    """One line per server, table count and client processes: the medians over its repeats."""
    lines = []
    keys = dict.fromkeys((f.server, f.tables, f.processes) for f in figures)
    for server, tables, processes in keys:
        fs = [f for f in figures if (f.server, f.tables, f.processes) == (server, tables, processes)]

        def med(key: Callable[[Figure], float], fs: list[Figure] = fs) -> float:
            return statistics.median(key(f) for f in fs)

        lines.append(f"{server:>6} {tables:>6} {processes or 'in bench':>12} {len(fs):>8} {'':>6} "
                     f"{med(lambda f: f.rate):>9.1f} {med(lambda f: f.p50) * 1000:>7.1f} "
                     f"{med(lambda f: f.p99) * 1000:>7.1f} "
                     f"{shares(med(lambda f: f.server_share), med(lambda f: f.server_wait)):>15} "
                     f"{shares(med(lambda f: f.client_share), med(lambda f: f.client_wait)):>15} {med(lambda f: f.lag) * 1000:>6.1f} "
                     f"{med(lambda f: f.cpu_per_action) * 1000:>8.2f} "
                     f"{'':>7} {med(lambda f: f.load):>5.1f}")
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench load", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="100,500", help="table counts to measure, comma-separated")
    parser.add_argument("--actions", type=int, help="stop a table after this many actions (default: no limit)")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of play per measurement")
    parser.add_argument("--think", default="50-200", help="a move's thinking time in ms, from-to (0-0: none)")
    parser.add_argument("--client-processes", default=str(CLIENT_PROCESSES), metavar="N[,N...]",
                        help=f"processes the clients are spread over (default {CLIENT_PROCESSES}; 0: all in the "
                             "bench's own process); several counts are measured one after the other")
    parser.add_argument("--base", metavar="SRC", help="also measure the server of this checkout's src folder")
    parser.add_argument("--repeat", type=int, default=1, help="rounds per table count (alternating with --base)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--cluster", action="store_true",
                        help="also two processes on PostgreSQL + Redis beside one on SQLite (bench/_cluster.py)")
    parser.add_argument("--pace", choices=("fast", "people"), default="fast",
                        help="fast: Giacomotto tables thinking --think ms; people: every turn-based game at a "
                             "person's pace, seconds a move, bots and spectators at some tables (bench/_pace.py)")
    from bench._capacity import add_arguments

    add_arguments(parser)
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.tables.split(",") if n.strip()]
    if args.pace == "people":
        if not counts or min(counts) < 1 or max(counts) > 100_000:
            parser.error("--pace people: --tables takes counts from 1 to 100000, e.g. 1000,5000")
        if args.cluster or args.base:
            parser.error("--pace people measures this checkout's one process: no --cluster or --base")
        if not -1 <= args.server_cpu < (os.cpu_count() or 1) or args.median <= 0 or args.seconds <= 0:
            parser.error(f"--server-cpu is a core from 0 to {(os.cpu_count() or 1) - 1} (or -1: no pinning); "
                         "--median and --seconds are positive seconds")
        if args.reload:
            from bench._reload import run as run_reload

            return run_reload(args.reload)
        from bench._capacity import run as run_people
        from bench._pace import turn_based

        unknown = set(args.games or ()) - set(turn_based())
        if unknown:
            parser.error(f"--games: not a turn-based game: {', '.join(sorted(unknown))}; they are: "
                         f"{', '.join(turn_based())}")

        args.counts, args.src = counts, None
        return run_people(args)
    if not counts or min(counts) < 1 or max(counts) > 2000:
        parser.error("--tables takes counts from 1 to 2000, e.g. 100,500")
    try:
        client_counts = [int(n) for n in args.client_processes.split(",") if n.strip()]
    except ValueError:
        client_counts = []
    if not client_counts or min(client_counts) < 0 or max(client_counts) > 64:
        parser.error("--client-processes takes counts from 0 to 64, e.g. 4 or 0,2,4")
    low, _, high = args.think.partition("-")
    args.think = (float(low) / 1000, float(high or low) / 1000)
    args.actions = args.actions or 10 ** 9
    if args.cluster:
        if args.base:
            parser.error("--base measures another checkout's one-process server; it does not go with --cluster")
        from bench._cluster import run

        return run(counts, client_counts, args)
    servers = [("this", None)] + ([("base", args.base)] if args.base else [])
    print(f"{args.seconds:g} s of play per measurement, think {args.think[0] * 1000:g}-{args.think[1] * 1000:g} ms; "
          f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores at the start")
    print(HEADER, flush=True)
    figures: list[Figure] = []
    for n in counts:
        for r in range(args.repeat):
            for processes in client_counts:
                for server, src in (servers if r % 2 == 0 else servers[::-1]):
                    figures.append(one(server, src, n, processes, args))
                    print(row(figures[-1]), flush=True)
    print(LEGEND)
    if args.repeat > 1:
        print(f"medians over the {args.repeat} rounds (the actions column: rounds):")
        print("\n".join(medians(figures)))
    if args.base:
        print("medians, this ÷ base:")
        for n in counts:
            for processes in client_counts:
                mine = [f for f in figures if (f.tables, f.processes, f.server) == (n, processes, "this")]
                theirs = [f for f in figures if (f.tables, f.processes, f.server) == (n, processes, "base")]

                def med(fs: list[Figure], key: Callable[[Figure], float]) -> float:
                    return statistics.median(key(f) for f in fs)

                rate, base_rate = med(mine, lambda f: f.rate), med(theirs, lambda f: f.rate)
                cpu, base_cpu = med(mine, lambda f: f.cpu_per_action), med(theirs, lambda f: f.cpu_per_action)
                print(f"  {n} tables, {processes} client processes: actions/s {rate:.1f} ÷ {base_rate:.1f} = "
                      f"{rate / max(1e-9, base_rate):.2f}×; p99 {med(mine, lambda f: f.p99) * 1000:.0f} ms vs "
                      f"{med(theirs, lambda f: f.p99) * 1000:.0f} ms; server CPU per action {cpu * 1000:.2f} ms vs "
                      f"{base_cpu * 1000:.2f} ms = {base_cpu / max(1e-9, cpu):.2f}× less")
    return 0


LEGEND = ("server / client cpu+wait: CPU time (user + system) of the server process / of every client process over "
          "the time played (100% = one core busy), + the time its event loop was ready to run but waited for a core "
          "(together near 100%: never idle); lag ms: p99 of how late a client process's loop woke for a 10 ms "
          "timer (the clients' own share of the latencies); cpu ms/a: the server's CPU per action; bytes/m: per state or patch "
          "message received; load: the machine's 1-minute load average after the measurement")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
