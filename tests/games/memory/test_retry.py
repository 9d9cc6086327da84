"""A move refused as stale is sent again when it still means the same: in a snap window every seat acts at once,
and a snap must not be lost because a bot passed a moment before (static/table.js ``resend``, the memory tables'
``retry``)."""

from __future__ import annotations

from browser import create_table, open_seat, view, wait_my_turn


def test_the_memory_rule_resends_only_a_move_naming_the_same_cards(parlour_server, browser):
    table = create_table(parlour_server, "kaboo", ["human", "expert"], seed=4)
    page = open_seat(browser, parlour_server, table, 0)
    got = page.evaluate("""async () => {
      const { retry } = await import('/games/memory/table.js');
      const base = { round: 1, phase: 'turn', turn: 1, seat: 0, tags: [[1, 2, 3, 4], [5, 6, 7, 8]],
                     legal: ['pass', 'snap 1.2', 'snap 0.3'] };
      const moved = { ...base, tags: [[1, 2, 3, 4], [5, 6, 9, 8]] };          // a card given into 1.2
      return [retry('snap 1.2', base, base), retry('snap 1.2', base, moved), retry('snap 0.3', base, moved),
              retry('pass', base, { ...base, legal: ['draw'] }), retry('pass', base, { ...base, turn: 0 })];
    }""")
    assert got == ["snap 1.2", None, "snap 0.3", None, None]


def test_a_stale_move_that_still_means_the_same_is_sent_again(parlour_server, browser):
    table = create_table(parlour_server, "kaboo", ["human", "expert"], seed=4, options={"peek_seconds": 60})
    page = open_seat(browser, parlour_server, table, 0)
    wait_my_turn(page)
    assert view(page)["phase"] == "peek"
    # the page believes it is a version behind, as when a bot's move crossed its click
    page.evaluate("window.parlour.ctx.version -= 1")
    page.click("button[data-action='ready']")
    page.wait_for_function("window.parlour.ctx.view.phase !== 'peek'")
    assert page.locator(".toast.error").count() == 0
    assert page.errors == []
