"""A compiled copy of a checkout, beside the one installed: what ``python -m bench compare`` races.

Every install compiles the engine already (``setup.py``, ``parlour/native.py``). This script is for comparing
builds: it copies a checkout's ``src/``, ``setup.py`` and ``pyproject.toml`` to ``DEST``, compiles the copy in place
with the Python running it (which needs Cython and setuptools: the ``test`` extra has them), checks that the copy
runs its compiled engine, and prints the copy's ``src`` folder, for ``PYTHONPATH``::

    python scripts/compiled.py /tmp/parlour-compiled                 # this checkout
    python scripts/compiled.py /tmp/base-compiled --tree /tmp/base   # another checkout of this layout
    PYTHONPATH=/tmp/parlour-compiled/src python -m bench tarok
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build(dest: Path, tree: Path = ROOT) -> Path:
    """A copy of ``tree``'s sources at ``dest`` with the engine compiled in place; returns the copy's ``src``."""
    src = dest / "src"
    if src.exists():
        shutil.rmtree(src)
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copytree(tree / "src", src, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c", "*.egg-info"))
    for name in ("setup.py", "pyproject.toml"):
        shutil.copy(tree / name, dest / name)
    done = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=dest, capture_output=True,
                          text=True, env=dict(os.environ, PARLOUR_PURE="0"))
    check(src, done)
    return src


def check(src: Path, done: subprocess.CompletedProcess | None = None) -> None:
    """The copy at ``src`` runs its compiled engine, or the script stops with the build's last words."""
    code = "import sys, parlour; e = parlour.native.engine(); print(e); sys.exit(0 if e.compiled else 1)"
    ran = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(src), PARLOUR_PURE="0"),
                         cwd=src.parent, capture_output=True, text=True)
    if ran.returncode:
        build_said = f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}" if done else ""
        sys.exit(f"the compiled build did not take: {ran.stdout.strip()} {ran.stderr.strip()[-2000:]}\n{build_said}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("dest", type=Path, help="where the copy goes (its src/ is printed)")
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout to copy (default: this one)")
    args = parser.parse_args()
    print(build(args.dest.resolve(), args.tree.resolve()))
