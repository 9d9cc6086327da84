"""Transient banners never cover what the player must see or press now — her cards, the prompt, buttons, seat
plates, a result's buttons — at every size, and clicks go through them: a long banner on a fresh table, and every
banner shown while a person plays Tysiąc and Zole by clicking, is measured the moment it is placed. Screenshots go to
``artifacts/banner-*.png``."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from browser import CARD_CORNER, PHONE, create_table, open_seat, shot, version

SIZES = {"1280x800": {"width": 1280, "height": 800}, "1366x768": {"width": 1366, "height": 768}, "390x844": PHONE}

#: Watches every banner the page shows: where it lies, what of the table is under it, whether it takes clicks.
WATCH = """(keep) => {
  window.bannersSeen = [];
  const measure = (item) => {
    const r = item.getBoundingClientRect();
    const under = [...document.querySelectorAll(keep)].filter((el) => !el.closest('.topbar, #kit-banner, #notice'))
      .filter((el) => {
        const e = el.getBoundingClientRect();
        return e.width > 0 && e.height > 0 && Math.min(r.right, e.right) - Math.max(r.left, e.left) > 0.5
          && Math.min(r.bottom, e.bottom) - Math.max(r.top, e.top) > 0.5;
      }).map((el) => el.outerHTML.slice(0, 90));
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    window.bannersSeen.push({ text: item.textContent, under, onScreen: r.top >= 0 && r.bottom <= innerHeight
      && r.left >= 0 && r.right <= document.documentElement.clientWidth, takesClicks: !!hit && !!hit.closest('#kit-banner') });
  };
  new MutationObserver((changes) => {
    for (const c of changes) for (const n of c.addedNodes) {
      if (n.nodeType === 1 && n.classList.contains('kit-banner-item')) requestAnimationFrame(() => measure(n));
    }
  }).observe(document.body, { childList: true, subtree: true });
}"""

KEEP_CLEAR = ("svg.card, .kit-card, .kit-slot, .kit-plate, .kit-pile, .kit-hand, button, a.button, .kit-turn, .kit-chooser, "
              ".kit-confirm-bar, #board [role=status], .call-title, [data-now]")


def play_a_while(page: Page, moves: int) -> None:
    """Play `moves` of this seat's moves by clicking: a legal card of the hand, else the table's pass or first
    action button."""
    for _ in range(moves):
        page.wait_for_function("document.body.dataset.myTurn === 'true' || document.body.dataset.over === 'true'")
        if page.evaluate("document.body.dataset.over") == "true":
            return
        before = version(page)
        cards = page.locator(".kit-hand .kit-card.legal")
        buttons = page.locator("#board button[data-action]:not([data-why])")
        passing = page.locator("#board button[data-action='pass']:not([data-why])")
        if cards.count():
            cards.first.click(position=CARD_CORNER)
        elif passing.count():
            passing.first.click()
        else:
            buttons.first.click()
        confirm = page.locator("#board button.kit-confirm:not([data-why])")
        if confirm.count() and version(page) == before:
            confirm.first.click()
        page.wait_for_function("(v) => document.body.dataset.version !== v || document.body.dataset.myTurn !== 'true'",
                               arg=before)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("game", "players", "seed", "moves"), [("tysiac", 3, 4, 6), ("zole", 3, 2, 6),
                                                           ("giacomotto", 4, 4, 0)])  # its plates, at the start
def test_a_banner_covers_nothing_the_player_needs_and_takes_no_click(parlour_server: str, browser: Browser, game: str,
                                                                     players: int, seed: int, moves: int,
                                                                     size: str) -> None:
    table = create_table(parlour_server, game, ["human"] + ["random"] * (players - 1), seed=seed)
    page = open_seat(browser, parlour_server, table, 0, viewport=SIZES[size])
    page.evaluate(WATCH, KEEP_CLEAR)
    page.evaluate("window.parlour.ctx.banner('A long banner about what just happened at the table, said once')")
    play_a_while(page, moves)
    page.wait_for_function("window.bannersSeen.length > 0")
    seen = page.evaluate("window.bannersSeen")
    assert seen, "no banner was shown"
    for b in seen:
        assert b["under"] == [] and b["onScreen"] and not b["takesClicks"], (size, b)
    shot(page, f"banner-{game}-{size}", full_page=False)
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()
