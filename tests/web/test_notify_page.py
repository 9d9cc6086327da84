"""Notifications in the browser (issue 26, the page's side): the service worker shows a Web Push and brings up its
table when pressed; the table's "Notify me" control subscribes and unsubscribes this device, keeps an e-mail address
and the events chosen, and says every refusal at once; a page open but hidden calls its player back itself (the
title's badge, the Notification API) and clears that when seen again.

The server's notifications API (contract B: ``/api/push/key``, ``/api/tables/{id}/notifications``) is played here
by :class:`FakeNotifications` through Playwright's ``page.route``: these tests are about the page. Headless Chromium
has no push service (``PushManager.subscribe`` is refused with "Registration failed - permission denied"), so the
subscription the browser would get from its push service is a stand-in too (:data:`FAKE_PUSH`); the service worker,
the permission and the notifications themselves are the browser's own. A push is delivered to the worker with the
DevTools protocol's ``ServiceWorker.deliverPushMessage``, as a push service would.

A click on a system notification cannot be simulated (DevTools has no command for it): the test dispatches a
``notificationclick`` event with the notification the worker showed to the worker's real handler. The browser lets
only a person's click focus or open a window (a dispatched event gets "Not allowed to open a window"), so the test
checks what the handler did up to there: it closed the notification and went to open (or focus) the seat's link.
"""

from __future__ import annotations

import base64
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, Page, Route

from browser import VIOLATIONS, LAPTOP, PACE, create_table, csp_violations, overflow, shot, until
from fit import SIZES, off_screen, serious

#: A VAPID public key as the server gives it: base64url (with - and _), no padding, 65 bytes from 0x04.
KEY_BYTES = bytes([4]) + bytes([0xfb, 0xff, 0xbe] * 21) + bytes([7])
KEY = base64.urlsafe_b64encode(KEY_BYTES).decode().rstrip("=")
ENDPOINT = "https://push.example/device-1"

#: The subscription a push service would give this browser (headless Chromium has none).
FAKE_PUSH = """(() => {
  let current = null;
  window.fakePush = { subscribes: 0, unsubscribes: 0, key: null };
  PushManager.prototype.getSubscription = async function () { return current; };
  PushManager.prototype.subscribe = async function (options) {
    window.fakePush.subscribes += 1;
    window.fakePush.key = Array.from(new Uint8Array(options.applicationServerKey));
    const keys = { p256dh: "BFakeP256dh", auth: "FakeAuth" };
    current = { endpoint: "%s", options: { applicationServerKey: options.applicationServerKey, userVisibleOnly: true },
      toJSON: () => ({ endpoint: "%s", expirationTime: null, keys }),
      unsubscribe: async () => { window.fakePush.unsubscribes += 1; current = null; return true; } };
    return current;
  };
})();""" % (ENDPOINT, ENDPOINT)

#: Make the page hidden or shown as a minimised window would: document.hidden, visibilityState, the event.
HIDE = """(hidden) => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => hidden ? "hidden" : "visible" });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


class FakeNotifications:
    """Contract B's notifications API for one seat, as the server will answer it; every request is kept."""

    def __init__(self, smtp: bool = True) -> None:
        self.state: dict[str, Any] = {"events": ["move", "chat", "end"], "push": 0, "email": None, "smtp": smtp}
        self.devices: set[str] = set()
        self.calls: list[tuple[str, str, Any]] = []
        self.refuse: str | None = None  # a detail: the next PUT is refused with it (400)

    def install(self, page: Page) -> None:
        page.route("**/api/push/key", lambda route: route.fulfill(json={"key": KEY}))
        page.route(re.compile(r"/api/tables/[^/?]+/notifications"), self.answer)

    def answer(self, route: Route) -> None:
        request = route.request
        url = urlsplit(request.url)
        query = parse_qs(url.query)
        body = request.post_data_json if request.post_data else None
        self.calls.append((request.method, url.path.rsplit("/", 1)[-1], body if body is not None else query))
        if not query.get("token"):
            route.fulfill(status=403, json={"detail": "this needs the seat's token"})
            return
        if request.method == "PUT":
            if self.refuse:
                detail, self.refuse = self.refuse, None
                route.fulfill(status=400, json={"detail": detail})
                return
            if "events" in body:
                self.state["events"] = body["events"]
            if "push" in body:
                self.devices.add(body["push"]["endpoint"])
            if "email" in body:
                self.state["email"] = None if body["email"] is None else body["email"][0] + "***@" + body["email"].split("@")[1]
        elif request.method == "DELETE":
            self.devices.discard(query["endpoint"][0])
        self.state["push"] = len(self.devices)
        route.fulfill(json=self.state)

    def methods(self) -> list[tuple[str, str]]:
        return [(m, what) for m, what, _ in self.calls]


