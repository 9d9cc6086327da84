"""Three members, PostgreSQL and Redis each on a machine of its own (network namespaces), players on a sixth.

``bench/_netns_cluster.py`` builds the machines: every member linked to the database, to Redis and to the
clients' machine by its own veth pair (netem delay when the kernel has it; without, a warning says so).
``netns_faults.run_faults`` plays three tables at once through a member killed (and started again), one cut off
from Redis and one cut off from the database (each healed). Every action a player saw taken must be in the table's
log, in order, and nothing else; every table must go on after each recovery. The longest stall a player saw is
printed.

Needs root (``ip netns``): skipped otherwise, saying so (CI's scripts/test runs as root).
"""

from __future__ import annotations

import pytest
from netns_faults import run_faults

from bench._netns import unavailable
from bench._netns_cluster import Machines

pytestmark = pytest.mark.skipif(unavailable() is not None, reason=f"{unavailable()}")


@pytest.fixture
def machines(tmp_path):
    with Machines(tmp_path) as m:
        try:
            m.start()
            yield m
        finally:
            print(m.net.describe(), m.said(), sep="\n")  # pytest shows it when the test failed


def test_three_members_lose_no_action_through_a_crash_and_two_partitions(machines, capsys):
    report = run_faults(machines, tables=3)
    for p in report.plays:
        assert report.logged[p.table] == p.played, p.table  # every acknowledged action, in order, nothing else
    assert report.lost() == report.extra() == 0
    assert not report.stalled(), report.stalled()
    assert report.longest()[0] > 1.0  # the faults did happen while they played: someone waited for a take-over
    with capsys.disabled():
        print(f"\nnetns cluster: {machines.net.describe()}; {report.summary()}")
