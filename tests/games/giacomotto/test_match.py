"""The match: packs are scored and added up; it ends once a side has reached the target (Q12)."""

from __future__ import annotations

import pytest

from .helpers import first_legal, load, pack_events, play_pack, recount, sides


def first_pack_points(players: int, seed: int) -> list[int]:
    """Pack 1's points by the rules, recounted from its plays (the policy is always the first legal action)."""
    probe = load(players, target=10_000).new(seed=seed)
    play_pack(probe, first_legal)
    return recount(pack_events(probe, 1), sides(players))["points"]


def winners_of(players: int, side: int) -> tuple[int, ...]:
    return tuple(s for s in range(players) if sides(players)[s] == side)


@pytest.mark.parametrize("players,seed", [(2, 0), (4, 0)])
def test_one_side_reaching_the_target_wins(players, seed):
    points = first_pack_points(players, seed)
    assert points[0] != points[1]
    high = points.index(max(points))
    state = load(players, target=max(points)).new(seed=seed)  # only the higher side reaches it
    play_pack(state, first_legal)
    assert state.over and state.to_act == () and state.winners == winners_of(players, high)
    assert state.scores == tuple(points[sides(players)[s]] for s in range(players))
    assert state.events[-1]["type"] == "end"


@pytest.mark.parametrize("players,seed", [(2, 0), (4, 0)])
def test_both_sides_over_the_target_the_higher_wins(players, seed):
    points = first_pack_points(players, seed)
    assert 0 < min(points) < max(points)
    state = load(players, target=min(points)).new(seed=seed)  # both sides reach it in the same pack
    play_pack(state, first_legal)
    assert state.over and state.winners == winners_of(players, points.index(max(points)))


@pytest.mark.parametrize("players,seed", [(2, 6), (4, 7)])
def test_an_exact_tie_over_the_target_plays_another_pack(players, seed):
    points = first_pack_points(players, seed)
    assert points[0] == points[1] > 0  # the case this test is about
    state = load(players, target=points[0]).new(seed=seed)
    play_pack(state, first_legal)
    assert not state.over and state.view(None)["pack"] == 2 and state.to_act
    while not state.over:
        play_pack(state, first_legal)
    totals = state.sheet.totals
    assert totals[0] != totals[1] and max(totals) >= points[0]
    assert state.winners == winners_of(players, totals.index(max(totals)))


@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_match_to_101(players):
    state = load(players).new(seed=5)
    assert state.game.options["target"] == 101 and state.view(None)["options"]["target"] == 101
    totals = [0, 0]
    pack = 1
    while not state.over:
        play_pack(state, first_legal)
        points = recount(pack_events(state, pack), sides(players))["points"]
        totals = [totals[s] + points[s] for s in (0, 1)]
        assert list(state.sheet.totals) == totals
        assert state.over == (max(totals) >= 101 and totals[0] != totals[1])
        pack += 1
    assert state.winners == winners_of(players, totals.index(max(totals)))
    assert state.scores == tuple(totals[sides(players)[s]] for s in range(players))
    assert state.legal(state.winners[0]) == [] and state.to_act == ()
