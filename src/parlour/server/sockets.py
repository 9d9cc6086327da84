"""Open WebSockets per client address and per seat token: :func:`limited` wraps the table's socket route.

Any stranger can get a seat token (create a table), and one seat's token held 1,000 sockets at once (+39 MB); a
seat needs a handful (a phone, a laptop, a reload that overlaps the old socket). Beyond ``Limits.sockets_per_seat``
on one token, or ``Limits.sockets_per_address`` from one address (IPv6: per /64; players and spectators of every
table together), the socket is accepted, told why in an ``error`` message (``too_many_sockets``) and closed with
code 4429 and the same sentence as its reason. A socket's place is given back when its handler ends, however it ends.
"""

from __future__ import annotations

import functools
from typing import Any, Awaitable, Callable

from fastapi import WebSocket

from .limits import Limits, address_key
from .patch import encode

CLOSE_CODE = 4429


class Holds:
    """Open sockets per key, each key at most ``limit`` (0: no limit).

    >>> holds = Holds(2)
    >>> [holds.take("a"), holds.take("a"), holds.take("a")], holds.open
    ([True, True, False], {'a': 2})
    >>> holds.give_back("a"); holds.give_back("a"); holds.open
    {}
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open: dict[str, int] = {}

    def take(self, key: str) -> bool:
        count = self.open.get(key, 0)
        if self.limit and count >= self.limit:
            return False
        self.open[key] = count + 1
        return True

    def give_back(self, key: str) -> None:
        count = self.open.get(key, 0) - 1
        if count > 0:
            self.open[key] = count
        else:
            self.open.pop(key, None)


class SocketLimits:
    """The server's two counts: per address and per seat token."""

    def __init__(self, limits: Limits) -> None:
        self.addresses, self.seats = Holds(limits.sockets_per_address), Holds(limits.sockets_per_seat)

    def take(self, address: str, token: str | None) -> str | None:
        """Count one more socket, or say (one sentence) why not."""
        if not self.addresses.take(address):
            return (f"too many WebSockets from your address: at most {self.addresses.limit} may be open at once; "
                    "close some tables' pages")
        if token is not None and not self.seats.take(token):
            self.addresses.give_back(address)
            return (f"too many WebSockets on this seat: at most {self.seats.limit} may be open at once; close "
                    "another page of this seat")
        return None

    def give_back(self, address: str, token: str | None) -> None:
        self.addresses.give_back(address)
        if token is not None:
            self.seats.give_back(token)


def _counts(ws: WebSocket) -> SocketLimits:
    state = ws.app.state
    counts = getattr(state, "socket_limits", None)
    if counts is None:
        lobby = getattr(state, "lobby", None)
        counts = state.socket_limits = SocketLimits(lobby.limits if lobby is not None else Limits())
    return counts


def limited(handler: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """A WebSocket route within the server's socket limits (its ``token`` argument: the seat token, if any)."""

    @functools.wraps(handler)
    async def route(ws: WebSocket, *args: Any, **kwargs: Any) -> None:
        counts, token = _counts(ws), kwargs.get("token")
        address = address_key(ws.client.host if ws.client else None)
        refusal = counts.take(address, token)
        if refusal is not None:
            await ws.accept()
            await ws.send_text(encode({"type": "error", "code": "too_many_sockets", "message": refusal}))
            await ws.close(CLOSE_CODE, reason=refusal.encode()[:123].decode(errors="ignore"))
            return
        try:
            await handler(ws, *args, **kwargs)
        finally:
            counts.give_back(address, token)

    return route
