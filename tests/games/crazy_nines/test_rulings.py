"""Crazy Nines: the seed summary and rulings (rules file §12) not already pinned by ``test_rules.py``, played
through whole rounds from stacked decks."""

from __future__ import annotations

import pytest

import parlour
from parlour.games.crazy_nines import CrazyNines

from memory.helpers import layout, seats, stack

B_CARDS = "KS QS 3C KH QH 3D KD QD 3H"     # columns of three kings, three queens, three 3s: 0


def start(*layouts: str, discard: str | None = None, **options):
    game = CrazyNines(players=2, **options)
    state = game.new(seed=4, deck=stack(game, *layouts, discard=discard))
    return state, seats(state)


def face_down(state, seat: int) -> list[int]:
    view = state.view(None)
    return [i for i, (code, up) in enumerate(zip(view["layouts"][seat], view["up"][seat])) if code and not up]


def turn_all_up(state, seat: int, first: tuple[int, int]) -> None:
    """``seat`` turns ``first`` up in the setup (the other none), then one card a turn until none is face
    down; the other player turns his slots 0, 1, ... up meanwhile."""
    for slot in first:
        state.apply(seat, f"flip {slot}")
    other = next(s for s in state.to_act if s != seat)
    state.apply(other, "ready")
    mine = 0
    while state.round_no == 1:
        if state.turn == seat:
            state.apply(seat, f"flip {face_down(state, seat)[0]}")
        else:
            state.apply(other, f"flip {mine}")
            mine += 1


def test_two_decks_and_a_three_by_three_grid_for_eight_players():
    state = CrazyNines(players=8).new(seed=1)
    assert len(state.round_cards()) == 104 and [len(lay) for lay in state.layouts] == [9] * 8


def test_two_optional_flips_on_the_grid_before_the_first_turn():
    state, (a, b) = start("AS 2S 9C 3S 4S 9H 5S 6S 7D", B_CARDS, discard="9D")
    assert state.phase == "setup" and {str(m) for m in state.legal(a)} == {"ready"} | {f"flip {i}" for i in range(9)}
    state.apply(a, "flip 8")
    state.apply(b, "ready")
    assert state.phase == "setup" and state.to_act == (a,)
    state.apply(a, "flip 6")
    assert state.phase == "turn" and layout(state, b, a)[6:] == ["5S", "##", "7D"]


def test_q1_a_played_round_scores_column_pairs_and_triples_zero():
    # columns 2S 2D 2H (a triple of 2s: 0, not -6), 5H 7S 4C (16), 9C 9H 4S (the pair 0, the 4 counts)
    state, (a, b) = start("2S 5H 9C 2D 7S 9H 2H 4C 4S", B_CARDS, discard="AD")
    turn_all_up(state, a, (0, 1))
    assert state.sheet.rows[0][2]["raw"] == [20 if s == a else 0 for s in range(2)]


def test_q2_a_swept_column_leaves_gaps_that_score_zero():
    state, (a, b) = start("AS 2S 9C 3S 4S 9H 5S 6S 7D", B_CARDS, discard="9D", sweep=True)
    state.apply(a, "flip 2"); state.apply(a, "flip 5"); state.apply(b, "ready")
    state.apply(a, "take 8")
    assert face_down(state, a) == [0, 1, 3, 4, 6, 7]
    mine = 0
    while state.round_no == 1:
        if state.turn == a:
            state.apply(a, f"flip {face_down(state, a)[0]}")
        else:
            state.apply(b, f"flip {mine}")
            mine += 1
    assert state.sheet.rows[0][2]["raw"][a] == (1 + 3 + 5) + (-2 + 4 + 6)


def test_q2_no_sweep_while_one_of_the_three_lies_face_down():
    state, (a, b) = start("AS 2S 9C 3S 4S 9H 5S 6S 7D", B_CARDS, discard="9D", sweep=True)
    state.apply(a, "flip 2"); state.apply(b, "ready"); state.apply(a, "ready")
    state.apply(a, "take 8")
    assert not any(e["type"] == "sweep" for e in state.events) and state.layouts[a][5] >= 0


def test_q2_the_sweep_is_an_option_off_by_default():
    options = {o["name"]: o["default"] for o in parlour.load("crazy-nines").describe()["options"]}
    assert options["sweep"] is False


def test_q3_the_name_is_nine_card_golf():
    assert "9-card golf" in parlour.load("crazy-nines").describe()["title"]


@pytest.mark.parametrize("players", [9, 12])
def test_three_decks_from_nine_players_up_to_twelve(players):
    state = CrazyNines(players=players).new(seed=1)
    assert len(state.round_cards()) == 156 and [len(lay) for lay in state.layouts] == [9] * players
    assert state.view(0)["stock"] == 156 - 9 * players - 1
