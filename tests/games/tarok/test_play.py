"""Card play: following, trumping, beating in negative games, the Pagat, the Emperor's trick, Klop's talon,
Beggar and Open beggar, Colour valat."""

import pytest

from parlour.core.errors import IllegalAction
from parlour.games.tarok.actions import PLAYS
from parlour.games.tarok.cards import mask_of_codes as m, codes
from parlour.games.tarok.play import COLOUR, NEGATIVE, POSITIVE, legal, winner_card

from .helpers import act, declare, legal as legal_texts, new, seat


def test_follow_suit_else_tarok_else_anything():
    assert codes(legal(m("KH 4H T2 7C"), m("QH"), 1, POSITIVE, 0)) == ["4H", "KH"]
    assert codes(legal(m("T2 T9 7C"), m("QH"), 1, POSITIVE, 0)) == ["T2", "T9"]
    assert codes(legal(m("7C 8S"), m("QH"), 1, POSITIVE, 0)) == ["8S", "7C"]
    assert codes(legal(m("T2 7C"), m("T5"), 0, POSITIVE, 0)) == ["T2"]  # taroks led: no need to beat


def test_positive_games_do_not_force_beating():
    assert codes(legal(m("4H KH"), m("QH"), 1, POSITIVE, 0)) == ["4H", "KH"]


def test_negative_games_force_beating_the_best_card_of_the_suit():
    assert codes(legal(m("4H KH"), m("QH"), 1, NEGATIVE, 0)) == ["KH"]
    assert codes(legal(m("4H 3H"), m("QH"), 1, NEGATIVE, 0)) == ["4H", "3H"]
    # the trick is already trumped: any heart will do
    assert codes(legal(m("4H KH"), m("QH T3"), 1, NEGATIVE, 0)) == ["4H", "KH"]
    # void in hearts: overtrump if possible
    assert codes(legal(m("T2 T9 7C"), m("QH T5"), 1, NEGATIVE, 0)) == ["T9"]


def test_the_pagat_is_the_last_resort_in_negative_games():
    assert codes(legal(m("T1 T9"), m("T12"), 0, NEGATIVE, 0)) == ["T9"]
    assert codes(legal(m("T1 7C"), 0, -1, NEGATIVE, 0)) == ["7C"]
    assert codes(legal(m("T1 7C"), m("QH"), 1, NEGATIVE, 0)) == ["T1"]  # void in hearts, its only tarok


def test_the_emperors_trick_the_pagat_beats_skis_and_mond():
    assert winner_card(m("SKIS T21 T1 KH"), 0, POSITIVE) == m("T1").bit_length() - 1
    assert winner_card(m("SKIS T21 T2 KH"), 0, POSITIVE) == m("SKIS").bit_length() - 1
    assert codes(legal(m("T1 T5"), m("SKIS T21"), 0, NEGATIVE, 0)) == ["T1"]


def test_colour_valat_taroks_are_a_plain_suit():
    assert codes(legal(m("T2 7C"), m("QH"), 1, COLOUR, 0)) == ["T2", "7C"]  # no need to trump
    assert winner_card(m("QH T21 KH"), 1, COLOUR) == m("KH").bit_length() - 1
    assert codes(legal(m("T2 7C"), 0, -1, COLOUR, 0)) == ["7C"]           # no tarok lead while suit cards remain


def test_restricted_cards_wait_unless_nothing_else_is_legal():
    assert codes(legal(m("T1 T5"), m("T9"), 0, POSITIVE, m("T1"))) == ["T5"]
    assert codes(legal(m("T1 7C"), m("T9"), 0, POSITIVE, m("T1"))) == ["T1"]


def test_klop_adds_a_talon_card_to_each_of_the_first_six_tricks():
    state = new(talon="7C 8C 9C 10C JC QC")
    for p in (1, 2, 3):
        act(state, p, "pass")
    act(state, 0, "bid klop")
    for trick in range(7):
        for _ in range(4):
            s = state.to_act[0]
            state.apply(s, state.legal(s)[0])
    extras = [e.get("talon") for e in state.events if e["type"] == "trick"]
    assert extras == ["7C", "8C", "9C", "10C", "JC", "QC", None]


