"""File descriptors: as many as the system allows, and a listening socket that survives running out of them.

A common soft open-files limit is 1,024, far below the hard one; every connection holds a descriptor, so
``parlour serve`` raises the soft limit to the hard one at start (:func:`raise_open_files`) and says so.

When the descriptors run out anyway (many addresses, each within its limits), asyncio's accept loop in Python 3.11
logs ``OSError: [Errno 24]`` with a traceback on every attempt, and goes on attempting: up to ``backlog`` times per
wake-up, each scheduling another retry (one stranger made 224,342 tracebacks, 90.9 MB of log in 55 s, while honest
requests timed out). :class:`Listener` is the listening socket whose ``accept`` lets asyncio pause accepting once
(its own one-second pause) and answers "nothing to accept" to the rest of the attempts, saying once that the
descriptors ran out (then once a minute while it lasts) and once that they came back. Connections that arrive
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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.out_since: float | None = None  # when the descriptors ran out (monotonic), while they are out
        self.refused = 0  # accept attempts that found none since then
        self._pause_until = 0.0
        self._said = 0.0

    def accept(self) -> tuple[socket.socket, Any]:
        try:
            pair = super().accept()
        except OSError as e:
            if e.errno not in EXHAUSTED:
                raise
            self._exhausted(e)
        if self.out_since is not None:
            log.warning("file descriptors are back after %.0f s: accepting connections again",
                        time.monotonic() - self.out_since)
            self.out_since, self.refused = None, 0
        return pair

    def _exhausted(self, e: OSError) -> None:
        now = time.monotonic()
        self.refused += 1
        if self.out_since is None:
            self.out_since = self._said = now
            log.warning("out of file descriptors (%s): new connections wait in the backlog until some close; "
                        "said again once a minute while it lasts", e.strerror)
        elif now - self._said >= SAY_EVERY:
            self._said = now
            log.warning("still out of file descriptors after %.0f s", now - self.out_since)
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
