"""Kaboo: the seed summary and rulings (rules file §9) not already pinned by ``test_rules.py``."""

from __future__ import annotations

import pytest

import parlour
from parlour.core.errors import BadOption
from parlour.games.kaboo import Kaboo

from memory.helpers import layout, ready_all, seats, stack

A_CARDS, B_CARDS = "5S 6S 7S 8S", "5H 9H 10H JH"


def start(*layouts: str, players: int = 2, stock: str = "", peek: bool = False, **options):
    game = Kaboo(players=players, **options)
    state = game.new(seed=5, deck=stack(game, *layouts, stock=stock))
    if not peek:
        ready_all(state)
    return state, seats(state)


def legal(state, seat) -> list[str]:
    return [str(m) for m in state.legal(seat)]


def turn(state, seat: int, *actions: str) -> None:
    for text in actions:
        state.apply(seat, text)


# --- the deal ------------------------------------------------------------------------------------------------------

def test_q14_one_deck_for_two_to_eight_players():
    state = Kaboo(players=8).new(seed=1)
    assert len(state.round_cards()) == 52 and len(state.stock) == 52 - 32
    with pytest.raises(BadOption, match="2, 3, 4, 5, 6, 7, 8"):
        Kaboo(players=9)


def test_each_player_looks_once_at_his_two_near_cards_in_the_peek_window():
    state, (a, b) = start(A_CARDS, B_CARDS, peek=True)
    assert state.phase == "peek" and state.deadline == 5.0
    assert layout(state, a, a) == ["##", "##", "7S", "8S"] and layout(state, b, b) == ["##", "##", "10H", "JH"]
    assert layout(state, a, b) == ["##"] * 4 and layout(state, None, a) == ["##"] * 4
    state.timeout()
    assert layout(state, a, a) == ["##"] * 4 and state.phase == "turn" and state.to_act == (a,)


# --- a turn --------------------------------------------------------------------------------------------------------

def test_q3_the_drawer_sees_the_drawn_card_before_choosing():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="QD")
    state.apply(a, "draw")
    assert state.view(a)["drawn"] == "QD" and state.view(b)["drawn"] == "##"
    assert legal(state, a) == ["swap 0", "swap 1", "swap 2", "swap 3", "discard"]


def test_option_2_the_drawn_card_goes_face_down_and_the_replaced_card_face_up_to_the_pile():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="2D")
    state.apply(a, "draw")
    state.apply(a, "swap 1")
    assert state.up[a][1] == 0 and layout(state, b, a)[1] == "##" and state.view(b)["discard"] == ["6S"]
    assert state.view(b)["snap"]["rank"] == "6", "q4: a replaced layout card opens a snap window too"
    state.apply(b, f"snap {a}.1")
    assert [e["result"] for e in state.events if e["type"] == "snap"] == ["wrong"], "the 2D lies there now"


@pytest.mark.parametrize("card", ["7D", "8D", "9D", "10D", "JD", "QD"])
def test_powers_only_when_the_drawn_card_is_discarded_not_when_swapped_out_of_a_layout(card):
    state, (a, b) = start(f"{card} 2S 3S 4S", B_CARDS, stock="AD")
    state.apply(a, "draw")
    state.apply(a, "swap 0")                     # the power card leaves the layout
    assert state.phase == "turn" and state.turn == b and state.view(a)["power"] is None


@pytest.mark.parametrize("card, power", [("7D", "peek"), ("8D", "peek"), ("9D", "spy"), ("10D", "spy"),
                                         ("JD", "jack"), ("QD", "look")])
def test_each_power_card_offers_its_power(card, power):
    state, (a, b) = start(A_CARDS, B_CARDS, stock=card)
    state.apply(a, "draw")
    state.apply(a, "discard")
    mine = {m.split()[0] for m in legal(state, a)} - {"snap", "pass"}
    assert state.view(a)["power"] == power and mine == {power, "skip"}


@pytest.mark.parametrize("card", ["2D", "3D", "4D", "5D", "6D", "KD", "AD"])
def test_other_cards_have_no_power(card):
    state, (a, b) = start(A_CARDS, B_CARDS, stock=card)
    state.apply(a, "draw")
    state.apply(a, "discard")
    assert state.turn == b and state.view(a)["power"] is None


def test_ten_looks_at_another_players_card_only_while_the_window_is_open():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="10D 2C")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(a, f"spy {b}.3")
    assert layout(state, a, b)[3] == "JH" and layout(state, b, b)[3] == "##"
    state.apply(b, "draw")
    assert layout(state, a, b)[3] == "##"


