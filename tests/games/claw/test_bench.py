"""``python -m bench realtime`` drives real tables: its clients' accepted actions are measured as every seat sees them."""

from __future__ import annotations

import asyncio
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_realtime_clients_see_each_others_claims(parlour_server, monkeypatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT))
    from bench.realtime import measure

    run, elapsed = asyncio.run(measure(parlour_server, "claw", tables=2, seconds=5, seed=3, tick=lambda r: None))
    assert run.actions >= 1 and len(run.everyone) == run.actions and len(run.each) >= 3 * run.actions
    assert all(0 < t < 5 for t in run.everyone) and elapsed >= 5
