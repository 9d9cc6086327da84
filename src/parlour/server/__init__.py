"""The server: the lobby's HTTP API, WebSocket tables, the append-only log, clocks and bot workers.

``parlour serve`` runs it; tests build it with :func:`create_app`. The wire protocol is ``docs/protocol.md``.
The web framework is imported on first use of :func:`create_app`, so that bot worker processes, which import
:mod:`parlour.server.bots`, start light.
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module 'parlour.server' has no attribute {name!r}")
