"""Issue 24, finding 2: no stranger locks others out by holding connections, trickling requests, or piling sockets.

Each test runs a real ``parlour serve`` on loopback; the stranger and the honest client connect from different
loopback addresses (127.0.0.2, 127.0.0.3, ...: Linux routes all of 127/8 to the loopback), as different hosts would.
The lock-out tests set the server's open-files limit themselves (soft and hard, so the server cannot raise it).
"""

from __future__ import annotations

import http.client
import json
import os
import resource
import select
import signal
import socket
import subprocess
import time
import urllib.request
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from conftest import free_port, serve_command
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

HONEST = "127.0.0.2"
HALF = b"GET /api/games HTTP/1.1\r\nHost: parlour\r\nUser-Agent: stranger\r\n"  # never the blank line


class Serving:
    def __init__(self, port: int, log: Path, proc: subprocess.Popen) -> None:
        self.port, self.log, self.proc = port, log, proc

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def text(self) -> str:
        return self.log.read_text(errors="replace")


@contextmanager
def serving(tmp_path: Path, *options: str, files: tuple[int, int] | None = None) -> Iterator[Serving]:
    """``parlour serve`` on a fresh SQLite file, its open-files limit ``files`` (soft, hard) if given."""
    port, log = free_port(), tmp_path / "server.log"

    def limit() -> None:
        if files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, files)

    with open(log, "wb") as out:
        proc = subprocess.Popen(serve_command(port, str(tmp_path / "games.db"), *options), stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True, preexec_fn=limit)
    server = Serving(port, log, proc)
    try:
        assert wait_for(lambda: proc.poll() is not None or _answers(server.base), 60)
        assert proc.poll() is None, server.text()
        yield server
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(10)


def _answers(base: str) -> bool:
    try:
        with urllib.request.urlopen(base + "/api/games", timeout=2) as r:
            return r.status == 200
    except OSError:
        return False


