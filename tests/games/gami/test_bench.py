"""``python -m bench gami``: its output shape and the deals it plays (never its speed)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import parlour
from parlour.bots import play_match
from parlour.core.bot import RandomBot

ROOT = Path(__file__).resolve().parents[3]


def test_bench_gami_json():
    done = subprocess.run([sys.executable, "-m", "bench", "gami", "--seeds", "0-2", "--search-seeds", "0",
                           "--budget", "1000", "--repeat", "1", "--json", "--quiet"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    game = parlour.load("gami")
    expected = 0
    for seed in range(3):  # the same random deals, played here by the documented seeding of the bots
        _, record = play_match(game, [RandomBot(game, s, seed << 8 | s) for s in range(2)], seed=seed)
        expected += len(record.actions)
    assert data["playouts"]["decisions"] == expected and data["playouts"]["seeds"] == 3
    for key in ("deals_per_s", "decisions_per_s", "deals_x_baseline", "decisions_x_baseline"):
        assert data["playouts"][key]["best"] >= data["playouts"][key]["median"] > 0
    assert data["search"]["nodes_per_s"]["best"] > 0 and data["search"]["budget"] == 1000


def test_bench_gami_doctests(monkeypatch):
    import doctest
    import importlib

    monkeypatch.syspath_prepend(str(ROOT))
    result = doctest.testmod(importlib.import_module("bench.gami"))
    assert result.attempted > 0 and result.failed == 0
