"""A look lasts its window at the table (issue 23): the rules let the next player's draw close a Kaboo look, so the
table holds that draw while a person is looking at a card a power showed her after her turn (``state.looking``):
a bot waits until she is done or the window closes, a person is told why (``Table._ends_a_look``)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from server_wire import TWO_HUMANS, Seat

#: Two players, seat 0 plays first and draws the 8♣ from the top of the stock (found with the engine).
SEED = 15
ANA_AND_A_BOT = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "expert"}]


def new_table(client: TestClient, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": "kaboo", "players": len(seats), "seats": seats, "seed": SEED,
                                         "options": {"rounds": 1, **options}})
    assert r.status_code == 201, r.text
    return r.json()


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


def test_the_next_bot_waits_until_a_person_is_done_looking(seeded_client):
    table = new_table(seeded_client, ANA_AND_A_BOT, snap_seconds=1, peek_seconds=30)
    with seat(seeded_client, table, 0) as ws:
        ana = Seat(ws)
        s = peek_after_the_snap_window(ana)
        v = s["view"]
        assert v["turn"] == 1 and v["layouts"][0][0] != "##" and "ready" in v["legal"] and 28 < s["deadline"] <= 30
        ana.play("ready")
        ana.until(lambda v: any(e["type"] == "draw" and e["seat"] == 1 for e in v["log"]))
    log = [(seat, action) for seat, action, _ in events(seeded_client, table)]
    peek = log.index((0, "peek 0"))
    assert log[peek + 1:].index((0, "ready")) < log[peek + 1:].index((1, "draw")), log


def test_a_look_nobody_ends_lasts_its_whole_window(seeded_client):
    table = new_table(seeded_client, ANA_AND_A_BOT, snap_seconds=1, peek_seconds=2)
    with seat(seeded_client, table, 0) as ws:
        ana = Seat(ws)
        peek_after_the_snap_window(ana)
        ana.until(lambda v: any(e["type"] == "draw" and e["seat"] == 1 for e in v["log"]))
    log = events(seeded_client, table)
    peek = next(i for i, e in enumerate(log) if e[:2] == (0, "peek 0"))
    after = log[peek + 1:]
    closed = next(i for i, e in enumerate(after) if e[:2] == (None, "timeout"))
    drew = next(i for i, e in enumerate(after) if e[:2] == (1, "draw"))
    assert closed < drew and after[closed][2] - log[peek][2] >= 2.0 - 0.002, log


def test_a_persons_draw_waits_while_another_person_looks(seeded_client):
    table = new_table(seeded_client, TWO_HUMANS, snap_seconds=30, peek_seconds=30)
    with seat(seeded_client, table, 0) as ws0, seat(seeded_client, table, 1) as ws1:
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
