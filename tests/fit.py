"""What a stranger needs of a table, as checks a browser test makes: axe-core finds nothing serious on the page
(contrast included), and what the player must see or press now lies inside the viewport without scrolling.

    from fit import serious, off_screen

    assert serious(page) == []
    assert off_screen(page, ".go-status .kit-turn", "button[data-action='pass']") == []
"""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

_axe = Axe()
#: The sizes every table is checked at: two laptops and a phone.
SIZES = {"1280x800": {"width": 1280, "height": 800}, "1366x768": {"width": 1366, "height": 768},
         "390x844": {"width": 390, "height": 844}}


#: True once no banner or notice is half-way through its pop or fade: axe-core measures contrast with the opacity of
#: the moment, and a banner 40 ms into its quarter-second pop is still half transparent.
SETTLED = """[...document.querySelectorAll('.kit-banner-item, .notice')]
  .every(e => e.getAnimations().every(a => a.playState !== 'running'))"""


def settle(page: Page) -> None:
    """Wait until the page's banners and notice have finished appearing or fading (see SETTLED)."""
    page.wait_for_function(SETTLED)


def serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page, one line each: the rule, the element, the why."""
    settle(page)
    result = _axe.run(page)
    out = []
    for v in result.response["violations"]:
        if v["impact"] not in ("serious", "critical"):
            continue
        for node in v["nodes"]:
            why = " ".join((node.get("failureSummary") or "").split())[:220]
            out.append(f"{v['id']} {node['target']}: {why}")
    return out


def off_screen(page: Page, *selectors: str) -> list[str]:
    """The selectors whose visible elements are not wholly inside the viewport (or match nothing), with where they
    are: what the player must see or press now must be there without scrolling."""
    # Playwright scrolls a target into view to click it, and on a retry (a redraw covered it for a moment) to other
    # positions, so the window may be scrolled by the test itself: measure from the top, where a stranger starts.
    page.evaluate("scrollTo(0, 0)")
    out = []
    for selector in selectors:
        boxes: list[Any] = page.eval_on_selector_all(selector, """(els) => els
            .filter((e) => e.getClientRects().length)
            .map((e) => { const r = e.getBoundingClientRect();
                          return [r.left, r.top, r.right, r.bottom, innerWidth, innerHeight]; })""")
        if not boxes:
            out.append(f"{selector}: nothing shown")
        for left, top, right, bottom, width, height in boxes:
            if left < -0.5 or top < -0.5 or right > width + 0.5 or bottom > height + 0.5:
                out.append(f"{selector}: at {left:.0f},{top:.0f}–{right:.0f},{bottom:.0f} in {width}×{height}")
    return out



def dialog_problems(page: Page) -> list[str]:
    """What keeps a stranger from the match-over dialog: its headline or a button of its off the screen, or a
    serious axe-core finding on the page."""
    page.wait_for_selector("#banner .banner-card .banner-actions")
    return serious(page) + off_screen(page, "#banner .banner-card h2", "#banner .banner-actions > *")
