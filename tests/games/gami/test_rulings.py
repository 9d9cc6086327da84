"""The rulings of gami.md (Q1-Q9), each from a stacked deal, and the match around the deals."""

from __future__ import annotations

import pytest

import parlour
from parlour.core.errors import BadOption, IllegalAction
from parlour.core.rng import Rng

from .helpers import DECK, GAMIS, exchangeable, hands, new, plain, play, result, stack, takes

FIRST = "AH 2H 4H 6C 7C 2D 3D 5D 6D"
TABLE = "3H 8C AC 4D 7H 8D"
#: Four plies that come back to where they started: 7C-8C, 2C-AC, then each back again.
ROUND_TRIP = ("exchange 7C 8C", "exchange 2C AC", "exchange 8C 7C", "exchange AC 2C")


# --- Q1: repetition and the move cap end the deal; more cards wins -------------------------------------------

def test_q1_the_third_occurrence_of_a_position_ends_the_deal_equal_cards_draw():
    state = new(FIRST, TABLE)
    play(state, *ROUND_TRIP)
    assert not state.over and state.view(None)["repeats"] == 2
    play(state, *ROUND_TRIP[:3])
    assert not state.over
    play(state, ROUND_TRIP[3])
    assert state.over and result(state)["reason"] == "repetition" and result(state)["winner"] is None
    assert state.scores == (1, 1) and state.winners == (0, 1)


def test_q1_on_repetition_the_player_with_more_cards_wins():
    state = new(FIRST, TABLE)
    first = state.to_act[0]
    play(state, "exchange 4H 3H take 7D")  # 10 against 8
    loop = ("exchange 2C AC", "exchange 7C 8C", "exchange AC 2C", "exchange 8C 7C")
    play(state, *loop, *loop)
    assert state.over and result(state)["reason"] == "repetition"
    assert result(state)["winner"] == first and result(state)["cards"][first] == 10
    assert state.winners == (first,)


def test_q1_the_move_cap_stops_the_deal_and_counts_cards():
    state = new(FIRST, TABLE, max_plies=5)
    first = state.to_act[0]
    play(state, "exchange 4H 3H take 7D", "exchange 2C AC", "exchange 7C 8C", "exchange AC 2C")
    assert not state.over
    play(state, "exchange 8C 7C")
    assert state.over and result(state)["reason"] == "move cap" and state.winners == (first,)


def test_q1_the_move_cap_with_equal_cards_is_a_draw_and_defaults_to_200():
    assert parlour.load("gami").options["max_plies"] == 200
    state = new(FIRST, TABLE, max_plies=4)
    play(state, *ROUND_TRIP)
    assert state.over and result(state)["reason"] == "move cap" and result(state)["winner"] is None


def test_q1_the_seeds_losses_come_before_the_move_cap():
    state = new("2C 4C 5C 8C 2D 4D 8D 7H 8H", "AC 3C 6C 7C AD 3D", max_plies=1)
    first = state.to_act[0]
    play(state, "exchange 5C 6C")  # the last ply the cap allows leaves the opponent no exchange: he has lost
    assert result(state)["reason"] == "stuck" and state.winners == (first,)


# --- Q2: the first player is drawn, then alternates --------------------------------------------------------------

def test_q2_the_first_player_is_drawn_from_the_seed():
    firsts = {parlour.load("gami").new(seed=s).view(None)["first"] for s in range(20)}
    assert firsts == {0, 1}
    assert parlour.load("gami").new(seed=7).to_act == parlour.load("gami").new(seed=7).to_act


def test_q2_the_players_take_turns_at_playing_first_in_a_match():
    state = parlour.load("gami", games=4).new(seed=3)
    rng = Rng(1)
    while not state.over:
        state.apply(state.to_act[0], rng.choice(state.legal(state.to_act[0])))
    firsts = [e["first"] for e in state.events if e["type"] == "deal"]
    assert len(firsts) == 4 and all(firsts[i] != firsts[i + 1] for i in range(3))


