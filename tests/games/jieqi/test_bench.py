"""``python -m bench jieqi``: every engine counts the same perft nodes, and the figures come out (never speed)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_the_perft_bench_counts_the_same_nodes_in_every_engine():
    done = subprocess.run([sys.executable, "-m", "bench", "jieqi", "--depth", "2", "--python-depth", "2", "--repeat",
                           "1", "--json", "--quiet"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["nodes"]["parlour"] == data["nodes"]["pyffish"] == 1920
    assert data.get("nodes", {}).get("fairy-stockfish", 1920) == 1920
    assert data["nodes_per_s"]["parlour"]["median"] > 0 and "pyffish" in data["ratio_parlour_to"]
    search = data["search"]  # the search bot's default level, in the same run
    assert search["positions"] == 4 and search["seconds"] == 0.3 and search["nodes_per_cpu_s"]["lowest"] > 0
