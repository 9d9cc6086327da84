"""Spoons bots on the race's virtual clock: the level people are seated against grabs no faster than people do.

Measured on the clock of :class:`parlour.bots.race.Race` (no wall time): for every grab, the time from the instant
the seat could first grab (it held four of a kind, or the first spoon was taken) to its grab.
"""

from __future__ import annotations

import statistics

import parlour
from parlour.bots import best, default, make
from parlour.bots.race import Race
from parlour.games.spoons.actions import GRAB


def grab_reactions(level: str, matches: int = 6, players: int = 4) -> list[float]:
    """Seconds from "may grab" to the grab, for every grab of ``matches`` races of ``level`` bots."""
    game = parlour.load("spoons", players=players)
    out = []
    for m in range(matches):
        state = game.new(seed=m)
        race = Race(state, {s: make(level, game, s, seed=m * 16 + s) for s in range(players)})
        could: dict[tuple[int, int], float] = {}  # (round, seat) -> when it could first grab
        while not state.over:
            for seat in state.to_act:
                if GRAB in state.legal(seat):
                    could.setdefault((state.round_no, seat), race.now)
            round_no = state.round_no
            event = race.step()
            assert event is not None
            seat, text = event
            if text == "grab":
                out.append(race.now - could[(round_no, seat)])
    return out


def test_the_lobby_and_the_terminal_seat_the_level_that_reacts_as_people_do() -> None:
    game = parlour.load("spoons")
    assert default(game) == "steady" and best(game) == "sharp"
    assert game.bots["steady"].reacts >= 0.7 > game.bots["sharp"].reacts


def test_the_default_level_grabs_no_sooner_than_people_and_with_a_human_spread() -> None:
    times = sorted(grab_reactions(default(parlour.load("spoons"))))
    assert len(times) > 100
    assert times[0] >= 0.7, "never under 0.7 s"
    median = statistics.median(times)
    assert 0.8 <= median <= 1.0
    # a spread, as people's times have: a tail well beyond the median, not one fixed time
    assert times[int(0.9 * len(times))] >= median + 0.1 and times[int(0.1 * len(times))] <= median - 0.05


def test_sharp_says_it_is_faster_than_people() -> None:
    times = grab_reactions("sharp", matches=4)
    assert statistics.median(times) < 0.5
    assert "faster than people" in parlour.load("spoons").bots["sharp"].description
