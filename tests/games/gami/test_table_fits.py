"""Gami as a stranger first sees it, at two laptops and a phone: both open hands, the six table cards and the prompt
are on screen without scrolling on your turn, nothing is wider than the screen, axe-core finds nothing serious."""

from __future__ import annotations

import pytest
from browser import create_table, open_seat, overflow, shot, wait_my_turn
from fit import SIZES, dialog_problems, off_screen, serious


@pytest.mark.parametrize("size", SIZES)
def test_the_hands_the_table_and_the_prompt_fit_the_screen(parlour_server, browser, size):
    table = create_table(parlour_server, "gami", ["human", "greedy"], seed=3)
    page = open_seat(browser, parlour_server, table, 0, viewport=SIZES[size])
    wait_my_turn(page)
    page.locator(".kit-hand:not(.opp-hand) .kit-card.legal").first.click()  # a card picked: its exchanges light up
    page.wait_for_selector(".table-cards .tcard.legal")
    must = [".kit-hand:not(.opp-hand)", ".opp-hand", ".table-cards", ".kit-turn.yours"]
    problems = serious(page) + off_screen(page, *must)
    if overflow(page):
        problems.append(f"the page is {overflow(page)} px wider than the screen")
    shot(page, f"gami-{size}", full_page=False)
    assert problems == []
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_end_and_its_buttons_fit_the_screen(parlour_server, browser):
    table = create_table(parlour_server, "gami", ["greedy", "greedy"], seed=3)
    watch = open_seat(browser, parlour_server, table, None)
    watch.wait_for_function("document.body.dataset.over === 'true'", timeout=120_000)
    problems = []
    for size, viewport in SIZES.items():
        page = open_seat(browser, parlour_server, table, None, viewport=viewport)
        problems += [f"{size}: {p}" for p in dialog_problems(page)]
        shot(page, f"gami-end-{size}", full_page=False)
        page.context.close()
    assert problems == []
