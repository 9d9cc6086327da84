"""Progress as plain lines, for output that is not a terminal (a log file, ``nohup``, CI), where a progress bar
that redraws itself in place shows nothing at all.

A line at the start, then at most one every ``seconds`` (when a match ends), and one at the end:

>>> now = [0.0]
>>> lines = ProgressLines(print, "tarok arena", "matches", seconds=10, clock=lambda: now[0])
>>> for done, t in [(0, 0), (1, 4), (2, 8), (3, 12), (4, 13)]:
...     now[0] = t
...     lines.update(done, 4)
tarok arena: 0/4 matches
tarok arena: 3/4 matches (75%), 12s, about 4s left
tarok arena: 4/4 matches (100%), 13s
"""

from __future__ import annotations

import time
from typing import Callable


class ProgressLines:
    """Write ``label: done/total unit (percent), elapsed, about ... left`` now and then (see the module docstring).

    The time left is reckoned from the pace of this run (an arena resumed with matches already done does not count
    those as played in no time)."""

    def __init__(self, write: Callable[[str], None], label: str, unit: str, seconds: float = 10.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.write, self.label, self.unit, self.seconds, self.clock = write, label, unit, seconds, clock
        self.start: float | None = None
        self.first = 0
        self.last: float | None = None

    def update(self, done: int, total: int) -> None:
        now = self.clock()
        if self.start is None:
            self.start, self.first = now, done
        if self.last is not None and now - self.last < self.seconds and done < total:
            return
        self.last = now
        line = f"{self.label}: {done}/{total} {self.unit}"
        elapsed = now - self.start
        if done > self.first:
            line += f" ({100 * done // max(total, 1)}%), {_duration(elapsed)}"
            if done < total:
                left = elapsed / (done - self.first) * (total - done)
                line += f", about {_duration(left)} left"
        self.write(line)


def _duration(seconds: float) -> str:
    """``4s``, ``2m05s``, ``1h02m``.

    >>> _duration(4.4), _duration(125), _duration(3720)
    ('4s', '2m05s', '1h02m')
    """
    s = int(round(seconds))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


__all__ = ["ProgressLines"]
