"""pytest, for the whole checkout: the doctests of ``src/`` (``--doctest-modules``) and the compiled engine.

A module of the compiled engine (``parlour/native.py``) imports as its compiled file, which doctest cannot read
and pytest will not collect beside its ``.py``: while the engine runs compiled those sources are left out of the
doctests, and ``scripts/test`` runs them on the pure engine (``PARLOUR_PURE=1``).
"""

from __future__ import annotations

from pathlib import Path

from parlour import native

_COMPILED = ({native.source_of(name) for name in native.MODULES} if native.engine().compiled else set())


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    return True if collection_path in _COMPILED else None