def test_queen_keep_leaves_both_cards_where_they_lie():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="QD")
    state.apply(a, "draw")
    state.apply(a, "discard")
    before = [list(lay) for lay in state.layouts]
    state.apply(a, f"look 0 {b}.1")
    state.apply(a, "keep")
    assert state.layouts == before and state.turn == b


# --- knocking ------------------------------------------------------------------------------------------------------

def test_knock_every_other_player_gets_exactly_one_turn_and_nobody_else_knocks():
    state, (a, b, c) = start(A_CARDS, B_CARDS, "2C 3C 4C 5C", players=3, stock="2D 3D")
    state.apply(a, "knock")
    assert state.closer == a and "knock" not in legal(state, b) and legal(state, a) == []
    turn(state, b, "draw", "discard")
    assert "knock" not in legal(state, c)
    turn(state, c, "draw", "discard", "pass")
    for s in (a, b):
        state.apply(s, "pass")
    assert state.round_no == 2 and state.sheet.rows[0][2]["closer"] == a


def test_the_knocker_without_the_lowest_score_pays_ten():
    state, (a, b) = start("KS QS AS 2S", "KH KD 3H 3D", stock="4C")   # a: 23, b: 4
    state.apply(a, "knock")
    turn(state, b, "draw", "discard")
    state.timeout()
    assert state.sheet.rows[0][2]["raw"] == [23 if s == a else 4 for s in range(2)]
    assert state.sheet.rows[0][1] == tuple(33 if s == a else 4 for s in range(2))


@pytest.mark.parametrize("tie, extra", [(False, 0), (True, 10)])
def test_q10_a_knocker_tied_for_lowest_has_the_lowest_unless_tie_penalty(tie, extra):
    state, (a, b) = start("KH 5S AS 2S", "KD 5H 2H AD", stock="4C", tie_penalty=tie)   # both 7
    state.apply(a, "knock")
    turn(state, b, "draw", "discard")
    state.timeout()
    assert state.sheet.rows[0][1] == tuple(7 + extra if s == a else 7 for s in range(2))


def test_scoring_jack_and_queen_ten():
    state, (a, b) = start("JS QS JD QD", "AH AD AC 2H", stock="4C")
    state.apply(a, "knock")
    turn(state, b, "draw", "discard")
    state.timeout()
    assert state.sheet.rows[0][2]["raw"][a] == 40


def test_q8_queen_may_look_at_the_knockers_card_but_not_trade_it():
    state, (a, b, c) = start(A_CARDS, B_CARDS, "2C 3C 4C 5C", players=3, stock="QD")
    state.apply(a, "knock")
    turn(state, b, "draw", "discard")
    state.apply(b, f"look 0 {a}.2")
    assert layout(state, b, a)[2] == "7S" and legal(state, b)[0] == "keep" and "trade" not in legal(state, b)


def test_q8_the_knocker_cannot_snap_his_own_frozen_cards_but_may_snap_others():
    state, (a, b) = start(A_CARDS, "5H 2H 3H 4H", stock="5D")
    state.apply(a, "knock")
    turn(state, b, "draw", "discard")
    assert not any(m.startswith(f"snap {a}.") for m in legal(state, a)) and f"snap {b}.0" in legal(state, a)
    state.apply(a, f"snap {b}.0")
    assert state.layouts[b][0] == -1 and legal(state, a) == [], "the frozen knocker never moves a card into the gap"


# --- snapping ------------------------------------------------------------------------------------------------------

def test_the_snap_window_length_is_the_snap_seconds_option():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="2D", snap_seconds=7)
    state.apply(a, "draw")
    state.apply(a, "discard")
    assert state.deadline == 7.0
    options = {o["name"]: o["default"] for o in parlour.load("kaboo").describe()["options"]}
    assert options["snap_seconds"] == 3


def test_q5_same_value_means_same_rank_a_red_king_matches_a_black_king():
    state, (a, b) = start(A_CARDS, "KH 2H 3H 4H", stock="KS")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(b, f"snap {b}.0")
    assert [e["result"] for e in state.events if e["type"] == "snap"] == ["valid"]
    assert state.view(a)["discard"] == ["KS", "KH"]


def test_q1_a_joker_snaps_a_joker():
    state, (a, b) = start(A_CARDS, "JK 2H 3H 4H", stock="JK", jokers=True)
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(b, f"snap {b}.0")
    assert state.view(a)["discard"] == ["JK", "JK"] and state.layouts[b][0] == -1


def test_q4_a_snapped_card_opens_no_new_window_no_chain_snapping():
    state, (a, b, c) = start(A_CARDS, "5H 2H 3H 4H", "5C 2C 3C 4C", players=3, stock="5D")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(b, f"snap {b}.0")                # valid: 5H on 5D
    state.apply(c, f"snap {c}.0")                # 5C on the snapped 5H: too late, not a new window
    assert [e["result"] for e in state.events if e["type"] == "snap"] == ["valid", "late"]
    assert state.layouts[c][0] >= 0 and state.view(a)["discard"] == ["5D", "5H"]


