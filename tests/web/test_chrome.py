"""The page's chrome: the table page's top bar stays compact at every game and count (one line on a laptop, two
short ones on a phone, nothing in it lost or pushed off screen), its sound switch is drawn (no emoji font needed),
and the lobby passes axe-core (no serious or critical violation, contrast included) at the three sizes, with a
finished table in its list. Screenshots go to ``artifacts/chrome-*.png``."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser

from browser import PHONE, create_table, open_page, open_seat, shot, wait_my_turn
from fit import settle

SIZES = {"1280x800": {"width": 1280, "height": 800}, "1366x768": {"width": 1366, "height": 768}, "390x844": PHONE}

BAR = """() => {
  const bar = document.querySelector('.topbar').getBoundingClientRect();
  const clock = document.getElementById('clock').hidden ? [] : ['#clock'];  // a timed window's seconds, when open
  const parts = ['.brand', '#title', '#info', '.rules-link', ...clock, '#notify', '#sound', '#conn', '#lang'].map((sel) => {
    const el = document.querySelector(sel);
    const r = el.getBoundingClientRect();
    return { sel, left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width,
      cut: el.scrollWidth > el.clientWidth + 1 && sel !== '#info' };
  });
  const sound = document.getElementById('sound');
  return { clock: clock.length > 0, height: bar.height, bottom: bar.bottom, vw: document.documentElement.clientWidth, parts,
    drawn: !!sound.querySelector('svg') && sound.textContent.trim() === '' };
}"""


@pytest.mark.parametrize(("game", "players", "level", "lang"), [
    ("kaboo", 6, "novice", "en"), ("kaboo", 8, "novice", "pl"), ("golf6", 12, "random", "lv"),
    ("jieqi", 2, "random", "sl"), ("spoons", 10, "random", "en"), ("tarok", 4, "random", "sr")])
def test_the_top_bar_stays_compact_on_a_phone(parlour_server: str, browser: Browser, game: str, players: int,
                                              level: str, lang: str) -> None:
    table = create_table(parlour_server, game, ["human"] + [level] * (players - 1), seed=5)
    page = open_page(browser, f"{parlour_server}{table['seats'][0]['invite_url']}&lang={lang}", viewport=PHONE)
    page.wait_for_function("window.parlour && window.parlour.ctx.view && document.querySelector('#board').children.length")
    got = page.evaluate(BAR)
    assert got["height"] <= 80, got  # two short lines at most (it was three, 114 px, at six-player Kaboo)
    for part in got["parts"]:
        assert part["width"] > 0 and 0 <= part["left"] and part["right"] <= got["vw"], part
        assert part["bottom"] <= got["bottom"] and not part["cut"], part
    assert got["drawn"]
    assert got["clock"] or game != "kaboo"  # Kaboo opens with a timed look: its clock shows
    shot(page, f"chrome-topbar-{game}-{players}-{lang}", full_page=False)
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("size", ["1280x800", "1366x768"])
def test_the_top_bar_is_one_line_on_a_laptop(parlour_server: str, browser: Browser, size: str) -> None:
    table = create_table(parlour_server, "kaboo", ["human"] + ["novice"] * 7, seed=5)
    page = open_seat(browser, parlour_server, table, 0, viewport=SIZES[size])
    got = page.evaluate(BAR)
    assert got["height"] <= 56, got
    tops = {round(p["top"] + (p["bottom"] - p["top"]) / 2) // 10 for p in got["parts"]}
    assert len(tops) == 1, got  # every part on the one line
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_the_lobby_passes_axe_at_every_size(parlour_server: str, browser: Browser) -> None:
    axe = Axe()
    table = create_table(parlour_server, "go", ["human", "random"], options={"size": 9}, seed=3)
    for size, viewport in SIZES.items():
        page = open_seat(browser, parlour_server, table, 0, viewport=viewport)
        if size == "1280x800":  # the match ends: the lobby lists it as over
            wait_my_turn(page)
            page.click("button[data-action='resign']")
            page.click("button[data-action='resign'].armed")
        page.wait_for_function("document.body.dataset.over === 'true'")
        page.goto(parlour_server + "/")
        page.wait_for_selector(".my-table .status.over")
        page.wait_for_selector(".game-choice")
        found = axe.run(page).response["violations"]
        serious = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in found
                   if v["impact"] in ("serious", "critical")]
        assert serious == [], (size, serious)
        shot(page, f"chrome-lobby-{size}")
        assert page.errors == []  # type: ignore[attr-defined]
        page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_table_saying_why_passes_axe(parlour_server: str, browser: Browser, size: str) -> None:
    """The notice of a refused click, a banner and the seat plates (a friend's connection dot) pass axe-core."""
    table = create_table(parlour_server, "golf6", [{"kind": "human", "name": "Ana"}, "human"], seed=3)
    page = open_seat(browser, parlour_server, table, 0, viewport=SIZES[size])
    wait_my_turn(page)
    page.locator(".kit-slot[data-why]").first.click()
    page.wait_for_function("document.getElementById('notice').textContent !== ''")
    page.evaluate("window.parlour.ctx.banner('Bora snaps a 7', { ms: 60000 })")
    settle(page)  # contrast is measured once the banner has popped in, not a few milliseconds into it
    found = Axe().run(page).response["violations"]
    serious = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in found if v["impact"] in ("serious", "critical")]
    assert serious == [], serious
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()
