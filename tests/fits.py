"""What a player must see or press lies on the screen, at the three sizes every table is made for.

A table test plays by clicking at one size, and where it stops to look (the opening, a trick, the result) it looks
at all three: :func:`sizes` resizes the page to each in turn (the page redraws itself, as when a person turns a
phone or resizes a window), and :func:`off_screen` names each element of a selector that is not wholly inside the
viewport as the page first shows it, scrolled to its top.

    for size in sizes(page):
        assert off_screen(page, ".result, .result button") == [], size
"""

from __future__ import annotations

from typing import Iterator

from playwright.sync_api import Page

SIZES = {"1280x800": {"width": 1280, "height": 800}, "1366x768": {"width": 1366, "height": 768},
         "390x844": {"width": 390, "height": 844}}

_OFF_SCREEN = """(selector) => {
  const out = [];
  for (const e of document.querySelectorAll(selector)) {
    if (!e.getClientRects().length) continue;                       // not drawn (display: none)
    const r = e.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
      const name = (e.className && e.className.baseVal === undefined ? e.className : e.tagName).trim();
      out.push(`${name} "${(e.innerText || "").trim().slice(0, 30)}" at ${Math.round(r.left)},${Math.round(r.top)}`
        + `–${Math.round(r.right)},${Math.round(r.bottom)}`);
    }
  }
  return out;
}"""


def settle(page: Page) -> None:
    """Until every animation on the page has finished (cards sliding to their places)."""
    page.evaluate("Promise.all(document.getAnimations().filter((a) => a.effect && a.effect.getTiming().iterations"
                  " !== Infinity).map((a) => a.finished.catch(() => null)))")


def sizes(page: Page) -> Iterator[str]:
    """Resize ``page`` to each size in turn, scrolled to its top, yielding the size's name; then back as it was."""
    before = page.viewport_size
    try:
        for name, size in SIZES.items():
            page.set_viewport_size(size)
            page.evaluate("window.scrollTo(0, 0)")
            yield name
    finally:
        if before:
            page.set_viewport_size(before)


def off_screen(page: Page, selector: str) -> list[str]:
    """Each element matching ``selector`` that is drawn but not wholly inside the viewport (scrolled to the top)."""
    page.evaluate("window.scrollTo(0, 0)")
    return page.evaluate(_OFF_SCREEN, selector)


def cut_off(page: Page, selector: str) -> list[str]:
    """Each element matching ``selector`` whose content is taller or wider than its box (text one must scroll to,
    or cut off)."""
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)]
      .filter((e) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.className}: ${e.scrollWidth}×${e.scrollHeight} in ${e.clientWidth}×${e.clientHeight}`)""",
                         selector)


def spills(page: Page, selector: str) -> list[str]:
    """Each element inside one matching ``selector`` that sticks out of it (drawn beyond its edges)."""
    return page.evaluate("""(selector) => {
      const out = [];
      for (const box of document.querySelectorAll(selector)) {
        const b = box.getBoundingClientRect();
        for (const e of box.querySelectorAll("*")) {
          const r = e.getBoundingClientRect();
          if (!r.width && !r.height) continue;
          if (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) {
            out.push(`${e.className.baseVal ?? e.className} "${(e.textContent || "").trim().slice(0, 20)}" `
              + `${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(b.left)}–${Math.round(b.right)}`);
          }
        }
      }
      return out;
    }""", selector)


def low_contrast(page: Page, selector: str) -> list[str]:
    """axe-core's colour-contrast violations (text under 4.5:1, large text under 3:1) inside ``selector``."""
    from axe_playwright_python.base import AXE_SCRIPT

    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE_SCRIPT)
    found = page.evaluate("""(selector) => axe.run({ include: [selector] },
      { runOnly: ["color-contrast"], resultTypes: ["violations"] })""", selector)
    return [f"{' '.join(map(str, n['target']))}: {n.get('failureSummary', '').splitlines()[-1].strip()}"
            for v in found["violations"] for n in v["nodes"]]


def sticking_out(page: Page) -> list[str]:
    """The innermost elements that reach past the viewport's right edge (what makes a page wider than a phone)."""
    return page.evaluate("""() => [...document.body.querySelectorAll('*')]
      .filter((e) => e.getBoundingClientRect().right > innerWidth + 1)
      .filter((e, _, all) => !all.some((o) => o !== e && e.contains(o)))
      .slice(0, 5).map((e) => `${e.className.baseVal ?? e.className} → ${Math.round(e.getBoundingClientRect().right)}`)""")


def covered(page: Page, selector: str) -> list[str]:
    """Each element matching ``selector`` whose middle or ends lie under something else (another card, a panel),
    once the cards that are moving have landed."""
    settle(page)
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)].filter((e) => {
      const r = e.getBoundingClientRect();
      const y = (r.top + r.bottom) / 2;
      return [r.left + 2, (r.left + r.right) / 2, r.right - 2].some((x) => {
        const hit = document.elementFromPoint(x, y);
        return !hit || !(hit === e || e.contains(hit));
      });
    }).map((e) => {
      const r = e.getBoundingClientRect();
      const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      return `${e.className} "${e.textContent.trim()}" under ${hit ? hit.className.baseVal ?? hit.className : "nothing"}`;
    })""", selector)


def overlap(page: Page, first: str, second: str) -> bool:
    """Whether the boxes of the first elements matching ``first`` and ``second`` overlap."""
    return page.evaluate("""([a, b]) => {
      const [p, q] = [a, b].map((s) => document.querySelector(s).getBoundingClientRect());
      return p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom;
    }""", [first, second])


def unreadable(page: Page, panel: str) -> list[str]:
    """What of a panel (a score sheet) one cannot read whole: each heading or cell whose text is wider than its box
    (cut, or running into the next cell), and a table wider than its panel (a column behind a scroll bar)."""
    return page.evaluate("""(panel) => {
      const out = [];
      for (const box of document.querySelectorAll(panel)) {
        for (const e of box.querySelectorAll("th, td, h2, h3")) {
          if (e.scrollWidth > e.clientWidth + 1) out.push(`${e.tagName} "${e.textContent}" ${e.scrollWidth} in ${e.clientWidth}`);
        }
        const table = box.querySelector("table");
        if (box.scrollWidth > box.clientWidth + 1) out.push(`the table is ${table && table.offsetWidth} px in a panel of ${box.clientWidth}`);
      }
      return out;
    }""", panel)
