"""A person plays a whole round of Crazy Nines (9-card golf) in Debian's chromium against the expert bot, by clicking: the two
cards turned up before play, taking the discard into a slot, drawing and placing, drawing and throwing then turning
a card up, until the round ends; then the reveal with each card's points and column pairs struck through
(``tests/games/memory/rounds.py``). Screenshots of each step go to ``artifacts/crazy-nines-*.png``."""

from __future__ import annotations

from browser import create_table, open_seat

from memory.rounds import ME, play_golf_round

#: A round that ends with a column pair on the table.
SEED = 2


def test_a_person_plays_a_round_of_golf_by_clicking_cards(parlour_server, browser):
    table = create_table(parlour_server, "crazy-nines", ["human", "expert"], seed=SEED)
    page = open_seat(browser, parlour_server, table, ME)
    play_golf_round(page, "crazy-nines")
    assert page.errors == []
