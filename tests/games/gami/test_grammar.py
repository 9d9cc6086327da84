"""Gami in every language: a sentence about you is its own sentence, in the table and the terminal — what you did,
and what your opponent took from you ("takes 3♣ from you", never "from You"). The check is tests/grammar.py's."""

from __future__ import annotations

from grammar import made_from_the_third_person, table_told, terminal_told

import parlour
from parlour.bots import make, play_match
from parlour.core.terminal import Seats, plain
from parlour.games.gami.terminal import event_line


def gami_cases() -> tuple[list[tuple[dict, int]], dict]:
    """A whole match between bots: each exchange told to its player and, for a GAMI that takes a card, to the player
    it was taken from; each deal to who plays first, each result to the loser."""
    game = parlour.load("gami")
    state, _ = play_match(game, [make("greedy", game, 0, seed=1), make("greedy", game, 1, seed=2)], seed=3)
    cases = []
    for e in state.events:
        if e["type"] == "exchange":
            cases.append((e, e["seat"]))
            if e.get("captured"):
                cases.append((e, 1 - e["seat"]))
        elif e["type"] == "deal":
            cases.append((e, e["first"]))
        elif e["type"] == "result" and e.get("winner") is not None:
            cases += [(e, e["winner"]), (e, 1 - e["winner"])]
    assert any(e.get("captured") for e, _ in cases), "the match has a GAMI that takes a card"
    return cases, state.view(None)


def test_the_terminal_tells_you_what_happened_to_you_in_your_own_words():
    cases, view = gami_cases()
    line = lambda e, viewer: plain(event_line(e, Seats.anonymous(2, viewer=viewer).with_view(view)), width=300)
    assert made_from_the_third_person(terminal_told(cases, line)) == []


def test_the_table_tells_you_what_happened_to_you_in_your_own_words(parlour_server, browser):
    cases, view = gami_cases()
    assert made_from_the_third_person(table_told(browser, parlour_server, "gami", view, cases)) == []
