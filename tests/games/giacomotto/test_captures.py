"""What a played card may capture (rulings Q3-Q6, Q14), how a capture is made step by step, and how it changes
the table.

The captures a card may make are found by walking every sequence of steps the engine offers (``capture C``, then
``take`` one table card at a time, then ``done``): the set of captures so reached must be exactly the rules' set.
"""

from __future__ import annotations

import json

import pytest

from parlour import IllegalAction
from parlour.core.cards import cards_of, codes

from .helpers import load, play_turn, seat_at, snapshot, stack, steps


def opening(table: str, hand: str, **options):
    """A 2-player match whose first player holds ``hand`` with ``table`` face up; returns (game, state, seat)."""
    game = load(2, **options)
    state = game.new(seed=3, deck=stack(table, hand))
    return game, state, seat_at(state, 0)


def captures_with(state, seat: int, card: str) -> set[frozenset[str]]:
    """Every capture ``card`` can make, as the set of table cards it takes: every path of legal steps walked."""
    if f"capture {card}" not in map(str, state.legal(seat)):
        return set()
    start = state.clone()
    start.apply(seat, f"capture {card}")
    found: set[frozenset[str]] = set()
    seen: set[tuple] = set()
    todo = [start]
    while todo:
        s = todo.pop()
        progress = s.view(seat)["capture"]
        for step in map(str, s.legal(seat)):
            if step == "done":
                found.add(frozenset(c for g in progress["groups"] for c in g))
                continue
            nxt = s.clone()
            nxt.apply(seat, step)
            after = nxt.view(seat)["capture"]  # the same groups reached in another order are one position
            mark = (frozenset(map(frozenset, after["groups"])), frozenset(after["group"]), tuple(after["values"]))
            if mark not in seen:
                seen.add(mark)
                todo.append(nxt)
    return found


def taking(*texts: str) -> set[frozenset[str]]:
    """The table cards of captures written whole (``capture QD 8C+5D``)."""
    return {frozenset(c for group in t.split()[2:] for c in group.split("+")) for t in texts}


def test_seed_example_queen_takes_8_5_and_6_7_together_or_apart():
    game, state, seat = opening("8C 5D 6S 7H", "QD 9S 10S JS KS AS")
    assert captures_with(state, seat, "QD") == taking("capture QD 8C+5D", "capture QD 6S+7H", "capture QD 8C+5D 6S+7H")
    play_turn(state, seat, "capture QD 6S+7H 8C+5D")
    view = state.view(seat)
    assert view["table"] == [] and view["piles"][seat] == 5 and view["tablas"][seat] == 1


def test_a_capture_step_by_step_offers_only_what_can_still_be_completed():
    game, state, seat = opening("8C 5D 6S 7H", "QD 9S 10S JS KS AS")
    legal = lambda: sorted(map(str, state.legal(seat)))  # noqa: E731
    state.apply(seat, "capture QD")
    assert legal() == ["take 5D", "take 6S", "take 7H", "take 8C"]  # no done before a group is complete
    state.apply(seat, "take 8C")
    assert legal() == ["take 5D"]  # 8+6 and 8+7 overshoot 13: only the 5 completes the group
    state.apply(seat, "take 5D")
    assert legal() == ["done", "take 6S", "take 7H"]  # 8+5 is complete: stop, or start another group
    state.apply(seat, "take 7H")
    assert legal() == ["take 6S"]  # a half-taken group must be completed before done
    state.apply(seat, "take 6S")
    assert legal() == ["done"]
    state.apply(seat, "done")
    assert state.to_act == (1 - seat,)
    assert state.events[-1]["groups"] == [["8C", "5D"], ["7H", "6S"]]


