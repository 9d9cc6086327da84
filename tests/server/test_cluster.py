"""Several server processes on one PostgreSQL database, linked through Redis (server/cluster.py).

The two players of a table sit at different processes; one process owns the table and the other mirrors it and
forwards its player's actions. The match is played to its end, through a SIGKILL of the owner and through a Redis
that dies and comes back, and its record holds exactly the moves that were acknowledged, in order.
"""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.error

import pytest
from conftest import ServerProcess, cluster
from live_client import Refused, Seat, get, post

from parlour.core.record import table_entry
from parlour.core.rng import Rng


@pytest.fixture
def two_servers(postgres_url, redis_server, tmp_path):
    with cluster(postgres_url, redis_server.url, tmp_path) as servers:
        try:
            yield servers
        finally:
            servers_said(servers)


def servers_said(servers: list) -> None:
    """What each server said of the cluster (its lost and won tables): pytest shows it only when a test failed."""
    for i, s in enumerate(servers):
        said = [line for line in s.log.read_text(errors="replace").splitlines() if "cluster:" in line]
        print(f"server{i} ({s.url}):", *said[-40:], sep="\n  ")


def move(seat: Seat, action: str, version: int, timeout: float = 30) -> None:
    """Send an action until a state after ``version`` arrives: the server's acknowledgement. ``retry`` (the table is
    changing hands, or its owner did not answer) and ``flood`` mean: send again after a pause."""
    deadline = time.monotonic() + timeout
    retried = False
    while time.monotonic() < deadline:
        seat.sock.send(json.dumps({"type": "action", "action": action, "version": version}))
        try:
            seat.wait_version(version + 1)
            return
        except Refused as e:
            if retried and e.code in ("stale", "not_your_turn"):  # taken after all: its state is on its way
                seat.wait_version(version + 1)
                return
            if e.code not in ("retry", "flood"):
                raise
            retried = retried or e.code == "retry"
            time.sleep(0.3)
            try:  # it may have been taken after all: then its state comes
                while seat.state["version"] <= version:
                    seat.read(timeout=1.0)
                return
            except TimeoutError:
                pass
    raise AssertionError(f"the action {action!r} at version {version} was never acknowledged")


def play(seats: dict, rng: Rng, played: list, until: int | None = None) -> None:
    """Random legal moves until the match ends or ``until`` actions are logged, every socket reading each state."""
    while True:
        version = max(s.wait_version(0)["version"] for s in seats.values())
        for s in seats.values():
            s.wait_version(version)
        view = seats[0].state["view"]
        if view["over"] or until is not None and version >= until:
            return
        mover = view["to_act"][0]
        action = rng.choice(seats[mover].state["view"]["legal"])
        move(seats[mover], action, version)
        played.append((mover, action))


def say(seat: Seat, text: str) -> None:
    """Chat ``text`` from ``seat`` and wait for its echo; again after a pause if it was refused as too fast (play
    as quick as these tests' can use up a socket's 20 messages a second)."""
    while True:
        seat.sock.send(json.dumps({"type": "chat", "text": text}))
        try:
            while not any(m["type"] == "chat" and m["text"] == text for m in seat.messages):
                seat.read()
            return
        except Refused as e:
            if e.code != "flood":
                raise
            time.sleep(1.0)


def new_table(base: str) -> dict:
    return post(base + "/api/tables", {"game": "giacomotto", "options": {"target": 41}, "wait_for_players": True,
                                       "seats": [{"kind": "human"}, {"kind": "human"}]})


def check_record(base: str, table: dict, over: dict, played: list) -> None:
    record = get(base + over["record_url"])
    moves = [a for a in record["actions"] if a["seat"] is not None or not table_entry(a["action"])]
    assert [(a["seat"], a["action"]) for a in moves] == played
    assert [a["seat"] for a in moves] == [seat for seat, _ in played]
    # the table's own entry: its clocks started once, when both friends were there (on either server)
    assert [a["action"] for a in record["actions"] if a not in moves] == ["start"]


