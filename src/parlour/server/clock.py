"""The server's one wall clock: ``time.time``, which tests (and a ``--fixed-seeds`` test server) move forward.

Correspondence clocks run for days (:mod:`.correspondence`); no test may sleep for them. Everything of the server
that reads the wall time for a table — the lobby, its tables' log times, the heartbeat of a run, the correspondence
due times — reads it here (the lobby's ``now`` defaults to :func:`now`), so that moving this clock moves all of
them alike. Timers armed on the event loop (timed windows of seconds, bots' reaction times) are not moved: they
measure short spans that the tests that move this clock do not wait on.

>>> start = now(); forward(3 * 86400); round(now() - start) >= 3 * 86400
True
>>> set_offset(0.0); abs(now() - time.time()) < 1
True
"""

from __future__ import annotations

import time

_offset = 0.0


def now() -> float:
    """The server's wall time, seconds since the epoch (UTC), moved by the offset tests set."""
    return time.time() + _offset


def offset() -> float:
    """Seconds this clock runs ahead of the machine's."""
    return _offset


def set_offset(seconds: float) -> None:
    """Run ``seconds`` ahead of the machine's clock (0: the machine's own time)."""
    global _offset
    _offset = float(seconds)


def forward(seconds: float) -> None:
    """Move the clock ``seconds`` forward, as if that much time had passed at once."""
    set_offset(_offset + seconds)
