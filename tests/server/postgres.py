"""A throwaway PostgreSQL cluster for the server tests: Debian's binaries, a temporary directory, loopback only.

``postgres_cluster`` starts one cluster for the whole session (``initdb``, then ``pg_ctl start`` listening on
127.0.0.1 and a socket in its own directory) and stops and removes it at the end. ``postgres_url`` gives each test a
database of its own, so that a restarted server resumes only that test's tables. ``both_databases`` runs a server
test once on SQLite and once on PostgreSQL, through the ``db_url`` fixture that its app or server process uses::

    @both_databases
    def test_something(client): ...          # test_something[sqlite], test_something[postgresql]

As root (CI), the cluster runs as the ``postgres`` user, which PostgreSQL requires; otherwise as the current user.
"""

from __future__ import annotations

import glob
import importlib.util
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Iterator

import pytest

#: Where Debian's ``postgresql`` package puts each major version's programs.
BINARIES = "/usr/lib/postgresql/*/bin"

both_databases = pytest.mark.parametrize("db_url", ["sqlite", "postgresql"], indirect=True)


def binaries() -> Path:
    """The newest installed PostgreSQL's ``bin`` directory; a clear error when there is none."""
    found = [Path(p) for p in glob.glob(BINARIES) if (Path(p) / "initdb").exists()]
    if not found:
        raise RuntimeError(f"the PostgreSQL tests need initdb and pg_ctl in {BINARIES} (Debian's postgresql "
                           f"package): scripts/test installs it")
    return max(found, key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0)


def database_url(port: int, name: str) -> str:
    """The SQLAlchemy URL of database ``name`` on the cluster.

    >>> database_url(5433, "parlour_1")
    'postgresql+asyncpg://postgres@127.0.0.1:5433/parlour_1'
    """
    return f"postgresql+asyncpg://postgres@127.0.0.1:{port}/{name}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """One running PostgreSQL server in ``directory`` (data in ``data/``, socket and log beside it)."""

    def __init__(self, directory: Path) -> None:
        self.directory, self.bin, self.port = directory, binaries(), _free_port()
        self.data, self.log = directory / "data", directory / "postgres.log"
        self._names = itertools.count(1)

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin / program), *args]
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, cwd=self.directory, capture_output=True, text=True)
        if done.returncode != 0:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(f"{program} failed ({done.returncode}):\n{done.stdout}{done.stderr}{log}")

    def start(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.directory, "postgres", "postgres")
        # Trust on loopback is safe here: the server listens on 127.0.0.1 and its socket directory is private.
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "--locale=C", "-E", "UTF8",
                  "--no-sync")
        # -F: no fsync. The tests kill parlour, never PostgreSQL, so durability rests on its commits, not the disk.
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60",
                  "-o", f"-p {self.port} -k {self.directory} -h 127.0.0.1 -F", "start")

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def new_database(self) -> str:
        """Create an empty database; its URL."""
        name = f"parlour_{next(self._names)}"
        subprocess.run([str(self.bin / "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1",
                        "-p", str(self.port), "-U", "postgres", "-d", "postgres", "-c", f"CREATE DATABASE {name}"],
                       check=True, capture_output=True)
        return database_url(self.port, name)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """A PostgreSQL server for the session, removed with its files at the end."""
    # Not pytest's tmp_path: its parents are private to the user running the tests, and PostgreSQL runs as another.
    if importlib.util.find_spec("asyncpg") is None:
        raise RuntimeError("the PostgreSQL tests need asyncpg: pip install -e '.[test,postgres]' (scripts/test does)")
    directory = Path(tempfile.mkdtemp(prefix="parlour-pg-"))
    cluster = None
    try:
        cluster = Cluster(directory)
        cluster.start()
        yield cluster
    finally:
        try:
            if cluster is not None:
                cluster.stop()
        finally:
            shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_cluster: Cluster) -> str:
    """``postgresql+asyncpg://postgres@127.0.0.1:PORT/parlour_N``: a fresh database for one test."""
    return postgres_cluster.new_database()
