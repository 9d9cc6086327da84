"""The browser client: static files (HTML, ES modules, SVG drawn in JS, CSS), no build step.

The server serves ``/`` (the lobby), ``/t/{table}`` (a table) and ``/static/...`` from :data:`STATIC`.
The client speaks only the wire protocol in ``docs/protocol.md``.

>>> (STATIC / "index.html").is_file() and (STATIC / "table.html").is_file()
True
"""

from __future__ import annotations

from pathlib import Path

STATIC: Path = Path(__file__).parent / "static"
"""The folder the server mounts at ``/static``."""

__all__ = ["STATIC"]
