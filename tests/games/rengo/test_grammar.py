"""Go and Rengo in every language: a sentence about you is its own sentence, in the table and the terminal, never
"You" put into a sentence made for a third person ("You marks the dead stones"). The check is tests/grammar.py's."""

from __future__ import annotations

import pytest
from grammar import made_from_the_third_person, table_told, terminal_told

import parlour
from parlour.core.terminal import Seats, plain
from parlour.games.rengo.terminal import event_line

from .helpers import play


def rengo_events() -> tuple[list[dict], dict]:
    """A casual Rengo game with every kind of event: handicap, stones, a capture, a player resigning and leaving, passes,
    the count (dead and alive marks, acceptances, resuming play), a team resigning; and the last view."""
    state = parlour.load("rengo", size=9, handicap=2, mode="casual").new(seed=1)
    play(state, "play E5", "play D5", "play D4", "play E4", "play D6", "play E6", "play C5", "resign", "play F5",
         "pass", "pass", "dead E4", "alive E4", "dead E4", "accept", "resume", "play J9", "pass", "pass", "accept",
         "accept")
    return state.events, state.view(None)


def go_events() -> tuple[list[dict], dict]:
    """A game of Go: stones, passes, the count, the end."""
    state = parlour.load("go", size=9).new(seed=1)
    play(state, "play E5", "play C3", "pass", "pass", "dead C3", "accept", "resume", "pass", "pass", "accept",
         "accept")
    return state.events, state.view(None)


def about(e: dict) -> int | None:
    """The seat an event is about: its player, or the player who marks first when play stops."""
    return e.get("marker") if e["type"] == "stop" else e.get("seat")


def cases(events) -> tuple[list[tuple[dict, int]], dict]:
    log, view = events()
    return [(e, about(e)) for e in log if about(e) is not None], view


@pytest.mark.parametrize("events", [go_events, rengo_events], ids=["go", "rengo"])
def test_the_terminal_tells_you_what_you_did_in_your_own_words(events):
    told, view = cases(events)
    line = lambda e, viewer: plain(event_line(e, Seats.anonymous(view["players"], viewer=viewer).with_view(view)),
                                   width=300)
    assert made_from_the_third_person(terminal_told(told, line)) == []


@pytest.mark.parametrize("events", [go_events, rengo_events], ids=["go", "rengo"])
def test_the_table_tells_you_what_you_did_in_your_own_words(parlour_server, browser, events):
    told, view = cases(events)
    assert made_from_the_third_person(table_told(browser, parlour_server, view["game"], view, told)) == []
