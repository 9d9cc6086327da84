"""Play now's queue: how long one pass over a pool of N waiting people holds the event loop, × baseline.

    python -m bench playnow --people 100 1000 10000 --repeat 5

Fills an in-memory queue (server/playnow.py's MemoryQueue, a lone server's) with N people asking for Zole, 3
players, whose ratings lie too far apart for any table to form (6 μ between neighbours), then times what the server
does on the event loop without awaiting anything else: one pass of the matcher over the pool (``PlayNow.form``, run on
each join and every half second), and one person's ask after her ticket (``PlayNow.status``, every second from each
waiting page). Reported per N: best (median) milliseconds, and the same in reference ops (bench/README.md), so the
figure travels between machines. Nothing is seated, so no table (and no database) is involved.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from bench import time_reference
from parlour.server.playnow import MemoryQueue, PlayNow, Ticket


class _Limits:
    play_per_minute = 0


class _Lobby:
    limits = _Limits()


def _fill(queue: MemoryQueue, n: int) -> list[str]:
    now = time.time()
    ids = []
    for i in range(n):
        ticket = Ticket(f"t{i}", "zole", 3, {}, None, 6.0 * i, 2.0, now, now + 300)
        queue.tickets[ticket.id] = ticket
        queue.pools.setdefault(ticket.key, set()).add(ticket.id)
        ids.append(ticket.id)
    return ids


async def _measure(n: int, repeat: int) -> tuple[list[float], list[float]]:
    queue = MemoryQueue()
    play = PlayNow(_Lobby(), queue)
    ids = _fill(queue, n)
    key = queue.tickets[ids[0]].key
    passes, asks = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        await play.form(key)
        passes.append(time.perf_counter() - start)
        start = time.perf_counter()
        for i in ids[:100]:
            await play.status(i)
        asks.append((time.perf_counter() - start) / min(100, n))
    assert len(await queue.waiting(key, time.time())) == n  # nobody was seated: the whole pool was looked at
    return passes, asks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench playnow", description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    reference = time_reference()
    print(f"reference op: {reference * 1e6:.1f} µs")
    for n in args.people:
        passes, asks = asyncio.run(_measure(n, args.repeat))
        best, median = min(passes), statistics.median(passes)
        ask_best, ask_median = min(asks), statistics.median(asks)
        print(f"{n:>6} waiting: a matcher pass {best * 1e3:.2f} ms ({median * 1e3:.2f}) = {best / reference:.0f} "
              f"({median / reference:.0f}) reference ops; an ask {ask_best * 1e6:.1f} µs ({ask_median * 1e6:.1f})")
    return 0
