"""Timed windows closed by the server clock, move clocks, and bots that overrun or fail.

The timed window is tested with a tiny game registered only here: after each ``go`` a window opens that only the
clock can close.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fastapi.testclient import TestClient
from postgres import both_databases
from server_wire import allow_clocks_from, is_type, new_table, receive_until

from parlour.core import registry
from parlour.core.errors import IllegalAction
from parlour.core.game import Action, Game, State
from parlour.server import bots as server_bots
from parlour.server import create_app
from parlour.server.storage import ActionRow, SeatRow, TableRow
from parlour.server.table import Table

WINDOW = 0.3


class Go(Action):
    def __str__(self) -> str:
        return "go"


class TickState(State):
    """Seats say ``go`` in turn; each ``go`` opens a window of WINDOW seconds; three windows end the match."""

    @classmethod
    def start(cls, game, seed, deck):
        s = cls()
        s.game, s.seed, s.events, s.turn, s.window, s.closed = game, seed, [], 0, False, 0
        return s

    @property
    def to_act(self):
        return () if self.window or self.over else (self.turn,)

    def legal(self, seat):
        return [Go(0)] if seat in self.to_act else []

    def _apply(self, seat, action):
        self.window = True
        self.events.append({"type": "go", "seat": seat})

    @property
    def deadline(self):
        return WINDOW if self.window else None

    def timeout(self):
        if not self.window:
            raise IllegalAction("no timed window is open")
        self.window, self.closed, self.turn = False, self.closed + 1, 1 - self.turn
        self.events.append({"type": "closed"})

    def view(self, seat):
        return {"seat": seat, "to_act": list(self.to_act), "closed": self.closed, "legal": [str(a) for a in self.legal(seat)] if seat is not None else []}

    @property
    def over(self):
        return self.closed >= 3

    @property
    def scores(self):
        return (self.closed, 0)

    @property
    def winners(self):
        return (0,) if self.over else ()

    def audit(self):
        assert self.scores[0] == sum(e["type"] == "closed" for e in self.events)

    def clone(self):
        c = TickState()
        c.__dict__.update(self.__dict__)
        c.events = list(self.events)
        return c


class Tick(Game):
    id, title, player_counts, default_players, action_bound = "tick", "Tick", (2,), 2, 20
    state_class = TickState

    def parse(self, text: str) -> Action:
        if text.strip() != "go":
            raise IllegalAction(f"{text!r}: the only action is 'go'")
        return Go(0)

    def determinize(self, view: Any, rng: Any) -> State:
        raise IllegalAction("tick has nothing hidden")


@pytest.fixture
def tick(monkeypatch):
    monkeypatch.setitem(registry._registry(), "tick", Tick)


def test_the_server_clock_closes_timed_windows(client, tick):
    t = new_table(client, [{"kind": "human"}, {"kind": "human"}], game="tick")
    with client.websocket_connect(f"/ws/{t['table']}?token={t['seats'][0]['token']}") as sock:
        assert receive_until(sock, is_type("state"))["deadline"] is None
        sock.send_json({"type": "action", "action": "go", "version": 0})
        opened = receive_until(sock, lambda m: m["type"] == "state" and m["version"] == 1)
        assert 0 < opened["deadline"] <= WINDOW and opened["view"]["to_act"] == []
        closed = receive_until(sock, lambda m: m["type"] == "state" and m["version"] == 2)
        assert closed["deadline"] is None and closed["view"]["closed"] == 1 and closed["view"]["to_act"] == [1]
        sock.send_json({"type": "action", "action": "go", "version": 1})
        assert receive_until(sock, is_type("error"))["code"] == "stale"


@both_databases
def test_an_open_window_survives_a_restart_and_closes(tick, db_url):
    with TestClient(create_app(db_url, bot_workers=1)) as c:
        t = new_table(c, [{"kind": "human"}, {"kind": "human"}], game="tick")
        with c.websocket_connect(f"/ws/{t['table']}?token={t['seats'][0]['token']}") as sock:
            receive_until(sock, is_type("state"))
            sock.send_json({"type": "action", "action": "go", "version": 0})
            receive_until(sock, lambda m: m["type"] == "state" and m["version"] == 1)
    # The server stopped with the window open; the new one rebuilds the table from the log and closes it.
    with TestClient(create_app(db_url, bot_workers=1)) as c:
        with c.websocket_connect(f"/ws/{t['table']}") as sock:
            closed = receive_until(sock, lambda m: m["type"] == "state" and m["version"] == 2)
        assert closed["view"]["closed"] == 1
        assert c.get(f"/api/tables/{t['table']}").json()["actions"] == 2


def test_deadline_counts_time_already_spent_from_the_log():
    row = TableRow("t", "tick", 2, {}, 1, "s", "c", None, 100.0)
    seats = [SeatRow(0, "human", None, None, "a"), SeatRow(1, "human", None, None, "b")]
    registry._registry()["tick"] = Tick
    try:
        clock = [100.2]
        table = Table(row, seats, [ActionRow(0, 0, "go", 100.0)], store=None, bots=None, now=lambda: clock[0])
        assert table.deadline_in() == pytest.approx(WINDOW - 0.2)
        clock[0] = 101.0
        assert table.deadline_in() == 0.0
    finally:
        del registry._registry()["tick"]


def test_a_seat_whose_move_clock_runs_out_is_played_by_the_fallback_bot(client):
    allow_clocks_from(client, 0.1)
    t = new_table(client, clock={"seconds_per_move": 0.3})
    assert t["clock"] == {"seconds_per_move": 0.3}
    with client.websocket_connect(f"/ws/{t['table']}") as sock:
        first = receive_until(sock, is_type("state"))
        seat = first["view"]["to_act"][0]
        assert first["clock"][seat] <= 0.3 and first["clock"][1 - seat] == 0.3
        # the fallback plays the seat's whole turn: one move, or a capture's steps, each when the clock runs out
        moved = receive_until(sock, lambda m: m["type"] == "state" and m["view"]["to_act"] != [seat])
        assert moved["view"]["to_act"] == [1 - seat]
        played = [e for e in moved["view"]["log"] if e.get("seat") == seat and "action" in e]
        assert len(played) == 1


def test_bots_that_overrun_or_fail_play_a_random_move_from_their_seed(monkeypatch):
    import parlour

    game = parlour.load("giacomotto")
    state = game.new(seed=11)
    seat = state.to_act[0]
    view, legal = state.view(seat), [str(a) for a in state.legal(seat)]

    async def ask(level):
        pool = server_bots.BotPool(1)
        try:
            return await pool.choose(game, seat, level, 99, view, legal)
        finally:
            pool.close()

    monkeypatch.setitem(server_bots.TIME_LIMITS, "random", 0.0)
    assert asyncio.run(ask("random")) == server_bots.fallback(99, legal)
    assert asyncio.run(ask("no-such-bot")) == server_bots.fallback(99, legal)


def test_a_bot_answers_within_its_time_limit():
    import parlour

    game = parlour.load("giacomotto")
    state = game.new(seed=12)
    seat = state.to_act[0]
    view, legal = state.view(seat), [str(a) for a in state.legal(seat)]

    async def ask():
        pool = server_bots.BotPool(1)
        try:
            return await pool.choose(game, seat, "greedy", 5, view, legal)
        finally:
            pool.close()

    chosen = asyncio.run(ask())
    assert chosen == server_bots.think(game.id, 2, dict(game.options), seat, "greedy", 5, view, legal)


def test_a_table_that_no_longer_replays_does_not_stop_the_server(db_url, monkeypatch):
    monkeypatch.setitem(registry._registry(), "tick", Tick)
    with TestClient(create_app(db_url, bot_workers=1)) as c:
        gone = new_table(c, [{"kind": "human"}, {"kind": "human"}], game="tick")
        kept = new_table(c)
    monkeypatch.delitem(registry._registry(), "tick")
    with TestClient(create_app(db_url, bot_workers=1)) as c:
        assert c.get(f"/api/tables/{kept['table']}").json()["status"] == "playing"
        assert c.get("/api/games").status_code == 200
    assert gone["table"] != kept["table"]


def test_clocks_resume_with_what_they_had_when_they_stopped_plus_a_grace(tick):
    row = TableRow("t", "tick", 2, {}, 1, "s", "c", 10.0, 100.0)
    seats = [SeatRow(0, "human", None, None, "a"), SeatRow(1, "human", None, None, "b")]
    clock = [500.0]
    log = [ActionRow(0, 0, "go", 100.0), ActionRow(1, None, "timeout", 100.5)]  # seat 1 to act since 100.5
    table = Table(row, seats, log, store=None, bots=None, now=lambda: clock[0])
    table.resume(None, 104.5, grace=2.0)  # stopped at 104.5 (4 s used), back at 500
    assert table.clocks() == [10.0, 8.0]  # 6 s left, plus 2 s to reconnect
    clock[0] = 503.0
    saved = table.clock_row(run=1, paused=503.0)  # 3 s later the table leaves memory
    clock[0] = 9000.0
    again = Table(row, seats, log, store=None, bots=None, now=lambda: clock[0])
    again.resume(saved, saved.paused, grace=2.0)
    assert again.clocks() == [10.0, 7.0]  # 5 s it had, plus the grace again
    again.resume(again.clock_row(run=2), 9000.0, grace=50.0)
    assert again.clocks() == [10.0, 57.0]
    again.resume(again.clock_row(run=3), 9000.0, grace=50.0)
    assert again.clocks() == [10.0, 60.0]  # graces do not pile up: never more than the full clock plus one

    window = Table(row, seats, log[:1], store=None, bots=None, now=lambda: clock[0])  # a window opened at 100.0
    window.resume(None, 100.1, grace=2.0)
    assert window.deadline_in() == pytest.approx(WINDOW - 0.1)  # the window's time away does not count
