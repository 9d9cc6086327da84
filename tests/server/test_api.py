"""The lobby's HTTP API: games, table creation and its errors, summaries, tokens, records, static pages."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient
from postgres import both_databases
from server_wire import new_table

from parlour.core.record import commitment
from parlour.server import create_app
from parlour.server.headers import CSP, DOCS_CSP


def test_games_list_variants_players_and_bot_levels(client):
    games = client.get("/api/games").json()
    gia = next(g for g in games if g["id"] == "giacomotto")
    assert gia["players"] == [2, 4] and gia["default_players"] == 2
    assert {o["name"] for o in gia["options"]} >= {"target", "forced_capture"}
    assert {"random"} <= {b["level"] for b in gia["bots"]}
    assert all(b["description"] for b in gia["bots"])


def test_the_openapi_schema_is_served_and_its_cdn_pages_only_when_asked_for(client, tmp_path):
    # Issue 24.7: /docs loaded an unpinned script from a public CDN on the origin that keeps seat tokens.
    assert "/api/tables" in client.get("/openapi.json").json()["paths"]
    assert client.get("/docs").status_code == 404 and client.get("/redoc").status_code == 404
    with TestClient(create_app(f"sqlite+aiosqlite:///{tmp_path / 'docs.db'}", bot_workers=1, api_docs=True)) as docs:
        page = docs.get("/docs")
        assert page.status_code == 200 and page.headers["content-security-policy"] == DOCS_CSP
        # its CDN files at a pinned version, each with its hash; its start a file of the server's, not inline
        scripts = re.findall(r"<script ([^>]*)>(.*?)</script>", page.text, re.S)
        assert [body for _, body in scripts] == ["", ""] and 'src="/static/api-docs.js"' in scripts[1][0]
        assert 'swagger-ui-dist@5.17.14/swagger-ui-bundle.js" integrity="sha384-' in scripts[0][0]
        assert 'swagger-ui.css" integrity="sha384-' in page.text
        assert docs.get("/static/api-docs.js").status_code == 200 and docs.get("/redoc").status_code == 404
        assert docs.get("/").headers["content-security-policy"] == CSP  # the looser policy on /docs alone


def test_create_table_gives_invitations_for_humans_only(client):
    t = new_table(client, [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "random"}],
                  options={"target": 61})
    assert t["options"]["target"] == 61 and t["players"] == 2
    human, bot = t["seats"]
    assert human["invite_url"] == f"/t/{t['table']}?token={human['token']}" and len(human["token"]) >= 16
    assert bot == {"seat": 1, "kind": "bot", "level": "random"}
    assert t["spectator_url"] == f"/t/{t['table']}"
    assert len(t["commitment"]) == 64


def test_bad_option_is_refused_with_the_games_message(client):
    r = client.post("/api/tables", json={"game": "giacomotto", "options": {"target": 0},
                                         "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 422
    assert r.json()["detail"] == "option 'target' must be in 1..10000, got 0"
    r = client.post("/api/tables", json={"game": "giacomotto", "options": {"trumps": True},
                                         "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 422 and "has no option 'trumps'" in r.json()["detail"]


def test_bad_players_seats_levels_and_games_are_refused(client):
    cases = [
        ({"game": "giacomotto", "players": 3, "seats": [{"kind": "human"}] * 3}, "played by 2, 4 players"),
        ({"game": "giacomotto", "players": 2, "seats": [{"kind": "human"}]}, "needs 2 seats, got 1"),
        ({"game": "giacomotto", "seats": [{"kind": "human"}, {"kind": "bot", "level": "genius"}]},
         "no bot level 'genius'"),
        ({"game": "chess", "seats": []}, "unknown game 'chess'; the games are: "),
        ({"game": "giacomotto", "seats": [{"kind": "robot"}, {"kind": "human"}]}, "seats.0"),
    ]
    for body, message in cases:
        r = client.post("/api/tables", json=body)
        assert r.status_code == 422, body
        assert message in r.json()["detail"], r.json()
    assert client.get("/api/tables?tokens=").json() == []


def test_my_tables_reads_a_bounded_number_of_tokens(client, monkeypatch):
    from parlour.server import api

    monkeypatch.setattr(api, "MAX_TOKENS", 5)
    t = new_table(client)
    token = t["seats"][0]["token"]
    for place, found in [(4, 1), (5, 0)]:  # the real token fifth of the list is read, sixth is not
        tokens = ",".join(["nobody"] * place + [token])
        assert len(client.get(f"/api/tables?tokens={tokens}").json()) == found, place


@both_databases
def test_summary_tokens_and_record_while_playing(client):
    t = new_table(client)
    summary = client.get(f"/api/tables/{t['table']}").json()
    assert summary["status"] == "playing" and summary["actions"] == 0
    assert [s["connected"] for s in summary["seats"]] == [False, False]
    assert "token" not in str(summary)
    other = new_table(client)
    mine = client.get("/api/tables", params={"tokens": f"{t['seats'][1]['token']},nonsense"}).json()
    assert [(m["table"], m["seat"]) for m in mine] == [(t["table"], 1)]
    assert mine[0]["invite_url"] == t["seats"][1]["invite_url"]
    assert other["table"] not in str(mine)
    r = client.get(f"/api/tables/{t['table']}/record")
    assert r.status_code == 409 and "still playing" in r.json()["detail"]
    assert client.get("/api/tables/nope").status_code == 404


@both_databases
def test_finished_all_bot_table_publishes_a_verifiable_record(client):
    import time

    t = new_table(client, [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "greedy"}],
                  options={"target": 15})
    for _ in range(600):
        if client.get(f"/api/tables/{t['table']}").json()["status"] == "over":
            break
        time.sleep(0.05)
    record = client.get(f"/api/tables/{t['table']}/record").json()
    assert record["commitment"] == t["commitment"] == commitment(record["seed"], record["salt"])
    from parlour.core.record import Record

    final = Record.from_dict(record).verify()
    assert final.over and list(final.scores) == record["scores"]


def test_static_pages_fall_back_to_a_placeholder(tmp_path: Path):
    empty = tmp_path / "static"
    with TestClient(create_app(f"sqlite+aiosqlite:///{tmp_path / 'a.db'}", bot_workers=1, static_dir=empty)) as c:
        table = new_table(c)["table"]
        assert "parlour" in c.get("/").text and c.get(f"/t/{table}").status_code == 200
        assert c.get("/static/app.js").status_code == 404
        empty.mkdir()
        (empty / "index.html").write_text("<h1>lobby</h1>")
        (empty / "table.html").write_text("<h1>table</h1>")
        (empty / "app.js").write_text("export {}")
        assert c.get("/").text == "<h1>lobby</h1>" and c.get(f"/t/{table}").text == "<h1>table</h1>"
        assert c.get("/static/app.js").text == "export {}"


def test_finished_tables_leave_memory_but_not_the_log(client, monkeypatch):
    import time

    from parlour.server import lobby as lobby_module

    monkeypatch.setattr(lobby_module, "KEEP_FINISHED", 0)
    t = new_table(client, [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}],
                  options={"target": 5})
    for _ in range(600):
        if client.get(f"/api/tables/{t['table']}").json()["status"] == "over":
            break
        time.sleep(0.05)
    lobby = client.app.state.lobby
    new_table(client)
    assert t["table"] not in lobby.tables
    assert client.get(f"/api/tables/{t['table']}/record").json()["commitment"] == t["commitment"]


def test_the_database_url_people_type_is_accepted(tmp_path: Path):
    from parlour.cli.serve import db_url

    url = f"sqlite:///{tmp_path / 'typed.db'}"
    with TestClient(create_app(url, bot_workers=1)) as c:
        t = new_table(c)
        assert c.get(f"/api/tables/{t['table']}").json()["status"] == "playing"
    assert (tmp_path / "typed.db").exists()
    assert db_url(url) == f"sqlite+aiosqlite:///{tmp_path / 'typed.db'}"
    assert db_url("postgresql://ana@localhost/parlour") == "postgresql+asyncpg://ana@localhost/parlour"


def test_an_unexpected_failure_of_a_request_is_a_500_with_a_sentence(client, monkeypatch, caplog):
    from parlour.server.lobby import Lobby

    async def broken(self, *args, **kwargs):
        raise RuntimeError("the lobby broke")

    monkeypatch.setattr(Lobby, "summary", broken)
    with caplog.at_level("ERROR", logger="parlour.server"):
        for _ in range(3):
            r = client.get("/api/tables/abc")
            assert r.status_code == 500 and "nothing changed" in r.json()["detail"]
    assert len([r for r in caplog.records if r.exc_info]) == 1 and "GET /api/tables/abc" in caplog.text
