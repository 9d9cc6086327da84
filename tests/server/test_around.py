"""Around the table, over HTTP and WebSocket: a rematch with the same seats, a finished match's replay view by view,
and the opt-in list of open tables; each with its bad requests refused in a sentence that changes nothing."""

from __future__ import annotations

import json
from typing import Any

from server_wire import is_type, latest_state, receive_until

GO_SEATS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
MOVES = [(0, "play D4"), (1, "play F6"), (0, "resign")]


def go_table(client: Any, seats: list[dict[str, Any]] = GO_SEATS, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": "go", "players": 2, "seats": seats, "options": {"size": 9}, **body})
    assert r.status_code == 201, r.text
    return r.json()


def play(client: Any, t: dict[str, Any], moves: list[tuple[int, str]]) -> None:
    """Play ``moves`` (seat, action) at a two-person table through the seats' sockets."""
    sockets = {s["seat"]: f"/ws/{t['table']}?token={s['token']}" for s in t["seats"] if "token" in s}
    for seat, action in moves:
        with client.websocket_connect(sockets[seat]) as ws:
            state = latest_state(ws)
            ws.send_text(json.dumps({"type": "action", "action": action, "version": state["version"]}))
            answer = receive_until(ws, lambda m: m.get("type") in ("state", "error") and m.get("version") != state["version"])
            assert answer["type"] == "state", answer


def finished(client: Any, **body: Any) -> dict[str, Any]:
    t = go_table(client, **body)
    if t["listed"]:  # its seat 1 is taken
        t["seats"][1] = client.post(f"/api/tables/{t['table']}/join").json()
    play(client, t, [(0, "play C3"), (1, "play G7"), (0, "resign")] if "token" in t["seats"][1] else [(0, "resign")])
    assert client.get(f"/api/tables/{t['table']}").json()["status"] == "over"
    return t


def test_a_rematch_has_the_same_game_options_and_seats_and_each_seat_gets_its_own_link(client):
    t = finished(client, seats=[{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "random", "name": "Rob"}],
                 clock={"seconds_per_move": 120})
    old = f"/ws/{t['table']}?token={t['seats'][0]['token']}"
    with client.websocket_connect(old) as ana, client.websocket_connect(f"/ws/{t['table']}") as watcher:
        receive_until(ana, is_type("over"))
        receive_until(watcher, is_type("over"))
        r = client.post(f"/api/tables/{t['table']}/rematch", json={"token": t["seats"][0]["token"]})
        assert r.status_code == 200, r.text
        new = r.json()
        assert new["rematch_of"] == t["table"] and new["seat"] == 0 and new["table"] != t["table"]
        assert new["invite_url"] == f"/t/{new['table']}?token={new['token']}" and new["token"] != t["seats"][0]["token"]
        told = receive_until(ana, is_type("rematch"))
        assert told == {"type": "rematch", "table": new["table"], "by": 0, "url": new["invite_url"]}
        # A spectator is told where to watch, with no token.
        assert receive_until(watcher, is_type("rematch"))["url"] == f"/t/{new['table']}"
    summary = client.get(f"/api/tables/{new['table']}").json()
    assert summary["game"] == "go" and summary["options"]["size"] == 9 and summary["status"] == "playing"
    assert summary["clock"] == {"seconds_per_move": 120}
    assert [(s["kind"], s.get("level"), s.get("name")) for s in summary["seats"]] == [
        ("human", None, "Ana"), ("bot", "random", "Rob")]
    # A second offer finds the first; whoever comes back to the old table later is told of it.
    again = client.post(f"/api/tables/{t['table']}/rematch", json={"token": t["seats"][0]["token"]}).json()
    assert again["table"] == new["table"] and again["token"] == new["token"]
    with client.websocket_connect(old) as ana:
        assert receive_until(ana, is_type("rematch"))["url"] == new["invite_url"]
    # The new token seats Ana at the new table.
    with client.websocket_connect(f"/ws/{new['table']}?token={new['token']}") as ws:
        assert receive_until(ws, is_type("state"))["seat"] == 0


def test_a_rematch_survives_the_old_table_leaving_memory(client):
    t = finished(client)
    new = client.post(f"/api/tables/{t['table']}/rematch", json={"token": t["seats"][1]["token"]}).json()
    lobby = client.app.state.lobby
    lobby.tables.pop(t["table"]).stop()
    with client.websocket_connect(f"/ws/{t['table']}?token={t['seats'][0]['token']}") as ana:
        told = receive_until(ana, is_type("rematch"))
    assert told["table"] == new["table"] and told["by"] == 1
    mine = client.get("/api/tables", params={"tokens": told["url"].split("token=")[1]}).json()
    assert [(m["table"], m["seat"]) for m in mine] == [(new["table"], 0)]


def test_bad_rematch_requests_are_refused_and_make_no_table(client):
    playing = go_table(client)
    over = finished(client)
    cases = [
        (f"/api/tables/{playing['table']}/rematch", {"token": playing["seats"][0]["token"]}, 409, "still playing"),
        (f"/api/tables/{over['table']}/rematch", {"token": "not-a-seat"}, 403, "only a seated player"),
        (f"/api/tables/{over['table']}/rematch", {"token": playing["seats"][0]["token"]}, 403, "only a seated player"),
        ("/api/tables/nope/rematch", {"token": "x"}, 404, "there is no table 'nope'"),
        (f"/api/tables/{over['table']}/rematch", {}, 422, "token: Field required"),
        (f"/api/tables/{over['table']}/rematch", {"token": 5}, 422, "token"),
    ]
    before = len(client.app.state.lobby.tables)
    for url, body, status, message in cases:
        r = client.post(url, json=body)
        assert r.status_code == status, (url, body, r.text)
        assert message in r.json()["detail"], r.json()
    assert len(client.app.state.lobby.tables) == before


def test_a_replay_gives_each_seats_view_at_each_version_once_the_match_is_over(client):
    t = go_table(client)
    play(client, t, MOVES[:2])
    r = client.get(f"/api/tables/{t['table']}/replay", params={"seat": 0, "version": 1})
    assert r.status_code == 409 and "still playing" in r.json()["detail"]
    play(client, t, MOVES[2:])
    record = client.get(f"/api/tables/{t['table']}/record").json()
    from parlour.core.registry import load

    state = load("go", 2, size=9).new(seed=record["seed"])
    for version in range(len(MOVES) + 1):
        for seat in (0, 1, None):
            params = {"version": version, **({"seat": seat} if seat is not None else {})}
            step = client.get(f"/api/tables/{t['table']}/replay", params=params).json()
            assert step["version"] == version and step["versions"] == 3 and step["seat"] == seat
            assert step["view"] == json.loads(json.dumps(state.view(seat)))
            assert step["action"] == (None if version == 0 else {k: record["actions"][version - 1][k]
                                                                   for k in ("seat", "action", "t")})
        if version < len(MOVES):
            state.apply(*MOVES[version])
    last = client.get(f"/api/tables/{t['table']}/replay", params={"seat": 1}).json()
    assert last["version"] == 3 and last["view"]["over"]
    # Backwards after forwards (the server keeps the furthest state it replayed).
    assert client.get(f"/api/tables/{t['table']}/replay", params={"version": 0}).json()["view"]["moves"] == 0


def test_bad_replay_requests_say_what_is_allowed(client):
    t = finished(client)
    cases = [
        ({"version": 4}, 422, "versions 0 (the start) to 3 (the end); got 4"),
        ({"version": -1}, 422, "got -1"),
        ({"seat": 2}, 422, "seats 0 to 1"),
        ({"seat": "north"}, 422, "seat"),
    ]
    for params, status, message in cases:
        r = client.get(f"/api/tables/{t['table']}/replay", params=params)
        assert r.status_code == status, r.text
        assert message in r.json()["detail"], r.json()
    assert client.get("/api/tables/nope/replay").status_code == 404


def test_open_tables_are_listed_and_joined_and_unlisted_ones_never_shown(client):
    hidden = go_table(client)
    listed = go_table(client, listed=True)
    assert listed["listed"] and listed["seats"][1] == {"seat": 1, "kind": "human", "name": "Bo", "open": True}
    assert "token" in listed["seats"][0]  # the creator's seat
    shown = client.get("/api/open").json()
    assert [(o["table"], o["free"]) for o in shown] == [(listed["table"], [1])]
    assert hidden["table"] not in json.dumps(shown) and "token" not in json.dumps(shown)
    r = client.post(f"/api/tables/{listed['table']}/join", json={})
    assert r.status_code == 200, r.text
    joined = r.json()
    assert joined["seat"] == 1 and joined["invite_url"] == f"/t/{listed['table']}?token={joined['token']}"
    with client.websocket_connect(joined["invite_url"].replace("/t/", "/ws/")) as ws:
        assert receive_until(ws, is_type("state"))["seat"] == 1
    assert client.get("/api/open").json() == []
    r = client.post(f"/api/tables/{listed['table']}/join")
    assert r.status_code == 409 and "every open seat" in r.json()["detail"]


def test_bad_listings_and_joins_are_refused(client):
    r = client.post("/api/tables", json={"game": "go", "listed": True,
                                         "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]})
    assert r.status_code == 422 and "a listed table needs a seat for someone from the list" in r.json()["detail"]
    hidden = go_table(client)
    listed = go_table(client, listed=True)
    over = finished(client, listed=True)
    cases = [
        (f"/api/tables/{hidden['table']}/join", {}, 403, "is not listed"),
        ("/api/tables/nope/join", {}, 404, "there is no table 'nope'"),
        (f"/api/tables/{listed['table']}/join", {"seat": 0}, 422, "open seats are 1; got 0"),
        (f"/api/tables/{listed['table']}/join", {"seat": "one"}, 422, "seat"),
        (f"/api/tables/{over['table']}/join", {}, 409, "is over"),
    ]
    for url, body, status, message in cases:
        r = client.post(url, json=body)
        assert r.status_code == status, (url, r.text)
        assert message in r.json()["detail"], r.json()
    assert [o["table"] for o in client.get("/api/open").json()] == [listed["table"]]
    assert client.post(f"/api/tables/{listed['table']}/join", json={"seat": 1}).json()["seat"] == 1
    r = client.post(f"/api/tables/{listed['table']}/join", json={"seat": 1})
    assert r.status_code == 409 and "seat 1 of table" in r.json()["detail"] and "no seat is free" in r.json()["detail"]


def test_a_replay_counts_moves_not_the_tables_own_entries(client):
    # A table that waited for its players logs "start" (no seat) before the first move; the replay's versions are
    # the live table's: moves and timeouts only.
    t = go_table(client, wait_for_players=True)
    with client.websocket_connect(f"/ws/{t['table']}?token={t['seats'][0]['token']}") as ws:
        latest_state(ws)
        ws.send_text(json.dumps({"type": "start"}))
        assert receive_until(ws, is_type("state"))["table"]["started"]
    play(client, t, MOVES)
    logged = [a["action"] for a in client.get(f"/api/tables/{t['table']}/record").json()["actions"]]
    assert logged == ["start"] + [action for _, action in MOVES]
    steps = [client.get(f"/api/tables/{t['table']}/replay", params={"version": v}).json() for v in range(4)]
    assert [s["versions"] for s in steps] == [3] * 4
    assert [s["action"] and s["action"]["action"] for s in steps] == [None] + [action for _, action in MOVES]
    assert steps[3]["view"]["over"] and steps[0]["view"]["moves"] == 0
