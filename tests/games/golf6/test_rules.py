"""6-card golf's rules and rulings from stacked decks (rules file section 11)."""

from __future__ import annotations

from parlour.games.golf6 import Golf6

from golf6.helpers import A_CARDS, B_CARDS, start
from memory.helpers import layout


def legal(state, seat) -> list[str]:
    return [str(m) for m in state.legal(seat)]


def test_one_deck_up_to_four_players_two_decks_from_five():
    assert len(Golf6(players=4).new(seed=1).round_cards()) == 52
    assert len(Golf6(players=5).new(seed=1).round_cards()) == 104


def test_two_optional_flips_before_the_first_turn_simultaneously():
    state, (a, b) = start(A_CARDS, B_CARDS, discard="4D")
    assert state.phase == "setup" and set(state.to_act) == {a, b}
    assert legal(state, a) == ["ready", "flip 0", "flip 1", "flip 2", "flip 3", "flip 4", "flip 5"]
    state.apply(b, "ready")                      # flipping is optional
    state.apply(a, "flip 1")
    assert layout(state, b, a)[1] == "5H" and state.to_act == (a,)
    state.apply(a, "flip 4")                     # the second flip ends the setup
    assert state.phase == "turn" and state.to_act == (a,)


def test_exchanged_cards_lie_face_up_and_the_replaced_card_goes_to_the_discard():
    state, (a, b) = start(A_CARDS, B_CARDS, discard="4D", stock="AC")
    state.apply(a, "ready"); state.apply(b, "ready")
    assert {"draw", "take 0", "flip 0"} <= set(legal(state, a))
    state.apply(a, "draw")
    state.apply(a, "swap 1")
    assert layout(state, b, a)[1] == "AC" and state.view(b)["discard"] == ["4D", "5H"]


def test_discarding_the_drawn_card_obliges_a_flip():
    state, (a, b) = start(A_CARDS, B_CARDS, discard="4D", stock="QC")
    state.apply(a, "ready"); state.apply(b, "ready")
    state.apply(a, "draw")
    state.apply(a, "discard")
    assert state.phase == "flip" and legal(state, a) == [f"flip {i}" for i in range(6)]
    state.apply(a, "flip 2")
    assert layout(state, None, a)[2] == "9C" and state.to_act == (b,)


def test_take_the_discard_into_any_card_face_up_or_down():
    state, (a, b) = start(A_CARDS, B_CARDS, discard="4D")
    state.apply(a, "flip 0"); state.apply(a, "flip 1"); state.apply(b, "ready")
    state.apply(a, "take 0")                     # over a face-up card
    assert layout(state, b, a)[0] == "4D" and state.view(a)["discard"] == ["2S"]


def play_out(a_first: bool, a_cards: str, b_cards: str):
    """Both players turn their cards up one a turn; ``a`` turns his last card first."""
    state, (a, b) = start(a_cards, b_cards, discard="4D")
    state.apply(a, "flip 0"); state.apply(a, "flip 1"); state.apply(b, "ready")
    for slot in range(2, 6):
        state.apply(a, f"flip {slot}")
        if state.round_no == 1:
            state.apply(b, f"flip {slot - 2}")
    return state, a, b


def test_turning_the_last_card_ends_the_round_after_one_more_turn_each():
    state, a, b = play_out(True, A_CARDS, B_CARDS)
    assert state.round_no == 2
    row = state.sheet.rows[0]
    assert row[2]["closer"] == a and row[2]["raw"] == [12 if s == a else 26 for s in range(2)]
    assert row[1] == tuple(row[2]["raw"]), "the ender had the lowest score: no penalty"
    kinds = [e["type"] for e in state.events]
    assert kinds.index("out") < kinds.index("reveal")


def test_the_ender_without_the_lowest_score_pays_ten():
    state, a, b = play_out(True, B_CARDS, A_CARDS)
    assert state.sheet.rows[0][1] == tuple(36 if s == a else 12 for s in range(2))


def test_a_pair_of_twos_in_a_column_scores_zero_not_minus_four():
    state, a, b = play_out(True, "2S 3H 4C 2D 5S 6H", B_CARDS)
    assert state.sheet.rows[0][2]["raw"][a] == 3 + 5 + 4 + 6