def seat_page(browser: Browser, url: str, fake: FakeNotifications | None = None, granted: bool = True,
              viewport: dict[str, int] = LAPTOP, push: bool = True) -> Page:
    """The seat's page in a fresh context, under the server's Content-Security-Policy, notifications allowed (or
    not asked yet: ``granted=False``), with the fake API and push service; once its table is drawn."""
    context = browser.new_context(viewport=viewport, permissions=["notifications"] if granted else [])
    context.add_init_script(f"localStorage.setItem('parlour.pace', '{PACE}')")
    context.add_init_script(VIOLATIONS)
    if push:
        context.add_init_script(FAKE_PUSH)
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    if fake:
        fake.install(page)
    page.goto(url)
    until(page, "window.parlour && window.parlour.ctx.view && document.querySelector('#board').children.length")
    return page


def said(page: Page) -> str:
    return page.locator("#notify-panel .notify-said").inner_text()


def go_table(server: str, humans: int = 1) -> dict[str, Any]:
    people: list[str | dict[str, Any]] = [{"kind": "human", "name": n} for n in ("Ana", "Bora")[:humans]]
    return create_table(server, "go", people + ["random"] * (2 - humans), seed=5)


# --- the service worker ---------------------------------------------------------------------------------------------

def registration_id(page: Page, base: str) -> tuple[Any, str]:
    """A DevTools session on the page and the id of this site's service worker registration."""
    cdp = page.context.new_cdp_session(page)
    found: dict[str, str] = {}

    def seen(event: dict[str, Any]) -> None:
        for r in event["registrations"]:
            if r["scopeURL"] == base + "/" and not r["isDeleted"]:
                found["id"] = r["registrationId"]

    cdp.on("ServiceWorker.workerRegistrationUpdated", seen)
    cdp.send("ServiceWorker.enable")
    until(page, "navigator.serviceWorker.ready.then(() => true)")
    deadline = 200
    while "id" not in found and deadline:
        page.wait_for_timeout(50)  # DevTools reports the registrations as events: wait for this site's
        deadline -= 1
    assert "id" in found, "DevTools never reported the site's service worker"
    return cdp, found["id"]


def deliver(page: Page, cdp: Any, base: str, rid: str, data: dict[str, Any], shown: str) -> Any:
    """Deliver a push to the site's worker through DevTools until the page sees ``shown`` (an expression on the
    worker's notifications) truthy: its value. A push service delivers again what was not taken; a busy Chromium
    can lose a push delivered while its worker is being stopped, so this does too, up to three times."""
    for attempt in range(3):
        cdp.send("ServiceWorker.deliverPushMessage", {"origin": base, "registrationId": rid, "data": json.dumps(data)})
        try:
            return until(page, shown, timeout=20.0)
        except AssertionError:
            if attempt == 2:
                raise


