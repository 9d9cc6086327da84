"""Ratings, profiles, history and friends (issue 29.2, 29.3 and the friends of 29.5), through the API.

A rated match is played to its end here (Giacomotto to one point: one deal, a person against the greedy bot); the
expected ratings are computed with openskill from the match's own ranks, never written down.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce
from postgres import both_databases
from server_wire import is_type, receive_until
from sqlalchemy import select
from test_accounts import Authenticator, sign_up

from parlour.server import create_app, ratings
from parlour.server.limits import Limits
from parlour.server.ratings_store import match_ends
from parlour.server.ratings_store import ratings as ratings_table

MODEL = PlackettLuce()
ONE_DEAL = {"target": 1}


@pytest.fixture
def client(db_url: str):
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits(signups_per_minute=100))) as c:
        yield c


class People:
    """Several accounts in one TestClient: each one's session cookie, put in the jar in turn."""

    def __init__(self, client: TestClient) -> None:
        self.client, self.cookies = client, {}

    def sign_up(self, name: str, **extra: Any) -> TestClient:
        self.client.cookies.clear()
        sign_up(self.client, Authenticator(), name, **extra)
        self.cookies[name] = self.client.cookies.get("parlour_session")
        return self.client

    def as_(self, name: str | None) -> TestClient:
        self.client.cookies.clear()
        if name is not None:
            self.client.cookies.set("parlour_session", self.cookies[name])
        return self.client


def rows(client: TestClient, table) -> list[dict[str, Any]]:
    async def read() -> list[dict[str, Any]]:
        async with client.app.state.lobby.store.engine.connect() as conn:
            return [dict(m) for m in (await conn.execute(select(table))).mappings()]
    return client.portal.call(read)


def recorded(client: TestClient, table_id: str, seconds: float = 10.0) -> None:
    """Wait until the match's end is recorded (a task of the table's, just after its last move)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if any(r["table_id"] == table_id for r in rows(client, match_ends)):
            return
        time.sleep(0.05)
    raise AssertionError(f"the end of {table_id} was not recorded")


def rating_rows(client: TestClient) -> dict[str, tuple[float, float, int]]:
    return {r["key"]: (r["mu"], r["sigma"], r["matches"]) for r in rows(client, ratings_table)}


def table(client: TestClient, seats: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": "giacomotto", "players": len(seats), "options": ONE_DEAL,
                                         "seats": seats, **body})
    assert r.status_code == 201, r.text
    return r.json()


def play_to_the_end(client: TestClient, t: dict[str, Any], seat: int) -> dict[str, Any]:
    """Play seat ``seat``'s first legal move whenever it is to act, until the match is over; the final state."""
    with client.websocket_connect(f"/ws/{t['table']}?token={t['seats'][seat]['token']}") as ws:
        while True:
            m = receive_until(ws, lambda m: m["type"] in ("state", "over", "error"), limit=5000)
            if m["type"] == "over":
                return m
            if m["type"] == "error":  # too fast (flood) or stale: ask for the state again and play on from it
                assert m["code"] in ("flood", "stale"), m
                time.sleep(0.2)
                ws.send_json({"type": "sync"})
                continue
            view = m["view"]
            if seat in view["to_act"] and view["legal"] and m["table"]["status"] != "over":
                ws.send_json({"type": "action", "action": view["legal"][0], "version": m["version"]})


def claim(client: TestClient, token: str) -> None:
    r = client.post("/api/account/seats", json={"token": token})
    assert r.status_code == 201, r.text


def account_id(client: TestClient, name: str) -> int:
    from parlour.server.accounts_store import accounts
    return next(r["id"] for r in rows(client, accounts) if r["name"] == name)


def expected(ranks: list[int], before: list[tuple[float, float]] | None = None) -> list[tuple[float, float]]:
    """openskill's (μ, σ) for one player per side after a match with these ranks."""
    before = before or [(MODEL.mu, MODEL.sigma)] * len(ranks)
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    return [(team[0].mu, team[0].sigma) for team in MODEL.rate(teams, ranks=ranks)]