def test_players_on_two_servers_play_one_table_to_the_end(two_servers):
    a, b = two_servers
    t = new_table(a.url)  # created on a: a owns it
    tokens = {s["seat"]: s["token"] for s in t["seats"]}
    seats = {0: Seat(a.url, t["table"], tokens[0]), 1: Seat(b.url, t["table"], tokens[1])}
    watcher = Seat(b.url, t["table"])
    played: list = []
    play(seats, Rng(7), played)
    over = seats[1].wait_over()
    assert seats[0].wait_over() == over
    check_record(b.url, t, over, played)
    # Each player saw every version, each in its own view (seat 1's came through b, forwarded and mirrored).
    for seat, sock in seats.items():
        versions = [m["version"] for m in sock.messages if m["type"] == "state"]
        # (the table's "start" entry sends a state again at the version it came at)
        assert versions == sorted(versions) and len(versions) - len(set(versions)) <= 1
        assert sorted(set(versions)) == list(range(len(played) + 1)) and all(
            m["seat"] == seat for m in sock.messages if m["type"] == "state")
    assert watcher.wait_version(len(played))["view"]["over"]
    # Both players are shown connected, wherever each one is.
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        summary = get(f"{a.url}/api/tables/{t['table']}")
        if all(s["connected"] for s in summary["seats"]):
            break
        time.sleep(0.2)
    assert all(s["connected"] for s in summary["seats"]), summary
    # Chat said through either server reaches both players, and its log.
    say(seats[1], "well played")
    while not any(m["type"] == "chat" and m["text"] == "well played" and m["seat"] == 1 for m in seats[0].messages):
        seats[0].read()
    # A move refused by the owner comes back to the player on the other server, saying why.
    with pytest.raises(Refused) as refused:
        seats[1].sock.send(json.dumps({"type": "action", "action": "trail 7H", "version": len(played)}))
        while True:  # past the chat line's echo
            seats[1].read()
    assert refused.value.code in ("not_your_turn", "illegal")
    # ...with what the page needs to say it in its language, through the other server too
    from parlour.core.i18n import Message
    assert str(Message.from_wire(refused.value.error)) == refused.value.error["message"]
    # A rematch offered through one server reaches the player on the other, with her own link.
    offer = post(f"{a.url}/api/tables/{t['table']}/rematch", {"token": tokens[0]})
    heard = seats[1].read()
    while heard["type"] != "rematch":
        heard = seats[1].read()
    assert heard["table"] == offer["table"] and heard["by"] == 0
    rematch_seats = get(f"{b.url}/api/tables/{offer['table']}")["seats"]
    assert heard["url"].startswith(f"/t/{offer['table']}?token=") and len(rematch_seats) == 2


def test_the_owner_killed_mid_match_the_other_server_finishes_it(two_servers):
    a, b = two_servers
    t = new_table(a.url)
    tokens = {s["seat"]: s["token"] for s in t["seats"]}
    seats = {0: Seat(a.url, t["table"], tokens[0]), 1: Seat(b.url, t["table"], tokens[1])}
    played: list = []
    rng = Rng(11)
    play(seats, rng, played, until=15)
    a.kill()  # SIGKILL: no goodbye, its lease runs out
    seats[0].close()
    seats[0] = Seat(b.url, t["table"], tokens[0])  # its player reconnects to the other server
    assert seats[0].wait_version(0)["version"] == 15
    play(seats, rng, played)
    over = seats[0].wait_over()
    assert len(played) > 15
    check_record(b.url, t, over, played)


def test_play_goes_on_when_redis_dies_and_comes_back(two_servers, redis_server):
    a, b = two_servers
    t = new_table(b.url)  # b owns it this time
    tokens = {s["seat"]: s["token"] for s in t["seats"]}
    seats = {0: Seat(a.url, t["table"], tokens[0]), 1: Seat(b.url, t["table"], tokens[1])}
    played: list = []
    rng = Rng(5)
    play(seats, rng, played, until=10)
    redis_server.restart(down=1.0)  # every connection dropped, every lease and subscription lost
    play(seats, rng, played, until=20)
    redis_server.restart()
    play(seats, rng, played)
    over = seats[0].wait_over()
    check_record(a.url, t, over, played)



