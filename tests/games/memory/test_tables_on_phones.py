"""Each memory game's table on a phone: every seat's grid in view and nothing wider than the screen, from a few
players to many, at 360 and 430 px; a tap on a card plays it. Screenshots: ``artifacts/<game>-phone.png``."""

from __future__ import annotations

import pytest

from browser import PHONE, click_and_wait, create_table, open_seat, overflow, shot, view, wait_my_turn


@pytest.mark.parametrize("game, players", [("kaboo", 4), ("testoasa", 3), ("golf6", 6), ("crazy-nines", 8)])
def test_a_memory_table_fits_a_phone(parlour_server, browser, game, players):
    # a peek long enough that a loaded machine never closes it under the test's clicks
    options = {"peek_seconds": 60} if game in ("kaboo", "testoasa") else {}
    table = create_table(parlour_server, game, ["human"] + ["expert"] * (players - 1), seed=5, options=options)
    page = open_seat(browser, parlour_server, table, 0, viewport=PHONE, is_mobile=True, has_touch=True)
    wait_my_turn(page)
    assert page.locator(".mem-grid").count() == players
    for width in (360, 430):
        page.set_viewport_size({"width": width, "height": 800})
        assert overflow(page) <= 0, f"{game} at {width} px"
    page.set_viewport_size(PHONE)
    v = view(page)
    if v["phase"] == "setup":  # golf: tap a card to turn it up
        click_and_wait(page, ".mem-grid.big .kit-slot[data-slot='4']")
        assert view(page)["up"][0][4] == 1
    else:  # the peek: the near cards are shown, a tap says ready
        assert page.locator(".mem-grid.big .kit-slot.peek").count() == 2
        click_and_wait(page, "button[data-action='ready']")
    assert overflow(page) <= 0
    shot(page, f"{game}-phone")
    assert page.errors == []
