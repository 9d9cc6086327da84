"""Notifications, server side: Web Push to a push service the test runs on loopback (the payload decrypted with the
test's own subscription keys, RFC 8291; the VAPID JWT checked, RFC 8292), e-mail to aiosmtpd on loopback with its
one-click unsubscribe link, once-only sending with two notifiers racing, and the API's refusals."""

from __future__ import annotations

import asyncio
import re
import time
from contextlib import ExitStack
from email import message_from_bytes, policy
from typing import Any, Iterator

import pytest
from aiosmtpd.controller import Controller
from conftest import free_port
from fastapi.testclient import TestClient
from postgres import both_databases
from push_endpoint import Device, PushEndpoint, vapid_claims
from server_wire import TWO_HUMANS, is_type, new_table, receive_until

from parlour.core.i18n import Message, game_translator, using
from parlour.core.registry import game_class, load
from parlour.server import create_app
from parlour.server.notify import Notifier, NotifyConfig, title_of, your_move
from parlour.server.storage import SeatRow, Store, TableRow

#: A card code as the wire writes them (Giacomotto's: 7H, 10D, KS...): none may be in a notification.
CARD = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b")
#: The game's name, as notifications say it in English.
GAME = game_class("giacomotto").title


@pytest.fixture
def endpoint() -> Iterator[PushEndpoint]:
    service = PushEndpoint()
    yield service
    service.close()


class Mailbox:
    """What aiosmtpd on loopback was handed."""

    def __init__(self) -> None:
        self.mails: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        self.mails.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"


@pytest.fixture
def mailbox() -> Iterator[tuple[Mailbox, int]]:
    box = Mailbox()
    port = free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    yield box, port
    controller.stop()


def app_client(db_url: str, **config: Any) -> TestClient:
    return TestClient(create_app(db_url, bot_workers=1, notify=NotifyConfig(insecure_push=True, **config)))


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with app_client(db_url) as c:
        yield c


def settle(client: TestClient) -> None:
    """Wait until the notifications under way have gone out (the notifier's tasks are done)."""
    client.portal.call(client.app.state.lobby.notifier.close)


def url(table: dict[str, Any], seat: int, path: str = "notifications") -> str:
    return f"/api/tables/{table['table']}/{path}?token={table['seats'][seat]['token']}"


def mover_socket(client: TestClient, table: dict[str, Any], stack: ExitStack) -> tuple[Any, dict[str, Any]]:
    """The socket of the seat to act first (the other seat stays away) and its first state."""
    for seat in (0, 1):
        sock = stack.enter_context(client.websocket_connect(f"/ws/{table['table']}?token="
                                                            f"{table['seats'][seat]['token']}"))
        state = receive_until(sock, is_type("state"))
        if state["view"]["to_act"] == [seat]:
            return sock, state
        sock.close()
    raise AssertionError("neither seat is to act")


def play_one(sock: Any, state: dict[str, Any]) -> dict[str, Any]:
    sock.send_json({"type": "action", "action": state["view"]["legal"][-1], "version": state["version"]})
    return receive_until(sock, lambda m: m["type"] == "state" and m["version"] == state["version"] + 1)


def hands(client: TestClient, table_id: str) -> list[str]:
    state = client.app.state.lobby.tables[table_id].state
    return [card for seat in (0, 1) for card in state.view(seat)["hand"]]