def test_a_move_logged_by_a_former_owner_reaches_the_new_owners_players(two_servers, redis_server):
    """For a moment two processes may each take themselves for a table's owner: here the owner is frozen until its
    lease runs out and the other takes the table over, and the move its player sent meanwhile is logged when it
    wakes, before it learns that it lost the table. The new owner must show that move to its own player."""
    import redis

    a, b = two_servers
    t = new_table(a.url)  # a owns it
    tokens = {s["seat"]: s["token"] for s in t["seats"]}
    seats = {0: Seat(a.url, t["table"], tokens[0]), 1: Seat(b.url, t["table"], tokens[1])}
    played: list = []
    rng = Rng(3)
    play(seats, rng, played, until=4)
    while seats[0].state["view"]["to_act"] != [0]:  # on to a move of a's player
        version = seats[0].state["version"]
        mover = seats[0].state["view"]["to_act"][0]
        action = rng.choice(seats[mover].wait_version(version)["view"]["legal"])
        move(seats[mover], action, version)
        played.append((mover, action))
        for s in seats.values():
            s.wait_version(version + 1)
    version = seats[0].state["version"]
    lease = redis.Redis.from_url(redis_server.url)
    key = f"parlour:lease:{t['table']}"
    owner = lease.get(key)
    os.kill(a.proc.pid, signal.SIGSTOP)
    try:
        deadline = time.monotonic() + 30
        while lease.get(key) in (owner, None):  # its lease runs out, and b takes the table over
            assert time.monotonic() < deadline, "b never took the lease of the frozen owner's table"
            time.sleep(0.1)
        time.sleep(1.0)  # b's take-over reads the log (if it had not finished, b would read the move there too)
        action = rng.choice(seats[0].state["view"]["legal"])
        seats[0].sock.send(json.dumps({"type": "action", "action": action, "version": version}))
    finally:
        os.kill(a.proc.pid, signal.SIGCONT)
    try:
        seats[0].wait_version(version + 1)  # a logged it at once, still taking itself for the owner
        played.append((0, action))
    except Refused as e:  # a learnt first that b owns the table: nothing was taken, send it again
        assert e.code == "retry", e.error
        move(seats[0], action, version)
        played.append((0, action))
    assert seats[1].wait_version(version + 1)["version"] == version + 1  # b's player sees it too
    play(seats, rng, played)
    check_record(b.url, t, seats[1].wait_over(), played)



def test_an_owner_that_hears_a_move_beyond_its_log_reads_the_log():
    """The in-process half of the test above, without its race: an owner that hears another process's entry beyond
    its own log (both took themselves for the owner a moment) reads the log and shows the move."""
    import asyncio

    from parlour.core.registry import load
    from parlour.server.storage import ActionRow, SeatRow, TableRow
    from parlour.server.table import Table, replay

    row = TableRow("t", "giacomotto", 2, {}, 5, "s", "c", None, 100.0)
    seats = [SeatRow(0, "human", None, "Ana", "a"), SeatRow(1, "human", None, "Bo", "b")]
    state = replay(load("giacomotto", 2), row.seed, [])
    logged = []
    for n in range(3):
        seat = state.to_act[0]
        action = str(state.legal(seat)[0])
        state.apply(seat, action)
        logged.append(ActionRow(n, seat, action, 101.0 + n))

    class Log:  # the database's log, where the other process wrote the third move
        async def actions(self, table_id: str, since: int = 0) -> list[ActionRow]:
            return logged[since:]

    async def hear() -> Table:
        table = Table(row, seats, logged[:2], store=Log(), bots=None, now=lambda: 200.0)
        assert not table.mirror and table.version == 2
        table.follow(logged[2])
        for _ in range(500):
            if table.version == 3:
                break
            await asyncio.sleep(0.01)
        return table

    table = asyncio.run(hear())
    assert table.version == 3 and table.log[-1] == logged[2]
    assert table.state.view(0) == state.view(0)


