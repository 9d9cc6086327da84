"""Correspondence clocks with two server processes on one PostgreSQL database, linked through Redis: only the
holder of a table's lease acts on its due times, so a vacation day is drawn once and a timeout happens once; when the
holder dies, the other process takes the table over and acts. The servers' clocks are moved, never slept through
(what is polled is the lease of a killed process running out, a few seconds)."""

from __future__ import annotations

import time

import pytest
from conftest import cluster
from live_client import get, post

DAY = 86400.0


def move_clock(base: str, to: float) -> dict:
    return post(base + "/api/clock", {"offset": to - time.time()})


@pytest.fixture
def two_servers(postgres_url, redis_server, tmp_path):
    with cluster(postgres_url, redis_server.url, tmp_path, "--fixed-seeds") as servers:
        yield servers


def test_only_the_lease_holder_acts_and_the_other_takes_over_when_it_dies(two_servers):
    owner, other = (s.url for s in two_servers)
    table = post(owner + "/api/tables", {"game": "giacomotto", "players": 2, "seed": 3,
                                         "seats": [{"kind": "human"}, {"kind": "human"}],
                                         "correspondence": {"days": 1, "vacation_days": 2}})
    url = f"/api/tables/{table['table']}"
    (turn,) = get(owner + url)["turns"]
    start = turn["since"]
    # Both processes see the day run out; the other one only mirrors the table: one vacation day is drawn, once
    assert move_clock(other, turn["due"] + 60)["changed"] == 0
    assert move_clock(owner, turn["due"] + 60)["changed"] == 1
    assert move_clock(other, turn["due"] + 120)["changed"] == 0
    (now,) = get(other + url)["turns"]
    assert now["vacation_left"] == 1 and abs(now["due"] - (turn["due"] + DAY)) < 1 and now["since"] == start

    # The owner dies; once its lease runs out the other process holds the table and acts on it
    two_servers[0].kill()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if move_clock(other, turn["due"] + 2 * DAY + 120)["changed"]:
            break
        time.sleep(0.5)  # the dead owner's lease running out (cluster.LEASE seconds)
    summary = get(other + url)
    assert [x["seat"] for x in summary["timeouts"]] == [turn["seat"]]
    assert next(s for s in summary["seats"] if s["seat"] == turn["seat"])["bot"]
