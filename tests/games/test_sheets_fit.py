"""The score sheets of Zole and Tysiąc (their tables' own ``sheet``) in the table page's side panel: at the most
players, after a few hands of real play (the engine's own rows, random moves), with a person's long name beside the
bots, every heading and cell is read whole on a laptop, a smaller laptop and a phone, in every language: no word cut
("Rozda" for Rozdanie), no total running into its label, no table wider than its panel. Tarok's own sheet has its
test beside its table's (tests/games/tarok/test_sheet_fits.py)."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser

import parlour
from parlour.core.i18n import LANGUAGES

from browser import ARTIFACTS, create_table, open_seat
from fits import sizes, unreadable

GAMES = {"zole": (4, ".zole-sheet", "greedy"), "tysiac": (3, ".tysiac-sheet", "greedy")}


def played_sheet(game: str, players: int, hands: int = 6) -> dict:
    """The score sheet after ``hands`` hands of random play (seeded), as seat 0's view has it."""
    state = parlour.load(game, players).new(seed=4)
    rng = random.Random(1)
    while not state.over and len(state.view(0)["sheet"]["rows"]) < hands:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(list(state.legal(seat))))
    return state.view(0)["sheet"]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_column_of_the_sheet_is_read_whole(parlour_server, browser: Browser, game: str, lang: str) -> None:
    players, panel, bot = GAMES[game]
    seats = ["human", {"kind": "human", "name": "Małgorzata"}] + [bot] * (players - 2)
    table = create_table(parlour_server, game, seats, seed=4)
    page = open_seat(browser, parlour_server, table, 0, locale=lang)
    page.wait_for_function(f"document.querySelector('{panel}')")
    page.evaluate("""async ([game, sheet]) => {
      const { sheet: draw } = await import(`/games/${game}/table.js`);
      const ctx = window.parlour.ctx;
      document.querySelector('#sheet').replaceChildren(draw({ ...ctx.view, sheet }, ctx));
    }""", [game, played_sheet(game, players)])
    for size in sizes(page):
        found = unreadable(page, panel)
        page.locator(panel).screenshot(path=str(ARTIFACTS / f"{game}-sheet-{lang}-{size}.png"))
        assert found == [], (game, lang, size)
    assert page.errors == []  # type: ignore[attr-defined]
