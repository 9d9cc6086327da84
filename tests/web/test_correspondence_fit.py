"""A correspondence table is ready for a stranger at every size: with the bar of move clocks ("Your move since …, N
hours left") added above the table, the player's hand, the prompt and the bar itself are on screen without
scrolling at 1280×800, 1366×768 and 390×844, nothing sticks out sideways, and axe-core finds nothing serious — at
two players and at four. Screenshots: ``artifacts/correspondence-<game>-<size>.png``."""

from __future__ import annotations

import pytest
from browser import create_table, open_seat, overflow, shot, wait_my_turn
from fit import SIZES, off_screen, serious

#: game, players, seed, the player's must-see selectors on her move
CASES = {
    "giacomotto": (2, 1, [".kit-me .kit-hand", ".kit-turn.yours"]),
    "tarok": (4, 7, [".kit-me .kit-hand"]),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", CASES)
def test_the_move_clocks_bar_leaves_the_table_on_screen(parlour_server, browser, game_id, size):
    players, seed, must = CASES[game_id]
    table = create_table(parlour_server, game_id, ["human"] + ["random"] * (players - 1), players=players, seed=seed,
                         correspondence={"days": 2, "weekends": False, "vacation_days": 7})
    page = open_seat(browser, parlour_server, table, 0, viewport=SIZES[size])
    wait_my_turn(page)
    page.wait_for_function("(document.querySelector('#moves-bar')?.textContent || '').includes('Your move since')")
    problems = serious(page) + off_screen(page, *must, "#moves-bar")
    shot(page, f"correspondence-{game_id}-{size}", full_page=False)
    assert problems == [], page.locator("#moves-bar").text_content()
    assert overflow(page) <= 0
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()
