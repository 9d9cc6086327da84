"""Kaboo's rules and rulings from stacked decks (rules file section 9): powers, snapping, knocking, scoring."""

from __future__ import annotations

import pytest

from parlour.core.errors import IllegalAction
from parlour.games.kaboo import Kaboo

from memory.helpers import layout, ready_all, seats, stack

A_CARDS, B_CARDS = "5S 6S 7S 8S", "5H 9H 10H JH"


def start(*layouts: str, players: int = 2, stock: str = "", **options):
    game = Kaboo(players=players, **options)
    state = game.new(seed=5, deck=stack(game, *layouts, stock=stock))
    ready_all(state)
    return state, seats(state)


def legal(state, seat) -> list[str]:
    return [str(m) for m in state.legal(seat)]


def test_no_first_discard_and_no_taking_from_the_pile():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="2D")
    assert state.view(a)["discard"] == [] and legal(state, a) == ["draw", "knock"]


def test_a_discard_opens_a_snap_window_for_every_seat_at_once():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="5D")
    state.apply(a, "draw")
    state.apply(a, "discard")
    assert state.deadline == 3.0 and set(state.to_act) == {a, b}
    assert "snap 0.0" in legal(state, a) and "pass" in legal(state, a)
    assert {"draw", "knock", "pass"} <= set(legal(state, b))
    assert state.view(a)["snap"]["rank"] == "5"


def test_simultaneous_snaps_the_first_valid_wins_the_later_one_takes_its_card_back():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="5D")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(b, f"snap {b}.0")        # 5H: first, valid
    state.apply(a, f"snap {a}.0")        # 5S: same rank, but too late
    assert state.view(a)["discard"] == ["5D", "5H"]
    assert layout(state, a, b)[0] is None and len(state.layouts[a]) == 4 and state.layouts[a][0] >= 0
    assert layout(state, b, a)[0] == "5S", "a snapped card is thrown face up: everyone sees it while the window is open"
    assert [e["result"] for e in state.events if e["type"] == "snap"] == ["valid", "late"]
    assert not any(e["type"] == "penalty" for e in state.events)


def test_a_late_snap_of_the_wrong_rank_is_a_wrong_snap_not_a_late_one():
    # The table: once the window is won, only the matching rank is "late"; any other card is a wrong snap.
    state, (a, b) = start("KH 9D 5S KC", "AS 5C JH QS", stock="5H 2C 3C")
    state.apply(a, "draw")
    state.apply(a, "discard")                 # 5H opens a window on fives
    state.apply(a, f"snap {a}.2")             # 5S: valid
    state.apply(b, f"snap {a}.0")             # KH is not a five
    assert [e["result"] for e in state.events if e["type"] == "snap"] == ["valid", "wrong"]
    assert [e["seat"] for e in state.events if e["type"] == "penalty"] == [b]
    assert len(state.layouts[b]) == 5


def test_a_late_snap_of_the_matching_rank_goes_back_without_penalty():
    state, (a, b) = start("KH 9D 5S KC", "AS 5C JH QS", stock="5H 2C 3C")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(a, f"snap {a}.2")             # 5S: valid
    state.apply(b, f"snap {b}.1")             # 5C: the right rank, but too late
    assert [e["result"] for e in state.events if e["type"] == "snap"] == ["valid", "late"]
    assert not any(e["type"] == "penalty" for e in state.events) and len(state.layouts[b]) == 4


def test_wrong_snap_returns_the_card_and_costs_a_penalty_card_unseen():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="5D 2C")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(b, f"snap {a}.1")        # 6S is not a 5
    assert len(state.layouts[b]) == 5 and str(state.view(None)["layouts"][b][4]) == "##"
    assert state.view(b)["layouts"][b][4] == "##", "the penalty card is not looked at"
    assert layout(state, b, a)[1] == "6S" and len(state.layouts[a]) == 4
    state.timeout()
    assert layout(state, b, a)[1] == "##" and state.to_act == (b,)


def test_the_log_says_which_card_a_wrong_or_late_snap_showed_to_everyone():
    said = []
    for second in ("snap {a}.0", "snap {b}.1"):  # KH: wrong; 5C: the right rank, too late
        state, (a, b) = start("KH 9D 5S KC", "AS 5C JH QS", stock="5H 2C 3C")
        state.apply(a, "draw")
        state.apply(a, "discard")
        state.apply(a, f"snap {a}.2")             # 5S: valid
        state.apply(b, second.format(a=a, b=b))
        said.append([(e["result"], e["card"]) for e in state.view(None)["log"] if e["type"] == "snap"])
    assert said == [[("valid", "5S"), ("wrong", "KH")], [("valid", "5S"), ("late", "5C")]]


def test_snapping_an_opponents_card_lets_the_snapper_move_one_of_his_own_into_the_gap():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="5D")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(a, f"snap {b}.0")
    assert legal(state, a) == ["give 0", "give 1", "give 2", "give 3", "stay"]
    assert "draw" not in legal(state, b), "the next turn waits for the snapper's choice"
    tag = state.tags[a][3]
    state.apply(a, "give 3")
    assert state.layouts[a][3] == -1 and state.tags[b][0] == tag and sum(c >= 0 for c in state.layouts[b]) == 4
    assert "draw" in legal(state, b)


