"""Limits on TCP connections, where the connections are: below ASGI, in uvicorn's protocol classes.

An ASGI app sees requests, not connections: a client that opens a connection and sends half a request line is
invisible to it, yet holds a file descriptor for as long as it likes. uvicorn bounds a request's header *size*
(h11's 16 KiB), an idle keep-alive connection's time (``timeout_keep_alive``) and, with ``limit_concurrency``, the
connections of the whole server (answered 503: one stranger still takes them all); nothing bounds how long a
request may take to arrive, nor how many connections one address holds. :func:`protocols` gives uvicorn's own
protocols with both (``uvicorn.Config(http=..., ws=...)``):

- at most ``Limits.connections_per_address`` open connections per client address (IPv6: per /64), HTTP and
  WebSocket alike (an upgraded connection stays counted until it closes); beyond, a new connection is answered
  ``429`` with a sentence and closed at once, in the accept call itself (:class:`Gate`), so a refused one holds no
  descriptor;
- a request's line and headers must arrive within ``Limits.header_timeout`` of its first byte (the first request of
  a connection: of its opening), its body within ``Limits.body_timeout`` of its headers; a late one is answered
  ``408`` (if no answer began) and closed (the slowloris attack).

WebSockets per address and per seat token are counted above, where the seat is known (:mod:`.sockets`).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from .limits import Limits, address_key


def answer(status: int, reason: str, message: str, *headers: str) -> bytes:
    """A whole HTTP/1.1 response that closes its connection, written straight to the transport (no app ran).

    >>> answer(408, "Request Timeout", "too slow").decode().splitlines()[0]
    'HTTP/1.1 408 Request Timeout'
    """
    body = json.dumps({"detail": message}).encode()
    head = [f"HTTP/1.1 {status} {reason}", "content-type: application/json", f"content-length: {len(body)}",
            "connection: close", *headers]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


class Gate:
    """Open connections per client address, by descriptor: ``admit`` one (False beyond the limit; 0: no limit),
    ``release`` it. The listening socket admits at accept (:class:`~.descriptors.Listener`), before asyncio makes
    anything of the connection: a refused one is closed there, within the same accept call, and many arriving at
    once never hold more descriptors than their limits allow. The protocols release when the connection is lost.

    >>> gate = Gate(2)
    >>> [gate.admit(fd, "203.0.113.7") for fd in (7, 8, 9)], gate.admit(10, "2001:db8::1")
    ([True, True, False], True)
    >>> gate.release(7); gate.release(7); gate.release(9)  # twice, or never admitted: nothing happens
    >>> gate.admit(9, "203.0.113.7"), gate.open
    (True, {'203.0.113.7': 2, '2001:db8::/64': 1})
    >>> gate.admit(8, "198.51.100.1"), gate.open  # fd 8 closed unseen and reused: its old count goes
    (True, {'203.0.113.7': 1, '2001:db8::/64': 1, '198.51.100.1': 1})
    """

    def __init__(self, per_address: int, total: int = 0) -> None:
        #: ``total``: connections of the whole server (0: no limit); ``parlour serve`` keeps it below its open-files
        #: limit, so that the database and the bot workers always have descriptors left.
        self.per_address, self.total = per_address, total
        self.open: dict[str, int] = {}
        self._held: dict[int, str] = {}  # descriptor -> its key, while it is open
        self.refusal = answer(429, "Too Many Requests", f"too many connections from your address: at most "
                              f"{per_address} may be open at once; close some, or try again in a few seconds",
                              "retry-after: 5")
        self.full = answer(503, "Service Unavailable", "the server holds as many connections as it can; try again in "
                           "a few seconds", "retry-after: 5")

    def refusal_for(self, fd: int, address: str | None) -> bytes | None:
        """None if the connection is admitted, else the answer that refuses it."""
        if self.total and len(self._held) >= self.total and fd not in self._held:
            return self.full
        return None if self.admit(fd, address) else self.refusal

    def admit(self, fd: int, address: str | None) -> bool:
        self.release(fd)  # a descriptor closed without its protocol hearing of it is free again
        key = address_key(address)
        count = self.open.get(key, 0)
        if self.per_address and count >= self.per_address:
            return False
        self.open[key] = count + 1
        self._held[fd] = key
        return True

    def release(self, fd: int) -> None:
        key = self._held.pop(fd, None)
        if key is None:
            return
        count = self.open[key] - 1
        if count:
            self.open[key] = count
        else:
            del self.open[key]

    def lost(self, transport: asyncio.BaseTransport) -> None:
        """A protocol's connection is lost (its socket not closed yet): its place is free."""
        sock = transport.get_extra_info("socket")
        if sock is not None:
            self.release(sock.fileno())


class LimitedHTTP(H11Protocol):
    """uvicorn's h11 protocol, counted by :class:`Gate` and timed per request; :func:`protocols` sets the class
    attributes."""

    gate: Gate
    header_timeout: float
    body_timeout: float
    _timer: asyncio.TimerHandle | None = None
    _waiting_for = ""  # "headers" or "body": what the armed timer waits for

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm("headers")

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self.gate.lost(self.transport)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._timer is None and self.conn.their_state is h11.IDLE:
            self._arm("headers")  # the first byte of the next request on a kept-alive connection
        super().data_received(data)
        if self.transport.get_protocol() is not self:  # upgraded to a WebSocket: it has its own keepalive
            self._disarm()
            return
        state = self.conn.their_state
        if state is h11.SEND_BODY and self._waiting_for == "headers":
            self._arm("body")
        elif state is not h11.IDLE and state is not h11.SEND_BODY:  # the whole request is in (or the end)
            self._disarm()

    def _arm(self, what: str) -> None:
        self._disarm()
        seconds = self.header_timeout if what == "headers" else self.body_timeout
        if seconds > 0:
            self._timer = self.loop.call_later(seconds, self._late, what, seconds)
            self._waiting_for = what

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self._waiting_for = None, ""

    def _late(self, what: str, seconds: float) -> None:
        self._timer, self._waiting_for = None, ""
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return
        cycle = self.cycle if what == "body" else None
        if cycle is None or not cycle.response_started:
            whose = "line and headers" if what == "headers" else "body"
            self.transport.write(answer(408, "Request Timeout", f"the request's {whose} did not arrive within "
                                        f"{seconds:g} s; send a request whole, at once"))
        if cycle is not None:
            cycle.disconnected = True  # the app reading the body is told the client went away
        self.transport.close()


class LimitedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, releasing its connection's place in :class:`Gate` when it closes."""

    gate: Gate

    def connection_lost(self, exc: Exception | None) -> None:
        self.gate.lost(self.transport)
        super().connection_lost(exc)


def protocols(limits: Limits) -> dict[str, Any]:
    """``uvicorn.Config`` keyword arguments: its HTTP and WebSocket protocols under ``limits``, sharing one gate
    (give it to the listening socket too: ``Listener.gate``).

    >>> kinds = protocols(Limits(connections_per_address=3))
    >>> kinds["http"].gate is kinds["ws"].gate, kinds["http"].gate.per_address
    (True, 3)
    """
    gate = Gate(limits.connections_per_address)
    http = type("LimitedHTTP", (LimitedHTTP,), {"gate": gate, "header_timeout": limits.header_timeout,
                                                 "body_timeout": limits.body_timeout})
    ws = type("LimitedWebSocket", (LimitedWebSocket,), {"gate": gate})
    return {"http": http, "ws": ws}
