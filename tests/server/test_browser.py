"""The browser client end to end, in real headless Chromium (Debian's, driven by Playwright) against ``parlour serve``.

Two friends create a four-seat Giacomotto table in the lobby with two bots, open their invitation links in two
browsers and play by clicking until the first deal is over and the second one is dealt. Screenshots go to
``artifacts/``.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser import PHONE, click_and_wait, open_page, overflow, post_table, view

#: Each friend plays 6 cards in the first deal of a four-player match; this bounds the loop generously.
MAX_MOVES = 40


def play_one_move(page: Page, shot: Path | None = None) -> bool:
    """Play one whole turn by clicking; True if it was a capture.

    A card that can capture is preferred: click it, then Capture, then the lit table cards one at a time (each
    click is a ``take``), then Done once nothing more is lit. Otherwise the card is trailed by its click alone.
    ``shot`` is a screenshot taken while a group is half taken (its cards raised, the cards that complete it lit).
    """
    legal = view(page)["legal"]
    hand = page.locator(".kit-hand .kit-card.legal")
    codes = [hand.nth(i).get_attribute("data-code") for i in range(hand.count())]
    can_capture = [c for c in codes if f"capture {c}" in legal]
    card = (can_capture or codes)[0]
    if not can_capture:
        click_and_wait(page, f".kit-hand .kit-card[data-code='{card}']")
        return False
    page.click(f".kit-hand .kit-card[data-code='{card}']")
    click_and_wait(page, f".choices button.choice.capture[data-action='capture {card}']")
    # The new version may be a state sent again (a reconnection), not yet the capture: wait for the capture itself.
    seat = view(page)["seat"]
    try:
        page.wait_for_function("([seat, card]) => { const v = window.parlour.ctx.view;"
                               " return v.capture && v.capture.seat === seat && v.capture.card === card; }",
                               arg=[seat, card])
    except PlaywrightTimeout:
        v = view(page)
        raise AssertionError(f"capture {card} never came under way: capture {v['capture']}, to act {v['to_act']},"
                             f" log {v['log'][-4:]}, notice {page.locator('#notice').inner_text()!r}") from None
    shown = False
    while True:
        v = view(page)  # read once: a queued state may be drawn between two reads
        if v["capture"] is None:
            break
        assert v["capture"]["card"] == card and card not in v["hand"], (card, v["capture"], v["log"][-4:])
        lit = page.locator("button.tcard.takeable:enabled")
        expect(lit).to_have_count(sum(a.startswith("take ") for a in v["legal"]))
        if v["capture"]["group"] and shot and not shown:
            expect(page.locator(".tcard.hl.open")).to_have_count(len(v["capture"]["group"]))
            page.screenshot(path=str(shot), full_page=True)
            shown = True
        if lit.count():
            click_and_wait(page, lit.first)
        else:
            assert v["legal"] == ["done"]
            click_and_wait(page, ".capture-bar button.capture-done")
    return True


def create_table_in_lobby(page: Page) -> list[str]:
    """Fill the lobby form: four players, friends in seats 0 and 2, bots in 1 and 3; return the seat links."""
    page.click(".game-choice[data-game=giacomotto]")
    page.locator("label.seg", has_text="4").click()
    expect(page.locator(".seat-row")).to_have_count(4)
    page.select_option("#seat-2", "human")
    page.fill("#name-0", "Ana")
    page.fill("#name-2", "Bora")
    page.click("#create")
    takes = page.locator("#created a.take")
    expect(takes).to_have_count(3)  # two seats and the spectators
    expect(page.locator("#created input.link")).to_have_count(3)
    links = [takes.nth(i).get_attribute("href") for i in range(2)]
    assert all("?token=" in link for link in links)
    expect(page.locator("#my-tables .my-table")).to_have_count(2)
    return links


def test_two_friends_play_the_first_deal_in_their_browsers(live_server: str, browser: Browser,
                                                           artifacts: Path) -> None:
    lobby = open_page(browser, live_server + "/")
    links = create_table_in_lobby(lobby)
    lobby.screenshot(path=str(artifacts / "lobby.png"), full_page=True)

    # A wrong token is refused: the page says so and stops reconnecting.
    wrong = open_page(browser, live_server + links[0].split("?")[0] + "?token=not-a-seat")
    expect(wrong.locator(".toast.error")).to_contain_text("token")
    expect(wrong.locator("#conn")).to_have_text("disconnected")
    wrong.context.close()

    ana, bora = (open_page(browser, live_server + link) for link in links)
    for page, seat in ((ana, 0), (bora, 2)):
        expect(page.locator(".giaco.players-4")).to_be_visible()
        expect(page.locator(".kit-hand .kit-card")).to_have_count(6)
        expect(page.locator(".kit-rim .kit-plate")).to_have_count(3)
        assert view(page)["seat"] == seat

    # Chat reaches the other friend.
    ana.fill("#chat-text", "good luck!")
    ana.click(".chat-form button")
    expect(bora.locator("#chat-list li")).to_contain_text(["good luck!"])

    # A stale action is refused, said in words in the notice, and nothing changes.
    before = view(ana)
    ana.evaluate("window.parlour.conn.send({type: 'action', action: 'trail 2C', version: -1})")
    expect(ana.locator("#notice.error")).to_contain_text("The table moved on before your move arrived")
    assert view(ana)["table"] == before["table"]

    moves = 0
    dropped = offered = False
    choice = artifacts / "table-choice.png"  # taken while a group is half taken
    choice.unlink(missing_ok=True)
    while view(ana)["deal"] == 1 and moves < MAX_MOVES:
        # A page whose states are still queued is not drawn up to date yet: it is not taken for a turn.
        turn = next((p for p in (ana, bora) if p.evaluate(
            "document.body.dataset.myTurn === 'true' && !window.parlour.queue.length")), None)
        if turn is None:
            ana.wait_for_timeout(100)
            continue
        offered |= play_one_move(turn, None if choice.exists() else choice)
        moves += 1
        if moves == 3:
            ana.screenshot(path=str(artifacts / "table.png"), full_page=True)
        if moves == 4 and not dropped:
            # A dropped connection comes back by itself and gets the view again.
            bora.evaluate("window.parlour.conn.drop()")
            expect(bora.locator("body[data-conn=open]")).to_have_count(1)
            dropped = True
    for page in (ana, bora):
        page.wait_for_function("window.parlour.ctx.view.deal === 2")
        v = view(page)
        # The friends hold a fresh hand of six; a bot may already have played from its own.
        assert v["deal"] == 2 and v["stock"] == 0 and v["hands"][0] == v["hands"][2] == len(v["hand"]) == 6
        expect(page.locator(".kit-hand .kit-card")).to_have_count(6)
        expect(page.locator(".kit-stock-count")).to_have_text("0")
        expect(page.locator(".log li", has_text="Deal 2")).to_have_count(1)
        assert page.errors == []  # type: ignore[attr-defined]
    assert moves == 12 and dropped
    assert offered, "no capture was made by clicking in the first deal"
    ana.screenshot(path=str(artifacts / "table-deal-2.png"), full_page=True)


def test_a_phone_shows_the_table_and_the_end_of_a_match(live_server: str, browser: Browser, artifacts: Path) -> None:
    seated = post_table(live_server, {"game": "giacomotto", "players": 4, "seats": [
        {"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "greedy"},
        {"kind": "human"}, {"kind": "bot", "level": "greedy"}]})
    phone = open_page(browser, live_server + seated["seats"][0]["invite_url"], PHONE, is_mobile=True, has_touch=True)
    expect(phone.locator(".kit-hand .kit-card")).to_have_count(6)
    assert overflow(phone) <= 0
    phone.screenshot(path=str(artifacts / "table-phone.png"), full_page=True)

    # Two bots play a one-pack match; a spectator on a phone sees it end and the seed revealed.
    bots = post_table(live_server, {"game": "giacomotto", "players": 2, "options": {"target": 1}, "seats": [
        {"kind": "bot", "level": "greedy"}, {"kind": "bot", "level": "random"}]})
    spectator = open_page(browser, live_server + bots["spectator_url"], PHONE, is_mobile=True, has_touch=True)
    expect(spectator.locator(".giaco")).to_be_visible()
    expect(spectator.locator(".kit-hand")).to_have_count(0)  # a spectator sees no hand, only backs
    assert view(spectator)["seat"] is None
    seed = spectator.locator(".banner-card .seed")
    expect(seed).to_be_visible(timeout=45_000)
    record_url = spectator.locator(".banner-card a", has_text="Match record").get_attribute("href")
    record = spectator.request.get(live_server + record_url).json()
    expect(seed).to_have_text(str(record["seed"]))
    assert overflow(spectator) <= 0
    spectator.screenshot(path=str(artifacts / "table-over-phone.png"), full_page=True)
    assert phone.errors == [] and spectator.errors == []  # type: ignore[attr-defined]
