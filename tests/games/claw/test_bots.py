"""Claw bots on the race's virtual clock: the level people are seated against claims no faster than people do, and
takes longer to find a card on a full table than on a bare one.

Measured on the clock of :class:`parlour.bots.race.Race` (no wall time): for every claim, the time from the
instant the call opened to the claim, with the number of cards then on the table.
"""

from __future__ import annotations

import statistics

import parlour
from parlour.bots import best, default, make
from parlour.bots.race import Race


def claim_times(level: str, matches: int = 4) -> list[tuple[int, float]]:
    """``(cards on the table, seconds from the call to the claim)`` for every claim of one ``level`` bot in
    ``matches`` races, the other seat a person who never claims (so each claim is the bot's own search)."""
    game = parlour.load("claw", players=2)
    out = []
    for m in range(matches):
        state = game.new(seed=m)
        race = Race(state, {0: make(level, game, 0, seed=m)})
        opened, cards, call = 0.0, 0, 0
        while not state.over:
            if state.phase == "call" and state.call_no != call:
                opened, cards, call = race.now, len(state.view(None)["spread"]), state.call_no
            event = race.step()
            assert event is not None
            if event[1].startswith("claim "):
                out.append((cards, race.now - opened))
    return out


def test_the_lobby_and_the_terminal_seat_the_level_that_searches_as_people_do() -> None:
    game = parlour.load("claw")
    assert default(game) == "steady" and best(game) == "sharp"
    assert game.bots["steady"].reacts >= 0.7 > game.bots["sharp"].reacts


def test_the_default_level_claims_no_sooner_than_people_and_slower_on_a_full_table() -> None:
    found = claim_times(default(parlour.load("claw")))
    assert len(found) > 100
    times = sorted(t for _, t in found)
    assert times[0] >= 0.7, "never under 0.7 s"
    full = statistics.median(t for n, t in found if n >= 40)
    bare = statistics.median(t for n, t in found if n <= 15)
    # the search takes people's time: seconds on a full table, over one on a nearly bare one
    assert full >= 2.0 and bare >= 1.0 and full >= bare + 1.0, (full, bare)


def test_sharp_says_it_is_faster_than_people() -> None:
    found = claim_times("sharp", matches=2)
    assert statistics.median(t for n, t in found if n <= 15) < 0.7
    assert "faster than people" in parlour.load("claw").bots["sharp"].description
