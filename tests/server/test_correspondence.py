"""Correspondence tables: move clocks in days, vacation days, weekends, the timeout to a bot, restarts and down time.

No test sleeps: the server's clock (:mod:`parlour.server.clock`) is moved, and ``POST /api/clock`` (a test server's)
moves it and acts at once on what became due.
"""

from __future__ import annotations

import asyncio
import time
from datetime import datetime, timezone
from typing import Any, Iterator

import pytest
from fastapi.testclient import TestClient
from postgres import both_databases
from server_wire import receive_until

from parlour.server import clock, correspondence, create_app
from parlour.server.correspondence import DAY, add_days, counted
from parlour.server.storage import Store

#: Friday 4 December 2026, 12:00 UTC: the test's "now" at the start.
FRIDAY = datetime(2026, 12, 4, 12, tzinfo=timezone.utc).timestamp()
HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]


def at(t: float) -> str:
    return datetime.fromtimestamp(t, timezone.utc).strftime("%a %d %H:%M")


@pytest.fixture
def friday() -> Iterator[None]:
    """The server's clock at FRIDAY (and running on from there); the machine's again afterwards."""
    clock.set_offset(FRIDAY - time.time())
    try:
        yield
    finally:
        clock.set_offset(0.0)


def app(db_url: str) -> TestClient:
    return TestClient(create_app(db_url, bot_workers=1, fixed_seeds=True))


def move_to(c: TestClient, t: float) -> dict[str, Any]:
    """Move the server's clock to ``t`` and let it act on what became due."""
    r = c.post("/api/clock", json={"offset": t - time.time()})
    assert r.status_code == 200, r.text
    return r.json()


def table(c: TestClient, seats: list[dict[str, Any]] = HUMANS, game: str = "giacomotto", **corr: Any
          ) -> dict[str, Any]:
    r = c.post("/api/tables", json={"game": game, "players": len(seats), "seats": seats, "seed": 5,
                                    "correspondence": {"days": 1, "vacation_days": 2, **corr}})
    assert r.status_code == 201, r.text
    return r.json()


def summary(c: TestClient, t: dict[str, Any]) -> dict[str, Any]:
    return c.get(f"/api/tables/{t['table']}").json()


def turn(s: dict[str, Any]) -> dict[str, Any]:
    (only,) = s["turns"]
    return only


# --- the arithmetic ----------------------------------------------------------------------------------------------

def test_days_count_weekends_or_skip_them():
    assert at(add_days(FRIDAY, 2)) == "Sun 06 12:00"
    assert at(add_days(FRIDAY, 2, weekends=False)) == "Tue 08 12:00"
    assert at(add_days(FRIDAY + DAY, 1, weekends=False)) == "Tue 08 00:00"  # begun on Saturday: from Monday on
    assert at(add_days(FRIDAY, 3, weekends=False)) == "Wed 09 12:00"
    assert counted(FRIDAY, add_days(FRIDAY, 3, weekends=False), weekends=False) == 3 * DAY
    assert counted(FRIDAY, FRIDAY + 3 * DAY, weekends=False) == DAY  # Friday afternoon and Monday morning


def test_bad_settings_are_refused_saying_what_is_allowed(db_url, friday):
    with app(db_url) as c:
        def refused(game: str = "giacomotto", seats: list = HUMANS, players: int | None = None, **body: Any) -> str:
            r = c.post("/api/tables", json={"game": game, "players": players or len(seats), "seats": seats, **body})
            assert r.status_code == 422, r.text
            return r.json()["detail"]

        assert "1, 2, 3 or 7 days per move, got 5" in refused(correspondence={"days": 5})
        assert "0 to 60, got 99" in refused(correspondence={"days": 2, "vacation_days": 99})
        assert "not both" in refused(correspondence={"days": 2}, clock={"seconds_per_move": 30})
        assert "got '2'" in refused(correspondence={"days": "2"})  # JSON types are strict
        four = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 3
        assert "real-time race" in refused("spoons", four, correspondence={"days": 1})
        assert "real-time race" in refused("claw", four, correspondence={"days": 1})
        assert "snap is a race of reflexes" in refused("kaboo", four, correspondence={"days": 1})


def test_the_summary_carries_the_setting_and_each_move_clock(db_url, friday):
    with app(db_url) as c:
        t = table(c, weekends=False)
        assert t["correspondence"] == {"days": 1, "weekends": False, "vacation_days": 2}
        s = summary(c, t)
        assert s["correspondence"] == t["correspondence"]
        first = turn(s)
        assert first["vacation_left"] == 2 and abs(first["since"] - FRIDAY) < 60
        assert at(first["due"]) == at(add_days(first["since"], 1, weekends=False))[:3] + at(first["due"])[3:]
        assert first["due"] == pytest.approx(add_days(first["since"], 1, weekends=False))
        assert at(first["due"]).startswith("Mon")  # Friday noon plus a weekday
        # The lobby's list (GET /api/tables?tokens=) says it too, whether or not the table is in memory
        mine = c.get("/api/tables", params={"tokens": t["seats"][0]["token"]}).json()
        assert mine[0]["turns"][0]["due"] == first["due"]


