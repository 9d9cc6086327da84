"""``python -m bench vs-external``: the dispatcher over games, the Wilson interval, and Go against GNU Go."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench._stats import wilson
from parlour.games.rengo.gtp import gnugo_path

ROOT = Path(__file__).resolve().parent.parent


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bench", "vs-external", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


@pytest.mark.parametrize("wins, n, low, high", [
    (3, 20, 0.0524, 0.3604),    # the figure: 15 %, 5–36 %
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (5, 10, 0.2366, 0.7634),
    (1, 20, 0.0089, 0.2361),
])
def test_wilson_interval_matches_published_values(wins, n, low, high):
    lo, hi = wilson(wins, n)
    assert lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


@pytest.mark.skipif(gnugo_path() is None, reason="needs Debian's gnugo")
def test_go_plays_short_games_against_gnugo_with_colours_alternated():
    done = bench("go", "--level", "1", "--games", "2", "--simulations", "20", "--max-moves", "30", "--json",
                 "--quiet")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["games"] == 2 and [r["ours"] for r in out["rows"]] == ["B", "W"]
    assert out["ours"]["simulations_per_move"] == 20 and out["gnugo"]["level"] == 1
    points = 0.0
    for r in out["rows"]:
        assert r["moves"] <= 30 and r["ours_cpu_per_move"] > 0
        assert r["winner"] == (r["score"][0] if r["score"][:2] in ("B+", "W+") else None)
        points += 1.0 if r["winner"] == r["ours"] else 0.5 if r["winner"] is None else 0.0
    assert out["points"] == points
    assert out["wilson95"] == [round(x, 3) for x in wilson(points, 2)]
