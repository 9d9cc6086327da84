"""``python -m bench load --pace people``: tables of every turn-based game at a person's pace, timed to every socket."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import urllib.request
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[2]


def test_people_play_every_turn_based_game_and_each_action_is_timed_at_every_other_socket(live_server, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT))
    from bench._capacity import sockets_of
    from bench._pace import play, plan_tables, turn_based

    plan = plan_tables(13)  # one table of each game, each game's first with two people and bots; the tenth watched
    assert sorted(p.game for p in plan) == sorted(turn_based()) and "spoons" not in turn_based()
    assert all(p.seats.count("human") == 2 for p in plan) and plan[0].seats.count("bot") == 2 and plan[9].spectator
    assert all("bot" not in p.seats for p in plan_tables(52)[13:])  # each game's next three: people only
    share = []
    for p in plan:
        request = urllib.request.Request(live_server + "/api/tables", p.body(), {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as r:
            share.append((p.game, sockets_of(live_server, orjson.loads(r.read()), p)))
    sockets = sum(len(s) for _, s in share)
    run = asyncio.run(play(share, 0, median=0.02, seed=3, warmup=0.5, seconds=4, chat_every=2.0))
    assert run.sockets == sockets == 13 * 2 + 1
    assert not run.errors and run.sent > 0 and run.chats > 0
    # each timed action reached every other socket of its table: the last of them is one sample among its deliveries
    assert 0 < len(run.last) <= run.sent and len(run.latencies) >= len(run.last)
    assert all(x > 0 for x in run.latencies) and run.versions >= len(run.last)
    played = {game for game, values in run.by_game.items() if values}
    assert played == set(turn_based()), set(turn_based()) - played


def test_find_capacity_grows_the_count_until_the_target_or_the_largest(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "bench", "load", "--pace", "people", "--tables", "4", "--median", "0.02",
         "--warmup", "0.5", "--seconds", "1.5", "--find-capacity", "--target", "100000", "--max-tables", "8",
         "--quiet"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    rows = [line.split() for line in out.stdout.splitlines() if line.split() and line.split()[0].isdigit()]
    assert [int(r[0]) for r in rows] == [4, 8]  # doubled once, then stopped at --max-tables
    assert "capacity: 8 tables with p99 under 100000 ms" in out.stdout
    assert all(float(r[8]) > 0 and float(r[9]) > 0 for r in rows)  # server CPU ms per action (all threads, its loop)


def test_pace_people_refuses_what_it_cannot_measure():
    out = subprocess.run([sys.executable, "-m", "bench", "load", "--pace", "people", "--cluster"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "no --cluster or --base" in out.stderr
