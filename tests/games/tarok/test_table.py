"""A person plays Tarok at the browser table by clicking, against three heuristic bots (real chromium).

Seed 23 deals seat 0 a hand that wins the auction with Two: the person bids, calls a king, takes a talon group,
lays away, announces, plays every trick, and reads the deal's result; the score sheet row the page shows is the
engine's own (the table's actions replayed from the server's log). The three-player table is played to the end
of its auction. Screenshots of each phase: ``artifacts/tarok-*.png``.
"""

from __future__ import annotations

import json

from playwright.sync_api import Browser, Page, expect

from browser import CARD_CORNER, PHONE, click_and_wait, create_table, open_seat, overflow, replay, shot, view, wait_my_turn
from fits import covered, cut_off, off_screen, overlap, sizes, spills

BOTS = ["heuristic"] * 3
#: Seat 0 wins the auction with Two here, and the deal is played out: found by playing tables offline with the
#: server's own bots (``parlour.server.bots.think`` with ``bot_seed(seed, index)``) for seeds 1..30.
SEED_4 = 23
#: Seat 0, forehand of the three-player table, takes the auction with Three.
SEED_3 = 5


def my_turn_or_next_deal(page: Page) -> None:
    page.wait_for_function("document.body.dataset.myTurn === 'true' || window.parlour.ctx.view.deal > 1")


def phase(page: Page) -> str:
    return view(page)["phase"]