@both_databases
def test_a_rated_match_changes_the_ratings_once_with_openskills_numbers(client):
    people = People(client)
    people.sign_up("Ana")
    t = table(client, [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "greedy"}], rated=True)
    assert t["rated"] is True and client.get(f"/api/tables/{t['table']}").json()["rated"] is True
    claim(client, t["seats"][0]["token"])
    play_to_the_end(client, t, 0)
    recorded(client, t["table"])
    state = client.app.state.lobby.tables[t["table"]].state
    ana_won = 0 in state.winners
    ranks = [1, 2] if ana_won else [2, 1]
    if not state.winners:  # a drawn deal
        ranks = [1, 1]
    (ana_mu, ana_sigma), (bot_mu, bot_sigma) = expected(ranks)
    got = rating_rows(client)
    ana = ratings.account_key(account_id(client, "Ana"))
    assert set(got) == {ana, "bot:greedy"}
    assert got[ana] == pytest.approx((ana_mu, ana_sigma, 1)) and got["bot:greedy"] == pytest.approx(
        (bot_mu, bot_sigma, 1))
    # the reading function the queue uses
    read = client.portal.call(ratings.rating, client.app.state.lobby.store, account_id(client, "Ana"), "giacomotto",
                              2)
    assert (read.mu, read.sigma, read.matches) == pytest.approx((ana_mu, ana_sigma, 1))
    assert read.ordinal == pytest.approx(ana_mu - 3 * ana_sigma)
    assert client.portal.call(ratings.rating, client.app.state.lobby.store, None, "giacomotto", 2) == ratings.DEFAULT
    assert client.portal.call(ratings.rating, client.app.state.lobby.store, account_id(client, "Ana"), "giacomotto",
                              4) == ratings.DEFAULT
    # a second attempt to record the same end (another process, a retry) changes nothing
    live = client.app.state.lobby.tables[t["table"]]
    again = client.portal.call(ratings.record_end, live.store, live.row, live.seats, live.state, [], False, 1.0)
    assert again is False and rating_rows(client) == got
    # the profile shows it, with the uncertainty
    profile = people.as_(None).get("/api/profiles/ana").json()
    (game,) = profile["games"]
    assert game["family"] == "giacomotto 2" and game["matches"] == 1
    assert game["won" if ranks == [1, 2] else "lost" if ranks == [2, 1] else "drawn"] == 1
    assert game["rating"]["mu"] == pytest.approx(ana_mu, abs=1e-3)
    assert game["rating"]["sigma"] == pytest.approx(ana_sigma, abs=1e-3)
    assert profile["last"][0]["rated"] is True and "table" not in profile["last"][0]  # a private table
    # a second rated match starts from the ratings the first left
    t2 = table(people.as_("Ana"), [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "greedy"}], rated=True)
    claim(client, t2["seats"][0]["token"])
    play_to_the_end(client, t2, 0)
    recorded(client, t2["table"])
    state = client.app.state.lobby.tables[t2["table"]].state
    ranks = [1, 1] if not state.winners else [1, 2] if 0 in state.winners else [2, 1]
    (mu2, sigma2), (bmu2, bsigma2) = expected(ranks, [(ana_mu, ana_sigma), (bot_mu, bot_sigma)])
    got = rating_rows(client)
    assert got[ana] == pytest.approx((mu2, sigma2, 2)) and got["bot:greedy"] == pytest.approx((bmu2, bsigma2, 2))


def test_an_unrated_table_changes_no_rating_but_adds_to_the_history(client):
    people = People(client)
    people.sign_up("Ana")
    t = table(client, [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "greedy"}])
    assert t["rated"] is False
    claim(client, t["seats"][0]["token"])
    play_to_the_end(client, t, 0)
    recorded(client, t["table"])
    assert rating_rows(client) == {}
    profile = client.get("/api/profiles/Ana").json()
    assert profile["games"][0]["matches"] == 1 and profile["games"][0]["rating"] is None
    assert profile["last"][0]["rated"] is False
    # and a table with neither an account nor a rating records nothing at all
    t = table(client, [{"kind": "human", "name": "Zed"}, {"kind": "bot", "level": "greedy"}])
    play_to_the_end(client, t, 0)
    time.sleep(0.3)
    assert t["table"] not in {r["table_id"] for r in rows(client, match_ends)}


def test_rated_is_a_json_true_or_false(client):
    r = client.post("/api/tables", json={"game": "giacomotto", "seats": [{"kind": "human"}, {"kind": "bot",
                                         "level": "greedy"}], "rated": "yes"})
    assert r.status_code == 422 and "rated" in r.json()["detail"]


