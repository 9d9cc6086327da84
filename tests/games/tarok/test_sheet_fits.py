"""Tarok's own score sheet (web/sheet.js) in the table page's side panel: at four players, with totals in the
thousands, long names and a bot's level under its name, every column is read whole on a laptop, a smaller laptop
and a phone, in every language: no cell's text cut or spilling into the next, no table wider than its panel (which
would hide a column behind a scroll bar nobody sees)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from browser import ARTIFACTS, create_table, open_seat
from fits import sizes, unreadable

from parlour.core.i18n import LANGUAGES

#: Four deals of a match that went high: a Valat without lost, a Colour valat, the wheels at the end.
ROWS = [
    {"label": "deal 1", "points": [-1000, 0, 0, 0], "detail": {"contract": "valat without", "declarer": 0, "won": False,
                                                               "game": -500, "wheel_factor": 2}},
    {"label": "deal 2", "points": [0, 250, 0, 0], "detail": {"contract": "colour valat", "declarer": 1, "won": True,
                                                            "game": 125, "wheel_factor": 2, "card_points": [70, 0]}},
    {"label": "deal 3", "points": [0, 0, -136, -136], "detail": {"contract": "solo one", "declarer": 2, "partner": 3,
                                                                "won": False, "card_points": [20, 50], "game": -68,
                                                                "bonuses": {"trula": -20}, "kontra": {"game": "kontra"}}},
    {"label": "wheels", "points": [-200, -100, 0, -300], "detail": {}},
]
TOTALS = [-1200, 150, -136, -1436]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_column_of_the_sheet_is_read_whole_at_four_players(parlour_server, browser: Browser, lang: str) -> None:
    table = create_table(parlour_server, "tarok", ["human", {"kind": "human", "name": "Małgorzata"}, "heuristic",
                                                   "heuristic"], seed=23)
    page = open_seat(browser, parlour_server, table, 0, locale=lang)  # the browser's language is the page's
    page.wait_for_function("document.querySelector('.tarok-sheet')")
    page.evaluate("""async ([rows, totals]) => {
      const { sheet } = await import('/games/tarok/table.js');
      const ctx = window.parlour.ctx;
      const view = { ...ctx.view, over: false, wheels: [2, 1, 0, 3], sheet: { ...ctx.view.sheet, rows, totals } };
      document.querySelector('#sheet').replaceChildren(sheet(view, ctx));
    }""", [ROWS, TOTALS])
    for size in sizes(page):
        found = unreadable(page, ".tarok-sheet")
        page.locator(".tarok-sheet").screenshot(path=str(ARTIFACTS / f"tarok-sheet-{lang}-{size}.png"))
        assert found == [], (lang, size)
    assert page.errors == []  # type: ignore[attr-defined]
