"""King calling, the talon, discarding, and the called king in the talon."""

import pytest

from parlour.core.errors import IllegalAction

from .helpers import act, legal, new, play_out, seat


def win_with(state, contract: str) -> int:
    """Position 1 bids ``contract`` (forehand when it is Three), the others pass; returns the position."""
    if contract == "three":
        for p in (1, 2, 3):
            act(state, p, "pass")
        act(state, 0, "bid three")
        return 0
    act(state, 1, f"bid {contract}")
    for p in (2, 3, 0):
        act(state, p, "pass")
    if state.view(None)["phase"] == "contract":
        act(state, 1, f"contract {contract}")
    return 1


def test_kings_are_called_and_queens_only_with_all_four_kings():
    state = new("", "T21 T20")
    win_with(state, "two")
    assert legal(state, 1) == ["call king hearts", "call king diamonds", "call king spades", "call king clubs"]
    state = new("", "KH KD KS KC T20")
    win_with(state, "two")
    assert "call queen hearts" in legal(state, 1) and len(legal(state, 1)) == 8


def test_calling_ones_own_king_means_playing_alone_in_secret():
    state = new("", "KH T20")
    win_with(state, "two")
    act(state, 1, "call king hearts")
    assert state.partner == -1
    assert state.view(seat(state, 1))["partner"] == "none"
    assert all(state.view(seat(state, p))["partner"] is None for p in (0, 2, 3))


def test_the_partner_knows_and_the_others_do_not():
    state = new("KH", "T20")
    win_with(state, "two")
    act(state, 1, "call king hearts")
    assert state.view(seat(state, 0))["partner"] == seat(state, 0)
    assert state.view(seat(state, 1))["partner"] is None
    assert state.view(seat(state, 2))["partner"] is None


@pytest.mark.parametrize("contract, groups", [("three", 2), ("two", 3), ("one", 6), ("solo three", 2),
                                              ("solo two", 3), ("solo one", 6)])
def test_the_talon_is_shown_and_split_by_contract(contract, groups):
    state = new()
    d = win_with(state, contract)
    if state.view(None)["phase"] == "call":
        act(state, d, "call king spades")
    assert state.view(None)["talon"] is not None and len(state.view(None)["talon"]) == 6
    assert legal(state, d) == [f"talon {g}" for g in range(groups)]


def test_taking_a_group_then_discarding_no_kings_nor_trula_nor_taroks_while_others_remain():
    state = new("", "T20 T21 SKIS T1 KH KD KS KC 7C 8C", talon="9C 10C JC T5 T6 T7")
    win_with(state, "solo three")
    act(state, 1, "talon 0")
    options = legal(state, 1)
    assert "discard 7C 8C 9C" in options
    assert all(not any(c in o.split() for c in ("KH", "KD", "KS", "KC", "T1", "T21", "SKIS", "T20")) for o in options)
    with pytest.raises(IllegalAction):
        state.apply(seat(state, 1), "discard 7C KH 8C")


def test_taroks_are_discarded_only_when_forced_and_shown():
    state = new("", "T20 T21 SKIS T1 KH KD KS KC T2 T3 T4 7C", talon="T5 T6 T7 T8 T9 T10")
    win_with(state, "solo three")
    act(state, 1, "talon 1")
    options = legal(state, 1)
    assert all("7C" in o for o in options)  # the one plain card must go first
    act(state, 1, "discard 7C T2 T3")
    assert state.view(seat(state, 0))["shown"] == ["T2", "T3"]
    discard = [e for e in state.view(seat(state, 0))["log"] if e["type"] == "discard"][0]
    assert discard["count"] == 3 and "7C" not in str(state.view(seat(state, 0)))


def test_called_king_in_the_talon_may_be_forfeited():
    state = new("T20", talon="KH 7C 8C 9C 10C JC")
    win_with(state, "three")
    act(state, 0, "call king hearts")
    assert "forfeit" in legal(state, 0)
    declarer = seat(state, 0)
    act(state, 0, "forfeit")
    assert state.sheet.rows[-1][1] == tuple(-10 if s == declarer else 0 for s in range(4))
    assert state.deals == 1


def test_taking_the_called_king_gives_the_rest_of_the_talon_to_whoever_wins_its_trick():
    state = new("T20 T19 KS", "SKIS", talon="KH 7C 8C QC NC JC")
    win_with(state, "three")
    act(state, 0, "call king hearts")
    act(state, 0, "talon 0")
    assert state.partner == -1 and state.king_rest
    assert "discard 7C 8C KH" not in legal(state, 0)
    act(state, 0, legal(state, 0)[0])
    while state.view(None)["phase"] != "play":
        state.apply(state.to_act[0], "pass")
    # play until the king of hearts falls; the rest of the talon joins that trick
    while state.talon:
        s = state.to_act[0]
        options = [str(a) for a in state.legal(s)]
        state.apply(s, "play KH" if "play KH" in options else options[0])
    trick = [e for e in state.events if e["type"] == "trick" and "rest of talon" in e]
    assert trick and sorted(trick[0]["rest of talon"]) == sorted(["QC", "NC", "JC"])


def test_solo_three_may_become_colour_valat_after_the_discard():
    state = new()
    win_with(state, "solo three")
    act(state, 1, "talon 0")
    act(state, 1, legal(state, 1)[0])
    assert legal(state, 1) == ["contract solo three", "contract colour valat"]
    act(state, 1, "contract colour valat")
    assert state.view(None)["contract"] == "colour valat" and state.view(None)["phase"] == "announce"


def test_beggar_keeps_the_talon_face_down():
    state = new()
    win_with(state, "beggar")
    view = state.view(seat(state, 0))
    assert view["talon"] is None and view["phase"] == "announce"
    play_out(state)
    assert state.deals == 1
