"""The server serves each game's own table from its folder, says which games have one, and takes seeds only when told."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from parlour.server import create_app
from parlour.server.static import web_folder


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory):
    db = tmp_path_factory.mktemp("static") / "t.db"
    with TestClient(create_app(f"sqlite+aiosqlite:///{db}", bot_workers=1)) as c:
        yield c


def test_a_game_table_module_and_its_styles_are_served_with_their_types(client):
    js = client.get("/games/giacomotto/table.js")
    assert js.status_code == 200 and js.headers["content-type"].startswith("text/javascript")
    assert "export function board" in js.text
    css = client.get("/games/giacomotto/table.css")
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")


def test_a_family_package_shares_its_table_modules_and_only_them(client):
    js = client.get("/games/memory/table.js")
    assert js.status_code == 200 and js.headers["content-type"].startswith("text/javascript")
    assert "export function memoryTable" in js.text
    assert client.get("/games/memory/table.css").headers["content-type"].startswith("text/css")
    kaboo = client.get("/games/kaboo/table.js").text
    assert 'from "/games/memory/table.js"' in kaboo
    for path in ("/games/memory/../state.py", "/games/memory/%2E%2E/bot.py", "/games/memory/state.py",
                 "/games/core/game.py", "/games/_memory/table.js", "/games/__pycache__/x.js",
                 "/games/crazy_nines/table.js"):  # a game's package is served under its id only
        assert client.get(path).status_code == 404, path
    games = {g["id"] for g in client.get("/api/games").json()}
    assert "memory" not in games


@pytest.mark.parametrize("path", [
    "/games/giacomotto/../__init__.py",        # out of the web folder
    "/games/giacomotto/..%2F__init__.py",
    "/games/giacomotto/%2E%2E/state.py",
    "/games/giacomotto/.hidden.js",
    "/games/giacomotto/nothing.js",            # no such file
    "/games/no-such-game/table.js",            # no such game
    "/games/giacomotto/",                      # a folder
])
def test_nothing_outside_a_game_web_folder_is_served(client, path):
    assert client.get(path).status_code == 404


def test_only_scripts_styles_and_pictures_are_served(tmp_path, monkeypatch):
    from parlour.server import static

    web = tmp_path / "web"
    web.mkdir()
    (web / "table.js").write_text("export function board() {}")
    (web / "notes.md").write_text("private")
    (web / "piece.svg").write_text("<svg/>")
    monkeypatch.setattr(static, "web_folder", lambda game_id: web if game_id == "x" else None)
    assert static.game_file("x", "piece.svg").name == "piece.svg"
    with pytest.raises(Exception) as e:
        static.game_file("x", "notes.md")
    assert e.value.status_code == 404


def test_the_games_list_says_which_games_have_their_own_table(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert games["giacomotto"]["table"] is True
    for game_id, g in games.items():
        assert g["table"] == (web_folder(game_id) is not None)
        assert g["table"] == (Path(web_folder(game_id) or "/nonexistent") / "table.js").is_file()


def test_the_kit_and_the_table_page_are_served(client):
    table = client.post("/api/tables", json={"game": "giacomotto", "seats": [{"kind": "human"}, {"kind": "human"}]})
    page = client.get(f"/t/{table.json()['table']}").text
    assert "/static/kit/kit.css" in page and "/static/table.js" in page
    for name in ("kit.js", "seats.js", "hand.js", "piles.js", "trick.js", "grid.js", "board.js", "countdown.js",
                 "chooser.js", "motion.js", "banner.js", "kit.css"):
        assert client.get(f"/static/kit/{name}").status_code == 200, name


SEATS = [{"kind": "human"}, {"kind": "bot", "level": "random"}]


def test_a_seed_is_refused_unless_the_server_takes_them(client, tmp_path):
    r = client.post("/api/tables", json={"game": "giacomotto", "seats": SEATS, "seed": 7})
    assert r.status_code == 422 and "--fixed-seeds" in r.json()["detail"]
    with TestClient(create_app(f"sqlite+aiosqlite:///{tmp_path / 's.db'}", bot_workers=1, fixed_seeds=True)) as c:
        hands = []
        for _ in range(2):
            t = c.post("/api/tables", json={"game": "giacomotto", "seats": SEATS, "seed": 7}).json()
            token = t["seats"][0]["token"]
            with c.websocket_connect(f"/ws/{t['table']}?token={token}") as ws:
                hands.append(ws.receive_json()["view"]["hand"])
        assert hands[0] == hands[1]
        bad = c.post("/api/tables", json={"game": "giacomotto", "seats": SEATS, "seed": -1})
        assert bad.status_code == 422


def test_the_service_worker_is_served_at_the_root_under_the_policy(client, tmp_path):
    sw = client.get("/sw.js")
    assert sw.status_code == 200 and sw.headers["content-type"].startswith("text/javascript")
    assert sw.headers["service-worker-allowed"] == "/" and sw.headers["cache-control"] == "no-cache"
    assert "script-src 'self'" in sw.headers["content-security-policy"]
    assert 'addEventListener("push"' in sw.text and 'addEventListener("notificationclick"' in sw.text
    with TestClient(create_app(f"sqlite+aiosqlite:///{tmp_path / 'bare.db'}", bot_workers=1,
                               static_dir=tmp_path / "no-client")) as bare:
        assert bare.get("/sw.js").status_code == 404  # a server without its client has no worker to serve