def test_a_push_says_only_whose_move_where_with_her_link(client, endpoint):
    table = new_table(client)
    device = Device()
    key = client.get("/api/push/key").json()["key"]
    with ExitStack() as stack:
        sock, state = mover_socket(client, table, stack)
        away = 1 - state["seat"]
        r = client.put(url(table, away), json={"push": device.subscription(endpoint.url("phone"))})
        assert r.status_code == 200, r.text
        assert r.json() == {"events": ["move", "chat", "end"], "push": 1, "email": None, "smtp": False}
        held = hands(client, table["table"])
        play_one(sock, state)
        settle(client)
    [push] = endpoint.wait(1)
    payload = device.read(push)
    link = f"/t/{table['table']}?token={table['seats'][away]['token']}"
    assert payload == {"title": GAME, "body": f"Your move at {GAME}", "url": link,
                       "tag": f"{table['table']}-{away}"}
    text = push.body.decode("latin-1") + str(payload)
    assert not CARD.search(str(payload)) and not any(card in str(payload).split() for card in held)
    assert "hand" not in text and "legal" not in text
    claims = vapid_claims(push.headers["authorization"], key)
    assert claims["aud"] == endpoint.origin and claims["sub"].startswith("mailto:")
    assert time.time() < claims["exp"] <= time.time() + 86400
    assert int(push.headers["ttl"]) > 3600  # kept for a device that is off


def test_the_vapid_key_is_made_once_and_kept(db_url):
    with app_client(db_url) as c:
        first = c.get("/api/push/key").json()["key"]
    with app_client(db_url) as c:
        assert c.get("/api/push/key").json()["key"] == first


def test_no_push_while_the_seat_has_its_page_open(client, endpoint):
    table = new_table(client)
    with ExitStack() as stack:
        sock, state = mover_socket(client, table, stack)
        away = 1 - state["seat"]
        other = stack.enter_context(client.websocket_connect(f"/ws/{table['table']}?token="
                                                             f"{table['seats'][away]['token']}"))
        receive_until(other, is_type("state"))
        assert client.put(url(table, away), json={"push": Device().subscription(endpoint.url("open"))}).status_code == 200
        play_one(sock, state)
        receive_until(other, lambda m: m["type"] == "state" and m["version"] == 1)
        settle(client)
    assert endpoint.received == [] and client.app.state.lobby.notifier.sent == []


def test_a_chat_line_says_who_wrote_never_what(client, endpoint):
    table = new_table(client)
    device = Device()
    with ExitStack() as stack:
        sock, state = mover_socket(client, table, stack)
        away = 1 - state["seat"]
        client.put(url(table, away), json={"events": ["chat"], "push": device.subscription(endpoint.url("c"))})
        sock.send_json({"type": "chat", "text": "I hold the seven of hearts"})
        receive_until(sock, is_type("chat"))
        sock.send_json({"type": "chat", "text": "and you?"})  # the same conversation: not told again
        receive_until(sock, is_type("chat"))
        settle(client)
        play_one(sock, state)  # "move" is not chosen: nothing for it
        settle(client)
    [push] = endpoint.wait(1)
    payload = device.read(push)
    name = TWO_HUMANS[state["seat"]]["name"]
    assert payload["body"] == f"{name} wrote to you at {GAME}"
    assert "seven" not in str(payload) and not CARD.search(str(payload))


def test_the_body_is_in_the_seats_language(client, endpoint):
    table = new_table(client)
    device = Device()
    with ExitStack() as stack:
        sock, state = mover_socket(client, table, stack)
        away = 1 - state["seat"]
        client.put(url(table, away), json={"push": device.subscription(endpoint.url("sl"))},
                   headers={"Accept-Language": "sl-SI,sl;q=0.9"})
        play_one(sock, state)
        settle(client)
    payload = device.read(endpoint.wait(1)[0])
    with using("sl"):
        title = game_translator(game_class("giacomotto")).t(GAME)
    assert payload == {**payload, "title": title, "body": f"Na potezi si: {title}"}


def test_a_gone_subscription_is_removed(client, endpoint):
    table = new_table(client)
    endpoint.status["/push/thrown-away"] = 410
    with ExitStack() as stack:
        sock, state = mover_socket(client, table, stack)
        away = 1 - state["seat"]
        client.put(url(table, away), json={"push": Device().subscription(endpoint.url("thrown-away"))})
        client.put(url(table, away), json={"push": Device().subscription(endpoint.url("kept"))})
        assert client.get(url(table, away)).json()["push"] == 2
        play_one(sock, state)
        settle(client)
    assert sorted(p.path for p in endpoint.wait(2)) == ["/push/kept", "/push/thrown-away"]
    assert client.get(url(table, away)).json()["push"] == 1


