"""A board game's lesson speaks in that game's words: no card word in what Go, Rengo, Jieqi or Skelly's lesson says
(no "deal" of Go), and Skelly's flicks are texts the table can type exactly (the listed flicks: the lesson's
checks say where each one lands)."""

from __future__ import annotations

import re

import pytest

from parlour.core.lesson import Lesson

CARD_WORDS = re.compile(r"\b(deal|deals|dealt|shuffle|shuffled|hand|hands|trick|tricks|cards?|dealer)\b", re.I)


@pytest.mark.parametrize("game_id", ["go", "rengo", "jieqi", "skelly"])
def test_a_board_games_lesson_has_no_card_word(game_id: str) -> None:
    said = [t for t in Lesson.load(game_id).texts() if CARD_WORDS.search(t)]
    assert not said, said


def test_skellys_flicks_land_where_the_lesson_says() -> None:
    """Each of the learner's flicks does what its words promise: into box 9, a hit, a killer made, a kill, a miss
    that ends the turn, the winning kill."""
    lesson = Lesson.load("skelly")
    state = lesson.new_state()
    results = []
    for step in lesson.steps:
        before = len(state.events)
        state.apply(step.seat, step.move)
        if step.seat == lesson.you:
            results.append(next(e["result"] for e in state.events[before:] if e["type"] == "shot"))
    assert results == ["in", "hit", "killer", "kill", "miss", "kill"]
    assert state.over and list(state.winners) == [0]
