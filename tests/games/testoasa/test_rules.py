"""Țestoasa's rules and rulings, each from a stacked deck (rules file section 10)."""

from __future__ import annotations

import pytest

from parlour.core.errors import BadOption, IllegalAction
from parlour.games.testoasa import Testoasa

from memory.helpers import layout, ready_all, seats, stack


def start(*layouts: str, players: int = 2, discard: str | None = None, stock: str = "", **options):
    game = Testoasa(players=players, **options)
    state = game.new(seed=3, deck=stack(game, *layouts, discard=discard, stock=stock))
    return state, seats(state)


def test_deal_peek_window_shows_the_two_near_cards_to_their_owner_only():
    state, (a, b) = start("AS 2S 3S 4S", "5H 6H 7H 8H", discard="9C")
    assert state.phase == "peek" and state.deadline == 5.0 and sorted(state.to_act) == [0, 1]
    assert layout(state, a, a) == ["##", "##", "3S", "4S"]
    assert layout(state, b, a) == ["##"] * 4 and layout(state, None, a) == ["##"] * 4
    assert state.view(a)["discard"] == ["9C"]
    state.apply(a, "ready")
    assert layout(state, a, a) == ["##", "##", "3S", "4S"], "the window is open until everyone is ready"
    state.apply(b, "ready")
    assert layout(state, a, a) == ["##"] * 4 and state.deadline is None
    assert state.to_act == (a,)


def test_the_peek_window_closes_at_its_deadline():
    state, (a, b) = start("AS 2S 3S 4S", peek_seconds=9)
    assert state.deadline == 9.0
    state.timeout()
    assert state.phase == "turn" and state.to_act == (a,) and layout(state, a, a) == ["##"] * 4
    with pytest.raises(IllegalAction):
        state.timeout()


def test_memory_aid_keeps_seen_cards_in_the_view():
    state, (a, b) = start("AS 2S 3S 4S", memory_aid=True)
    ready_all(state)
    assert layout(state, a, a) == ["##", "##", "3S", "4S"] and layout(state, b, a) == ["##"] * 4


def test_draw_and_replace_unseen_the_replaced_card_goes_face_up_to_the_discard():
    state, (a, b) = start("AS 2S 3S 4S", discard="9C", stock="KD QD")
    ready_all(state)
    assert [str(m) for m in state.legal(a)] == ["draw", "take 0", "take 1", "take 2", "take 3", "knock"]
    state.apply(a, "draw")
    assert state.view(a)["drawn"] == "KD" and state.view(b)["drawn"] == "##"
    assert "discard" in map(str, state.legal(a)) and "take 0" not in map(str, state.legal(a))
    state.apply(a, "swap 0")
    assert state.view(a)["discard"] == ["9C", "AS"]
    assert layout(state, a, a)[0] == "##", "without the memory aid the placed card is not shown"
    state.apply(b, "draw")
    state.apply(b, "discard")
    assert state.view(a)["discard"][-1] == "QD" and state.to_act == (a,)


def test_take_the_discard_must_replace_a_card_and_cannot_go_back():
    state, (a, b) = start("AS 2S 3S 4S", discard="9C", memory_aid=True)
    ready_all(state)
    state.apply(a, "take 1")
    assert state.view(a)["discard"] == ["2S"]
    # face down, but its identity is public: every seat that saw it keeps it with the memory aid
    assert layout(state, b, a)[1] == "9C" and layout(state, a, a)[1] == "9C" and state.view(a)["up"][a][1] == 0
    assert layout(state, None, a)[1] == "##"


def test_knock_gives_every_other_player_one_more_turn_and_no_one_else_knocks():
    state, (a, b, c) = start("AS 2S 3S 4S", "KH KS KD KC", "10H 10S 10D 10C", players=3, discard="9C")
    ready_all(state)
    state.apply(a, "knock")
    assert "knock" not in map(str, state.legal(b))
    state.apply(b, "draw")
    state.apply(b, "discard")
    state.apply(c, "draw")
    state.apply(c, "discard")
    row = state.sheet.rows[0]
    # A=1 2 3 4 -> 10, kings 0, tens 40; knocker not lowest: +10
    assert row[1] == tuple({a: 20, b: 0, c: 40}[s] for s in range(3)) and row[2]["closer"] == a
    assert state.round_no == 2


def test_knocker_tied_for_lowest_is_not_penalised_unless_the_option_says_so():
    for tie, extra in ((False, 0), (True, 10)):
        state, (a, b) = start("KH KS 5C 5D", "5H 5S KD KC", discard="9C", tie_penalty=tie)
        ready_all(state)
        state.apply(a, "knock")
        state.apply(b, "draw")
        state.apply(b, "discard")
        assert state.sheet.rows[0][1][a] == 10 + extra and state.sheet.rows[0][1][b] == 10


def test_points_jack_queen_ten_king_zero():
    state, (a, b) = start("JH QS KD AC", "2H 3S 4D 10C", discard="9C")
    ready_all(state)
    state.apply(a, "knock")
    state.apply(b, "draw")
    state.apply(b, "discard")
    assert state.sheet.rows[0][2]["raw"] == [21 if s == a else 19 for s in range(2)]


def test_an_empty_stock_is_refilled_from_the_discard_but_its_top_card():
    game = Testoasa(players=2)
    state = game.new(seed=3, deck=stack(game))
    ready_all(state)
    for _ in range(43):  # the stock holds 52 - 8 - 1 = 43 cards
        seat = state.to_act[0]
        state.apply(seat, "draw")
        state.apply(seat, "discard")
    assert state.events[-1] == {"type": "reshuffle", "cards": 43}
    assert len(state.stock) == 43 and len(state.discard) == 1 and state.round_no == 1
    assert state.view(0)["log"][0]["type"] == "reshuffle", "the log restarts: the reshuffled cards are hidden"


def test_nine_rounds_lowest_total_wins_dealer_rotates():
    game = Testoasa(players=3)
    state = game.new(seed=8)
    dealers = []
    while not state.over:
        if state.phase == "peek":
            dealers.append(state.dealer)
            ready_all(state)
            continue
        seat = state.to_act[0]
        state.apply(seat, "knock" if "knock" in map(str, state.legal(seat)) else "draw")
        if state.phase == "drawn":
            state.apply(seat, "discard")
    assert len(state.sheet.rows) == 9 and [(d - dealers[0]) % 3 for d in dealers] == [i % 3 for i in range(9)]
    assert state.winners == tuple(s for s, t in enumerate(state.scores) if t == min(state.scores))
    state.audit()


def test_bad_options_and_stacks_say_what_is_allowed():
    with pytest.raises(BadOption, match="2, 3, 4, 5, 6, 7, 8"):
        Testoasa(players=9)
    with pytest.raises(BadOption, match="must be in 1..120"):
        Testoasa(peek_seconds=0)
    with pytest.raises(BadOption, match="exactly the round's 52 cards"):
        Testoasa(players=2).new(seed=1, deck=["AS"] * 52)


def test_illegal_actions_say_why_and_change_nothing():
    state, (a, b) = start("AS 2S 3S 4S")
    with pytest.raises(IllegalAction, match="may not act now|not legal"):
        state.apply(a, "draw")
    ready_all(state)
    before = state.view(a)
    with pytest.raises(IllegalAction, match="seat 0 may play|seat 1 may play"):
        state.apply(a, "swap 9")
    with pytest.raises(IllegalAction, match="cannot read"):
        state.apply(a, "hop")
    assert state.view(a) == before
