"""Every rule and ruling of the Claw (rules/claw.md §14), from stacked caller's decks."""

from __future__ import annotations

import pytest

import parlour
from parlour.core.cards import CODES, card, deck
from parlour.core.errors import BadOption, IllegalAction
from parlour.core.rng import Rng
from parlour.games.claw.state import COLS, HEIGHT, JITTER, ROWS, WIDTH

from .helpers import called, new


def test_the_whole_deck_lies_face_up_at_places_and_angles_from_the_seed() -> None:
    state = new(seed=3)
    spread = state.view(0)["spread"]
    assert sorted(c for c, *_ in spread) == sorted(CODES[c] for c in deck())
    cells = set()
    for _, x, y, angle in spread:
        col, row = int(x * COLS / WIDTH), int(y * ROWS / HEIGHT)
        cx, cy = (col + 0.5) * WIDTH / COLS, (row + 0.5) * HEIGHT / ROWS
        assert abs(x - cx) <= JITTER + 1 and abs(y - cy) <= JITTER + 1 and 0 <= angle < 360
        cells.add((col, row))
    assert len(cells) == 52, "one card to a cell: no card hides another's middle"
    assert new(seed=3).view(1)["spread"] == spread and new(seed=4).view(0)["spread"] != spread


def test_a_pause_then_the_table_calls_the_first_card() -> None:
    state = new(calls="QH 2C")
    assert state.phase == "pause" and state.to_act == () and state.deadline == 3.0
    with pytest.raises(IllegalAction, match="has not called the next card yet"):
        state.apply(0, "claim QH @1")
    state.timeout()
    assert (state.phase, state.call_no, state.view(0)["card"]) == ("call", 1, "QH")
    assert state.to_act == (0, 1, 2) and state.deadline == 8.0
    assert state.events[-1] == {"type": "call", "call": 1, "card": "QH", "by": None}


def test_the_first_right_claim_wins_the_card() -> None:
    state = called(new(calls="QH 2C"))
    state.apply(1, "claim QH @1")
    assert state.piles[1] == [card("QH")] and "QH" not in str(state.view(0)["spread"])
    assert state.phase == "pause" and state.deadline == 1.5 and state.to_act == ()
    with pytest.raises(IllegalAction, match="has not called"):
        state.apply(2, "claim QH @1")
    assert state.view(2)["last"] == {"call": 1, "card": "QH", "seat": 1, "how": "taken"}
    state.timeout()
    assert state.view(0)["card"] == "2C" and state.call_no == 2


@pytest.mark.parametrize("first", [0, 2])
def test_two_claims_at_once_the_first_to_arrive_wins(first: int) -> None:
    state = called(new(calls="QH"))
    second = 2 - first
    state.apply(first, "claim QH @1")
    with pytest.raises(IllegalAction):
        state.apply(second, "claim QH @1")
    assert len(state.piles[first]) == 1 and state.piles[second] == []


def test_a_wrong_claim_sits_out_the_rest_of_the_call_and_the_next_two() -> None:
    state = called(new(calls="QH 2C 3C 4C 5C"))
    state.apply(0, "claim QD @1")
    assert state.events[-1] == {"type": "claim", "seat": 0, "card": "QD", "call": 1, "result": "wrong"}
    assert "QD" in str(state.view(0)["spread"]), "the wrong card goes back where it lay"
    assert state.to_act == (1, 2) and state.view(1)["sitting"] == [2, 0, 0] and state.view(1)["blocked"] == [0]
    with pytest.raises(IllegalAction, match="sits out this call and 2 more"):
        state.apply(0, "claim QH @1")
    state.apply(1, "claim QH @1")
    for call in (2, 3):
        called(state)
        assert state.call_no == call and 0 not in state.to_act
    called(state)
    assert state.call_no == 4 and 0 in state.to_act


def test_a_claim_for_a_call_that_is_over_is_refused_and_changes_nothing() -> None:
    state = called(new(calls="QH 2C"))
    state.apply(1, "claim QH @1")
    called(state)
    before = state.view(0)
    with pytest.raises(IllegalAction, match="call 1 is over; the call now is number 2"):
        state.apply(0, "claim QH @1")
    with pytest.raises(IllegalAction, match="QH is not on the table"):
        state.apply(0, "claim QH @2")
    with pytest.raises(IllegalAction, match="cannot read"):
        state.apply(0, "claim 2C")
    assert state.view(0) == before and state.out_until == [0, 0, 0]


def test_a_call_nobody_wins_closes_at_its_deadline_and_its_card_stays() -> None:
    state = called(new(calls="QH 2C"))
    state.timeout()
    assert state.events[-1] == {"type": "missed", "card": "QH", "call": 1} and state.phase == "pause"
    assert "QH" in [c for c, *_ in state.view(0)["spread"]]
    called(state)
    state.apply(0, "claim QH @2")  # never called again: claiming it now is wrong
    assert state.events[-1]["result"] == "wrong"


def test_when_nobody_may_claim_the_call_closes_at_once() -> None:
    state = called(new(players=2, calls="QH 2C 3C"))
    state.apply(0, "claim QD @1")
    state.apply(1, "claim QS @1")
    assert state.phase == "pause" and state.events[-1]["type"] == "missed"
    state.timeout()
    assert state.call_no == 2 and state.phase == "pause" and state.events[-1]["type"] == "missed"


