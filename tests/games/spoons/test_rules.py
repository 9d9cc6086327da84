"""Every rule and ruling of Spoons (rules/spoons.md §13), from stacked rounds.

Seed 1 at four players: dealer 1, pile-holder 2, the ring 2 → 3 → 0 → 1 (seat 1 discards).
"""

from __future__ import annotations

import pytest

import parlour
from parlour.core.errors import BadOption, IllegalAction

from .helpers import go, hand, new

HOLDER, SECOND, THIRD, LAST = 2, 3, 0, 1


def test_the_deal_four_cards_each_the_stock_to_the_dealers_left_and_a_countdown() -> None:
    state = new(4, hands={2: "AS AH AD 2C", 3: "3S 3H 3D 4C"}, stock="KS QS")
    assert (state.dealer, state.holder, state.ring()) == (1, 2, [2, 3, 0, 1])
    assert hand(state, 2) == ["AS", "AH", "AD", "2C"] and hand(state, 3) == ["3S", "3H", "3D", "4C"]
    assert [len(h) for h in state.hands] == [4, 4, 4, 4] and len(state.stock) == 52 - 16
    assert state.spoons == 3  # one fewer than the players
    assert state.phase == "countdown" and state.to_act == () and state.deadline == 3.0
    with pytest.raises(IllegalAction, match="starts when the countdown ends"):
        state.apply(2, "pass 2C")
    go(state)
    assert hand(state, 2)[-1] == "KS", "the pile-holder draws the stock's top card at the signal"
    assert state.to_act == (2,) and state.deadline is None


def test_passing_left_picking_up_at_once_and_drawing_again() -> None:
    state = go(new(4, hands={2: "AS AH AD 2C"}, stock="KS QS JS"))
    state.apply(HOLDER, "pass KS")
    assert hand(state, SECOND)[-1] == "KS", "the seat on the left picks the card up at once"
    assert hand(state, HOLDER)[-1] == "QS", "the pile-holder draws again as soon as he has passed"
    assert set(state.to_act) == {HOLDER, SECOND}
    state.apply(HOLDER, "pass QS")  # the second seat still holds five: the card waits in its queue
    assert len(state.hands[SECOND]) == 5 and [len(q) for q in state.queues] == [0, 0, 0, 1]
    assert hand(state, HOLDER)[-1] == "JS"
    state.apply(SECOND, "pass KS")
    assert hand(state, SECOND)[-1] == "QS" and state.queues[SECOND] == []
    assert hand(state, THIRD)[-1] == "KS"


def test_at_most_five_cards_four_and_the_one_being_passed() -> None:
    state = go(new(4, stock="KS QS JS 10S 9S"))
    for card in ("KS", "QS", "JS", "10S"):
        state.apply(HOLDER, f"pass {card}")
    assert [len(h) for h in state.hands] == [4, 4, 5, 5] and len(state.queues[SECOND]) == 3
    with pytest.raises(IllegalAction, match="holds four cards, not four of a kind, and waits for a card from "
                                            "seat 3"):
        state.apply(THIRD, "pass " + hand(state, THIRD)[0])
    assert state.legal(THIRD) == []


def test_the_last_seat_discards_and_the_discard_pile_becomes_the_stock_when_it_runs_out() -> None:
    state = go(new(2, seed=1))
    holder, last = state.holder, 1 - state.holder
    assert state.ring() == [holder, last] and state.dealer == last  # Q8: two players, the other discards
    while state.stock:
        state.apply(holder, "pass " + hand(state, holder)[-1])  # the last seat keeps its five: a queue builds up
    state.apply(holder, "pass " + hand(state, holder)[-1])
    assert state.stock == [] and state.discard == [] and len(state.hands[holder]) == 4
    assert holder not in state.to_act, "an empty stock and an empty pile: the pile-holder waits"
    passed = hand(state, last)[0]
    state.apply(last, f"pass {passed}")
    assert [e["type"] for e in state.events[-2:]] == ["pass", "restock"] and state.events[-1]["cards"] == 1
    assert hand(state, holder)[-1] == passed, "the discard pile is the new stock: the pile-holder draws from it"
    assert state.discard == []


def test_the_discard_pile_is_shuffled_into_the_new_stock() -> None:
    state = go(new(3, seed=1))
    order = state.ring()
    while not state.events[-1]["type"] == "restock":
        seat = next(s for s in reversed(order) if len(state.hands[s]) == 5)
        state.apply(seat, "pass " + hand(state, seat)[-1])
    discarded = [e for e in state.events if e["type"] == "pass" and e["seat"] == order[-1]]
    assert state.events[-1]["cards"] == len(discarded) and len(state.stock) == len(discarded) - 1


