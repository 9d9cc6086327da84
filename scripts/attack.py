"""Run the independent attacks again on real ``parlour serve`` processes and say, finding by finding, what they find.

    python scripts/attack.py            # every finding (about five minutes)
    python scripts/attack.py 3 6 24.2   # some of them: issue 8's by number, the second round's (issue 24) as 24.N

Each finding of the independent attacks (issues 8 and 24) is replayed as it was reported, on a fresh SQLite file typed as
``sqlite:///FILE`` (finding 9), and its figure printed beside what the attack saw then. The exit status is 1 if any
finding is back. The tests that guard each finding are in ``tests/server/`` (``test_soak.py`` runs many at once);
finding 2 is measured by ``python -m bench worst``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import ExitStack
from pathlib import Path
from collections.abc import Callable
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A ``parlour serve`` process in a session of its own (so its workers can be found and killed with it)."""

    def __init__(self, db: Path, *options: str, port: int | None = None) -> None:
        self.db, self.options, self.port = db, options, port or free_port()
        self.log = db.with_suffix(".log")
        self.proc: subprocess.Popen | None = None
        self.files: tuple[int, int] | None = None  # the open-files limit (soft, hard) to start it under, if any

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        exe = shutil.which("parlour")
        args = ["serve", "--port", str(self.port), "--db", f"sqlite:///{self.db}", *self.options]
        return [exe, *args] if exe else [sys.executable, "-c", "from parlour.cli import main; main()", *args]

    def start(self) -> Server:
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(self.command(), stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                                         preexec_fn=self._limit_files)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"parlour serve exited:\n{self.log.read_text()}")
            try:
                with urllib.request.urlopen(self.base + "/api/games", timeout=2):
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("parlour serve did not answer within 60 s")

    def _limit_files(self) -> None:
        if self.files is not None:
            import resource
            resource.setrlimit(resource.RLIMIT_NOFILE, self.files)

    def processes(self) -> list[int]:
        """The live processes of the server's session: the server and its bot workers."""
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if self.proc and int(fields[3]) == self.proc.pid and fields[0] != "Z":
                found.append(int(stat.parent.name))
        return found

    def workers(self) -> list[int]:
        """The bot workers (not the server, nor multiprocessing's resource tracker)."""
        return [p for p in self.processes() if b"spawn_main" in _cmdline(p)]

    def kill(self, alone: bool = False) -> None:
        """SIGKILL the server (``alone``: not its workers), as a crash or the OOM killer would."""
        if self.proc is None:
            return
        try:
            if alone:
                os.kill(self.proc.pid, signal.SIGKILL)
            else:
                os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait(10)

    def finish(self) -> None:
        """Kill whatever of the session is left (after ``kill(alone=True)`` the workers must be gone already)."""
        if self.proc is not None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def _cmdline(pid: int) -> bytes:
    try:
        return (Path("/proc") / str(pid) / "cmdline").read_bytes()
    except OSError:
        return b""


