"""6-card golf: the seed summary and rulings (rules file §11) not already pinned by ``test_rules.py``."""

from __future__ import annotations

import pytest

import parlour
from parlour.games.golf6 import Golf6

from golf6.helpers import A_CARDS, B_CARDS, start
from memory.helpers import layout, seats


def no_flips(state) -> None:
    for seat in list(state.to_act):
        state.apply(seat, "ready")


def up_but(state, seat: int, *slots: int) -> None:
    """Setup: ``seat`` turns two cards up, the others none; then turns of ``flip`` (the others turning their
    slots 0, 1, ... up) until only ``slots`` of ``seat`` are face down and it is ``seat``'s turn again."""
    todo = [i for i in range(6) if i not in slots]
    state.apply(seat, f"flip {todo.pop(0)}")
    state.apply(seat, f"flip {todo.pop(0)}")
    no_flips(state)
    other = [s for s in seats(state) if s != seat]
    mine = 0
    while todo or state.turn != seat:
        if state.turn == seat:
            state.apply(seat, f"flip {todo.pop(0)}")
        else:
            state.apply(state.turn, f"flip {mine // len(other)}")
            mine += 1


def test_two_decks_for_eight_players():
    state = Golf6(players=8).new(seed=1)
    assert len(state.round_cards()) == 104 and [len(lay) for lay in state.layouts] == [6] * 8


def test_a_drawn_card_may_replace_a_face_up_card():
    state, (a, b) = start(A_CARDS, B_CARDS, discard="4D", stock="AC")
    state.apply(a, "flip 1"); state.apply(a, "flip 4"); state.apply(b, "ready")
    state.apply(a, "draw")
    state.apply(a, "swap 4")
    assert layout(state, b, a)[4] == "AC" and state.view(b)["discard"] == ["4D", "7S"]


def test_q1_no_three_in_a_column_rule_a_pair_stays_on_the_table_and_golf6_has_no_sweep_option():
    assert "sweep" not in {o["name"] for o in parlour.load("golf6").describe()["options"]}
    state, (a, b) = start("2S 5H 9C 6D 7S 4H", B_CARDS, discard="2H")
    no_flips(state)
    state.apply(a, "take 3")                     # 2H under 2S: a column pair
    assert state.layouts[a][0] >= 0 and layout(state, b, a)[3] == "2H"
    assert state.view(b)["discard"] == ["6D"]


def test_q5_exchanging_away_the_last_face_down_card_ends_the_round():
    state, (a, b) = start(A_CARDS, B_CARDS, discard="4D", stock="AC KD KC")
    up_but(state, a, 5)
    assert state.turn == a and state.closer < 0
    state.apply(a, "draw")
    state.apply(a, "swap 5")                     # the last face-down card (9H) goes to the pile
    assert state.closer == a and [e for e in state.events if e["type"] == "out"] == [{"type": "out", "seat": a}]
    assert state.turn == b


def test_q5_taking_the_discard_into_the_last_face_down_card_ends_the_round_too():
    state, (a, b) = start(A_CARDS, B_CARDS, discard="4D")
    up_but(state, a, 5)
    state.apply(a, "take 5")
    assert state.closer == a and state.turn == b


def test_q5_after_the_end_every_other_player_has_one_turn_and_the_ender_none():
    state, (a, b, c) = start(A_CARDS, B_CARDS, "AH AD 4S 4C 6S 6C", players=3, discard="4D")
    up_but(state, a, 5)
    state.apply(a, "flip 5")
    assert state.closer == a and state.to_act == (b,)
    state.apply(b, "flip 5")
    assert state.to_act == (c,) and state.round_no == 1
    state.apply(c, "flip 5")
    assert state.round_no == 2
    reveal = next(e for e in state.events if e["type"] == "reveal")
    assert reveal["layouts"][b] == B_CARDS.split(), "every face-down card is revealed at the end"


def test_scoring_ace_one_unpaired_two_minus_two_jack_queen_ten_king_zero():
    # columns A-J, 2-Q, K-3: 11, 8, 3
    state, (a, b) = start("AS 2S KS JD QD 3C", "5C 5D 6C 6D 8C 8D", discard="4D")
    up_but(state, a, 5)
    state.apply(a, "flip 5")
    state.apply(b, "flip 5")
    assert state.sheet.rows[0][2]["raw"][a] == 1 + 10 - 2 + 10 + 0 + 3


def test_q6_an_ender_tied_for_lowest_pays_nothing_unless_tie_penalty():
    for tie, extra in ((False, 0), (True, 10)):
        state, (a, b) = start(A_CARDS, "2C 5D 9S 2H 7D 9D", discard="4D", tie_penalty=tie)
        up_but(state, a, 5)
        state.apply(a, "flip 5")
        state.apply(b, "flip 5")
        assert state.sheet.rows[0][1] == tuple(12 + extra if s == a else 12 for s in range(2))


def test_q6_an_empty_stock_is_refilled_from_the_pile_but_its_top_card():
    state, (a, b) = start(A_CARDS, B_CARDS, discard="4D")
    state.apply(a, "flip 0"); state.apply(a, "flip 1")
    state.apply(b, "flip 0"); state.apply(b, "flip 1")
    for _ in range(39):                          # 52 - 12 - 1 cards of stock, each swapped over a face-up card
        seat = state.turn
        state.apply(seat, "draw")
        state.apply(seat, "swap 0")
    assert state.events[-1] == {"type": "reshuffle", "cards": 39}
    assert len(state.stock) == 39 and len(state.discard) == 1 and state.round_no == 1


@pytest.mark.parametrize("players", [9, 12])
def test_three_decks_from_nine_players_up_to_twelve(players):
    state = Golf6(players=players).new(seed=1)
    assert len(state.round_cards()) == 156 and [len(lay) for lay in state.layouts] == [6] * players
    assert state.view(0)["stock"] == 156 - 6 * players - 1