# --- Q3: every card is open ----------------------------------------------------------------------------------

def test_q3_every_seat_and_every_onlooker_sees_both_hands():
    state = parlour.load("gami").new(seed=5)
    spectator = state.view(None)
    for seat in (0, 1):
        view = state.view(seat)
        assert view["hands"] == spectator["hands"] and view["table"] == spectator["table"]
        assert view["hand"] == view["hands"][seat]
    assert spectator["hand"] is None and spectator["legal"] == []


# --- Q4: the capture is optional ---------------------------------------------------------------------------

def test_q4_a_player_may_form_a_gami_and_take_nothing():
    state = new(FIRST, TABLE)
    play(state, "exchange 4H 3H")
    me, them = hands(state)
    assert (len(me), len(them)) == (9, 9)
    assert state.events[-1]["gami"] == [["AH", "2H", "3H"]] and "captured" not in state.events[-1]


# --- Q5: at most one capture a turn --------------------------------------------------------------------------

def test_q5_one_pick_up_can_never_complete_two_gamis():
    # Every card is in two GAMIs, and each card it exchanges with belongs to one of them: giving it breaks that one.
    for take in DECK:
        for give in DECK:
            if exchangeable(give, take):
                assert sum(1 for g in GAMIS if take in g and give not in g) <= 1, (give, take)


def test_q5_an_action_names_at_most_one_capture():
    state = new(FIRST, TABLE)
    with pytest.raises(IllegalAction):
        state.apply(state.to_act[0], "exchange 4H 3H take 5C take 6H")
    assert all(str(a).count("take") <= 1 for a in state.legal(state.to_act[0]))


# --- Q6: a GAMI may use captured cards; the card given away is gone -----------------------------------------------

def test_q6_a_captured_card_completes_a_later_gami_and_the_given_card_does_not_count():
    state = new(FIRST, TABLE)
    play(state, "exchange 4H 3H take 7D", "exchange 2C AC")
    # 3D-4D would give 3-4-5 of diamonds with the 3D, but the 3D is given away; so 5D-4D and 3D-4D make nothing.
    assert "exchange 3D 4D" not in takes(state) and "exchange 5D 4D" not in takes(state)
    play(state, "exchange 5D 4D", "exchange AC 2C")
    assert "exchange 4D 5D" in takes(state)
    play(state, "exchange 4D 5D take 5H")
    assert state.events[-1]["gami"] == [["5D", "6D", "7D"]]  # the 7D was captured; 4D, just given, is not in it


# --- Q7: when the losses are checked ---------------------------------------------------------------------------

def test_q7_the_two_card_loss_is_checked_right_after_the_capture():
    from .test_rules import SEVEN_CAPTURES

    first, table, second, moves = SEVEN_CAPTURES
    state = new(first, table, second)
    play(state, *moves, "exchange 8C 7C take 4D")
    assert [e["type"] for e in state.events[-3:]] == ["exchange", "result", "end"]
    assert result(state)["reason"] == "two cards"


def test_q7_no_exchange_is_checked_for_the_player_whose_turn_begins():
    # In random play the player to move always has an exchange, and a "stuck" result names the player whose
    # turn was beginning (never the one who just moved: he can always exchange back).
    stuck = 0
    for seed in range(15):
        state = parlour.load("gami").new(seed=seed)
        rng = Rng(seed)
        while not state.over:
            seat = state.to_act[0]
            view = state.view(None)
            assert any(exchangeable(h, t) for h in view["hands"][seat] for t in view["table"])
            state.apply(seat, rng.choice(state.legal(seat)))
        end = result(state)
        if end["reason"] == "stuck":
            stuck += 1
            loser = 1 - end["winner"]
            assert state.events[-3]["seat"] == 1 - loser, "the loser did not just move"
            view = state.view(None)
            assert not any(exchangeable(h, t) for h in view["hands"][loser] for t in view["table"])
    assert stuck, "some of these deals end with a player stuck"


