"""A person plays a whole hand of Zole by clicking, in Debian's chromium, against two search bots: takes the talon,
lays away two cards, plays the eight tricks, and reads the result; four players fit a phone."""

from __future__ import annotations

from browser import PHONE, click_and_wait, create_table, open_seat, overflow, shot, view, wait_my_turn
from fits import covered, cut_off, off_screen, sizes, spills

import parlour

#: Seat 0 speaks first (seat 2 deals) with Q♠ Q♦ J♥ A♦ K♦ and three plain aces: a hand to take the talon with.
SEED = 15


def test_seat_0_speaks_first_in_the_seeds_first_hand():
    state = parlour.load("zole").new(seed=SEED)
    assert state.dealer == 2 and state.to_act == (0,)
    assert state.view(0)["hand"] == ["QS", "QD", "JH", "AD", "KD", "KC", "AS", "AH"]


def my_turn_or_next_hand(page) -> bool:
    """Wait until this seat may act in the first hand (True), or the first hand is over (False)."""
    page.wait_for_function("document.body.dataset.myTurn === 'true' || window.parlour.ctx.view.hand_number > 1")
    return view(page)["hand_number"] == 1


def test_a_person_plays_a_whole_hand_by_clicking(parlour_server, browser):
    table = create_table(parlour_server, "zole", ["human", "search", "search"], seed=SEED)
    page = open_seat(browser, parlour_server, table, 0)
    wait_my_turn(page)
    assert page.locator(".auction-row").count() == 3 and page.locator(".talon .kit-count").inner_text() == "2"
    click_and_wait(page, "button.act[data-action='take']")

    # the talon is in the hand: pick two cards, then confirm
    wait_my_turn(page)
    assert view(page)["phase"] == "discard" and len(view(page)["hand"]) == 10
    legal = view(page)["legal"]
    page.click(".kit-hand .kit-card[data-code='KC']")
    assert page.locator(".kit-hand .kit-card.selected").count() == 1
    second = next(a.split()[1 if a.split()[2] == "KC" else 2] for a in legal if "KC" in a.split())
    page.click(f".kit-hand .kit-card[data-code='{second}']")
    shot(page, "zole-lay-away")
    click_and_wait(page, "button.kit-confirm")
    assert page.locator(".talon.laid .kit-row-card").count() == 2  # what I laid away, face up for me alone

    # the eight tricks: the first legal card each time
    moves = named = 0
    while my_turn_or_next_hand(page):
        assert page.locator(".kit-hand .kit-card.illegal").count() + page.locator(".kit-hand .kit-card.legal").count() \
            == len(view(page)["hand"])
        if moves == 3:
            shot(page, "zole-table")
        if page.locator(".kit-trick .kit-won-tag").count():  # the trick just taken: its winner's name on top
            assert covered(page, ".kit-trick .kit-won-tag") == []
            named += 1
        click_and_wait(page, ".kit-hand .kit-card.legal >> nth=0")
        moves += 1
    assert moves == 8 and named

    # the result of the hand, then the next hand
    result = page.locator(".result")
    result.wait_for()
    text = result.inner_text()
    assert "Hand 1" in text and "Big one" in text and "Card points" in text
    assert result.locator(".final-card").count() == 3  # the last trick, whole, from the view's previous
    assert result.locator(".kit-row-card").count() == 4  # the talon and the two cards laid away
    shot(page, "zole-result")
    for size in sizes(page):  # the whole result and its button, on a laptop, a smaller laptop and a phone
        assert off_screen(page, ".result, .result button.zole-continue") == [], size
        assert cut_off(page, ".result .result-body") == [], size
        assert spills(page, ".result") == [], size
        shot(page, f"zole-result-{size}", full_page=False)
    page.click("button.zole-continue")
    assert page.locator(".result").count() == 0
    assert page.locator("section.sheet").inner_text().count("Big one") == 1
    assert page.errors == []



def test_four_players_on_a_phone_the_dealer_sits_out(parlour_server, browser):
    table = create_table(parlour_server, "zole", ["human", "greedy", "greedy", "greedy"], players=4,
                         options={"hands": 4}, seed=SEED)
    page = open_seat(browser, parlour_server, table, 0, viewport=PHONE)
    wait_my_turn(page)
    assert view(page)["sitting_out"] == view(page)["dealer"] != 0
    assert page.locator(".kit-plate").count() == 4 and page.locator(".kit-badge", has_text="sits out").count() == 1
    shot(page, "zole-phone")
    assert overflow(page) == 0

    # the whole hand by clicking, whatever this seat is asked: pass, or the first legal card
    while my_turn_or_next_hand(page):
        if view(page)["phase"] == "bid":
            click_and_wait(page, "button.act[data-action='pass']")
        else:
            click_and_wait(page, ".kit-hand .kit-card.legal >> nth=0")
    result = page.locator(".result")
    result.wait_for()
    for size in sizes(page):
        assert off_screen(page, ".result, .result button.zole-continue") == [], size
        assert cut_off(page, ".result .result-body") == [], size
        assert spills(page, ".result") == [], size
        shot(page, f"zole4-result-{size}", full_page=False)
    page.click("button.zole-continue")
    assert page.locator(".result").count() == 0
    assert page.errors == []