def test_a_tables_spectator_limit_counts_the_spectators_of_every_server(postgres_url, redis_server, tmp_path):
    servers = [ServerProcess(postgres_url, tmp_path / f"limited{i}.log", "--redis", redis_server.url,
                             "--max-spectators", "2") for i in (0, 1)]
    try:
        for s in servers:
            s.start()
        a, b = servers
        t = new_table(a.url)
        watchers = [Seat(a.url, t["table"]), Seat(b.url, t["table"])]  # one through each server: the limit
        while not any(m["type"] == "presence" and m["spectators"] == 2 for m in watchers[0].messages):
            watchers[0].read()  # until a has heard of b's spectator
        with pytest.raises(Refused) as refused:
            Seat(a.url, t["table"]).read()  # its first message: no state, the refusal
        assert refused.value.code == "full" and "maximum of 2 spectators" in str(refused.value)
        for w in watchers:
            w.close()
    finally:
        for s in servers:
            s.kill()


def test_without_redis_a_new_table_is_refused_with_a_word_and_made_once_it_is_back(two_servers, redis_server):
    a, _ = two_servers
    redis_server.stop()
    try:
        with pytest.raises(urllib.error.HTTPError) as refused:
            new_table(a.url)
        assert refused.value.code == 503 and refused.value.headers["Retry-After"] == "2"
        assert "Redis is out of reach" in json.load(refused.value)["detail"]
    finally:
        redis_server.start()
    for _ in range(50):  # the server's Redis client reconnects by itself
        try:
            assert new_table(a.url)["table"]
            break
        except urllib.error.HTTPError as e:
            assert e.code == 503
            time.sleep(0.2)
    else:
        raise AssertionError("no table could be made 10 s after Redis came back")


def test_bench_load_drives_tables_across_two_servers(two_servers, monkeypatch):
    """``python -m bench load --cluster``'s clients: every action counted once, at the player who did not make it."""
    import asyncio
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2]))
    from bench._cluster import measure

    run, elapsed = asyncio.run(measure([s.url for s in two_servers], tables=3, limit=12, seconds=60, seed=5))
    assert run.actions == 36 and len(run.latencies) == 36 and not run.errors
    assert all(latency > 0 for latency in run.latencies) and elapsed > 0


def test_a_lone_server_and_a_cluster_never_share_a_database(postgres_url, tmp_path):
    import asyncio

    from parlour.server.owner import DatabaseInUse, claim

    async def claims():
        members = [await claim(postgres_url, shared=True), await claim(postgres_url, shared=True)]
        with pytest.raises(DatabaseInUse, match="another parlour server"):
            await claim(postgres_url)  # a lone server beside a cluster
        for member in members:
            await member.release()
        lone = await claim(postgres_url)
        with pytest.raises(DatabaseInUse, match="not part of a cluster.*--redis too"):
            await claim(postgres_url, shared=True)
        await lone.release()
        with pytest.raises(ValueError, match="PostgreSQL database, not a SQLite file"):
            await claim(f"sqlite:///{tmp_path / 'games.db'}", shared=True)

    asyncio.run(claims())


def test_serve_refuses_redis_with_sqlite_and_a_redis_that_does_not_answer(tmp_path):
    from click.testing import CliRunner

    from parlour.cli.serve import serve

    done = CliRunner().invoke(serve, ["--db", str(tmp_path / "x.db"), "--redis", "redis://127.0.0.1:1/0"])
    assert done.exit_code == 2 and "not a SQLite file" in done.output
    done = CliRunner().invoke(serve, ["--port", "0", "--db", "postgresql://nobody@127.0.0.1:1/none",
                                      "--redis", "redis://127.0.0.1:1/0"])
    assert done.exit_code == 1 and "cannot reach Redis at redis://127.0.0.1:1/0" in done.output
    assert not (tmp_path / "x.db").exists()
