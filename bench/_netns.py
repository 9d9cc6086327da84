"""Machines simulated with Linux network namespaces: each one a namespace, each link between two a veth pair.

Used by ``tests/server/test_netns_cluster.py`` and ``python -m bench cluster-netns``. Needs root (``ip netns``) and
iproute2's ``ip`` and ``tc``. A :class:`Network` of machines ``["pg", "redis", "m0", "clients"]`` and links
``[("m0", "pg"), ...]`` becomes namespaces named ``PREFIX + pid + "-" + machine`` (so that parallel runs do not
collide), each with its loopback up, and one veth pair per link with its own /24 of ``10.231.0.0/16`` (private, and
inside namespaces of their own, so they clash with nothing of the host's). A machine reaches another only over a
link between them: point-to-point links, so that one link (one member to Redis) can be cut alone.

- Delay: ``tc qdisc add ... netem delay D`` on both ends of every link (D each way). The kernel may lack
  ``sch_netem``: then :attr:`Network.netem` is False, :attr:`Network.delay_note` says why, a warning says it loudly,
  and there is no delay (the figures must say so).
- Partition: :meth:`Network.cut` sets the far end (``b``'s) of a link down. ``a``'s packets on it are dropped without
  a word (its end has no carrier), as on a real network that went away: its connections hang until TCP gives up
  and new ones time out, rather than failing at once. :meth:`Network.heal` sets it up again.
- :meth:`Network.command` wraps a command to run inside a machine (``ip netns exec``); :func:`inside` moves the
  calling thread into a machine (sockets it opens belong to that machine's namespace, also after it leaves).
- Teardown: :meth:`Network.close` (also at exit) kills every process inside and deletes the namespaces, which
  deletes their links; namespaces left by a killed run (our prefix, a pid no longer alive) are removed at start.
"""

from __future__ import annotations

import atexit
import ctypes
import functools
import os
import shutil
import signal
import subprocess
import sys
import time
import warnings
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

#: The prefix of every namespace this module makes (then the pid of the process that made it).
PREFIX = "parlnet"
#: The private addresses the links use: link k is 10.231.k.0/24, its ends .1 (``a``) and .2 (``b``).
NETWORK = "10.231"
#: setns(2)'s flag for a network namespace.
CLONE_NEWNET = 0x40000000


def ip_program() -> str | None:
    """Where iproute2's ``ip`` is (root's PATH has /usr/sbin; a user's may not)."""
    return shutil.which("ip") or next((p for p in ("/usr/sbin/ip", "/sbin/ip") if Path(p).exists()), None)


def unavailable() -> str | None:
    """Why namespaces cannot be made here (not root, no ``ip``/``tc``), or None when they can."""
    if os.geteuid() != 0:
        return "network namespaces need root (ip netns add); scripts/test runs as root in CI"
    if ip_program() is None:
        return "iproute2's ip is not installed (Debian's iproute2 package: scripts/test installs it)"
    if shutil.which("tc") is None and not Path("/usr/sbin/tc").exists():
        return "iproute2's tc is not installed (Debian's iproute2 package: scripts/test installs it)"
    return _refused()


@functools.lru_cache(maxsize=1)
def _refused() -> str | None:
    """Why root may still not make a namespace here (a container without CAP_SYS_ADMIN), found by making one."""
    probe = f"{PREFIX}{os.getpid()}-probe"
    done = _run(ip_program() or "ip", "netns", "add", probe, check=False)
    if done.returncode != 0:
        return (f"ip netns add failed ({done.stderr.strip() or done.returncode}): this system does not let even root "
                f"make network namespaces (a container without CAP_SYS_ADMIN?)")
    _run(ip_program() or "ip", "netns", "del", probe, check=False)
    return None


def _run(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run(list(args), capture_output=True, text=True)
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed ({done.returncode}): {done.stderr.strip()}")
    return done


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _namespaces() -> list[str]:
    done = _run(ip_program() or "ip", "netns", "list", check=False)
    return [line.split()[0] for line in done.stdout.splitlines() if line.strip()]


def _remove(namespace: str) -> None:
    """Kill every process inside ``namespace``, then delete it (and so its ends of every link)."""
    ip = ip_program() or "ip"
    for _ in range(50):
        pids = [int(p) for p in _run(ip, "netns", "pids", namespace, check=False).stdout.split()]
        if not pids:
            break
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.1)
    _run(ip, "netns", "del", namespace, check=False)


