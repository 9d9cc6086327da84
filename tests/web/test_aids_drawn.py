"""The player aids in the browser (issue 25), one position per game that has them, at a phone and a laptop: the
table allows aids (one person with bots), the player presses the page's switch, the aid is drawn from the seat's
own view, and the hand, the prompt and the buttons stay on screen with nothing serious for axe-core. Before the
switch is pressed no aid is drawn; at a table of friends that did not allow them the switch is not there at all."""

from __future__ import annotations

import random
from typing import Any, Callable

import pytest
from browser import create_table, open_seat, shot, wait_my_turn
from fit import SIZES, off_screen, serious

import parlour
from parlour.core.aids import with_aids
from parlour.core.game import State

SHOWN = ("390x844", "1280x800")


def moves_until(game_id: str, players: int, seed: int, ready: Callable[[State], bool]) -> list[list[Any]]:
    """Moves from the start of a seeded match (passes where one may, else a seeded random choice) until seat 0 is
    to act in a state where ``ready`` holds: the moves a test table is opened at."""
    game = parlour.load(game_id, players=players)
    state = game.new(seed=seed)
    rng = random.Random(seed)
    moves: list[list[Any]] = []
    while not (list(state.to_act) == [0] and ready(state)):
        seat = state.to_act[0]
        legal = [str(a) for a in state.legal(seat)]
        # passing keeps random Tarok out of valat and beggar, which end at the first trick lost
        text = "pass" if "pass" in legal and game_id == "tarok" else rng.choice(legal)
        state.apply(seat, text)
        moves.append([seat, text])
        assert len(moves) < 300, "no such position"
    return moves


def aid_of(game_id: str, players: int) -> Callable[[State], dict]:
    game = parlour.load(game_id, players=players)
    return lambda state: with_aids(game, state.view(0)).get("aids") or {}


def played_after_a_trick(game_id: str, players: int) -> Callable[[State], bool]:
    aid = aid_of(game_id, players)
    return lambda state: bool(aid(state).get("played"))


#: game, players, seats, seed, when the position is ready, the aid's element, the player's must-see selectors.
CASES = {
    "tarok": (4, 7, played_after_a_trick("tarok", 4), ".kit-aid", [".kit-me .kit-hand"]),
    "zole": (3, 3, played_after_a_trick("zole", 3), ".kit-aid", [".kit-me .kit-hand"]),
    "tysiac": (3, 5, lambda s: bool(aid_of("tysiac", 3)(s).get("marriages")), ".kit-aid", [".kit-me .kit-hand"]),
    "giacomotto": (2, 1, lambda s: True, ".kit-hand .kit-card.marked", [".kit-me .kit-hand", ".kit-turn.yours"]),
    "gami": (2, 1, lambda s: bool(aid_of("gami", 2)(s).get("gami")), ".kit-aid",
             [".kit-hand:not(.opp-hand)", ".table-cards", ".kit-turn.yours"]),
}


@pytest.mark.parametrize("size", SHOWN)
@pytest.mark.parametrize("game_id", CASES)
def test_an_aid_switched_on_is_drawn_and_the_table_still_fits(parlour_server, browser, game_id, size):
    players, seed, ready, aid, must = CASES[game_id]
    moves = moves_until(game_id, players, seed, ready)
    seats = ["human"] + ["random"] * (players - 1)
    table = create_table(parlour_server, game_id, seats, players=players, seed=seed, moves=moves)
    page = open_seat(browser, parlour_server, table, 0, viewport=SIZES[size])
    wait_my_turn(page)
    assert page.evaluate("window.parlour.ctx.view.aids") is not None  # the server sent the seat its aids
    assert page.locator(aid).count() == 0  # off until the player switches them on
    page.locator("#aids").click()
    page.wait_for_selector(aid)
    assert page.locator("#aids").get_attribute("aria-pressed") == "true"
    problems = serious(page) + off_screen(page, *must, "#aids")
    shot(page, f"aids-{game_id}-{size}", full_page=False)
    assert problems == []
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_switch_is_remembered_and_absent_where_aids_are_not_allowed(parlour_server, browser):
    alone = create_table(parlour_server, "giacomotto", ["human", "random"], seed=1)
    page = open_seat(browser, parlour_server, alone, 0)
    wait_my_turn(page)
    page.locator("#aids").click()
    page.wait_for_selector(".kit-card.marked")
    page.reload()  # the same browser: the choice is remembered for Giacomotto
    page.wait_for_selector(".kit-card.marked")
    friends = create_table(parlour_server, "giacomotto", ["human", "human"], seed=1)
    other = page.context.new_page()
    other.goto(parlour_server + friends["seats"][0]["invite_url"])
    other.wait_for_function("window.parlour && window.parlour.ctx.view && document.querySelector('#board').children.length")
    assert other.locator("#aids").is_hidden()
    assert other.evaluate("window.parlour.ctx.view.aids") is None
    assert other.locator(".kit-card.marked").count() == 0
