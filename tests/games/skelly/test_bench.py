"""``python -m bench skelly``: the figures come out (never speed)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_the_bench_reports_shots_per_second_and_the_time_of_an_apply():
    done = subprocess.run([sys.executable, "-m", "bench", "skelly", "--shots", "12", "--repeat", "1", "--json",
                           "--quiet"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["shots"] == 12 and data["shots_per_s"]["median"] > 0 and data["x_baseline"]["median"] > 0
    assert 0 < data["apply_ms"]["median"] <= data["apply_ms"]["p99"] <= data["apply_ms"]["max"]
    assert data["steps_per_shot"] > 0
