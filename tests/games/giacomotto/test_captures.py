"""What a played card may capture (rulings Q3-Q6, Q14) and how a capture changes the table."""

from __future__ import annotations

import pytest

from parlour import IllegalAction
from parlour.core.cards import card, cards, mask_of
from parlour.games.giacomotto.actions import play

from .helpers import load, seat_at, snapshot, stack


def opening(table: str, hand: str, **options):
    """A 2-player match whose first player holds ``hand`` with ``table`` face up; returns (game, state, seat)."""
    game = load(2, **options)
    state = game.new(seed=3, deck=stack(table, hand))
    return game, state, seat_at(state, 0)


def captures_with(state, seat: int, card: str) -> set[int]:
    """The legal captures of one card, as action ints (grouping-independent)."""
    return {int(a) for a in state.legal(seat) if str(a).startswith(f"capture {card} ")}


def actions(game, *texts: str) -> set[int]:
    return {int(game.parse(t)) for t in texts}


def test_seed_example_queen_takes_8_5_and_6_7_together_or_apart():
    game, state, seat = opening("8C 5D 6S 7H", "QD 9S 10S JS KS AS")
    assert captures_with(state, seat, "QD") == actions(
        game, "capture QD 8C+5D", "capture QD 6S+7H", "capture QD 8C+5D 6S+7H")
    state.apply(seat, "capture QD 6S+7H 8C+5D")  # any grouping of the same cards is the same action
    view = state.view(seat)
    assert view["table"] == [] and view["piles"][seat] == 5 and view["tablas"][seat] == 1


def test_single_card_of_equal_value_is_a_group():  # Q3
    game, state, seat = opening("6C KD 9H 2S", "6D KH 3C 4C 5C 7C")
    assert captures_with(state, seat, "6D") == actions(game, "capture 6D 6C")
    assert captures_with(state, seat, "KH") == actions(game, "capture KH KD")
    state.apply(seat, "capture 6D 6C")
    assert sorted(state.view(seat)["table"]) == ["2S", "9H", "KD"]
    assert state.view(seat)["piles"][seat] == 2 and state.view(seat)["tablas"] == [0, 0]


def test_several_disjoint_sums_can_be_taken_together_or_one_by_one():  # Q4
    game, state, seat = opening("2C 8D 3H 7S", "10C 9S JS QS KS AS")
    assert captures_with(state, seat, "10C") == actions(
        game, "capture 10C 8D+2C", "capture 10C 7S+3H", "capture 10C 8D+2C 7S+3H")


def test_groups_must_be_disjoint_seven_cannot_take_3_4_4():  # Q4, DavorPenzar's example
    game, state, seat = opening("3S 4D 4H 9C", "7C 10S JS QS KS AS")
    assert captures_with(state, seat, "7C") == actions(game, "capture 7C 4D+3S", "capture 7C 4H+3S")
    before = snapshot(state)
    for text, why in [("capture 7C 3S+4D 3S+4H", "named twice"), ("capture 7C 3S+4D 4H", "cannot take 4H"),
                      ("capture 7C 3S+4D+4H", "cannot take")]:
        with pytest.raises(IllegalAction, match=why):
            state.apply(seat, text)
    all_three = play(card("7C"), mask_of(cards("3S 4D 4H")))
    with pytest.raises(IllegalAction, match="not a capture"):
        state.apply(seat, all_three)
    assert snapshot(state) == before


def test_single_card_and_sum_mix():  # Q4: 9 takes 9 and 4+5
    game, state, seat = opening("9D 4C 5H 2S", "9S 10S JS QS KS AS")
    assert captures_with(state, seat, "9S") == actions(
        game, "capture 9S 9D", "capture 9S 5H+4C", "capture 9S 9D 5H+4C")


def test_played_ace_counts_11_for_sums_and_table_aces_independently():  # Q5
    game, state, seat = opening("5C 6D AH 10S", "AS 9S JS QS KS 3C")
    assert captures_with(state, seat, "AS") == actions(
        game, "capture AS AH", "capture AS 6D+5C", "capture AS 10S+AH", "capture AS AH 6D+5C",
        "capture AS 10S+AH 6D+5C")


def test_table_aces_count_1_or_11_each_jack_takes_ace_and_ace():  # Q5: J(12) = 1 + 11; 2 = 1 + 1
    game, state, seat = opening("AH AD 5C 8C", "JS 2S KD 9S 10S QS")
    assert captures_with(state, seat, "JS") == actions(game, "capture JS AH+AD")
    assert captures_with(state, seat, "2S") == actions(game, "capture 2S AH+AD")
    # K (14) = 1 + 5 + 8, or A(11)... only one ace with 5 and 8: 1+5+8 = 14
    assert captures_with(state, seat, "KD") == actions(game, "capture KD 8C+5C+AH", "capture KD 8C+5C+AD")
    assert captures_with(state, seat, "9S") == actions(game, "capture 9S 8C+AH", "capture 9S 8C+AD")


def test_face_cards_are_worth_12_13_14_inside_sums():  # Q6: K takes J+2 and 4+10
    game, state, seat = opening("JC 2D 4H 10S", "KD 6C 7C 8C 9C AC")
    assert captures_with(state, seat, "KD") == actions(
        game, "capture KD JC+2D", "capture KD 10S+4H", "capture KD JC+2D 10S+4H")
    game, state, seat = opening("QC AD 7H 5S", "KD 2C 3C 4C 6C 8C")
    assert captures_with(state, seat, "KD") == actions(game, "capture KD QC+AD")  # Q(13) + A(1)


def test_jack_is_not_a_wild_sweeper():  # Q14: J is 12, as the seed says
    game, state, seat = opening("5C 9D 6H 8S", "JH 2C 3C 4C 7C 10C")
    assert captures_with(state, seat, "JH") == set()
    with pytest.raises(IllegalAction):
        state.apply(seat, "capture JH 5C 9D 6H 8S")


def test_a_capture_moves_the_played_card_and_the_groups_to_the_side_pile():
    game, state, seat = opening("9D 4C 5H 2S", "9S 10S JS QS KS AS")
    state.apply(seat, "capture 9S 5H+4C")
    v = state.view(seat)
    assert sorted(v["table"]) == ["2S", "9D"]
    assert v["piles"][seat] == 3 and v["last_capturer"] == seat and v["tablas"] == [0, 0]
    assert "9S" not in v["hand"] and len(v["hand"]) == 5
    assert v["log"][-1] == {"type": "capture", "seat": seat, "action": "capture 9S 5H+4C", "card": "9S",
                            "cards": ["4C", "5H"], "tabla": False}
