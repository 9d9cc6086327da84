"""The pause between deals (server/pause.py): at a table with ``deal_pause``, once a deal that is not the last is
scored, the next deal's timed windows, move clocks and bots wait until every person connected has said she is
ready (``next``; her own move in the new deal counts too) or the pause runs out. Logged as the table's own entries
``pause``, ``next S`` and ``start``, which change nothing in the match. Played on Kaboo: a knock ends a round fast."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from server_wire import TWO_HUMANS, Seat

from parlour.core.record import Record
from parlour.server.storage import ActionRow, SeatRow, TableRow
from parlour.server.table import Table

#: Kaboo for two: seat 0 plays first (found with the engine).
SEED = 15
ANA_AND_A_BOT = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "expert"}]
FAST = {"rounds": 2, "snap_seconds": 1, "peek_seconds": 1}


def new_table(client: TestClient, seats: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": "kaboo", "players": len(seats), "seats": seats, "seed": SEED,
                                         "options": FAST, **body})
    assert r.status_code == 201, r.text
    return r.json()


def seat(client: TestClient, table: dict[str, Any], n: int):
    return client.websocket_connect(f"/ws/{table['table']}?token={table['seats'][n]['token']}")


def entries(client: TestClient, table: dict[str, Any]) -> list[tuple[int | None, str]]:
    return [(e.seat, e.action) for e in client.app.state.lobby.tables[table["table"]].log]


def until_logged(client: TestClient, table: dict[str, Any], seat: Seat, entry: tuple[int | None, str]) -> None:
    """Read the seat's messages until ``entry`` is in the table's log (each entry logged is announced)."""
    while entry not in entries(client, table):
        seat.read()


def knock_at_once(ana: Seat) -> dict[str, Any]:
    """Ana looks, then knocks on her first turn; the state of round 2 once it is dealt."""
    ana.until(lambda v: "ready" in v["legal"])
    ana.play("ready")
    ana.until(lambda v: v["phase"] == "turn" and v["turn"] == 0)
    ana.play("knock")
    return ana.until(lambda v: v["round"] == 2)


def test_the_next_round_waits_for_the_person_and_its_bots_with_it(seeded_client):
    table = new_table(seeded_client, ANA_AND_A_BOT, deal_pause=30)
    with seat(seeded_client, table, 0) as ws:
        ana = Seat(ws)
        state = knock_at_once(ana)
        pause = state["table"]["pause"]
        # the new round's peek is dealt, but its window does not run and the bot does not look
        assert state["deadline"] is None and pause["ready"] == [] and 0 < pause["left"] <= 30 == pause["seconds"]
        assert state["view"]["phase"] == "peek" and sorted(state["view"]["to_act"]) == [0, 1]
        ws.send_json({"type": "next"})
        started = ana.until(lambda v: v["round"] == 2 and 1 in v["ready"])  # the bot looks once the pause is over
    log = entries(seeded_client, table)
    pause_at = log.index((None, "pause"))
    assert log[pause_at:pause_at + 3] == [(None, "pause"), (None, "next 0"), (None, "start")], log
    assert (1, "ready") in log[pause_at + 3:]
    assert started["table"]["pause"] is None


def test_every_person_must_be_ready_and_a_move_in_the_new_deal_counts(seeded_client):
    table = new_table(seeded_client, TWO_HUMANS, deal_pause=30)
    with seat(seeded_client, table, 0) as ws0, seat(seeded_client, table, 1) as ws1:
        ana, bo = Seat(ws0), Seat(ws1)
        bo.until(lambda v: "ready" in v["legal"])
        bo.play("ready")
        bo.until(lambda v: 1 in v["ready"] or v["phase"] != "peek")
        ana.until(lambda v: "ready" in v["legal"] or v["phase"] != "peek")
        if "ready" in ana.state["view"]["legal"]:
            ana.play("ready")
        ana.until(lambda v: v["phase"] == "turn" and v["turn"] == 0)
        ana.play("knock")
        bo.until(lambda v: v["turn"] == 1 and "draw" in v["legal"])
        bo.play("draw")
        s = bo.until(lambda v: v["phase"] == "drawn")
        bo.play("swap 0")  # no power: the round ends when the snap window closes
        ana.until(lambda v: v["round"] == 2)
        ws0.send_json({"type": "next"})
        s = ana.until(lambda v: 0 in (ana.state["table"]["pause"] or {}).get("ready", []))
        assert s["deadline"] is None and s["table"]["pause"]["ready"] == [0]  # Bo is not ready yet: still held
        bo.until(lambda v: v["round"] == 2)
        bo.play("ready")  # Bo's own move in the new round: the peek's "I have looked"
        s = bo.until(lambda v: bo.state["table"]["pause"] is None)
        assert s["deadline"] is not None  # the peek's window runs for Ana
    log = entries(seeded_client, table)
    pause_at = log.index((None, "pause"))
    assert log[pause_at:pause_at + 4] == [(None, "pause"), (None, "next 0"), (1, "ready"), (None, "start")], log


def test_the_pause_runs_out(seeded_client):
    table = new_table(seeded_client, ANA_AND_A_BOT, deal_pause=1)
    with seat(seeded_client, table, 0) as ws:
        ana = Seat(ws)
        knock_at_once(ana)
        ana.until(lambda v: ana.state["table"]["pause"] is None and v["round"] == 2)
    rows = seeded_client.app.state.lobby.tables[table["table"]].log
    paused = next(e for e in rows if e.action == "pause")
    started = next(e for e in rows[paused.index:] if e.action == "start")
    assert started.t - paused.t >= 1.0 - 0.002 and not any(e.action.startswith("next") for e in rows)


def test_without_the_setting_the_next_deal_starts_at_once(seeded_client):
    table = new_table(seeded_client, ANA_AND_A_BOT)
    with seat(seeded_client, table, 0) as ws:
        state = knock_at_once(Seat(ws))
        assert state["deadline"] is not None and state["table"]["pause"] is None
        ws.send_json({"type": "next"})
        error = ws.receive_json()
        while error["type"] != "error":
            error = ws.receive_json()
        assert error["code"] == "not_paused"
    assert not any(seat is None and action in ("pause", "next 0") for seat, action in entries(seeded_client, table))


def test_a_table_back_in_memory_mid_pause_waits_again_and_its_record_replays(seeded_client):
    table = new_table(seeded_client, ANA_AND_A_BOT, deal_pause=30)
    with seat(seeded_client, table, 0) as ws:
        ana = Seat(ws)
        knock_at_once(ana)
        until_logged(seeded_client, table, ana, (None, "pause"))
    live = seeded_client.app.state.lobby.tables[table["table"]]
    log = list(live.log)
    assert log[-1].action == "pause"
    again = Table(live.row, live.seats, log, store=None, bots=None, now=lambda: log[-1].t + 1000)
    assert again.deal_pause.on and again.deadline_in() is None and again.summary()["pause"]["left"] == 30
    ready = log + [ActionRow(len(log), None, "next 0", log[-1].t + 1), ActionRow(len(log) + 1, None, "start",
                                                                                    log[-1].t + 1)]
    done = Table(live.row, live.seats, ready, store=None, bots=None, now=lambda: log[-1].t + 2)
    assert not done.deal_pause.on and done.deadline_in() is not None and done.version == again.version
    record = Record.from_dict(done.record().to_dict())
    assert record.replay().view(0) == done.state.view(0)
