"""A Rengo table in the browser: two friends and two bots, 2 against 2 on a 9×9 board started from an SGF
position near the end of a game. The friends play stones by clicking the board, pass, chat with the set messages
only, agree on the dead stones by clicking groups, and review the finished game from its SGF."""

from __future__ import annotations

import re

from browser import (PHONE, click_and_wait, create_table, open_page, open_seat, overflow, post_table, shot, version,
                     view, wait_my_turn)
from playwright.sync_api import Page, expect

from parlour.games.rengo.gtp import gnugo_path

from .helpers import setup_sgf

# Black walls off the left, White the right; A5 is a dead white stone, G5 a dead black one. D6 and D3 are still
# open on the border: stones to play before passing.
POSITION = """
. . X O . . . . .
. . X O . . . . .
. . X O . . . . .
. . X . . . . . .
O . X O . . X . .
. . X O . . . . .
. . X . . . . . .
. . X O . . . . .
. . X O . . . . .
"""
BOT = "gnugo-1" if gnugo_path() else "mcts"
#: Each friend has a handful of turns at most before play stops; this bounds the loop generously.
MAX_TURNS = 40


def point(page: Page, name: str):
    """The click target of a point of the 9×9 board."""
    x, y = "ABCDEFGHJ".index(name[0]), 9 - int(name[1:])
    return page.locator(f".go-board .kit-hit[data-x='{x}'][data-y='{y}']")


def my_turn(page: Page, timeout: float = 60_000) -> dict:
    wait_my_turn(page, timeout=timeout)
    return view(page)


def test_two_friends_and_two_bots_play_rengo_pass_and_agree_on_the_dead_stones(parlour_server, browser):
    # a table started from a position: through the API, as the lobby's SGF box sends it
    table = post_table(parlour_server, {
        "game": "rengo", "players": 4, "options": {"size": 9}, "seed": 5, "setup": setup_sgf(POSITION),
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": BOT},
                  {"kind": "human", "name": "Cy"}, {"kind": "bot", "level": BOT}]})
    ana = open_seat(browser, parlour_server, table, 0)
    cy = open_seat(browser, parlour_server, table, 2)
    friends = {0: ana, 2: cy}

    # The order of play and the teams are on the table; Ana (Black 1) is to play first.
    v = my_turn(ana)
    assert v["to_act"] == [0] and v["phase"] == "play"
    expect(ana.locator(".go-team.black li.to-act")).to_contain_text("Black 1You")
    expect(ana.locator(".go-order")).to_contain_text("You → Bot 1 (" + BOT + ") → Cy → Bot 3 (" + BOT + ")")
    expect(ana.locator(".go-board.turn-B .kit-hit")).not_to_have_count(0)  # where a ghost stone shows on hover
    stones = POSITION.count("X") + POSITION.count("O")
    assert ana.locator(".go-board .go-stone").count() == stones

    # Partners may not talk about the game: the set messages only, heard by the partner.
    expect(ana.locator("#chat-form")).to_be_hidden()
    ana.click("#chat-canned button[data-text='Is it my turn?']")
    expect(cy.locator("#chat-list")).to_contain_text("Is it my turn?")

    # Play: each friend fills an open border point while there is one, then passes; the bots answer.
    played: list[str] = []
    for _ in range(MAX_TURNS):
        seat = _next_friend(friends)
        if seat is None:
            break
        page = friends[seat]
        v = view(page)
        if v["phase"] != "play":
            break
        target = next((p for p in ("D6", "D3") if f"play {p}" in v["legal"]), None)
        if target:
            point(page, target).hover()  # the next stone shows where it would go
            ghost = page.locator(".go-board .go-ghost.shown")
            expect(ghost).to_have_count(1)
            x, y = "ABCDEFGHJ".index(target[0]) * 40, (9 - int(target[1:])) * 40
            assert (ghost.get_attribute("cx"), ghost.get_attribute("cy")) == (str(x), str(y))
            if not played:
                shot(page, "rengo-hover")
            click_and_wait(page, point(page, target))
            played.append(target)
            assert view(page)["board"][9 - int(target[1:])][3] == "X"
        else:
            click_and_wait(page, "button[data-action='pass']")
    assert played, "the friends played stones by clicking"
    v = view(ana)
    assert v["phase"] == "scoring", v["actions"][-6:]
    assert "pass" in v["actions"]

    # The count: whoever marks, the friends click the dead groups and accept; a bot answers or marks first.
    for _ in range(MAX_TURNS):
        seat = _next_friend(friends)
        if seat is None:
            break
        page = friends[seat]
        v = view(page)
        dead = set(v["dead"])
        for group in v["groups"]:
            should = group["points"] in (["A5"], ["G5"])
            if should != group["dead"] and v["step"] != "confirm":
                click_and_wait(page, point(page, group["points"][0]))
                break
        else:
            if v["step"] == "mark" and not dead:
                shot(page, "rengo-marking")
            click_and_wait(page, "button[data-action='accept']")
    v = view(ana)
    assert v["over"] and sorted(v["dead"]) == ["A5", "G5"] and v["result"].startswith("W+")
    assert v["score"]["black"] < v["score"]["white"] and v["result"] == f"W+{v['score']['white'] - v['score']['black']:g}"
    expect(ana.locator(".go-status .go-result")).to_have_text(f"White wins by {v['result'][2:]} points")
    assert ana.locator(".go-board .go-terr").count() == len(v["territory"]["black"]) + len(v["territory"]["white"])
    ana.click("#banner button:has-text('Look at the table')")
    ana.wait_for_function("!document.querySelector('.kit-banner-item')")  # the news of the end has faded
    shot(ana, "rengo-table")

    # The finished game is reviewed from its SGF record, move by move.
    ana.click(".go-review-open")
    expect(ana.locator(".go-review-at")).to_contain_text(f"of {len([a for a in v['actions'] if a.startswith(('play', 'pass'))])}")
    ana.click("button[data-review='first']")
    expect(ana.locator(".go-review-at")).to_have_text(f"move 0 of {ana.evaluate('window.parlour.ctx.ui.review.game.moves.length')}")
    assert ana.locator(".go-board.reviewing .go-stone").count() == stones
    ana.click("button[data-review='next']")
    assert ana.locator(".go-board.reviewing .go-last").count() == 1
    ana.click("button[data-review='last']")
    drawn = ana.evaluate("""() => [...document.querySelectorAll('.go-board.reviewing .go-stone')]
        .map((g) => g.dataset.point + (g.classList.contains('black') ? 'B' : 'W')).sort()""")
    expected = sorted(f"{'ABCDEFGHJ'[x]}{9 - y}{'B' if ch == 'X' else 'W'}" for y, row in enumerate(v["board"])
                      for x, ch in enumerate(row) if ch != ".")
    assert drawn == expected
    # after the game, free chat is back
    expect(ana.locator("#chat-form")).to_be_visible()
    assert ana.errors == [] and cy.errors == []  # type: ignore[attr-defined]


