"""The compiled engine is used only while every compiled module matches its source (parlour/native.py).

The tests work on a copy of the installed sources and their compiled files, so that editing a source there
cannot disturb this process: the copy is what a developer's editable checkout is after an edit.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from parlour import native

pytestmark = pytest.mark.skipif(
    not any(native.built_files(name) for name in native.MODULES),
    reason="this install has no compiled engine at all (installed without a C compiler or with PARLOUR_PURE=1)")


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch) -> Path:
    """A copy of the ``src`` folder with the compiled files of the present sources (and of no other)."""
    monkeypatch.delenv("PARLOUR_PURE", raising=False)  # the pure pass of scripts/test sets it; check() reads it
    root = tmp_path / "src"
    shutil.copytree(native.ROOT, root, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for name in native.MODULES:
        shutil.copy(native.compiled_file(name), native.compiled_file(name, root))
    return root


def run(root: Path, code: str, **env: str) -> str:
    environ = {k: v for k, v in os.environ.items() if k != "PARLOUR_PURE"} | {"PYTHONPATH": str(root), **env}
    return subprocess.run([sys.executable, "-c", code], env=environ, capture_output=True, text=True, check=True,
                          cwd=root).stdout.strip()


TAROK = "import parlour.games.tarok.state as s, parlour; print(parlour.native.engine(), s.__file__, sep='|')"


def test_every_module_compiled_for_its_source_is_loaded_compiled(checkout):
    engine, file = run(checkout, TAROK).split("|")
    assert engine == f"compiled ({len(native.MODULES)} modules built by Cython)"
    assert file == str(native.compiled_file("parlour.games.tarok.state", checkout))


def test_an_edited_source_makes_the_whole_engine_pure_python_and_says_which(checkout):
    source = native.source_of("parlour.core.rng", checkout)
    source.write_text(source.read_text() + "\n# an edit after the install\n")
    engine, file = run(checkout, TAROK).split("|")
    assert engine == ("pure Python (parlour/core/rng.py changed since compiled: pip install -e . compiles it again)")
    assert file.endswith("parlour/games/tarok/state.py")  # not compiled either: the engine is all or nothing


def test_an_edited_pxd_counts_as_an_edited_source(checkout):
    pxd = native.source_of("parlour.games.tarok.state", checkout).with_suffix(".pxd")
    pxd.write_text(pxd.read_text() + "\n")
    engine, changed = native.check(checkout)[0], native.check(checkout)[0].changed
    assert not engine.compiled and changed == ("parlour/games/tarok/state.py",)


def test_without_compiled_files_it_says_the_engine_was_not_compiled(checkout):
    for name in native.MODULES:
        native.compiled_file(name, checkout).unlink()
    assert native.check(checkout)[0] == native.Engine(False, reason="not built")
    assert run(checkout, "import parlour; print(parlour.native.engine())") == (
        "pure Python (not compiled: pip install . compiles it where a C compiler is found)")


def test_parlour_pure_runs_pure_python_and_the_cli_says_so(checkout):
    assert run(checkout, TAROK, PARLOUR_PURE="1").split("|")[0] == "pure Python (PARLOUR_PURE=1 is set)"
    listed = run(checkout, "from parlour.cli import main; main(['games'])", PARLOUR_PURE="1", LANG="C.UTF-8",
                 COLUMNS="200")
    assert listed.splitlines()[-1] == "engine: pure Python (PARLOUR_PURE=1 is set)"


def test_the_cli_names_the_compiled_engine(checkout):
    listed = run(checkout, "from parlour.cli import main; main(['games'])", LANG="C.UTF-8", COLUMNS="200")
    assert listed.splitlines()[-1] == f"engine: compiled ({len(native.MODULES)} modules built by Cython)"


def test_a_compiled_file_of_an_older_source_is_never_loaded(checkout):
    # An old build left beside the source: found as built, but not for this source, so not loaded.
    name = "parlour.core.rng"
    current = native.compiled_file(name, checkout)
    current.rename(current.with_name(native.compiled_name(name, "0" * 16)))
    engine, _ = native.check(checkout)
    assert (engine.reason, engine.changed) == ("changed", ("parlour/core/rng.py",))
    assert run(checkout, "import parlour.core.rng as r; print(r.__file__)").endswith("rng.py")
