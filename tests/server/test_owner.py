"""One server per database: a second ``parlour serve`` on a database a live server holds refuses to start."""

from __future__ import annotations

import subprocess
import urllib.request

from conftest import ServerProcess, free_port, serve_command
from postgres import both_databases


@both_databases
def test_a_second_server_on_a_held_database_refuses_to_start(db_url, tmp_path):
    first = ServerProcess(db_url, tmp_path / "first.log")
    # The URL people type (sqlite:///FILE, postgresql://...) names the same database as the first one's.
    typed = db_url.replace("+aiosqlite", "").replace("+asyncpg", "")
    try:
        base = first.start()
        second = subprocess.run(serve_command(free_port(), typed), capture_output=True, text=True, timeout=120)
        assert second.returncode == 1, second.stdout + second.stderr
        assert "another parlour server" in second.stderr and f"pid {first.proc.pid} " in second.stderr
        assert "Traceback" not in second.stderr and "Stop that server first" in second.stderr
        with urllib.request.urlopen(base + "/api/games", timeout=20) as r:  # the first one serves on
            assert r.status == 200
        first.kill()  # SIGKILL: its claim goes with the process, and the next start is not refused
        again = ServerProcess(typed, tmp_path / "again.log")
        try:
            again.start()
        finally:
            again.kill()
    finally:
        first.kill()
