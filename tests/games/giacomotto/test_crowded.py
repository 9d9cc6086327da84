"""A crowded table keeps every legal list short (issue 8): a capture is made one table card at a time.

Trailing is always allowed, so players can pile up every small card on the table. Listing every capture there
(every union of disjoint groups) ran to tens of thousands of actions and seconds of work on a server's event
loop; the steps keep each list to the hand's cards, or the table cards that can join the group, and ``done``.
Counted here, never timed: ``python -m bench worst giacomotto`` measures the time.
"""

from __future__ import annotations

import itertools

import pytest

from parlour.games.giacomotto.worst import crowded, nobody_captured

from .helpers import load, value_options


def adds_up(group: list[str], value: int) -> bool:
    return any(sum(choice) == value for choice in itertools.product(*map(value_options, group)))


def take_all_a_king_can(state, seat: int) -> dict:
    """Capture with a king, taking the first card offered until only ``done`` is left; every list checked short."""
    king = next(c for c in state.view(seat)["hand"] if c.startswith("K"))
    state.apply(seat, f"capture {king}")
    while True:
        legal = [str(a) for a in state.legal(seat)]
        view = state.view(seat)
        taken = sum(map(len, view["capture"]["groups"])) + len(view["capture"]["group"])
        assert len(legal) <= len(view["table"]) - taken + 1, "a take per free table card, and done"
        if legal == ["done"]:
            break
        state.apply(seat, legal[0])
    state.apply(seat, "done")
    return next(e for e in reversed(state.events) if e["type"] == "capture")


@pytest.mark.parametrize("players", [2, 4])
def test_a_crowded_table_keeps_the_legal_list_short(players):
    game = load(players)
    state = crowded(game, 16)
    seat = state.to_act[0]
    hand = state.view(seat)["hand"]
    assert any(c.startswith("K") for c in hand) and len(state.view(seat)["table"]) == 16
    assert len(state.legal(seat)) <= 2 * len(hand)  # capture or trail each card

    state = crowded(game, 28)
    seat = state.to_act[0]
    assert len(state.legal(seat)) <= 2 * len(state.view(seat)["hand"])
    capture = take_all_a_king_can(state, seat)
    assert len(capture["groups"]) >= 5 and all(adds_up(g, 14) for g in capture["groups"])
    assert sorted(c for g in capture["groups"] for c in g) == sorted(capture["cards"])


def test_the_fullest_table_of_all_a_pack_without_captures():
    state = nobody_captured(load(2))
    seat = state.to_act[0]
    assert len(state.view(seat)["table"]) == 51 and state.view(seat)["hand"] == ["KS"]
    assert sorted(map(str, state.legal(seat))) == ["capture KS", "trail KS"]
    capture = take_all_a_king_can(state, seat)
    assert all(adds_up(g, 14) for g in capture["groups"])
    assert state.view(None)["pack"] == 2  # the last card's capture ended the pack