def test_vacation_is_drawn_a_day_at_a_time_then_a_bot_plays_and_she_is_told(db_url, friday):
    with app(db_url) as c:
        t = table(c)
        first = turn(summary(c, t))
        seat, due = first["seat"], first["due"]
        move_to(c, due - 60)  # not yet
        assert turn(summary(c, t))["vacation_left"] == 2
        move_to(c, due + 60)  # a day of her reserve
        now = turn(summary(c, t))
        assert (now["vacation_left"], now["due"]) == (1, pytest.approx(due + DAY)) and now["since"] == first["since"]
        move_to(c, due + 2 * DAY + 60)  # the last vacation day gone too: the table's bot plays for her
        s = summary(c, t)
        assert s["timeouts"] == [{"seat": seat, "t": pytest.approx(due + 2 * DAY + 60, abs=5)}]
        assert next(x for x in s["seats"] if x["seat"] == seat)["bot"]
        assert all(x["seat"] != seat for x in s["turns"])
        # She opens her link: her seat is hers again (the bot may have made her move meanwhile); when it is her move
        # again, she has a fresh day and no vacation left
        with c.websocket_connect(f"/ws/{t['table']}?token={t['seats'][seat]['token']}") as ws:
            first = receive_until(ws, lambda m: m["type"] == "state")
            assert first["table"]["timeouts"][0]["seat"] == seat  # what her page shows her
            assert receive_until(ws, lambda m: m["type"] == "back")["seat"] == seat
            s = summary(c, t)
        assert not next(x for x in s["seats"] if x["seat"] == seat).get("bot")
        mine = [x for x in s["turns"] if x["seat"] == seat]
        assert all(x["vacation_left"] == 0 and x["due"] > due + 3 * DAY for x in mine)

def test_a_move_stops_the_clock_and_the_next_one_starts_afresh(db_url, friday):
    with app(db_url) as c:
        t = table(c)
        first = turn(summary(c, t))
        seat = first["seat"]
        move_to(c, FRIDAY + 0.5 * DAY)
        with c.websocket_connect(f"/ws/{t['table']}?token={t['seats'][seat]['token']}") as ws:
            state = receive_until(ws, lambda m: m["type"] == "state")
            ws.send_json({"type": "action", "action": state["view"]["legal"][0], "version": state["version"]})
            after = receive_until(ws, lambda m: m["type"] == "state" and m["version"] == state["version"] + 1)
        other = turn(after["table"])  # the next move (hers again, or the other player's) has a fresh day
        assert other["since"] == pytest.approx(FRIDAY + 0.5 * DAY, abs=60)
        assert other["due"] == pytest.approx(other["since"] + DAY)


@both_databases
def test_a_restart_keeps_the_due_times_and_down_time_is_given_back(db_url, friday):
    with app(db_url) as c:
        t = table(c)
        before = turn(summary(c, t))
    with app(db_url) as c:  # a restart at once: nothing changes
        assert turn(summary(c, t)) == {**before, "left": pytest.approx(before["left"], abs=30)}
    clock.forward(3 * DAY)  # the server is down three days: more than her day and her two vacation days
    with app(db_url) as c:
        after = turn(summary(c, t))
        assert after["due"] == pytest.approx(before["due"] + 3 * DAY, abs=30)
        assert after["since"] == before["since"] and after["vacation_left"] == 2
        move_to(c, clock.now())  # nothing is due: no bot plays for her
        assert summary(c, t)["timeouts"] == []


def test_only_the_oldest_run_after_down_time_gives_it_back(db_url):
    async def go() -> list[float]:
        store = await Store.open(db_url)
        try:
            old = await store.start_run(1000.0)
            await store.seen(old, 2000.0)
            first = await store.start_run(5000.0)
            second = await store.start_run(5001.0)  # another process, started together
            return [await correspondence.add_down_time(store, second, 5001.0),
                    await correspondence.add_down_time(store, first, 5000.0)]
        finally:
            await store.close()

    assert asyncio.run(go()) == [0.0, 3000.0]


