"""A look lasts its window (issue 23): a 7 or 8's peek and a 9 or 10's spy end the looker's turn, but she keeps
looking until she says she is done (``ready``) or the look's window closes. The rules still let the next player's
draw close the window (records replay as they were), so the table holds that draw while a person looks: a bot
waits, a person is told why. Engine rules first, then the table over the wire."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from fastapi.testclient import TestClient

from parlour.games.kaboo import Kaboo
from parlour.server import create_app

from memory.helpers import layout, ready_all, seats, stack

A_CARDS, B_CARDS = "5S 6S 7S 8S", "5H 9H 10H JH"
#: Two players, seat 0 plays first and draws the 8♣ from the top of the stock (found with the engine).
SEED = 15


def start(*layouts: str, players: int = 2, stock: str = "", **options):
    game = Kaboo(players=players, **options)
    state = game.new(seed=5, deck=stack(game, *layouts, stock=stock))
    ready_all(state)
    return state, seats(state)


def legal(state, seat) -> list[str]:
    return [str(m) for m in state.legal(seat)]


# --- the rules ---------------------------------------------------------------------------------------------------

def test_after_a_peek_the_looker_stays_in_the_window_until_she_is_done():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="7D 3C")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(a, "peek 0")
    state.apply(b, "pass")
    state.apply(a, "pass")
    # her turn is over, but she is still looking: the card shows, and she may say she is done
    assert state.turn == b and state.looking == (a,) and a in state.to_act and "ready" in legal(state, a)
    assert layout(state, a, a)[0] == "5S" and layout(state, b, a)[0] == "##"
    assert state.view(b)["looking"] == [[a, a, 0]] and state.deadline == 5.0
    state.apply(a, "ready")
    assert layout(state, a, a)[0] == "##" and state.looking == () and state.deadline is None
    assert state.to_act == (b,) and legal(state, b) == ["draw", "knock"]


def test_a_spy_is_held_the_same_way_and_closes_at_the_windows_end():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="9D 3C")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(a, f"spy {b}.1")
    assert state.looking == (a,) and layout(state, a, b)[1] == "9H"
    state.timeout()
    assert state.looking == () and layout(state, a, b)[1] == "##" and "ready" not in legal(state, a)


def test_the_next_players_draw_still_closes_a_look_by_the_rules():
    """Records made before looks were held have the next player draw during a look: it stays legal, and the
    table (not the rules) makes it wait."""
    state, (a, b) = start(A_CARDS, B_CARDS, stock="7D 3C")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(a, "peek 0")
    state.apply(b, "draw")
    assert state.looking == () and layout(state, a, a)[0] == "##" and state.legal(a) == []


def test_a_looker_who_is_done_still_may_snap():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="7D 3C")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(a, "peek 2")  # her 7♠ lies in slot 2: a 7 is on the pile
    state.apply(a, "ready")
    assert f"snap {a}.2" in legal(state, a)
    state.apply(a, f"snap {a}.2")
    assert state.layouts[a][2] == -1


# --- the table ---------------------------------------------------------------------------------------------------

@pytest.fixture
def client(tmp_path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite+aiosqlite:///{tmp_path / 'test.db'}", bot_workers=1, fixed_seeds=True)) as c:
        yield c


def new_table(client: TestClient, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": "kaboo", "players": len(seats), "seats": seats, "seed": SEED,
                                         "options": {"rounds": 1, **options}})
    assert r.status_code == 201, r.text
    return r.json()


class Seat:
    """A seat's socket and the last state it was sent. A move refused as stale (a bot moved first: both may act in
    the opening peek) is sent again against the newer state, as the table page does."""

    def __init__(self, ws: Any) -> None:
        self.ws, self.state, self.sent = ws, None, None

    def until(self, wanted) -> dict[str, Any]:
        while self.state is None or not wanted(self.state["view"]):
            self.read()
        return self.state

    def read(self) -> dict[str, Any]:
        m = self.ws.receive_json()
        if m["type"] == "error" and m["code"] == "stale" and self.sent:
            newest = int(m["message"].split("the table is at version ")[1].split(";")[0])
            while self.state["version"] < newest:
                self.read()
            if self.sent in self.state["view"]["legal"]:
                self.play(self.sent)
            return m
        assert m["type"] != "error", m
        if m["type"] == "state":
            self.state = m
        return m

    def play(self, action: str) -> None:
        self.sent = action
        self.ws.send_json({"type": "action", "action": action, "version": self.state["version"]})

    def refused(self) -> dict[str, Any]:
        """The answer to a move the table should refuse: the error (a state after it fails the test)."""
        sent = self.state["version"]
        while (m := self.ws.receive_json())["type"] != "error":
            if m["type"] == "state":
                assert m["version"] == sent, f"{self.sent} was taken: {m['view']['log']}"
        return m


def seat(client: TestClient, table: dict[str, Any], n: int):
    return client.websocket_connect(f"/ws/{table['table']}?token={table['seats'][n]['token']}")


def peek_after_the_snap_window(ana: Seat) -> dict[str, Any]:
    """Ana's first turn: ready, draw the 8♣, throw it, wait until the snap window has closed, peek at slot 0."""
    ana.until(lambda v: "ready" in v["legal"])
    ana.play("ready")
    ana.until(lambda v: v["phase"] == "turn" and v["turn"] == 0 and "draw" in v["legal"])
    ana.play("draw")
    assert ana.until(lambda v: v["phase"] == "drawn")["view"]["drawn"] == "8C"
    ana.play("discard")
    s = ana.until(lambda v: v["phase"] == "power" and v["snap"]["rank"] is None)  # the snap window timed out
    assert s["deadline"] is None
    ana.play("peek 0")
    return ana.until(lambda v: v["looking"])


