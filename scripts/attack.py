"""Run issue 8's attack again on real ``parlour serve`` processes and say, finding by finding, what it finds now.

    python scripts/attack.py            # every finding (about two minutes)
    python scripts/attack.py 3 6 7      # some of them

Each finding of the independent attack (issue 8) is replayed as it was reported, on a fresh SQLite file typed as
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

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        exe = shutil.which("parlour")
        args = ["serve", "--port", str(self.port), "--db", f"sqlite:///{self.db}", *self.options]
        return [exe, *args] if exe else [sys.executable, "-c", "from parlour.cli import main; main()", *args]

    def start(self) -> Server:
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(self.command(), stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
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


# --- issue 24 -------------------------------------------------------------------------------------------------------


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
        with urllib.request.urlopen(f"{server.base}/api/tables/{t['table']}/record", timeout=20) as r:
            record = json.loads(r.read())
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
        try:
            with urllib.request.urlopen(server.base + "/docs", timeout=20) as r:
                docs = r.status
        except urllib.error.HTTPError as e:
            docs = e.code
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
        return fixed, (f"{len(missing)} of 6 pages lack {', '.join(lacking) or 'nothing'}; GET /docs: HTTP {docs}; "
                       f"a socket from https://evil.example: {foreign}; one without Origin: {own}")
    finally:
        server.kill()


FINDINGS = [dead_worker, crowded_giacomotto, exhaustion, down_time, two_servers, spectators, bad_text, orphan_workers,
            typed_url]
FINDINGS += [unproven_record, join_loop, security_headers]  # issue 24.5, 24.6, 24.7


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("findings", nargs="*", type=int, help="finding numbers (1-9); default: all")
    args = parser.parse_args()
    back = 0
    with tempfile.TemporaryDirectory(prefix="parlour-attack-") as folder:
        for number in args.findings or range(1, len(FINDINGS) + 1):
            finding = FINDINGS[number - 1]
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