def test_the_table_fits_a_phone(parlour_server, browser):
    table = create_table(parlour_server, "go", ["human", BOT], options={"size": 19}, seed=2)
    page = open_seat(browser, parlour_server, table, 0, viewport=PHONE)
    my_turn(page)
    point19(page, "Q16").click()  # the points are small on a phone: the first tap shows the stone, the second plays
    click_and_wait(page, point19(page, "Q16"))
    assert overflow(page) == 0
    shot(page, "go-phone")
    assert page.errors == []  # type: ignore[attr-defined]


def point19(page: Page, name: str):
    x, y = "ABCDEFGHJKLMNOPQRST".index(name[0]), 19 - int(name[1:])
    return page.locator(f".go-board .kit-hit[data-x='{x}'][data-y='{y}']")


def _next_friend(friends: dict[int, Page]) -> int | None:
    """The friend whose turn it is once the bots have moved, or None when the game is over."""
    page = next(iter(friends.values()))
    # the page asked must have drawn at least what the friend who acted last saw, else its view may be a move behind
    since = max(int(version(p)) for p in friends.values())
    page.wait_for_function("""(since) => { const v = window.parlour.ctx.view;
        return Number(document.body.dataset.version) >= since
          && (v.over || (v.to_act || []).some((s) => [0, 2].includes(s))); }""", arg=since, timeout=60_000)
    v = view(page)
    if v["over"]:
        return None
    seat = next(s for s in v["to_act"] if s in friends)
    my_turn(friends[seat])
    return seat


def test_the_lobby_starts_a_go_table_from_a_pasted_sgf(parlour_server, browser):
    lobby = open_page(browser, parlour_server + "/")
    lobby.click(".game-choice[data-game=go]")
    lobby.select_option("#opt-size", "9")
    lobby.fill("#position", setup_sgf(POSITION, to_move="W"))
    lobby.select_option("#seat-1", "human")
    lobby.click("#create")
    link = lobby.locator("#created a.take").first
    expect(link).to_have_attribute("href", re.compile(r"\?token="))
    page = open_page(browser, parlour_server + link.get_attribute("href"))
    page.wait_for_function("window.parlour && window.parlour.ctx.view")
    v = view(page)
    assert v["setup"] == setup_sgf(POSITION, to_move="W") and v["to_act"] == [1] and v["turn"] == "W"
    assert page.locator(".go-board .go-stone").count() == POSITION.count("X") + POSITION.count("O")
    expect(page.locator("#chat-form")).to_be_visible()  # plain Go: free chat
    assert lobby.errors == [] and page.errors == []  # type: ignore[attr-defined]