def test_beggar_declarer_leads_and_loses_on_taking_a_trick():
    state = new("T21", "T2 4H", "SKIS")
    declare(state, "beggar")
    assert state.to_act == (seat(state, 1),)
    act(state, 1, "play 4H")
    declarer = seat(state, 1)
    while state.deals == 0:
        s = state.to_act[0]
        state.apply(s, state.legal(s)[0])
    row = state.sheet.rows[0]
    assert sum(1 for v in row[1] if v) == 1  # only the declarer scores
    assert row[1][declarer] in (70, -70)
    assert (row[1][declarer] > 0) == (row[2]["won"])


def test_open_beggar_shows_the_hand_to_everyone_from_the_first_trick():
    state = new("", "T2 4H")
    act(state, 1, "bid open beggar")
    for p in (2, 3, 0):
        act(state, p, "pass")
    act(state, 1, "contract open beggar")
    assert state.view(seat(state, 0))["open_hand"] is None
    for p in (0, 1, 2, 3):
        act(state, p, "pass")
    shown = state.view(seat(state, 0))["open_hand"]
    assert shown == state.view(seat(state, 1))["hand"] and "4H" in shown


def test_beggar_emperors_trick_forces_mond_and_pagat():
    state = new("T21", "SKIS 4H", "T1")
    declare(state, "beggar")
    assert "lead emperor" in legal_texts(state, 1)
    act(state, 1, "lead emperor")
    assert legal_texts(state, 2) == ["play T1"]
    act(state, 2, "play T1")
    act(state, 3, legal_texts(state, 3)[0])
    assert legal_texts(state, 0) == ["play T21"]
    act(state, 0, "play T21")
    trick = [e for e in state.events if e["type"] == "trick"][0]
    assert trick["winner"] == seat(state, 2)  # the Pagat takes the Emperor's trick


def test_colour_valat_declarer_leads_every_trick():
    state = new("", "T2 KH KD KS KC QH QD QS QC NH ND NS")  # one tarok, or it would be redealt
    declare(state, "colour valat without")
    assert "play T2" not in legal_texts(state, 1)  # no tarok lead while suit cards remain
    for trick in range(3):
        assert state.to_act == (seat(state, 1),)
        act(state, 1, legal_texts(state, 1)[-1])  # a king: it wins, yet the declarer leads again anyway
        for p in (2, 3, 0):
            act(state, p, legal_texts(state, p)[0])
    assert state.tricks[seat(state, 1)] == 3


def test_a_card_play_is_checked_on_the_legal_cards_and_refused_with_the_reason():
    state = new("KH 4H T2", "3H T3 7C", talon="7S 8S 9S 10S JS NS")
    for p in (1, 2, 3):
        act(state, p, "pass")
    act(state, 0, "bid klop")
    lead = state.apply(seat(state, 0), "play 4H")
    assert lead is PLAYS[m("4H").bit_length() - 1]  # the game's own action object, not a parsed copy
    before = (list(state.hands), list(state.trick), len(state.events))
    allowed = ", ".join(legal_texts(state, 1))
    with pytest.raises(IllegalAction, match=f"you do not hold KH; you may: {allowed}$"):
        state.apply(seat(state, 1), "play KH")
    with pytest.raises(IllegalAction, match=f"play T3 is not legal in the play phase now; you may: {allowed}$"):
        state.apply(seat(state, 1), "play T3")  # holding a heart, so no tarok
    with pytest.raises(IllegalAction, match="not legal in the play phase"):
        state.apply(seat(state, 1), "lead emperor")
    with pytest.raises(IllegalAction, match="may not act now"):
        state.apply(seat(state, 2), "play 7C")
    assert before == (list(state.hands), list(state.trick), len(state.events))
    assert state.check(seat(state, 1), PLAYS[m("3H").bit_length() - 1]) is PLAYS[m("3H").bit_length() - 1]
