"""The server's Content-Security-Policy (no inline script or style, no eval) refuses nothing the pages do: the lobby,
a rules page, the account page, a profile page and every game's table page draw with no violation (issue 24.7)."""

from __future__ import annotations

import gettext
import json
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser

import parlour
from parlour.bots import default

from browser import create_table, csp_violations, open_page, until

LOCALES = Path(parlour.__file__).resolve().parent


def test_the_pages_are_served_under_the_policy(parlour_server: str) -> None:
    with urllib.request.urlopen(parlour_server + "/") as r:
        policy = r.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy and "unsafe" not in policy


def test_the_lobby_and_a_rules_page_break_no_rule_of_the_policy(parlour_server: str, browser: Browser) -> None:
    page = open_page(browser, parlour_server + "/?lang=sl", csp=True)  # a language with a plural rule of three forms
    page.wait_for_selector(".game-choice")
    for game_id in parlour.games():  # each game's form: its options, seats and bot descriptions
        page.click(f".game-choice[data-game='{game_id}']")
    assert csp_violations(page) == [] and page.errors == []  # type: ignore[attr-defined]
    page.context.close()
    page = open_page(browser, parlour_server + "/rules/tarok", csp=True)
    page.wait_for_selector("#rules h1")
    assert csp_violations(page) == [] and page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_the_account_page_breaks_no_rule_of_the_policy(parlour_server: str, browser: Browser) -> None:
    # At localhost: a passkey's relying party is a name, never an IP (tests/web/test_accounts_page.py signs up).
    page = open_page(browser, parlour_server.replace("127.0.0.1", "localhost") + "/account?lang=sl", csp=True)
    until(page, "document.body.dataset.signedIn === 'false' && document.querySelector('#signup')")
    assert csp_violations(page) == [] and page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_the_profile_page_breaks_no_rule_of_the_policy(parlour_server: str, browser: Browser) -> None:
    # A name nobody has: the page says so (a profile with matches is drawn under the policy in
    # tests/web/test_social_pages.py, as is the account page's friends part).
    page = open_page(browser, parlour_server + "/u/Nobody-here?lang=sl", csp=True)
    until(page, "document.getElementById('said').innerText.trim()")
    assert csp_violations(page) == [] and page.errors == []  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("game_id", parlour.games())
def test_each_games_table_page_breaks_no_rule_of_the_policy(parlour_server: str, browser: Browser,
                                                             game_id: str) -> None:
    game = parlour.load(game_id)
    seats = ["human"] + [default(game)] * (game.players - 1)
    table = create_table(parlour_server, game_id, seats, seed=3)
    page = open_page(browser, parlour_server + table["seats"][0]["invite_url"], csp=True)
    until(page, "window.parlour && window.parlour.ctx.view && document.querySelector('#board').children.length")
    page.wait_for_timeout(300)  # let the first animations and the bots' first moves draw
    assert csp_violations(page) == [] and page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_plural_rules_are_read_without_evaluating_text(parlour_server: str, browser: Browser) -> None:
    # i18n.js read gettext's plural expressions with new Function, which the policy refuses: its own parser now
    # gives what Python's gettext gives, for every catalogue's rule.
    rules = sorted({json.loads(p.read_text())["plural"] for p in LOCALES.rglob("locale/*.json")
                    if "plural" in json.loads(p.read_text())})
    assert len(rules) >= 3
    page = open_page(browser, parlour_server + "/", csp=True)
    got = page.evaluate("""async (rules) => {
        const { pluralRule } = await import("/static/i18n.js");
        return rules.map((r) => Array.from({ length: 230 }, (_, n) => pluralRule(r)(n)));
    }""", rules)
    want = [[gettext.c2py(r)(n) for n in range(230)] for r in rules]
    assert got == want
    assert csp_violations(page) == []
    page.context.close()