def test_a_card_the_worn_deck_lost_is_skipped_at_once() -> None:
    probe = new(seed=2, lost=3)
    lost = [CODES[c] for c in probe.lost]
    assert len(lost) == 3 and all(c not in str(probe.view(0)["spread"]) for c in lost)
    state = called(new(seed=2, lost=3, calls=f"{lost[0]} {lost[1]} KS"))
    assert state.call_no == 3 and state.view(0)["card"] == "KS" and state.phase == "call"
    assert [e.get("absent") for e in state.events if e["type"] == "call"] == [True, True, None]


def test_the_match_ends_when_the_callers_deck_is_used_up_and_most_cards_win() -> None:
    from parlour.bots import make, play_match

    game = parlour.load("claw", players=3)
    final, record = play_match(game, [make(b, game, s, seed=s) for s, b in enumerate(["sharp", "sharp", "random"])],
                               seed=8)
    assert final.over and final.calls == [] and final.call_no == 52 and final.to_act == ()
    best = max(final.scores)
    assert final.winners == tuple(s for s in range(3) if final.scores[s] == best)
    assert final.sheet.rows[0][1] == final.scores and record is not None
    assert record.replay().view(None) == final.view(None)
    final.audit()


def test_ties_share_the_win_and_a_bare_table_ends_the_match() -> None:
    present = [c for c, *_ in new(players=2, lost=26).view(0)["spread"]]
    state = called(new(players=2, lost=26, calls=" ".join(present)))
    seat = 0
    while not state.over:  # claim every card on the table as it is called, in turn
        if state.phase == "pause":
            state.timeout()
            continue
        card = state.view(0)["card"]
        state.apply(seat, f"claim {card} @{state.call_no}")
        seat = 1 - seat
    assert len(present) == 26 and state.scores == (13, 13) and state.winners == (0, 1)
    assert state.calls, "the table was bare before the caller's deck ran out"


def test_contest_the_first_to_four_tugs_wins_at_once() -> None:
    state = called(new(calls="QH", contest=True))
    state.apply(0, "claim QH @1")
    assert state.phase == "drag" and state.deadline == 1.5 and state.view(1)["drag"]["taps"] == [1, 0, 0]
    for seat in (2, 2, 0, 2):
        state.apply(seat, "tug @1")
    assert state.view(0)["drag"]["taps"] == [2, 0, 3]
    state.apply(2, "tug @1")
    assert state.piles[2] and state.phase == "pause"


def test_contest_at_the_deadline_most_tugs_win_and_a_tie_tears_the_card() -> None:
    state = called(new(calls="QH 2C", contest=True))
    state.apply(0, "claim QH @1")
    state.apply(1, "tug @1")
    state.timeout()
    assert state.torn and state.events[-1] == {"type": "torn", "card": "QH", "call": 1, "seats": [0, 1]}
    assert state.scores == (0, 0, 0) and "QH" not in str(state.view(0)["spread"])
    called(state)
    state.apply(2, "claim 2C @2")
    state.timeout()  # nobody contested: the claimer's one tug is the most
    assert len(state.piles[2]) == 1


def test_contest_a_seat_on_the_bench_may_not_tug() -> None:
    state = called(new(calls="QH", contest=True))
    state.apply(1, "claim QD @1")
    state.apply(0, "claim QH @1")
    assert state.to_act == (0, 2)
    with pytest.raises(IllegalAction, match="sits out"):
        state.apply(1, "tug @1")


def test_rotating_caller_calls_when_he_likes_and_does_not_claim_his_call() -> None:
    state = new(seed=1, calls="QH 2C", caller="rotating")
    caller = state.caller
    assert state.to_act == (caller,) and [str(a) for a in state.legal(caller)] == ["call"] and state.deadline == 3.0
    state.apply(caller, "call")
    assert state.events[-1] == {"type": "call", "call": 1, "card": "QH", "by": caller}
    assert caller not in state.to_act
    with pytest.raises(IllegalAction, match="the caller does not claim"):
        state.apply(caller, "claim QH @1")
    claimer = state.to_act[0]
    state.apply(claimer, "claim QH @1")
    assert state.caller == (caller + 1) % 3 and state.deadline == 5.0
    state.timeout()  # the next caller dawdles: the table calls for him
    assert state.events[-1]["by"] is None and state.call_no == 2


def test_options_are_checked() -> None:
    with pytest.raises(BadOption, match="one of"):
        parlour.load("claw", caller="me")
    with pytest.raises(BadOption, match="0..26"):
        parlour.load("claw", lost=30)
    with pytest.raises(BadOption, match="played by"):
        parlour.load("claw", players=9)


def test_views_are_open_but_for_the_order_of_the_calls_to_come() -> None:
    state = called(new(calls="QH 2C 3C"))
    v0, spectator = state.view(0), state.view(None)
    assert v0["spread"] == spectator["spread"] and spectator["legal"] == []
    assert v0["legal"] == [f"claim {c} @1" for c, *_ in v0["spread"]]
    assert v0["called"] == ["QH"] and v0["calls_left"] == 51 and "2C" not in str(v0["log"])
    d = state.game.determinize(v0, Rng(5))
    assert d.view(0) == v0 and d.calls != state.calls
