"""A bound on the size of a request's body: ``413`` with a sentence, before any of it is read as JSON.

The API reads a body as JSON on the event loop, and pydantic checks it there: a few megabytes of small arrays or
objects take that loop a second or more, during which no table is served. No request the API takes needs more than
:data:`MAX_BODY` (a table with its start position, within the bounds docs/protocol.md states); a test server
(``--fixed-seeds``), whose tables may be opened with thousands of moves, takes :data:`MAX_BODY_FIXED`.
"""

from __future__ import annotations

import json
from typing import Any

#: Bytes a request's body may hold (a Go position of 50,000 characters, with room for non-ASCII comments).
MAX_BODY = 256 * 1024
#: On a test server (``--fixed-seeds``): room for ``moves`` (at most 20,000 of them).
MAX_BODY_FIXED = 4 * 1024 * 1024


class BodyLimit:
    """ASGI middleware: an HTTP request whose body is (or says it will be, in ``Content-Length``) over ``limit``
    bytes is answered ``413 {"detail": ...}``; the app never sees it."""

    def __init__(self, app: Any, limit: int = MAX_BODY) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = 0  # the server (h11) refuses a malformed length itself
                if declared > self.limit:
                    await self._refuse(send)
                    return
        received = 0
        refused = False

        async def counted() -> dict[str, Any]:
            nonlocal received, refused
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:  # a chunked body that goes on: the app is told the client left
                    refused = True
                    return {"type": "http.disconnect"}
            return message

        started = False

        async def sending(message: dict[str, Any]) -> None:
            nonlocal started
            if refused and not started:
                return  # the app's answer to a body cut short is replaced by the 413 below
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, sending)
        except Exception:
            if not refused:
                raise  # (a body cut short may end the app in ClientDisconnect: that is this refusal's)
        if refused and not started:
            await self._refuse(send)

    async def _refuse(self, send: Any) -> None:
        body = json.dumps({"detail": f"a request's body holds at most {self.limit:,} bytes on this server"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})
