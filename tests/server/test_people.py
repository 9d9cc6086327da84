"""Personal links (issue 26.3, contract D): a secret that lists the seats added to it, for any device."""

from __future__ import annotations

from fastapi.testclient import TestClient
from postgres import both_databases
from server_wire import new_table

from parlour.server import create_app, people
from parlour.server.limits import Limits


def steady(entries: list[dict]) -> list[dict]:
    """Entries less what changes between two reads (how long an absent person has been away)."""
    return [{**e, "seats": [{k: v for k, v in s.items() if k != "away"} for s in e["seats"]]} for e in entries]


def make(client) -> str:
    r = client.post("/api/people")
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["url"] == f"/me/{body['secret']}" and len(body["secret"]) >= 22
    return body["secret"]


@both_databases
def test_a_personal_link_lists_the_seats_added_to_it_as_my_tables_does(client):
    secret = make(client)
    assert client.get(f"/api/people/{secret}/tables").json() == []
    first, second = new_table(client), new_table(client, [{"kind": "human", "name": "Ana"},
                                                          {"kind": "bot", "level": "random"}])
    ana, bo = first["seats"][0]["token"], second["seats"][0]["token"]
    r = client.post(f"/api/people/{secret}/tables", json={"token": ana})
    assert r.status_code == 201 and r.json()["table"] == first["table"] and r.json()["seat"] == 0
    assert client.post(f"/api/people/{secret}/tables", json={"token": bo}).status_code == 201
    listed = client.get(f"/api/people/{secret}/tables").json()
    # the same entries as the lobby's "my tables" asks for, last added first
    mine = client.get(f"/api/tables?tokens={ana},{bo}").json()
    assert steady(listed) == steady([mine[1], mine[0]])
    assert [e["table"] for e in listed] == [second["table"], first["table"]]
    assert listed[1]["invite_url"] == first["seats"][0]["invite_url"]
    # another person's seat at the same table is not shown: only the seat added, and no other token
    assert first["seats"][1]["token"] not in str(listed)


@both_databases
def test_a_table_added_twice_is_listed_once_and_a_deleted_one_is_gone(client):
    secret, t = make(client), new_table(client)
    token = t["seats"][1]["token"]
    assert client.post(f"/api/people/{secret}/tables", json={"token": token}).status_code == 201
    again = client.post(f"/api/people/{secret}/tables", json={"token": token})
    assert again.status_code == 200 and again.json()["seat"] == 1
    assert len(client.get(f"/api/people/{secret}/tables").json()) == 1
    assert client.delete(f"/api/people/{secret}/tables/{t['table']}").status_code == 204
    assert client.get(f"/api/people/{secret}/tables").json() == []
    gone = client.delete(f"/api/people/{secret}/tables/{t['table']}")
    assert gone.status_code == 404 and "is not on this personal link" in gone.json()["detail"]
    # the seat link itself still works, and the seat can be added again
    assert client.get(f"/api/tables?tokens={token}").json()[0]["seat"] == 1
    assert client.post(f"/api/people/{secret}/tables", json={"token": token}).status_code == 201


def test_wrong_secrets_and_tokens_are_refused_with_a_sentence(client):
    secret, t = make(client), new_table(client)
    token = t["seats"][0]["token"]
    for wrong in ["nosuchsecret", secret[:-1], secret + "x", "x" * 300, "a%00b"]:
        for r in [client.get(f"/api/people/{wrong}/tables"),
                  client.post(f"/api/people/{wrong}/tables", json={"token": token}),
                  client.delete(f"/api/people/{wrong}/tables/{t['table']}")]:
            assert r.status_code == 404 and "no such personal link" in r.json()["detail"], (wrong, r.text)
    for body in [{"token": "nosuchtoken"}, {"token": t["table"]}, {"token": "a\x00b"}, {"token": ""}]:
        r = client.post(f"/api/people/{secret}/tables", json=body)
        assert r.status_code == 422 and "no seat has this token" in r.json()["detail"], (body, r.text)
    for body in [{}, {"token": 7}, {"token": "x" * 201}]:
        r = client.post(f"/api/people/{secret}/tables", json=body)
        assert r.status_code == 422 and r.json()["detail"].startswith("token:"), (body, r.text)
    # a bot's seat has no token, a spectator none either: nothing to add
    assert client.get(f"/api/people/{secret}/tables").json() == []
    assert client.delete(f"/api/people/{secret}/tables/{t['table']}").status_code == 404


def test_two_links_are_two_lists(client):
    a, b, t = make(client), make(client), new_table(client)
    assert a != b
    client.post(f"/api/people/{a}/tables", json={"token": t["seats"][0]["token"]})
    assert client.get(f"/api/people/{b}/tables").json() == []


def test_the_personal_page_is_served_for_a_known_link_only(client):
    secret = make(client)
    page = client.get(f"/me/{secret}")
    assert page.status_code == 200 and "/static/me.js" in page.text
    for wrong in ["nosuch", "<b>x", "x" * 300]:
        page = client.get(f"/me/{wrong}")
        assert page.status_code == 404 and "No such personal link" in page.text and "<b>x" not in page.text


def test_new_links_are_limited_per_address_and_a_link_holds_so_many_seats(tmp_path, monkeypatch):
    with TestClient(create_app(f"sqlite+aiosqlite:///{tmp_path / 'few.db'}", bot_workers=1,
                               limits=Limits(tables_per_minute=3))) as client:
        secret = make(client)
        make(client)
        r = client.post("/api/people")
        assert r.status_code == 201  # the third of three
        r = client.post("/api/people")
        assert r.status_code == 429 and "new personal links a minute" in r.json()["detail"]
        assert int(r.headers["Retry-After"]) >= 1
        monkeypatch.setattr(people, "MAX_SEATS", 2)
        t = new_table(client)
        for token in [s["token"] for s in t["seats"]]:
            assert client.post(f"/api/people/{secret}/tables", json={"token": token}).status_code == 201
        other = new_table(client)
        r = client.post(f"/api/people/{secret}/tables", json={"token": other["seats"][0]["token"]})
        assert r.status_code == 409 and "its maximum of 2 seats" in r.json()["detail"]
        # both seats of one table (one person playing both): listed both, taken off together
        assert sorted(e["seat"] for e in client.get(f"/api/people/{secret}/tables").json()) == [0, 1]
        assert client.delete(f"/api/people/{secret}/tables/{t['table']}").status_code == 204
        assert client.get(f"/api/people/{secret}/tables").json() == []
