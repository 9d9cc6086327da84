"""What one server lets its clients do: every limit with its default, and the counters that enforce them.

Each limit is a ``parlour serve`` flag (``docs/protocol.md`` lists them); tests build a :class:`Limits` of their own.

>>> Limits().tables_per_minute, Limits(tables_per_minute=0).tables_per_minute, Limits().joins_per_minute
(20, 0, 10)
"""

from __future__ import annotations

import ipaddress
import time
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Limits:
    """A server's limits; 0 turns a count limit off."""

    #: Tables one client address may create per minute (IPv6 addresses count per /64 network).
    tables_per_minute: int = 20
    #: Seats of listed tables one client address may take per minute (``POST /api/tables/{id}/join``; IPv6: per /64).
    joins_per_minute: int = 10
    #: Play-now requests one client address may make per minute (``POST /api/play``; IPv6: per /64).
    play_per_minute: int = 10
    #: Account sign-ups (and recovery-code sign-ins) one client address may start per minute (IPv6: per /64).
    signups_per_minute: int = 5
    #: Passkey sign-ins one client address may start per minute (IPv6: per /64).
    signins_per_minute: int = 20
    #: Friend requests (``POST /api/account/friends``) one client address may send per minute (IPv6: per /64).
    friend_requests_per_minute: int = 10
    #: Unfinished tables held in memory at once; idle ones leave to make room, and beyond that creation waits.
    open_tables: int = 1000
    #: The shortest move clock a table may ask for, in seconds.
    min_move_clock: float = 2.0
    #: An unfinished table nobody has been connected to for this many minutes leaves memory (it stays in the log,
    #: and comes back, clocks as they were, when someone connects).
    idle_minutes: float = 30.0
    #: Spectator sockets per table.
    spectators: int = 50
    #: Seconds added to a move clock when its table comes back (after a restart, or after it left memory).
    reconnect_grace: float = 10.0
    #: TCP connections (HTTP and WebSocket alike) one client address holds open at once; beyond, a new one is
    #: answered 429 and closed (IPv6 addresses count per /64 network). See :mod:`.connections`.
    connections_per_address: int = 128
    #: WebSockets one client address holds open at once (players and spectators, every table together).
    sockets_per_address: int = 64
    #: WebSockets open at once on one seat token (a player's phone, laptop, a reload that overlaps).
    sockets_per_seat: int = 4
    #: Seconds a request's line and headers may take to arrive, from its first byte (a connection's first request:
    #: from when it opened); a slower one is answered 408 and closed (slowloris).
    header_timeout: float = 10.0
    #: Seconds a request's body may take to arrive once its headers have.
    body_timeout: float = 20.0


class LimitReached(Exception):
    """A request refused by a limit: ``status`` for HTTP, ``message`` for people, ``retry_after`` in seconds."""

    def __init__(self, status: int, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.retry_after = status, message, retry_after


def address_key(address: str | None) -> str:
    """The key an address is counted under: itself, or its /64 network for IPv6 (one home holds a whole /64).

    >>> address_key("203.0.113.7"), address_key("2001:db8:1:2:aaaa::1"), address_key(None)
    ('203.0.113.7', '2001:db8:1:2::/64', '?')
    """
    if not address:
        return "?"
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class PerMinute:
    """At most ``limit`` events per key in any 60 seconds (a sliding window; ``limit`` 0: no limit).

    >>> t = [0.0]
    >>> window = PerMinute(2, now=lambda: t[0])
    >>> [window.allow("a"), window.allow("a"), window.allow("a"), window.allow("b")]
    [True, True, False, True]
    >>> t[0] = 60.5
    >>> window.allow("a")
    True
    """

    def __init__(self, limit: int, now: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.now = limit, now
        self.events: dict[str, deque] = {}

    def allow(self, key: str) -> bool:
        if not self.limit:
            return True
        t = self.now()
        if len(self.events) > 10_000:  # forget the quiet keys now and then, so the dict stays small
            self.events = {k: q for k, q in self.events.items() if q and q[-1] > t - 60}
        times = self.events.setdefault(key, deque())
        while times and times[0] <= t - 60:
            times.popleft()
        if len(times) >= self.limit:
            return False
        times.append(t)
        return True

    def retry_after(self, key: str) -> float:
        """Seconds until ``key`` may act again."""
        times = self.events.get(key)
        return max(0.0, times[0] + 60 - self.now()) if times else 0.0


class RateLimit:
    """A token bucket: ``rate`` events a second on average, bursts of ``burst`` (default: ``rate``).

    >>> bucket = RateLimit(rate=2, now=lambda: 0.0)
    >>> [bucket.allow() for _ in range(3)]
    [True, True, False]
    """

    def __init__(self, rate: float, burst: float | None = None, now: Any = time.monotonic) -> None:
        self.rate, self.burst, self.now = rate, burst or rate, now
        self.tokens, self.last = self.burst, now()

    def allow(self) -> bool:
        t = self.now()
        self.tokens = min(self.burst, self.tokens + (t - self.last) * self.rate)
        self.last = t
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
