"""Skelly as a stranger first sees it, at two laptops and a phone and three, four and six players: the whole court,
the prompt and the Flick button are on screen without scrolling on your turn, nothing is wider than the screen,
and axe-core finds nothing serious (contrast included)."""

from __future__ import annotations

import pytest
from browser import create_table, open_seat, overflow, shot
from fit import SIZES, dialog_problems, off_screen, serious

from .test_table import wait_turn_or_end


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_court_the_prompt_and_the_buttons_fit_the_screen(parlour_server, browser, players):
    table = create_table(parlour_server, "skelly", ["human"] + ["rookie"] * (players - 1), options={"shots": 40},
                         seed=6)
    problems = []
    for size, viewport in SIZES.items():
        page = open_seat(browser, parlour_server, table, 0, viewport=viewport)
        wait_turn_or_end(page)
        must = ["svg.skelly-court .asphalt", ".skelly-status", ".skelly-precise button[type=submit]"]
        problems += [f"{size}: {p}" for p in serious(page) + off_screen(page, *must)]
        if overflow(page):
            problems.append(f"{size}: the page is {overflow(page)} px wider than the screen")
        shot(page, f"skelly-{players}-{size}", full_page=False)
        assert page.errors == []  # type: ignore[attr-defined]
        page.context.close()
    assert problems == []


@pytest.mark.parametrize("players", [3, 6])
def test_the_end_and_its_buttons_fit_the_screen(parlour_server, browser, players):
    table = create_table(parlour_server, "skelly", ["rookie"] * players, options={"shots": 2}, seed=6)
    watch = open_seat(browser, parlour_server, table, None)
    watch.wait_for_function("document.body.dataset.over === 'true'", timeout=120_000)
    problems = []
    for size, viewport in SIZES.items():
        page = open_seat(browser, parlour_server, table, None, viewport=viewport)
        problems += [f"{size}: {p}" for p in dialog_problems(page)]
        dialog = page.locator("#banner .banner-card").inner_text()
        assert "Who shoots first was drawn from the seed" in dialog and "shuffle" not in dialog.lower()
        shot(page, f"skelly-{players}-end-{size}", full_page=False)
        page.context.close()
    assert problems == []
