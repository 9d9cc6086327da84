"""``python -m bench tysiac``: its output's shape and counts (never its speed), and the shared deals helper."""

from __future__ import annotations

import doctest
import importlib
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_bench_tysiac_json(monkeypatch):
    done = subprocess.run([sys.executable, "-m", "bench", "tysiac", "--deals", "4", "--repeat", "1", "--json",
                           "--quiet"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["benchmark"] == "tysiac" and data["deals"] == 4 and data["players"] == 3
    assert set(data["deals_x_baseline"]) == {"engine", "views"}
    # the same random deals in both modes: views only add work
    assert data["actions_per_deal"]["engine"] == data["actions_per_deal"]["views"] > 20
    monkeypatch.syspath_prepend(str(ROOT))
    result = doctest.testmod(importlib.import_module("bench._deals"))
    assert result.attempted > 0 and result.failed == 0
