"""The account page, /account (issue 29, the page's side): sign up with a passkey and see the recovery code once,
sign out, sign in again with the passkey, a refusal said in words on the page, sign in with the recovery code, add
another device's passkey, delete the account; the page breaks no rule of the Content-Security-Policy, passes axe-core
on a phone with nothing sticking out sideways, and speaks every language.

The passkeys are the browser's own, made by the DevTools protocol's virtual authenticator (a platform authenticator
with resident keys and user verification). Browsers refuse an IP address as the relying party, so the page is opened
at ``http://localhost:PORT``, not the fixture's ``127.0.0.1``.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from parlour.core.i18n import LANGUAGES

from browser import PHONE, csp_violations, open_page, overflow, shot, until
from fit import serious

AUTHENTICATOR = {"protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
                 "isUserVerified": True}


def localhost(url: str) -> str:
    return url.replace("127.0.0.1", "localhost")


def account_page(browser: Browser, server: str, lang: str = "en", **kw: Any) -> Page:
    """/account at localhost, once drawn, with a virtual authenticator on this page."""
    page = open_page(browser, f"{localhost(server)}/account?lang={lang}", **kw)
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    added = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
    page.authenticator = added["authenticatorId"]  # type: ignore[attr-defined]
    page.cdp = cdp  # type: ignore[attr-defined]  # (kept: the authenticator lives as long as its session)
    signed_in(page, False)
    return page


def signed_in(page: Page, yes: bool) -> None:
    until(page, f"document.body.dataset.signedIn === '{'true' if yes else 'false'}'")


def said(page: Page) -> str:
    """What the page says in #said, once it says something."""
    return until(page, "document.getElementById('said').innerText.trim()")


def sign_up(page: Page, name: str, email: str = "") -> str:
    page.fill("#signup input[name=name]", name)
    page.fill("#signup input[name=email]", email)
    page.click("#signup button[type=submit]")
    return until(page, "document.getElementById('recovery-code') && document.getElementById('recovery-code').innerText")


def test_sign_up_out_in_recover_and_delete(parlour_server: str, browser: Browser) -> None:
    page = account_page(browser, parlour_server, csp=True, permissions=["clipboard-read", "clipboard-write"])
    code = sign_up(page, "Mirela Page", "mirela@example.org")
    signed_in(page, True)
    assert "Mirela Page" in page.inner_text("#signed-in")
    box = page.inner_text("#recovery")
    assert "Write this down" in box and "only this once" in box and code in box
    page.click("#copy-code")
    until(page, "document.querySelector('#recovery [role=status]').innerText")
    assert page.evaluate("navigator.clipboard.readText()") == code
    page.click("#written-down")
    until(page, "!document.getElementById('recovery')")

    page.click("#sign-out")
    signed_in(page, False)
    assert said(page) == "Signed out."

    page.click("#sign-in")  # the passkey made at sign-up, chosen by the browser (it is discoverable)
    signed_in(page, True)
    assert "Mirela Page" in page.inner_text("#signed-in")
    assert page.query_selector("#recovery") is None  # the code is shown once only
    page.click("#sign-out")
    signed_in(page, False)

    # A name that looks like the one taken: refused, and said in words on the page at once.
    page.fill("#signup input[name=name]", "MIRELA-PAGE")
    page.click("#signup button[type=submit]")
    text = said(page)
    assert "This name is taken, or looks like a name that is: choose another." in text, text
    assert "taken" in page.inner_text(".account-said .why")
    assert page.is_visible("#said")
    signed_in(page, False)

    # A wrong recovery code is refused; the right one signs in and gives a new code.
    page.fill("#recover input[name=name]", "Mirela Page")
    page.fill("#recover input[name=code]", "not-the-code")
    page.click("#recover button[type=submit]")
    assert "No account has this name with this recovery code." in said(page)
    page.fill("#recover input[name=code]", code)
    page.click("#recover button[type=submit]")
    signed_in(page, True)
    fresh = until(page, "document.getElementById('recovery-code').innerText")
    assert fresh and fresh != code
    assert "recovery code" in said(page)

    page.click("#add-passkey")  # the virtual authenticator holds this account's passkey already
    assert "registered already" in said(page)
    assert "Passkeys: 1" in page.inner_text("#body")
    # Another device: a new authenticator, whose passkey joins the account.
    page.cdp.send("WebAuthn.removeVirtualAuthenticator", {"authenticatorId": page.authenticator})
    page.cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
    page.click("#add-passkey")
    assert said(page) == "This device's passkey is added."
    assert "Passkeys: 2" in page.inner_text("#body")

    page.click("#delete")
    until(page, "!document.getElementById('delete-confirm').hidden")
    assert "cannot be undone" in page.inner_text("#delete-confirm")
    page.click("#delete-no")
    until(page, "document.getElementById('delete-confirm').hidden")
    signed_in(page, True)
    page.click("#delete")
    page.click("#delete-yes")
    signed_in(page, False)
    assert said(page) == "The account is deleted."

    page.click("#sign-in")  # the passkey is still in the authenticator, but no account has it any more
    assert "This passkey signs in no account here." in said(page)
    signed_in(page, False)
    assert csp_violations(page) == [] and page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_the_page_fits_a_phone_and_passes_axe(parlour_server: str, browser: Browser) -> None:
    page = account_page(browser, parlour_server, viewport=PHONE, is_mobile=True, has_touch=True)
    assert overflow(page) <= 0
    assert serious(page) == []
    page.fill("#signup input[name=name]", "MIRELA-PAGE-X")  # the refusal shown, too
    page.fill("#signup input[name=email]", "no address")
    page.click("#signup button[type=submit]")
    said(page)
    assert overflow(page) <= 0 and serious(page) == []
    sign_up(page, "Phone Person", "phone.person@example.org")
    signed_in(page, True)
    assert overflow(page) <= 0
    assert serious(page) == []
    page.click("#delete")
    until(page, "!document.getElementById('delete-confirm').hidden")
    assert overflow(page) <= 0 and serious(page) == []
    shot(page, "account-phone")
    page.click("#delete-yes")
    signed_in(page, False)
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_page_speaks_each_language(parlour_server: str, browser: Browser, lang: str) -> None:
    page = account_page(browser, parlour_server, lang=lang, viewport=PHONE)
    assert page.evaluate("import('/static/i18n.js').then((m) => m.missing)") == []
    assert "Sign in" not in page.inner_text("body")
    page.context.close()
