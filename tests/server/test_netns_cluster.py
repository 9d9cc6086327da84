"""Three members, PostgreSQL and Redis each on a machine of its own (network namespaces), players on a fifth.

``bench/_netns_cluster.py`` builds the machines: every member linked to the database, to Redis and to the
clients' machine by its own veth pair (netem delay when the kernel has it; without, a warning says so). Three
tables are played at once, table ``i`` created on member ``i`` (which owns it), its seat 0 at member ``i`` and seat 1
at member ``i + 1``. While they play: (a) member 0 is killed (SIGKILL; its players reconnect to another member) and
started again, (b) member 1 is cut off from Redis for longer than a lease, then healed, (c) member 2 is cut off
from the database, then healed. Every action a player saw taken must be in the table's log, in order, and nothing
else; every table must go on after each fault. The longest stall a player saw is printed.

Needs root (``ip netns``): skipped otherwise, saying so (CI's scripts/test runs as root).
"""

from __future__ import annotations

import threading
import time
from contextlib import ExitStack

import pytest
from cluster_player import TablePlay
from live_client import post

from parlour.core.record import table_entry

from bench._netns import inside, unavailable
from bench._netns_cluster import Machines

pytestmark = pytest.mark.skipif(unavailable() is not None, reason=f"{unavailable()}")

#: Seconds of play before the first fault, after each heal, and while a partition lasts (longer than a lease).
PLAY, CUT = 6.0, 8.0
#: Seconds a player thinks before a move: enough that a match (to 101 points) outlasts the test.
THINK = 0.15


@pytest.fixture
def machines(tmp_path):
    with Machines(tmp_path) as m:
        try:
            m.start()
            yield m
        finally:
            print(m.net.describe(), m.said(), sep="\n")  # pytest shows it when the test failed


def test_three_members_lose_no_action_through_a_crash_and_two_partitions(machines, capsys):
    m = machines
    with ExitStack() as stack:
        stack.enter_context(inside(m.net, "clients"))
        plays = []
        for i in range(3):
            t = post(m.url(i) + "/api/tables", {"game": "giacomotto", "wait_for_players": True,
                                                "seats": [{"kind": "human"}, {"kind": "human"}]})
            tokens = {s["seat"]: s["token"] for s in t["seats"]}
            # a player's own member first, then the others: where a load balancer sends one whose member went away
            urls = {seat: (lambda home=(i + seat) % 3: [m.url(j % 3) for j in range(home, home + 3)
                                                        if m.alive(j % 3)]) for seat in tokens}
            plays.append(TablePlay(t["table"], tokens, urls, seed=31 + i, think=THINK))
            stack.callback(plays[-1].close)
        threads = [threading.Thread(target=p.run, args=(lambda: inside(m.net, "clients"),), daemon=True)
                   for p in plays]
        for thread in threads:
            thread.start()
        marks: list[tuple[str, float, list[int]]] = []  # (what happened, when, actions played per table by then)

        def mark(what: str) -> None:
            marks.append((what, time.monotonic(), [len(p.played) for p in plays]))

        def wait(seconds: float) -> None:
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                assert not [p.error for p in plays if p.error], [repr(p.error) for p in plays if p.error]
                time.sleep(0.2)

        wait(PLAY)
        mark("kill m0")
        m.kill_member(0)  # SIGKILL: no goodbye, its lease runs out and a mirror takes its table
        wait(PLAY)
        m.start_member(0)
        mark("m0 back")
        wait(PLAY)
        mark("cut m1 from redis")
        m.net.cut("m1", "redis")
        wait(CUT)
        m.net.heal("m1", "redis")
        mark("healed m1-redis")
        wait(PLAY)
        mark("cut m2 from pg")
        m.net.cut("m2", "pg")
        wait(CUT)
        m.net.heal("m2", "pg")
        mark("healed m2-pg")
        wait(PLAY)
        mark("end")
        for p in plays:
            p.stop.set()
        for thread in threads:
            thread.join(120)
        assert not [t for t in threads if t.is_alive()], "a table's players were still waiting two minutes on"
        assert not [p.error for p in plays if p.error], [repr(p.error) for p in plays if p.error]

    # Every acknowledged action is in the log, in order, and nothing else is (the table's own "start" aside).
    for p in plays:
        logged = [(seat, action) for seat, action in m.logged(p.table) if seat is not None or not table_entry(action)]
        assert logged == p.played, p.table
    # Play went on after each fault: every table moved after each recovery (unless its match ended).
    for (what, _, before), (_, _, after) in zip(marks, marks[1:]):
        for n, p in enumerate(plays):
            if what in ("m0 back", "healed m1-redis", "healed m2-pg"):
                assert after[n] > before[n] or p.over and after[n] == len(p.played), (what, p.table, before, after)
    stalls = [(took, p.table, when) for p in plays for when, took in p.stalls]
    longest = max(stalls)
    start = marks[0][1]
    events = ", ".join(f"{what} at {when - start:+.1f} s ({sum(done)} actions)" for what, when, done in marks)
    with capsys.disabled():
        print(f"\nnetns cluster: {m.net.describe()}; {sum(len(p.played) for p in plays)} actions on 3 tables, "
              f"0 lost; longest stall {longest[0]:.1f} s (table {longest[1]}, sent at {longest[2] - start:+.1f} s; "
              f"{events}); reconnects at {sorted(round(when - start, 1) for p in plays for pl in p.players.values() for when, _ in pl.dropped)}, matches over "
              f"{[p.over for p in plays]}; why: {sorted({why[:70] for p in plays for pl in p.players.values() for _, why in pl.dropped})}")
