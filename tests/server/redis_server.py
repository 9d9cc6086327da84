"""A throwaway Redis for the cluster tests: Debian's ``redis-server`` on a free loopback port, nothing saved.

``redis_server`` starts one for the test session (``scripts/test`` installs the package); ``restart()`` stops it and
starts it again on the same port with nothing in it, as a crashed Redis comes back.
"""

from __future__ import annotations

import importlib.util
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Iterator

import pytest


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    def __init__(self, directory: Path) -> None:
        found = shutil.which("redis-server") or ("/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists()
                                                 else None)
        if found is None:
            raise RuntimeError("the cluster tests need redis-server (Debian's redis-server package): scripts/test "
                               "installs it")
        self.program, self.directory, self.port = found, directory, _free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        log = open(self.directory / "redis.log", "ab")
        self.proc = subprocess.Popen([self.program, "--port", str(self.port), "--bind", "127.0.0.1",
                                      "--save", "", "--appendonly", "no", "--dir", str(self.directory)],
                                     stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server did not answer:\n{(self.directory / 'redis.log').read_text()}")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)
            self.proc = None

    def restart(self, down: float = 0.0) -> None:
        """Kill it (every connection drops, every key is lost), wait ``down`` seconds, start it again."""
        self.stop()
        time.sleep(down)
        self.start()


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    if importlib.util.find_spec("redis") is None:
        raise RuntimeError("the cluster tests need the redis package: pip install -e '.[test,postgres,cluster]' "
                           "(scripts/test does)")
    directory = Path(tempfile.mkdtemp(prefix="parlour-redis-"))
    server = RedisServer(directory)
    try:
        server.start()
        yield server
    finally:
        server.stop()
        shutil.rmtree(directory, ignore_errors=True)