def test_the_seat_keeps_the_turn_through_its_capture_and_everyone_sees_it():
    game, state, seat = opening("8C 5D 6S 7H", "QD 9S 10S JS KS AS")
    for step in ("capture QD", "take 8C", "take 5D", "take 6S"):
        state.apply(seat, step)
        assert state.to_act == (seat,)
        assert state.legal(1 - seat) == []
    for viewer in (None, 0, 1):
        view = state.view(viewer)
        assert view["capture"] == {"seat": seat, "card": "QD", "values": [13], "groups": [["8C", "5D"]],
                                   "group": ["6S"]}
        assert sorted(view["table"]) == ["5D", "6S", "7H", "8C"]  # cards leave the table when the capture is done
        assert view["hands"][seat] == 5
    assert state.view(seat)["legal"] == ["take 7H"] and state.view(1 - seat)["legal"] == []


def test_steps_and_the_whole_capture_in_one_action_end_alike():
    game, a, seat = opening("8C 5D 6S 7H", "QD 9S 10S JS KS AS")
    b = a.clone()
    for step in ("capture QD", "take 6S", "take 7H", "take 5D", "take 8C", "done"):
        a.apply(seat, step)
    b.apply(seat, "capture QD 5D+8C 7H+6S")  # records written before the steps hold captures so
    for viewer in (None, 0, 1):
        va, vb = json.loads(json.dumps(a.view(viewer))), json.loads(json.dumps(b.view(viewer)))
        ea, eb = va["log"].pop(), vb["log"].pop()
        assert ea["cards"] == eb["cards"] == ["8C", "5D", "7H", "6S"]
        assert ea["groups"] == [["7H", "6S"], ["8C", "5D"]] and ea["action"] == "capture QD 7H+6S 8C+5D"  # as taken
        assert eb["groups"] == [["8C", "5D"], ["7H", "6S"]] and eb["action"] == "capture QD 8C+5D 7H+6S"  # canonical
        assert va == vb


def test_no_other_play_while_a_capture_is_under_way():
    game, state, seat = opening("8C 5D 6S 7H", "QD 9S 10S JS KS AS")
    state.apply(seat, "capture QD")
    state.apply(seat, "take 8C")
    before = snapshot(state)
    for text, why in [("done", "the group 8C is half taken"), ("trail 9S", "under way"), ("capture KS", "under way"),
                      ("capture KS 8C+6S", "under way"), ("take 6S", "6S cannot join the group"),
                      ("take 8C", "8C is already taken"), ("take 9D", "9D is not on the table"),
                      ("take 2C", "'take 5D'")]:
        with pytest.raises(IllegalAction, match=why):
            state.apply(seat, text)
    with pytest.raises(IllegalAction, match="may not act now"):
        state.apply(1 - seat, "trail 2C")
    assert snapshot(state) == before


def test_done_needs_a_complete_group():
    game, state, seat = opening("8C 5D 6S 7H", "QD 9S 10S JS KS AS")
    state.apply(seat, "capture QD")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="under way"):  # no group yet: a capture takes at least one
        state.apply(seat, "done")
    assert snapshot(state) == before


def test_a_card_that_can_take_nothing_cannot_start_a_capture():
    game, state, seat = opening("8C 5D 6S 7H", "QD 4S 10S JS KS AS")
    assert "capture 4S" not in map(str, state.legal(seat)) and "trail 4S" in map(str, state.legal(seat))
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="4S can take nothing: no table cards add up to 4"):
        state.apply(seat, "capture 4S")
    with pytest.raises(IllegalAction, match="no capture is under way"):
        state.apply(seat, "take 8C")
    assert snapshot(state) == before


def test_single_card_of_equal_value_is_a_group():  # Q3
    game, state, seat = opening("6C KD 9H 2S", "6D KH 3C 4C 5C 7C")
    assert captures_with(state, seat, "6D") == taking("capture 6D 6C")
    assert captures_with(state, seat, "KH") == taking("capture KH KD")
    play_turn(state, seat, "capture 6D 6C")
    assert sorted(state.view(seat)["table"]) == ["2S", "9H", "KD"]
    assert state.view(seat)["piles"][seat] == 2 and state.view(seat)["tablas"] == [0, 0]


