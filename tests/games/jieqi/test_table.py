"""A person plays a whole game of Jieqi in the browser by clicking: pick a piece up, see where it may go, put it
down; the bot answers; the game ends. Checked on the way: covered pieces are blank discs, the last move is
marked, a reveal is animated, captures lie beside the board as the rules allow, and a phone's screen holds it."""

from __future__ import annotations

import random

from browser import PHONE, click_and_wait, create_table, open_seat, overflow, shot, view
from playwright.sync_api import expect


def hit(page, point: str, flipped: bool = False):
    """The click target of a point (a1..i10) on the page's board."""
    file, rank = "abcdefghi".index(point[0]), int(point[1:]) - 1
    x, y = (8 - file, rank) if flipped else (file, 9 - rank)
    return page.locator(f".jieqi-board .kit-hit[data-x='{x}'][data-y='{y}']")


def wait_turn_or_end(page) -> None:
    page.wait_for_function("document.body.dataset.myTurn === 'true' || document.body.dataset.over === 'true'",
                           timeout=60_000)


def test_a_person_plays_a_whole_game_by_clicking(parlour_server, browser):
    table = create_table(parlour_server, "jieqi", ["human", "quick"], seed=5)
    page = open_seat(browser, parlour_server, table, 0)
    assert page.locator(".jieqi-board .piece.covered").count() == 30
    assert page.locator(".jieqi-board .piece.covered text").count() == 0  # blank discs
    assert sorted(page.locator(".jieqi-board .piece:not(.covered) text").all_text_contents()) == sorted(["帥", "將"])
    rng = random.Random(5)
    moves = 0
    seen_reveal = seen_capture_panel = False
    while True:
        wait_turn_or_end(page)
        v = view(page)
        if v["over"]:
            break
        if page.locator(".jieqi-board .piece.revealed").count():
            seen_reveal = True
        assert page.locator(".jieqi-board .kit-mark.last-from").count() == (1 if any(
            e["type"] == "move" for e in v["log"]) else 0)
        move = rng.choice(v["legal"])[5:]
        origin = move[:2] if move[2].isalpha() else move[:3]
        target = move[len(origin):]
        destinations = {m[5:][len(origin):] for m in v["legal"] if m[5:].startswith(origin) and m[5 + len(origin)].isalpha()}
        hit(page, origin).click()
        page.wait_for_selector(".jieqi-board .piece.lifted")
        shown = page.locator(".jieqi-board .kit-mark.dest").count() + page.locator(".jieqi-board .dest.capture").count()
        assert shown == len(destinations)
        if moves == 6:
            shot(page, "jieqi-table")  # a piece in hand, where it may go, the last move, some captures
        click_and_wait(page, hit(page, target))
        moves += 1
        if page.locator(".jieqi-side .lost .mini-disc").count():
            seen_capture_panel = True
        assert moves < 200, "the game should have ended"
    v = view(page)
    assert v["result"]["reason"] in ("checkmate", "stalemate", "perpetual check", "repetition", "quiet plies")
    said = page.locator(".jieqi-status").inner_text()
    assert ("win" in said and ("Red" in said or "Black" in said)) or "Drawn" in said or "drawn" in said, said
    # the match-over dialog and the sheet say it in Jieqi's words: the game's end, never "You lose 0 – 2" or raw data
    expect(page.locator("#banner .banner-card h2")).to_have_text(said)
    expect(page.locator("#banner .banner-card .reveal")).to_contain_text("The covered pieces were shuffled")
    detail = page.locator("#sheet tr.detail").inner_text()
    assert detail.startswith(said) and f"({v['sheet']['rows'][0]['detail']['plies']} plies)" in detail
    assert "deal" not in page.locator("#sheet").inner_text().lower() and "winner" not in detail
    lost = sum(len(v["captured"][c]) for c in ("red", "black"))
    assert page.locator(".jieqi-side .lost .mini-disc").count() == lost
    hidden = sum(1 for c in ("red", "black") for e in v["captured"][c] if e["piece"] in "Xx")
    assert page.locator(".jieqi-side .lost .mini-disc.covered").count() == hidden
    assert seen_reveal, "a piece turned over with its animation at least once"
    assert seen_capture_panel or lost == 0
    shot(page, "jieqi-end")
    assert page.errors == []


def test_a_spectator_on_a_phone_sees_the_board_without_scrolling_sideways(parlour_server, browser):
    table = create_table(parlour_server, "jieqi", ["quick", "quick"], seed=9)
    page = open_seat(browser, parlour_server, table, None, viewport=PHONE)
    page.wait_for_function("Number(document.body.dataset.version) >= 2", timeout=60_000)
    # the bots play on: read the drawn view and count its pieces in one go
    fen, drawn = page.evaluate("[window.parlour.ctx.view.fen, document.querySelectorAll('.jieqi-board .piece').length]")
    assert drawn == sum(ch.isalpha() for ch in fen.split()[0].split("[")[0])
    assert overflow(page) == 0
    shot(page, "jieqi-phone")
    assert page.errors == []
