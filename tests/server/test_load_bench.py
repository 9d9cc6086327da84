"""``python -m bench load`` drives real tables: its clients' actions are the ones the server logs."""

from __future__ import annotations

import asyncio
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
