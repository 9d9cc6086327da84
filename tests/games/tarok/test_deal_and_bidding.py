"""The deck, the deal, the redeal without taroks, and the auction."""

import pytest

from parlour.core.errors import BadOption, IllegalAction
from parlour.games.tarok.cards import FULL, TAROKS, rounded, third_points

from .helpers import act, legal, new, seat, stack


def test_deck_has_54_cards_worth_70():
    state = new()
    cards = [c for zone in state.zones().values() for c in zone]
    assert len(cards) == 54 and len(set(cards)) == 54
    assert rounded(third_points(FULL)) == 70
    assert bin(TAROKS).count("1") == 22


def test_hands_and_talon_land_where_the_stacked_deck_says():
    state = new("T21 KH QH", "SKIS 7C", talon="T1 T2 T3 KS KC KD")
    assert state.talon == [0, 1, 2] + [45, 53, 37]
    view = state.view(seat(state, 0))
    assert {"T21", "KH", "QH"} <= set(view["hand"]) and len(view["hand"]) == 12
    assert "SKIS" in state.view(seat(state, 1))["hand"]
    assert [len(h) for h in (state.view(s)["hand"] for s in range(4))] == [12] * 4


def test_three_players_get_16_cards_each():
    state = new(players=3)
    assert [h.bit_count() for h in state.hands] == [16, 16, 16]


def test_a_bad_stacked_deck_is_refused():
    with pytest.raises(BadOption, match="54"):
        new_deck = stack()[:-1]
        from parlour.games.tarok.game import Tarok
        Tarok().new(seed=1, deck=new_deck)


def test_a_hand_without_taroks_is_shown_and_redealt_then_klop_unless_solo_without():
    no_taroks = "KH QH NH JH 1H 2H 3H 4H KD QD ND JD"
    state = new(no_taroks)
    assert any(e["type"] == "no tarok" for e in state.events)
    assert state.mode == "redeal"
    first = state.to_act[0]
    assert [str(a) for a in state.legal(first)] == ["pass", "bid solo without", "bid open beggar",
                                                     "bid colour valat without", "bid valat without"]
    for _ in range(4):
        state.apply(state.to_act[0], "pass")
    assert state.view(None)["contract"] == "klop"


def test_bidding_starts_after_forehand_and_others_bid_two_or_more():
    state = new()
    assert state.to_act == (seat(state, 1),)
    options = legal(state, 1)
    assert options[:2] == ["pass", "bid two"] and "bid three" not in options and "bid klop" not in options


def test_forehand_may_hold_an_equal_bid_but_later_players_may_not():
    state = new()
    act(state, 1, "bid two")
    assert "bid two" not in legal(state, 2)  # position 2 comes after position 1
    act(state, 2, "pass", )
    act(state, 3, "pass")
    assert "bid two" in legal(state, 0)      # forehand has priority
    act(state, 0, "bid two")
    assert "bid two" not in legal(state, 1) and "bid one" in legal(state, 1)
    act(state, 1, "pass")
    assert state.view(None)["phase"] == "contract"  # forehand won and may raise
    assert legal(state, 0)[0] == "contract two"


def test_forehand_chooses_klop_or_any_contract_when_all_others_pass():
    state = new()
    for p in (1, 2, 3):
        act(state, p, "pass")
    options = legal(state, 0)
    assert "pass" not in options and options[:2] == ["bid klop", "bid three"]
    act(state, 0, "bid klop")
    assert state.view(None)["contract"] == "klop" and state.view(None)["phase"] == "play"


def test_a_player_who_passed_is_out():
    state = new()
    act(state, 1, "pass")
    act(state, 2, "bid two")
    act(state, 3, "pass")
    act(state, 0, "bid one")
    assert state.to_act == (seat(state, 2),)  # position 1 passed and is skipped


def test_raise_after_winning_and_illegal_bids_change_nothing():
    state = new()
    act(state, 1, "bid solo one")
    before = state.view(None)
    with pytest.raises(IllegalAction):
        state.apply(seat(state, 2), "bid solo one")
    assert state.view(None) == before
    act(state, 2, "pass")
    act(state, 3, "pass")
    act(state, 0, "pass")
    assert legal(state, 1)[0] == "contract solo one" and "contract beggar" in legal(state, 1)
    act(state, 1, "contract solo without")
    assert state.view(None)["contract"] == "solo without"


def test_three_players_forehand_opens_and_all_pass_is_klop():
    state = new(players=3)
    assert state.to_act == (seat(state, 0),)
    assert legal(state, 0)[:2] == ["pass", "bid three"]
    assert "bid solo three" not in legal(state, 0)
    for p in (0, 1, 2):
        act(state, p, "pass")
    assert state.view(None)["contract"] == "klop"
