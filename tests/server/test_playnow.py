"""Play now (server/playnow.py) through the HTTP API of one process: people asking for the same game, player count
and variant are seated together, nearest ratings first; one whose wait runs out gets bots; a person leaves the
queue; bad requests are refused saying what is allowed; one address asks a bounded number of times a minute."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from parlour.server import create_app, playnow
from parlour.server.limits import Limits


def app(db_url: str, **limits) -> TestClient:
    return TestClient(create_app(db_url, bot_workers=1, limits=Limits(**limits)))


def ask(c: TestClient, name: str | None = None, wait: float = 60, **body):
    return c.post("/api/play", json={"game": "zole", "players": 3, "wait": wait, "name": name, **body})


def seated(c: TestClient, ticket: str, seconds: float = 20) -> dict:
    """The ticket's answer once it is seated (asking every 0.1 s, as a page does every second)."""
    deadline = time.monotonic() + seconds
    while True:
        got = c.get(f"/api/play/{ticket}").json()
        if got["state"] == "seated":
            return got
        assert time.monotonic() < deadline, got
        time.sleep(0.1)


def table_of(c: TestClient, answer: dict) -> dict:
    return c.get(f"/api/tables/{answer['table']}").json()


def test_three_people_asking_for_zole_are_seated_together_each_in_their_own_seat(db_url):
    with app(db_url) as c:
        first = ask(c, "Ana").json()
        assert first["state"] == "waiting" and first["waiting"] == 1 and 55 < first["left"] <= 60
        second = ask(c, "Bora").json()
        assert c.get(f"/api/play/{first['ticket']}").json()["waiting"] == 2
        third = ask(c, "Cene").json()
        answers = [seated(c, t["ticket"]) for t in (first, second, third)]
        assert len({a["table"] for a in answers}) == 1
        assert sorted(a["seat"] for a in answers) == [0, 1, 2]
        assert all(a["bots"] == 0 and a["invite_url"] == f"/t/{a['table']}?token={a['token']}" for a in answers)
        table = table_of(c, answers[0])
        assert sorted(s["name"] for s in table["seats"]) == ["Ana", "Bora", "Cene"]
        assert {s["kind"] for s in table["seats"]} == {"human"}
        # each link is that person's own seat: the socket it opens is told so
        for a in answers:
            with c.websocket_connect(f"/ws/{a['table']}?token={a['token']}") as ws:
                while (m := ws.receive_json())["type"] != "state":
                    pass
                assert m["seat"] == a["seat"]


def test_a_person_whose_wait_runs_out_is_seated_with_bots_of_a_matching_level(db_url):
    with app(db_url) as c:
        alone = ask(c, "Ana", wait=0.3, options={}).json()
        got = seated(c, alone["ticket"])
        assert got["bots"] == 2 and got["bot_level"] == "search"  # a new person's rating: the default level
        table = table_of(c, got)
        assert sorted(s["kind"] for s in table["seats"]) == ["bot", "bot", "human"]
        assert {s["level"] for s in table["seats"] if s["kind"] == "bot"} == {"search"}


def test_different_variants_and_player_counts_wait_apart(db_url):
    with app(db_url) as c:
        a = ask(c, "Ana").json()
        b = ask(c, "Bora", players=4).json()
        d = ask(c, "Dan", options={"hands": 6}).json()
        e = ask(c, "Eva", options={"hands": 12}).json()  # the default, said: the same variant as Ana's
        assert [c.get(f"/api/play/{t['ticket']}").json()["waiting"] for t in (a, b, d, e)] == [2, 1, 1, 2]


def test_nearest_ratings_are_seated_first(db_url, monkeypatch):
    ratings = {"Far": 10.0, "Ana": 25.0, "Bora": 26.0, "Cene": 27.0}

    async def rating(store, account, name, game, players):
        return ratings[name], 3.0

    monkeypatch.setattr(playnow, "rating", rating)
    with app(db_url) as c:
        far, ana, bora = (ask(c, n).json() for n in ("Far", "Ana", "Bora"))
        # three people, but their ratings lie 16 apart: they wait (the allowed spread is 5, and grows by 0.5 a
        # second of waiting: 20 s later they would be seated)
        assert [c.get(f"/api/play/{t['ticket']}").json()["state"] for t in (far, ana, bora)] == ["waiting"] * 3
        cene = ask(c, "Cene").json()
        answers = [seated(c, t["ticket"]) for t in (ana, bora, cene)]
        assert len({a["table"] for a in answers}) == 1
        assert sorted(s["name"] for s in table_of(c, answers[0])["seats"]) == ["Ana", "Bora", "Cene"]
        left = c.get(f"/api/play/{far['ticket']}").json()
        assert left["state"] == "waiting" and left["waiting"] == 1
        assert c.delete(f"/api/play/{far['ticket']}").status_code == 204


def test_a_strong_table_gets_the_strongest_bots_and_a_weak_one_weaker(db_url, monkeypatch):
    ratings = {"Strong": 34.0, "Weak": 12.0}

    async def rating(store, account, name, game, players):
        return ratings[name], 2.0

    monkeypatch.setattr(playnow, "rating", rating)
    with app(db_url) as c:
        strong = seated(c, ask(c, "Strong", wait=0, game="tysiac", players=3).json()["ticket"])
        weak = seated(c, ask(c, "Weak", wait=0, game="tysiac", players=3).json()["ticket"])
        assert (strong["bot_level"], weak["bot_level"]) == ("expert", "greedy")
        assert strong["table"] != weak["table"]


