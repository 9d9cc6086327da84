"""The friends part of the account page and the public profile, /u/NAME (issue 29.2 and 29.5), in Chromium.

Two people, each in a browser context of their own with a virtual authenticator (tests/web/test_accounts_page.py),
become friends on the page; one invites the other to a seat and the other finds the seat's link on her page. Ana
then plays a rated match (her moves sent from here over the table's socket, the greedy bot playing its own), and
her profile shows it with her rating as μ ± 2σ. Each page at 390×844 sticks out nowhere, passes axe-core and breaks
no rule of the Content-Security-Policy.
"""

from __future__ import annotations

import json
import secrets
import time
import urllib.request
from typing import Any

from playwright.sync_api import Browser, Page
from websockets.sync.client import connect

from browser import PHONE, create_table, csp_violations, open_page, overflow, shot, until
from fit import serious
from test_accounts_page import account_page, localhost, said, sign_up, signed_in


def cookie(page: Page) -> str:
    return next(c["value"] for c in page.context.cookies() if c["name"] == "parlour_session")


def api(base: str, method: str, path: str, session: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data, method=method,
                                     headers={"Content-Type": "application/json",
                                              "Cookie": f"parlour_session={session}"})
    with urllib.request.urlopen(request, timeout=30) as r:
        return json.loads(r.read() or b"null")


def play_to_the_end(base: str, table: str, token: str, seat: int) -> None:
    """Seat ``seat``'s first legal move whenever it is to act (slower when the server says flood), until it is over."""
    with connect(base.replace("http", "ws", 1) + f"/ws/{table}?token={token}", open_timeout=20) as ws:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            m = json.loads(ws.recv(timeout=30))
            if m["type"] == "over":
                return
            if m["type"] == "error":
                time.sleep(0.25)
                ws.send(json.dumps({"type": "sync"}))
            elif m["type"] == "state" and seat in m["view"]["to_act"] and m["view"]["legal"]:
                ws.send(json.dumps({"type": "action", "action": m["view"]["legal"][0], "version": m["version"]}))
    raise AssertionError("the match did not end")


def fits(page: Page) -> None:
    # A mobile viewport widens itself to fit what sticks out: the page's width is checked against the phone's too.
    assert overflow(page) <= 0 and page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert serious(page) == []
    assert csp_violations(page) == [] and page.errors == []  # type: ignore[attr-defined]


def test_friends_and_an_invitation_on_the_account_page_and_a_profile(parlour_server: str, browser: Browser) -> None:
    base = localhost(parlour_server)
    tag = secrets.token_hex(3)  # the session's server is shared: names of this test's own
    ana_name, bo_name = f"Ana {tag}", f"Bo {tag}"
    ana = account_page(browser, parlour_server, csp=True, viewport=PHONE, is_mobile=True, has_touch=True)
    sign_up(ana, ana_name)
    signed_in(ana, True)
    until(ana, "document.getElementById('no-friends')")
    bo = account_page(browser, parlour_server, csp=True, viewport=PHONE, is_mobile=True, has_touch=True)
    sign_up(bo, bo_name)
    signed_in(bo, True)
    # a refusal in words: nobody has that name
    ana.fill("#ask-friend input[name=name]", f"Nobody {tag}")
    ana.click("#ask-friend button[type=submit]")
    assert "No account has this name" in said(ana)
    ana.fill("#ask-friend input[name=name]", bo_name)
    ana.click("#ask-friend button[type=submit]")
    until(ana, "document.querySelector('#asked [data-friend]')")
    bo.reload()
    signed_in(bo, True)
    until(bo, "document.querySelector('#asking [data-friend]')")
    assert bo.inner_text("#asking") .startswith(ana_name)
    fits(bo)
    bo.click("#asking button >> nth=0")  # Accept
    until(bo, "document.querySelector('#friend-list [data-friend]')")
    assert ana_name in bo.inner_text("#friend-list")
    # Ana invites Bo to the second seat of her new table, pasting its link
    table = create_table(parlour_server, "giacomotto", [{"kind": "human", "name": ana_name}, "human"],
                         options={"target": 1})
    ana.reload()
    signed_in(ana, True)
    until(ana, "document.querySelector('#invite-friend')")
    ana.fill("#invite-friend input[name=seat]", base + table["seats"][1]["invite_url"])
    ana.click("#invite-friend button[type=submit]")
    assert "is invited" in said(ana)
    fits(ana)
    shot(ana, "account-friends-phone")
    bo.reload()
    signed_in(bo, True)
    link = until(bo, "document.querySelector('#invitations a') && document.querySelector('#invitations a').href")
    assert link.endswith(table["seats"][1]["invite_url"])
    fits(bo)
    shot(bo, "account-invitation-phone")
    # a rated match of Ana's against the greedy bot, then her profile
    rated = create_table(parlour_server, "giacomotto", [{"kind": "human", "name": ana_name}, "greedy"],
                         options={"target": 1}, rated=True)
    api(parlour_server, "POST", "/api/account/seats", cookie(ana), {"token": rated["seats"][0]["token"]})
    play_to_the_end(parlour_server, rated["table"], rated["seats"][0]["token"], 0)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        profile = api(parlour_server, "GET", f"/api/profiles/{urllib.request.quote(ana_name)}", cookie(bo))
        if profile["games"] and profile["games"][0]["rating"]:
            break
        time.sleep(0.2)
    rating = profile["games"][0]["rating"]
    # the table's page says the match is rated
    page = open_page(browser, base + rated["seats"][0]["invite_url"], csp=True)
    until(page, "document.body.innerText.includes('Rated match')")
    assert csp_violations(page) == [] and page.errors == []  # type: ignore[attr-defined]
    page.context.close()
    page = open_page(browser, f"{base}/u/{urllib.request.quote(ana_name)}", viewport=PHONE, csp=True,
                     is_mobile=True, has_touch=True)
    until(page, "document.body.dataset.loaded === 'true'")
    assert page.inner_text("#who") == ana_name
    cell = page.inner_text("#games .rating")
    assert cell == f"{rating['mu']:.1f} ± {2 * rating['sigma']:.1f}"
    assert page.inner_text("#games tbody th").startswith("Giacomotto")
    assert "rated" in page.inner_text("#last")
    body = page.content()
    assert rated["seats"][0]["token"] not in body and rated["table"] not in body  # a private table
    fits(page)
    shot(page, "profile-phone")
    page.context.close()
    # the page says so when no account has the name
    page = open_page(browser, f"{base}/u/Nobody{tag}", viewport=PHONE, csp=True)
    assert "No account is named" in said(page)
    assert csp_violations(page) == [] and page.errors == []  # type: ignore[attr-defined]
    page.context.close()
    for p in (ana, bo):
        p.click("#delete")
        p.click("#delete-yes")
        signed_in(p, False)
        p.context.close()


def test_the_profile_page_speaks_each_language(parlour_server: str, browser: Browser) -> None:
    from parlour.core.i18n import LANGUAGES
    for lang in [lang for lang in LANGUAGES if lang != "en"]:
        page = open_page(browser, f"{parlour_server}/u/Nobody-{lang}?lang={lang}", viewport=PHONE)
        said(page)
        assert page.evaluate("import('/static/i18n.js').then((m) => m.missing)") == []
        assert "No account is named" not in page.inner_text("body")
        page.context.close()
