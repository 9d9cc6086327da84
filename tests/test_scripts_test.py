"""``scripts/test``, the README's test command, as a newcomer meets it when something goes wrong.

The script runs in a copy of the checkout's ``scripts/`` folder with stand-ins for ``python3``, ``apt-get`` and the
Debian programs on the PATH: each stand-in notes how it was called and answers as the case needs (pytest failing,
a system Python that refuses pip), so the script's own words and exit status are what is tested.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PYTHON = """#!/bin/sh
echo "python3 $*" >> "$CALLS"
case "$1 $2" in
    "-c "*engine*) exit "${ENGINE_STATUS:-0}" ;;
    "-c "*) exit "${SYSTEM_PYTHON:-0}" ;;
    "-m pytest") exit "${PYTEST_STATUS:-0}" ;;
esac
exit 0
"""


def run_script(tmp_path: Path, stand_ins: tuple[str, ...] = (), **env: str) -> tuple[subprocess.CompletedProcess,
                                                                                     list[str]]:
    checkout = tmp_path / "checkout"
    (checkout / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "test", checkout / "scripts" / "test")
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    for name, body in {"python3": PYTHON, "chromium": "#!/bin/sh\n", "gnugo": "#!/bin/sh\n",
                       "redis-server": "#!/bin/sh\n", "cc": "#!/bin/sh\n", "initdb": "#!/bin/sh\n",
                       "apt-get": '#!/bin/sh\necho "apt-get $*" >> "$CALLS"\n',
                       **{name: "#!/bin/sh\n" for name in stand_ins}}.items():
        (bin_ / name).write_text(body)
        (bin_ / name).chmod(stat.S_IRWXU)
    calls = tmp_path / "calls.txt"
    calls.touch()
    environ = dict(os.environ, PATH=f"{bin_}:/usr/bin:/bin", CALLS=str(calls), **env)
    done = subprocess.run(["bash", str(checkout / "scripts" / "test")], capture_output=True, text=True, env=environ,
                          timeout=120)
    return done, calls.read_text().splitlines()


def test_a_failing_pytest_says_so_and_that_the_pure_engines_tests_did_not_run(tmp_path):
    done, calls = run_script(tmp_path, PYTEST_STATUS="3")
    assert done.returncode == 3, done.stderr  # pytest's own exit status
    assert ("scripts/test: pytest failed (exit status 3); the pure Python engine's tests (below) did not run"
            in done.stderr)
    assert len([c for c in calls if c.startswith("python3 -m pytest")]) == 1


def test_a_passing_pytest_goes_on_to_the_pure_engine(tmp_path):
    done, calls = run_script(tmp_path)
    assert "pytest failed" not in done.stderr
    assert len([c for c in calls if c.startswith("python3 -m pytest")]) == 3  # the suite, the pure pass, doctests
    assert "PARLOUR_PURE=1" in done.stdout


def test_iproute2_is_installed_only_when_ip_or_tc_is_missing(tmp_path):
    # ip and tc (the network namespaces of test_netns_cluster.py) are in /usr/sbin, off a user's PATH: looked for there
    # too. With both on the PATH, nothing is installed for them.
    done, calls = run_script(tmp_path, stand_ins=("ip", "tc"))
    assert done.returncode == 0, done.stderr
    assert not [c for c in calls if c.startswith("apt-get") and "iproute2" in c]
    # With only ip on the PATH, iproute2 is asked for, unless this host has both where root's PATH has them.
    on_host = any(all(Path(d, n).exists() for n in ("ip", "tc")) for d in ("/usr/sbin", "/sbin"))
    other = tmp_path / "other"
    other.mkdir()
    done, calls = run_script(other, stand_ins=("ip",))
    installs = [c for c in calls if c.startswith("apt-get install")]
    assert bool(installs and "iproute2" in installs[0]) == (not on_host), (calls, done.stderr)


def test_an_install_that_did_not_compile_the_engine_stops_before_the_tests(tmp_path):
    done, calls = run_script(tmp_path, ENGINE_STATUS="1")
    assert done.returncode == 1
    assert "the install did not compile the engine; pip install -v -e . shows why" in done.stderr
    assert not [c for c in calls if c.startswith("python3 -m pytest")]


def test_the_systems_python_is_refused_with_what_to_do_before_anything_is_installed(tmp_path):
    done, calls = run_script(tmp_path, SYSTEM_PYTHON="1")
    assert done.returncode == 1
    assert "make a virtual environment first" in done.stderr and "python3 -m venv .venv" in done.stderr
    assert not [c for c in calls if c.startswith("apt-get") or "pip" in c]


def test_what_running_parlour_in_a_checkout_leaves_is_ignored_by_git(tmp_path):
    # The README's venv, a database named with --db and its lock, the terminal's records: none shows as untracked.
    left = [".venv/bin/python", "parlour.db", "parlour.db.lock", "parlour-giacomotto-7.json"]
    done = subprocess.run(["git", "check-ignore", "--no-index", *left], cwd=ROOT, capture_output=True, text=True)
    assert done.stdout.split() == left, done.stdout + done.stderr
