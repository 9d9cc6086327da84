"""Scoring: thirds and rounding, the difference from 35, bonuses, kontra, the Mond penalty, Klop, wheels,
and the end of the match."""

import random

import pytest

import parlour
from parlour.games.tarok.cards import mask_of_codes as m, rounded, third_points
from parlour.games.tarok.contracts import BEGGAR, KLOP, SOLO_WITHOUT, THREE, TWO
from parlour.games.tarok.scoring import Deal, game_score, score

from .helpers import act, new, play_out


def test_points_are_counted_in_thirds_and_rounded_third_down_two_thirds_up():
    assert third_points(m("KH QH NH")) == 3 * (4 + 3 + 2) + 3
    assert rounded(third_points(m("KH"))) == 4     # 13 thirds = 4 1/3 -> 4
    assert rounded(third_points(m("KH 7C"))) == 5  # 14 thirds = 4 2/3 -> 5


def test_game_score_is_value_plus_difference_from_35():
    assert game_score(THREE, 4, 36, False) == 11
    assert game_score(TWO, 4, 30, False) == -25
    assert game_score(TWO, 4, 36, True) == 20  # option: difference rounded to 5 (1 -> 0)


def deal(**kw):
    base = dict(players=4, contract=TWO, declarer=0, partner=2, won=[0, 0, 0, 0], tricks=[3, 3, 3, 3])
    base.update(kw)
    return Deal(**base)


def test_bonuses_silent_and_announced_and_kontra():
    trula = m("SKIS T21 T1")
    row, detail, won = score(deal(won=[trula | m("KH QH NH JH KD QD ND JD KS QS NS JS"), 0, 0, 0]))
    assert detail["bonuses"]["trula"] == 10 and won
    announced = [0, -1, -1, -1, -1]
    row2, detail2, _ = score(deal(won=[0, trula, 0, 0], announced=announced))
    assert detail2["bonuses"]["trula"] == -20          # announced by the declarer, made by the opponents
    row3, detail3, _ = score(deal(won=[0, trula, 0, 0], announced=announced, kontra=[0, 1, 0, 0, 0, 0]))
    assert detail3["bonuses"]["trula"] == -40          # kontra doubles it


def test_kontra_doubles_the_game():
    a, _, _ = score(deal(contract=BEGGAR, tricks=[0, 4, 4, 4], partner=-1))
    b, _, _ = score(deal(contract=BEGGAR, tricks=[0, 4, 4, 4], partner=-1, kontra=[2, 0, 0, 0, 0, 0]))
    assert a[0] == 70 and b[0] == 280


def test_the_mond_penalty_is_personal():
    row, _, _ = score(deal(mond_lost=1))
    assert row[1] == -21
    row, _, _ = score(deal(contract=BEGGAR, partner=-1, mond_lost=1))
    assert row[1] == 0                                  # none in Beggar


def test_solo_without_valat_scores_250():
    row, _, _ = score(deal(contract=SOLO_WITHOUT, partner=-1, won=[(1 << 54) - 1, 0, 0, 0], tricks=[12, 0, 0, 0]))
    assert row[0] == 250


def test_klop_rules():
    row, _, _ = score(deal(contract=KLOP, won=[m("T2 T3 T4 T5"), m("T6 T7 T8 T9"), m("T10 T11 T12 T13"),
                                               m("T14 T15 T16 T17")], tricks=[1, 1, 1, 1]))
    assert row == [-1, -1, -1, -1]                      # everyone took a trick, nobody over 35: lose your points
    row, _, _ = score(deal(contract=KLOP, won=[0, m("T6"), m("T7"), m("T8")], tricks=[0, 4, 4, 4]))
    assert row == [70, 0, 0, 0]                         # a player without tricks wins 70


def test_a_klop_gives_everyone_a_wheel_and_a_wheel_doubles_the_next_game():
    state = new()
    for p in (1, 2, 3):
        act(state, p, "pass")
    act(state, 0, "bid klop")
    play_out(state)
    assert state.wheels == [1, 1, 1, 1]
    forfeit = new("T20", talon="KH 7C 8C 9C 10C JC")
    forfeit.wheels = [1, 1, 1, 1]
    for p in (1, 2, 3):
        act(forfeit, p, "pass")
    act(forfeit, 0, "bid three", "call king hearts", "forfeit")
    assert min(forfeit.sheet.rows[-1][1]) == -20


def test_the_match_ends_after_the_fixed_rounds_and_leftover_wheels_cost_100():
    state = new(rounds=1)
    while not state.over:
        s = state.to_act[0]
        state.apply(s, state.legal(s)[0])
    assert state.deals == 4
    if any(state.wheels):
        assert state.sheet.rows[-1][0] == "wheels"
        assert state.sheet.rows[-1][1] == tuple(-100 * w for w in state.wheels)


def test_the_skis_round_ends_when_the_skis_holder_has_dealt():
    state = new(skis_after=1)
    while not state.over:
        s = state.to_act[0]
        state.apply(s, state.legal(s)[0])
    last = [e for e in state.events if e["type"] == "last dealer"]
    assert last and state.dealer == last[0]["seat"]


def _point_game_match(seed: int, players: int = 4):
    """A match whose auctions often end in a point game, with random announcements and kontras."""
    state = parlour.load("tarok", players=players, rounds=1).new(seed=seed)
    rng = random.Random(seed)
    while not state.over:
        seat = state.to_act[0]
        options = state.legal(seat)
        if state.phase in (0, 1):  # bid low: pass or the lowest bid; keep the contract
            choice = options[0] if state.phase == 1 or len(options) == 1 or rng.random() < 0.6 else options[1]
        else:
            choice = options[0] if state.phase == 6 and rng.random() < 0.6 else rng.choice(options)
        state.apply(seat, choice)
    return state


def test_the_audit_recounts_games_bonuses_kontras_and_the_mond_from_the_public_events():
    bonuses = set()
    for seed in range(12):
        state = _point_game_match(seed, players=4 if seed % 3 else 3)
        state.audit()
        bonuses |= {b for e in state.events if e["type"] == "score" for b in e.get("bonuses", {})}
    assert {"trula", "kings", "valat"} <= bonuses
    # a bonus written wrong is caught
    state = _point_game_match(1)
    row = next(e for e in state.events if e["type"] == "score" and e.get("bonuses"))
    name = next(iter(row["bonuses"]))
    row["bonuses"][name] += 5
    with pytest.raises(AssertionError, match="bonuses"):
        state.audit()
