"""Jieqi as a stranger first sees it: at two laptops and a phone the board, both players and the prompt are on screen
without scrolling and axe-core finds nothing serious; the score sheet and the end speak of games and covered pieces
in the page's language (no "deal", no `red 0 · plies 34 · winner 1`), in Chinese too."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from browser import click_and_wait, create_table, open_seat, overflow, shot, view, wait_my_turn
from fit import SIZES, dialog_problems, off_screen, serious

import parlour.games.jieqi

from .test_table import hit

ZH = json.loads((Path(parlour.games.jieqi.__file__).parent / "locale" / "zh.json").read_text(encoding="utf-8"))


def zh(text: str) -> str:
    found = ZH.get(text, ZH.get("messages", {}).get(text) if isinstance(ZH.get("messages"), dict) else None)
    assert isinstance(found, str), f"no Chinese for {text!r}"
    return found


@pytest.mark.parametrize("size", SIZES)
def test_the_board_the_players_and_the_prompt_fit_the_screen(parlour_server, browser, size):
    table = create_table(parlour_server, "jieqi", ["human", "greedy"], seed=5)
    page = open_seat(browser, parlour_server, table, 0, viewport=SIZES[size])
    wait_my_turn(page)
    v = view(page)
    move = v["legal"][0][5:]
    hit(page, move[:2]).click()  # a piece in hand: the points it may go to are marked, the prompt says so
    page.wait_for_selector(".jieqi-board .piece.lifted")
    must = [".jieqi-board", ".jieqi-status", ".jieqi-me .kit-plate", ".jieqi-main > .kit-plate"]
    problems = serious(page) + off_screen(page, *must)
    if overflow(page):
        problems.append(f"the page is {overflow(page)} px wider than the screen")
    shot(page, f"jieqi-{size}", full_page=False)
    assert problems == []
    click_and_wait(page, hit(page, move[2:]))
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_sheet_and_the_end_speak_of_games_in_chinese(parlour_server, browser):
    table = create_table(parlour_server, "jieqi", ["greedy", "greedy"], seed=4)
    page = open_seat(browser, parlour_server, table, None)
    page.goto(page.url + ("&" if "?" in page.url else "?") + "lang=zh")
    page.wait_for_function("window.parlour && window.parlour.ctx.view")
    page.wait_for_function("document.body.dataset.over === 'true'", timeout=120_000)
    v = view(page)
    sheet = page.locator("#sheet").inner_text()
    assert zh("A game won is 2 points, a drawn game 1 each.") in sheet
    assert not re.search(r"[A-Za-z]{3,}", sheet.replace("Bot", "")), sheet  # no English data: plies, winner, reason
    detail = page.locator("#sheet tr.detail").inner_text()
    assert str(v["sheet"]["rows"][0]["detail"]["plies"]) in detail
    dialog = page.locator("#banner .banner-card")
    dialog.locator(".seed").wait_for()
    said = dialog.inner_text()
    assert zh("The covered pieces were shuffled before the first move. Revealed seed: {seed}").split("{seed}")[0] in said
    assert not re.search(r"\b(deal|shuffle)\b", said, re.I)
    missing = page.evaluate("import('/static/i18n.js').then((m) => m.missing)")
    assert missing == [], missing
    shot(page, "jieqi-end-zh")
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_end_and_its_buttons_fit_the_screen(parlour_server, browser):
    table = create_table(parlour_server, "jieqi", ["greedy", "greedy"], seed=4)
    watch = open_seat(browser, parlour_server, table, None)
    watch.wait_for_function("document.body.dataset.over === 'true'", timeout=120_000)
    problems = []
    for size, viewport in SIZES.items():
        page = open_seat(browser, parlour_server, table, None, viewport=viewport)
        problems += [f"{size}: {p}" for p in dialog_problems(page)]
        shot(page, f"jieqi-end-{size}", full_page=False)
        page.context.close()
    assert problems == []
