"""A rated match on two server processes (PostgreSQL and Redis, server/cluster.py): its end is recorded once.

Ana plays through the table's owner, Bo through the other process (which mirrors the table and forwards his moves);
both processes see the match end, and the ratings change exactly once, by openskill's numbers for the ranks of the
match as its record replays.
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import time
import urllib.request
from typing import Any

import pytest
from live_client import Seat
from openskill.models import PlackettLuce
from sqlalchemy import select
from test_accounts import Authenticator
import test_cluster

from parlour.core.registry import load
from parlour.core.rng import Rng
from parlour.server.ratings_store import match_ends, match_results, ratings
from parlour.server.storage import ActionRow, Store
from parlour.server.table import replay

two_servers = test_cluster.two_servers  # the fixture: two processes on one PostgreSQL database and one Redis
play = test_cluster.play

pytestmark = pytest.mark.timeout(300)


class Person:
    """One person's cookies at one server, and her passkey."""

    def __init__(self, base: str) -> None:
        self.base, self.device = base, Authenticator(origin=base)
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def call(self, path: str, body: Any = None) -> Any:
        request = urllib.request.Request(self.base + path, None if body is None else json.dumps(body).encode(),
                                         {"Content-Type": "application/json"}, method="GET" if body is None else "POST")
        with self.opener.open(request, timeout=30) as r:
            return json.loads(r.read() or b"null")

    def sign_up(self, name: str) -> None:
        begun = self.call("/api/account/signup/options", {"name": name})
        self.call("/api/account/signup", {"ceremony": begun["ceremony"], "credential": self.device.create(begun["options"])})


async def stored(url: str) -> tuple[list, list, list]:
    store = await Store.open(url)
    try:
        async with store.engine.connect() as conn:
            found = []
            for table in (match_ends, match_results, ratings):
                found.append([dict(m) for m in (await conn.execute(select(table))).mappings()])
            return found[0], found[1], found[2]
    finally:
        await store.close()


def test_a_rated_match_across_two_processes_is_rated_once(two_servers, postgres_url):
    a, b = two_servers
    ana, bo = Person(a.url), Person(b.url)
    ana.sign_up("Ana")
    bo.sign_up("Bo")
    t = ana.call("/api/tables", {"game": "giacomotto", "options": {"target": 1}, "rated": True,
                                 "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]})
    tokens = {s["seat"]: s["token"] for s in t["seats"]}
    ana.call("/api/account/seats", {"token": tokens[0]})
    bo.call("/api/account/seats", {"token": tokens[1]})
    seats = {0: Seat(a.url, t["table"], tokens[0]), 1: Seat(b.url, t["table"], tokens[1])}
    play(seats, Rng(3), [])
    seats[0].wait_over()
    seats[1].wait_over()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        ends, results, rated = asyncio.run(stored(postgres_url))
        if ends:
            break
        time.sleep(0.2)
    time.sleep(1.0)  # had the other process recorded it too, it would have by now
    ends, results, rated = asyncio.run(stored(postgres_url))
    assert [e["table_id"] for e in ends] == [t["table"]] and len(results) == 2
    # the expected numbers: openskill on the ranks of the match as its record replays
    record = ana.call(f"/api/tables/{t['table']}/record")
    entries = [ActionRow(i, x["seat"], x["action"], x["t"]) for i, x in enumerate(record["actions"])]
    state = replay(load("giacomotto", 2, target=1), record["seed"], entries)
    assert state.over
    ranks = [1, 1] if not state.winners else [1, 2] if 0 in state.winners else [2, 1]
    model = PlackettLuce()
    (ana_new,), (bo_new,) = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
    got = {r["key"]: (r["mu"], r["sigma"], r["matches"]) for r in rated}
    by_name = {r["seat"]: r["account_id"] for r in results}
    assert got == {f"account:{by_name[0]}": pytest.approx((ana_new.mu, ana_new.sigma, 1)),
                   f"account:{by_name[1]}": pytest.approx((bo_new.mu, bo_new.sigma, 1))}
    for s in seats.values():
        s.close()
