"""Fixtures for the server tests: an in-process app, and real ``parlour serve`` processes.

``live_server`` (also used by the browser test) yields the base URL of a server running in a subprocess on a free
port with a temporary SQLite file, and kills it at teardown. Both it and ``client`` store in ``db_url``; a test marked
``@both_databases`` (from ``postgres``) runs on SQLite and again on a fresh PostgreSQL database.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest
from fastapi.testclient import TestClient
from postgres import postgres_cluster, postgres_url  # noqa: F401  (fixtures: importing them here registers them)
from redis_server import redis_server  # noqa: F401

from parlour.server import create_app

STARTUP_SECONDS = 60


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_command(port: int, db: str, *options: str) -> list[str]:
    exe = shutil.which("parlour")
    args = ["serve", "--port", str(port), "--db", db, "--bot-workers", "1", *options]
    if exe:
        return [exe, *args]
    return [sys.executable, "-c", "import sys; from parlour.cli import main; sys.exit(main())", *args]


def session_processes(session: int) -> list[int]:
    """The live processes (not zombies) of a session: a server started by :class:`ServerProcess` and its workers."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if int(fields[3]) == session and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


def cmdline(pid: int) -> str:
    try:
        return (Path("/proc") / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


class ServerProcess:
    """A ``parlour serve`` subprocess on a fixed port and database; start, kill -9, start again.

    ``options`` are more ``parlour serve`` options (``"--bot-workers", "2"`` overrides the default of one).
    """

    def __init__(self, db: str, log: Path, *options: str) -> None:
        self.db, self.log, self.port, self.options = db, log, free_port(), options
        self.proc: subprocess.Popen | None = None
        self.session: int | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> str:
        out = open(self.log, "ab")
        # A new session: killing the server's group also stops its bot workers.
        self.proc = subprocess.Popen(serve_command(self.port, self.db, *self.options), stdout=out, stderr=subprocess.STDOUT,
                                     start_new_session=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        out.close()
        self.session = self.proc.pid
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"parlour serve exited with {self.proc.returncode}:\n{self.log.read_text()}")
            try:
                with urllib.request.urlopen(self.url + "/api/games", timeout=2) as r:
                    if r.status == 200:
                        return self.url
            except OSError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"parlour serve did not answer within {STARTUP_SECONDS}s:\n{self.log.read_text()}")

    def workers(self) -> list[int]:
        """The process ids of the server's bot workers."""
        return [p for p in session_processes(self.session or 0) if "spawn_main" in cmdline(p)]

    def kill(self) -> None:
        """SIGKILL the server and its workers, as a crash would."""
        if self.proc is not None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait(10)
        self.proc = None


@contextmanager
def cluster(db_url: str, redis_url: str, folder: Path, *options: str, count: int = 2) -> Iterator[list[ServerProcess]]:
    """``count`` started server processes on one database linked through Redis, killed on leaving."""
    servers = [ServerProcess(db_url, folder / f"server{i}.log", "--redis", redis_url, *options) for i in range(count)]
    try:
        for s in servers:
            s.start()
        yield servers
    finally:
        for s in servers:
            s.kill()


@pytest.fixture
def server_process(db_url: str, tmp_path: Path) -> Iterator[ServerProcess]:
    """A server process on ``db_url`` to start and kill by hand (it is killed at teardown)."""
    server = ServerProcess(db_url, tmp_path / "server.log")
    try:
        yield server
    finally:
        server.kill()


@pytest.fixture
def live_server(server_process: ServerProcess) -> Iterator[str]:
    """The base URL (``http://127.0.0.1:PORT``) of a running ``parlour serve`` with a fresh database."""
    yield server_process.start()


@pytest.fixture
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh SQLite file's URL, or a fresh PostgreSQL database's when parametrized with ``"postgresql"``."""
    if getattr(request, "param", "sqlite") == "postgresql":
        return request.getfixturevalue("postgres_url")
    return f"sqlite+aiosqlite:///{tmp_path / 'test.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The app in process (lifespan run), with one bot worker."""
    with TestClient(create_app(db_url, bot_workers=1)) as c:
        yield c


@pytest.fixture
def seeded_client(db_url: str) -> Iterator[TestClient]:
    """The app in process as ``client``, taking a new table's seed (``--fixed-seeds``): a test deals what it needs."""
    with TestClient(create_app(db_url, bot_workers=1, fixed_seeds=True)) as c:
        yield c
