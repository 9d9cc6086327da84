"""``parlour serve`` as a person meets it: a busy port, a Ctrl-C after bots have played."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

from conftest import serve_command
from live_client import Seat
from server_wire import new_table


def test_a_busy_port_is_one_line_and_creates_no_database(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        db = tmp_path / "games.db"
        done = subprocess.run(serve_command(port, str(db)), capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and f"port {port} on 127.0.0.1 is in use" in lines[0] and "--port" in lines[0], done.stderr
    assert list(tmp_path.iterdir()) == [], "a refused server left files behind"


def test_an_unknown_tables_link_is_a_no_such_table_page(client):
    for wrong in ["nosuchtable", "<b>x", "x" * 300]:
        page = client.get(f"/t/{wrong}")
        assert page.status_code == 404 and "No such table" in page.text and 'href="/"' in page.text
        assert "<b>x" not in page.text  # the id is shown as text, never as markup
    t = new_table(client)
    assert client.get(t["seats"][0]["invite_url"]).status_code == 200
    assert client.get(f"/t/{t['table']}").status_code == 200


def test_ctrl_c_stops_the_server_without_warnings(tmp_path):
    """Ctrl-C in a terminal signals the whole process group (the server and its bot workers): it stops at once,
    cleanly, and says nothing more (no traceback, no resource tracker's leaked semaphores)."""
    port = _free_port()
    log = tmp_path / "err.txt"
    with open(log, "w") as err:
        proc = subprocess.Popen(serve_command(port, str(tmp_path / "games.db"), "--bot-workers", "2"),
                                stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
    try:
        base = f"http://127.0.0.1:{port}"
        _wait_up(base, proc)
        request = urllib.request.Request(base + "/api/tables", json.dumps(
            {"game": "kaboo", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "level": "expert"}]}
        ).encode(), {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=20) as r:
            t = json.loads(r.read())
        seat = Seat(base, t["table"], t["seats"][0]["token"])
        seat.wait_version(1)  # the bot has played (its opening peek): a worker has thought
        seat.close()
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=30)  # (click says "Aborted!", as after any Ctrl-C)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    time.sleep(1)  # the resource tracker, if any, speaks as the last process ends
    said = Path(log).read_text()
    assert "leaked" not in said and "Traceback" not in said, said


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_up(base: str, proc: subprocess.Popen) -> None:
    for _ in range(600):
        if proc.poll() is not None:
            raise AssertionError(f"parlour serve ended with {proc.returncode}")
        try:
            with urllib.request.urlopen(base + "/api/games", timeout=5):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("parlour serve did not start")


def test_without_db_the_tables_live_in_the_users_data_folder_not_where_it_was_started(tmp_path):
    """A newcomer runs ``parlour serve`` in a checkout (or anywhere): the database and its lock go to
    ``~/.local/share/parlour/`` (``$XDG_DATA_HOME``), the folder it was started in stays as it was, and the first
    line says where the tables are kept."""
    home, here = tmp_path / "home", tmp_path / "checkout"
    home.mkdir()
    here.mkdir()
    port = _free_port()
    command = serve_command(port, "unused")
    command = command[:command.index("--db")] + command[command.index("--db") + 2:]
    env = {k: v for k, v in os.environ.items() if k != "XDG_DATA_HOME"} | {"HOME": str(home)}
    out = tmp_path / "out.txt"
    with open(out, "w") as said:
        proc = subprocess.Popen(command, cwd=here, env=env, stdout=said, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        _wait_up(f"http://127.0.0.1:{port}", proc)
        folder = home / ".local" / "share" / "parlour"
        assert (folder / "parlour.db").is_file() and (folder / "parlour.db.lock").is_file()
        assert list(here.iterdir()) == []
        for _ in range(600):  # the line is printed as the socket listens, just before the first answer
            if "tables kept in" in out.read_text():
                break
            time.sleep(0.1)
        assert f"tables kept in {folder / 'parlour.db'}" in out.read_text()
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=30)
