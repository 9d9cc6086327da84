"""Every page in every language, on a phone: the lobby (each game chosen in turn, so that every game's title,
options, choices and bots are drawn) and two tables per language, each drawn in the language the browser asks for
(``navigator.language``). A text the page looks up without a translation is noted by ``/static/i18n.js`` in its
``missing`` list: it must stay empty. Nothing may stick out sideways at 390 px, where translations run longest.

The catalogues themselves (every marked text of every game) are checked in tests/test_i18n.py; this checks what the
browser really draws, which catches a text the code forgot to mark only when English is left over on the screen
(see ``english_left``).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

import parlour

from browser import PHONE, create_table, open_page, overflow, shot

#: The locale each browser announces, and the two tables drawn in it: the language's own game first.
LANGUAGES = {
    "en": ("en-US", ["spoons", "claw"]),
    "sr": ("sr-Latn-RS", ["giacomotto", "claw"]),
    "sl": ("sl-SI", ["tarok", "skelly"]),
    "lv": ("lv-LV", ["zole", "golf6"]),
    "pl": ("pl-PL", ["tysiac", "kaboo"]),
    "ro": ("ro-RO", ["testoasa", "spoons"]),
    "zh": ("zh-CN", ["jieqi", "rengo"]),
}
#: Words of the English interface that a translated page must not show (a text left unmarked).
ENGLISH = ["Your turn", "Score sheet", "Seat ", "Waiting for", "Players", "Create table", "Rules"]


def missing(page: Page) -> list[Any]:
    """The texts this page looked up without a translation ([language, catalogue, text])."""
    return page.evaluate("import('/static/i18n.js').then((m) => m.missing)")


def english_left(page: Page) -> list[str]:
    text = page.locator("body").inner_text()
    return [word for word in ENGLISH if word in text]


def phone(browser: Browser, url: str, locale: str) -> Page:
    return open_page(browser, url, viewport=PHONE, is_mobile=True, has_touch=True, locale=locale)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_lobby_speaks_each_language_on_a_phone(browser: Browser, parlour_server: str, lang: str) -> None:
    locale, _ = LANGUAGES[lang]
    page = phone(browser, parlour_server + "/", locale)
    try:
        page.wait_for_selector(".game-choice")
        assert page.evaluate("document.documentElement.lang").split("-")[0] == lang
        assert page.locator("#lang").input_value() == lang, "the switch shows the language the browser asked for"
        wide = {}
        for game_id in parlour.games():
            page.click(f".game-choice[data-game='{game_id}']")
            page.locator("#players .seg").last.click()  # the most seats: the longest rows of bots and choices
            if overflow(page) > 0:
                wide[game_id] = overflow(page)
        assert wide == {}, f"the lobby in {lang} is wider than a phone for {wide}"
        lost = missing(page)
        assert lost == [], f"the lobby in {lang} lacks {lost}"
        if lang != "en":
            assert english_left(page) == []
        shot(page, f"lobby-{lang}-390")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_tables_speak_each_language_on_a_phone(browser: Browser, parlour_server: str, lang: str) -> None:
    locale, game_ids = LANGUAGES[lang]
    for game_id in game_ids:
        game = parlour.load(game_id)
        bot = parlour.bots.available(game)[-1]  # the quickest bot: the table moves on while we look
        table = create_table(parlour_server, game_id, ["human"] + [bot] * (game.players - 1), seed=7)
        page = phone(browser, parlour_server + table["seats"][0]["invite_url"], locale)
        try:
            page.wait_for_function("window.parlour && window.parlour.ctx.view && "
                                   "document.querySelector('#board').children.length")
            # let the bots play on a little, so that log lines and banners are drawn too
            page.wait_for_timeout(1500)
            assert page.evaluate("document.documentElement.lang").split("-")[0] == lang
            lost = missing(page)
            assert lost == [], f"{game_id} in {lang} lacks {lost}"
            if lang != "en":
                assert english_left(page) == [], f"{game_id} in {lang}"
            assert overflow(page) == 0, f"{game_id} in {lang} is wider than a phone"
            shot(page, f"table-{game_id}-{lang}-390")
            assert page.errors == [], game_id  # type: ignore[attr-defined]
        finally:
            page.context.close()


@pytest.mark.parametrize("lang", ["sl", "zh"])
def test_a_refusal_from_the_server_is_shown_in_the_pages_language(browser: Browser, parlour_server: str,
                                                                   lang: str) -> None:
    """The server refuses a move with its English ``message`` and the engine's ``template`` and ``params``: the page
    shows the refusal in its own language, with the game's catalogue (as the terminal does with ``--lang``)."""
    from parlour.core.errors import IllegalAction
    from parlour.core.i18n import game_translator, using

    from browser import open_seat, wait_my_turn

    table = create_table(parlour_server, "giacomotto", ["human", "human"], seed=3)
    state = parlour.load("giacomotto").new(seed=3)
    seat = state.to_act[0]
    absent = next(c for c in ("AS", "KH", "2C", "7D", "QS") if c not in state.view(seat)["hand"]
                  and c not in state.view(seat)["table"])
    try:
        state.apply(seat, f"trail {absent}")
    except IllegalAction as e:
        refused = e
    with using(lang):
        said = game_translator(type(state.game)).message(refused.message)
    assert said != str(refused)
    page = open_seat(browser, parlour_server, table, seat, locale=LANGUAGES[lang][0])
    wait_my_turn(page)
    # A move the page's own socket sends, as a click on a stale screen would: the server refuses it.
    page.evaluate("(a) => window.parlour.conn.send({type: 'action', action: a, version: window.parlour.ctx.version})",
                  f"trail {absent}")
    # a refusal of a move is said beside the table, in the kit's notice (a toast is for errors about the page)
    notice = page.locator("#notice")
    expect(notice).to_have_text(" ".join(said.split()))
    assert not page.errors, page.errors
    page.context.close()
