"""The server: the lobby's HTTP API, WebSocket tables, the append-only log, clocks and bot workers.

``parlour serve`` runs it; tests build it with :func:`create_app`. The wire protocol is ``docs/protocol.md``.
"""

from .app import create_app

__all__ = ["create_app"]
