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

import os
import socket
import subprocess
import sys
import threading

import pytest
from netns_faults import run_faults

from bench import _netns
from bench._netns import Network, inside, unavailable
from bench._netns_cluster import Machines

as_root = pytest.mark.skipif(unavailable() is not None, reason=f"{unavailable()}")


def test_without_root_no_machine_is_made_and_the_reason_says_so(monkeypatch):
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    assert "need root" in unavailable()
    with pytest.raises(RuntimeError, match="need root"):
        Network(["a", "b"], [("a", "b")])


def _echo(address: str) -> bytes:
    with socket.create_connection((address, 9000), timeout=1.5) as s:
        return s.recv(2)


@as_root
def test_a_cut_link_drops_packets_without_a_word_until_healed_and_nothing_is_left_behind():
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = f"{_netns.PREFIX}{dead.pid}-x"  # as a run killed before its teardown leaves it
    subprocess.run([_netns.ip_program(), "netns", "add", stale], check=True)
    with Network(["a", "b", "c"], [("a", "b"), ("c", "b")], delay_ms=3) as net:
        assert stale not in _netns._namespaces()
        # the delay is there, or the description says loudly that it is not (a kernel without sch_netem)
        qdiscs = subprocess.run(["tc", "-n", net.namespace("a"), "qdisc", "show"], capture_output=True, text=True)
        assert ("netem" in qdiscs.stdout and "delay 3ms" in qdiscs.stdout) == net.netem
        assert net.netem or "NO DELAY" in net.describe()
        server = subprocess.Popen(net.command("b", [sys.executable, "-c", (
            "import socket\ns = socket.create_server(('0.0.0.0', 9000))\n"
            "while True:\n    c, _ = s.accept(); c.sendall(b'hi'); c.close()")]))
        with inside(net, "a"):
            for _ in range(50):  # until it listens
                try:
                    assert _echo(net.address("b", "a")) == b"hi"
                    break
                except ConnectionRefusedError:
                    threading.Event().wait(0.1)
            with pytest.raises(OSError):  # a reaches b only over their own link
                _echo(net.address("b", "c"))
            net.cut("a", "b")
            with pytest.raises(TimeoutError):  # no refusal, no reset: the packets vanish
                _echo(net.address("b", "a"))
            with inside(net, "c"):  # the other link still carries
                assert _echo(net.address("b", "c")) == b"hi"
            net.heal("a", "b")
            assert _echo(net.address("b", "a")) == b"hi"
        names = [net.namespace(m) for m in "abc"]
    assert server.wait(10) is not None  # killed with its machine
    assert not set(names) & set(_netns._namespaces())


@pytest.fixture
def machines(tmp_path):
    with Machines(tmp_path) as m:
        try:
            m.start()
            yield m
        finally:
            print(m.net.describe(), m.said(), sep="\n")  # pytest shows it when the test failed


@as_root
def test_three_members_lose_no_action_through_a_crash_and_two_partitions(machines, capsys):
    report = run_faults(machines, tables=3)
    for p in report.plays:
        assert report.logged[p.table] == p.played, p.table  # every acknowledged action, in order, nothing else
    assert report.lost() == report.extra() == 0
    assert not report.stalled(), report.stalled()
    assert report.longest()[0] > 1.0  # the faults did happen while they played: someone waited for a take-over
    with capsys.disabled():
        print(f"\nnetns cluster: {machines.net.describe()}; {report.summary()}")


@pytest.mark.parametrize("argv, said", [(["--think", "0.3,0.1"], "--think takes two seconds, least and most"),
                                        (["--tables", "0,10"], "--tables counts must be at least 1"),
                                        (["--fault-tables", "2"], "--fault-tables at least 3")])
def test_the_bench_says_what_is_wrong_with_its_arguments(argv, said, capsys):
    from bench.cluster_netns import parse
    with pytest.raises(SystemExit) as stopped:
        parse(argv)
    assert stopped.value.code == 2 and said in capsys.readouterr().err