def test_a_push_is_shown_and_pressing_it_brings_up_the_seat(parlour_server: str, browser: Browser) -> None:
    table = go_table(parlour_server)
    link = table["seats"][0]["invite_url"]
    context = browser.new_context(viewport=LAPTOP, permissions=["notifications"])
    page = context.new_page()
    page.goto(parlour_server + "/")
    with context.expect_event("serviceworker") as started:
        page.evaluate("navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(() => true)")
    worker = started.value
    assert worker.url == parlour_server + "/sw.js"
    cdp, rid = registration_id(page, parlour_server)
    push = {"title": "Go", "body": "Your move at Go", "url": link, "tag": f"{table['table']}-0"}
    shown = deliver(page, cdp, parlour_server, rid, push, """navigator.serviceWorker.ready.then((r) =>
        r.getNotifications()).then((list) =>
        list.length && list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data.url })))""")
    assert shown == [{"title": "Go", "body": "Your move at Go", "tag": push["tag"], "url": link}]

    # A push naming another site, or without data, opens nothing but this site's lobby.
    other = deliver(page, cdp, parlour_server, rid, {**push, "url": "https://evil.example/x", "tag": "other"},
                    """navigator.serviceWorker.ready.then((r) => r.getNotifications({ tag: "other" }))
        .then((list) => list.length && list[0].data.url)""")
    assert other == "/"

    # Pressed, with no window of the seat open: the worker closes it and opens the seat's link.
    clicked = worker.evaluate(f"""async () => {{
        const [n] = await self.registration.getNotifications({{ tag: {json.dumps(push["tag"])} }});
        self.lastClick = null;
        self.dispatchEvent(new NotificationEvent("notificationclick", {{ notification: n }}));
        while (!self.lastClick || !self.lastClick.settled) await new Promise((r) => setTimeout(r, 20));
        return {{ ...self.lastClick, left: (await self.registration.getNotifications({{ tag: n.tag }})).length }};
    }}""")
    assert clicked["url"] == parlour_server + link and clicked["chose"] == "open" and clicked["left"] == 0
    # Only a person's click may open a window; a dispatched event is refused at that last step, and only there.
    assert clicked.get("done") or "Not allowed to open a window" in clicked["error"], clicked

    # With the seat's page open, pressing it goes to that window instead of opening another. (Another tag: the
    # seat's page, seen, closes its own table's notifications.)
    seat = context.new_page()
    seat.goto(parlour_server + link + "&lang=sl")  # the same seat's page, whatever else its address says
    until(seat, "window.parlour && window.parlour.ctx.view")
    push["tag"] = "again"
    deliver(page, cdp, parlour_server, rid, push, f"""navigator.serviceWorker.ready.then((r) =>
        r.getNotifications({{ tag: {json.dumps(push["tag"])} }})).then((list) => list.length)""")
    clicked = worker.evaluate(f"""async () => {{
        const [n] = await self.registration.getNotifications({{ tag: {json.dumps(push["tag"])} }});
        self.lastClick = null;
        self.dispatchEvent(new NotificationEvent("notificationclick", {{ notification: n }}));
        while (!self.lastClick || !self.lastClick.settled) await new Promise((r) => setTimeout(r, 20));
        return self.lastClick;
    }}""")
    assert clicked["url"] == parlour_server + link and clicked["chose"] == "focus", clicked
    context.close()


# --- Notify me ------------------------------------------------------------------------------------------------------

