"""Contract B for the tables of Go, Rengo, Jieqi, Skelly, Spoons and the Claw: what each table module's
``lessonTargets`` marks is there on the drawn table, and clicking it makes exactly the lesson's move. Go and Rengo
play their whole lesson so, on a live table started from the lesson's position, the other seats playing the script
from their own pages. A table takes a start position only for Go, so the others are checked on a seeded table with
the lesson's kinds of move: a covered piece then its point (Jieqi's opening jump h3h10), the typed flick's button
(Skelly), the card to pass and a spoon (Spoons), the called card (the Claw).

The table page's own lesson mode (the lead's) adds the highlight; this checks only that the elements it will mark
exist on the drawn table and that clicking them makes exactly the lesson's move."""

from __future__ import annotations

import json

import pytest
from browser import create_table, open_seat, until
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from parlour.core.lesson import Lesson

MARK = """async ([text]) => {
  const ctx = window.parlour.ctx;
  const mod = await import(ctx.base + "table.js");
  document.querySelectorAll("[data-lesson-test]").forEach((e) => e.removeAttribute("data-lesson-test"));
  const found = mod.lessonTargets(text, ctx.view, ctx) || [];
  found.forEach((e) => e.setAttribute("data-lesson-test", ""));
  return found.length;
}"""


def legal_now(page: Page, move: str) -> None:
    """Until ``move`` is among the legal moves the page shows, its seat to act."""
    until(page, "document.body.dataset.myTurn === 'true' && "
          f"(window.parlour.ctx.view.legal || []).includes({json.dumps(move)})")


def click_through(page: Page, move: str) -> None:
    """Click what lessonTargets marks until the move is made (two clicks for a Jieqi move, one for the rest)."""
    before = page.evaluate("document.body.dataset.version")
    for _ in range(3):
        n = page.evaluate(MARK, [move])
        assert n, f"lessonTargets({move!r}) found nothing on the table"
        page.locator("[data-lesson-test]").first.click()
        try:
            page.wait_for_function(f"document.body.dataset.version !== {json.dumps(before)}", timeout=3000)
            return
        except PlaywrightTimeout:
            continue  # a first click that only lifted a piece (or aimed a stone): the next target is marked now
    raise AssertionError(f"clicking the marked elements did not make {move!r}; page errors: {page.errors}")


@pytest.mark.parametrize("game_id", ["go", "rengo"])
def test_every_learner_step_is_clicked_on_the_table(parlour_server, browser, game_id: str) -> None:
    lesson = Lesson.load(game_id)
    table = create_table(parlour_server, game_id, ["human"] * lesson.players, options=lesson.options,
                         seed=lesson.seed, setup=lesson.deck)
    pages = {s: open_seat(browser, parlour_server, table, s) for s in range(lesson.players)}
    for step in lesson.steps:
        assert not step.timeout, "a board game's lesson has no timed windows"
        page = pages[step.seat]
        legal_now(page, step.move)
        if step.seat == lesson.you:
            click_through(page, step.move)
        else:
            before = page.evaluate("document.body.dataset.version")
            page.evaluate("(m) => window.parlour.ctx.play(m)", step.move)
            page.wait_for_function(f"document.body.dataset.version !== {json.dumps(before)}")
    last = pages[lesson.you].evaluate("window.parlour.ctx.view.actions || null")
    if last is not None:  # Go's view lists the actions: exactly the lesson's, in order
        assert last == [s.move for s in lesson.steps]
    for page in pages.values():
        assert not page.errors, page.errors


def test_jieqi_marks_the_piece_then_its_point(parlour_server, browser) -> None:
    table = create_table(parlour_server, "jieqi", ["human", "human"], seed=1)
    red, black = (open_seat(browser, parlour_server, table, s) for s in (0, 1))
    legal_now(red, "move h3h10")
    click_through(red, "move h3h10")  # the covered piece on h3 jumps as a cannon over h8 and takes h10
    assert red.evaluate("window.parlour.ctx.view.last") == {"from": "h3", "to": "h10"}
    until(black, "document.body.dataset.myTurn === 'true'")
    black.evaluate("window.parlour.ctx.play(window.parlour.ctx.view.legal[0])")
    legal_now(red, "move e4e5")
    click_through(red, "move e4e5")
    assert red.evaluate("window.parlour.ctx.view.last") == {"from": "e4", "to": "e5"}
    assert not red.errors and not black.errors, red.errors + black.errors


def test_skelly_marks_the_typed_flick_with_the_lessons_numbers(parlour_server, browser) -> None:
    table = create_table(parlour_server, "skelly", ["human", "human", "human"], seed=1)
    pages = [open_seat(browser, parlour_server, table, s) for s in range(3)]
    turn = pages[0].evaluate("window.parlour.ctx.view.turn")
    while turn != 0:  # the seed drew another first player: the others flick until it is seat 0's turn
        until(pages[turn], "document.body.dataset.myTurn === 'true'")
        pages[turn].evaluate("window.parlour.ctx.play('flick 0 0.05')")
        until(pages[0], f"window.parlour.ctx.view.turn !== {turn}")
        turn = pages[0].evaluate("window.parlour.ctx.view.turn")
    until(pages[0], "document.body.dataset.myTurn === 'true' && document.querySelector('.skelly-precise')")
    click_through(pages[0], "flick 90 0.3")
    until(pages[0], "window.parlour.ctx.view.last_shot && window.parlour.ctx.view.last_shot.action === 'flick 90 0.3'")
    assert not any(p.errors for p in pages), [p.errors for p in pages]


def test_spoons_marks_the_card_to_pass_and_the_spoons(parlour_server, browser) -> None:
    table = create_table(parlour_server, "spoons", ["human", "human", "human"], seed=1,
                         options={"false_grab": True, "countdown": 1})
    page = open_seat(browser, parlour_server, table, 0)
    until(page, "(window.parlour.ctx.view.legal || []).some((a) => a.startsWith('pass '))")
    move = next(a for a in page.evaluate("window.parlour.ctx.view.legal") if a.startswith("pass "))
    click_through(page, move)
    until(page, "(window.parlour.ctx.view.legal || []).includes('grab')")
    click_through(page, "grab")
    # a grab without four of a kind (false_grab): the round is over at once, the grabber taking its letter
    assert page.evaluate("window.parlour.ctx.view.letters") == [1, 0, 0]
    assert not page.errors, page.errors


def test_the_claw_marks_the_called_card(parlour_server, browser) -> None:
    table = create_table(parlour_server, "claw", ["human", "human"], seed=1)
    page = open_seat(browser, parlour_server, table, 0)
    until(page, "window.parlour.ctx.view.phase === 'call' && (window.parlour.ctx.view.legal || []).length")
    v = page.evaluate("window.parlour.ctx.view")
    move = f"claim {v['card']} @{v['call']}"
    assert move in v["legal"]
    click_through(page, move)
    spread = page.evaluate("window.parlour.ctx.view.spread")
    assert all(code != v["card"] for code, *_ in spread), "the claimed card left the table"
    assert not page.errors, page.errors