def test_q7_no_exchange_at_the_start_of_the_turn_loses_even_at_the_deal():
    state = new("5D 6D 7D AH 2H 3H 4H 5H 6H", "AC 3C 5C 7C AD 3D")
    assert state.over and result(state)["reason"] == "stuck" and state.view(None)["plies"] == 0


# --- Q8: adjacency in suit, colour swaps for even ranks only ---------------------------------------------------

@pytest.mark.parametrize("give, take", [("3H", "2C"), ("3H", "3C"), ("5D", "5C"), ("AC", "AH"), ("7C", "7D"),
                                        ("4D", "4H"), ("2H", "2D"), ("8H", "8D"), ("2C", "3D")])
def test_q8_these_are_no_exchange(give, take):
    rest = [c for c in DECK if c not in (give, take)]
    state = new(" ".join([give] + rest[:8]), " ".join([take] + rest[8:13]))
    seat = state.to_act[0] if state.to_act else None
    assert f"exchange {give} {take}" not in (plain(state) if seat is not None else set())
    if seat is not None:
        with pytest.raises(IllegalAction, match="cannot be exchanged"):
            state.apply(seat, f"exchange {give} {take}")


# --- Q9: six table cards; hands change only by captures -------------------------------------------------------

def test_q9_the_table_keeps_six_cards_and_hands_change_only_by_captures():
    for seed in range(6):
        state = parlour.load("gami").new(seed=seed)
        rng = Rng(seed)
        while not state.over:
            before = [len(h) for h in state.view(None)["hands"]]
            seat = state.to_act[0]
            action = state.apply(seat, rng.choice(state.legal(seat)))
            view = state.view(None)
            after = [len(h) for h in view["hands"]]
            assert len(view["table"]) == 6
            if action.capture is None:
                assert after == before
            else:
                assert after[seat] == before[seat] + 1 and after[1 - seat] == before[1 - seat] - 1


# --- the match ---------------------------------------------------------------------------------------------

def test_a_deal_won_is_two_points_and_the_match_is_one_deal_by_default():
    state = new("2C 4C 5C 8C 2D 4D 8D 7H 8H", "AC 3C 6C 7C AD 3D")
    first = state.to_act[0]
    play(state, "exchange 5C 6C")
    assert state.over and state.scores[first] == 2 and state.scores[1 - first] == 0
    assert state.sheet.to_dict()["rows"] == [{"label": "deal 1", "points": [2, 0] if first == 0 else [0, 2],
                                              "detail": {"winner": first, "reason": "stuck", "cards": [9, 9]}}]
    assert state.events[-1] == {"type": "end", "winners": [first], "scores": list(state.scores)}


def test_a_longer_match_adds_up_its_deals_and_a_tie_shares_the_win():
    stuck = stack("2C 4C 5C 8C 2D 4D 8D 7H 8H", "AC 3C 6C 7C AD 3D")
    state = parlour.load("gami", games=2).new(seed=0, deck=[stuck, stuck])
    first = state.to_act[0]
    play(state, "exchange 5C 6C")
    assert not state.over and state.view(None)["deal"] == 2 and state.to_act == (1 - first,)
    play(state, "exchange 5C 6C")  # the same deal, the other player first: he wins it the same way
    assert state.over and state.scores == (2, 2) and state.winners == (0, 1)
    state.audit()


def test_options_are_checked():
    for bad in ({"games": 0}, {"games": "3"}, {"max_plies": 0}, {"colour": True}):
        with pytest.raises(BadOption):
            parlour.load("gami", **bad)
    with pytest.raises(BadOption):
        parlour.load("gami", players=3)
    with pytest.raises(BadOption):
        parlour.load("gami").new(seed=1, deck=DECK[:23])
