"""Țestoasa: the seed summary and rulings (rules file §10) not already pinned by ``test_rules.py``.

Each test stacks a round (or picks a seed) and would fail if the ruling were played otherwise.
"""

from __future__ import annotations

import pytest

from parlour.core.cards import CODES
from parlour.games.testoasa import Testoasa

from memory.helpers import layout, ready_all, seats, stack


def start(*layouts: str, players: int = 2, discard: str | None = None, stock: str = "", **options):
    game = Testoasa(players=players, **options)
    state = game.new(seed=3, deck=stack(game, *layouts, discard=discard, stock=stock))
    return state, seats(state)


def finish_round(state, *others: int) -> None:
    """Each listed seat draws and discards: the last turns after a knock."""
    for seat in others:
        state.apply(seat, "draw")
        state.apply(seat, "discard")


@pytest.mark.parametrize("players", [2, 8])
def test_one_deck_for_two_to_eight_players(players):
    state = Testoasa(players=players).new(seed=1)
    assert len(state.round_cards()) == 52
    assert len(state.stock) == 52 - 4 * players - 1 and len(state.discard) == 1


def test_layout_is_two_rows_of_two_unseen():
    state, (a, b) = start("AS 2S 3S 4S", "5H 6H 7H 8H")
    assert [len(lay) for lay in state.layouts] == [4, 4] and state.up == [[0] * 4, [0] * 4]
    assert layout(state, a, a)[:2] == ["##", "##"], "the far row is never shown, even in the peek window"


def test_q1_a_drawn_card_swapped_in_lies_face_down():
    state, (a, b) = start("AS 2S 3S 4S", discard="9C", stock="KD")
    ready_all(state)
    state.apply(a, "draw")
    state.apply(a, "swap 2")
    assert state.up[a][2] == 0 and layout(state, b, a)[2] == "##" and layout(state, None, a)[2] == "##"


def test_q1_a_card_taken_from_the_discard_lies_face_down_too():
    state, (a, b) = start("AS 2S 3S 4S", discard="9C")
    ready_all(state)
    state.apply(a, "take 3")
    assert state.up[a][3] == 0 and layout(state, None, a)[3] == "##" and layout(state, b, a)[3] == "##"


def test_q2_no_pairing_rule_equal_cards_in_a_column_count_in_full():
    state, (a, b) = start("5H 5S 5C 5D", "KH KS KD KC", discard="9C")
    ready_all(state)
    state.apply(a, "knock")
    finish_round(state, b)
    assert state.sheet.rows[0][2]["raw"][a] == 20


def test_q3_knocking_on_the_first_turn_is_allowed():
    state, (a, b) = start("AS 2S 3S 4S")
    ready_all(state)
    assert "knock" in map(str, state.legal(a))
    state.apply(a, "knock")
    assert state.closer == a and state.to_act == (b,)


def test_q3_the_first_dealer_is_drawn_from_the_seed_and_the_first_player_is_his_left():
    dealers = {Testoasa(players=4).new(seed=s).dealer for s in range(24)}
    assert len(dealers) > 1
    state = Testoasa(players=4).new(seed=5)
    assert state.first == (state.dealer + 1) % 4


def test_q4_the_knocker_never_acts_again_and_his_cards_stay_as_they_lie():
    state, (a, b, c) = start("AS 2S 3S 4S", "5H 6H 7H 8H", "9D 10D JD QD", players=3, discard="9C")
    ready_all(state)
    state.apply(a, "knock")
    before = list(state.layouts[a])
    state.apply(b, "take 0")
    assert a not in state.to_act and state.legal(a) == [] and state.layouts[a] == before
    state.apply(c, "take 0")
    assert state.round_no == 2 and state.sheet.rows[0][2]["raw"][a] == 10


def test_q5_the_peek_window_lasts_peek_seconds_and_opens_again_each_round():
    state, (a, b) = start("AS 2S 3S 4S", discard="9C", peek_seconds=12)
    assert state.deadline == 12.0
    state.timeout()
    state.apply(a, "knock")
    finish_round(state, b)
    assert state.round_no == 2 and state.phase == "peek" and state.deadline == 12.0
    new_a = state.layouts[a]
    assert layout(state, a, a)[2:] == [CODES[c] for c in new_a[2:]]
