"""Play now on two server processes on one PostgreSQL database with Redis (server/playnow_redis.py): people asking
at different processes are seated together, and when many ask at once nobody is seated twice."""

from __future__ import annotations

import asyncio
import json
import threading
import time
import urllib.error
import urllib.request

import pytest
from conftest import cluster
from live_client import Seat, get, post


@pytest.fixture
def two_servers(postgres_url, redis_server, tmp_path):
    with cluster(postgres_url, redis_server.url, tmp_path, "--play-per-minute", "0") as servers:
        yield servers


def ask(base: str, name: str, wait: float = 120) -> dict:
    return post(base + "/api/play", {"game": "zole", "players": 3, "wait": wait, "name": name})


def seated(base: str, ticket: str, seconds: float = 60) -> dict:
    """The ticket's seat, asking its own process every 0.2 s (a page asks every second)."""
    deadline = time.monotonic() + seconds
    while True:
        got = get(f"{base}/api/play/{ticket}")
        if got["state"] == "seated":
            return got
        assert time.monotonic() < deadline, got
        time.sleep(0.2)


def stored_seats(postgres_url: str) -> dict[str, list[tuple[int, str, str | None]]]:
    """Every table in the database: its seats (seat, kind, token)."""
    import asyncpg

    async def read() -> list:
        conn = await asyncpg.connect(postgres_url.replace("postgresql+asyncpg", "postgresql"))
        try:
            return await conn.fetch("SELECT table_id, seat, kind, token FROM seats ORDER BY table_id, seat")
        finally:
            await conn.close()

    found: dict[str, list] = {}
    for row in asyncio.run(read()):
        found.setdefault(row["table_id"], []).append((row["seat"], row["kind"], row["token"]))
    return found


def test_people_asking_at_two_processes_are_seated_together(two_servers, postgres_url):
    a, b = two_servers
    tickets = [(a.url, ask(a.url, "Ana")), (b.url, ask(b.url, "Bora"))]
    # each process counts the other's person: one pool
    assert get(f"{b.url}/api/play/{tickets[1][1]['ticket']}")["waiting"] == 2
    tickets.append((b.url, ask(b.url, "Cene")))
    answers = [seated(base, t["ticket"]) for base, t in tickets]
    assert len({x["table"] for x in answers}) == 1 and sorted(x["seat"] for x in answers) == [0, 1, 2]
    # each link opens its own seat, on either process
    for i, x in enumerate(answers):
        seat = Seat((a.url, b.url)[i % 2], x["table"], x["token"])
        try:
            assert seat.wait_version(0)["seat"] == x["seat"]
        finally:
            seat.close()
    assert list(stored_seats(postgres_url)) == [answers[0]["table"]]


def test_many_asking_at_once_on_two_processes_are_each_seated_once(two_servers, postgres_url):
    a, b = two_servers
    people = 24
    answers: dict[int, dict] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(people)

    def person(i: int) -> None:
        base = (a.url, b.url)[i % 2]
        try:
            start.wait()
            ticket = ask(base, f"P{i}")
            answers[i] = seated(base, ticket["ticket"])
        except BaseException as e:  # noqa: BLE001 (reported below, with the others)
            errors.append(e)

    threads = [threading.Thread(target=person, args=(i,)) for i in range(people)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors[:3]
    assert len(answers) == people
    # every person has a seat of her own, and every table's seats are all people's: a person claimed twice would
    # leave a table with a seat nobody holds (or two tickets with one seat)
    seats = {(x["table"], x["seat"]) for x in answers.values()}
    assert len(seats) == people
    stored = stored_seats(postgres_url)
    assert len(stored) == people // 3
    held = {x["token"] for x in answers.values()}
    for table, rows in stored.items():
        assert [kind for _, kind, _ in rows] == ["human"] * 3, (table, rows)
        assert all(token in held for _, _, token in rows), (table, rows)


def test_one_process_sees_a_person_leave_at_the_other(two_servers):
    a, b = two_servers
    ana, bora = ask(a.url, "Ana"), ask(b.url, "Bora")
    request = urllib.request.Request(f"{b.url}/api/play/{ana['ticket']}", method="DELETE")
    with urllib.request.urlopen(request, timeout=10) as r:
        assert r.status == 204
    assert get(f"{a.url}/api/play/{bora['ticket']}")["waiting"] == 1
    with pytest.raises(urllib.error.HTTPError) as gone:
        get(f"{a.url}/api/play/{ana['ticket']}")
    assert gone.value.code == 404 and "not in the queue" in json.loads(gone.value.read())["detail"]
    # the one who left is not seated with the next two
    cene, dan = ask(a.url, "Cene"), ask(b.url, "Dan")
    answers = [seated(base, t["ticket"]) for base, t in ((b.url, bora), (a.url, cene), (b.url, dan))]
    assert len({x["table"] for x in answers}) == 1


def test_a_person_whose_page_stops_asking_leaves_the_queue_of_both_processes(two_servers):
    a, b = two_servers
    ana = ask(a.url, "Ana")  # and never asked after again: her tab was closed
    bora = ask(b.url, "Bora")
    assert get(f"{b.url}/api/play/{bora['ticket']}")["waiting"] == 2
    deadline = time.monotonic() + 30  # a ticket lives 10 s without being asked after
    while get(f"{b.url}/api/play/{bora['ticket']}")["waiting"] != 1:
        assert time.monotonic() < deadline, "the silent ticket is still counted"
        time.sleep(0.5)
    with pytest.raises(urllib.error.HTTPError) as gone:
        get(f"{a.url}/api/play/{ana['ticket']}")
    assert gone.value.code == 404
