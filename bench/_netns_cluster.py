"""A parlour cluster on simulated machines (``bench/_netns.py``): PostgreSQL, Redis, members, clients, each alone.

:class:`Machines` makes the namespaces ``pg``, ``redis``, ``m0`` ... ``m{N-1}`` and ``clients``, linked member by
member to ``pg``, to ``redis`` and to ``clients`` (members share nothing but the database and Redis, as in
``server/cluster.py``; players reach members only from ``clients``). It starts Debian's PostgreSQL (throwaway,
``trust`` for the links' addresses only, no fsync: the members are killed, never PostgreSQL) and ``redis-server``
inside theirs, and ``parlour serve --redis`` in each member's, on that member's own addresses of the database and
Redis. Used by ``tests/server/test_netns_cluster.py`` and ``python -m bench cluster-netns``.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bench._netns import NETWORK, Network, inside

ROOT = Path(__file__).resolve().parents[1]
PG_PORT, REDIS_PORT, MEMBER_PORT = 5432, 6379, 8000
DATABASE = "parlour"
#: The members' limits are for people at homes of their own; here every client comes from one address per link.
MEMBER_OPTIONS = ("--bot-workers", "1", "--tables-per-minute", "0", "--max-open-tables", "0",
                  "--max-connections-per-address", "0", "--max-sockets-per-address", "0")


def postgres_binaries() -> Path:
    """The tests' choice of PostgreSQL (the newest of Debian's), with its clear error when there is none."""
    sys.path.insert(0, str(ROOT / "tests" / "server"))
    from postgres import binaries
    return binaries()


class Machines:
    """``members`` parlour members on PostgreSQL and Redis, each on a simulated machine; ``folder`` holds the logs
    (``member0.log`` ...). Start with :meth:`start`; :meth:`close` (or leaving ``with``) stops and removes all."""

    def __init__(self, folder: Path, members: int = 3, delay_ms: float = 3.0) -> None:
        self.folder, self.count = folder, members
        self.names = [f"m{i}" for i in range(members)]
        links = [link for m in self.names for link in ((m, "pg"), (m, "redis"), ("clients", m))]
        self.net = Network(["pg", "redis", *self.names, "clients"], links, delay_ms)
        self.procs: list[subprocess.Popen | None] = [None] * members
        self.redis: subprocess.Popen | None = None
        self.pg_dir = Path(tempfile.mkdtemp(prefix="parlour-netns-pg-"))  # PostgreSQL runs as its own user
        self.database, self._databases = DATABASE, 0

    # -- addresses --------------------------------------------------------------------------------------------------
    def url(self, i: int) -> str:
        """Member ``i``'s base URL as the clients reach it."""
        return f"http://{self.net.address(self.names[i], 'clients')}:{MEMBER_PORT}"

    def db_url(self, i: int) -> str:
        return f"postgresql+asyncpg://postgres@{self.net.address('pg', self.names[i])}:{PG_PORT}/{self.database}"

    def redis_url(self, i: int) -> str:
        return f"redis://{self.net.address('redis', self.names[i])}:{REDIS_PORT}/0"

    # -- the stores -------------------------------------------------------------------------------------------------
    def _as_postgres(self, program: str, *args: str, machine: bool = True) -> subprocess.CompletedProcess:
        command = [str(self.bin / program), *args]
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            command = ["runuser", "-u", "postgres", "--", *command]
        if machine:
            command = self.net.command("pg", command)
        done = subprocess.run(command, cwd=self.pg_dir, capture_output=True, text=True)
        if done.returncode != 0:
            log = (self.pg_dir / "postgres.log")
            raise RuntimeError(f"{program} failed ({done.returncode}):\n{done.stdout}{done.stderr}"
                               f"{log.read_text() if log.exists() else ''}")
        return done

    def start_stores(self) -> None:
        self.bin = postgres_binaries()
        if os.geteuid() == 0:
            shutil.chown(self.pg_dir, "postgres", "postgres")
        data = self.pg_dir / "data"
        self._as_postgres("initdb", "-D", str(data), "-U", "postgres", "--auth=trust", "--locale=C", "-E", "UTF8",
                          "--no-sync", machine=False)
        with open(data / "pg_hba.conf", "a") as hba:  # the members' links, and nothing else can reach it anyway
            hba.write(f"host all postgres {NETWORK}.0.0/16 trust\n")
        self._as_postgres("pg_ctl", "-D", str(data), "-l", str(self.pg_dir / "postgres.log"), "-w", "-t", "60",
                          "-o", f"-p {PG_PORT} -k {self.pg_dir} -h '*' -F -c max_connections=200", "start")
        self.psql(f"CREATE DATABASE {DATABASE}", database="postgres")
        program = shutil.which("redis-server") or "/usr/bin/redis-server"
        with open(self.folder / "redis.log", "ab") as log:
            self.redis = subprocess.Popen(self.net.command("redis", [
                program, "--port", str(REDIS_PORT), "--bind", "*", "--protected-mode", "no", "--save", "",
                "--appendonly", "no", "--dir", str(self.folder)]), stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        with inside(self.net, self.names[0]):  # as a member reaches it
            while True:
                try:
                    with socket.create_connection((self.net.address("redis", self.names[0]), REDIS_PORT), 1) as s:
                        s.sendall(b"PING\r\n")
                        if s.recv(16).startswith(b"+PONG"):
                            return
                except OSError:
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"redis-server did not answer:\n{(self.folder / 'redis.log').read_text()}")
                    time.sleep(0.05)

    def new_database(self) -> None:
        """An empty database for the members started from now on (a bench's fresh start per measurement)."""
        self._databases += 1
        self.database = f"{DATABASE}_{self._databases}"
        self.psql(f"CREATE DATABASE {self.database}", database="postgres")

    def psql(self, sql: str, database: str | None = None) -> list[list[str]]:
        """Run ``sql`` in the database (inside ``pg``, through its socket); the rows, fields split at tabs."""
        done = self._as_postgres("psql", "-X", "-q", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1",
                                 "-h", str(self.pg_dir), "-p", str(PG_PORT), "-U", "postgres", "-d",
                                 database or self.database,
                                 "-c", sql)
        return [line.split("\t") for line in done.stdout.splitlines() if line]

    def logged(self, table: str) -> list[tuple[int | None, str]]:
        """The table's log in the database, in order: (seat or None, action)."""
        if not re.fullmatch(r"[A-Za-z0-9_-]+", table):  # (it goes into the SQL text)
            raise ValueError(f"not a table id: {table!r}")
        rows = self.psql(f"SELECT coalesce(seat::text, ''), action FROM actions WHERE table_id = '{table}' "
                         f"ORDER BY idx")
        return [(int(seat) if seat else None, action) for seat, action in rows]

    def store_pids(self) -> list[int]:
        """PostgreSQL's postmaster and redis-server."""
        return [int((self.pg_dir / "data" / "postmaster.pid").read_text().split()[0]), self.redis.pid]

    # -- the members ------------------------------------------------------------------------------------------------
    def start_member(self, i: int, timeout: float = 90) -> None:
        """Start member ``i`` and wait until the clients can reach it."""
        argv = [sys.executable, "-c", "import sys; from parlour.cli import main; sys.exit(main())", "serve",
                "--host", "0.0.0.0", "--port", str(MEMBER_PORT), "--db", self.db_url(i), "--redis",
                self.redis_url(i), *MEMBER_OPTIONS]
        log = self.folder / f"member{i}.log"
        with open(log, "ab") as out:
            self.procs[i] = proc = subprocess.Popen(self.net.command(self.names[i], argv), stdout=out,
                                                    stderr=subprocess.STDOUT, start_new_session=True,
                                                    env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + timeout
        with inside(self.net, "clients"):
            while time.monotonic() < deadline:
                if proc.poll() is not None:
                    raise RuntimeError(f"member {i} exited with {proc.returncode}:\n{log.read_text()}")
                try:
                    urllib.request.urlopen(self.url(i) + "/api/games", timeout=2).close()
                    return
                except OSError:
                    time.sleep(0.2)
        self.kill_member(i)
        raise RuntimeError(f"member {i} did not answer within {timeout:g}s:\n{log.read_text()}")

    def start(self, members: int | None = None) -> None:
        """The stores, then the first ``members`` members (all by default)."""
        self.start_stores()
        for i in range(self.count if members is None else members):
            self.start_member(i)

    def kill_member(self, i: int) -> None:
        """SIGKILL member ``i`` and its bot workers, as a crash would."""
        proc = self.procs[i]
        if proc is not None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(10)
        self.procs[i] = None

    def alive(self, i: int) -> bool:
        return self.procs[i] is not None

    def member_pids(self) -> list[int]:
        return [p.pid for p in self.procs if p is not None]

    def said(self, text: str = "cluster:") -> str:
        """The members' log lines that contain ``text``: what they said of the cluster (for a failing test)."""
        lines = []
        for i in range(self.count):
            log = self.folder / f"member{i}.log"
            if log.exists():
                lines += [f"m{i}: {line}" for line in log.read_text(errors="replace").splitlines() if text in line]
        return "\n".join(lines[-120:])

    def close(self) -> None:
        for i in range(self.count):
            self.kill_member(i)
        if (self.pg_dir / "data" / "postmaster.pid").exists():
            try:
                self._as_postgres("pg_ctl", "-D", str(self.pg_dir / "data"), "-m", "immediate", "-w", "stop")
            except RuntimeError:
                pass  # the namespace's removal kills it
        self.net.close()  # kills what is still inside: Redis, and anything a member left
        subprocess.run(["rm", "-rf", str(self.pg_dir)])

    def __enter__(self) -> "Machines":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