def test_a_person_plays_a_whole_deal_of_tarok_against_three_bots(parlour_server, browser: Browser) -> None:
    table = create_table(parlour_server, "tarok", ["human", *BOTS], seed=SEED_4)
    page = open_seat(browser, parlour_server, table, 0)
    expect(page.locator(".kit-table.tarok.players-4")).to_be_visible()
    expect(page.locator(".kit-rim .kit-plate")).to_have_count(3)
    expect(page.locator(".kit-plate", has_text="Bot 1 (heuristic)")).to_have_count(1)

    # The auction: a row of bids per seat; the person bids Two with the button named so.
    wait_my_turn(page)
    expect(page.locator(".auction .auction-row")).to_have_count(4)
    bid = page.locator("button.act[data-action='bid two']")
    expect(bid).to_contain_text("Two")
    shot(page, "tarok-auction")
    click_and_wait(page, bid)
    wait_my_turn(page)
    if phase(page) == "contract":  # the others passed: keep Two
        click_and_wait(page, "button.act[data-action='contract two']")
        wait_my_turn(page)

    # The king call: four kings to click.
    assert phase(page) == "call"
    kings = page.locator(".kings button.king")
    expect(kings).to_have_count(4)
    shot(page, "tarok-king-call")
    hand = view(page)["hand"]
    suit = next(s for s, c in (("hearts", "KH"), ("diamonds", "KD"), ("spades", "KS"), ("clubs", "KC")) if c not in hand)
    click_and_wait(page, f".kings button.king[data-action='call king {suit}']")
    wait_my_turn(page)

    # The talon: three groups of two, taken with a click.
    assert phase(page) == "talon"
    groups = page.locator(".talon-groups .talon-group")
    expect(groups).to_have_count(3)
    shot(page, "tarok-talon")
    taking = view(page)["talon"][:2]
    click_and_wait(page, groups.first)
    wait_my_turn(page)

    # Laying away: kings and the trula are dimmed with the reason; two legal cards picked, then confirmed.
    assert phase(page) == "discard"
    mine = view(page)["hand"]
    assert set(taking) <= set(mine)
    for king in (c for c in mine if c in ("KH", "KD", "KS", "KC")):
        card = page.locator(f".kit-hand .kit-card[data-code='{king}']")
        expect(card).to_have_class("kit-card illegal")
        assert "kings may not be laid away" in card.get_attribute("data-why")  # said when it is clicked
    legal = page.locator(".kit-hand .kit-card.legal")
    legal.first.click(position=CARD_CORNER)
    page.locator(".kit-hand .kit-card.legal:not(.selected)").first.click(position=CARD_CORNER)
    confirm = page.locator("button.kit-confirm")
    expect(confirm).to_be_enabled()
    shot(page, "tarok-lay-away")
    laid = confirm.get_attribute("data-action")
    click_and_wait(page, confirm)

    # Announcements: the person announces the trula, then passes; the list shows it by seat.
    my_turn_or_next_deal(page)
    assert phase(page) == "announce"
    click_and_wait(page, "button.act[data-action='announce trula']")
    wait_my_turn(page)
    expect(page.locator(".announcements .auction-row[data-seat='0']")).to_contain_text("Trula")
    shot(page, "tarok-announce")
    click_and_wait(page, "button.act[data-action='pass']")

    # Every trick, by clicking a raised (legal) card.
    played = named = 0
    while True:
        my_turn_or_next_deal(page)
        if view(page)["deal"] > 1:
            break
        assert phase(page) == "play"
        if played == 5:  # while the page waits for this seat, nothing redraws the table: look at the last trick
            page.click(".kit-last-button")
            expect(page.locator(".kit-last-view .kit-trick-card")).to_have_count(4)
            expect(page.locator(".kit-last-view .kit-trick-card.won")).to_have_count(1)
            shot(page, "tarok-last-trick")
            for size in sizes(page):  # over the trick, never over the hand; the winner's name not under a card
                assert not overlap(page, ".kit-last-view", ".kit-hand"), size
                assert covered(page, ".kit-last-view .kit-won-tag") == [], size
                assert off_screen(page, ".kit-last-view") == [], size
                assert spills(page, ".kit-last-view") == [], size
                shot(page, f"tarok-last-trick-{size}", full_page=False)
            page.click(".kit-last-button")
            expect(page.locator(".kit-last-view")).to_have_count(0)
        cards = page.locator(".kit-hand .kit-card.legal")
        assert cards.count() == sum(a.startswith("play ") for a in view(page)["legal"])
        if page.locator(".kit-hand .kit-card.illegal").count():
            assert page.locator(".kit-hand .kit-card.illegal").first.get_attribute("data-why")
        if page.locator(".kit-trick .kit-won-tag").count():  # the trick just taken, its winner named on top
            assert covered(page, ".kit-trick:not(.small) .kit-won-tag") == []
            named += 1
        click_and_wait(page, cards.first, position=CARD_CORNER)
        played += 1
        if played == 3:
            expect(page.locator(".kit-trick .kit-trick-card")).not_to_have_count(0)
            shot(page, "tarok-trick")
    assert played == 12 and named

    # The result in Tarok terms, and the sheet's row is the engine's.
    result = page.locator(".result")
    expect(result).to_be_visible()
    expect(result).to_contain_text("Two")
    expect(result).to_contain_text("Card points")
    expect(result).to_contain_text("Trula")
    expect(result.locator(".final-card")).to_have_count(4)  # the deal's last trick, from the view's `previous`
    expect(result.locator(".final-card.won")).to_have_count(1)
    shot(page, "tarok-result")
    for size in sizes(page):  # the whole result and its button, on a laptop, a smaller laptop and a phone
        assert off_screen(page, ".result, .result button.tarok-continue") == [], size
        assert cut_off(page, ".result .result-body") == [], size
        assert spills(page, ".result") == [], size
        shot(page, f"tarok-result-{size}", full_page=False)
    engine = replay(parlour_server, table)
    _, points, detail = engine.sheet.rows[0]
    assert laid == "discard " + " ".join(next(e for e in engine.events if e["type"] == "laid away")["cards"])
    drawn = view(page)["sheet"]["rows"][0]
    assert drawn["points"] == list(points) and drawn["detail"] == json.loads(json.dumps(detail))
    cells = page.locator(".tarok-sheet tbody tr.row").first.locator("td")
    signed = [f"+{p}" if p > 0 else f"−{-p}" if p < 0 else "·" for p in points]
    expect(cells).to_have_text(signed)
    detail = page.locator(".tarok-sheet tbody tr.detail").first
    expect(detail).to_contain_text("Two · You")
    expect(detail).to_contain_text("Card points")
    page.click("button.tarok-continue")
    expect(result).to_have_count(0)
    shot(page, "tarok-next-deal")
    assert page.errors == []  # type: ignore[attr-defined]

    # A spectator on a phone sees the same table, nothing wider than the screen.
    phone = open_seat(browser, parlour_server, table, None, viewport=PHONE, is_mobile=True, has_touch=True)
    expect(phone.locator(".kit-table.tarok .kit-rim .kit-plate")).to_have_count(3)
    expect(phone.locator(".kit-hand")).to_have_count(0)
    assert overflow(phone) <= 0
    shot(phone, "tarok-spectator-phone")
    assert phone.errors == []  # type: ignore[attr-defined]


