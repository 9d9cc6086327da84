"""Every game's lesson, played in the browser by clicking: "Learn to play" in the lobby opens the lesson's table,
and a person clicks what the lesson marks (``.kit-lesson-next``) until the lesson is over. At every step of her
own, what the lesson says and the marked move are on screen without scrolling (at a phone's size for half the
games, a laptop's for the others, so that both are seen across the suite); a wrong click is answered, on the page,
with the lesson's reason. Screenshots: ``artifacts/lesson-<game>-<size>.png``."""

from __future__ import annotations

import json
import urllib.request

import pytest
from browser import open_page, shot
from fit import SIZES
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from parlour.core.lesson import Lesson, lessons

LESSONS = lessons()
#: The lesson tables here play their scripted steps quickly: the test waits on the page's state, not the clock.
FAST = 0.05


def start(base: str, game_id: str) -> dict:
    request = urllib.request.Request(f"{base}/api/lessons/{game_id}", data=json.dumps({"pace": FAST}).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=20) as r:
        return json.load(r)


def learner_moves(game_id: str) -> int:
    lesson = Lesson.load(game_id)
    return sum(1 for s in lesson.steps if s.seat == lesson.you)


#: The learner's turn with a move marked, and, measured on that same drawing (the table may redraw a moment later,
#: as a bot's move or an animation ends), which of what she must see then is not wholly on screen.
READY = """() => {
  const b = document.body.dataset;
  if (b.lesson === 'done') return {over: true};
  if (b.myTurn !== 'true' || !b.lessonExpect) return false;
  // a mark not drawn at this moment (the table between two drawings) is waited for, not measured as missing
  if (![...document.querySelectorAll('.kit-lesson-next')].some((e) => e.getClientRects().length)) return false;
  const far = [];
  for (const selector of ['#lesson .lesson-said:last-of-type', '.kit-lesson-next']) {
    const shown = [...document.querySelectorAll(selector)].filter((e) => e.getClientRects().length);
    if (!shown.length) far.push(`${selector}: nothing shown`);
    for (const e of shown) {
      const r = e.getBoundingClientRect();
      if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
        far.push(`${selector}: at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},`
                 + `${Math.round(r.bottom)} in ${innerWidth}×${innerHeight}`);
    }
  }
  return {expect: b.lessonExpect, far};
}"""


def play_lesson(page: Page, game_id: str, size: str) -> int:
    """Click the marked move until the lesson is over; the number of the learner's moves made."""
    made = 0
    for _ in range(learner_moves(game_id) * 8 + 10):  # a move may take several clicks (a card, then its groups)
        try:
            ready = page.wait_for_function(READY, timeout=60_000).json_value()
        except PlaywrightTimeout:
            seen = page.evaluate("({...document.body.dataset, to_act: window.parlour.ctx.view.to_act, "
                                 "seat: window.parlour.ctx.seat, "
                                 "marked_but_hidden: document.querySelectorAll('.kit-lesson-next').length})")
            raise AssertionError(f"{game_id}: after {made} moves, no move of the lesson is marked: {seen}") from None
        if ready.get("over"):
            return made
        state = ready["expect"]
        version = page.evaluate("document.body.dataset.version")
        assert ready["far"] == [], f"{game_id} at {size}, asking for {state!r}: {ready['far']}"
        if made == 0:
            shot(page, f"lesson-{game_id}-{size}", full_page=False)
        # the marks of this draw are tagged: a click that does something redraws the table (a new version, or the
        # next part of a move marked on fresh elements)
        page.evaluate("document.querySelectorAll('.kit-lesson-next').forEach(e => e.dataset.clickedMark = '1')")
        page.locator(".kit-lesson-next").first.click()
        try:
            page.wait_for_function(f"""() => document.body.dataset.version !== {json.dumps(version)}
                || document.body.dataset.lessonExpect !== {json.dumps(state)}
                || document.body.dataset.lesson === 'done'
                || [...document.querySelectorAll('.kit-lesson-next')].some(e => !e.dataset.clickedMark)""",
                                   timeout=30_000)
        except PlaywrightTimeout:
            marked = page.evaluate("[...document.querySelectorAll('.kit-lesson-next')].map(e => e.outerHTML.slice(0, 160))")
            raise AssertionError(f"{game_id}: a click on what the lesson marks for {state!r} did nothing: {marked}") \
                from None
        if page.evaluate("document.body.dataset.version") != version:
            made += 1
    raise AssertionError(f"{game_id}: the lesson did not end after {made} moves")


@pytest.mark.parametrize("game_id", LESSONS)
def test_a_person_plays_the_lesson_by_clicking(parlour_server, browser: Browser, game_id: str) -> None:
    size = "390x844" if LESSONS.index(game_id) % 2 else "1280x800"
    table = start(parlour_server, game_id)
    page = open_page(browser, parlour_server + table["seats"][Lesson.load(game_id).you]["invite_url"],
                     viewport=SIZES[size])
    page.wait_for_function("document.body.dataset.lesson === 'on' || document.body.dataset.lesson === 'done'")
    made = play_lesson(page, game_id, size)
    lesson = page.evaluate("window.parlour.ctx.table.lesson")
    assert lesson["done"] and lesson["step"] == lesson["steps"], lesson  # every step played, the learner's by clicks
    assert 0 < made <= learner_moves(game_id), (made, learner_moves(game_id))
    page.wait_for_selector("#lesson .lesson-end a.button")
    shot(page, f"lesson-{game_id}-{size}-end", full_page=False)
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_learn_to_play_starts_from_the_lobby_and_a_wrong_click_says_why(parlour_server, browser: Browser) -> None:
    if not LESSONS:
        pytest.fail("no game has a lesson")
    game_id = LESSONS[0]
    rules = open_page(browser, parlour_server + f"/rules/{game_id}")  # the rules page offers it too
    rules.wait_for_selector("#learn button.learn")
    rules.context.close()
    page = open_page(browser, parlour_server + "/")
    page.locator(f".game-choice[data-game='{game_id}']").click()
    page.locator("#learn button.learn").click()
    page.wait_for_url("**/t/**")
    page.wait_for_function(READY, timeout=60_000)
    # a legal move that is not the lesson's, sent as the page sends moves: the notice says the lesson's reason
    legal = page.evaluate("window.parlour.ctx.view.legal")
    wanted = page.evaluate("document.body.dataset.lessonExpect")
    other = next((a for a in legal if a != wanted), None)
    if other is not None:
        page.evaluate(f"window.parlour.ctx.play({json.dumps(other)})")
        page.wait_for_function("document.getElementById('notice').textContent.startsWith('Not this one')")
    assert page.evaluate("document.body.dataset.lessonExpect") == wanted
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()
