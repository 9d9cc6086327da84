"""``scripts/attack.py`` (issue 8's attack, run again) still runs: two of its quick findings, on a real server."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "attack.py"


def test_the_attack_script_finds_its_findings_fixed():
    done = subprocess.run([sys.executable, str(SCRIPT), "2", "9"], capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(":")[0].strip() for line in lines if line.startswith("   ")] == ["fixed", "fixed"], done.stdout
    assert "table created: HTTP 201" in done.stdout
