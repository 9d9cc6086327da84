"""What the lessons of Go, Rengo, Jieqi, Spoons and the Claw say about how they end is what the engine makes of
their scripts: the count of Go and Rengo, Jieqi's checkmate, the letters of Spoons, the cards of the Claw."""

from __future__ import annotations

import pytest

from parlour.core.lesson import Lesson


def played(game_id: str):
    lesson = Lesson.load(game_id)
    state = lesson.new_state()
    for step in lesson.steps:
        state.timeout() if step.timeout else state.apply(step.seat, step.move)
    return lesson, state


@pytest.mark.parametrize("game_id", ["go", "rengo"])
def test_go_counts_fifty_to_thirty_eight_and_a_half(game_id: str) -> None:
    lesson, state = played(game_id)
    score = next(e for e in state.events if e["type"] == "score")
    assert (score["black"], score["white"], score["dead"]) == (50, 38.5, ["B3"])
    assert "50 points, White 38.5" in " ".join(lesson.texts())
    captured = [e for e in state.events if e["type"] == "move" and e.get("captured")]
    assert [e["point"] for e in captured] == ["D7", "E5", "F5"]  # C7 taken, the ko taken and taken back


def test_jieqi_ends_in_checkmate_by_red() -> None:
    _, state = played("jieqi")
    result = next(e for e in state.events if e["type"] == "result")
    assert (result["winner"], result["reason"]) == (0, "checkmate")
    reveals = {e["action"]: e["piece"] for e in state.events if e.get("reveal")}
    assert reveals == {"move h3h10": "R", "move e4e5": "N", "move a10a4": "c"}


def test_spoons_gives_the_third_player_s_and_p() -> None:
    _, state = played("spoons")
    assert state.view(0)["letters"] == [0, 0, 2]
    grabs = [(e["seat"], e["order"]) for e in state.events if e["type"] == "grab"]
    assert grabs == [(0, 1), (1, 2), (1, 1), (0, 2)]


def test_the_claw_gives_you_three_cards_and_benches_the_wrong_claim() -> None:
    _, state = played("claw")
    takes = [(e["seat"], e["card"]) for e in state.events if e["type"] == "take"]
    assert takes == [(0, "7H"), (0, "QS"), (2, "4D"), (0, "KC")]
    wrong = [e["seat"] for e in state.events if e["type"] == "claim" and e["result"] == "wrong"]
    assert wrong == [1]
