"""The compiled engine: the hot modules built by Cython from their own Python source, used only while they match it.

parlour's engines are plain Python, and that source is the only one. ``pip install .`` and ``pip install -e .``
also compile the modules of :data:`MODULES` with Cython (``setup.py``) where a C compiler is found; each compiled
file carries a hash of its source in its name, beside that source::

    parlour/games/tarok/state.py
    parlour/games/tarok/state.3f0c9a1e77d2b415.cpython-311-x86_64-linux-gnu.so

Python's own import never looks for such a name. :func:`install` (``import parlour`` runs it before anything else)
hashes every source of :data:`MODULES` and, if each has its compiled file, puts a finder first in
``sys.meta_path`` that loads those files. If any is missing or was built from another source (an edit since the
last install, a different Python), or ``PARLOUR_PURE=1`` is set, nothing is loaded and parlour runs pure Python;
:func:`engine` says which engine runs and why, in one line (``parlour games`` and ``parlour serve`` print it).

It is all or nothing because compiled modules use each other's C types (Tarok's ``state.pxd`` is cimported by
``play.pxd``): a compiled ``play`` beside a pure ``state`` would not work.

>>> str(Engine(compiled=False, reason="asked"))
'pure Python (PARLOUR_PURE=1 is set)'
>>> compiled_name("parlour.games.tarok.state", "3f0c9a1e77d2b415", ".cpython-311-x86_64-linux-gnu.so")
'state.3f0c9a1e77d2b415.cpython-311-x86_64-linux-gnu.so'
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Sequence

#: The modules compiled, by name: the engines' hot paths and the core they call at every step.
MODULES: tuple[str, ...] = (
    "parlour.core.game", "parlour.core.rng", "parlour.core.sheet", "parlour.core.tricks",
    "parlour.games.tarok.state", "parlour.games.tarok.play", "parlour.games.tarok.actions",
    "parlour.games.tarok.scoring", "parlour.games.tarok.cards",
    "parlour.games.giacomotto.state", "parlour.games.giacomotto.captures", "parlour.games.giacomotto.actions",
    "parlour.games.memory.state", "parlour.games.memory.actions", "parlour.games.memory.rules",
    "parlour.games.kaboo.state",
    "parlour.games.gami.state", "parlour.games.gami.cards", "parlour.games.gami.actions",
    "parlour.games.claw.state", "parlour.games.claw.actions",
    "parlour.games.rengo.board", "parlour.games.rengo.state", "parlour.games.rengo.actions",
    "parlour.games.rengo.points", "parlour.games.rengo.teams", "parlour.games.rengo.fastboard",
    "parlour.games.rengo.uct",
    "parlour.games.jieqi.board", "parlour.games.jieqi.movegen", "parlour.games.jieqi.search",
    "parlour.games.jieqi.history",
)

#: Cython's settings: Python 3 semantics, functions that behave as Python's do where the tests can tell, and
#: annotations read as Python reads them (as hints: a wrong argument gets the engine's own error, not a TypeError).
#: They are part of every module's hash, so a change of them makes the built files old.
DIRECTIVES: dict[str, object] = {"language_level": 3, "binding": True, "embedsignature": True,
                                 "annotation_typing": False}

#: The package's folder: the sources and the compiled files live under it.
ROOT = Path(__file__).resolve().parent.parent


def source_of(name: str, root: Path = ROOT) -> Path:
    """The ``.py`` file of the module ``name`` under ``root`` (the folder that holds the ``parlour`` package)."""
    return root.joinpath(*name.split(".")).with_suffix(".py")


def source_hash(name: str, root: Path = ROOT) -> str:
    """A hash of what the compiled module is built from: its ``.py``, its ``.pxd`` if any, and :data:`DIRECTIVES`."""
    py = source_of(name, root)
    digest = hashlib.blake2b(py.read_bytes(), digest_size=8)
    pxd = py.with_suffix(".pxd")
    digest.update(b"\0" + (pxd.read_bytes() if pxd.exists() else b""))
    digest.update(b"\0" + repr(sorted(DIRECTIVES.items())).encode())
    return digest.hexdigest()


def compiled_name(name: str, digest: str, suffix: str = importlib.machinery.EXTENSION_SUFFIXES[0]) -> str:
    """The file name of the compiled ``name`` built from the source of hash ``digest``."""
    return f"{name.rpartition('.')[2]}.{digest}{suffix}"


def compiled_file(name: str, root: Path = ROOT) -> Path:
    """Where the compiled ``name`` for its present source is (or would be) under ``root``."""
    return source_of(name, root).with_name(compiled_name(name, source_hash(name, root)))


def built_files(name: str, root: Path = ROOT) -> list[Path]:
    """Every compiled file of ``name`` under ``root`` for this Python, whatever source it was built from."""
    py = source_of(name, root)
    return sorted(py.parent.glob(compiled_name(name, "?" * 16)))


@dataclass(frozen=True)
class Engine:
    """Which engine runs: compiled (how many modules), or pure Python and why.

    ``reason`` is ``"asked"`` (``PARLOUR_PURE=1``), ``"not built"`` (installed without Cython or a C compiler) or
    ``"changed"`` (``changed`` names the sources edited since they were compiled).
    """

    compiled: bool
    modules: int = 0
    reason: str = ""
    changed: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.compiled:
            return f"compiled ({self.modules} modules built by Cython)"
        if self.reason == "asked":
            return "pure Python (PARLOUR_PURE=1 is set)"
        if self.reason == "changed":
            return f"pure Python ({', '.join(self.changed)} changed since compiled: pip install -e . compiles it again)"
        return "pure Python (not compiled: pip install . compiles it where a C compiler is found)"


def check(root: Path = ROOT) -> tuple[Engine, dict[str, Path]]:
    """Which engine the sources under ``root`` would run, and the compiled file of each module if compiled."""
    if os.environ.get("PARLOUR_PURE") == "1":
        return Engine(False, reason="asked"), {}
    files = {name: compiled_file(name, root) for name in MODULES}
    missing = [name for name, file in files.items() if not file.exists()]
    if not missing:
        return Engine(True, len(files)), files
    if not any(built_files(name, root) for name in MODULES):
        return Engine(False, reason="not built"), {}
    changed = tuple(source_of(name, root).relative_to(root).as_posix() for name in missing)
    return Engine(False, reason="changed", changed=changed), {}


class _CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the modules of :data:`MODULES` as their compiled files."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(name)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(name, str(file))
        return importlib.util.spec_from_file_location(name, file, loader=loader)


_engine: Engine | None = None


def install(root: Path = ROOT) -> Engine:
    """Load the compiled modules from now on if all of them match their sources; return which engine runs.

    Called once by ``import parlour``, before any module of :data:`MODULES` is imported; later calls return the
    first answer.
    """
    global _engine
    if _engine is None:
        _engine, files = check(root)
        if _engine.compiled:
            sys.meta_path.insert(0, _CompiledFinder(files))
    return _engine


def engine() -> Engine:
    """Which engine this process runs (see :func:`install`).

    >>> suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    >>> engine().compiled == all(m.__file__.endswith(suffixes) for m in map(_imported, MODULES))
    True
    """
    return install()


def _imported(name: str) -> ModuleType:
    return importlib.import_module(name)
