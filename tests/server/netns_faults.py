"""The faults scenario on simulated machines, shared by ``test_netns_cluster.py`` and ``python -m bench cluster-netns``.

:func:`run_faults` plays ``tables`` tables at once on three members of a :class:`bench._netns_cluster.Machines`
(table ``i`` created on member ``i % 3``, which owns it; its seat 0 at that member, seat 1 at the next), each by
two :class:`cluster_player.TablePlay` players in a thread of its own on the clients' machine. While they play:
member 0 is killed (SIGKILL) and started again; member 1 is cut off from Redis for ``cut`` seconds (longer than a
lease) and healed; member 2 is cut off from the database as long and healed; ``play`` seconds of play before the
first fault and after each recovery. The :class:`Faults` it returns compares what each player saw taken with the
table's log in the database.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from contextlib import ExitStack
from dataclasses import dataclass, field

from cluster_player import TablePlay
from live_client import post

from bench._netns import inside
from bench._netns_cluster import Machines
from parlour.core.record import table_entry

#: The marks after which every table must have moved again (the recoveries).
RECOVERED = ("m0 back", "healed m1-redis", "healed m2-pg")


@dataclass
class Faults:
    plays: list[TablePlay]
    marks: list[tuple[str, float, list[int]]]  # (what happened, when, actions taken per table by then)
    logged: dict[str, list[tuple[int | None, str]]] = field(default_factory=dict)  # per table: its log's moves

    @property
    def start(self) -> float:
        return self.marks[0][1]

    def lost(self) -> int:
        """Acknowledged actions missing from their table's log (goal: 0)."""
        return sum((Counter(p.played) - Counter(self.logged[p.table])).total() for p in self.plays)

    def extra(self) -> int:
        """Actions in a log that no player saw taken (goal: 0)."""
        return sum((Counter(self.logged[p.table]) - Counter(p.played)).total() for p in self.plays)

    def stalled(self) -> list[str]:
        """The recoveries after which some table did not move (its match not over): play did not go on."""
        found = []
        for (what, _, before), (_, _, after) in zip(self.marks, self.marks[1:]):
            for n, p in enumerate(self.plays):
                if what in RECOVERED and after[n] <= before[n] and not p.over:
                    found.append(f"{p.table} after {what}")
        return found

    def longest(self) -> tuple[float, str, float]:
        """The longest stall a player saw: (seconds from sending an action until it was taken, table, sent when
        (seconds since the first fault))."""
        return max((took, p.table, when - self.start) for p in self.plays for when, took in p.stalls)

    def longest_by_phase(self) -> dict[str, float]:
        """The longest stall of the actions sent in each phase (from one mark to the next; "before" the first)."""
        found: dict[str, float] = {}
        for p in self.plays:
            for when, took in p.stalls:
                phase = ([what for what, at, _ in self.marks if at <= when] or ["before"])[-1]
                found[phase] = max(found.get(phase, 0.0), took)
        return found

    def moved(self) -> dict[str, int]:
        """Per phase (from a mark to the next), how many tables took an action in it: during a fault, the tables
        that did not wait for the fault's end."""
        return {what: sum(a > b for a, b in zip(after, before))
                for (what, _, before), (_, _, after) in zip(self.marks, self.marks[1:])}

    def summary(self) -> str:
        took, table, when = self.longest()
        phases = self.longest_by_phase()
        moved = self.moved()
        events = ", ".join(f"{what} {at - self.start:+.1f} s (longest stall of a move sent in it "
                           f"{phases.get(what, float('nan')):.1f} s; {moved[what]} of {len(self.plays)} tables "
                           f"moved in it)" for what, at, _ in self.marks[:-1])
        drops = [why for p in self.plays for pl in p.players.values() for _, why in pl.dropped]
        why = ", ".join(f"{n}× {text[:80]}" for text, n in Counter(drops).most_common(3)) or "none"
        return (f"{sum(len(p.played) for p in self.plays)} actions on {len(self.plays)} tables, {self.lost()} lost, "
                f"{self.extra()} unacknowledged in the log; longest stall {took:.1f} s (sent {when:+.1f} s; {events}); "
                f"{len(drops)} reconnects ({why}); matches over: {sum(p.over for p in self.plays)}")


def run_faults(m: Machines, tables: int = 3, play: float = 6.0, cut: float = 8.0, think: float = 0.15,
               seed: int = 31) -> Faults:
    """Play through the faults (module docstring); raises if a player's action was never acknowledged."""
    with ExitStack() as stack:
        stack.enter_context(inside(m.net, "clients"))
        plays = []
        for i in range(tables):
            t = post(m.url(i % 3) + "/api/tables", {"game": "giacomotto", "wait_for_players": True,
                                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
            tokens = {s["seat"]: s["token"] for s in t["seats"]}
            # a player's own member first, then the others: where a load balancer sends one whose member went away
            urls = {seat: (lambda home=(i + seat) % 3: [m.url(j % 3) for j in range(home, home + 3)
                                                        if m.alive(j % 3)]) for seat in tokens}
            plays.append(TablePlay(t["table"], tokens, urls, seed=seed + i, think=think))
            stack.callback(plays[-1].close)
        threads = [threading.Thread(target=p.run, args=(lambda: inside(m.net, "clients"),), daemon=True)
                   for p in plays]
        for thread in threads:
            thread.start()
        report = Faults(plays, [])

        def mark(what: str) -> None:
            report.marks.append((what, time.monotonic(), [len(p.played) for p in plays]))

        def wait(seconds: float) -> None:
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                failed = [p.error for p in plays if p.error]
                if failed:
                    raise AssertionError(f"a player failed: {failed[0]!r}") from failed[0]
                time.sleep(0.2)

        try:
            wait(play)
            mark("kill m0")
            m.kill_member(0)  # SIGKILL: no goodbye, its lease runs out and a mirror takes its table
            wait(play)
            m.start_member(0)
            mark("m0 back")
            wait(play)
            mark("cut m1 from redis")
            m.net.cut("m1", "redis")
            wait(cut)
            m.net.heal("m1", "redis")
            mark("healed m1-redis")
            wait(play)
            mark("cut m2 from pg")
            m.net.cut("m2", "pg")
            wait(cut)
            m.net.heal("m2", "pg")
            mark("healed m2-pg")
            wait(play)
            mark("end")
        finally:
            for p in plays:
                p.stop.set()
            for thread in threads:
                thread.join(120)
        if [t for t in threads if t.is_alive()]:
            raise AssertionError("a table's players were still waiting two minutes after the end")
        failed = [p.error for p in plays if p.error]
        if failed:
            raise AssertionError(f"a player failed: {failed[0]!r}") from failed[0]
    for p in plays:  # the table's own entries ("start") aside
        report.logged[p.table] = [(seat, action) for seat, action in m.logged(p.table)
                                  if seat is not None or not table_entry(action)]
    return report
