"""Unexpected exceptions, logged once per kind: the first with its traceback and context, the rest counted.

A hostile client can make the same failure happen thousands of times a second; a traceback per message would fill
the disk. A *kind* is where it was caught, the exception's type and the line that raised it.

>>> import logging
>>> quiet = logging.getLogger("parlour.doctest")
>>> quiet.propagate = False; quiet.addHandler(logging.NullHandler())
>>> seen = Reporter(quiet)
>>> for i in range(3):
...     try:
...         {}["missing"]
...     except KeyError as e:
...         first = seen.report("chat", e, f"message {i}")
>>> seen.counts[("chat", "KeyError", first)]
3
"""

from __future__ import annotations

import logging
import traceback

#: Kinds remembered; beyond this many, new kinds are counted together under one key.
MAX_KINDS = 1000


class Reporter:
    """Logs each kind of unexpected exception once, then every time its count reaches a power of ten."""

    def __init__(self, log: logging.Logger) -> None:
        self.log = log
        self.counts: dict[tuple[str, str, str], int] = {}

    def report(self, where: str, exc: BaseException, context: str) -> str:
        """Log ``exc``, caught at ``where`` while handling ``context`` (a short description); its raising line."""
        frames = traceback.extract_tb(exc.__traceback__)
        line = f"{frames[-1].filename}:{frames[-1].lineno}" if frames else "?"
        key = (where, type(exc).__name__, line)
        if key not in self.counts and len(self.counts) >= MAX_KINDS:
            key = ("*", "*", "*")
        n = self.counts[key] = self.counts.get(key, 0) + 1
        if n == 1:
            self.log.error("%s failed (%s); logged once, later ones are counted", where, context, exc_info=exc)
        elif _power_of_ten(n):
            self.log.error("%s failed again: %s at %s, %d times so far (latest: %s)", where, key[1], key[2], n,
                           context)
        return line


def _power_of_ten(n: int) -> bool:
    while n % 10 == 0:
        n //= 10
    return n == 1


#: The server's one reporter.
unexpected = Reporter(logging.getLogger("parlour.server"))
