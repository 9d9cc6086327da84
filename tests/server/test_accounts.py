"""Optional accounts (issue 29.1): passkeys, sessions, recovery, names, limits, claimed seats, deletion.

The passkeys here come from :class:`Authenticator`, a software authenticator that answers the server's WebAuthn
options as a browser's platform authenticator does (ES256, "none" attestation), so that the API is tested end to end
through the real ``webauthn`` verification. The browser test (tests/web/test_accounts_page.py) uses Chromium's own.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import time
from typing import Any

import cbor2
import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from fastapi.testclient import TestClient
from postgres import both_databases
from server_wire import Seat, new_table

from parlour.core.record import Record
from parlour.server import create_app
from parlour.server.accounts import FORMER
from parlour.server.limits import Limits

ORIGIN = "http://testserver"  # the TestClient's own host: the relying party is the host the request came to


@pytest.fixture
def client(db_url: str):
    """The app in process, its sign-up limit raised: these tests sign many people up from one address (the limits
    have their own test)."""
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits(signups_per_minute=100))) as c:
        yield c


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Authenticator:
    """One device's passkeys: makes a credential for ``create`` options, signs ``get`` options with it."""

    def __init__(self, origin: str = ORIGIN) -> None:
        self.origin = origin
        self.keys: dict[bytes, tuple[ec.EllipticCurvePrivateKey, bytes, str]] = {}  # id → (key, user handle, rp)
        self.count = 0

    def _client_data(self, kind: str, challenge: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": self.origin,
                           "crossOrigin": False}).encode()

    def create(self, options: dict[str, Any]) -> dict[str, Any]:
        key = ec.generate_private_key(ec.SECP256R1())
        numbers = key.public_key().public_numbers()
        cose = cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})
        cid = secrets.token_bytes(16)
        rp = options["rp"]["id"]
        self.keys[cid] = (key, unb64(options["user"]["id"]), rp)
        auth_data = (hashlib.sha256(rp.encode()).digest() + bytes([0x45]) + (0).to_bytes(4, "big")
                     + bytes(16) + len(cid).to_bytes(2, "big") + cid + cose)
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        return {"id": b64(cid), "rawId": b64(cid), "type": "public-key", "clientExtensionResults": {},
                "response": {"clientDataJSON": b64(self._client_data("webauthn.create", options["challenge"])),
                             "attestationObject": b64(attestation)}}

    def get(self, options: dict[str, Any], cid: bytes | None = None) -> dict[str, Any]:
        cid = cid or list(self.keys)[-1]  # the newest passkey
        key, handle, rp = self.keys[cid]
        self.count += 1
        auth_data = hashlib.sha256(options["rpId"].encode()).digest() + bytes([0x05]) + self.count.to_bytes(4, "big")
        client_data = self._client_data("webauthn.get", options["challenge"])
        signature = key.sign(auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        return {"id": b64(cid), "rawId": b64(cid), "type": "public-key", "clientExtensionResults": {},
                "response": {"clientDataJSON": b64(client_data), "authenticatorData": b64(auth_data),
                             "signature": b64(signature), "userHandle": b64(handle)}}


def sign_up(client: TestClient, device: Authenticator, name: str = "Ana", **extra: Any) -> dict[str, Any]:
    r = client.post("/api/account/signup/options", json={"name": name, **extra})
    assert r.status_code == 200, r.text
    body = r.json()
    r = client.post("/api/account/signup", json={"ceremony": body["ceremony"],
                                                 "credential": device.create(body["options"])})
    assert r.status_code == 201, r.text
    return r.json()


def sign_in(client: TestClient, device: Authenticator) -> Any:
    body = client.post("/api/account/signin/options").json()
    return client.post("/api/account/signin", json={"ceremony": body["ceremony"],
                                                    "credential": device.get(body["options"])})


@both_databases
def test_sign_up_sign_out_sign_in_with_a_passkey(client):
    assert client.get("/api/account").status_code == 401
    device = Authenticator()
    made = sign_up(client, device, "Ana", email="ana@example.org")
    assert made["name"] == "Ana" and len(made["recovery_code"]) == 23
    cookie = client.cookies.get("parlour_session")
    assert cookie
    me = client.get("/api/account").json()
    assert me["name"] == "Ana" and me["email"] == "ana@example.org" and me["passkeys"] == 1
    out = client.post("/api/account/signout")
    assert out.status_code == 204 and "parlour_session" not in client.cookies
    # the old session id is gone from the server, not only from this cookie jar
    client.cookies.set("parlour_session", cookie)
    assert client.get("/api/account").status_code == 401
    client.cookies.clear()
    r = sign_in(client, device)
    assert r.status_code == 200 and r.json()["name"] == "Ana"
    assert client.get("/api/account").json()["name"] == "Ana"


def test_the_session_cookie_is_httponly_and_samesite_and_stored_hashed(client):
    r = client.post("/api/account/signup/options", json={"name": "Bo"})
    device = Authenticator()
    r = client.post("/api/account/signup", json={"ceremony": r.json()["ceremony"],
                                                 "credential": device.create(r.json()["options"])})
    header = r.headers["set-cookie"].lower()
    assert "httponly" in header and "samesite=lax" in header and "secure" not in header  # plain http here
    session = client.cookies.get("parlour_session")
    from sqlalchemy import select

    from parlour.server.accounts_store import accounts, sessions

    async def stored() -> list:
        async with client.app.state.lobby.store.engine.connect() as conn:
            return [*(await conn.execute(select(sessions))).all(), *(await conn.execute(select(accounts))).all()]
    rows = str(client.portal.call(stored))
    assert session not in rows and r.json()["recovery_code"] not in rows


def test_ceremony_failures_are_each_a_clear_4xx(client):
    device = Authenticator()
    body = client.post("/api/account/signup/options", json={"name": "Cleo"}).json()
    good = device.create(body["options"])
    # another origin's answer (a phishing page's): refused, and the ceremony is spent
    wrong = Authenticator("https://evil.example").create(body["options"])
    r = client.post("/api/account/signup", json={"ceremony": body["ceremony"], "credential": wrong})
    assert r.status_code == 400 and "does not check out" in r.json()["detail"]
    r = client.post("/api/account/signup", json={"ceremony": body["ceremony"], "credential": good})
    assert r.status_code == 400 and "no signup is under way" in r.json()["detail"]
    r = client.post("/api/account/signup", json={"ceremony": "nope", "credential": {}})
    assert r.status_code == 400 and "ask for new options" in r.json()["detail"]
    body = client.post("/api/account/signup/options", json={"name": "Cleo"}).json()
    r = client.post("/api/account/signup", json={"ceremony": body["ceremony"], "credential": {"id": "x"}})
    assert r.status_code == 400 and r.json()["detail"].startswith("credential:")
    # a sign-in answered by a passkey the server does not know, or with another ceremony's challenge
    sign_up(client, device, "Cleo")
    stranger = Authenticator()
    stranger.create(client.post("/api/account/signup/options", json={"name": "Dee"}).json()["options"])
    r = sign_in(client, stranger)
    assert r.status_code == 400 and "signs in no account here" in r.json()["detail"]
    first = client.post("/api/account/signin/options").json()
    second = client.post("/api/account/signin/options").json()
    r = client.post("/api/account/signin", json={"ceremony": second["ceremony"],
                                                 "credential": device.get(first["options"])})
    assert r.status_code == 400 and "does not check out" in r.json()["detail"]
    # a sign-up ceremony's id is no sign-in's
    r = client.post("/api/account/signin", json={"ceremony": body["ceremony"],
                                                 "credential": device.get(first["options"])})
    assert r.status_code == 400
    r = client.post("/api/account/signup", json={"ceremony": "x"})
    assert r.status_code == 422 and r.json()["detail"].startswith("credential:")
    # what needs a session says so
    client.post("/api/account/signout")
    for r in [client.post("/api/account/passkeys/options"), client.get("/api/account/tables"),
              client.delete("/api/account"), client.post("/api/account/seats", json={"token": "t"})]:
        assert r.status_code == 401 and "not signed in" in r.json()["detail"]


@pytest.mark.parametrize("name, says", [
    ("A", "2 to 32 characters"), ("x" * 33, "2 to 32 characters"), ("Ana<script>", "not '<'"),
    ("-Ana", "begin and end with a letter"), ("Ana\x00", "not '\\x00'"), ("1234", "must hold a letter"),
    ("Аna", "mixes Cyrillic and Latin"), ("Ana😀", "not '😀'"),
])
def test_names_that_break_the_rules_are_refused_with_what_is_allowed(client, name, says):
    r = client.post("/api/account/signup/options", json={"name": name})
    assert r.status_code == 422 and says in r.json()["detail"], r.text


def test_taken_and_confusable_names_are_refused(client):
    sign_up(client, Authenticator(), "Will Smith")
    client.post("/api/account/signout")
    for name in ["will smith", "WILL SMITH", "Wi1l Smith", "Will-Smith", "Wil Smith", "Ｗｉｌｌ Ｓｍｉｔｈ"]:
        r = client.post("/api/account/signup/options", json={"name": name})
        assert r.status_code == 409 and "taken, or looks like a name that is" in r.json()["detail"], name
    # all-Cyrillic look-alikes: one script, but the same skeleton
    sign_up(client, Authenticator(), "pope")
    r = client.post("/api/account/signup/options", json={"name": "роре"})
    assert r.status_code == 409
    assert client.post("/api/account/signup/options", json={"name": "Dušan"}).status_code == 200


def test_sign_ups_and_sign_ins_are_limited_per_address(db_url):
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits(signups_per_minute=2,
                                                                     signins_per_minute=3))) as c:
        for name in ["Ana", "Bo"]:
            assert c.post("/api/account/signup/options", json={"name": name}).status_code == 200
        r = c.post("/api/account/signup/options", json={"name": "Cy"})
        assert r.status_code == 429 and 0 < int(r.headers["retry-after"]) <= 60
        assert "at most 2 sign-ups a minute from one address" in r.json()["detail"]
        r = c.post("/api/account/recover", json={"name": "Ana", "code": "x"})
        assert r.status_code == 429
        for _ in range(3):
            assert c.post("/api/account/signin/options").status_code == 200
        r = c.post("/api/account/signin/options")
        assert r.status_code == 429 and "sign-ins a minute" in r.json()["detail"] and r.headers["retry-after"]


