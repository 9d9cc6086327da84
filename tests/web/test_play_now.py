"""Play now in the browser: three people pressing "Play now" for Zole (3 players) are seated together at one
table, each in their own seat; a fourth pressing it afterwards with a short wait sees how many wait and the time
left, and is seated with two bots once it is over. A person leaves the queue; a refusal says why at once. The
control and the waiting view fit at 1280x800, 1366x768 and 390x844. Waits are on page state, never on wall time."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Browser, Page

from browser import csp_violations, open_page, shot, until
from fit import SIZES, off_screen, serious

TABLE = "window.parlour && window.parlour.ctx.view && window.parlour.ctx.seat !== null"


def lobby(browser: Browser, base: str, viewport: dict | None = None) -> Page:
    page = open_page(browser, base + "/", viewport=viewport or SIZES["1280x800"])
    page.wait_for_selector("#play-game option[value='zole']", state="attached")
    return page


def press(page: Page, game: str = "zole", players: str = "3", wait: str = "60") -> None:
    page.select_option("#play-game", game)
    page.select_option("#play-players", players)
    page.fill("#play-wait", wait)
    page.click("#play")


def seated(page: Page) -> dict:
    """Once the page has gone to its table: the table, the seat and the token of the link it opened."""
    page.wait_for_url("**/t/**")
    page.wait_for_function(TABLE)
    url = urlparse(page.url)
    return {"table": url.path.rsplit("/", 1)[1], "token": parse_qs(url.query)["token"][0],
            "seat": page.evaluate("window.parlour.ctx.seat")}


def summary(base: str, table: str) -> dict:
    with urllib.request.urlopen(f"{base}/api/tables/{table}", timeout=10) as r:
        return json.load(r)


def test_three_pressing_play_now_are_seated_together_and_a_fourth_gets_bots_after_its_wait(
        parlour_server: str, browser: Browser) -> None:
    pages = [lobby(browser, parlour_server) for _ in range(4)]
    try:
        for page in pages[:3]:
            press(page)
        places = [seated(page) for page in pages[:3]]
        assert len({p["table"] for p in places}) == 1, places
        assert sorted(p["seat"] for p in places) == [0, 1, 2]
        assert len({p["token"] for p in places}) == 3
        table = summary(parlour_server, places[0]["table"])
        assert [s["kind"] for s in table["seats"]] == ["human"] * 3
        # each page remembers its own seat in this browser, as a created or joined table is
        for page, place in zip(pages, places):
            assert place["token"] in page.evaluate("localStorage.getItem('parlour.tokens')")

        fourth = pages[3]
        press(fourth, wait="1")
        # the waiting view: how many wait, the time left (it may already be over: then bots are taking the seats)
        said = fourth.wait_for_function("""() => { const c = document.getElementById('play-count');
            return c && c.textContent ? [c.textContent, document.getElementById('play-left').textContent] : null; }""")
        count, left = said.json_value()
        assert count == "1 person waiting" and left.startswith("bots "), (count, left)
        alone = seated(fourth)
        assert alone["table"] != places[0]["table"]
        kinds = [s["kind"] for s in summary(parlour_server, alone["table"])["seats"]]
        assert sorted(kinds) == ["bot", "bot", "human"]
        assert all(page.errors == [] for page in pages)  # type: ignore[attr-defined]
    finally:
        for page in pages:
            page.context.close()


def test_a_person_leaves_the_queue_and_a_refusal_says_why(parlour_server: str, browser: Browser) -> None:
    page = lobby(browser, parlour_server)
    try:
        with page.expect_response("**/api/play") as asked:
            press(page, game="tysiac", wait="300")
        ticket = f"{parlour_server}/api/play/{asked.value.json()['ticket']}"
        page.wait_for_selector("#play-waiting:not([hidden])")
        page.click("#play-leave")
        page.wait_for_selector("#play-form:not([hidden])")
        assert page.is_hidden("#play-waiting")
        with pytest.raises(urllib.error.HTTPError) as gone:
            urllib.request.urlopen(ticket, timeout=10)
        assert gone.value.code == 404
        # a wait out of bounds: the server's sentence, on the page at once
        press(page, wait="500")
        page.wait_for_selector(".toast.error")
        said = page.text_content(".toast.error")
        assert "0 to 300; got 500" in said, said
        assert page.is_visible("#play-form")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_control_and_the_waiting_view_fit(parlour_server: str, browser: Browser, size: str) -> None:
    page = open_page(browser, parlour_server + "/", viewport=SIZES[size], csp=True)
    try:
        until(page, "!!document.querySelector(\"#play-game option[value='zole']\")")
        assert off_screen(page, "#play-game", "#play-players", "#play-wait", "#play") == []
        assert serious(page) == []
        page.select_option("#play-game", "jieqi")
        page.select_option("#play-players", "2")
        page.fill("#play-wait", "300")
        page.click("#play")
        until(page, "!document.getElementById('play-waiting').hidden")
        until(page, "document.getElementById('play-left').textContent.length > 0")
        assert off_screen(page, "#play-what", "#play-count", "#play-left", "#play-leave") == []
        assert serious(page) == []
        shot(page, f"play-now-waiting-{size}", full_page=False)
        page.click("#play-leave")
        until(page, "!document.getElementById('play-form').hidden")
        assert csp_violations(page) == []
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        page.context.close()
