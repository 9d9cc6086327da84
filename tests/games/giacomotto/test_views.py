"""What each seat may see (Q13): its own hand, the open table, pile sizes; never another seat's hand."""

from __future__ import annotations

import json
import re

import pytest

from parlour.core.cards import cards_of, codes

from .helpers import first_legal, load, play_turn, seat_at, stack

CODE = re.compile(r"(?<![0-9A-Z])(?:10|[2-9JQKA])[CDHS](?![0-9A-Z])")


def named_cards(view: dict) -> set[str]:
    """Every card code written anywhere in a view's JSON."""
    return set(CODE.findall(json.dumps(view)))


def check_views(state) -> None:
    n = state.game.players
    hands = [set(codes(cards_of(h))) for h in state.hands]
    for seat in [None, *range(n)]:
        view = state.view(seat)
        json.dumps(view)  # JSON-ready
        seen = named_cards(view)
        for other in range(n):
            if other != seat:
                assert not hands[other] & seen, f"seat {seat} sees {sorted(hands[other] & seen)} of seat {other}"
        assert view["hands"] == [len(h) for h in hands]
        assert all(isinstance(p, int) for p in view["piles"]) and len(view["piles"]) == 2
        if seat is None:
            assert view["hand"] is None and view["legal"] == []
        else:
            assert set(view["hand"]) == hands[seat]
            if seat not in state.to_act:
                assert view["legal"] == []


@pytest.mark.parametrize("players", [2, 4])
def test_no_view_shows_another_seats_hand_through_a_pack(players):
    state = load(players).new(seed=13)
    while state.view(None)["pack"] == 1:
        check_views(state)
        seat = state.to_act[0]
        state.apply(seat, first_legal(state, seat))
    check_views(state)  # the next pack has been dealt
    assert state.view(None)["pack"] == 2


def test_the_view_fields():
    state = load(2).new(seed=3, deck=stack("8C 5D 6S 7H", "QD 9S 10S JS KS AS"))
    seat = seat_at(state, 0)
    view = state.view(seat)
    assert view["seat"] == seat and view["to_act"] == [seat] and view["players"] == 2
    assert sorted(view["hand"]) == sorted("QD 9S 10S JS KS AS".split())
    assert sorted(view["table"]) == sorted("8C 5D 6S 7H".split())
    assert "capture QD" in view["legal"] and "trail QD" in view["legal"] and view["capture"] is None
    assert view["stock"] == 36 and view["pack"] == 1 and view["deal"] == 1
    assert view["piles"] == [0, 0] and view["tablas"] == [0, 0] and view["last_capturer"] is None
    assert view["sides"] == [[0], [1]] and view["scores"] == [0, 0] and not view["over"]
    assert view["options"] == {"target": 101, "forced_capture": False, "last_card_tabla": True}
    play_turn(state, seat, "capture QD 8C+5D")
    other = state.view(1 - seat)
    assert other["piles"][seat] == 2 + 1 and other["last_capturer"] == seat
    assert other["log"][-1]["action"] == "capture QD 8C+5D"  # captures are public as they happen
    assert sorted(other["table"]) == ["6S", "7H"]
