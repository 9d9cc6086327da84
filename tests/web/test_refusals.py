"""Every refusal says why, on the page, at once, by clicking as a person does: a card out of turn, a card that does
not follow suit, an occupied Go point, a Xiangqi piece that cannot go there, a memory card with nothing to do, and
a move the server refuses. The reason shows in ``#notice`` (role=status) beside what was clicked, on screen at the
three sizes, over none of the player's cards, plates or buttons; nothing is sent for a refused click.
Screenshots go to ``artifacts/refusal-*.png``."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page

from browser import CARD_CORNER, LAPTOP, PHONE, click_and_wait, create_table, open_seat, shot, version, view, wait_my_turn

SIZES = {"1280x800": {"width": 1280, "height": 800}, "1366x768": {"width": 1366, "height": 768}, "390x844": PHONE}

#: What the notice must never lie over (the top bar's own switches aside).
KEEP_CLEAR = (".kit-card, .kit-slot, .kit-plate, .kit-hit, .kit-pile, button, a.button, #board [role=status], "
              ".call-title, [data-now]")

NOTICE = """(keep) => {
  const box = document.getElementById('notice');
  const r = box.getBoundingClientRect();
  const under = [...document.querySelectorAll(keep)].filter((el) => !el.closest('.topbar, #notice')).filter((el) => {
    const e = el.getBoundingClientRect();
    return e.width > 0 && e.height > 0 && Math.min(r.right, e.right) - Math.max(r.left, e.left) > 0.5
      && Math.min(r.bottom, e.bottom) - Math.max(r.top, e.top) > 0.5;
  }).map((el) => el.outerHTML.slice(0, 80));
  return { text: box.textContent, role: box.getAttribute('role'), live: box.getAttribute('aria-live'),
    top: r.top, left: r.left, bottom: r.bottom, right: r.right, width: r.width, height: r.height,
    vw: document.documentElement.clientWidth, vh: innerHeight, under };
}"""


def refuse(page: Page, target: Locator, **click: Any) -> str:
    """Click `target` (something not playable now) as a person does; check that its reason is said at once in the
    notice, on screen and over nothing the player needs, and that nothing was played. Returns the reason."""
    why = target.get_attribute("data-why")
    assert why, f"{target} says no reason"
    before = version(page)
    target.click(**click)
    page.wait_for_function("(why) => document.getElementById('notice').textContent === why", arg=why)
    got = page.evaluate(NOTICE, KEEP_CLEAR)
    assert got["role"] == "status" and got["live"] == "polite"
    assert got["width"] > 0 and got["height"] > 0
    assert 0 <= got["left"] and got["right"] <= got["vw"] and 0 <= got["top"] and got["bottom"] <= got["vh"], got
    assert got["under"] == [], got["under"]
    assert page.evaluate("document.body.dataset.version") == before  # nothing was played
    return why


def two_friends(parlour_server: str, game: str, **kw: Any) -> dict[str, Any]:
    return create_table(parlour_server, game, [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bora"}],
                        **kw)


@pytest.mark.parametrize("size", SIZES)
def test_a_card_clicked_out_of_turn_says_whose_turn_it_is(parlour_server: str, browser: Browser, size: str) -> None:
    table = two_friends(parlour_server, "giacomotto", seed=4)
    pages = [open_seat(browser, parlour_server, table, s, viewport=SIZES[size]) for s in (0, 1)]
    pages[0].wait_for_function("window.parlour.ctx.view.to_act.length === 1")
    first = view(pages[0])["to_act"][0]
    wait_my_turn(pages[first])
    waiting = pages[1 - first]
    waiting.wait_for_function("(v) => document.body.dataset.version === v", arg=version(pages[first]))
    actor = ["Ana", "Bora"][first]
    card = waiting.locator(".kit-hand .kit-card").first
    why = refuse(waiting, card, position=CARD_CORNER)
    assert why == f"Not your turn: waiting for {actor}."
    shot(waiting, f"refusal-out-of-turn-{size}", full_page=False)
    for p in pages:
        assert p.errors == []  # type: ignore[attr-defined]
        p.context.close()


def test_a_card_that_does_not_follow_suit_says_why(parlour_server: str, browser: Browser) -> None:
    table = create_table(parlour_server, "zole", ["human", "random", "random"], seed=2)
    page = open_seat(browser, parlour_server, table, 0, viewport=LAPTOP)
    for _ in range(40):
        wait_my_turn(page)
        if view(page)["phase"] != "play":
            click_and_wait(page, "button[data-action='pass']")
            continue
        illegal = page.locator(".kit-hand .kit-card.illegal")
        if illegal.count():
            why = refuse(page, illegal.first, position=CARD_CORNER)
            assert "follow" in why or "trump" in why, why
            shot(page, "refusal-follow-suit", full_page=False)
            break
        click_and_wait(page, page.locator(".kit-hand .kit-card.legal").first, position=CARD_CORNER)
    else:
        raise AssertionError("no card of the hand was ever refused")
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("size", ["1280x800", "390x844"])
def test_an_occupied_go_point_says_it_is_taken(parlour_server: str, browser: Browser, size: str) -> None:
    table = create_table(parlour_server, "go", ["human", "random"], options={"size": 9}, seed=3)
    page = open_seat(browser, parlour_server, table, 0, viewport=SIZES[size])
    wait_my_turn(page)
    point = page.locator(".kit-hit").first
    x, y = point.get_attribute("data-x"), point.get_attribute("data-y")
    click_and_wait(page, point)
    wait_my_turn(page)
    taken = page.locator(f".kit-miss[data-x='{x}'][data-y='{y}']")
    assert refuse(page, taken) == "This point is taken."
    shot(page, f"refusal-go-taken-{size}", full_page=False)
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_a_xiangqi_piece_says_where_it_cannot_go(parlour_server: str, browser: Browser) -> None:
    table = create_table(parlour_server, "jieqi", ["human", "random"], seed=3)
    page = open_seat(browser, parlour_server, table, 0, viewport=PHONE)
    wait_my_turn(page)
    theirs = page.locator(".kit-miss[data-why='That piece is not yours.']").first
    refuse(page, theirs)
    mine = page.locator(".kit-hit").first
    mine.click()  # picked up: its targets are lit, every other point says why not
    page.wait_for_selector(".piece.lifted")
    nowhere = page.locator(".kit-miss[data-why='Your piece cannot go there.']").first
    refuse(page, nowhere)
    shot(page, "refusal-jieqi", full_page=False)
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_a_memory_card_with_nothing_to_do_says_why(parlour_server: str, browser: Browser) -> None:
    table = create_table(parlour_server, "golf6", ["human", "random"], seed=3)
    page = open_seat(browser, parlour_server, table, 0, viewport=PHONE)
    wait_my_turn(page)
    slot = page.locator(".kit-slot[data-why]").first
    assert refuse(page, slot) == slot.get_attribute("data-why")
    shot(page, "refusal-memory", full_page=False)
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_a_move_the_server_refuses_is_said_in_words(parlour_server: str, browser: Browser) -> None:
    table = create_table(parlour_server, "go", ["human", "random"], options={"size": 9}, seed=3)
    page = open_seat(browser, parlour_server, table, 0, viewport=PHONE)
    wait_my_turn(page)
    page.locator(".kit-hit").first.click()  # where she looked last: the refusal is said beside it
    page.wait_for_function("document.body.dataset.myTurn === 'true'")
    # A move made against an older state (the table moved on meanwhile) and one the rules forbid, as they arrive
    # from a page that had not seen the change: the server refuses both; the page says each in words.
    page.evaluate("window.parlour.conn.send({ type: 'action', action: 'pass', version: 0 })")
    page.wait_for_function("document.getElementById('notice').textContent.startsWith('The table moved on')")
    now = int(version(page))
    page.evaluate(f"window.parlour.conn.send({{ type: 'action', action: 'play Z9', version: {now} }})")
    page.wait_for_function("document.getElementById('notice').classList.contains('error') "
                           "&& /Z9/.test(document.getElementById('notice').textContent)")
    got = page.evaluate(NOTICE, KEEP_CLEAR)
    assert got["bottom"] <= got["vh"] and got["under"] == [], got
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()