def test_a_mirror_never_acts_on_a_timeout(db_url, friday):
    with app(db_url) as c:
        t = table(c)
        lobby = c.app.state.lobby
        live = lobby.tables[t["table"]]
        live.mirror = True  # as if another process held the table's lease
        try:
            move_to(c, turn(summary(c, t))["due"] + 5 * DAY)
            assert summary(c, t)["timeouts"] == [] and turn(summary(c, t))["vacation_left"] == 2
        finally:
            live.mirror = False
        move_to(c, clock.now())
        assert len(summary(c, t)["timeouts"]) == 1


def test_testoasa_measures_its_peek_window_in_hours(db_url, friday):
    with app(db_url) as c:
        seats = [{"kind": "human"}, {"kind": "human"}]
        t = table(c, seats, game="testoasa")
        s = summary(c, t)
        assert s["window_due"] == pytest.approx(FRIDAY + 5 * 3600, abs=60)  # peek_seconds 5: five hours
        move_to(c, s["window_due"] + 1)
        assert summary(c, t)["actions"] == 1 and summary(c, t)["window_due"] is None  # the window closed


# --- which games, and what their rules say ------------------------------------------------------------------------

def test_every_game_is_refused_or_has_its_windows_in_hours_or_has_none():
    """Random play of each game not refused and not measured in hours never opens a timed window."""
    import parlour
    from parlour.core.rng import Rng
    from parlour.core.registry import game_class

    for game_id in parlour.games():
        if game_id in correspondence.REFUSED:
            assert game_class(game_id).realtime or game_id == "kaboo"
            continue
        game = parlour.load(game_id)
        windows = 0
        for seed in range(2):
            state, rng = game.new(seed=seed), Rng(seed)
            for _ in range(300):
                if state.over:
                    break
                windows += state.deadline is not None
                if state.deadline is not None and game_id in correspondence.HOURS:
                    state.timeout()
                    continue
                seat = state.to_act[0]
                legal = state.legal(seat)
                state.apply(seat, legal[rng.below(len(legal))])
        assert (windows > 0) == (game_id in correspondence.HOURS), game_id


def test_each_games_rules_say_whether_it_is_played_by_correspondence():
    from importlib import resources
    import parlour
    from parlour.core.registry import game_class

    for game_id in parlour.games():
        folder = resources.files(game_class(game_id).__module__.rsplit(".", 1)[0])
        text = folder.joinpath("RULES.md").read_text(encoding="utf-8")
        para = text.split("**Correspondence.**", 1)[1].split("\n\n", 1)[0]
        assert para.strip().startswith("Not offered") == (game_id in correspondence.REFUSED), game_id
        if game_id in correspondence.HOURS:
            assert "hours instead of seconds" in para


def test_she_is_told_until_her_own_next_move(db_url, friday):
    with app(db_url) as c:
        t = table(c, [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "random"}], vacation_days=0)
        for _ in range(600):  # the bot may move first
            if summary(c, t)["turns"]:
                break
            time.sleep(0.05)
        move_to(c, turn(summary(c, t))["due"] + 60)
        assert [x["seat"] for x in summary(c, t)["timeouts"]] == [0]
        with c.websocket_connect(f"/ws/{t['table']}?token={t['seats'][0]['token']}") as ws:
            state = receive_until(ws, lambda m: m["type"] == "state" and 0 in m["view"]["to_act"]
                                  and not m["table"]["seats"][0].get("bot"))
            assert [x["seat"] for x in state["table"]["timeouts"]] == [0]  # the bot's moves for her do not end it
            ws.send_json({"type": "action", "action": state["view"]["legal"][0], "version": state["version"]})
            after = receive_until(ws, lambda m: m["type"] == "state" and m["version"] == state["version"] + 1)
        assert after["table"]["timeouts"] == []


def test_a_window_in_hours_waits_for_the_players_like_every_clock(db_url, friday):
    with app(db_url) as c:
        r = c.post("/api/tables", json={"game": "testoasa", "players": 2, "seed": 5, "wait_for_players": True,
                                        "seats": [{"kind": "human"}, {"kind": "human"}],
                                        "correspondence": {"days": 1}})
        t = r.json()
        move_to(c, FRIDAY + 6 * 3600)
        assert summary(c, t)["actions"] == 0 and summary(c, t)["turns"] == []  # nobody came: nothing runs
        with c.websocket_connect(f"/ws/{t['table']}?token={t['seats'][0]['token']}") as ws:
            receive_until(ws, lambda m: m["type"] == "state")
            ws.send_json({"type": "start"})
            started = receive_until(ws, lambda m: m["type"] == "state" and m["table"]["started"])
        assert started["table"]["window_due"] == pytest.approx(FRIDAY + 11 * 3600, abs=60)
        assert len(started["table"]["turns"]) == 2  # both look at their cards, each with a day
