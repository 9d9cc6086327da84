"""A person plays a whole deal of Gami by clicking, in Debian's chromium, against the greedy bot; a phone fits it."""

from __future__ import annotations

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser import PHONE, click_and_wait, create_table, open_seat, overflow, shot, view, wait_my_turn

import parlour

#: Seat 0 plays first and may make a GAMI at once: give the 5H for the 6H (the three 6s).
SEED = 6


def test_the_deal_of_the_seed_opens_with_a_gami():
    state = parlour.load("gami").new(seed=SEED)
    assert state.to_act == (0,) and "exchange 5H 6H take 2C" in map(str, state.legal(0))


def my_turn_or_over(page) -> bool:
    """Wait until this seat may act (True) or the match is over (False)."""
    page.wait_for_function("document.body.dataset.myTurn === 'true' || document.body.dataset.over === 'true'")
    return page.evaluate("document.body.dataset.myTurn") == "true"


def pick_first_legal_card(page) -> None:
    """Select the first card of the hand that can go, until its exchanges light up on the table: a state message
    arriving as it is clicked redraws the hand and can swallow the click (clicking a selected card again would drop
    it, so a card already selected is not clicked again)."""
    for _ in range(3):
        if not page.locator(".kit-me .kit-card.selected").count():
            page.click(".kit-me .kit-card.legal >> nth=0")
        try:
            page.wait_for_selector(".tcard.legal", timeout=5_000)
            return
        except PlaywrightTimeout:
            assert my_turn_or_over(page), "the deal ended with a card picked"
    raise AssertionError(f"picking a card of the hand lit no table card; page errors: {page.errors}")


def test_a_person_plays_a_whole_deal_by_clicking(parlour_server, browser):
    table = create_table(parlour_server, "gami", ["human", "greedy"], seed=SEED)
    page = open_seat(browser, parlour_server, table, 0)
    wait_my_turn(page)

    # A GAMI: pick the 5H; the table cards it goes for light up, the 6H tagged GAMI; then take from the opponent.
    page.click(".kit-me .kit-card[data-code='5H']")
    assert page.locator(".tcard.legal").count() >= 1
    assert page.locator(".tcard.legal.gami[data-code='6H']").count() == 1
    assert page.locator(".tcard.dim").count() >= 1
    shot(page, "gami-table")
    page.click(".tcard[data-code='6H']")
    assert page.locator(".capture-bar").is_visible()
    victim = page.locator(".opp-hand .kit-card.legal").first.get_attribute("data-code")
    click_and_wait(page, f".opp-hand .kit-card[data-code='{victim}']")
    first = view(page)["log"][1]
    assert first["captured"] == victim and first["gami"] == [["6C", "6D", "6H"]]
    assert len(view(page)["hands"][0]) == 10

    # Then plain play to the end of the deal: the first card of the hand that can go, the first lit table card,
    # and after a GAMI the first card of the opponent's hand.
    for _ in range(120):
        if not my_turn_or_over(page):
            break
        pick_first_legal_card(page)
        target = page.locator(".tcard.legal").first
        if "gami" in (target.get_attribute("class") or ""):
            target.click()
            click_and_wait(page, ".opp-hand .kit-card.legal >> nth=0")
        else:
            click_and_wait(page, target)
    final = view(page)
    assert final["over"] and final["winners"]
    assert page.locator(".last-move.result").is_visible()
    assert "the deal" in page.locator(".last-move.result").inner_text()
    assert page.locator("section.sheet").inner_text().count("Deal 1") == 1
    shot(page, "gami-end")
    assert page.errors == []


def test_a_spectator_on_a_phone_sees_both_hands_and_the_table(parlour_server, browser):
    table = create_table(parlour_server, "gami", ["greedy", "greedy"], seed=SEED)
    page = open_seat(browser, parlour_server, table, None, viewport=PHONE)
    page.wait_for_function("document.querySelectorAll('.tcard').length === 6")
    assert page.locator(".kit-hand .kit-card").count() + page.locator(".opp-hand .kit-card").count() >= 18
    assert overflow(page) == 0
    assert page.errors == []