def post(base: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(base + "/api/tables", json.dumps(body).encode(), {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=20) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")


def get(base: str, path: str) -> tuple[int, bytes]:
    """GET ``path``: its status and body, an error's too."""
    try:
        with urllib.request.urlopen(base + path, timeout=60) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def summary(base: str, table: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base}/api/tables/{table}", timeout=20) as r:
        return json.loads(r.read())


def ws(base: str, table: str, token: str | None = None) -> Any:
    return connect(base.replace("http", "ws", 1) + f"/ws/{table}" + (f"?token={token}" if token else ""),
                   open_timeout=20, max_size=2**22)


def first_state(sock: Any) -> dict[str, Any]:
    while True:
        m = json.loads(sock.recv(timeout=20))
        if m["type"] == "state":
            return m


def wait(condition: Callable[[], Any], seconds: float) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    return None


HUMAN, GREEDY = {"kind": "human"}, {"kind": "bot", "level": "greedy"}


# --- the findings: each returns (fixed, what it saw now) ---------------------------------------------------------


def dead_worker(tmp: Path) -> tuple[bool, str]:
    """1. One dead bot worker froze every bot seat on the server."""
    server = Server(tmp / "1.db", "--bot-workers", "2").start()
    try:
        workers = wait(lambda: len(server.workers()) == 2 and server.workers(), 30) or []
        _, tarok = post(server.base, {"game": "tarok", "seats": [{"kind": "bot", "level": "heuristic"}] * 4})
        _, duel = post(server.base, {"game": "giacomotto", "seats": [HUMAN, GREEDY]})
        with ws(server.base, tarok["table"]):  # someone watches: the all-bot table plays
            wait(lambda: summary(server.base, tarok["table"])["actions"] >= 3, 30)
            os.kill(workers[0], signal.SIGKILL)
            before = summary(server.base, tarok["table"])["actions"]
            moved = wait(lambda: summary(server.base, tarok["table"])["actions"] >= before + 20, 60)
        with ws(server.base, duel["table"], duel["seats"][0]["token"]) as sock:
            state = first_state(sock)
            while 0 not in state["view"]["to_act"]:
                state = first_state(sock)
            trail = next(a for a in state["view"]["legal"] if a.startswith("trail"))
            sock.send(json.dumps({"type": "action", "action": trail, "version": state["version"]}))
            answered = wait(lambda: summary(server.base, duel["table"])["actions"] >= state["version"] + 2, 30)
        again = wait(lambda: len(server.workers()) == 2 and server.workers(), 30) or []
        fixed = bool(moved and answered and workers[0] not in again and len(again) == 2)
        return fixed, (f"after kill -9 of worker {workers[0]}: the all-bot Tarok table played 20 more actions: "
                       f"{bool(moved)}; the greedy bot answered a trail: {bool(answered)}; workers again: {len(again)}")
    finally:
        server.kill()


def crowded_giacomotto(tmp: Path) -> tuple[bool, str]:
    """2. A crowded Giacomotto table stopped the whole server (legal lists of 10^4-3*10^5 captures)."""
    from parlour.games.giacomotto import GAME
    from parlour.games.giacomotto.worst import worst_positions

    game = GAME(players=2)
    longest, slowest = 0, 0.0
    for _, state in worst_positions(game):
        for seat in state.to_act:
            t = time.perf_counter()
            legal = state.legal(seat)
            state.view(seat)
            slowest = max(slowest, time.perf_counter() - t)
            longest = max(longest, len(legal))
    # at most a take per card of the deck; the server's event loop is held a few milliseconds at most
    return longest <= 52 and slowest < 0.005, (f"longest legal list on the constructed worst tables: {longest} actions, slowest "
                           f"legal+view {slowest * 1000:.2f} ms (timing of every game: python -m bench worst)")


def exhaustion(tmp: Path) -> tuple[bool, str]:
    """3. One client created 7,137 tables in 30 s; a 0.000001 s move clock was accepted."""
    server = Server(tmp / "3.db").start()
    try:
        statuses: dict[int, int] = {}
        end = time.monotonic() + 10
        while time.monotonic() < end:
            status, _ = post(server.base, {"game": "giacomotto", "seats": [GREEDY, GREEDY]})
            statuses[status] = statuses.get(status, 0) + 1
        clock, _ = post(server.base, {"game": "giacomotto", "clock": {"seconds_per_move": 0.000001},
                                      "seats": [HUMAN, HUMAN]})
        fixed = statuses.get(201, 0) <= 20 and clock == 422
        return fixed, (f"10 s of creation from one address: {statuses.get(201, 0)} created, "
                       f"{statuses.get(429, 0)} refused (429); a 0.000001 s move clock: HTTP {clock}; "
                       f"a start with 100,000 tables: python -m bench startup --tables 100000")
    finally:
        server.kill()


def down_time(tmp: Path) -> tuple[bool, str]:
    """4. With a 3 s move clock, 7 s of down time played the fallback before the server even answered."""
    server = Server(tmp / "4.db", "--min-move-clock", "1", "--reconnect-grace", "2")
    server.start()
    try:
        _, t = post(server.base, {"game": "giacomotto", "clock": {"seconds_per_move": 3}, "seats": [HUMAN, HUMAN]})
        with ws(server.base, t["table"]) as sock:
            mover = first_state(sock)["view"]["to_act"][0]
            time.sleep(1)
        server.kill()
        time.sleep(7)
        server.start()
        with ws(server.base, t["table"]) as sock:
            state = first_state(sock)
        left = state["clock"][mover]
        return state["version"] == 0 and left > 2, (f"after 7 s down, the mover's clock: version {state['version']}, "
                                                    f"{left:.2f} s left (about 2 s it had, plus a 2 s grace)")
    finally:
        server.kill()


def two_servers(tmp: Path) -> tuple[bool, str]:
    """5. Two servers on one database silently diverged."""
    server = Server(tmp / "5.db").start()
    try:
        second = Server(tmp / "5.db")
        done = subprocess.run(second.command(), capture_output=True, text=True, timeout=120, check=False)
        last = (done.stderr.strip().splitlines() or [""])[-1]
        return done.returncode == 1 and "another parlour server" in done.stderr, \
            f"the second server exits {done.returncode}: {last[:140]}"
    finally:
        server.kill()


def spectators(tmp: Path) -> tuple[bool, str]:
    """6. 3,000 spectator connects in 10 s made each player receive about 600 states a second."""
    server = Server(tmp / "6.db").start()
    try:
        _, t = post(server.base, {"game": "giacomotto", "seats": [HUMAN, HUMAN]})
        with ws(server.base, t["table"], t["seats"][0]["token"]) as player:
            first_state(player)
            start, connects, full = time.monotonic(), 0, 0
            while time.monotonic() - start < 10 and connects < 3000:
                try:
                    with ws(server.base, t["table"]) as s:
                        m = json.loads(s.recv(timeout=20))
                        full += m.get("code") == "full"
                except ConnectionClosed:
                    pass
                connects += 1
            seconds = time.monotonic() - start
            time.sleep(0.5)  # the last ones' departures reach the table
            stack = ExitStack()
            held = [stack.enter_context(ws(server.base, t["table"])) for _ in range(60)]  # beyond the cap of 50
            refused = 0
            for s in held:
                refused += json.loads(s.recv(timeout=20)).get("code") == "full"
            held[0].send('{"type": "chat", "text": "hello"}')
            spectator_chat = next(m for m in map(json.loads, iter(lambda: held[0].recv(timeout=20), None))
                                  if m["type"] in ("error", "chat"))
            kinds: dict[str, int] = {}
            player.send('{"type": "ping"}')
            while (m := json.loads(player.recv(timeout=20)))["type"] != "pong":
                kinds[m["type"]] = kinds.get(m["type"], 0) + 1
            stack.close()
        fixed = (kinds.get("state", 0) == 0 and kinds.get("presence", 0) < seconds * 5 and refused == 10
                 and spectator_chat.get("code") == "spectator")
        return fixed, (f"{connects} spectator connects in {seconds:.1f} s: the player got {kinds.get('state', 0)} "
                       f"states and {kinds.get('presence', 0)} presence messages; 60 spectators at once: "
                       f"{refused} refused as full; a spectator's chat at a default table: "
                       f"{spectator_chat.get('code', 'accepted')}")
    finally:
        server.kill()


BAD = 200  # the attack sent 900; at 20 a second that would take 45 s


def bad_text(tmp: Path) -> tuple[bool, str]:
    """7. A lone surrogate in chat got server_error and a traceback each time; deep brackets closed the socket."""
    server = Server(tmp / "7.db").start()
    try:
        _, t = post(server.base, {"game": "giacomotto", "seats": [HUMAN, HUMAN]})
        codes: dict[str, int] = {}
        closed = None
        with ws(server.base, t["table"], t["seats"][0]["token"]) as sock:
            first_state(sock)
            for i in range(BAD):
                text = '{"type": "chat", "text": "\\ud800"}' if i % 2 else "[" * 1500 + "]" * 1500
                try:
                    sock.send(text)
                    if i % 19 == 18:
                        time.sleep(1)  # within 20 messages a second: every one is parsed, none refused as a flood
                except ConnectionClosed as e:
                    closed = e.rcvd.code if e.rcvd else None
                    break
            sock.send('{"type": "ping"}')
            while (m := json.loads(sock.recv(timeout=30)))["type"] != "pong":
                if m["type"] == "error":
                    codes[m["code"]] = codes.get(m["code"], 0) + 1
        log = server.log.stat().st_size
        fixed = codes == {"bad_json": BAD} and closed is None and log < 10_000
        return fixed, f"{BAD} bad messages: answers {codes}, socket closed: {closed}, server log {log} bytes"
    finally:
        server.kill()


def orphan_workers(tmp: Path) -> tuple[bool, str]:
    """8. A killed server left its bot workers running for ever."""
    server = Server(tmp / "8.db", "--bot-workers", "2").start()
    try:
        workers = wait(lambda: len(server.workers()) == 2 and server.workers(), 30) or []
        server.kill(alone=True)
        start = time.monotonic()
        gone = wait(lambda: not server.processes() and ["gone"], 20)
        return bool(gone), (f"SIGKILL of the server alone: its {len(workers)} workers "
                            + (f"exited within {time.monotonic() - start:.1f} s" if gone else "are still running"))
    finally:
        server.finish()


def typed_url(tmp: Path) -> tuple[bool, str]:
    """9. --db sqlite:///path/file.db failed with 'The asyncio extension requires an async driver'."""
    server = Server(tmp / "9.db").start()
    try:
        status, _ = post(server.base, {"game": "giacomotto", "seats": [HUMAN, HUMAN]})
        return status == 201, f"parlour serve --db sqlite:///{tmp.name}/9.db serves; a table created: HTTP {status}"
    finally:
        server.kill()


# --- issue 24.1, 24.3, 24.4, 24.8: the loop never stalls; bad values answer 4xx -----------------------------------

#: The attack's Go start position: 24,000 variations, 192,009 characters.
HUGE_SGF = "(;SZ[19]" + "(;B[aa])" * 24000 + ")"
#: The costliest start position a new table takes (2,000 nodes, 10,000 values, some 42,000 characters).
BOUNDED_SGF = "(;SZ[19]" + "(;B[aa]C[a][b][c][d])" * 1999 + ")"


class Pinger:
    """An honest player's pings at a table of her own, in a thread, while an attack runs: their round trips."""

    def __init__(self, base: str) -> None:
        import threading

        _, t = post(base, {"game": "giacomotto", "seats": [HUMAN, HUMAN]})
        self._socket = ws(base, t["table"], t["seats"][0]["token"])
        self.sock = self._socket.__enter__()
        first_state(self.sock)
        self.trips: list[float] = []
        self.going = True
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while self.going:
            start = time.perf_counter()
            self.sock.send('{"type": "ping"}')
            while json.loads(self.sock.recv(timeout=30))["type"] != "pong":
                pass
            self.trips.append(time.perf_counter() - start)
            time.sleep(0.1)  # within the socket's 20 messages a second

    def stop(self, pings: int = 10) -> str:
        """Her figures, after at least ``pings`` pings (the attack's requests may all be answered before)."""
        wait(lambda: len(self.trips) >= pings, 30)
        self.going = False
        self.thread.join(35)
        self._socket.__exit__(None, None, None)
        trips = sorted(self.trips) or [float("nan")]
        self.median, self.worst = trips[len(trips) // 2], trips[-1]
        return f"her ping {self.median * 1000:.0f} ms median, {self.worst * 1000:.0f} ms max ({len(trips)} pings)"


def sgf_stall(tmp: Path) -> tuple[bool, str]:
    """24.1. A 192,009-character SGF took 1.25-1.74 s of the loop per table; record.sgf replayed on the loop."""
    from concurrent.futures import ThreadPoolExecutor

    server = Server(tmp / "24-1.db").start()
    try:
        pinger = Pinger(server.base)
        with ThreadPoolExecutor(6) as pool:
            answers = list(pool.map(lambda g: post(server.base, {"game": g[0], "seats": [HUMAN] * g[1],
                                                                 "setup": HUGE_SGF}),
                                    [("go", 2), ("rengo", 4)] * 3))
        created = pinger.stop()
        codes = sorted({status for status, _ in answers})
        # a finished table from the costliest position taken: its .sgf asked for again and again
        status, t = post(server.base, {"game": "go", "seats": [HUMAN, HUMAN], "setup": BOUNDED_SGF})
        with ws(server.base, t["table"], t["seats"][1]["token"]) as sock:  # White's turn, after the main line's B[aa]
            state = first_state(sock)
            sock.send(json.dumps({"type": "action", "action": "resign", "version": state["version"]}))
            wait(lambda: summary(server.base, t["table"])["status"] == "over", 20)
        pinger = Pinger(server.base)
        with ThreadPoolExecutor(4) as pool:
            records = list(pool.map(lambda _: get(server.base, f"/api/tables/{t['table']}/record.sgf"), range(40)))
        exported = pinger.stop()
        fixed = codes == [422] and status == 201 and {s for s, _ in records} == {200} and pinger.worst < 0.3
        return fixed, (f"six tables from it: HTTP {codes}, {created}; 40 record.sgf of a table from a position "
                       f"within the bounds: HTTP {sorted({s for s, _ in records})}, {exported} (then: 1,292 ms "
                       "median, 1,464 ms max; 728 ms, 1,243 ms)")
    finally:
        server.kill()


def option_names(tmp: Path) -> tuple[bool, str]:
    """24.3. A variant option named players or game_id answered 500; parlour verify ended in a traceback."""
    server = Server(tmp / "24-3.db").start()
    try:
        answers = [post(server.base, {"game": "giacomotto", "seats": [HUMAN, HUMAN], "options": {name: 2}})
                   for name in ("players", "game_id")]
    finally:
        server.kill()
    import parlour  # the record as parlour writes it, with an option named like load()'s parameter
    from parlour.core.record import Record

    record = Record.start(parlour.load("giacomotto", 2), seed=5).to_dict()
    record["options"]["players"] = 2
    path = tmp / "24-3.json"
    path.write_text(json.dumps(record))
    exe = shutil.which("parlour")
    command = [exe] if exe else [sys.executable, "-c", "import sys; from parlour.cli import main; sys.exit(main())"]
    done = subprocess.run([*command, "verify", str(path)], capture_output=True, text=True, timeout=60)
    said = (done.stdout + done.stderr).strip().splitlines()
    fixed = [s for s, _ in answers] == [422, 422] and all("has no option" in a.get("detail", "") for _, a in answers) \
        and not any("Traceback" in line for line in said)
    return fixed, (f"options players, game_id: HTTP {[s for s, _ in answers]} ({answers[0][1].get('detail', '')!r}); "
                   f"parlour verify: {said[-1] if said else ''!r}")


def bad_sgf(tmp: Path) -> tuple[bool, str]:
    """24.4. SGF PL[X] answered 500, B[zz] 422 with an empty reason; a NUL in setup 500 on PostgreSQL."""
    server = Server(tmp / "24-4.db").start()
    try:
        answers = [post(server.base, {"game": "go", "seats": [HUMAN, HUMAN], "setup": text})
                   for text in ("(;SZ[19]PL[X])", "(;SZ[19];B[zz])", "(;SZ[19]C[\u0000])")]
    finally:
        server.kill()
    details = [a.get("detail", "") for _, a in answers]
    fixed = [s for s, _ in answers] == [422] * 3 and not any(d.endswith(": ") or not d for d in details)
    return fixed, "PL[X], B[zz], NUL (on SQLite): " + "; ".join(f"HTTP {s} {d!r}" for (s, _), d in zip(answers, details))


def loose_types(tmp: Path) -> tuple[bool, str]:
    """24.8. "players": "2" and "spectator_chat": "no" were silently converted."""
    server = Server(tmp / "24-8.db").start()
    try:
        answers = [post(server.base, {"game": "giacomotto", "seats": [HUMAN, HUMAN], **body})
                   for body in ({"players": "2"}, {"spectator_chat": "no"}, {"options": {"target": "61"}})]
    finally:
        server.kill()
    details = [a.get("detail", "") for _, a in answers]
    kinds = ["integer", "boolean", "integer"]
    fixed = [s for s, _ in answers] == [422] * 3 and all(k in d for k, d in zip(kinds, details))
    return fixed, "; ".join(f"HTTP {s} {d!r}" for (s, _), d in zip(answers, details))


# --- issue 24.2: no stranger locks others out ---------------------------------------------------------------------


def _own_files() -> None:
    """This process opens thousands of sockets: as many descriptors as it may have."""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def _half_open(port: int, source: str, first: bytes) -> socket.socket | None:
    s = socket.socket()
    try:
        s.bind((source, 0))  # a stranger's own address: all of 127/8 is the loopback
        s.connect(("127.0.0.1", port))
        s.sendall(first)
    except OSError:  # refused at once
        s.close()
        return None
    return s


def _is_open(s: socket.socket) -> bool:
    """Whether the server still holds ``s`` open, waiting for the rest of its request."""
    try:
        s.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except BlockingIOError:  # nothing to read: still waiting
        return True
    except OSError:  # reset
        return False
    return False  # an answer (408, 429) or the end: the server is done with it


def _honest(base: str, count: int) -> tuple[int, float]:
    """``count`` honest requests one after the other (20 s each at most): how many were served, the slowest's s."""
    served, slowest = 0, 0.0
    for _ in range(count):
        t = time.monotonic()
        try:
            with urllib.request.urlopen(base + "/api/games", timeout=20) as r:
                served += r.status == 200
        except OSError:
            pass
        slowest = max(slowest, time.monotonic() - t)
    return served, slowest


HALF = b"GET /api/games HTTP/1.1\r\nHost: parlour\r\nUser-Agent: stranger\r\n"  # never the blank line


def lock_out(tmp: Path) -> tuple[bool, str]:
    """24.2. Open-files limit 1,024: 1,100 half-open connections from one client timed out 10 of 10 honest
    requests; the accept loop logged 224,342 tracebacks (90.9 MB in 55 s)."""
    _own_files()
    server = Server(tmp / "24-2a.db")
    server.files = (1024, 1024)  # soft and hard: the server cannot raise it
    server.start()
    try:
        stranger = [s for s in (_half_open(server.port, "127.0.0.2", HALF) for _ in range(1100)) if s is not None]
        served, slowest = _honest(server.base, 10)
        wait(lambda: sum(map(_is_open, stranger)) <= 128, 10)
        held = sum(map(_is_open, stranger))
        for s in stranger:
            s.close()
        text = server.log.read_text(errors="replace")
        tracebacks = text.count("Traceback") + text.count("Errno 24")
        fixed = served == 10 and tracebacks == 0 and len(text) < 10_000
        return fixed, (f"1,100 half-open connections from 127.0.0.2: it holds {held} of them open; honest requests "
                       f"served: {served} of 10 (the slowest in {slowest:.1f} s); log: {tracebacks} tracebacks, "
                       f"{len(text):,} bytes")
    finally:
        server.kill()


def slow_requests(tmp: Path) -> tuple[bool, str]:
    """24.2. 5,000 requests trickled one byte a second were all still open after 25 s (here 2,000 of them)."""
    _own_files()
    server = Server(tmp / "24-2b.db").start()
    try:
        start = time.monotonic()
        slow = [s for i in range(2000) if (s := _half_open(server.port, f"127.0.4.{i % 20 + 1}",
                                                            b"GET /api/games HTTP/1.1\r\n")) is not None]
        opened, connecting = len(slow), time.monotonic() - start

        def trickled() -> bool:  # a byte to each still open, once a second, until the server closed them all
            for s in slow:
                try:
                    s.send(b"x", socket.MSG_DONTWAIT)
                except OSError:
                    pass
            time.sleep(1)
            return not any(map(_is_open, slow))

        wait(trickled, 25)  # the default header timeout is 10 s; the attack found all open after 25 s
        still, after = sum(map(_is_open, slow)), time.monotonic() - start
        for s in slow:
            s.close()
        served, _ = _honest(server.base, 3)
        return still == 0 and served == 3, (f"{opened:,} requests trickled a byte a second from 20 addresses "
                                            f"(connected in {connecting:.1f} s): {still:,} still open after "
                                            f"{after:.0f} s; honest requests after: {served} of 3")
    finally:
        server.kill()


def seat_sockets(tmp: Path) -> tuple[bool, str]:
    """24.2. 1,000 WebSockets on one seat token were all accepted (+39 MB)."""
    server = Server(tmp / "24-2c.db").start()
    try:
        _, t = post(server.base, {"game": "giacomotto", "seats": [HUMAN, HUMAN]})
        url = f"{server.base.replace('http', 'ws', 1)}/ws/{t['table']}?token={t['seats'][0]['token']}"

        def rss() -> int:
            status = Path(f"/proc/{server.proc.pid}/status").read_text()
            return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS")))

        before, accepted, codes, stack = rss(), 0, {}, ExitStack()
        with stack:
            for i in range(1000):  # from 20 addresses, 50 each: within the limit per address
                sock = stack.enter_context(connect(url, open_timeout=20, source_address=(f"127.0.3.{i % 20 + 1}", 0)))
                m = json.loads(sock.recv(timeout=20))
                if m["type"] == "error":
                    try:
                        sock.recv(timeout=20)
                    except ConnectionClosed as e:
                        key = f"{e.rcvd.code if e.rcvd else None} {m['code']}"
                        codes[key] = codes.get(key, 0) + 1
                else:
                    accepted += 1
            grown = (rss() - before) / 1024
        fixed = accepted <= 4 and set(codes) == {"4429 too_many_sockets"}
        return fixed, (f"1,000 WebSockets on one seat token: {accepted} accepted, refused {codes}; the server grew "
                       f"{grown:.1f} MB")
    finally:
        server.kill()


# --- issue 24.5, 24.6, 24.7: records that prove fairness, joins, headers and origins -------------------------------


def _verify(path: Path) -> tuple[int, str]:
    """``parlour verify PATH``: its exit status and its output's lines."""
    exe = shutil.which("parlour")
    command = [exe, "verify", str(path)] if exe else [sys.executable, "-c", "from parlour.cli import main; main()",
                                                       "verify", str(path)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    return done.returncode, (done.stdout + done.stderr).strip()


def unproven_record(tmp: Path) -> tuple[bool, str]:
    """24.5. parlour verify said OK (exit 0) for a record whose commitment and salt were removed; a 'bot 99 random'
    entry passed; arrays nested 100,000 deep ended in a RecursionError traceback."""
    import parlour

    server = Server(tmp / "24-5.db", "--fixed-seeds").start()
    try:
        state, moves = parlour.load("giacomotto", 2, target=1).new(seed=9), []
        while not state.over:  # a whole match, played at creation: the server commits to its seed as always
            seat = state.to_act[0]
            action = state.legal(seat)[0]
            state.apply(seat, action)
            moves.append([seat, str(action)])
        _, t = post(server.base, {"game": "giacomotto", "options": {"target": 1}, "seed": 9, "moves": moves,
                                  "seats": [HUMAN, HUMAN]})
        record = json.loads(get(server.base, f"/api/tables/{t['table']}/record")[1])
    finally:
        server.kill()
    variants = {"genuine": record,
                "commitment and salt removed": {k: v for k, v in record.items() if k not in ("commitment", "salt")},
                "commitment and salt null": {**record, "commitment": None, "salt": None},
                "bot 99 random": {**record, "actions": [{"seat": None, "action": "bot 99 random", "t": 0},
                                                        *record["actions"]]}}
    seen = {}
    for name, data in variants.items():
        path = tmp / f"24-5-{name.replace(' ', '-')}.json"
        path.write_text(json.dumps(data))
        seen[name] = _verify(path)
    deep = tmp / "24-5-deep.json"
    deep.write_text('{"format": "parlour-record", "version": 1, "game": "giacomotto", "players": 2, "seed": 1, '
                    '"actions": [], "options": {"target": ' + "[" * 100_000 + "]" * 100_000 + "}}")
    seen["nested 100,000 deep"] = _verify(deep)
    one_line = all("Traceback" not in out and len(out.splitlines()) == 1 for _, out in seen.values())
    fixed = (one_line and seen["genuine"][0] == 0 and seen["genuine"][1].startswith("OK")
             and all(seen[k][0] == 3 and seen[k][1].startswith("UNPROVEN") for k in list(variants)[1:3])
             and seen["bot 99 random"][0] == 1 and seen["nested 100,000 deep"][0] == 1)
    return fixed, "parlour verify on a server's record: " + "; ".join(
        f"{name}: exit {code} {(out.split(':')[0] if code != 1 else out[:70]) if out else ''}"
        for name, (code, out) in seen.items())


def join_loop(tmp: Path) -> tuple[bool, str]:
    """24.6. One loop took all 24 open seats of 8 listed tables on its first pass: joining had no limit per address."""
    server = Server(tmp / "24-6.db").start()
    try:
        tables = [post(server.base, {"game": "tarok", "listed": True, "seats": [HUMAN] * 4})[1]["table"]
                  for _ in range(8)]
        statuses: dict[int, int] = {}
        refusal: tuple[str | None, str] = (None, "")
        for table in tables:
            for _ in range(3):
                request = urllib.request.Request(f"{server.base}/api/tables/{table}/join", b"{}",
                                                 {"Content-Type": "application/json"})
                try:
                    with urllib.request.urlopen(request, timeout=20) as r:
                        statuses[r.status] = statuses.get(r.status, 0) + 1
                except urllib.error.HTTPError as e:
                    statuses[e.code] = statuses.get(e.code, 0) + 1
                    refusal = (e.headers.get("Retry-After"), json.loads(e.read() or b"{}").get("detail", ""))
        fixed = statuses.get(200, 0) <= 10 and statuses.get(429, 0) > 0 and refusal[0] is not None \
            and "a minute" in refusal[1]
        return fixed, (f"24 joins from one address: {statuses.get(200, 0)} seats taken, {statuses.get(429, 0)} "
                       f"refused (429, Retry-After {refusal[0]}: {refusal[1][:70]!r})")
    finally:
        server.kill()


def security_headers(tmp: Path) -> tuple[bool, str]:
    """24.7. No security headers (CSP, frame-ancestors/X-Frame-Options, nosniff, Referrer-Policy); /docs loaded an
    unpinned CDN script on the origin that keeps seat tokens; WebSocket Origin was not checked."""
    server = Server(tmp / "24-7.db").start()
    try:
        _, t = post(server.base, {"game": "giacomotto", "seats": [HUMAN, HUMAN]})
        missing: dict[str, list[str]] = {}
        for path in ("/", f"/t/{t['table']}", "/rules/tarok", "/api/games", "/static/lobby.js", "/api/tables/nope"):
            try:
                with urllib.request.urlopen(server.base + path, timeout=20) as r:
                    headers = r.headers
            except urllib.error.HTTPError as e:
                headers = e.headers
            csp = headers.get("Content-Security-Policy") or ""
            lacks = [name for name, ok in (("CSP", "script-src 'self'" in csp and "unsafe-inline" not in csp),
                                           ("frame-ancestors", "frame-ancestors 'none'" in csp),
                                           ("X-Frame-Options", headers.get("X-Frame-Options") == "DENY"),
                                           ("nosniff", headers.get("X-Content-Type-Options") == "nosniff"),
                                           ("Referrer-Policy", headers.get("Referrer-Policy") == "no-referrer"))
                     if not ok]
            if lacks:
                missing[path] = lacks
        docs, _ = get(server.base, "/docs")
        url = server.base.replace("http", "ws", 1) + f"/ws/{t['table']}?token={t['seats'][0]['token']}"
        foreign = "accepted"
        try:
            with connect(url, open_timeout=20, additional_headers={"Origin": "https://evil.example"}) as sock:
                sock.recv(timeout=20)
        except ConnectionClosed as e:
            foreign = f"closed {e.rcvd.code}: {e.rcvd.reason[:40]}" if e.rcvd else "closed"
        with ws(server.base, t["table"], t["seats"][0]["token"]) as sock:  # a program, no Origin: let in
            own = first_state(sock)["type"]
        fixed = not missing and docs == 404 and foreign.startswith("closed 4403") and own == "state"
        lacking = sorted({name for names in missing.values() for name in names})
        pages = (f"{len(missing)} of 6 pages lack {', '.join(lacking)}" if lacking
                 else "every one of 6 pages has all the headers")
        return fixed, (f"{pages}; GET /docs: HTTP {docs}; "
                       f"a socket from https://evil.example: {foreign}; one without Origin: {own}")
    finally:
        server.kill()


#: Every finding by its name: issue 8's by their numbers there (1-9), the second round's as 24.N.
FINDINGS = dict(zip([str(n) for n in range(1, 10)],
                    [dead_worker, crowded_giacomotto, exhaustion, down_time, two_servers, spectators, bad_text,
                     orphan_workers, typed_url]))
FINDINGS.update({"24.1": sgf_stall, "24.2": lock_out, "24.2b": slow_requests, "24.2c": seat_sockets,
                 "24.3": option_names, "24.4": bad_sgf, "24.5": unproven_record, "24.6": join_loop,
                 "24.7": security_headers, "24.8": loose_types})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("findings", nargs="*", choices=list(FINDINGS), metavar="FINDING",
                        help=f"findings to replay, of {', '.join(FINDINGS)}; default: all")
    args = parser.parse_args()
    back = 0
    with tempfile.TemporaryDirectory(prefix="parlour-attack-") as folder:
        for name in args.findings or FINDINGS:
            finding = FINDINGS[name]
            print((finding.__doc__ or "").strip(), flush=True)
            try:
                fixed, seen = finding(Path(folder))
            except Exception as e:  # the attack itself failed: say so, as a finding that is back
                fixed, seen = False, f"the attack failed: {type(e).__name__}: {e}"
            back += not fixed
            print(f"   {'fixed' if fixed else 'STILL THERE'}: {seen}", flush=True)
    return 1 if back else 0


if __name__ == "__main__":
    sys.exit(main())