def test_first_spoon_only_with_four_of_a_kind_then_anyone_grabs_and_the_slowest_gets_a_letter() -> None:
    state = go(new(4, hands={3: "7H 7S 7D 2C"}, stock="7C 3D"))
    with pytest.raises(IllegalAction, match="the first spoon goes only to four of a kind"):
        state.apply(HOLDER, "grab")
    assert "grab" not in map(str, state.legal(HOLDER))
    state.apply(HOLDER, "pass 7C")
    assert "grab" in map(str, state.legal(SECOND)) and SECOND in state.to_act
    state.apply(SECOND, "grab")
    assert state.phase == "grab" and state.laid is not None and state.laid[0] == SECOND
    assert sorted(state.view(0)["laid"]["cards"]) == ["7C", "7D", "7H", "7S"]
    assert set(state.to_act) == {0, 1, 2} and state.deadline == 10.0
    with pytest.raises(IllegalAction):
        state.apply(HOLDER, "pass 3D")  # passing stops once the first spoon is taken
    with pytest.raises(IllegalAction, match="has a spoon already"):
        state.apply(SECOND, "grab")  # one spoon each
    state.apply(THIRD, "grab")
    state.apply(HOLDER, "grab")
    assert state.letters == [0, 1, 0, 0], "seat 1, left without a spoon, gets the first letter"
    assert state.events[-3]["type"] == "letter" and state.events[-3]["letters"] == "S"
    assert state.round_no == 2 and state.dealer == 2 and state.holder == 3, "the deal passes to the left"
    assert state.sheet.rows[0][1] == (0, 1, 0, 0) and state.sheet.rows[0][2]["grabs"] == [3, 0, 2]


@pytest.mark.parametrize("first", [0, 2])
def test_grabs_count_in_the_order_they_arrive(first: int) -> None:
    state = go(new(4, hands={3: "7H 7S 7D 2C"}, stock="7C"))
    state.apply(HOLDER, "pass 7C")
    state.apply(SECOND, "grab")
    other = 2 if first == 0 else 0
    state.apply(first, "grab")
    state.apply(other, "grab")
    assert state.sheet.rows[0][2]["grabs"] == [SECOND, first, other] and state.letters[LAST] == 1


@pytest.mark.parametrize("last", [0, 1])
def test_two_arrivals_in_either_order_the_later_one_takes_the_letter(last: int) -> None:
    state = go(new(3, hands={2: "7H 7S 7D 7C"}))
    state.apply(2, "grab")  # three players, two spoons: seats 0 and 1 race for the last one
    first = 1 - last
    state.apply(first, "grab")
    with pytest.raises(IllegalAction):
        state.apply(last, "grab")  # too late: the round is over
    assert state.letters[last] == 1 and state.letters[first] == 0


def test_dealt_four_of_a_kind_grabs_at_the_signal_and_not_before() -> None:
    state = new(4, hands={0: "QH QS QD QC"})
    assert state.to_act == () and state.legal(0) == []
    go(state)
    assert 0 in state.to_act and [str(a) for a in state.legal(0)] == ["grab"]


def test_two_decks_any_four_of_one_rank_count_even_two_alike() -> None:
    probe = new(8)
    assert probe.game.decks == 2 and len(probe.stock) == 104 - 32
    state = go(new(8, hands={probe.holder: "7H 7H 7S 2C"}, stock="7S"))
    assert hand(state, state.holder) == ["7H", "7H", "7S", "2C", "7S"]
    assert [str(a) for a in state.legal(state.holder)] == ["grab", "pass 7H", "pass 7S", "pass 2C"]
    state.apply(state.holder, "grab")
    assert sorted(state.view(None)["laid"]["cards"]) == ["7H", "7H", "7S", "7S"]


def test_a_seat_with_the_whole_word_is_out_skipped_by_the_passing_and_the_last_one_in_wins() -> None:
    state = go(new(3, seed=1, hands={2: "7H 7S 7D 7C"}, word="O"))
    assert state.ring() == [0, 1, 2]
    state.apply(2, "grab")
    state.apply(0, "grab")
    assert state.letters == [0, 1, 0] and state.alive == [0, 2]
    assert [e["type"] for e in state.previous][-3:] == ["letter", "out", "score"]
    assert state.spoons == 1 and state.left == {0: 2, 2: 0}
    assert state.hands[1] == [] and state.view(0)["hands"][1] == 0 and state.legal(1) == []
    with pytest.raises(IllegalAction, match="out of the match"):
        state.apply(1, "grab")
    go(state)
    holder = state.holder
    card = hand(state, holder)[-1]
    state.apply(holder, f"pass {card}")
    assert hand(state, 2 - holder)[-1] == card, "seat 1 is out: the card goes to the other seat still in"
    from parlour.bots import make
    from parlour.bots.race import Race

    Race(state, {s: make("sharp", state.game, s, seed=s) for s in (0, 2)}).run()
    assert state.over and state.to_act == () and len(state.winners) == 1
    loser = 2 - state.winners[0]
    assert state.scores[loser] == 1 and state.scores[state.winners[0]] == 0
    assert state.events[-1] == {"type": "end", "winners": list(state.winners), "scores": list(state.scores)}
    state.audit()


