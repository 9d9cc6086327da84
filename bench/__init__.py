"""parlour's benchmarks: ``python -m bench NAME [args...]`` runs ``bench/NAME.py``'s ``main(argv)``.

This package also holds what every benchmark shares: the list of benchmarks, a fixed pure-Python
reference workload that figures are divided by (machines here are shared and noisy, so a rate is
reported also as a ratio to a baseline timed in the same run), and best/median summaries.

>>> "playouts" in available()
True
>>> reference_workload(3)          # a checksum: the workload is fixed, so this never changes
85
>>> summary([3.0, 1.0, 2.0])
{'best': 3.0, 'median': 2.0}
"""

from __future__ import annotations

import ast
import statistics
import time
from pathlib import Path
from typing import Callable, Iterable

HERE = Path(__file__).parent

#: How many reference operations one baseline timing runs (about 0.1 s on this project's machines).
REFERENCE_OPS = 2500
#: Reference operations in one interleaved sample of a :class:`Baseline` (a few milliseconds).
SLICE_OPS = 100
REFERENCE_DOC = ("one op: shuffle a 52-item list (SplitMix64 + Fisher-Yates, bench's own copy), fold it into a "
                 "bit mask and count the bits of its low half")

_MASK64 = (1 << 64) - 1


def available() -> dict[str, str]:
    """The benchmarks, by name, with the first line of each one's docstring.

    A benchmark is a module of this folder whose name does not start with ``_``; its name is the module's with
    dashes for underscores (``vs_external.py`` is ``vs-external``). The docstrings are read
    without importing the modules, so listing stays quick and works even if one benchmark's extra
    dependencies are missing.
    """
    found = {}
    for path in sorted(HERE.glob("*.py")):
        if path.stem.startswith("_"):
            continue
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        found[path.stem.replace("_", "-")] = doc.strip().splitlines()[0] if doc.strip() else ""
    return found


def reference_workload(ops: int) -> int:
    """Run ``ops`` reference operations; return a checksum (the sum of the bit counts).

    The workload is deliberately independent of parlour's own code (it carries its own SplitMix64 and
    Fisher-Yates), so that making parlour faster or slower never moves the baseline: it measures only
    how fast this machine runs plain Python integer and list code right now.
    """
    state = 0
    total = 0
    for _ in range(ops):
        items = list(range(52))
        for i in range(51, 0, -1):
            state = z = (state + 0x9E3779B97F4A7C15) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            j = (z ^ (z >> 31)) % (i + 1)  # the modulo bias does not matter for a timing workload
            items[i], items[j] = items[j], items[i]
        mask = 0
        for k, item in enumerate(items[:26]):
            mask |= item << k  # overlapping ORs: a cheap, order-dependent fold
        total += mask.bit_count()
    return total


def time_reference(ops: int = REFERENCE_OPS, clock: Callable[[], float] = time.perf_counter) -> float:
    """Seconds per reference operation, timed now over ``ops`` operations (on ``clock``: wall time by default)."""
    start = clock()
    reference_workload(ops)
    return (clock() - start) / ops


class Baseline:
    """Reference timings interleaved with a benchmark's work, so both see the same load.

    Call :meth:`sample` between pieces of work with the seconds of work done so far: it times a slice
    of the reference whenever the reference has had less than ``share`` of the work's time, so the
    samples spread over the whole run (``force=True`` times one regardless: at the start and the end).
    ``clock`` is the clock the work is timed on (``time.process_time`` for CPU time).

    >>> b = Baseline()
    >>> b.sample(0.0, force=True)
    >>> b.ops, b.per_op > 0
    (100, True)
    """

    def __init__(self, share: float = 0.1, slice_ops: int = SLICE_OPS,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.share, self.slice_ops, self.clock = share, slice_ops, clock
        self.ops = 0
        self.seconds = 0.0

    def sample(self, work_seconds: float, force: bool = False) -> None:
        if force or self.seconds < self.share * work_seconds:
            self.seconds += time_reference(self.slice_ops, self.clock) * self.slice_ops
            self.ops += self.slice_ops

    @property
    def per_op(self) -> float:
        """Seconds per reference op over every sample so far."""
        return self.seconds / self.ops


def summary(values: Iterable[float]) -> dict[str, float]:
    """The best (highest) and the median of rates measured over several repeats."""
    values = list(values)
    return {"best": max(values), "median": statistics.median(values)}


def client_address(n: int) -> str:
    """The loopback address the clients of the ``n``-th table connect from: each table's clients from an address
    of their own (Linux routes all of 127/8 to the loopback), as people at their own homes would, so that the
    server's limits per address (``--max-sockets-per-address``) count a table's sockets, not the whole bench's.

    >>> client_address(0), client_address(250), client_address(62499)
    ('127.0.1.1', '127.0.2.1', '127.0.250.250')
    """
    return f"127.0.{n // 250 % 250 + 1}.{n % 250 + 1}"

