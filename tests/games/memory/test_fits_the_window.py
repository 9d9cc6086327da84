"""Each memory table fits the window at every count (issue 23): at 1280×800, 1366×768 and 390×844, from two
players to the most (Kaboo and Țestoasa 8, the golf games 12), your cards, the prompt and its buttons lie inside the
window without scrolling, and nothing is wider than it. Kaboo is then played by clicking into its busiest state: a
wrong snap's penalty card beside your cards, the power's and the snap window's buttons, the others' cards to tap.
Screenshots: ``artifacts/<game>-<players>-<size>.png``."""

from __future__ import annotations

import pytest

from browser import click_and_wait, create_table, open_seat, overflow, shot, view, wait_my_turn

from memory.rounds import in_view

SIZES = {"1280x800": {"width": 1280, "height": 800}, "1366x768": {"width": 1366, "height": 768},
         "390x844": {"width": 390, "height": 844}}
COUNTS = {"kaboo": range(2, 9), "testoasa": range(2, 9), "golf6": range(2, 13), "crazy-nines": range(2, 13)}
#: What you must see or press at the opening: your cards, the prompt, its button (Kaboo's "I have looked", golf's
#: "Ready").
MUST = (".mem-grid.big", ".mem-prompt", ".mem-actions button")


def fits(page) -> list[str]:
    """What of MUST lies (partly) outside the window, and "overflow" if the page is wider than it."""
    out = [sel for sel in MUST if not in_view(page, sel)]
    return out + (["overflow"] if overflow(page) > 0 else [])


@pytest.mark.parametrize("game", COUNTS)
def test_the_opening_fits_the_window_at_every_count(parlour_server, browser, game):
    bad = []
    options = {"peek_seconds": 120} if game in ("kaboo", "testoasa") else {}
    for n in COUNTS[game]:
        table = create_table(parlour_server, game, ["human"] + ["expert"] * (n - 1), seed=5, options=options)
        page = open_seat(browser, parlour_server, table, 0, viewport=SIZES["1280x800"])
        wait_my_turn(page)
        for name, size in SIZES.items():
            page.set_viewport_size(size)
            page.wait_for_function("(w) => window.innerWidth === w", arg=size["width"])
            if fits(page):
                bad.append((n, name, fits(page)))
            if n in (2, max(COUNTS[game])) or name == "390x844":
                shot(page, f"{game}-{n}-{name}", full_page=False)
        assert page.errors == []
        page.context.close()
    assert bad == [], bad


@pytest.mark.parametrize("size", SIZES)
def test_kaboos_busiest_moment_fits_the_window(parlour_server, browser, size):
    # Eight players, the most, so that the others' cards take their most room; you play first and draw the 8♠, the
    # next player's slot 1 is the 3♣ (found with the engine).
    table = create_table(parlour_server, "kaboo", ["human"] + ["expert"] * 7, seed=13,
                         options={"snap_seconds": 60, "peek_seconds": 60})
    page = open_seat(browser, parlour_server, table, 0, viewport=SIZES[size])
    wait_my_turn(page)
    click_and_wait(page, "button[data-action='ready']")
    page.wait_for_function("window.parlour.ctx.view.phase === 'turn' && document.body.dataset.myTurn === 'true'")
    assert in_view(page, ".kit-stock") and in_view(page, "button[data-action='knock']")
    click_and_wait(page, ".kit-stock")
    assert in_view(page, ".mem-drawn") and in_view(page, ".mem-discard")
    click_and_wait(page, ".mem-discard")  # an 8: its power (a peek), and a snap window on eights
    for sel in ("button[data-action='skip']", "button[data-action='pass']", "button.snap-switch"):
        assert in_view(page, sel), sel
    page.click("button.snap-switch")
    click_and_wait(page, ".mem-grid[data-seat='1'] .kit-slot[data-slot='1']")  # the 3♣: a wrong snap
    v = view(page)
    assert len(v["layouts"][0]) == 5, "the penalty card"
    for sel in (".mem-grid.big", ".mem-grid.big .kit-slot.penalty", ".mem-prompt", "button[data-action='skip']",
                ".mem-grid:not(.big) .kit-slot"):
        assert in_view(page, sel), sel
    small = page.evaluate("Math.min(...[...document.querySelectorAll('.mem-grid:not(.big) .kit-slot')]"
                          ".map((e) => Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height)))")
    assert small >= 24, f"the others' cards are {small} px: too small to tap"
    assert overflow(page) <= 0
    shot(page, f"kaboo-busy-{size}", full_page=False)
    assert page.errors == []
