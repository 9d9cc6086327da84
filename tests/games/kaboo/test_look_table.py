"""A look lasts its window at the table (issue 23): a person draws an 8, throws it, lets the snap window close, and
peeks at a card; the card stays up with "I have looked — ready" while the bot whose turn it is waits. Between two
people the next player's page says why the stock waits, and draws once the looker is done. Played by clicking,
waiting on the page's state only. Screenshots: ``artifacts/kaboo-look-*.png``."""

from __future__ import annotations

from browser import click_and_wait, create_table, open_seat, replay, shot, view, wait_my_turn

#: Two players, seat 0 plays first and draws the 8♣ from the top of the stock (found with the engine).
SEED = 15
MINE = ".mem-grid.big .kit-slot[data-slot='{}']"


def draw_and_throw_the_eight(page) -> None:
    wait_my_turn(page)
    click_and_wait(page, "button[data-action='ready']")
    page.wait_for_function("window.parlour.ctx.view.phase === 'turn' && document.body.dataset.myTurn === 'true'")
    click_and_wait(page, ".kit-stock")
    assert view(page)["drawn"] == "8C"
    click_and_wait(page, ".mem-discard")
    assert view(page)["phase"] == "power"


def test_a_peek_after_the_snap_window_stays_until_the_person_is_done(parlour_server, browser):
    table = create_table(parlour_server, "kaboo", ["human", "expert"], seed=SEED, options={"peek_seconds": 30})
    page = open_seat(browser, parlour_server, table, 0)
    draw_and_throw_the_eight(page)
    # the snap window (3 s) closes while the person reads the prompt
    page.wait_for_function("window.parlour.ctx.view.snap.rank === null && window.parlour.ctx.view.phase === 'power'")
    click_and_wait(page, MINE.format(0))
    v = view(page)
    card = v["layouts"][0][0]
    assert card != "##" and v["turn"] == 1 and v["looking"] == [[0, 0, 0]]
    assert page.locator(f"{MINE.format(0)}.peek[data-code='{card}']").count() == 1
    assert "You look at your slot 0: remember it" in page.locator(".mem-prompt").text_content()
    shot(page, "kaboo-look-held")
    click_and_wait(page, "button[data-action='ready']")
    page.wait_for_function("window.parlour.ctx.view.log.some((e) => e.type === 'draw' && e.seat === 1)")
    assert page.locator(f"{MINE.format(0)}[data-code]").count() == 0  # face down again
    events = [(e["type"], e.get("seat")) for e in replay(parlour_server, table).events]
    peek = events.index(("peek", 0))
    assert events.index(("ready", 0), peek) < events.index(("draw", 1), peek), events
    assert page.errors == []


def test_the_next_person_waits_for_the_look_and_is_told_why(parlour_server, browser):
    table = create_table(parlour_server, "kaboo", [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}],
                         seed=SEED, options={"peek_seconds": 30, "snap_seconds": 30})
    ana = open_seat(browser, parlour_server, table, 0)
    bo = open_seat(browser, parlour_server, table, 1)
    wait_my_turn(bo)
    click_and_wait(bo, "button[data-action='ready']")
    draw_and_throw_the_eight(ana)
    click_and_wait(ana, MINE.format(0))
    bo.wait_for_function("(window.parlour.ctx.view.looking || []).length === 1")
    assert "Wait: Ana is still looking at a card." in bo.locator(".mem-prompt").text_content()
    assert bo.locator(".kit-stock.pickable").count() == 0 and bo.locator("button.kit-stock").count() == 0
    assert bo.locator("button[data-action='knock']").count() == 0
    shot(bo, "kaboo-look-others-wait")
    click_and_wait(ana, "button[data-action='ready']")
    bo.wait_for_selector("button.kit-stock.pickable")
    click_and_wait(bo, "button.kit-stock")
    assert view(bo)["phase"] == "drawn" and view(bo)["turn"] == 1
    assert ana.errors == [] and bo.errors == []
