"""Kaboo plays the "your turn" sound (issue 23): the card thrown at the end of the bot's turn opens a snap window to
every seat just as our turn begins, so the page, which sounded "turn" only when a seat came to act at all, never
did in Kaboo after the first turn. Played by clicking; the page counts the cues it plays
(``window.parlourSound``, sound.js)."""

from __future__ import annotations

from browser import click_and_wait, create_table, open_seat, view, wait_my_turn

#: Kaboo for two: seat 0 plays first (found with the engine).
SEED = 15


def test_our_turn_sounds_when_the_bots_throw_opens_a_snap_window(parlour_server, browser):
    table = create_table(parlour_server, "kaboo", ["human", "expert"], seed=SEED,
                         options={"snap_seconds": 30, "peek_seconds": 60})
    page = open_seat(browser, parlour_server, table, 0)
    wait_my_turn(page)
    click_and_wait(page, "button[data-action='ready']")
    page.wait_for_function("window.parlour.ctx.view.phase === 'turn' && document.body.dataset.myTurn === 'true'")
    first = page.evaluate("window.parlourSound.played.turn")
    assert first >= 1
    click_and_wait(page, ".kit-stock")
    click_and_wait(page, ".mem-grid.big .kit-slot[data-slot='0']")  # swapped in: its card opens a snap window
    click_and_wait(page, "button[data-action='pass']")
    # the bot's turn: it draws and throws a card, and our turn begins with its snap window open to us
    page.wait_for_function("window.parlour.ctx.view.turn === 0 && window.parlour.ctx.view.phase === 'turn'"
                           " && window.parlour.ctx.view.snap.rank !== null")
    v = view(page)
    assert 0 in v["to_act"] and v["snap"]["rank"] is not None
    assert page.evaluate("window.parlourSound.played.turn") == first + 1
    assert page.errors == []