def test_a_device_unsubscribes(client, endpoint):
    table = new_table(client)
    sub = Device().subscription(endpoint.url("laptop"))
    assert client.put(url(table, 0), json={"push": sub}).json()["push"] == 1
    assert client.put(url(table, 0), json={"push": sub}).json()["push"] == 1  # the same device: one subscription
    asked = {"token": table["seats"][0]["token"], "endpoint": sub["endpoint"]}
    assert client.get(f"/api/tables/{table['table']}/notifications", params=asked).json()["device"] is True
    asked["endpoint"] = endpoint.url("another")
    assert client.get(f"/api/tables/{table['table']}/notifications", params=asked).json()["device"] is False
    r = client.delete(f"/api/tables/{table['table']}/notifications/push",
                      params={"token": table["seats"][0]["token"], "endpoint": sub["endpoint"]})
    assert r.status_code == 200 and r.json()["push"] == 0


@both_databases
def test_two_processes_send_an_event_once(db_url, endpoint):
    """Two notifiers on one database (as two server processes) raise the same event at the same moment: one
    sends it. A new key is sent again, once."""
    device = Device()

    async def run() -> None:
        a, b = await Store.open(db_url), await Store.open(db_url)
        try:
            await a.add_table(TableRow("t1", "giacomotto", 2, {}, 7, "salt", "c0ffee", None, 0.0),
                              [SeatRow(0, "human", None, "Ann", "tok0"), SeatRow(1, "human", None, "Bo", "tok1")])
            one, two = Notifier(a, NotifyConfig(insecure_push=True)), Notifier(b, NotifyConfig(insecure_push=True))
            await asyncio.gather(one.start(), two.start())
            assert one.public_key() == two.public_key()
            sub = device.subscription(endpoint.url("race"))
            await one.rows.choose("t1", 1, "en")
            await one.rows.subscribe("t1", 1, sub["endpoint"], sub["keys"]["p256dh"], sub["keys"]["auth"], 0.0, 10)
            for key in ("3", "3", "5"):
                await asyncio.gather(*(n.event("t1", 1, "move", key, your_move("giacomotto")) for n in (one, two)))
            assert len(one.sent) + len(two.sent) == 2
        finally:
            await a.close()
            await b.close()

    asyncio.run(run())
    pushes = endpoint.wait(2)
    assert len(pushes) == 2 and all(device.read(p)["body"] == f"Your move at {GAME}" for p in pushes)


def test_a_mail_with_its_link_and_one_click_unsubscribe(db_url, mailbox):
    box, port = mailbox
    with app_client(db_url, smtp=f"smtp://127.0.0.1:{port}", mail_from="parlour@games.test",
                    public_url="https://games.test") as client:
        table = new_table(client)
        with ExitStack() as stack:
            sock, state = mover_socket(client, table, stack)
            away = 1 - state["seat"]
            r = client.put(url(table, away), json={"email": "bo@example.com"})
            assert r.json() == {"events": ["move", "chat", "end"], "push": 0, "email": "b***@example.com",
                                "smtp": True}
            held = hands(client, table["table"])
            state = play_one(sock, state)
            settle(client)
            [mail] = box.mails
            token = table["seats"][away]["token"]
            assert mail["To"] == "bo@example.com" and mail["Subject"] == f"{GAME}: Your move at {GAME}"
            body = mail.get_content()
            assert f"https://games.test/t/{table['table']}?token={token}" in body
            assert not CARD.search(body) and not any(card in body.split() for card in held)
            assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
            unsubscribe = re.fullmatch(r"<https://games\.test(/unsubscribe/[\w-]+)>", mail["List-Unsubscribe"].strip())[1]
            assert unsubscribe in body
            page = client.get(unsubscribe)  # the link in the mail
            assert page.status_code == 200 and "no more mails" in page.text
            assert client.get(url(table, away)).json()["email"] is None
            client.put(url(table, away), json={"email": "bo@example.com"})
            page = client.post(unsubscribe, content="List-Unsubscribe=One-Click",  # a mail program's one click
                               headers={"Content-Type": "application/x-www-form-urlencoded"})
            assert page.status_code == 200 and client.get(url(table, away)).json()["email"] is None
            assert client.get("/unsubscribe/not-a-secret").status_code == 404


