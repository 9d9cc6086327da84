"""A person plays a whole hand of Tysiąc by clicking, in Debian's chromium, against two expert bots.

Seat 0 opens the auction holding the marriage of hearts; it bids, gives a card to each opponent, keeps or raises
its contract and plays its cards (declaring a marriage when the table offers one) until the hand is scored.
"""

from __future__ import annotations

from browser import PHONE, click_and_wait, create_table, open_seat, overflow, shot, view
from fits import cut_off, low_contrast, off_screen, sizes, spills, sticking_out

import parlour
from parlour.games.tysiac.cards import NINES, marriages

SEED = 15


def test_the_seed_deals_seat_0_the_opening_bid_and_a_marriage():
    state = parlour.load("tysiac").new(seed=SEED)
    assert state.to_act == (0,) and marriages(state.hands[0])
    assert not any(h & NINES == NINES for h in state.hands)


def my_turn_or_next_hand(page) -> bool:
    """Wait until this seat may act in the first hand (True), or the first hand is over (False)."""
    page.wait_for_function("document.body.dataset.myTurn === 'true' || window.parlour.ctx.view.deal > 1"
                           " || document.body.dataset.over === 'true'")
    return view(page)["deal"] == 1 and page.evaluate("document.body.dataset.myTurn") == "true"


def test_a_person_plays_a_whole_hand_by_clicking(parlour_server, browser):
    table = create_table(parlour_server, "tysiac", ["human", "expert", "expert"], seed=SEED)
    page = open_seat(browser, parlour_server, table, 0)
    assert my_turn_or_next_hand(page)
    assert page.locator(".auction").is_visible()
    assert page.locator("button[data-action='pass']").count() == 0      # the opening bid is compulsory
    shot(page, "tysiac-auction")
    pictured = False
    for _ in range(60):
        if not my_turn_or_next_hand(page):
            break
        v = view(page)
        phase, legal = v["phase"], v["legal"]
        if phase == "bid":
            bid = next((a for a in legal if a.startswith("bid ")), "pass")
            click_and_wait(page, f"button[data-action='{bid}']")
        elif phase == "give":
            assert page.locator(".prikup-box .kit-row .kit-row-card").count() == 3   # the prikup, face up
            page.click(".kit-me .kit-card.legal >> nth=0")
            assert page.locator("button.gift").count() >= 1                    # "Give 9♠ to Bot 1" (and to Bot 2)
            assert low_contrast(page, ".kit-me .actions") == []               # dark on cream (was the felt's 1.03:1)
            click_and_wait(page, "button.gift >> nth=0")
        elif phase == "contract":
            shot(page, "tysiac-contract")
            click_and_wait(page, "button.keep")
        elif phase == "nines":
            click_and_wait(page, "button[data-action='play on']")
        else:
            if len(v["trick"]) == 2 and not pictured:
                shot(page, "tysiac-play")                            # a trick on the felt, mid-hand
                pictured = True
            if page.locator("button.marry").count():
                click_and_wait(page, "button.marry >> nth=0")
            else:
                click_and_wait(page, ".kit-me .kit-card.legal >> nth=0")
    final = view(page)
    assert final["deal"] > 1 or final["over"]
    first = final["sheet"]["rows"][0]
    assert first["detail"]["declarer"] in (0, 1, 2) and sum(first["detail"]["points"]) >= 120
    result = page.locator(".result")
    assert result.is_visible() and "Hand 1:" in result.inner_text()
    assert page.locator(".result .final-card").count() == 3      # the hand's last trick, from the view's previous
    assert page.locator("section.sheet").is_visible()
    shot(page, "tysiac-result")
    for size in sizes(page):  # the whole result and its button, on a laptop, a smaller laptop and a phone
        assert off_screen(page, ".result, .result button.tysiac-continue") == [], size
        assert cut_off(page, ".result .result-body") == [], size
        assert spills(page, ".result") == [], size
        assert overflow(page) <= 0, (size, sticking_out(page))
        shot(page, f"tysiac-result-{size}", full_page=False)
    page.click("button.tysiac-continue")
    assert not page.locator(".result").is_visible()
    assert page.errors == []


def test_a_spectator_on_a_phone_sees_the_table_without_hands_and_the_result_whole(parlour_server, browser):
    table = create_table(parlour_server, "tysiac", ["expert", "expert", "expert"], seed=SEED)
    page = open_seat(browser, parlour_server, table, None, viewport=PHONE)
    page.wait_for_function("document.querySelectorAll('.kit-backs').length >= 3")
    assert page.locator(".kit-hand .kit-card").count() == 0
    shot(page, "tysiac-phone")
    assert overflow(page) == 0
    # the bots play the hand out; its result is read whole, its button on screen, at every size
    result = page.locator(".result")
    result.wait_for(timeout=120_000)
    for size in sizes(page):
        assert off_screen(page, ".result, .result button.tysiac-continue") == [], size
        assert cut_off(page, ".result .result-body") == [], size
        assert spills(page, ".result") == [], size
        assert overflow(page) <= 0, (size, sticking_out(page))
        shot(page, f"tysiac-spectator-result-{size}", full_page=False)
    assert page.errors == []