@both_databases
def test_a_person_who_abandons_a_rated_match_loses_it(client):
    people = People(client)
    people.sign_up("Ana")
    t = table(client, [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}], rated=True,
              absent_seconds=0.2)
    claim(client, t["seats"][0]["token"])
    people.sign_up("Bo")
    claim(client, t["seats"][1]["token"])
    with client.websocket_connect(f"/ws/{t['table']}?token={t['seats'][0]['token']}") as ana:
        receive_until(ana, is_type("state"))
    time.sleep(0.3)  # Ana left; Bo hands her seat to the table's bot and plays on to the end
    with client.websocket_connect(f"/ws/{t['table']}?token={t['seats'][1]['token']}") as bo:
        bo.send_json({"type": "hand", "seat": 0})
        receive_until(bo, lambda m: m["type"] == "state" and m["table"]["seats"][0].get("bot"))
    play_to_the_end(client, t, 1)
    recorded(client, t["table"])
    (ana_mu, ana_sigma), (bo_mu, bo_sigma) = expected([2, 1])  # whatever the bot made of her seat
    got = rating_rows(client)
    ana, bo = (ratings.account_key(account_id(client, n)) for n in ("Ana", "Bo"))
    assert got[ana] == pytest.approx((ana_mu, ana_sigma, 1)) and got[bo] == pytest.approx((bo_mu, bo_sigma, 1))
    assert not any(k.startswith("bot:") for k in got)  # the stand-in is not rated: the person is
    (game,) = client.get("/api/profiles/Ana").json()["games"]
    assert game["lost"] == 1 and game["abandoned"] == 1
    (game,) = client.get("/api/profiles/Bo").json()["games"]
    assert game["won"] == 1 and game["abandoned"] == 0


def test_an_anonymous_seat_plays_as_a_guest_that_is_not_stored(client):
    people = People(client)
    people.sign_up("Ana")
    t = table(client, [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Guest"}], rated=True,
              absent_seconds=0.2)
    claim(client, t["seats"][0]["token"])
    with client.websocket_connect(f"/ws/{t['table']}?token={t['seats'][1]['token']}") as guest:
        receive_until(guest, is_type("state"))
    time.sleep(0.3)
    with client.websocket_connect(f"/ws/{t['table']}?token={t['seats'][0]['token']}") as ana:
        ana.send_json({"type": "hand", "seat": 1})
        receive_until(ana, lambda m: m["type"] == "state" and m["table"]["seats"][1].get("bot"))
    play_to_the_end(client, t, 0)
    recorded(client, t["table"])
    got = rating_rows(client)
    (mu, sigma), _ = expected([1, 2])  # the guest abandoned: Ana wins against a default-rated guest
    assert list(got) == [ratings.account_key(account_id(client, "Ana"))]
    assert got[ratings.account_key(account_id(client, "Ana"))] == pytest.approx((mu, sigma, 1))


def friends(client: TestClient) -> dict[str, Any]:
    r = client.get("/api/account/friends")
    assert r.status_code == 200, r.text
    return r.json()


@both_databases
def test_friends_ask_accept_invite_to_a_seat_and_part(client):
    people = People(client)
    for name in ("Ana", "Bo", "Cy"):
        people.sign_up(name, email=f"{name.lower()}@example.org")
    ana = people.as_("Ana")
    assert ana.post("/api/account/friends", json={"name": "bo"}).json() == {"name": "Bo", "status": "asked"}
    assert friends(ana)["asked"] == ["Bo"]
    r = ana.post("/api/account/friends", json={"name": "Bo"})
    assert r.status_code == 409 and "asked Bo already" in r.json()["detail"]
    bo = people.as_("Bo")
    assert friends(bo)["asking"] == ["Ana"]
    r = bo.post("/api/account/friends/Ana/accept")
    assert r.status_code == 200 and r.json()["status"] == "friends"
    assert friends(bo)["friends"] == ["Ana"] and friends(people.as_("Ana"))["friends"] == ["Bo"]
    # Ana invites Bo to a seat of her new table; only Bo is given its link
    ana = people.as_("Ana")
    t = table(ana, [{"kind": "human", "name": "Ana"}, {"kind": "human"}])
    token = t["seats"][1]["token"]
    r = ana.post("/api/account/invitations", json={"name": "Bo", "token": token})
    assert r.status_code == 201, r.text
    assert token not in json.dumps(friends(ana)) and token not in json.dumps(friends(people.as_("Cy")))
    (inv,) = friends(people.as_("Bo"))["invitations"]
    assert inv["from"] == "Ana" and inv["table"] == t["table"] and inv["seat"] == 1
    assert inv["invite_url"] == f"/t/{t['table']}?token={token}"
    # refusals, each a 4xx with a sentence
    ana = people.as_("Ana")
    for body, status, words in [({"name": "Bo", "token": token}, 409, "invited to this seat already"),
                                ({"name": "Cy", "token": token}, 403, "only your friends"),
                                ({"name": "Bo", "token": "nope"}, 422, "no seat has this token"),
                                ({"name": "Nobody", "token": token}, 404, "no account is named"),
                                ({"name": "Ana", "token": token}, 422, "your own account")]:
        r = ana.post("/api/account/invitations", json=body)
        assert r.status_code == status and words in r.json()["detail"], (body, r.text)
    for path, status in [("/api/account/friends/Cy/accept", 404), ("/api/account/friends/Cy/decline", 404)]:
        r = ana.post(path)
        assert r.status_code == status and r.json()["detail"]
    assert ana.post("/api/account/friends", json={"name": "Ana"}).status_code == 422
    assert ana.post("/api/account/friends", json={"name": "Nobody"}).status_code == 404
    r = people.as_(None).get("/api/account/friends")
    assert r.status_code == 401 and "not signed in" in r.json()["detail"]
    # Cy asks Ana, who declines; Bo dismisses the invitation; Ana and Bo part
    assert people.as_("Cy").post("/api/account/friends", json={"name": "Ana"}).status_code == 201
    assert people.as_("Ana").post("/api/account/friends/Cy/decline").status_code == 204
    assert friends(people.as_("Cy"))["asked"] == []
    bo = people.as_("Bo")
    assert bo.delete(f"/api/account/invitations/{inv['id']}").status_code == 204
    assert bo.delete(f"/api/account/invitations/{inv['id']}").status_code == 404
    assert bo.delete("/api/account/friends/Ana").status_code == 204
    assert friends(bo)["friends"] == [] and friends(people.as_("Ana"))["friends"] == []
    assert people.as_("Ana").delete("/api/account/friends/Bo").status_code == 404
    # asking someone who asked you makes you friends at once
    people.as_("Ana").post("/api/account/friends", json={"name": "Bo"})
    r = people.as_("Bo").post("/api/account/friends", json={"name": "Ana"})
    assert r.status_code == 200 and r.json()["status"] == "friends"
    # deleting an account takes its friendships with it
    assert people.as_("Bo").delete("/api/account").status_code == 204
    assert friends(people.as_("Ana"))["friends"] == []


def test_friend_requests_are_limited_per_address(db_url):
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits(signups_per_minute=100,
                                                                     friend_requests_per_minute=2))) as client:
        people = People(client)
        for name in ("Ana", "Bo", "Cy", "Di"):
            people.sign_up(name)
        ana = people.as_("Ana")
        assert ana.post("/api/account/friends", json={"name": "Bo"}).status_code == 201
        assert ana.post("/api/account/friends", json={"name": "Cy"}).status_code == 201
        r = ana.post("/api/account/friends", json={"name": "Di"})
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
        assert "at most 2 friend requests a minute" in r.json()["detail"]


