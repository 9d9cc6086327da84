"""Dealing, turn order and the dealer (Q1, Q7), optional capture (Q2), and play after a tabla (Q10d)."""

from __future__ import annotations

import random

import pytest

from parlour import IllegalAction

from .helpers import DECK, first_legal, load, play_pack, play_turn, seat_at, snapshot, stack, whole_turn


def shuffled(seed: int) -> list[str]:
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return deck


@pytest.mark.parametrize("players", [2, 4])
def test_first_deal_table_then_six_each_from_the_dealers_right(players):  # Q1, Q7
    deck = shuffled(players)
    state = load(players).new(seed=11, deck=deck)
    dealer = state.view(None)["dealer"]
    first = (dealer + 1) % players
    assert state.to_act == (first,)
    assert sorted(state.view(None)["table"]) == sorted(deck[:4])
    for position in range(players):
        seat = (first + position) % players
        assert sorted(state.view(seat)["hand"]) == sorted(deck[4 + 6 * position:10 + 6 * position])
    assert state.view(None)["stock"] == 48 - 6 * players


@pytest.mark.parametrize("players", [2, 4])
def test_first_dealer_is_drawn_from_the_seed(players):  # Q1: the first dealer is random
    dealers = {load(players).new(seed=s).view(None)["dealer"] for s in range(40)}
    assert dealers == set(range(players))


@pytest.mark.parametrize("players,deals", [(2, 4), (4, 2)])
def test_later_deals_give_six_each_and_no_table_cards(players, deals):  # Q7
    deck = shuffled(10 + players)
    state = load(players).new(seed=5, deck=deck)
    dealer = state.view(None)["dealer"]
    first = (dealer + 1) % players
    seen_deals = [1]
    while len(state.sheet.rows) == 0:
        seat = state.to_act[0]
        table = set(state.view(None)["table"])
        seen = len(state.events)
        state.apply(seat, first_legal(state, seat))
        view = state.view(None)
        if view["pack"] != 1:
            break
        # the table changes by the play alone, also when the play starts a new deal: no new table cards
        play = next((e for e in state.events[seen:] if e["type"] in ("trail", "capture")), None)
        if play is None:  # a step inside a capture: the cards leave the table when it is done
            assert set(view["table"]) == table
        else:
            assert set(view["table"]) == (table - set(play["cards"]) if play["type"] == "capture"
                                          else table | {play["card"]})
        if view["deal"] != seen_deals[-1]:
            seen_deals.append(view["deal"])
            d = view["deal"] - 1
            start = 4 + 6 * players * d
            assert state.to_act == (first,), "the dealer's right leads every deal of the pack"
            for position in range(players):
                seat = (first + position) % players
                assert sorted(state.view(seat)["hand"]) == sorted(deck[start + 6 * position:start + 6 * position + 6])
            assert view["stock"] == 48 - 6 * players * view["deal"]
    assert seen_deals == list(range(1, deals + 1))
    pack_one = [e for e in state.events if e["type"] == "deal" and e["pack"] == 1]
    assert [e["stock"] for e in pack_one] == [48 - 6 * players * k for k in range(1, deals + 1)]


@pytest.mark.parametrize("players", [2, 4])
def test_play_goes_round_in_seat_order_and_the_deal_passes_on_each_pack(players):  # Q1
    state = load(players, target=10_000).new(seed=21)
    dealer = state.view(None)["dealer"]
    for pack in range(1, 4):
        view = state.view(None)
        assert view["pack"] == pack and view["dealer"] == (dealer + pack - 1) % players
        assert state.to_act == ((view["dealer"] + 1) % players,)
        for _ in range(3 * players):
            seat = state.to_act[0]
            whole_turn(state, first_legal)
            assert state.to_act == ((seat + 1) % players,)
        play_pack(state)


def test_a_list_of_packs_stacks_consecutive_packs():
    first, second = shuffled(1), shuffled(2)
    state = load(2, target=10_000).new(seed=4, deck=[first, second])
    play_pack(state)
    view = state.view(None)
    assert view["pack"] == 2 and sorted(view["table"]) == sorted(second[:4])
    lead = seat_at(state, 0)
    assert sorted(state.view(lead)["hand"]) == sorted(second[4:10])


def test_trailing_is_always_allowed_by_default():  # Q2
    state = load(2).new(seed=3, deck=stack("8C 5D 6S 7H", "QD 3C 9S 10S JS KS"))
    seat = seat_at(state, 0)
    legal = {str(a) for a in state.legal(seat)}
    assert "capture QD" in legal
    assert {f"trail {c}" for c in state.view(seat)["hand"]} <= legal  # QD may trail though it could capture
    state.apply(seat, "trail QD")
    assert "QD" in state.view(seat)["table"] and state.view(seat)["piles"] == [0, 0]


def test_forced_capture_forbids_trailing_when_a_capture_exists():  # Q2 house option
    state = load(2, forced_capture=True).new(seed=3, deck=stack("8C 5D 6S 7H", "QD 3C 9S 10S JS KS"))
    seat = seat_at(state, 0)
    legal = [str(a) for a in state.legal(seat)]
    assert legal and all(a.startswith("capture") for a in legal)
    before = snapshot(state)
    for text in ("trail QD", "trail 10S"):  # 10S cannot capture, but the hand can: no trail at all
        with pytest.raises(IllegalAction, match="must capture"):
            state.apply(seat, text)
    assert snapshot(state) == before


def test_forced_capture_lets_a_player_trail_when_nothing_can_be_captured():  # Q2 house option
    state = load(2, forced_capture=True).new(seed=3, deck=stack("9C 9D 10H 10S", "QD QS JS JH KS KH"))
    seat = seat_at(state, 0)
    assert sorted(str(a) for a in state.legal(seat)) == sorted(f"trail {c}" for c in state.view(seat)["hand"])


def test_after_a_tabla_the_next_player_can_only_trail():  # Q10d
    state = load(2).new(seed=3, deck=stack("2C 3C 4D 5D", "KD", "KS KH 2S 2H 3S 3H"))
    seat = seat_at(state, 0)
    play_turn(state, seat, "capture KD 5D+4D+3C+2C")
    nxt = seat_at(state, 1)
    assert state.view(nxt)["table"] == []
    assert sorted(str(a) for a in state.legal(nxt)) == sorted(f"trail {c}" for c in state.view(nxt)["hand"])