def test_several_disjoint_sums_can_be_taken_together_or_one_by_one():  # Q4
    game, state, seat = opening("2C 8D 3H 7S", "10C 9S JS QS KS AS")
    assert captures_with(state, seat, "10C") == taking(
        "capture 10C 8D+2C", "capture 10C 7S+3H", "capture 10C 8D+2C 7S+3H")


def test_groups_must_be_disjoint_seven_cannot_take_3_4_4():  # Q4, DavorPenzar's example
    game, state, seat = opening("3S 4D 4H 9C", "7C 10S JS QS KS AS")
    assert captures_with(state, seat, "7C") == taking("capture 7C 4D+3S", "capture 7C 4H+3S")
    before = snapshot(state)
    for text, why in [("capture 7C 3S+4D 3S+4H", "named twice"), ("capture 7C 3S+4D 4H", "cannot take 4H"),
                      ("capture 7C 3S+4D+4H", "cannot take")]:
        with pytest.raises(IllegalAction, match=why):
            state.apply(seat, text)
    assert snapshot(state) == before
    state.apply(seat, "capture 7C")
    for step in ("take 3S", "take 4D"):
        state.apply(seat, step)
    assert [str(a) for a in state.legal(seat)] == ["done"]  # the 4H alone cannot make 7: the 3 served once
    with pytest.raises(IllegalAction, match="4H cannot join the group"):
        state.apply(seat, "take 4H")


def test_single_card_and_sum_mix():  # Q4: 9 takes 9 and 4+5
    game, state, seat = opening("9D 4C 5H 2S", "9S 10S JS QS KS AS")
    assert captures_with(state, seat, "9S") == taking("capture 9S 9D", "capture 9S 5H+4C", "capture 9S 9D 5H+4C")


def test_played_ace_counts_11_for_sums_and_table_aces_independently():  # Q5
    game, state, seat = opening("5C 6D AH 10S", "AS 9S JS QS KS 3C")
    assert captures_with(state, seat, "AS") == taking(
        "capture AS AH", "capture AS 6D+5C", "capture AS 10S+AH", "capture AS AH 6D+5C", "capture AS 10S+AH 6D+5C")


def test_table_aces_count_1_or_11_each_jack_takes_ace_and_ace():  # Q5: J(12) = 1 + 11; 2 = 1 + 1
    game, state, seat = opening("AH AD 5C 8C", "JS 2S KD 9S 10S QS")
    assert captures_with(state, seat, "JS") == taking("capture JS AH+AD")
    assert captures_with(state, seat, "2S") == taking("capture 2S AH+AD")
    # K (14) = 1 + 5 + 8, or A(11)... only one ace with 5 and 8: 1+5+8 = 14
    assert captures_with(state, seat, "KD") == taking("capture KD 8C+5C+AH", "capture KD 8C+5C+AD")
    assert captures_with(state, seat, "9S") == taking("capture 9S 8C+AH", "capture 9S 8C+AD")


def test_a_group_closes_when_it_adds_up_so_an_ace_counting_1_in_a_bigger_group_is_taken_last():  # Q5
    # J (12): A+A is 1+11, and A+A+10 is 1+1+10. Both are captures; taken ace first, the aces close the group.
    game, state, seat = opening("AH AD 10C 5S", "JS 2S 3S 4S 6S 7S")
    assert captures_with(state, seat, "JS") == taking("capture JS AH+AD", "capture JS 10C+AH+AD")
    first = state.clone()
    for step in ("capture JS", "take AH", "take AD"):
        first.apply(seat, step)
    assert first.view(seat)["capture"]["groups"] == [["AD", "AH"]]
    assert [str(a) for a in first.legal(seat)] == ["done"]  # the 10 alone does not make 12
    for step in steps("capture JS 10C+AH+AD"):
        state.apply(seat, step)
    assert state.events[-1]["groups"] == [["10C", "AD", "AH"]] and state.view(seat)["table"] == ["5S"]


