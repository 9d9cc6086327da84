"""The README's first command on a fresh machine: ``pip install -e . && parlour serve`` in a bare virtual environment.

Run by ``scripts/test`` before the suite: it makes a throwaway venv with nothing in it, installs the project alone
(no extras, so no test dependency can hide a missing runtime one), starts ``parlour serve`` from it, creates a table
through the HTTP API, plays one move over the WebSocket, and stops the server. The client below runs inside that
venv, so it uses only the standard library and the project's own dependencies.

    python3 scripts/fresh_install.py          # prints each step; exits non-zero with the server's log on a failure
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STARTUP_SECONDS = 60

CLIENT = r'''
import json, sys, urllib.request
from websockets.sync.client import connect

base = sys.argv[1]
body = json.dumps({"game": "giacomotto", "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human"}]}).encode()
request = urllib.request.Request(base + "/api/tables", data=body, headers={"Content-Type": "application/json"})
with urllib.request.urlopen(request, timeout=30) as answer:
    table = json.load(answer)
tokens = {s["seat"]: s["token"] for s in table["seats"]}
ws = base.replace("http", "ws", 1) + "/ws/" + table["table"]
with connect(ws + "?token=" + tokens[0], open_timeout=30) as a, connect(ws + "?token=" + tokens[1], open_timeout=30) as b:
    states = {}
    for seat, sock in ((0, a), (1, b)):
        message = json.loads(sock.recv(timeout=30))
        assert message["type"] == "state", message
        states[seat] = message
    seat = next(s for s, m in states.items() if s in m["view"]["to_act"])
    sock, other = (a, b) if seat == 0 else (b, a)
    move = states[seat]["view"]["legal"][0]
    sock.send(json.dumps({"type": "action", "action": move, "version": states[seat]["version"]}))
    while True:
        message = json.loads(other.recv(timeout=30))
        if message["type"] == "state" and message["version"] == 1:
            break
print(f"table {table['table']}: seat {seat} played {move!r}; the other seat saw version 1")
with urllib.request.urlopen(base + "/api/push/key", timeout=30) as answer:  # made at the first start (Web Push)
    assert len(json.load(answer)["key"]) == 87
# a device subscribes for pushes (pywebpush, py-vapid, cryptography: runtime dependencies)
sub = {"endpoint": "https://push.example/abc", "keys": {"p256dh": "B" + "A" * 86, "auth": "A" * 22}}
request = urllib.request.Request(f"{base}/api/tables/{table['table']}/notifications?token={tokens[0]}",
                                 data=json.dumps({"push": sub}).encode(), method="PUT",
                                 headers={"Content-Type": "application/json"})
with urllib.request.urlopen(request, timeout=30) as answer:
    assert json.load(answer)["push"] == 1
print("a device subscribed to the table's notifications")
'''


def step(text: str) -> None:
    print(f"fresh install: {text}", flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(*args: str | Path, cwd: Path = ROOT) -> None:
    subprocess.run([str(a) for a in args], cwd=cwd, check=True)


def stop(server: subprocess.Popen) -> None:
    """Stop the server and its bot workers (its whole process group), if it still runs."""
    try:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(20)
    except ProcessLookupError:
        return
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="parlour-fresh-") as tmp:
        here = Path(tmp)
        venv = here / "venv"
        step(f"a bare virtual environment in {venv}")
        run(sys.executable, "-m", "venv", venv)
        python, parlour = venv / "bin" / "python", venv / "bin" / "parlour"
        step("pip install -e . (the project alone, no extras)")
        run(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", ".")
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        log = here / "serve.log"
        step(f"parlour serve on {base}")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        with open(log, "wb") as out:
            server = subprocess.Popen([parlour, "serve", "--port", str(port), "--db", str(here / "parlour.db")],
                                      cwd=here, stdout=out, stderr=subprocess.STDOUT, env=env,
                                      start_new_session=True)
        try:
            deadline = time.monotonic() + STARTUP_SECONDS
            while True:
                if server.poll() is not None:
                    raise RuntimeError(f"parlour serve exited with {server.returncode}")
                try:
                    urllib.request.urlopen(base + "/api/games", timeout=2).close()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"parlour serve did not answer within {STARTUP_SECONDS} s") from None
                    time.sleep(0.2)
            step("a table through the API, a move over the WebSocket")
            subprocess.run([python, "-c", CLIENT, base], cwd=here, env=env, check=True, timeout=120)
        except (RuntimeError, subprocess.SubprocessError) as e:
            print(f"fresh install FAILED: {e}\n--- parlour serve's log ---\n{log.read_text(errors='replace')}",
                  file=sys.stderr)
            return 1
        finally:
            stop(server)
        step("passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