@both_databases
def test_a_profile_holds_nothing_private(client):
    people = People(client)
    people.sign_up("Ana", email="ana@example.org")
    private = table(client, [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}])
    listed = table(client, [{"kind": "human", "name": "Ana"}, {"kind": "human"}], listed=True)
    for t in (private, listed):
        claim(client, t["seats"][0]["token"])
    for viewer in (None, "Ana"):
        r = people.as_(viewer).get("/api/profiles/Ana")
        assert r.status_code == 200
        text = r.text
        assert "ana@example.org" not in text and private["table"] not in text
        assert not any(s.get("token", "§") in text for t in (private, listed) for s in t["seats"])
        assert r.json()["tables"] == [{"table": listed["table"], "game": "giacomotto", "players": 2, "seat": 0,
                                       "spectator_url": f"/t/{listed['table']}"}]
    r = client.get("/api/profiles/Nobody")
    assert r.status_code == 404 and "no account is named" in r.json()["detail"]
    assert client.get("/u/Ana").status_code == 200


def finished_state(seed: int = 5):
    """A finished one-deal Giacomotto match of two players, each playing its first legal move."""
    from parlour.core.registry import load
    state = load("giacomotto", 2, **ONE_DEAL).new(seed)
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, str(state.legal(seat)[0]))
    return state