def test_q6_a_wrong_snap_of_ones_own_card_costs_a_penalty_and_the_card_lies_face_down_again():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="2D 3D")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(a, f"snap {a}.0")                # 5S is not a 2
    assert len(state.layouts[a]) == 5 and state.up[a][0] == 0 and state.up[a][4] == 0
    assert layout(state, a, a)[4] == "##" and layout(state, b, a)[0] == "5S"
    state.timeout()
    assert layout(state, b, a)[0] == "##" and layout(state, a, a)[0] == "##"


def test_q7_the_snapper_may_stay_and_the_opponent_keeps_the_gap():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="5D")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(a, f"snap {b}.0")
    state.apply(a, "stay")
    assert state.layouts[b][0] == -1 and sum(c >= 0 for c in state.layouts[a]) == 4 and "draw" in legal(state, b)


def test_q7_the_given_card_is_moved_unseen_the_opponent_keeps_his_count():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="5D")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(a, f"snap {b}.0")
    state.apply(a, "give 1")                     # 6S, which nobody has looked at
    assert layout(state, b, b)[0] == "##" and layout(state, a, b)[0] == "##" and state.up[b][0] == 0
    assert sum(c >= 0 for c in state.layouts[a]) == 3 and sum(c >= 0 for c in state.layouts[b]) == 4


def test_q9_an_emptied_layout_ends_the_round_at_once_and_the_knock_penalty_still_counts():
    state, (a, b) = start("KS KC QS QC", "5H 6H 7H 8H", stock="5D 6D 7D 2D 8D")
    turn(state, a, "draw", "discard"); state.apply(b, f"snap {b}.0")
    turn(state, b, "draw", "discard"); state.apply(b, f"snap {b}.1")
    turn(state, a, "draw", "discard"); state.apply(b, f"snap {b}.2"); state.apply(a, "skip")
    turn(state, b, "draw", "discard")
    state.apply(a, "knock")
    turn(state, b, "draw", "discard")           # an 8: his power is pending when he snaps his last card
    state.apply(b, f"snap {b}.3")
    row = state.sheet.rows[0]
    assert state.round_no == 2 and row[2]["raw"] == [40 if s == a else 0 for s in range(2)]
    assert row[2]["closer"] == a and row[1][a] == 50


def test_q9_giving_away_ones_last_card_empties_the_layout_and_ends_the_round():
    state, (a, b) = start(A_CARDS, "2H 3H 4H 9H", stock="5D 6D 7D 4D 9D")
    turn(state, a, "draw", "discard"); state.apply(a, f"snap {a}.0"); state.apply(b, "pass")
    turn(state, b, "draw", "discard"); state.apply(a, f"snap {a}.1"); state.apply(b, "pass")
    turn(state, a, "draw", "discard"); state.apply(a, f"snap {a}.2"); state.apply(b, "pass"); state.apply(a, "skip")
    turn(state, b, "draw", "discard"); state.apply(a, f"snap {b}.2")     # 4H: a's 8S may fill the gap
    state.apply(a, "give 3")
    assert state.round_no == 2 and any(e["type"] == "empty" and e["seat"] == a for e in state.events)


def test_q4_variant_chain_snaps_a_snapped_card_opens_a_new_window():
    state, (a, b, c) = start(A_CARDS, "5H 2H 3H 4H", "5C 2C 3C 4C", players=3, stock="5D", chain_snaps=True)
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(b, f"snap {b}.0")
    assert state.view(a)["snap"]["snappers"] == [0, 1, 2], "every seat may snap again, the snapper included"
    state.apply(c, f"snap {c}.0")
    state.apply(a, f"snap {a}.0")
    assert [e["result"] for e in state.events if e["type"] == "snap"] == ["valid", "valid", "valid"]
    assert state.view(b)["discard"] == ["5D", "5H", "5C", "5S"]


def test_q4_variant_chain_snaps_keeps_a_pending_give():
    state, (a, b, c) = start(A_CARDS, "5H 2H 3H 4H", "5C 2C 3C 4C", players=3, stock="5D", chain_snaps=True)
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(a, f"snap {b}.0")                # an opponent's 5: a may fill the gap
    state.apply(c, f"snap {c}.0")                # chained on it
    assert legal(state, a)[-1] == "stay" and state.layouts[c][0] == -1
    state.apply(a, "give 1")
    assert state.layouts[b][0] >= 0 and state.layouts[a][1] == -1
