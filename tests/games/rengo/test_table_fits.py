"""Go and Rengo as a stranger first sees them, at two laptops and a phone and at every player count: the turn line
and the instructions read clearly (axe-core finds nothing serious, contrast included) on your turn and while you
wait, and the board, the prompt and the buttons are on screen without scrolling."""

from __future__ import annotations

import pytest
from browser import click_and_wait, create_table, open_seat, overflow, shot, version, view, wait_my_turn
from playwright.sync_api import expect
from fit import SIZES, off_screen, serious

#: Every player count: Go's two; Rengo's fewest, its default and its most. Seats 0 and 1 are people (Black 1 and
#: White 1), so that after seat 0's stone the table waits for a person and holds still.
COUNTS = [("go", 2), ("rengo", 2), ("rengo", 4), ("rengo", 16)]
PROMPT = ".go-status .kit-turn"


def first_point(page):
    """A point of the empty 19×19 board (Q16, a star point's neighbour)."""
    return page.locator(".go-board .kit-hit[data-x='15'][data-y='3']")


@pytest.mark.parametrize("game,players", COUNTS, ids=[f"{g}-{n}" for g, n in COUNTS])
def test_the_turn_line_reads_clearly_and_the_board_and_buttons_fit(parlour_server, browser, game, players):
    table = create_table(parlour_server, game, ["human", "human"] + ["random"] * (players - 2), seed=8)
    problems = []
    for state in ("your turn", "waiting"):
        for size, viewport in SIZES.items():
            page = open_seat(browser, parlour_server, table, 0, viewport=viewport)
            if state == "your turn":
                wait_my_turn(page)
                must = [".go-board", PROMPT, "button[data-action='pass']", "button[data-action='resign']"]
            else:
                page.wait_for_function("window.parlour.ctx.view.to_act[0] === 1")
                must = [".go-board", PROMPT]
            problems += [f"{size} {state}: {p}" for p in serious(page) + off_screen(page, *must)]
            if overflow(page):
                problems.append(f"{size} {state}: the page is {overflow(page)} px wider than the screen")
            shot(page, f"{game}-{players}-{size}-{state.replace(' ', '-')}", full_page=False)
            if state == "your turn" and size == "390x844":
                first_point(page).click()  # on a phone a first tap shows the stone, the second places it
                click_and_wait(page, first_point(page))  # a stone: now the table waits for White 1, a person
            assert page.errors == []  # type: ignore[attr-defined]
            page.context.close()
    assert problems == []


def test_on_a_phone_a_stone_is_placed_in_two_taps_and_with_a_mouse_in_one(parlour_server, browser):
    """A 19×19 board on a 390 px phone puts its points 18 px apart, less than a finger: the first tap shows the stone
    where it would go (nothing is played), a tap elsewhere moves it, the second tap or "Play R15" places it."""
    table = create_table(parlour_server, "go", ["human", "human"], seed=9)
    phone = open_seat(browser, parlour_server, table, 0, viewport=SIZES["390x844"])
    wait_my_turn(phone)
    # measured in the page in one step: a redraw between finding a point and measuring it would leave nothing
    step = phone.eval_on_selector(".go-board .kit-hit", "(e) => e.getBoundingClientRect().width")
    assert step < 24  # why it takes two taps
    before = version(phone)
    first_point(phone).click()
    expect(phone.locator(".go-board .go-aimed[data-point='Q16']")).to_have_count(1)
    expect(phone.locator("button[data-action='play Q16']")).to_be_visible()
    assert version(phone) == before and view(phone)["moves"] == 0  # nothing played yet
    phone.locator(".go-board .kit-hit[data-x='16'][data-y='4']").click()  # R15 instead
    expect(phone.locator(".go-board .go-aimed[data-point='R15']")).to_have_count(1)
    expect(phone.locator(".go-status .kit-turn")).to_have_text("Tap R15 again, or press Play R15, to place your stone there.")
    assert off_screen(phone, "button[data-action='play R15']") == []
    shot(phone, "go-phone-two-taps", full_page=False)
    click_and_wait(phone, "button[data-action='play R15']")
    assert view(phone)["board"][4][16] == "X"
    laptop = open_seat(browser, parlour_server, table, 1, viewport=SIZES["1280x800"])
    wait_my_turn(laptop)
    click_and_wait(laptop, first_point(laptop))  # with a mouse the points are big enough: one click plays
    assert view(laptop)["board"][3][15] == "O"
    assert phone.errors == [] and laptop.errors == []  # type: ignore[attr-defined]
