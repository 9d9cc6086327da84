"""Contract B for the tables of Go, Rengo, Jieqi, Skelly, Spoons and the Claw: each game's whole lesson is played in
the browser on a lesson table (POST /api/lessons/{game}: the lesson plays the other seats and the clock), every
learner step made by clicking what the game's table module's ``lessonTargets`` marks for the move the lesson asks
(``table.lesson.expect``), until the lesson is done. The page's own highlight (the class ``kit-lesson-next``) is
the table page's; this checks that the elements it marks exist on the drawn table and make exactly the lesson's
move: a point, a piece then its point, the typed flick's button, a card in the hand or the spoons, a card in the
spread.

The table page's own lesson mode (the lead's) adds the highlight; this checks only that the elements it will mark
exist on the drawn table and that clicking them makes exactly the lesson's move."""

from __future__ import annotations

import json
import urllib.request

import pytest
from browser import open_page, until
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
    for _ in range(6):
        # the targets are drawn once the table may take the move (Skelly's flick form after the last cap lands)
        until(page, f"({MARK})([{json.dumps(move)}])", timeout=15)
        try:
            page.locator("[data-lesson-test]").first.click(timeout=2000)
        except PlaywrightTimeout:
            continue  # the table was drawn again between marking and clicking: mark again
        try:
            page.wait_for_function(f"document.body.dataset.version !== {json.dumps(before)}", timeout=3000)
            return
        except PlaywrightTimeout:
            continue  # a first click that only lifted a piece (or aimed a stone): the next target is marked now
    raise AssertionError(f"clicking the marked elements did not make {move!r}; page errors: {page.errors}")


def start_lesson(base: str, game_id: str) -> dict:
    request = urllib.request.Request(f"{base}/api/lessons/{game_id}", data=json.dumps({"pace": 0.05}).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as r:
        return json.load(r)


@pytest.mark.parametrize("game_id", ["go", "rengo", "jieqi", "skelly", "spoons", "claw"])
def test_every_learner_step_is_clicked_through_the_lesson_targets(parlour_server, browser, game_id: str) -> None:
    lesson = Lesson.load(game_id)
    table = start_lesson(parlour_server, game_id)
    page = open_page(browser, parlour_server + table["seats"][lesson.you]["invite_url"])
    asked = [s.move for s in lesson.steps if s.seat == lesson.you]
    for move in asked:
        until(page, "(() => { const c = window.parlour && window.parlour.ctx; const l = c && c.table && c.table.lesson;"
              f" return l && l.expect === {json.dumps(move)} && document.body.dataset.myTurn === 'true'"
              f" && (c.view.legal || []).includes({json.dumps(move)}); }})()")
        click_through(page, move)
    until(page, "window.parlour.ctx.table.lesson.done")
    lesson_now = page.evaluate("window.parlour.ctx.table.lesson")
    assert lesson_now["step"] == lesson_now["steps"] == len(lesson.steps)
    assert not page.errors, page.errors
