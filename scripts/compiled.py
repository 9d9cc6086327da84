"""parlour's optional compiled build: the hot modules compiled by Cython from the same Python source.

The Python source stays the one source of truth and parlour runs without a C compiler; compiling the modules
below as they are (Cython reads plain Python) makes random play-outs about 1.4-1.6 times as fast
(``bench/README.md``, "The compiled build"). Tarok's engine goes further, in Cython's pure-Python mode: a ``.pxd``
file beside a module (``games/tarok/state.pxd``, ``play.pxd``, ``actions.pxd``) makes its state an extension type
with C integer fields and its card play C functions, and ``@cython.locals`` types the locals of its hot functions
(and of ``core/rng.py``'s shuffle); Jieqi's move generator runs a kernel on C arrays (``games/jieqi/movegen.pxd``)
behind its public functions. Python never reads the ``.pxd`` files, and without Cython installed
``parlour.core.cyshim`` stands in for the ``cython`` module. Two ways to use it:

    pip install cython setuptools && PARLOUR_COMPILE=1 pip install --no-build-isolation .   # an installed copy
    python scripts/compiled.py /tmp/parlour-compiled       # a compiled copy of src/ there; prints its src folder

The second is what ``scripts/test`` does to run the records, the conformance harness and the compiled games'
tests against the compiled build, and what ``python -m bench compare --base`` measures. Never compile in place
in a working tree installed with ``pip install -e .``: Python would import the compiled modules and ignore
every later edit of their source.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The modules compiled, relative to ``src/``: the engines' hot paths and the core they call at every step.
COMPILED = (
    "parlour/core/game.py", "parlour/core/rng.py", "parlour/core/sheet.py", "parlour/core/tricks.py",
    "parlour/games/tarok/state.py", "parlour/games/tarok/play.py", "parlour/games/tarok/actions.py",
    "parlour/games/tarok/scoring.py", "parlour/games/tarok/cards.py",
    "parlour/games/giacomotto/state.py", "parlour/games/giacomotto/captures.py",
    "parlour/games/giacomotto/actions.py",
    "parlour/games/memory/state.py", "parlour/games/memory/actions.py", "parlour/games/memory/rules.py",
    "parlour/games/kaboo/state.py",
    "parlour/games/gami/state.py", "parlour/games/gami/cards.py", "parlour/games/gami/actions.py",
    "parlour/games/claw/state.py", "parlour/games/claw/actions.py",
    "parlour/games/jieqi/board.py", "parlour/games/jieqi/movegen.py", "parlour/games/jieqi/search.py",
    "parlour/games/jieqi/history.py",
)
#: Cython's settings: Python 3 semantics, functions that behave as Python's do where the tests can tell, and
#: annotations read as Python reads them (as hints: a wrong argument gets the engine's own error, not a TypeError).
DIRECTIVES = {"language_level": 3, "binding": True, "embedsignature": True, "annotation_typing": False}


def extensions(src: Path) -> list:
    """The Cython extension modules of :data:`COMPILED` under ``src`` (Cython must be installed)."""
    from Cython.Build import cythonize

    return cythonize([str(src / m) for m in COMPILED], compiler_directives=DIRECTIVES, quiet=True,
                     build_dir=str(src.parent / "build" / "cython"))


def build(dest: Path) -> Path:
    """A copy of ``src/`` at ``dest/src`` with :data:`COMPILED` compiled in place; returns that ``src``."""
    src = dest / "src"
    if src.exists():
        shutil.rmtree(src)
    shutil.copytree(ROOT / "src", src, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"))
    code = ("import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]); "
            "from compiled import extensions; from setuptools import setup; "
            "setup(name='parlour-compiled', ext_modules=extensions(Path(sys.argv[2])), "
            "script_args=['build_ext', '--inplace', '--build-temp', sys.argv[3]])")
    done = subprocess.run([sys.executable, "-c", code, str(ROOT / "scripts"), str(src), str(dest / "build" / "temp")],
                          cwd=src, capture_output=True, text=True)
    if done.returncode:  # the compiler's many warnings are shown only when the build fails
        sys.exit(f"the compiled build failed:\n{done.stdout[-5000:]}\n{done.stderr[-5000:]}")
    check(src)
    return src


def check(src: Path) -> None:
    """Every module of :data:`COMPILED` under ``src`` imports as a compiled extension."""
    names = [m[:-3].replace("/", ".") for m in COMPILED]
    code = ("import importlib, sys; bad = [n for n in sys.argv[1:] if importlib.import_module(n).__file__"
            ".endswith('.py')]; sys.exit(f'not compiled: {bad}' if bad else 0)")
    env = dict(os.environ, PYTHONPATH=str(src))
    subprocess.run([sys.executable, "-c", code, *names], env=env, check=True, cwd=src.parent)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python scripts/compiled.py DEST   (builds DEST/src, a compiled copy of src/)")
    print(build(Path(sys.argv[1]).resolve()))