def wait_for(condition: Callable[[], Any], seconds: float) -> Any:
    """The condition's first true value within ``seconds`` (polled), else None."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    return None


def honest_get(port: int, path: str = "/api/games", timeout: float = 10) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(HONEST, 0))
    try:
        conn.request("GET", path)
        return conn.getresponse().status
    finally:
        conn.close()


def half_open(port: int, source: str, first: bytes = HALF) -> socket.socket | None:
    """A connection from ``source`` that sends a request line and headers but never the blank line."""
    s = socket.socket()
    s.bind((source, 0))
    try:
        s.connect(("127.0.0.1", port))
        s.sendall(first)
    except OSError:  # refused at once
        s.close()
        return None
    return s


def closed(s: socket.socket) -> bool:
    """Whether the server has closed ``s`` (its answer, if any, read and dropped)."""
    if not select.select([s], [], [], 0)[0]:
        return False
    try:
        while s.recv(65536):
            if not select.select([s], [], [], 0)[0]:
                return False
    except OSError:
        pass
    return True


def test_a_stranger_holding_many_half_open_connections_locks_nobody_out(tmp_path):
    """Under an open-files limit of 256, one address opens 300 connections that never finish their headers:
    it holds at most its limit, the rest are closed at once, and an honest request from another address is served
    at once; the log holds no traceback."""
    with serving(tmp_path, "--max-connections-per-address", "100", files=(256, 256)) as server:
        stranger = [s for s in (half_open(server.port, "127.0.0.3") for _ in range(300)) if s is not None]
        try:
            assert honest_get(server.port) == 200
            still = wait_for(lambda: (n := sum(not closed(s) for s in stranger)) <= 100 and [n], 15)
            assert still, "the stranger holds more connections than the limit"
            assert honest_get(server.port) == 200
            # a connection beyond the limit that sent nothing yet reads why it was refused
            extra = socket.create_connection(("127.0.0.1", server.port), source_address=("127.0.0.3", 0))
            extra.settimeout(10)
            assert extra.recv(4096).startswith(b"HTTP/1.1 429"), "refused without a word"
            extra.close()
        finally:
            for s in stranger:
                s.close()
        text = server.text()
        assert "open files: up to 256" in text
        assert "Traceback" not in text and "Errno 24" not in text, text[:2000]
        assert "out of file descriptors" not in text, "refused connections held descriptors before they were refused"


def test_many_addresses_at_once_fill_the_server_but_never_its_descriptors_and_it_serves_again(tmp_path):
    """Many addresses within their limits would take every descriptor of an open-files limit of 256: the server
    keeps some for itself (its database, its workers: no traceback, no descriptor error), answers the rest 503, and
    once the half-open requests time out, an honest request is served."""
    with serving(tmp_path, "--header-timeout", "2", files=(256, 256)) as server:
        stranger = [s for i in range(10) for s in (half_open(server.port, f"127.0.1.{i + 1}") for _ in range(30))
                    if s is not None]
        try:
            # the server keeps descriptors for itself: beyond, connections are answered 503; once the half-open
            # requests time out, an honest one is served
            assert wait_for(lambda: _served(server.port), 30)
        finally:
            for s in stranger:
                s.close()
        text = server.text()
        assert text.count("out of file descriptors") <= 1, text[:3000]
        assert "Traceback" not in text and "Errno 24" not in text, text[:3000]
        assert len(text) < 5000, f"{len(text)} bytes of log"


def _served(port: int) -> bool:
    try:
        return honest_get(port) == 200
    except (OSError, http.client.HTTPException):
        return False


def _trickle(port: int, head: bytes, then: bytes, seconds: float) -> tuple[bytes, float]:
    """Send ``head`` at once, then ``then`` a byte every 0.2 s until the server answers or closes (at most
    ``seconds``); what it answered and when it closed, in seconds after ``head``."""
    s = socket.create_connection(("127.0.0.1", port), source_address=(HONEST, 0))
    start = time.monotonic()
    s.sendall(head)
    got = b""
    try:
        for i in range(int(seconds / 0.2)):
            if select.select([s], [], [], 0.2)[0]:
                break
            s.sendall(then[i % len(then):i % len(then) + 1])
        s.settimeout(5)
        while chunk := s.recv(65536):
            got += chunk
    except OSError:
        pass
    finally:
        s.close()
    return got, time.monotonic() - start


def test_requests_whose_headers_or_body_trickle_in_are_answered_408_and_closed(tmp_path):
    """Slowloris: header bytes (or body bytes) trickled in a byte every 0.2 s are cut off after the timeout with a
    408 and a sentence; a request sent at once on the same kind of connection is served; no traceback."""
    with serving(tmp_path, "--header-timeout", "1.5", "--body-timeout", "1.5") as server:
        got, took = _trickle(server.port, b"GET /api/games HTTP/1.1\r\n", b"X-Slow: abcdefghijklmnop\r\n", 15)
        assert got.startswith(b"HTTP/1.1 408"), got[:200]
        assert b"did not arrive within 1.5 s" in got
        assert 1.4 <= took < 10
        body = b"POST /api/tables HTTP/1.1\r\nHost: p\r\nContent-Type: application/json\r\nContent-Length: 300\r\n\r\n"
        got, took = _trickle(server.port, body, b'{"game": "giacomotto"      ', 15)
        assert got.startswith(b"HTTP/1.1 408"), got[:200]
        assert b"body did not arrive" in got
        # a kept-alive connection's next request, trickled, is cut off too
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10, source_address=(HONEST, 0))
        conn.request("GET", "/api/games")
        assert conn.getresponse().read()
        got, took = b"", 0.0
        sock = conn.sock
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: p\r\n")
        start = time.monotonic()
        assert wait_for(lambda: select.select([sock], [], [], 0)[0], 10)
        got = sock.recv(65536)
        assert got.startswith(b"HTTP/1.1 408") and time.monotonic() - start >= 1.4
        conn.close()
        assert honest_get(server.port) == 200
        assert "Traceback" not in server.text(), server.text()[:3000]


def _socket(base: str, table: str, token: str | None, source: str) -> Any:
    url = base.replace("http", "ws", 1) + f"/ws/{table}" + (f"?token={token}" if token else "")
    return connect(url, open_timeout=10, source_address=(source, 0))


def _first(sock: Any) -> dict[str, Any]:
    """The first state or error the socket gets."""
    while (message := json.loads(sock.recv(timeout=10)))["type"] not in ("state", "error"):
        pass
    return message


def _refusal(sock: Any) -> tuple[dict[str, Any], int | None, str]:
    """The error a refused socket gets, and its close code and reason."""
    message = _first(sock)
    with pytest.raises(ConnectionClosed) as closing:
        sock.recv(timeout=10)
    rcvd = closing.value.rcvd
    return message, rcvd.code if rcvd else None, rcvd.reason if rcvd else ""


def test_websockets_are_limited_per_seat_token_and_per_address_with_a_clear_close(tmp_path):
    """Beyond 2 sockets on one seat token, or 4 from one address, a socket is told why and closed with 4429 and
    the reason; a socket that closes gives its place back. The start raises a soft open-files limit to the hard."""
    with serving(tmp_path, "--max-sockets-per-seat", "2", "--max-sockets-per-address", "4",
                 files=(300, 600)) as server:
        assert "open files: up to 600 (raised from 300)" in server.text()
        request = urllib.request.Request(server.base + "/api/tables", json.dumps(
            {"game": "giacomotto", "seats": [{"kind": "human"}, {"kind": "human"}]}).encode(),
            {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as r:
            table = json.loads(r.read())
        t, token = table["table"], table["seats"][0]["token"]
        held = ExitStack()
        first, second = (held.enter_context(_socket(server.base, t, token, "127.0.0.4")) for _ in range(2))
        assert _first(first)["type"] == "state" and _first(second)["type"] == "state"
        with _socket(server.base, t, token, "127.0.0.5") as third:  # another address: the seat's count still
            message, code, reason = _refusal(third)
        assert message["code"] == "too_many_sockets" and code == 4429
        assert "at most 2" in reason and "seat" in reason and "at most 2" in message["message"]
        second.close()

        def one_more() -> bool:
            with _socket(server.base, t, token, "127.0.0.5") as again:
                return _first(again)["type"] == "state"

        assert wait_for(one_more, 10), "a closed socket did not give its place back"
        first.close()

        watchers = [held.enter_context(_socket(server.base, t, None, "127.0.0.6")) for _ in range(4)]
        assert all(_first(w)["type"] == "state" for w in watchers)
        with _socket(server.base, t, None, "127.0.0.6") as fifth:
            message, code, reason = _refusal(fifth)
        assert message["code"] == "too_many_sockets" and code == 4429 and "your address" in reason
        with _socket(server.base, t, None, "127.0.0.7") as elsewhere:
            assert _first(elsewhere)["type"] == "state"
        held.close()
        assert "Traceback" not in server.text()