@both_databases
def test_two_processes_recording_one_end_at_once_rate_it_once_and_the_ratings_survive_a_restart(db_url):
    """Two stores on one database stand for two server processes: both try to record the same match's end at the
    same moment; one does, the other changes nothing. The rating is there after the server starts again."""
    import asyncio

    from parlour.server.accounts_store import Accounts
    from parlour.server.people import People as Links
    from parlour.server.storage import SeatRow, Store, TableRow

    state = finished_state()
    row = TableRow("rt1", "giacomotto", 2, ONE_DEAL, 5, "salt", "c0ffee", None, 0.0, settings={"rated": True})
    seats = [SeatRow(0, "human", None, "Ana", "tok-ana"), SeatRow(1, "bot", "greedy", None, None)]

    async def race() -> tuple[list[bool], int]:
        one, two = await Store.open(db_url), await Store.open(db_url)
        try:
            await one.add_table(row, seats)
            account = await Accounts(one).create("Ana", "ana", "h", None, b"handle", b"cid", b"key", 0, 0.0)
            await Links(one).add(account.people, "tok-ana", "rt1", 0.0)
            done = await asyncio.gather(*(ratings.record_end(s, row, seats, state, [], False, 1.0)
                                          for s in (one, two)))
            return list(done), account.id
        finally:
            await one.close()
            await two.close()
    done, ana = asyncio.run(race())
    assert sorted(done) == [False, True]
    ranks = [1, 1] if not state.winners else [1, 2] if 0 in state.winners else [2, 1]
    (mu, sigma), (bot_mu, bot_sigma) = expected(ranks)
    with TestClient(create_app(db_url, bot_workers=1)) as client:  # the server starts again on that database
        got = rating_rows(client)
        assert got == {ratings.account_key(ana): pytest.approx((mu, sigma, 1)),
                       "bot:greedy": pytest.approx((bot_mu, bot_sigma, 1))}
        (game,) = client.get("/api/profiles/Ana").json()["games"]
        assert game["matches"] == 1 and game["rating"]["mu"] == pytest.approx(mu, abs=1e-3)


@both_databases
def test_a_rated_end_that_no_process_recorded_is_recorded_at_the_next_start(db_url):
    """A process killed between logging the last move and recording the end: the next start records it, once."""
    import asyncio

    from parlour.core.registry import load
    from parlour.server.accounts_store import Accounts
    from parlour.server.people import People as Links
    from parlour.server.storage import SeatRow, Store, TableRow

    state = load("giacomotto", 2, **ONE_DEAL).new(9)
    moves = []
    while not state.over:
        seat = state.to_act[0]
        moves.append((seat, str(state.apply(seat, str(state.legal(seat)[0])))))
    # Ana left at once: a bot played her seat to the end (the table's own entry), so she abandoned it (and lost,
    # though her seat won: each seat here plays its first legal move, and seat 0 wins this deal)
    rows_ = [TableRow("miss1", "giacomotto", 2, ONE_DEAL, 9, "salt", "c0ffee", None, 0.0, settings={"rated": True}),
             TableRow("plain", "giacomotto", 2, ONE_DEAL, 9, "salt", "c0ffee", None, 0.0)]
    seats = [SeatRow(0, "human", None, "Ana", "tok-a"), SeatRow(1, "human", None, "Bo", "tok-b")]

    async def crashed() -> int:
        store = await Store.open(db_url)
        try:
            account = await Accounts(store).create("Ana", "ana", "h", None, b"handle", b"cid", b"key", 0, 0.0)
            for row in rows_:
                seat_rows = [SeatRow(s.seat, s.kind, s.level, s.name, f"{s.token}-{row.id}") for s in seats]
                await store.add_table(row, seat_rows)
                await store.add_action(row.id, 0, None, "bot 0 greedy", 0.5)
                for i, (seat, action) in enumerate(moves, start=1):
                    await store.add_action(row.id, i, seat, action, float(i), finished=i == len(moves))
                await Links(store).add(account.people, f"tok-a-{row.id}", row.id, 0.0)
            return account.id
        finally:
            await store.close()
    ana = asyncio.run(crashed())
    for _ in range(2):  # two starts: the second finds it recorded
        with TestClient(create_app(db_url, bot_workers=1)) as client:
            recorded(client, "miss1")
            time.sleep(0.3)
            got = rating_rows(client)
            assert state.winners == (0,)
            (mu, sigma), _ = expected([2, 1])  # Ana's seat was a bot's at the end: she lost to the guest Bo
            assert got == {ratings.account_key(ana): pytest.approx((mu, sigma, 1))}
            assert "plain" not in {r["table_id"] for r in rows(client, match_ends)}  # unrated: not swept