def test_face_cards_are_worth_12_13_14_inside_sums():  # Q6: K takes J+2 and 4+10
    game, state, seat = opening("JC 2D 4H 10S", "KD 6C 7C 8C 9C AC")
    assert captures_with(state, seat, "KD") == taking("capture KD JC+2D", "capture KD 10S+4H", "capture KD JC+2D 10S+4H")
    game, state, seat = opening("QC AD 7H 5S", "KD 2C 3C 4C 6C 8C")
    assert captures_with(state, seat, "KD") == taking("capture KD QC+AD")  # Q(13) + A(1)


def test_jack_is_not_a_wild_sweeper():  # Q14: J is 12, as the seed says
    game, state, seat = opening("5C 9D 6H 8S", "JH 2C 3C 4C 7C 10C")
    assert captures_with(state, seat, "JH") == set()
    with pytest.raises(IllegalAction):
        state.apply(seat, "capture JH 5C 9D 6H 8S")
    with pytest.raises(IllegalAction, match="JH can take nothing"):
        state.apply(seat, "capture JH")


def test_a_capture_moves_the_played_card_and_the_groups_to_the_side_pile():
    game, state, seat = opening("9D 4C 5H 2S", "9S 10S JS QS KS AS")
    play_turn(state, seat, "capture 9S 5H+4C")
    v = state.view(seat)
    assert sorted(v["table"]) == ["2S", "9D"]
    assert v["piles"][seat] == 3 and v["last_capturer"] == seat and v["tablas"] == [0, 0]
    assert "9S" not in v["hand"] and len(v["hand"]) == 5 and v["capture"] is None
    assert v["log"][-1] == {"type": "capture", "seat": seat, "action": "capture 9S 5H+4C", "card": "9S",
                            "groups": [["5H", "4C"]], "cards": ["4C", "5H"], "tabla": False}


def test_the_played_card_is_nowhere_but_in_play_during_the_capture():
    game, state, seat = opening("9D 4C 5H 2S", "9S 10S JS QS KS AS")
    state.apply(seat, "capture 9S")
    zones = state.zones()
    assert [str(c) for c in zones["played"]] == ["9S"]
    assert "9S" not in codes(cards_of(state.hands[seat])) and "9S" not in codes(zones["table"])


def test_the_cards_that_may_join_a_group_are_those_some_free_cards_can_complete():
    """The engine's question inside a capture (which free table card may join the open group), answered both
    ways it is computed (lanes of sums in Python, counts per value in the compiled build), against every subset
    of the free cards: a card may join when the group with it, and maybe more free cards, adds up to a value."""
    import itertools
    import random

    from parlour.games.giacomotto.captures import (EMPTY, PLAYED_SUMS, VALUE, joinable_by_counts, joinable_mask,
                                                   with_card)

    def totals(cards):  # every sum of these cards, each ace 1 or 11
        out = {0}
        for c in cards:
            out = {t + v for t in out for v in ((1, 11) if VALUE[c] == 1 else (VALUE[c],))}
        return out

    rnd = random.Random(18)
    for _ in range(300):
        free_cards = rnd.sample(range(52), rnd.randint(0, 8))
        group = rnd.sample([c for c in range(52) if c not in free_cards], rnd.randint(0, 2))
        played = rnd.randrange(52)
        values = {v for v in range(15) if PLAYED_SUMS[played] >> v & 1}
        group_sums = EMPTY
        for c in group:
            group_sums = with_card(group_sums, c)
        if not group_sums or totals(group) & values:
            continue  # not a position of play: the group is over 14 or already complete
        free = sum(1 << c for c in free_cards)
        expected = 0
        for c in free_cards:
            others = [d for d in free_cards if d != c]
            if any(totals(group + [c] + list(more)) & values
                   for k in range(len(others) + 1) for more in itertools.combinations(others, k)):
                expected |= 1 << c
        assert joinable_mask(group_sums, PLAYED_SUMS[played], free) == expected, (group, free_cards, played)
        assert joinable_by_counts(group_sums, PLAYED_SUMS[played], free) == expected, (group, free_cards, played)