def events(client: TestClient, table: dict[str, Any]) -> list[tuple[int | None, str, float]]:
    return [(e.seat, e.action, e.t) for e in client.app.state.lobby.tables[table["table"]].log]


def test_the_next_bot_waits_until_a_person_is_done_looking(client):
    table = new_table(client, [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "expert"}], snap_seconds=1,
                      peek_seconds=30)
    with seat(client, table, 0) as ws:
        ana = Seat(ws)
        s = peek_after_the_snap_window(ana)
        v = s["view"]
        assert v["turn"] == 1 and v["layouts"][0][0] != "##" and "ready" in v["legal"] and 28 < s["deadline"] <= 30
        ana.play("ready")
        ana.until(lambda v: any(e["type"] == "draw" and e["seat"] == 1 for e in v["log"]))
    log = [(seat, action) for seat, action, _ in events(client, table)]
    peek = log.index((0, "peek 0"))
    assert log[peek + 1:].index((0, "ready")) < log[peek + 1:].index((1, "draw")), log


def test_a_look_nobody_ends_lasts_its_whole_window(client):
    table = new_table(client, [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "expert"}], snap_seconds=1,
                      peek_seconds=2)
    with seat(client, table, 0) as ws:
        ana = Seat(ws)
        peek_after_the_snap_window(ana)
        ana.until(lambda v: any(e["type"] == "draw" and e["seat"] == 1 for e in v["log"]))
    log = events(client, table)
    peek = next(i for i, e in enumerate(log) if e[:2] == (0, "peek 0"))
    after = log[peek + 1:]
    closed = next(i for i, e in enumerate(after) if e[:2] == (None, "timeout"))
    drew = next(i for i, e in enumerate(after) if e[:2] == (1, "draw"))
    assert closed < drew and after[closed][2] - log[peek][2] >= 2.0 - 0.002, log


def test_a_persons_draw_waits_while_another_person_looks(client):
    table = new_table(client, [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}], snap_seconds=30,
                      peek_seconds=30)
    with seat(client, table, 0) as ws0, seat(client, table, 1) as ws1:
        ana, bo = Seat(ws0), Seat(ws1)
        ana.until(lambda v: "ready" in v["legal"])
        ana.play("ready")
        bo.until(lambda v: "ready" in v["legal"])
        bo.play("ready")
        bo.until(lambda v: v["phase"] == "turn")
        ana.until(lambda v: v["phase"] == "turn" and v["turn"] == 0)
        ana.play("draw")
        ana.until(lambda v: v["phase"] == "drawn")
        ana.play("discard")
        ana.until(lambda v: v["phase"] == "power")
        ana.play("peek 0")
        s = bo.until(lambda v: v["looking"] == [[0, 0, 0]] and v["turn"] == 1)
        assert "draw" in s["view"]["legal"]  # the rules allow it; the table holds it
        bo.play("draw")
        error = bo.refused()
        assert error["code"] == "looking", error
        assert error["message"].startswith("Ana is still looking at a card: wait until Ana is done"), error
        ana.until(lambda v: v["looking"])
        ana.play("ready")
        bo.until(lambda v: not v["looking"])
        bo.play("draw")
        bo.until(lambda v: v["phase"] == "drawn" and v["turn"] == 1)