def test_the_three_player_table_to_the_end_of_the_auction(parlour_server, browser: Browser) -> None:
    table = create_table(parlour_server, "tarok", ["human", "heuristic", "heuristic"], seed=SEED_3)
    page = open_seat(browser, parlour_server, table, 0, viewport=PHONE, is_mobile=True, has_touch=True)
    expect(page.locator(".kit-table.tarok.players-3")).to_be_visible()
    expect(page.locator(".kit-rim .kit-plate")).to_have_count(2)
    wait_my_turn(page)
    expect(page.locator(".auction .auction-row")).to_have_count(3)
    assert overflow(page) <= 0
    shot(page, "tarok3-auction-phone")
    click_and_wait(page, "button.act[data-action='bid three']")
    while phase(page) in ("bid", "contract"):
        wait_my_turn(page)
        if phase(page) == "contract":
            click_and_wait(page, "button.act[data-action='contract three']")
        elif phase(page) == "bid":
            click_and_wait(page, "button.act[data-action='pass']")
    v = view(page)
    assert v["contract"] == "three" and v["declarer"] == 0 and v["phase"] == "talon"
    expect(page.locator(".talon-groups .talon-group")).to_have_count(2)
    assert overflow(page) <= 0
    shot(page, "tarok3-talon-phone")

    # The rest of the deal by clicking: a talon group, the first cards that may be laid away, no announcement,
    # the first legal card of every trick; then the result, whole on the phone and its button on screen.
    click_and_wait(page, page.locator(".talon-groups .talon-group").first)
    while True:
        my_turn_or_next_deal(page)
        if view(page)["deal"] > 1:
            break
        if phase(page) == "discard":
            # the button says why while the cards are not all picked (data-why): it is ready once that is gone
            while not page.locator("button.kit-confirm:not([data-why])").count():
                page.locator(".kit-hand .kit-card.legal:not(.selected)").first.click(position=CARD_CORNER)
            click_and_wait(page, "button.kit-confirm")
        elif phase(page) == "announce":
            click_and_wait(page, "button.act[data-action='pass']")
        elif phase(page) == "colour":
            click_and_wait(page, page.locator("button.act").last)
        else:
            click_and_wait(page, page.locator(".kit-hand .kit-card.legal").first, position=CARD_CORNER)
    result = page.locator(".result")
    expect(result).to_be_visible()
    expect(result.locator(".final-card")).to_have_count(3)
    for size in sizes(page):
        assert off_screen(page, ".result, .result button.tarok-continue") == [], size
        assert cut_off(page, ".result .result-body") == [], size
        assert spills(page, ".result") == [], size
        shot(page, f"tarok3-result-{size}", full_page=False)
    page.click("button.tarok-continue")
    expect(result).to_have_count(0)
    assert page.errors == []  # type: ignore[attr-defined]
