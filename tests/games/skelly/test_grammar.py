"""Skelly in every language: a sentence about you is its own sentence, in the table and the terminal — what your cap
did, and what another cap did to you ("killed by you", never "killed by You"). The check is tests/grammar.py's."""

from __future__ import annotations

from grammar import made_from_the_third_person, table_told, terminal_told

import parlour
from parlour.core.terminal import Seats, plain
from parlour.games.skelly.terminal import event_line


def skelly_cases() -> tuple[list[tuple[dict, int]], dict]:
    """A few real shots (a start, misses, boxes reached), and each event that names a second cap: seat 1's cap freed
    by, killed by, out on hitting seat 0; seat 0 a killer, restarting the killer run, trapped and waiting."""
    state = parlour.load("skelly", players=3).new(seed=4)
    for flick in ("flick 90 0.3", "flick 45 0.8", "flick 120 0.5", "flick 90 0.1"):
        state.apply(state.to_act[0], flick)
    view = state.view(None)
    cases = [(e, e["seat"] if "seat" in e else e["first"]) for e in state.events if "seat" in e or "first" in e]
    named = [{"type": "freed", "seat": 1, "by": 0}, {"type": "removed", "seat": 1, "by": 0, "how": "kill"},
             {"type": "removed", "seat": 1, "by": 0, "how": "hit"}]
    own = [{"type": "killer", "seat": 0, "how": "run"}, {"type": "killer", "seat": 0, "how": "hit"},
           {"type": "restart", "seat": 0}, {"type": "trapped", "seat": 0}, {"type": "skip", "seat": 0, "waited": 1, "of": 3},
           {"type": "bounds", "seat": 0, "at": [0.1, 0.2]}]
    return cases + [(e, 0) for e in named + own], view


def test_the_terminal_tells_you_what_happened_to_you_in_your_own_words():
    cases, view = skelly_cases()
    line = lambda e, viewer: plain(event_line(e, Seats.anonymous(3, viewer=viewer).with_view(view)), width=300)
    assert made_from_the_third_person(terminal_told(cases, line)) == []


def test_the_table_tells_you_what_happened_to_you_in_your_own_words(parlour_server, browser):
    cases, view = skelly_cases()
    assert made_from_the_third_person(table_told(browser, parlour_server, "skelly", view, cases)) == []
