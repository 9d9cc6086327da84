"""A person plays a whole round of Țestoasa in Debian's chromium against the expert bot, by clicking: the look at
the near cards, taking the discard into a slot, draws placed or thrown, a knock, and the reveal
(``tests/games/memory/rounds.py``). Screenshots of each step go to ``artifacts/testoasa-*.png``."""

from __future__ import annotations

from browser import create_table, open_seat

from memory.rounds import ME, play_testoasa_round

#: A round in which a low card tops the discard pile on one of our turns (we take it).
SEED = 3


def test_a_person_plays_a_round_of_testoasa_by_clicking_cards(parlour_server, browser):
    # a peek long enough that a loaded machine never closes it under the test's clicks (it plays by the page's state)
    table = create_table(parlour_server, "testoasa", ["human", "expert"], seed=SEED, options={"peek_seconds": 60})
    page = open_seat(browser, parlour_server, table, ME)
    play_testoasa_round(page, "testoasa")
    assert page.errors == []