def test_notify_me_subscribes_this_device_and_stops_it(parlour_server: str, browser: Browser) -> None:
    table = go_table(parlour_server)
    fake = FakeNotifications()
    page = seat_page(browser, parlour_server + table["seats"][0]["invite_url"], fake)
    page.click("#notify")
    page.wait_for_selector("#notify-panel .push-on")
    assert page.get_attribute("#notify", "aria-expanded") == "true"
    assert [page.is_checked(f"#notify-panel input[value={e}]") for e in ("move", "chat", "end")] == [True] * 3

    page.click("#notify-panel .push-on")
    page.wait_for_selector("#notify-panel .push-off")
    assert "This device is notified." in page.inner_text("#notify-panel")
    assert page.evaluate("window.fakePush.key") == list(KEY_BYTES)  # the server's key, read as base64url
    put = [body for m, _, body in fake.calls if m == "PUT"][-1]
    assert put == {"push": {"endpoint": ENDPOINT, "expirationTime": None, "keys": {"p256dh": "BFakeP256dh",
                                                                                   "auth": "FakeAuth"}},
                   "lang": "en"}  # the page's language: the server's notifications are said in it
    assert fake.devices == {ENDPOINT}
    # the service worker that will show the pushes is registered for the whole site
    assert page.evaluate("navigator.serviceWorker.getRegistration('/').then((r) => r && r.scope)") == parlour_server + "/"

    page.click("#notify-panel .push-off")
    page.wait_for_selector("#notify-panel .push-on")
    delete = [(what, body) for m, what, body in fake.calls if m == "DELETE"]
    assert delete == [("push", {"token": [table["seats"][0]["token"]], "endpoint": [ENDPOINT]})]
    assert fake.devices == set() and "This device will not be notified any more." in said(page)
    assert page.evaluate("window.fakePush.unsubscribes") == 1  # no other table of this browser used it

    # Which events: unticking one saves the rest.
    page.uncheck("#notify-panel input[value=chat]")
    until(page, "document.querySelector('#notify-panel .notify-said').textContent === 'Saved.'")
    assert fake.state["events"] == ["move", "end"]
    # A refusal is said at once, and the box shows again what the server keeps.
    fake.refuse = "events must be some of move, chat, end"
    page.click("#notify-panel input[value=end]")  # (uncheck would press again when the box comes back ticked)
    until(page, "!!document.querySelector('#notify-panel .notify-said.error')")
    assert "events must be some of move, chat, end" in said(page)
    assert page.is_checked("#notify-panel input[value=end]") and fake.state["events"] == ["move", "end"]

    # E-mail (the server can send it): the address is kept, shown as the server hides it, and can be stopped.
    page.fill("#notify-email", "ana@example.com")
    page.click("#notify-panel .notify-email button[type=submit]")
    page.wait_for_selector("#notify-panel .email-off")
    assert fake.state["email"] == "a***@example.com" and "Now to a***@example.com." in page.inner_text("#notify-panel")
    page.click("#notify-panel .email-off")
    page.wait_for_selector("#notify-panel .email-off", state="detached")
    assert [body for m, _, body in fake.calls if m == "PUT"][-1] == {"email": None, "lang": "en"}
    page.fill("#notify-email", "not an address")
    page.click("#notify-panel .notify-email button[type=submit]")
    until(page, "!!document.querySelector('#notify-panel .notify-said.error')")
    assert "Write an e-mail address" in said(page)

    page.click("#notify-panel .notify-close")
    assert page.is_hidden("#notify-panel") and page.get_attribute("#notify", "aria-expanded") == "false"
    page.click("#notify")
    page.press("#notify-email", "Escape")  # Escape closes it too, and gives the focus back to the bell
    assert page.is_hidden("#notify-panel") and page.evaluate("document.activeElement.id") == "notify"
    assert csp_violations(page) == [] and page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_notify_me_says_a_blocked_permission_plainly(parlour_server: str, browser: Browser) -> None:
    table = go_table(parlour_server)
    fake = FakeNotifications(smtp=False)
    page = seat_page(browser, parlour_server + table["seats"][0]["invite_url"], fake, granted=False)
    page.click("#notify")
    page.wait_for_selector("#notify-panel .push-on")
    assert page.locator("#notify-email").count() == 0  # no e-mail without --smtp
    page.click("#notify-panel .push-on")  # headless Chromium answers the prompt with "denied"
    until(page, "!!document.querySelector('#notify-panel .notify-said.error')")
    assert page.evaluate("Notification.permission") == "denied"
    assert "Notifications are blocked for this site in your browser." in said(page)
    assert page.get_attribute("#notify-panel .notify-said", "role") == "alert"
    assert fake.devices == set() and page.evaluate("window.fakePush.subscribes") == 0
    page.context.close()


def test_a_spectator_has_no_notify_me(parlour_server: str, browser: Browser) -> None:
    table = go_table(parlour_server)
    page = seat_page(browser, parlour_server + table["spectator_url"], FakeNotifications())
    assert page.locator("#notify").count() == 0
    page.context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_notify_me_fits_and_passes_axe(parlour_server: str, browser: Browser, size: str) -> None:
    table = go_table(parlour_server)
    page = seat_page(browser, parlour_server + table["seats"][0]["invite_url"], FakeNotifications(),
                     viewport=SIZES[size])
    page.click("#notify")
    page.wait_for_selector("#notify-panel .push-on")
    assert overflow(page) == 0
    assert off_screen(page, "#notify", "#notify-panel h2", "#notify-panel button", "#notify-panel input",
                      "#notify-panel .notify-event") == []
    assert serious(page) == []
    small = page.evaluate("""[...document.querySelectorAll('#notify, #notify-panel button, #notify-panel label')]
        .filter((e) => { const r = e.getBoundingClientRect(); return r.width < 24 || r.height < 24; })
        .map((e) => e.outerHTML.slice(0, 80))""")
    assert small == []  # finger-sized
    shot(page, f"notify-me-{size}", full_page=False)
    page.context.close()


# --- the hidden page ------------------------------------------------------------------------------------------------

