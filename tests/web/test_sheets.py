"""Score sheets show every column: at 12 players on a phone and at 4 on a laptop each player's column (and the
winner's, and yours) is inside the sheet's panel, the names standing up when the columns are crowded; a sheet too
wide even so scrolls sideways with a visible hint, its row labels staying put and your column scrolled into view.
Screenshots go to ``artifacts/sheet-*.png``."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from browser import ARTIFACTS, LAPTOP, PHONE, create_table, open_page, open_seat

#: Each header cell and total of the sheet against the panel's visible box (its padding included).
COLUMNS = """() => {
  const sheet = document.querySelector('#sheet .sheet');
  const box = sheet.getBoundingClientRect();
  const cells = [...sheet.querySelectorAll('thead th, tfoot td')].map((c) => {
    const r = c.getBoundingClientRect();
    return { text: c.textContent, left: r.left, right: r.right };
  });
  return { left: box.left, right: box.right, top: box.top, bottom: box.bottom, cells, scrolls: sheet.classList.contains('scrolls'),
    wider: sheet.scrollWidth - sheet.clientWidth };
}"""


@pytest.mark.parametrize(("game", "players", "columns", "level", "size"), [
    ("golf6", 12, 12, "random", "phone"), ("crazy-nines", 12, 12, "random", "phone"),
    ("kaboo", 4, 4, "novice", "laptop"), ("giacomotto", 4, 2, "random", "laptop")])
def test_every_column_of_the_sheet_is_on_screen(parlour_server: str, browser: Browser, game: str, players: int,
                                                 columns: int, level: str, size: str) -> None:
    table = create_table(parlour_server, game, ["human"] + [level] * (players - 1), seed=5)
    page = open_seat(browser, parlour_server, table, 0, viewport=PHONE if size == "phone" else LAPTOP)
    page.wait_for_selector("#sheet .sheet table")
    got = page.evaluate(COLUMNS)
    assert not got["scrolls"] and got["wider"] <= 0, got
    assert len(got["cells"]) == 2 * columns + 1, got  # the heads (and the rows' own) and the totals
    for cell in got["cells"]:
        assert got["left"] <= cell["left"] and cell["right"] <= got["right"], (cell, got)
    # the box measured above, not the element: the bots play on and each move draws the sheet afresh
    page.screenshot(path=str(ARTIFACTS / f"sheet-{game}-{players}-{size}.png"), full_page=True,
                    clip={"x": got["left"], "y": got["top"] + page.evaluate("scrollY"),
                          "width": got["right"] - got["left"], "height": got["bottom"] - got["top"]})
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_a_sheet_too_wide_even_crowded_scrolls_with_a_hint_and_your_column_in_view(parlour_server: str,
                                                                                   browser: Browser) -> None:
    page = open_page(browser, parlour_server + "/static/kit/README.md", viewport=PHONE)
    got = page.evaluate("""async () => {
      const panels = await import('/static/panels.js');
      await Promise.all(['/static/style.css', '/static/kit/kit.css'].map((href) => new Promise((ok) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet'; link.href = href; link.onload = ok;
        document.head.append(link);
      })));
      const n = 16;
      const seats = Array.from({ length: n }, (_, i) => ({ seat: i, kind: 'human', name: `Player ${i}` }));
      const ctx = { seat: 13, table: { seats } };
      const view = { players: n, sheet: { sides: seats.map((s) => s.name),
        rows: [1, 2].map((k) => ({ label: `round ${k}`, points: seats.map((s) => -123 * k - s.seat) })),
        totals: seats.map((s) => -369 - s.seat) } };
      const box = document.createElement('div');
      box.id = 'sheet';
      box.style.width = '330px';
      document.body.replaceChildren(box);
      box.append(panels.sheetPanel(view, ctx));
      panels.fitSheet(box);
      const sheet = box.querySelector('.sheet');
      const frame = sheet.querySelector('table').getBoundingClientRect();
      const mine = sheet.querySelector('thead th.mine').getBoundingClientRect();
      const label = sheet.querySelector('tfoot th').getBoundingClientRect();
      const hint = sheet.querySelector('.sheet-more');
      return { cls: sheet.className, hint: hint && hint.textContent, hintShown: !!hint && hint.offsetHeight > 0,
        mine: [mine.left, mine.right], frame: [frame.left, frame.right], label: [label.left, label.right],
        scrolled: sheet.querySelector('table').scrollLeft, within: sheet.scrollWidth - sheet.clientWidth };
    }""")
    assert "crowded" in got["cls"] and "scrolls" in got["cls"], got
    assert got["hintShown"] and got["hint"] == "Scroll sideways for every column →"
    assert got["scrolled"] > 0 and got["within"] <= 0  # the table scrolls, inside a panel that stays put
    assert got["frame"][0] <= got["mine"][0] and got["mine"][1] <= got["frame"][1], got  # your column in view
    assert abs(got["label"][0] - got["frame"][0]) <= 1, got  # the row labels stay put while the columns scroll
    page.screenshot(path=str(ARTIFACTS / "sheet-scrolls.png"))
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()
