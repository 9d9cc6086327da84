"""A round's result stays on screen until the people are ready (issue 23): at a table with the lobby's pause between
deals, the round just scored is the whole table, with "Next round" at the bottom of the window; the next round's
peek does not begin (no window runs, the bot does not look) until the person presses it. Played by clicking, at
1280×800 and on a phone, waiting on the page's state only. Screenshots: ``artifacts/kaboo-next-round-*.png``."""

from __future__ import annotations

import pytest

from browser import PHONE, click_and_wait, create_table, open_seat, overflow, shot, view, wait_my_turn

from memory.rounds import in_view

#: Kaboo for two: seat 0 plays first (found with the engine).
SEED = 15
LAPTOP_800 = {"width": 1280, "height": 800}


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_round_just_scored_waits_for_next_round(parlour_server, browser, size):
    table = create_table(parlour_server, "kaboo", ["human", "expert"], seed=SEED, deal_pause=30,
                         options={"rounds": 2, "snap_seconds": 1, "peek_seconds": 60})
    page = open_seat(browser, parlour_server, table, 0, viewport=LAPTOP_800 if size == "laptop" else PHONE)
    wait_my_turn(page)
    click_and_wait(page, "button[data-action='ready']")
    page.wait_for_function("window.parlour.ctx.view.phase === 'turn' && document.body.dataset.myTurn === 'true'")
    click_and_wait(page, "button[data-action='knock']")
    # the bot plays its last turn, the round is scored: the result, and "Next round" in view
    page.wait_for_selector("#next-bar button.next-round")
    assert page.evaluate("document.body.dataset.paused") == "true"
    v = view(page)
    assert v["round"] == 2 and v["phase"] == "peek" and page.evaluate("window.parlour.ctx.deadline") is None
    assert page.locator(".mem-reveal.pinned .mem-reveal-title").text_content() == "Round 1: the cards turned up"
    assert page.locator(".mem-reveal.pinned .mem-reveal-row").count() == 2
    assert page.locator("button[data-action='ready']").count() == 0  # the new peek is not shown yet
    assert in_view(page, "#next-bar button.next-round") and in_view(page, ".mem-reveal-title")
    assert in_view(page, ".mem-round-points")
    assert "when everyone is ready" in page.locator("#next-bar").text_content()
    assert overflow(page) <= 0
    shot(page, f"kaboo-next-round-{size}", full_page=False)
    page.click("#next-bar button.next-round")
    # the pause ends: the next round's peek begins, its window running, with its own button
    page.wait_for_selector("button[data-action='ready']")
    page.wait_for_function("window.parlour.ctx.deadline !== null")
    assert page.evaluate("document.body.dataset.paused") == "false" and page.locator("#next-bar").is_hidden()
    assert page.locator(".mem-grid.big .kit-slot.peek").count() == 2
    assert page.errors == []
