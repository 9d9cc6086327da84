"""Our Go against OpenSpiel's ``go`` over random games: legal moves, captures, the end of play, the winner.

OpenSpiel forbids only the simple ko (and ends a game, drawn, on any other repetition), we forbid every earlier
position (positional superko). So at every step our legal points must be OpenSpiel's less exactly those that
OpenSpiel says repeat a position. A longer series than the suite runs:

    GO_GAMES=1000 python -m pytest tests/games/rengo/test_openspiel.py
"""

from __future__ import annotations

import os
import random

import pytest

import parlour
from parlour.core.rng import Rng

pyspiel = pytest.importorskip("pyspiel")


def openspiel_board(state, size: int) -> list[str]:
    """OpenSpiel's board as our view draws it: the top row first, ``X``, ``O``, ``.``."""
    lines = str(state).splitlines()[2:2 + size]
    return [line[3:].replace("+", ".") for line in lines]


def play_against_openspiel(size: int, seed: int, handicap: int = 0) -> dict[str, int]:
    """One random game in both engines, checked step by step; returns counts of what was compared."""
    ours = parlour.load("go", size=size, komi=7.5, handicap=handicap).new(seed=seed)
    theirs = pyspiel.load_game("go", {"board_size": size, "komi": 7.5, "handicap": handicap,
                                      "max_game_length": 100_000}).new_initial_state()
    rnd = random.Random(seed)
    points = size * size
    seen = {"moves": 0, "superko": 0, "captures": 0}
    assert openspiel_board(theirs, size) == ours.board.rows()
    while ours.phase == "play":
        seat = ours.to_act[0]
        legal = [a for a in ours.legal(seat) if str(a) != "resign"]
        mine = {a.point(size) for a in legal if a.kind == 0}
        os_legal = set(theirs.legal_actions()) - {points}
        assert mine <= os_legal, f"we allow what OpenSpiel does not: {mine - os_legal}"
        for extra in os_legal - mine:  # each one must repeat a position (OpenSpiel then ends the game drawn)
            probe = theirs.clone()
            probe.apply_action(extra)
            assert probe.is_terminal() and probe.returns() == [0.0, 0.0]
            seen["superko"] += 1
        action = rnd.choice(legal)
        before = ours.board.captures[:]
        ours.apply(seat, action)
        theirs.apply_action(points if str(action) == "pass" else action.point(size))
        assert not theirs.is_terminal() or ours.phase == "scoring"
        assert openspiel_board(theirs, size) == ours.board.rows()
        seen["moves"] += 1
        seen["captures"] += ours.board.captures != before
    assert theirs.is_terminal(), "two passes end OpenSpiel's game too"
    # With no stone marked dead, our area count is Tromp-Taylor's: the same winner.
    ours.apply(ours.to_act[0], "accept")
    ours.apply(ours.to_act[0], "accept")
    black_won = ours.count.margin > 0
    assert theirs.returns() == ([1.0, -1.0] if black_won else [-1.0, 1.0])
    return seen


#: Random 9×9 games in the suite (the environment variable GO_GAMES asks for more).
GAMES = int(os.environ.get("GO_GAMES", "30"))


def test_random_9x9_games_agree_with_openspiel():
    games = GAMES
    totals = {"moves": 0, "superko": 0, "captures": 0}
    for seed in range(games):
        for key, n in play_against_openspiel(9, seed).items():
            totals[key] += n
    assert totals["moves"] > 60 * games and totals["captures"] > 5 * games  # real games, with captures


@pytest.mark.parametrize("size, seed, handicap", [(13, 1, 0), (19, 2, 0), (19, 3, 4), (19, 4, 9)])
def test_bigger_boards_and_handicaps_agree_with_openspiel(size, seed, handicap):
    assert play_against_openspiel(size, seed, handicap)["moves"] > 100


def test_a_superko_difference_is_met_and_explained():
    """Among random games some step offers a move OpenSpiel allows and we forbid: the check above is not idle."""
    found = sum(play_against_openspiel(9, seed)["superko"] for seed in (1588,))
    assert found >= 1


def test_the_view_rebuilds_the_same_engine_state():
    state = parlour.load("go", size=9).new(seed=5)
    rnd = random.Random(5)
    while state.phase == "play" and len(state.actions) < 60:
        legal = [a for a in state.legal(state.to_act[0]) if str(a) != "resign"]
        state.apply(state.to_act[0], rnd.choice(legal))
    again = state.game.determinize(state.view(0), Rng(0))
    assert again.board.hash == state.board.hash and again.board.seen == state.board.seen
