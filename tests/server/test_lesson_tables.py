"""A lesson table (server/lessons.py): started by POST /api/lessons/{game}, its scripted seats and timed windows
played by the lesson at its pace, the learner's other moves refused with the lesson's reason (nothing changes),
every state saying what the lesson says and asks; after a restart it goes on where it was; once over, the game
goes on with the game's bot."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_wire import is_type, receive_until

from parlour.core.cards import codes, deck
from parlour.core.lesson import Lesson
from parlour.server.app import create_app

#: A stacked Giacomotto deal: the 4 table cards, Bora's 6 (she plays first, at the dealer's right), then yours.
TABLE, BORA, YOURS = ["2C", "5D", "8D", "9D"], ["4S", "3S", "KH", "QH", "6S", "7C"], ["JD", "2S", "5C", "AD", "7H", "10H"]


DECK = codes(deck())


def lesson_text() -> str:
    deck = TABLE + BORA + YOURS
    deck += [c for c in DECK if c not in deck]  # every other card after the first deal
    return f"""
title = "A test lesson"
players = 2
seed = 5
deck = {deck!r}
intro = "Two trails each."
outro = "Done."

[[step]]
seat = 1
move = "trail 4S"
say = "Bora lays the 4 of spades down."

[[step]]
move = "trail JD"
say = "Lay your jack down."
why = "The lesson lays the jack first."

[[step]]
seat = 1
move = "trail 3S"

[[step]]
move = "trail 2S"
say = "Now the two."
why = "The two, this time."
"""


@pytest.fixture
def lesson_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "giacomotto.toml"
    path.write_text(lesson_text(), encoding="utf-8")
    real = Lesson.path.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(Lesson, "path", classmethod(lambda cls, g: path if g == "giacomotto" else real(cls, g)))
    return path


def state_at(ws, version: int) -> dict:
    return receive_until(ws, lambda m: m["type"] in ("state", "patch") and m["version"] >= version and "view" in m)


def test_a_lesson_table_teaches_refuses_and_resumes(lesson_file: Path, tmp_path: Path) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'lessons.db'}"
    with TestClient(create_app(db, bot_workers=1)) as client:
        assert any(g["id"] == "giacomotto" and g["lesson"] for g in client.get("/api/games").json())
        made = client.post("/api/lessons/giacomotto", json={"pace": 0.01})
        assert made.status_code == 201, made.text
        t = made.json()
        assert [s["kind"] for s in t["seats"]] == ["human", "bot"]
        token = t["seats"][0]["token"]
        with client.websocket_connect(f"/ws/{t['table']}?token={token}") as ws:
            first = state_at(ws, 1)  # Bora's scripted trail is played by the lesson
            lesson = first["table"]["lesson"]
            assert lesson["expect"] == "trail JD" and lesson["said"] == ["Two trails each.",
                                                                          "Bora lays the 4 of spades down.",
                                                                          "Lay your jack down."]
            assert lesson["step"] == 1 and lesson["steps"] == 4 and not lesson["done"]
            assert first["deadline"] is None
            ws.send_json({"type": "action", "action": "trail 2S", "version": 1})  # legal, not the lesson's
            error = receive_until(ws, is_type("error"))
            assert error["code"] == "lesson" and error["message"] == "Not this one. The lesson lays the jack first."
            assert error["template"] == "Not this one. {why}"
            assert client.get(f"/api/tables/{t['table']}").json()["actions"] == 1  # nothing changed
            ws.send_json({"type": "action", "action": "trail JD", "version": 1})
            third = state_at(ws, 3)
            assert third["table"]["lesson"]["expect"] == "trail 2S"
    with TestClient(create_app(db, bot_workers=1)) as client:  # a restart: the lesson goes on where it was
        with client.websocket_connect(f"/ws/{t['table']}?token={token}") as ws:
            again = state_at(ws, 3)
            assert again["version"] == 3 and again["table"]["lesson"]["expect"] == "trail 2S"
            assert "JD" in again["view"]["table"] and "4S" in again["view"]["table"]
            ws.send_json({"type": "action", "action": "trail 2S", "version": 3})
            done = state_at(ws, 5)  # the lesson is over: Bora is the game's bot now, and plays
            assert done["table"]["lesson"]["done"] and done["table"]["lesson"]["said"] == ["Done."]


def test_a_game_without_a_lesson_is_answered_404(client) -> None:
    r = client.post("/api/lessons/no-such-game")
    assert r.status_code == 404 and "unknown game" in r.json()["detail"]
    bad = client.post("/api/lessons/giacomotto", json={"pace": -1})
    assert bad.status_code in (404, 422)