def test_the_timeout_closes_the_window_and_a_pending_give_defaults_to_stay():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="5D")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(a, f"snap {b}.0")
    state.timeout()
    assert state.deadline is None and state.to_act == (b,) and state.layouts[b][0] == -1
    assert sum(c >= 0 for c in state.layouts[a]) == 4


def test_the_next_player_starting_his_turn_closes_the_window():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="5D 3C")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(b, "draw")
    assert state.deadline is None and state.legal(a) == []


def test_a_layout_emptied_by_snaps_ends_the_round_at_once():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="5D 6D 7D 8D")
    state.apply(a, "draw"); state.apply(a, "discard"); state.apply(a, f"snap {a}.0")
    state.apply(b, "draw"); state.apply(b, "discard"); state.apply(a, f"snap {a}.1")
    state.apply(a, "draw"); state.apply(a, "discard")      # a 7: a power; snap first, then skip it
    state.apply(a, f"snap {a}.2"); state.apply(a, "skip")
    state.apply(b, "draw"); state.apply(b, "discard"); state.apply(a, f"snap {a}.3")
    assert state.round_no == 2 and state.sheet.rows[0][2]["raw"][a] == 0
    assert any(e["type"] == "empty" and e["seat"] == a for e in state.events)


def test_seven_or_eight_peeks_at_an_own_card_only_while_the_window_is_open():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="7D 3C")
    state.apply(a, "draw")
    state.apply(a, "discard")
    assert state.phase == "power" and {"peek 0", "skip"} <= set(legal(state, a))
    state.apply(a, "peek 0")
    assert layout(state, a, a)[0] == "5S" and layout(state, b, a)[0] == "##"
    state.apply(b, "draw")
    assert layout(state, a, a)[0] == "##"


def test_nine_or_ten_looks_at_another_players_card():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="9D", memory_aid=True)
    state.apply(a, "draw")
    state.apply(a, "discard")
    assert f"spy {a}.0" not in legal(state, a)
    state.apply(a, f"spy {b}.1")
    state.timeout()
    assert layout(state, a, b)[1] == "9H", "with the memory aid the seen card stays in the view"


def test_jack_swaps_blind_and_the_cards_keep_their_tags():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="JD")
    state.apply(a, "draw")
    state.apply(a, "discard")
    ta, tb = state.tags[a][3], state.tags[b][2]
    state.apply(a, f"jack 3 {b}.2")
    assert str(layout(state, a, a)[3]) == "##" and state.tags[a][3] == tb and state.tags[b][2] == ta
    assert [state.layouts[a][3], state.layouts[b][2]] == [state.layouts[a][3], state.layouts[b][2]]
    assert state.view(a)["layouts"][a][3] == "##"


def test_queen_looks_at_two_cards_and_may_trade_them():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="QD")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(a, f"look 3 {b}.0")
    assert layout(state, a, a)[3] == "8S" and layout(state, a, b)[0] == "5H" and legal(state, a)[:2] == ["trade", "keep"]
    state.apply(a, "trade")
    assert layout(state, a, a)[3] == "5H" and layout(state, a, b)[0] == "8S"


def test_the_knockers_cards_are_frozen():
    state, (a, b, c) = start(A_CARDS, B_CARDS, "2C 3C 4C 5C", players=3, stock="JD 5D")
    state.apply(a, "knock")
    state.apply(b, "draw")
    state.apply(b, "discard")
    assert not any(m.startswith(f"jack 0 {a}.") for m in legal(state, b))
    assert f"jack 0 {c}.0" in legal(state, b)
    state.apply(b, "skip")
    state.apply(c, "draw")
    state.apply(c, "discard")
    assert not any(m.startswith(f"snap {a}.") for m in legal(state, b))
    assert f"snap {c}.3" in legal(state, b)


def test_scoring_red_king_minus_one_black_king_ten_and_the_knock_penalty():
    state, (a, b) = start("KH KD AS 2S", "KS KC 3H 3D", stock="4C")
    state.apply(a, "knock")
    state.apply(b, "draw")
    state.apply(b, "discard")
    state.timeout()
    assert state.sheet.rows[0][2]["raw"] == [1 if s == a else 26 for s in range(2)]
    assert state.sheet.rows[0][1][a] == 1, "the knocker has the lowest score: no penalty"


def test_jokers_are_a_variant_worth_zero():
    game = Kaboo(players=2, jokers=True)
    assert len(game.new(seed=1).round_cards()) == 54
    state, (a, b) = start("JK JK AS 2S", "KS KC 3H 3D", stock="4C", jokers=True)
    state.apply(a, "knock")
    state.apply(b, "draw")
    state.apply(b, "discard")
    state.timeout()
    assert state.sheet.rows[0][2]["raw"][a] == 3


def test_snap_actions_are_checked():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="5D")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(a, "pass")
    with pytest.raises(IllegalAction):
        state.apply(a, f"snap {b}.0")
    with pytest.raises(IllegalAction, match="SEAT.SLOT"):
        state.apply(b, "snap 3")