def remove_stale() -> list[str]:
    """Delete the namespaces that runs killed before their teardown left (our prefix, their pid dead)."""
    removed = []
    for name in _namespaces():
        if not name.startswith(PREFIX):
            continue
        pid = name[len(PREFIX):].split("-", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            _remove(name)
            removed.append(name)
    return removed


class Network:
    """Namespaces for ``machines`` joined by the point-to-point ``links`` (pairs of machines), with ``delay_ms``
    each way on every link (none when the kernel has no netem: see :attr:`netem`)."""

    def __init__(self, machines: list[str], links: list[tuple[str, str]], delay_ms: float = 3.0) -> None:
        why = unavailable()
        if why:
            raise RuntimeError(why)
        self.ip = ip_program() or "ip"
        self.machines, self.links = list(machines), list(links)
        self.delay_ms, self.netem, self.delay_note = delay_ms, False, ""
        self.tag = f"{PREFIX}{os.getpid()}"
        self._made: list[str] = []
        remove_stale()
        atexit.register(self.close)
        try:
            self._build()
        except BaseException:
            self.close()
            raise

    def namespace(self, machine: str) -> str:
        return f"{self.tag}-{machine}"

    def _end(self, link: int, side: int) -> str:
        """The interface name of ``side`` (0: a, 1: b) of link ``link`` (at most 15 characters)."""
        return f"l{link}{'ab'[side]}"

    def address(self, machine: str, peer: str) -> str:
        """``machine``'s address on its link with ``peer``: what ``peer`` connects to to reach it."""
        for k, (a, b) in enumerate(self.links):
            if {a, b} == {machine, peer}:
                return f"{NETWORK}.{k}.{1 if machine == a else 2}"
        raise KeyError(f"no link between {machine} and {peer}")

    def _build(self) -> None:
        for machine in self.machines:
            name = self.namespace(machine)
            if name in _namespaces():  # our own pid's, from a run in this process that did not close
                _remove(name)
            _run(self.ip, "netns", "add", name)
            self._made.append(name)
            _run(self.ip, "-n", name, "link", "set", "lo", "up")
        for k, (a, b) in enumerate(self.links):
            ends = [(self.namespace(m), self._end(k, side)) for side, m in enumerate((a, b))]
            _run(self.ip, "link", "add", ends[0][1], "netns", ends[0][0], "type", "veth",
                 "peer", "name", ends[1][1], "netns", ends[1][0])
            for side, (ns, dev) in enumerate(ends):
                _run(self.ip, "-n", ns, "addr", "add", f"{NETWORK}.{k}.{side + 1}/24", "dev", dev)
                _run(self.ip, "-n", ns, "link", "set", dev, "up")
                self._delay(ns, dev)

    def _delay(self, namespace: str, dev: str) -> None:
        if self.delay_ms <= 0 or self.delay_note:
            return
        done = subprocess.run(["tc", "-n", namespace, "qdisc", "add", "dev", dev, "root", "netem", "delay",
                               f"{self.delay_ms}ms"], capture_output=True, text=True)
        if done.returncode == 0:
            self.netem = True
            return
        self.netem = False
        self.delay_note = (f"NO DELAY between machines: tc netem failed ({done.stderr.strip() or done.returncode}); "
                           f"this kernel has no sch_netem, so the links run at veth speed (tens of microseconds)")
        warnings.warn(self.delay_note, RuntimeWarning, stacklevel=3)
        print(f"netns: {self.delay_note}", file=sys.stderr, flush=True)

    def describe(self) -> str:
        """One line saying what the links are, delay included (or its absence, loudly)."""
        delay = (f"netem delay {self.delay_ms:g} ms each way" if self.netem else
                 (self.delay_note or "no delay asked"))
        return f"{len(self.machines)} namespaces, {len(self.links)} veth links; {delay}"

    def command(self, machine: str, argv: list[str]) -> list[str]:
        """``argv`` run inside ``machine`` (``ip netns exec`` execs it: its pid is the command's)."""
        return [self.ip, "netns", "exec", self.namespace(machine), *argv]

    def _link(self, a: str, b: str) -> tuple[int, int]:
        for k, pair in enumerate(self.links):
            if pair == (a, b):
                return k, 1
            if pair == (b, a):
                return k, 0
        raise KeyError(f"no link between {a} and {b}")

    def cut(self, a: str, b: str) -> None:
        """Partition ``a`` from ``b``: ``b``'s end of their link goes down, ``a``'s packets on it vanish."""
        k, side = self._link(a, b)
        _run(self.ip, "-n", self.namespace(b), "link", "set", self._end(k, side), "down")

    def heal(self, a: str, b: str) -> None:
        """Undo :meth:`cut`: the link carries packets again (the same addresses, the same delay)."""
        k, side = self._link(a, b)
        _run(self.ip, "-n", self.namespace(b), "link", "set", self._end(k, side), "up")

    def close(self) -> None:
        """Kill what runs inside and delete every namespace made (idempotent; also at exit)."""
        while self._made:
            _remove(self._made.pop())
        atexit.unregister(self.close)

    def __enter__(self) -> "Network":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_libc = ctypes.CDLL(None, use_errno=True)


def _setns(fd: int) -> None:
    if _libc.setns(fd, CLONE_NEWNET) != 0:
        error = ctypes.get_errno()
        raise OSError(error, f"setns: {os.strerror(error)}")


@contextmanager
def inside(network: Network, machine: str) -> Iterator[None]:
    """Run the calling thread inside ``machine``'s namespace (a thread's network namespace is its own in Linux;
    threads it starts meanwhile start inside too), back in its own on leaving. Sockets keep the namespace they were
    opened in."""
    home = os.open("/proc/thread-self/ns/net", os.O_RDONLY)
    try:
        there = os.open(f"/run/netns/{network.namespace(machine)}", os.O_RDONLY)
        try:
            _setns(there)
        finally:
            os.close(there)
        try:
            yield
        finally:
            _setns(home)
    finally:
        os.close(home)