@pytest.mark.parametrize("method, path, body, status, words", [
    ("get", "notifications", None, 401, "token"),
    ("put", "notifications", {"events": ["move", "dinner"]}, 422, "move, chat, end"),
    ("put", "notifications", {"events": "move"}, 422, "events"),
    ("put", "notifications", {"email": "not an address"}, 409, "--smtp"),
    ("put", "notifications", {"push": {"endpoint": "ftp://x.example/1", "keys": {"p256dh": "AA", "auth": "AA"}}},
     422, "https URL"),
    ("put", "notifications", {"push": {"endpoint": "https://x.example/1", "keys": {"p256dh": "AA", "auth": "AA"}}},
     422, "65 bytes"),
    ("put", "notifications", {"colour": "red"}, 422, "colour"),
    ("put", "notifications", {"lang": "tlh"}, 422, "languages are"),
    ("delete", "notifications/push", None, 422, "endpoint"),
])
def test_bad_requests_say_what_is_allowed(client, method, path, body, status, words):
    table = new_table(client)
    target = url(table, 0, path) if status != 401 else f"/api/tables/{table['table']}/{path}"
    r = client.request(method.upper(), target, json=body)
    assert r.status_code == status, r.text
    assert words in r.json()["detail"]


def test_a_token_of_another_table_or_no_table(client):
    one, two = new_table(client), new_table(client)
    r = client.get(f"/api/tables/{one['table']}/notifications?token={two['seats'][0]['token']}")
    assert r.status_code == 403 and "seat" in r.json()["detail"]
    r = client.get(f"/api/tables/nosuch/notifications?token={two['seats'][0]['token']}")
    assert r.status_code == 404


def test_smtp_needs_its_addresses():
    with pytest.raises(ValueError, match="--mail-from"):
        NotifyConfig(smtp="smtp://127.0.0.1:25", public_url="https://games.test")
    with pytest.raises(ValueError, match="--public-url"):
        NotifyConfig(smtp="smtp://127.0.0.1:25", mail_from="p@games.test")
    with pytest.raises(ValueError, match="smtps://"):
        NotifyConfig(smtp="mail.example", mail_from="p@games.test", public_url="https://games.test")


def test_the_end_of_the_match_is_told_to_every_person(db_url, endpoint):
    """A table opened one move before the end (a test server's moves at creation); the last move ends the match:
    each person hears of it, the one whose page is open too (the end is told whatever the sockets)."""
    game = load("giacomotto", 2)
    state, moves = game.new(seed=11), []
    while not state.over:
        seat = state.to_act[0]
        action = str(state.legal(seat)[0])
        state.apply(seat, action)
        moves.append((seat, action))
    devices = [Device(), Device()]
    with TestClient(create_app(db_url, bot_workers=1, fixed_seeds=True,
                               notify=NotifyConfig(insecure_push=True))) as client:
        table = new_table(client, seed=11, moves=[list(m) for m in moves[:-1]])
        for seat in (0, 1):
            client.put(url(table, seat), json={"push": devices[seat].subscription(endpoint.url(f"end{seat}"))})
        with ExitStack() as stack:
            sock, state = mover_socket(client, table, stack)
            sock.send_json({"type": "action", "action": moves[-1][1], "version": state["version"]})
            receive_until(sock, is_type("over"))
            settle(client)
    pushes = {p.path: p for p in endpoint.wait(2)}
    for seat in (0, 1):
        payload = devices[seat].read(pushes[f"/push/end{seat}"])
        assert payload["body"] == f"The match at {GAME} is over" and payload["tag"] == f"{table['table']}-{seat}"


