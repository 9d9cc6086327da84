"""Many machines, simulated: three members, PostgreSQL, Redis, clients, each in a network namespace; faults, capacity.

    python -m bench cluster-netns                                  # faults on 12 tables, then 1 vs 3 members
    python -m bench cluster-netns --tables 25,50,100,200 --seconds 20 --bound-ms 250
    python -m bench cluster-netns --no-faults                      # capacity only

Needs root (``ip netns``; ``bench/_netns.py``). The machines are ``bench/_netns_cluster.py``'s: PostgreSQL and
Redis in a namespace each, members ``m0``-``m2`` in their own, every member linked to the database, to Redis and to
the clients' namespace by a veth pair of its own, with ``tc netem`` delay (``--delay-ms`` each way) when the kernel
has netem; when it has not, the first line says so and the links have no delay.

1. Faults (``--fault-tables`` tables, ``tests/server/netns_faults.py``, the test's scenario): member 0 killed and
   started again, member 1 cut off from Redis, member 2 from the database, each healed. Reported: actions that
   players saw taken but that are missing from the log (goal 0), and the longest stall a player saw.
2. Capacity: for each ``--tables`` count N, N two-player Giacomotto tables played by ``bench/load.py``'s
   people-like clients (``--think``) from the clients' namespace, first on one member, then on three (tables
   created on each member in turn, table ``i``'s seat ``s`` at member ``(i + s) % members``), each on a fresh
   database with fresh members. Per measurement: actions/s, p50/p99 latency (a player's send to the other player's receipt), each
   member's CPU share and CPU ms per action, PostgreSQL + Redis's share, the clients'. Capacity: the largest N whose
   p99 stays under ``--bound-ms``; reported as three members' over one's.

On a machine with fewer cores than members + stores + clients, the capacity ratio measures the cores, not the
cluster (three members on two cores cannot reach 2.5 times one): the per-member CPU per action and how evenly the
work spreads over the members are what such a machine can show, and are printed beside it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import bench.load as load
from bench._cluster import tree_cpu
from bench._netns import inside, unavailable
from bench._netns_cluster import Machines

ROOT = Path(__file__).resolve().parents[1]


def faults(m: Machines, args: argparse.Namespace) -> None:
    sys.path.insert(0, str(ROOT / "tests" / "server"))
    from netns_faults import run_faults  # the test's scenario, its players riding out the faults

    m.new_database()
    for i in range(3):
        m.start_member(i)
    try:
        report = run_faults(m, tables=args.fault_tables, play=args.play, cut=args.cut, think=sum(args.think) / 2)
    finally:
        for i in range(3):
            m.kill_member(i)
    print(f"faults: {report.summary()}", flush=True)
    if report.stalled():
        print(f"faults: play did NOT go on: {report.stalled()}", flush=True)


async def play(m: Machines, n: int, members: int, args: argparse.Namespace,
               go: Callable[[], None]) -> tuple[load.Run, float]:
    """``bench/load.py``'s clients at ``n`` tables, table ``i`` created on member ``i % members`` and its seat ``s``
    at member ``(i + s) % members`` (load.measure puts seat ``s`` at member ``s``: the third member would have no
    players), every client in this process."""
    loop = asyncio.get_running_loop()
    created = await asyncio.gather(*[loop.run_in_executor(None, load.create_table, m.url(i % members))
                                     for i in range(n)])
    urls = [[(f"{m.url((i + s['seat']) % members).replace('http', 'ws', 1)}/ws/{t['table']}?token={s['token']}"
              "&patches=1", s["seat"]) for s in t["seats"]] for i, t in enumerate(created)]

    async def start() -> None:
        go()

    return await load.play(urls, 10 ** 6, args.seconds, args.seed, tuple(args.think), start, lambda done: None)


def capacity_one(m: Machines, n: int, members: int, args: argparse.Namespace) -> dict:
    """One measurement: ``n`` tables on ``members`` fresh members; its figures."""
    m.new_database()
    for i in range(members):
        m.start_member(i)
    pids = m.member_pids()
    before: dict[str, list[float]] = {}

    def go() -> None:  # the clock starts: every client has its first state
        before["members"] = [tree_cpu([p]) for p in pids]
        before["stores"] = [tree_cpu(m.store_pids())]

    try:
        with inside(m.net, "clients"):
            run, seconds = asyncio.run(play(m, n, members, args, go))
        used = [tree_cpu([p]) - b for p, b in zip(pids, before["members"])]
        stores = tree_cpu(m.store_pids()) - before["stores"][0]
    finally:
        for i in range(members):
            m.kill_member(i)
    return {"tables": n, "members": members, "actions": run.actions, "seconds": seconds, "run": run,
            "p50": load.percentile(run.latencies, 0.5), "p99": load.percentile(run.latencies, 0.99),
            "used": used, "stores": stores, "load": os.getloadavg()[0]}


def row(f: dict) -> str:
    s = f["seconds"] or float("nan")
    shares = "/".join(f"{u / s:.0%}" for u in f["used"])
    per_action = sum(f["used"]) / f["actions"] * 1000 if f["actions"] else float("nan")
    spread = min(f["used"]) / max(f["used"]) if max(f["used"]) > 0 else float("nan")
    return (f"{f['tables']:>6} {f['members']:>7} {f['actions']:>8} {f['actions'] / s:>9.1f} {f['p50'] * 1000:>7.1f} "
            f"{f['p99'] * 1000:>7.1f} {shares:>14} {per_action:>10.2f} {spread:>6.2f} {f['stores'] / s:>8.0%} "
            f"{f['run'].cpu / s:>7.0%} {f['load']:>5.1f}  {f['run'].errors or '-'}")


def capacity(m: Machines, args: argparse.Namespace) -> None:
    load.client_address = lambda n: "0.0.0.0"  # the loopback sources of bench/load.py's clients do not route here
    print(f"{'tables':>6} {'members':>7} {'actions':>8} {'actions/s':>9} {'p50 ms':>7} {'p99 ms':>7} "
          f"{'member cpu':>14} {'cpu ms/act':>10} {'even':>6} {'pg+redis':>8} {'clients':>7} {'load':>5}  errors",
          flush=True)
    figures = []
    for n in args.tables:
        for members in (1, 3):
            figures.append(capacity_one(m, n, members, args))
            print(row(figures[-1]), flush=True)
    bound = args.bound_ms / 1000
    best = {k: max([f["tables"] for f in figures if f["members"] == k and f["p99"] < bound], default=0)
            for k in (1, 3)}
    ratio = best[3] / best[1] if best[1] else float("nan")
    print(f"capacity (largest table count with p99 < {args.bound_ms:g} ms among those measured): 1 member {best[1]}, "
          f"3 members {best[3]}: {ratio:.2f}x (goal 2.5x; {os.cpu_count()} cores for 3 members, PostgreSQL, Redis "
          f"and the clients: the ratio here measures the cores){'; no count met the bound' if not best[1] else ''}")
    print("member cpu: each member's CPU share over the time played (its process and bot workers); cpu ms/act: "
          "the members' CPU per action, summed; even: the least busy member's CPU over the busiest's (1.00: the "
          "work spread evenly); clients: the bench's own process, where every client runs")


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench cluster-netns", description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=lambda s: [int(x) for x in s.split(",")], default=[25, 50, 100, 200],
                   help="table counts to measure capacity at (default 25,50,100,200)")
    p.add_argument("--seconds", type=float, default=15.0, help="seconds of play per capacity measurement")
    p.add_argument("--bound-ms", type=float, default=250.0, help="the p99 latency a table count must stay under")
    p.add_argument("--think", type=lambda s: [float(x) for x in s.split(",")], default=list(load.THINK),
                   help="a player's think time, least and most seconds (default 0.05,0.2)")
    p.add_argument("--fault-tables", type=int, default=12, help="tables played through the faults")
    p.add_argument("--play", type=float, default=6.0, help="seconds of play before the first fault and after each")
    p.add_argument("--cut", type=float, default=8.0, help="seconds a partition lasts (a lease is 5)")
    p.add_argument("--no-faults", action="store_true", help="measure capacity only")
    p.add_argument("--no-capacity", action="store_true", help="play the faults only")
    p.add_argument("--delay-ms", type=float, default=3.0, help="netem delay on each link, each way")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    if len(args.think) != 2 or not 0 <= args.think[0] <= args.think[1]:
        p.error("--think takes two seconds, least and most: 0.05,0.2")
    if min(args.tables) < 1 or args.fault_tables < 3:
        p.error("--tables counts must be at least 1, --fault-tables at least 3 (one per member)")
    return args


def main(argv: list[str]) -> int:
    args = parse(argv)
    why = unavailable()
    if why:
        print(f"cluster-netns: {why}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="parlour-netns-") as tmp, Machines(Path(tmp), 3, args.delay_ms) as m:
        m.start_stores()
        print(f"machines: {m.net.describe()}; load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores at "
              f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}", flush=True)
        if not args.no_faults:
            faults(m, args)
        if not args.no_capacity:
            capacity(m, args)
    return 0