def test_letters_spell_the_word_and_the_whole_word_puts_a_seat_out() -> None:
    from parlour.bots import make, play_match

    game = parlour.load("spoons", players=3, word="BOU")
    final, _ = play_match(game, [make("steady", game, s, seed=s) for s in range(3)], seed=4, record=False)
    got: dict[int, list[str]] = {}
    for e in final.events:
        if e["type"] == "letter":
            got.setdefault(e["seat"], []).append(e["letters"])
        if e["type"] == "out":
            assert got[e["seat"]][-1] == "BOU"
    out = [e["seat"] for e in final.events if e["type"] == "out"]
    assert sorted(out) == sorted(set(range(3)) - set(final.winners)) and len(out) == 2
    assert all(letters == ["B", "BO", "BOU"][:len(letters)] for letters in got.values())


def test_the_grab_window_closes_and_every_seat_without_a_spoon_gets_a_letter() -> None:
    state = go(new(4, hands={3: "7H 7S 7D 7C"}))
    state.apply(SECOND, "grab")
    state.apply(THIRD, "grab")
    state.timeout()
    assert state.letters == [0, 1, 1, 0]
    assert [e["type"] for e in state.previous][-5:] == ["grab", "timeout", "letter", "letter", "score"]


def test_false_grab_variant_a_first_spoon_without_four_of_a_kind_takes_the_letter() -> None:
    state = go(new(4, false_grab=True))
    assert set(state.to_act) == {0, 1, 2, 3}, "anyone may reach for the first spoon"
    state.apply(THIRD, "grab")
    assert state.letters == [1, 0, 0, 0] and state.round_no == 2
    assert {"type": "grab", "seat": 0, "order": 1, "false": True} in state.previous
    with_four = go(new(4, hands={0: "7H 7S 7D 7C"}, false_grab=True))
    with_four.apply(0, "grab")
    assert with_four.phase == "grab" and with_four.letters == [0, 0, 0, 0]


def test_options_checked_with_clear_errors() -> None:
    assert parlour.load("spoons", players=7).decks == 2 and parlour.load("spoons", players=6).decks == 1
    assert parlour.load("spoons", word="bou").options["word"] == "BOU"
    with pytest.raises(BadOption, match="1 to 10 letters"):
        parlour.load("spoons", word="S-P")
    with pytest.raises(BadOption, match="need at least 2 decks"):
        parlour.load("spoons", players=10, decks=1)
    with pytest.raises(BadOption, match="played by"):
        parlour.load("spoons", players=11)


def test_bad_actions_say_why_and_change_nothing() -> None:
    state = go(new(4, stock="KS"))
    before = state.view(None), state.view(HOLDER)
    for seat, text, why in [(HOLDER, "pass", "cannot read"), (HOLDER, "throw KS", "cannot read"),
                            (HOLDER, "pass JK", "no joker"), (HOLDER, "pass QH", "you do not hold QH"),
                            (9, "grab", "no seat 9"), (SECOND, "pass KS", "waits for a card from seat 2")]:
        with pytest.raises(IllegalAction, match=why):
            state.apply(seat, text)
    assert (state.view(None), state.view(HOLDER)) == before


def test_a_pass_sent_after_the_first_spoon_went_says_that_passing_stopped_not_that_the_card_is_missing() -> None:
    # seat 3 holds five cards when the holder lays down four 7s: its pass, typed against that hand, comes too late
    state = go(new(4, hands={HOLDER: "7H 7S 7D 2C", THIRD: "KD 3S 4H 5C"}, stock="7C"))
    state.apply(HOLDER, "pass 2C")
    state.apply(SECOND, f"pass {state.view(SECOND)['hand'][0]}")
    assert len(state.view(THIRD)["hand"]) == 5 and "3S" in state.view(THIRD)["hand"]
    state.apply(HOLDER, "grab")
    with pytest.raises(IllegalAction) as refused:
        state.apply(THIRD, "pass 3S")
    assert "passing has stopped" in str(refused.value) and "do not hold" not in str(refused.value)
    assert f"seat {HOLDER} took the first spoon" in str(refused.value) and state.view(THIRD)["legal"] == ["grab"]


def test_views_hide_the_hands_and_show_the_counts() -> None:
    state = go(new(4, hands={2: "AS AH AD 2C"}, stock="KS"))
    mine, other, spectator = state.view(2), state.view(3), state.view(None)
    assert mine["hand"] == ["AS", "AH", "AD", "2C", "KS"] and spectator["hand"] == []
    assert "AS" not in str(other) and "KS" not in str(spectator)
    assert mine["hands"] == [4, 4, 5, 4] and mine["legal"][0] == "pass AS"
    state.apply(2, "pass KS")
    assert state.view(0)["passed"] == [0, 0, 1, 0] and state.view(0)["log"][-1]["type"] == "go"


def test_a_record_replays_exactly() -> None:
    from parlour.bots import make, play_match

    game = parlour.load("spoons", players=3, word="BOU")
    final, record = play_match(game, [make("sharp", game, s, seed=s) for s in range(3)], seed=9)
    assert record is not None and record.replay().view(None) == final.view(None)
    assert any(a["seat"] is None for a in record.actions), "countdowns and grab windows are in the record"
    final.audit()