def test_a_second_device_and_the_recovery_code(client):
    laptop, phone = Authenticator(), Authenticator()
    code = sign_up(client, laptop, "Eve")["recovery_code"]
    options = client.post("/api/account/passkeys/options").json()
    assert [unb64(c["id"]) for c in options["options"]["excludeCredentials"]] == list(laptop.keys)
    r = client.post("/api/account/passkeys", json={"ceremony": options["ceremony"],
                                                   "credential": phone.create(options["options"])})
    assert r.status_code == 201 and r.json()["passkeys"] == 2
    client.post("/api/account/signout")
    assert sign_in(client, phone).json()["name"] == "Eve"
    client.post("/api/account/signout")
    # the recovery code: wrong ones refused alike, the right one signs in once and is replaced
    for name, given in [("Eve", "abcde-fghjk-mnpqr-stuvw"), ("Nobody", code)]:
        r = client.post("/api/account/recover", json={"name": name, "code": given})
        assert r.status_code == 403 and "no account has this name with this code" in r.json()["detail"]
    r = client.post("/api/account/recover", json={"name": "eve", "code": code.upper().replace("-", " ")})
    assert r.status_code == 200 and r.json()["name"] == "Eve" and r.json()["recovery_code"] != code
    assert client.get("/api/account").json()["name"] == "Eve"
    new = Authenticator()
    options = client.post("/api/account/passkeys/options").json()
    assert client.post("/api/account/passkeys", json={"ceremony": options["ceremony"],
                                                      "credential": new.create(options["options"])}).status_code == 201
    client.post("/api/account/signout")
    assert client.post("/api/account/recover", json={"name": "Eve", "code": code}).status_code == 403
    assert sign_in(client, new).json()["name"] == "Eve"


