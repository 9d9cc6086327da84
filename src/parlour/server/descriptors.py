"""File descriptors: as many as the system allows, and a listening socket that survives running out of them.

A common soft open-files limit is 1,024, far below the hard one; every connection holds a descriptor, so
``parlour serve`` raises the soft limit to the hard one at start (:func:`raise_open_files`) and says so.

When the descriptors run out anyway (many addresses, each within its limits), asyncio's accept loop in Python 3.11
logs ``OSError: [Errno 24]`` with a traceback on every attempt, and goes on attempting: up to ``backlog`` times per
wake-up, each scheduling another retry (one stranger made 224,342 tracebacks, 90.9 MB of log in 55 s, while honest
requests timed out). :class:`Listener` is the listening socket whose ``accept`` lets asyncio pause accepting once
(its own one-second pause) and answers "nothing to accept" to the rest of the attempts, saying that the
descriptors ran out at most once a minute (with how often, when it happens again and again), and that they came
back. Connections that arrive
meanwhile wait in the kernel's backlog, in order, and are served when descriptors come back.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
import time
from typing import Any

log = logging.getLogger("parlour.server")

EXHAUSTED = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
#: What asyncio's accept loop reports, once :class:`Listener` has said it: ``quiet_accept`` drops it.
ACCEPT_MESSAGE = "socket.accept() out of system resource"
#: While the descriptors stay out: one line this often.
SAY_EVERY = 60.0


def raise_open_files() -> tuple[int, int]:
    """Raise this process's soft open-files limit to its hard one; ``(before, after)`` (equal when it could not).

    >>> before, after = raise_open_files()
    >>> after >= before
    True
    """
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if soft != resource.RLIM_INFINITY and want > soft:
        for target in (want, 10240):  # macOS refuses more than OPEN_MAX with an "infinite" hard limit
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
                return soft, target
            except (ValueError, OSError):
                continue
    return soft, soft


class Listener(socket.socket):
    """A listening socket that handles running out of descriptors in a line of log, not a traceback per attempt.

    >>> s = Listener(socket.AF_INET, socket.SOCK_STREAM)
    >>> s.bind(("127.0.0.1", 0)); s.listen(); s.setblocking(False)
    >>> try:
    ...     s.accept()
    ... except BlockingIOError:
    ...     print("nothing to accept")
    nothing to accept
    >>> s.close()
    """

    #: At most this many refused connections per accept call (then "nothing to accept": the loop's other work runs).
    REFUSE_AT_ONCE = 256

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Counts connections per address (a :class:`~.connections.Gate`): a connection it refuses is answered
        #: ``gate.refusal`` and closed here, never handed to asyncio.
        self.gate: Any = None
        self.out_since: float | None = None  # when the descriptors ran out (monotonic), while they are out
        self.refused = 0  # accept attempts that found none since then
        self.episodes = 0  # times they ran out since the last line said so
        self._pause_until = 0.0
        self._said = -2 * SAY_EVERY  # when a line last said they ran out (monotonic)
        self._told = False  # whether this running out was said (then its end is said too)

    def accept(self) -> tuple[socket.socket, Any]:
        for _ in range(self.REFUSE_AT_ONCE):
            try:
                conn, address = super().accept()
            except OSError as e:
                if e.errno not in EXHAUSTED:
                    raise
                self._exhausted(e)
            if self.out_since is not None:
                if self._told:  # said once for the running out that was said
                    log.warning("file descriptors are back after %.0f s: accepting connections again",
                                time.monotonic() - self.out_since)
                self.out_since, self.refused, self._told = None, 0, False
            host = address[0] if isinstance(address, tuple) and address else None
            refusal = None if self.gate is None else self.gate.refusal_for(conn.fileno(), host)
            if refusal is None:
                return conn, address
            try:
                conn.send(refusal, socket.MSG_DONTWAIT)
            except OSError:
                pass
            conn.close()
        raise BlockingIOError(errno.EAGAIN, "refused enough for now")  # the loop runs; the rest wait their turn

    def _exhausted(self, e: OSError) -> None:
        now = time.monotonic()
        self.refused += 1
        if self.out_since is None:
            self.out_since, self.episodes = now, self.episodes + 1
        if now - self._said >= SAY_EVERY:  # one line a minute at most, however often they run out and come back
            if self._told:  # the same running out, a minute on
                log.warning("still out of file descriptors after %.0f s", now - self.out_since)
            else:
                again = f" ({self.episodes} times since this was last said)" if self._said > -SAY_EVERY else ""
                log.warning("out of file descriptors (%s)%s: new connections wait in the backlog until some close; "
                            "said at most once a minute", e.strerror, again)
            self._said, self._told, self.episodes = now, True, 0
        if now < self._pause_until:
            # asyncio's loop goes on calling accept (up to its backlog, 2,048 times): it has paused already
            raise BlockingIOError(errno.EAGAIN, "accepting is paused: out of file descriptors")
        self._pause_until = now + 0.5
        raise e  # asyncio stops accepting for a second (ACCEPT_RETRY_DELAY) and tries again


def quiet_accept(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """An event loop exception handler: asyncio's report of an exhausted accept is dropped (a :class:`Listener`
    said it already, once); every other goes to the default handler."""
    if context.get("message") == ACCEPT_MESSAGE:
        return
    loop.default_exception_handler(context)
