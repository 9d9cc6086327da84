"""The table check: every complete game's table, as a person sees it, at 1280×800, 1366×768 and a phone (390×844),
at its fewest, default and most players, at a deal's opening, mid-play and its result.

In each: what the player must see or press now (marked ``data-now`` by the kit, the page and the game's table; see
the kit's README, "What the player must see") and everything she may act on lies in the viewport at scroll
position 0; the page never scrolls sideways; nothing of the table is drawn outside its box; no text spills out of
its box or is cut; on the phone every target a
finger can reach is at least 24×24 CSS px; axe-core finds nothing serious or critical (at 1280×800, and on the phone
at the default player count);
a refused click says why, at once (``data-why`` and ``#notice``). The check knows no game: tests/table_check.py
says how each table is brought to its state and held there, tests/table_check.js what is measured.

Run one game's with ``-k kaboo``, one state's with ``-k mid``, without the refusals (while the kit's ``#notice`` is
being built) with ``-k 'not refused'``. Screenshots: ``artifacts/check/<game>-<n>p-<state>-<size>.png``, every state
and size at the game's default player count.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from playwright.sync_api import Page, expect

from table_check import (PHONE_SIZE, SIZES, STATES, Position, axe, complete_games, counts, measure, new_page,
                         open_table, positions, shoot, tell, tell_axe)
from parlour.core.registry import game_class

CASES = [(g, n, s) for g in complete_games() for n in counts(g) for s in STATES]
LAPTOP_SIZES = [s for s in SIZES if s != PHONE_SIZE]
#: axe-core runs at 1280×800 on every table, and on the phone too at the default player count (it takes about as
#: long as everything else together; a table's colours and names are the same at every size).
AXE_SIZES = ("1280x800", PHONE_SIZE)


@pytest.fixture(scope="module")
def pages(browser) -> Iterator[dict[str, Page]]:
    """One page for the laptop sizes (its viewport changed between them), one phone page (mobile, touch)."""
    laptop, phone = new_page(browser, LAPTOP_SIZES[0]), new_page(browser, PHONE_SIZE)
    yield {"laptop": laptop, "phone": phone}
    for page in (laptop, phone):
        page.context.close()


class Case:
    """One game, count and state: its table, opened and held on both pages."""

    def __init__(self, position: Position, pages: dict[str, Page], table: dict[str, Any]) -> None:
        self.position, self.pages, self.table = position, pages, table

    def page(self, size: str) -> Page:
        return self.pages["phone" if size == PHONE_SIZE else "laptop"]

    @property
    def default_count(self) -> bool:
        return self.position.players == game_class(self.position.game).describe()["default_players"]


@pytest.fixture(scope="module", params=CASES, ids=[f"{g}-{n}p-{s}" for g, n, s in CASES])
def case(request, parlour_server, pages) -> Iterator[Case]:
    """The table of one case, with both pages on it (the tests of one case run together: pytest groups the tests
    of a parametrized module fixture by its parameter)."""
    game, players, state = request.param
    position = positions(game, players)[state]
    table, others = open_table(list(pages.values()), parlour_server, position)
    try:
        yield Case(position, pages, table)
    finally:
        others.close()


def test_the_table_shows_what_the_player_needs(case: Case):
    found = {}
    for size in SIZES:
        page = case.page(size)
        found[size] = result = measure(page, size)
        if case.default_count:
            shoot(page, case.position, size)
    errors = [e for page in case.pages.values() for e in page.errors]  # type: ignore[attr-defined]
    assert not errors, f"{case.position.name}: errors on the page: {errors}"
    report = tell(case.position, found)
    assert not report, "\n" + report


def test_axe_finds_nothing_serious(case: Case):
    found = {}
    for size in AXE_SIZES if case.default_count else AXE_SIZES[:1]:
        page = case.page(size)
        if page.viewport_size != SIZES[size]:
            page.set_viewport_size(SIZES[size])
        found[size] = axe(page)
    report = tell_axe(case.position, found)
    assert not report, "\n" + report


def test_a_refused_click_says_why(case: Case):
    """Every control of the table that cannot be used now carries its reason (``data-why``); a click (a tap on the
    phone) on one shows that reason at once in ``#notice``, inside the viewport."""
    for size in (LAPTOP_SIZES[0], PHONE_SIZE):
        page = case.page(size)
        page.clock.resume()  # the page's time runs again: a notice may come and go by its own timers
        if page.viewport_size != SIZES[size]:
            page.set_viewport_size(SIZES[size])
        silent = page.evaluate("""() => [...document.querySelectorAll(
            '#board button:disabled, #board [aria-disabled=true]')]
            .filter((el) => el.getClientRects().length && !el.closest('[data-why]'))
            .map((el) => el.outerHTML.slice(0, 120))""")
        assert not silent, f"{case.position.name} at {size}: controls that cannot be used now and say nothing " \
                           f"(data-why): {silent[:5]}"
        spot = page.evaluate("""() => {
            for (const el of document.querySelectorAll('#board [data-why]')) {
              const r = el.getBoundingClientRect();
              for (const [fx, fy] of [[0.5, 0.5], [0.2, 0.2], [0.8, 0.2], [0.2, 0.8], [0.8, 0.8]]) {
                const x = r.left + r.width * fx, y = r.top + r.height * fy;
                if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
                const hit = document.elementFromPoint(x, y);
                if (hit && el.contains(hit)) return { x, y, why: el.dataset.why };
              }
            }
            return null;
        }""")
        if spot is None:
            continue  # nothing here is refused: nothing to click
        if size == PHONE_SIZE:
            page.touchscreen.tap(spot["x"], spot["y"])
        else:
            page.mouse.click(spot["x"], spot["y"])
        notice = page.locator("#notice")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text(spot["why"])
        box = notice.bounding_box()
        view = SIZES[size]
        assert box and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= view["width"] \
            and box["y"] + box["height"] <= view["height"], \
            f"{case.position.name} at {size}: #notice {box} lies outside the viewport {view}"


def test_the_lobby_has_no_serious_axe_violation(parlour_server, browser):
    """The lobby of a browser that has sat at one table (so that its list of "my tables" is not empty)."""
    found = {}
    for size in AXE_SIZES:
        page = new_page(browser, size)
        try:
            game = complete_games()[0]
            _, others = open_table([page], parlour_server, positions(game, counts(game)[0])["result"])
            others.close()
            page.clock.resume()
            page.goto(parlour_server + "/")
            page.wait_for_function("document.querySelector('#games').children.length && !document.querySelector("
                                   "'#games > p.muted') && !document.querySelector('#setup').hidden"
                                   " && document.querySelector('#my-tables li')")
            found[size] = axe(page)
        finally:
            page.context.close()
    report = tell_axe(None, found, where="the lobby")
    assert not report, "\n" + report