def test_the_email_is_stored_and_shown(client):
    sign_up(client, Authenticator(), "Fay")
    assert client.get("/api/account").json()["email"] is None
    r = client.put("/api/account/email", json={"email": "fay@example.org"})
    assert r.status_code == 200 and r.json()["email"] == "fay@example.org"
    r = client.put("/api/account/email", json={"email": "not an address"})
    assert r.status_code == 422 and r.json()["detail"].startswith("email:")
    assert client.put("/api/account/email", json={"email": ""}).json()["email"] is None


@both_databases
def test_a_signed_in_person_claims_seats_and_they_are_her_tables(client):
    first, second = new_table(client), new_table(client)
    r = client.post("/api/account/signup/options", json={"name": "Gus"})
    sign_up(client, Authenticator(), "Gus")
    token = first["seats"][0]["token"]
    r = client.post("/api/account/seats", json={"token": token})
    assert r.status_code == 201 and r.json()["table"] == first["table"]
    assert client.post("/api/account/seats", json={"token": token}).status_code == 200
    assert client.post("/api/account/seats", json={"token": second["seats"][1]["token"]}).status_code == 201
    r = client.post("/api/account/seats", json={"token": "nosuchtoken"})
    assert r.status_code == 422 and "no seat has this token" in r.json()["detail"]
    mine = client.get("/api/account/tables").json()
    assert [(e["table"], e["seat"]) for e in mine] == [(second["table"], 1), (first["table"], 0)]
    # the seat links keep working without the account
    assert client.get(f"/api/tables?tokens={token}").json()[0]["seat"] == 0


