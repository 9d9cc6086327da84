"""Bad input is refused with a message saying what is wrong, and changes nothing."""

from __future__ import annotations

import pytest

from parlour import BadOption, IllegalAction

from .helpers import DECK, first_legal, load, play_pack, seat_at, snapshot, stack


@pytest.fixture
def opening():
    state = load(2).new(seed=3, deck=stack("8C 5D 6S 7H", "QD 9S 10S JS KS AS", "2H 3H 4H 5H 6H 8H"))
    return state, seat_at(state, 0)


@pytest.mark.parametrize("text,message", [
    ("trail 2H", "you do not hold 2H"),                        # the other seat's card
    ("capture QD 8D+5D", "8D not on the table"),               # a table card that is not there
    ("capture QD 8C+6S", "cannot take 8C\\+6S, which adds up to 14"),  # a group not summing
    ("capture QD 8C+5D 8C+5D", "8C is named twice"),           # groups sharing a card
    ("capture QD QD", "QD is named twice"),                    # the played card inside a group
    ("", "cannot read"), ("play QD", "cannot read"), ("trail", "trail needs a card"), ("capture", "needs a card"),
    ("trail QD 8C", "a trail takes nothing"), ("capture 9S", "9S can take nothing: no table cards add up to 9"),
    ("take 8C", "no capture is under way"), ("done", "no capture is under way"),
    ("take 8C+5D", "take one table card at a time: 'take 8C'"), ("done 8C", "'done' ends a capture and names nothing"),
    ("trail ZZ", "not a card"), ("capture QD 8C+XX", "not a card"), ("trail JK", "without jokers"),
    ("take JK", "without jokers"),
])
def test_bad_actions_are_refused_and_change_nothing(opening, text, message):
    state, seat = opening
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=message):
        state.apply(seat, text)
    assert snapshot(state) == before


def test_out_of_turn_and_wrong_seats(opening):
    state, seat = opening
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=f"seat {1 - seat} may not act now; waiting for seat {seat}"):
        state.apply(1 - seat, "trail 2H")
    for bad in (2, -1, "0", None, True):
        with pytest.raises(IllegalAction, match="there is no seat"):
            state.apply(bad, "trail QD")
    with pytest.raises(IllegalAction, match="an action is an Action or its text"):
        state.apply(seat, 42)
    assert snapshot(state) == before


def test_no_action_after_the_match_is_over():
    state = load(2, target=1).new(seed=0)
    play_pack(state, first_legal)
    assert state.over
    with pytest.raises(IllegalAction, match="the match is over"):
        state.apply(0, "trail 2C")


@pytest.mark.parametrize("options,message", [
    ({"target": 0}, "'target' must be in 1..10000"), ({"target": "many"}, "must be an integer"),
    ({"forced_capture": 1}, "must be true or false"), ({"last_card_tabla": "yes"}, "must be true or false"),
    ({"jacks_wild": True}, "no option 'jacks_wild'; its options are: forced_capture, last_card_tabla, target"),
])
def test_bad_options(options, message):
    with pytest.raises(BadOption, match=message):
        load(2, **options)


@pytest.mark.parametrize("players", [1, 3, 5, 0])
def test_bad_player_counts(players):
    with pytest.raises(BadOption, match=f"played by 2, 4 players, not {players}"):
        load(players)


@pytest.mark.parametrize("deck,message", [
    (DECK[:51], "got 51 cards with 51 different"), (DECK + ["2C"], "got 53 cards with 52 different"),
    (DECK[:51] + ["2C"], "got 52 cards with 51 different"), (DECK[:51] + ["JK"], "no jokers"),
    (DECK[:51] + ["1X"], "'1X' is not a card"), ([], "must hold each of the 52 cards"),
    ([DECK, DECK[:10]], "stacked pack 2"),
])
def test_a_stacked_deck_must_be_52_distinct_cards(deck, message):
    with pytest.raises(BadOption, match=message):
        load(2).new(seed=1, deck=deck)