def test_a_hidden_page_calls_its_player_back(parlour_server: str, browser: Browser) -> None:
    table = go_table(parlour_server, humans=2)
    ana = seat_page(browser, parlour_server + table["seats"][0]["invite_url"], FakeNotifications())
    bora = seat_page(browser, parlour_server + table["seats"][1]["invite_url"], FakeNotifications())
    # Ana's device has the worker (she once pressed "Notify this device"): the page's notifications go through it
    ana.evaluate("navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(() => navigator.serviceWorker.ready)"
                 ".then(() => true)")
    until(ana, "document.body.dataset.myTurn === 'true'")
    ana.evaluate("window.parlour.ctx.play('play D4')")
    until(bora, "document.body.dataset.myTurn === 'true'")
    ana.evaluate(HIDE, True)

    bora.evaluate("window.parlour.ctx.play('play Q16')")
    title = until(ana, "window.parlourAttention.count === 1 && document.title")
    assert title.startswith("(1) Your move · ") and title.endswith("— parlour")
    assert ana.evaluate("window.parlourAttention.shown.map((n) => [n.title, n.body, n.tag, n.data.url])") == [
        ["Go", "Your move at Go", f"{table['table']}-0", table["seats"][0]["invite_url"]]]
    try:
        shown = until(ana, "navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((list) => list.length"
                           " && list.map((n) => [n.body, n.tag, n.data.url]))", timeout=10)
    except AssertionError:
        raise AssertionError(ana.evaluate("JSON.stringify(window.parlourAttention)") + " " + json.dumps(ana.evaluate(
            "navigator.serviceWorker.getRegistration('/').then(async (r) => [!!r, r && !!r.active, r && r.scope,"
            " r && (await r.getNotifications()).length, document.hidden, Notification.permission])"))) from None
    assert shown == [["Your move at Go", f"{table['table']}-0", table["seats"][0]["invite_url"]]]

    bora.fill("#chat-text", "your turn, Ana")
    bora.press("#chat-text", "Enter")
    title = until(ana, "window.parlourAttention.count === 2 && document.title")
    assert title.startswith("(2) Bora wrote · ")
    assert ana.evaluate("window.parlourAttention.shown[1].body") == "Bora wrote to you"

    ana.evaluate(HIDE, False)  # seen again: the badge goes
    until(ana, "window.parlourAttention.count === 0")
    assert not ana.title().startswith("(")
    until(ana, "navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((list) => list.length === 0)")

    # Only the events chosen: without chat, a line says nothing; the match's end does.
    ana.click("#notify")
    ana.wait_for_selector("#notify-panel input[value=chat]")
    ana.uncheck("#notify-panel input[value=chat]")
    until(ana, "document.querySelector('#notify-panel .notify-said').textContent === 'Saved.'")
    ana.evaluate(HIDE, True)
    bora.fill("#chat-text", "hello?")
    bora.press("#chat-text", "Enter")
    until(ana, "[...document.querySelectorAll('#chat-list li .text')].some((e) => e.textContent === 'hello?')")
    assert ana.evaluate("window.parlourAttention.count") == 0
    ana.evaluate("window.parlour.ctx.play('pass')")
    until(bora, "document.body.dataset.myTurn === 'true'")
    bora.evaluate("window.parlour.ctx.play('resign')")
    title = until(ana, "window.parlourAttention.count === 1 && document.title")
    assert title.startswith("(1) Match over · ")
    assert ana.evaluate("window.parlourAttention.shown.at(-1).body") == "The match is over"
    assert ana.errors == [] and bora.errors == []  # type: ignore[attr-defined]
    ana.context.close()
    bora.context.close()


@pytest.mark.parametrize("lang", ["sr", "sl", "lv", "pl", "ro", "zh"])
def test_notify_me_speaks_each_language_on_a_phone(parlour_server: str, browser: Browser, lang: str) -> None:
    table = go_table(parlour_server)
    page = seat_page(browser, f"{parlour_server}{table['seats'][0]['invite_url']}&lang={lang}", FakeNotifications(),
                     viewport=SIZES["390x844"])
    page.click("#notify")
    page.wait_for_selector("#notify-panel .push-on")
    page.click("#notify-panel .push-on")
    page.wait_for_selector("#notify-panel .push-off")
    assert page.evaluate("import('/static/i18n.js').then((m) => m.missing)") == []
    english = page.evaluate("""[...document.querySelectorAll('#notify-panel *')].filter((e) => !e.children.length)
        .map((e) => e.textContent.trim()).filter((s) => ['Notify me at this table', 'Tell me', 'Close',
        'Stop on this device', 'This device will be notified.'].includes(s))""")
    assert english == []
    assert overflow(page) == 0 and off_screen(page, "#notify-panel button", "#notify-panel input") == []
    page.context.close()


