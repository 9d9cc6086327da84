"""Go and Rengo as a stranger first sees them, at two laptops and a phone and at every player count: the turn line
and the instructions read clearly (axe-core finds nothing serious, contrast included) on your turn and while you
wait, and the board, the prompt and the buttons are on screen without scrolling."""

from __future__ import annotations

import pytest
from browser import click_and_wait, create_table, open_seat, overflow, shot, wait_my_turn
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
                click_and_wait(page, first_point(page))  # a stone: now the table waits for White 1, a person
            assert page.errors == []  # type: ignore[attr-defined]
            page.context.close()
    assert problems == []
