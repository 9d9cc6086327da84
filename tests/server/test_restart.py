"""Nothing is lost: SIGKILL a real server mid-match, restart it on the same database, finish the match.

The record must equal a crash-free replay of the same seed and actions, and ``parlour verify`` must accept it.
"""

from __future__ import annotations

import json
import time
import subprocess
import sys

from live_client import Seat, get, play_random, post
from postgres import both_databases

import parlour
from parlour.core.record import Record, commitment
from parlour.core.rng import Rng

PARLOUR = [sys.executable, "-c", "from parlour.cli import main; main()"]


@both_databases
def test_a_killed_server_resumes_every_table_from_its_log(server_process, tmp_path):
    base = server_process.start()
    t = post(base + "/api/tables", {"game": "giacomotto", "options": {"target": 41},
                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
    tokens = {s["seat"]: s["token"] for s in t["seats"]}
    rng = Rng(2024)

    seats = {s: Seat(base, t["table"], tokens[s]) for s in (0, 1)}
    played = play_random(seats, rng, until=37)
    before = seats[0].wait_version(37)
    server_process.kill()  # SIGKILL: no shutdown, no flush
    for s in seats.values():
        s.close()

    base = server_process.start()
    assert get(f"{base}/api/tables/{t['table']}")["actions"] == 37
    seats = {s: Seat(base, t["table"], tokens[s]) for s in (0, 1)}
    again = seats[0].wait_version(0)
    assert again["version"] == 37 and again["view"] == before["view"]
    play_random(seats, rng, played=played)
    over = seats[1].wait_over()

    record = get(base + over["record_url"])
    assert [(a["seat"], a["action"]) for a in record["actions"]] == played
    assert over["seed"] == record["seed"] and commitment(record["seed"], record["salt"]) == t["commitment"]

    # A crash-free replay of the same seed and actions ends in the same place.
    state = parlour.load("giacomotto", 2, target=41).new(seed=record["seed"])
    for seat, action in played:
        state.apply(seat, action)
    replayed = Record.from_dict(record).verify()
    assert state.over and replayed.view(0) == state.view(0) == seats[0].wait_version(len(played))["view"]
    assert record["scores"] == list(state.scores)

    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    verified = subprocess.run([*PARLOUR, "verify", str(path)], capture_output=True, text=True)
    assert verified.returncode == 0, verified.stderr
    record["seed"] += 1
    path.write_text(json.dumps(record))
    forged = subprocess.run([*PARLOUR, "verify", str(path)], capture_output=True, text=True)
    assert forged.returncode == 1 and "commitment" in forged.stderr


def test_down_time_never_counts_on_a_move_clock(tmp_path):
    from conftest import ServerProcess

    server = ServerProcess(f"sqlite:///{tmp_path / 'clock.db'}", tmp_path / "server.log",
                           "--min-move-clock", "1", "--reconnect-grace", "2")
    try:
        base = server.start()
        t = post(base + "/api/tables", {"game": "giacomotto", "clock": {"seconds_per_move": 3},
                                        "seats": [{"kind": "human"}, {"kind": "human"}]})
        watcher = Seat(base, t["table"])
        mover = watcher.wait_version(0)["view"]["to_act"][0]
        time.sleep(1)  # the mover thinks for a second
        watcher.close()
        server.kill()  # SIGKILL while the mover's clock runs
        time.sleep(4)  # down for longer than the clock had left
        base = server.start()
        back = Seat(base, t["table"])
        state = back.wait_version(0)
        assert state["version"] == 0, "the fallback played for a seat while the server was down"
        # What the clock had when the server stopped (about 2 s; the heartbeat rounds in the player's favour),
        # plus the 2 s grace for reconnecting.
        assert 3.0 < state["clock"][mover] <= 5.0, state["clock"]
        moved = back.wait_version(1)  # and the clock still runs out, once its time is spent
        while moved["view"]["to_act"] == [mover]:  # the fallback plays the whole turn (a capture's steps)
            moved = back.wait_version(moved["version"] + 1)
        assert moved["view"]["to_act"] == [1 - mover]
        back.close()
    finally:
        server.kill()