# --- with the server's own notifications (server/notify.py) ------------------------------------------------------

#: A subscription as a push service gives it, with real keys: a P-256 pair made here (the private half kept for the
#: test, to read what the server sends) and an auth secret; its endpoint is the test's own push service.
REAL_PUSH = """(endpoint) => {
  const b64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\\+/g, "-").replace(/\\//g, "_")
    .replace(/=+$/, "");
  let current = null;
  window.fakePush = { subscribes: 0, unsubscribes: 0 };
  PushManager.prototype.getSubscription = async function () { return current; };
  PushManager.prototype.subscribe = async function (options) {
    const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
    const keys = { p256dh: b64(await crypto.subtle.exportKey("raw", pair.publicKey)),
                   auth: b64(crypto.getRandomValues(new Uint8Array(16))) };
    window.fakePush = { ...window.fakePush, subscribes: window.fakePush.subscribes + 1, keys,
                        jwk: await crypto.subtle.exportKey("jwk", pair.privateKey) };
    current = { endpoint, options: { applicationServerKey: options.applicationServerKey, userVisibleOnly: true },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => { current = null; return true; } };
    return current;
  };
}"""


class PushService:
    """The test's push service on loopback: it keeps each POST's body and answers 201, as a browser's would."""

    def __init__(self) -> None:
        self.bodies: list[bytes] = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                service.bodies.append(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
                self.send_response(201)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/push/ana"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()


def read_push(body: bytes, jwk: dict[str, str], auth: str) -> dict[str, Any]:
    """A push's JSON, decrypted (RFC 8291, aes128gcm) with the device's private key and auth secret."""
    import http_ece
    from cryptography.hazmat.primitives.asymmetric import ec

    unb64 = lambda s: base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))  # noqa: E731
    key = ec.derive_private_key(int.from_bytes(unb64(jwk["d"]), "big"), ec.SECP256R1())
    return json.loads(http_ece.decrypt(body, private_key=key, auth_secret=unb64(auth), version="aes128gcm"))


def test_a_move_pushed_by_the_server_is_shown_by_the_worker(parlour_server: str, browser: Browser) -> None:
    """The whole way: the page subscribes at the real server; her page closed, Ana's move comes; the server's push
    reaches the test's push service, is read with the device's keys, and given to the worker as the push service
    would: the notification says it is her move at Go, with her link."""
    service = PushService()
    table = go_table(parlour_server, humans=2)
    context = browser.new_context(viewport=LAPTOP, permissions=["notifications"])
    context.add_init_script(f"({REAL_PUSH})({json.dumps(service.url)})")
    ana = context.new_page()
    ana.goto(parlour_server + table["seats"][0]["invite_url"])
    until(ana, "document.body.dataset.myTurn === 'true'")
    ana.click("#notify")
    ana.click("#notify-panel .push-on")
    ana.wait_for_selector("#notify-panel .push-off")
    device = ana.evaluate("window.fakePush")
    ana.evaluate("window.parlour.ctx.play('play D4')")
    until(ana, "document.body.dataset.myTurn === 'false' && document.body.dataset.version === '1'")
    lobby = context.new_page()
    lobby.goto(parlour_server + "/")
    ana.close()  # her page closed: the server tells her device
    bora = seat_page(browser, parlour_server + table["seats"][1]["invite_url"])
    until(bora, "document.body.dataset.myTurn === 'true'")
    bora.evaluate("window.parlour.ctx.play('play Q16')")
    for _ in range(400):
        if service.bodies:
            break
        lobby.wait_for_timeout(50)  # the push service is the test's own thread: wait for its first request
    assert service.bodies, "the server sent no push"
    said = read_push(service.bodies[0], device["jwk"], device["keys"]["auth"])
    assert said == {"title": "Go", "body": "Your move at Go", "url": table["seats"][0]["invite_url"],
                    "tag": f"{table['table']}-0"}
    cdp, rid = registration_id(lobby, parlour_server)
    shown = deliver(lobby, cdp, parlour_server, rid, said, """navigator.serviceWorker.ready.then((r) =>
        r.getNotifications()).then((list) => list.length && list.map((n) => [n.title, n.body, n.data.url]))""")
    assert shown == [["Go", "Your move at Go", table["seats"][0]["invite_url"]]]
    service.close()
    context.close()
    bora.context.close()
