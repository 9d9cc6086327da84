"""``python -m bench load`` drives real tables: its clients' actions are the ones the server logs."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_load_clients_play_the_asked_number_of_actions(live_server, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT))
    from bench.load import measure

    run, elapsed = asyncio.run(measure(live_server, tables=3, limit=12, seconds=60, seed=5, think=(0.0, 0.01)))
    # each action is measured once, at the other player; the clients rebuilt every state after the first from patches
    assert run.actions == 36 and len(run.latencies) == 36 and not run.errors
    assert run.states == 6 and run.patches >= 36
    assert all(latency > 0 for latency in run.latencies) and elapsed > 0


def test_load_clients_spread_over_processes_measure_every_action_once(live_server, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT))
    from bench.load import measure

    gone: list[int] = []
    run, elapsed = asyncio.run(measure(live_server, tables=5, limit=10, seconds=60, seed=7, think=(0.0, 0.01),
                                       on_go=lambda: gone.append(1), processes=2))
    # two processes (three tables and two), each table's two seats in one of them: every action is measured once,
    # at the other player, on that process's clock; each process's states, patches and CPU time are counted
    assert run.actions == 50 and len(run.latencies) == 50 and not run.errors
    assert run.states == 10 and run.patches >= 50
    assert all(latency > 0 for latency in run.latencies) and elapsed > 0
    assert len(set(run.pids)) == 2 and os.getpid() not in run.pids
    assert run.cpu > 0 and run.lags and gone == [1]  # the clock started once, when every seat of both was ready