def play_out(client: TestClient, table: dict[str, Any]) -> None:
    """Play both human seats to the end of the match, the first legal move each time (no bots: nothing to wait for)."""
    with client.websocket_connect(f"/ws/{table['table']}?token={table['seats'][0]['token']}") as a, \
            client.websocket_connect(f"/ws/{table['table']}?token={table['seats'][1]['token']}") as b:
        seats = [Seat(a), Seat(b)]
        for seat in seats:
            seat.until(lambda view: True)
        for _ in range(3000):
            newest = max((s.state for s in seats if s.state), key=lambda state: state["version"])
            if newest["view"]["over"]:
                return
            mover = seats[newest["view"]["to_act"][0]]
            while mover.state["version"] < newest["version"]:
                mover.read()
            version = mover.state["version"]
            mover.play(mover.state["view"]["legal"][0])
            time.sleep(0.06)  # a socket may send 20 messages a second
            while mover.state["version"] <= version:
                mover.read()
    raise AssertionError("the match did not end")


@both_databases
def test_deleting_an_account_anonymises_its_seats_and_records_still_verify(client):
    table = new_table(client, [{"kind": "human", "name": "Hal"}, {"kind": "human", "name": "Ida"}],
                      options={"target": 11})
    other = new_table(client)
    device = Authenticator()
    sign_up(client, device, "Hal", email="hal@example.org")
    assert client.post("/api/account/seats", json={"token": table["seats"][0]["token"]}).status_code == 201
    play_out(client, table)
    before = client.get(f"/api/tables/{table['table']}/record").json()
    assert client.delete("/api/account").status_code == 204
    assert client.get("/api/account").status_code == 401
    assert sign_in(client, device).status_code == 400  # its passkeys are gone
    # the name is free again, and the old session is no session
    client.post("/api/account/signup/options", json={"name": "Hal"}).raise_for_status()
    assert [s.get("name") for s in client.get(f"/api/tables/{table['table']}").json()["seats"]] == [FORMER, "Ida"]
    record = client.get(f"/api/tables/{table['table']}/record").json()
    assert record["actions"] == before["actions"] and record["seed"] == before["seed"]
    final = Record.from_dict(record).verify()
    assert final.over and Record.from_dict(record).proof()[0]
    # the table's row names the seat anonymously once the table is read from the log again
    async def names() -> list:
        found = await client.app.state.lobby.store.table(table["table"])
        return [s.name for s in found[1]]
    assert client.portal.call(names) == [FORMER, "Ida"]
    # another table's seats are untouched
    async def other_names() -> list:
        return [s.name for s in (await client.app.state.lobby.store.table(other["table"]))[1]]
    assert client.portal.call(other_names) == ["Ana", "Bo"]
