"""Announcements and the kontra chain with its permission rules."""

import pytest

from parlour.core.errors import IllegalAction

from .helpers import act, legal, new, seat


def two_called(*hands: str):
    """Position 1 plays Two, calling the king of hearts; positions are left at the announcement round."""
    state = new(*hands)
    act(state, 1, "bid two")
    for p in (2, 3, 0):
        act(state, p, "pass")
    act(state, 1, "contract two", "call king hearts", "talon 0")
    act(state, 1, legal(state, 1)[0])
    assert state.view(None)["phase"] == "announce" and state.to_act == (seat(state, 0),)
    return state


def test_announcements_start_with_forehand_and_pagat_ultimo_needs_the_pagat():
    state = two_called("T1 T21", "", "KH")
    assert "announce pagat ultimo" in legal(state, 0)
    act(state, 0, "pass")
    assert "announce pagat ultimo" not in legal(state, 1)
    assert "announce trula" in legal(state, 1)


def test_only_the_called_kings_holder_announces_king_ultimo():
    state = two_called("T1", "", "KH")
    assert "announce king ultimo" not in legal(state, 0)
    act(state, 0, "pass", )
    act(state, 1, "pass")
    assert "announce king ultimo" in legal(state, 2)


def test_kontra_only_against_a_side_known_to_be_opposite():
    state = two_called("T1", "", "KH")
    assert "kontra game" in legal(state, 0)       # not holding the king: surely an opponent
    act(state, 0, "pass")
    assert "kontra game" not in legal(state, 1)   # the declarer
    act(state, 1, "announce trula")
    assert "kontra game" not in legal(state, 2)   # the partner knows he is the declarer's partner
    assert "kontra trula" not in legal(state, 2)
    act(state, 2, "announce king ultimo")          # this reveals the partnership
    assert "kontra king ultimo" in legal(state, 3) and "kontra trula" in legal(state, 3)


def test_an_opponents_announcement_cannot_be_kontraed_while_partners_are_secret():
    state = two_called("T1", "", "KH")
    act(state, 0, "announce pagat ultimo")
    assert "kontra pagat ultimo" not in legal(state, 1)  # the declarer does not know who his partner is
    act(state, 1, "pass")
    assert "kontra pagat ultimo" in legal(state, 2)      # the partner knows


def test_the_kontra_chain_alternates_sides_up_to_mordkontra():
    state = two_called("T1", "", "KH")
    act(state, 0, "kontra game")
    assert "rekontra game" in legal(state, 1)
    act(state, 1, "rekontra game")
    assert "subkontra game" not in legal(state, 2)       # the partner is on the declarer's side
    act(state, 2, "pass")
    act(state, 3, "subkontra game")
    act(state, 0, "pass")
    act(state, 1, "mordkontra game")
    assert state.kontra[0] == 4
    assert not any("kontra game" in o for o in legal(state, 2))


def test_the_round_ends_after_everyone_passes_in_a_row():
    state = two_called()
    for p in (0, 1, 2, 3):
        act(state, p, "pass")
    assert state.view(None)["phase"] == "play"


def test_beggar_allows_kontra_but_no_bonuses():
    state = new()
    act(state, 1, "bid beggar")
    for p in (2, 3, 0):
        act(state, p, "pass")
    act(state, 1, "contract beggar")
    options = legal(state, 0)
    assert options == ["pass", "kontra game"]
    with pytest.raises(IllegalAction):
        state.apply(seat(state, 0), "announce trula")


def test_an_announced_pagat_waits_for_the_last_trick_unless_forced():
    state = two_called("T1 T5 KC", "", "KH")
    act(state, 0, "announce pagat ultimo")
    for p in (1, 2, 3, 0):
        act(state, p, "pass")
    assert "play T1" not in legal(state, 0)
