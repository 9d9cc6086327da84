"""The lobby on a phone and on a laptop: nothing sticks out sideways at 360-430 px whatever game is chosen, every
empty seat starts as the game's default bot (its strongest; in a real-time game the level that reacts as people
do), every bot says in one line how it plays, and a real-time bot's label says how fast it reacts."""

from __future__ import annotations

import json
import urllib.request
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

import parlour
from parlour.bots import available, best, catalogue, default

from browser import open_page, overflow, shot


@pytest.fixture(scope="module")
def lobby(parlour_server: str, browser: Browser) -> Iterator[Page]:
    page = open_page(browser, parlour_server + "/", viewport={"width": 360, "height": 800}, is_mobile=True,
                     has_touch=True)
    page.wait_for_selector(".game-choice")
    yield page
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("width", [360, 390, 430])
def test_no_game_makes_the_lobby_wider_than_a_phone(lobby: Page, width: int) -> None:
    lobby.set_viewport_size({"width": width, "height": 800})
    wide = {}
    for game_id in parlour.games():
        lobby.click(f".game-choice[data-game='{game_id}']")
        # the largest player count too: Rengo's and the golf games' rows of counts are the longest
        lobby.locator("#players .seg").last.click()
        if overflow(lobby) > 0:
            wide[game_id] = overflow(lobby)
    assert wide == {}, f"the lobby is wider than {width} px for {wide}"
    if width == 390:
        lobby.click(".game-choice[data-game='kaboo']")
        shot(lobby, "lobby-phone-390")


def test_empty_seats_start_as_the_default_bot_and_each_bot_says_how_it_plays(lobby: Page) -> None:
    lobby.set_viewport_size({"width": 390, "height": 800})
    for game_id in parlour.games():
        game = parlour.load(game_id)
        lobby.click(f".game-choice[data-game='{game_id}']")
        seats = lobby.locator("#seats select")
        chosen = [seats.nth(i).input_value() for i in range(seats.count())]
        assert chosen[0] == "human" and set(chosen[1:]) == {f"bot:{default(game)}"}, game_id
        if not game.realtime:
            assert default(game) == best(game), game_id
        hints = [lobby.locator(f"#about-{i}").text_content() for i in range(1, seats.count())]
        assert hints and all(h == catalogue(game)[default(game)].description for h in hints), game_id
        for name in available(game):
            description = catalogue(game)[name].description
            assert description and "\n" not in description and len(description) <= 200, (game_id, name)
        # choosing another level shows that level's line
        other = available(game)[-1]
        seats.nth(1).select_option(f"bot:{other}")
        assert lobby.locator("#about-1").text_content() == catalogue(game)[other].description


@pytest.mark.parametrize("game_id", ["spoons", "claw"])
def test_a_real_time_game_seats_bots_as_quick_as_people_and_labels_each_level_with_its_speed(
        lobby: Page, game_id: str) -> None:
    lobby.set_viewport_size({"width": 390, "height": 800})
    lobby.click(f".game-choice[data-game='{game_id}']")
    game = parlour.load(game_id)
    first = lobby.locator("#seat-1")
    assert first.input_value() == "bot:steady" and best(game) == "sharp"
    labels = {o.get_attribute("value"): o.text_content() for o in first.locator("option").all()}
    sharp = {"spoons": "0.35", "claw": "0.3"}[game_id]
    assert labels["bot:sharp"] == f"Bot — sharp, reacts in about {sharp} s"
    assert labels["bot:steady"] == "Bot — steady, reacts in about 0.9 s"
    assert "faster than people" in lobby.locator("#seats .bot-levels").text_content()


def test_a_move_clock_for_people_is_set_in_the_lobby(lobby: Page, parlour_server: str) -> None:
    lobby.set_viewport_size({"width": 390, "height": 800})
    lobby.click(".game-choice[data-game='kaboo']")
    lobby.select_option("#clock", "30")
    lobby.click("#create")
    note = lobby.locator("#created .clock-note")
    assert note.text_content() == "Move clock: 30 seconds a move."
    table = lobby.locator("#created h2").text_content().rsplit(" ", 1)[-1]
    with urllib.request.urlopen(f"{parlour_server}/api/tables/{table}") as r:
        assert json.load(r)["clock"] == {"seconds_per_move": 30}


def test_a_lobby_table_waits_for_the_invited_friend_and_says_how_long_she_may_be_away(
        lobby: Page, parlour_server: str) -> None:
    lobby.set_viewport_size({"width": 390, "height": 800})
    lobby.click(".game-choice[data-game='kaboo']")
    lobby.select_option("#seat-1", "human")
    lobby.select_option("#absent", "180")
    heading = lobby.locator("#created h2")
    before = heading.text_content() if heading.count() else ""  # an earlier test's table may be shown
    lobby.click("#create")
    expect(heading).not_to_have_text(before or "(none)")
    table = heading.text_content().rsplit(" ", 1)[-1]
    with urllib.request.urlopen(f"{parlour_server}/api/tables/{table}") as r:
        summary = json.load(r)
    # Nobody has opened a link yet: the opening peek's clock has not started.
    assert summary["absent_seconds"] == 180 and summary["started"] is False
    assert overflow(lobby) <= 0