def test_a_person_leaves_the_queue(db_url):
    with app(db_url) as c:
        a = ask(c, "Ana").json()
        b = ask(c, "Bora").json()
        assert c.delete(f"/api/play/{a['ticket']}").status_code == 204
        assert c.get(f"/api/play/{b['ticket']}").json()["waiting"] == 1
        gone = c.get(f"/api/play/{a['ticket']}")
        assert gone.status_code == 404 and "not in the queue" in gone.json()["detail"]
        assert c.delete(f"/api/play/{a['ticket']}").status_code == 404
        # the two still asking are not seated with the one who left
        d = ask(c, "Dan").json()
        assert c.get(f"/api/play/{d['ticket']}").json()["state"] == "waiting"


def test_a_seated_ticket_cannot_leave_and_says_where_its_seat_is(db_url):
    with app(db_url) as c:
        got = seated(c, ask(c, "Ana", wait=0).json()["ticket"])
        refused = c.delete(f"/api/play/{got['ticket']}")
        assert refused.status_code == 409 and got["invite_url"] in refused.json()["detail"]


def test_a_person_whose_page_stops_asking_leaves_the_queue(db_url, monkeypatch):
    monkeypatch.setattr(playnow, "HEARTBEAT", 0.5)
    with app(db_url) as c:
        a = ask(c, "Ana").json()
        time.sleep(0.8)
        b = ask(c, "Bora").json()
        assert c.get(f"/api/play/{b['ticket']}").json()["waiting"] == 1
        assert c.get(f"/api/play/{a['ticket']}").status_code == 404


@pytest.mark.parametrize("body, said", [
    ({"game": "no-such-game"}, "no-such-game"),
    ({"game": "zole", "players": 9}, "players"),
    ({"game": "zole", "wait": 301}, "wait: seconds to wait for people before bots take the seats left, 0 to 300; "
                                    "got 301"),
    ({"game": "zole", "wait": -1}, "0 to 300; got -1"),
    ({"game": "zole", "wait": "30"}, "wait"),
    ({"game": "zole", "options": {"nope": 1}}, "nope"),
    ({"players": 3}, "game"),
])
def test_bad_requests_are_refused_saying_what_is_allowed(db_url, body, said):
    with app(db_url) as c:
        refused = c.post("/api/play", json=body)
        assert refused.status_code == 422, refused.text
        assert said in refused.json()["detail"]
        assert c.app.state.playnow.queue.tickets == {}


def test_one_address_asks_a_bounded_number_of_times_a_minute(db_url):
    with app(db_url, play_per_minute=3) as c:
        answers = [ask(c, "Ana") for _ in range(4)]
        assert [a.status_code for a in answers] == [201, 201, 201, 429]
        refused = answers[-1]
        assert "at most 3 play-now requests a minute from one address" in refused.json()["detail"]
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        assert ask(c, wait=1000).status_code == 422  # a bad request is refused for what it is, not counted
    with app(db_url, play_per_minute=0) as c:  # 0: no limit
        assert {ask(c, "Ana").status_code for _ in range(12)} == {201}


def test_a_signed_in_person_is_seated_under_her_account_name_and_rated_by_her_account(db_url, monkeypatch):
    from test_accounts import Authenticator, sign_up

    asked = []

    async def rating(store, account, name, game, players):
        asked.append((account, name, game, players))
        return playnow.DEFAULT_RATING

    monkeypatch.setattr(playnow, "rating", rating)
    with app(db_url, signups_per_minute=10) as c:
        sign_up(c, Authenticator(), "Mojca")
        got = seated(c, ask(c, "not my name", wait=0).json()["ticket"])
        me = c.get("/api/account").json()
        assert [s["name"] for s in table_of(c, got)["seats"] if s["kind"] == "human"] == ["Mojca"]
        assert len(asked) == 1 and isinstance(asked[0][0], int) and asked[0][1:] == ("Mojca", "zole", 3)
        assert me["name"] == "Mojca"


def test_bots_rated_in_the_family_are_chosen_by_the_nearest_rating(db_url, monkeypatch):
    # Two of Tysiąc's levels have ratings at 3 players: the person at 12 gets pimc, rated 11, not expert, rated 30
    # (by the scale alone, with no bot rated, she would get greedy: the test above).
    from parlour.server import ratings as rated

    async def rating(store, account, name, game, players):
        return 12.0, 2.0

    async def bot_rating(store, level, game, players):
        known = {("pimc", "tysiac", 3): rated.Rating(11.0, 2.0, 5), ("expert", "tysiac", 3): rated.Rating(30.0, 2.0, 5)}
        return known.get((level, game, players), rated.DEFAULT)

    monkeypatch.setattr(playnow, "rating", rating)
    monkeypatch.setattr(rated, "bot_rating", bot_rating)
    with app(db_url) as c:
        answer = seated(c, ask(c, "Weak", wait=0, game="tysiac", players=3).json()["ticket"])
    assert answer["bot_level"] == "pimc"