def test_a_timeout_goes_to_whoever_chose_moves(db_url, endpoint):
    """The correspondence clocks' event ("timeout", contract A) is sent to a seat that chose "move", once."""
    device = Device()

    async def run() -> list[tuple[str, int, str, str, str, str]]:
        store = await Store.open(db_url)
        try:
            await store.add_table(TableRow("t2", "giacomotto", 2, {}, 7, "salt", "c0ffee", None, 0.0),
                                  [SeatRow(0, "human", None, "Ann", "tok0"), SeatRow(1, "bot", "random", None, None)])
            notifier = Notifier(store, NotifyConfig(insecure_push=True))
            await notifier.start()
            sub = device.subscription(endpoint.url("late"))
            await notifier.rows.choose("t2", 0, "en", events=["move"])
            await notifier.rows.subscribe("t2", 0, sub["endpoint"], sub["keys"]["p256dh"], sub["keys"]["auth"], 0, 10)
            with pytest.raises(ValueError, match="move, chat, end, timeout"):
                await notifier.event("t2", 0, "lunch", "1", "x")
            for _ in range(2):
                await notifier.event("t2", 0, "timeout", "4", Message("Your time ran out at {game}",
                                                                      game=title_of("giacomotto")))
            await notifier.event("t2", 0, "chat", "1.0/1", "not chosen")
            return notifier.sent
        finally:
            await store.close()

    assert [s[2:] for s in asyncio.run(run())] == [("timeout", "4", "push", "sent")]
    [push] = endpoint.wait(1)
    assert device.read(push)["body"] == f"Your time ran out at {GAME}"


def test_a_push_endpoint_on_this_machine_is_refused(db_url):
    """Outside tests the server posts only to push services on the internet (a subscription names the URL)."""
    with TestClient(create_app(db_url, bot_workers=1)) as client:
        table = new_table(client)
        for host in ("127.0.0.1:9", "localhost", "192.168.1.1", "[::1]:80"):
            r = client.put(url(table, 0), json={"push": Device().subscription(f"https://{host}/push/x")})
            assert r.status_code == 422 and "internet" in r.json()["detail"], host
        r = client.put(url(table, 0), json={"push": Device().subscription("http://push.example/x")})
        assert r.status_code == 422 and "https" in r.json()["detail"]


def test_serve_refuses_smtp_without_its_addresses(tmp_path):
    from click.testing import CliRunner

    from parlour.cli.serve import serve

    result = CliRunner().invoke(serve, ["--db", str(tmp_path / "x.db"), "--port", "0", "--smtp", "smtp://127.0.0.1:25"])
    assert result.exit_code == 2 and "--mail-from" in result.output
    result = CliRunner().invoke(serve, ["--db", str(tmp_path / "x.db"), "--port", "0", "--smtp", "smtp://h:25",
                                        "--mail-from", "p@games.test"])
    assert result.exit_code == 2 and "--public-url" in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_mirror_raises_nothing(client, endpoint):
    """In a cluster only the table's owner (the lease holder) raises events: a mirror's copy of the same change
    does not (else each process would try, and the once-row be the only guard)."""
    table = new_table(client)
    client.put(url(table, 1), json={"push": Device().subscription(endpoint.url("m"))})
    client.put(url(table, 0), json={"push": Device().subscription(endpoint.url("m0"))})
    live = client.app.state.lobby.tables[table["table"]]
    notifier = client.app.state.lobby.notifier

    def raise_all() -> int:
        notifier.moved(live, set(), None)  # as if everyone to act had just begun a move
        return len(notifier._tasks)

    live.mirror = True
    try:
        assert client.portal.call(_in_loop, raise_all) == 0
    finally:
        live.mirror = False
    assert client.portal.call(_in_loop, raise_all) == 1
    settle(client)
    assert len(endpoint.wait(1)) == 1


async def _in_loop(call: Any) -> Any:
    return call()
