"""The search: its own move generator agrees with the engine, and what it proves (won and lost deals) agrees with
an exhaustive look-ahead through the engine itself, with the rules' repetitions, caps and losses."""

from __future__ import annotations

import pytest

import parlour
from parlour.core.rng import Rng
from parlour.games.gami.bot import analyse
from parlour.games.gami.cards import ALL
from parlour.games.gami.search import DECIDED, WIN, Searcher, moves

from .helpers import new, play
from .test_rules import SEVEN_CAPTURES


def random_positions(count: int, seed: int = 0):
    """States met in random play (deals of several seeds, a few plies in)."""
    rng = Rng(seed)
    found = []
    s = 0
    while len(found) < count:
        state = parlour.load("gami").new(seed=s)
        s += 1
        for _ in range(rng.below(12)):
            if state.over:
                break
            state.apply(state.to_act[0], rng.choice(state.legal(state.to_act[0])))
        if not state.over:
            found.append(state)
    return found


def test_the_search_generates_exactly_the_engines_moves():
    for state in random_positions(40):
        seat = state.to_act[0]
        me, opp = state.hands[seat], state.hands[1 - seat]
        tactical, quiet = moves(me, opp, ALL ^ me ^ opp)
        assert sorted(tactical + quiet) == sorted(int(a) for a in state.legal(seat))
        assert len(set(tactical + quiet)) == len(tactical) + len(quiet)


def solve(state, depth: int) -> int | None:
    """By brute force through the engine: +n if the side to move wins within ``depth`` plies (n the plies needed
    at best), -n if it loses within ``depth`` whatever it does (n at the latest), None otherwise."""
    seat = state.to_act[0]
    outcomes: list[int | None] = []
    for action in state.legal(seat):
        child = state.clone()
        child.apply(seat, action)
        if child.over:
            won = child.winners
            outcomes.append(1 if won == (seat,) else -1 if won == (1 - seat,) else None)
        elif depth > 1:
            sub = solve(child, depth - 1)
            outcomes.append(None if sub is None else -(sub + (1 if sub > 0 else -1)))
        else:
            outcomes.append(None)
    wins = [o for o in outcomes if o is not None and o > 0]
    if wins:
        return min(wins)
    if all(o is not None and o < 0 for o in outcomes):
        return min(outcomes)  # the most negative: the longest resistance
    return None


def searched(state, depth: int) -> int:
    seat = state.to_act[0]
    return Searcher(state.game.options["max_plies"]).run(state.hands, seat, state.plies, state.seen,
                                                         max_depth=depth).score


def test_what_the_search_proves_agrees_with_brute_force():
    # Near the end of the seven-capture deal, and a few plies before it: wins by capture, by "stuck", by count.
    first, table, second, moves_ = SEVEN_CAPTURES
    checked = 0
    for upto in (8, 9, 10, 11, 12):
        state = new(first, table, second)
        play(state, *moves_[:upto])
        score = searched(state, 3)
        # At the horizon the search still settles captures, so it may see a little further than 3 plies.
        plies = WIN - abs(score)
        truth = solve(state, max(3, plies) if abs(score) >= DECIDED and plies <= 5 else 3)
        if truth is None:
            assert abs(score) < DECIDED, (upto, score)
        else:
            assert score == (WIN - truth if truth > 0 else -(WIN + truth)), (upto, truth, score)
            checked += 1
    assert checked >= 2


def test_the_search_counts_repetitions_and_the_cap_as_the_rules_do():
    # 10 cards against 8 and the position about to come round a third time: the side ahead ends it by repeating.
    state = new("AH 2H 4H 6C 7C 2D 3D 5D 6D", "3H 8C AC 4D 7H 8D")
    loop = ("exchange 2C AC", "exchange 7C 8C", "exchange AC 2C", "exchange 8C 7C")
    play(state, "exchange 4H 3H take 7D", *loop, *loop[:3])
    # The leader is to move: "exchange 8C 7C" makes the third occurrence, which he wins on cards.
    assert solve(state, 1) == 1
    assert searched(state, 2) == WIN - 1
    capped = new("AH 2H 4H 6C 7C 2D 3D 5D 6D", "3H 8C AC 4D 7H 8D", max_plies=3)
    play(capped, "exchange 4H 3H take 7D", "exchange 2C AC")
    assert solve(capped, 1) == 1 and searched(capped, 2) == WIN - 1  # any move is the last: 10 cards to 8 wins


def test_analyse_gives_a_legal_best_line():
    state = new("AH 2H 4H 6C 7C 2D 3D 5D 6D", "3H 8C AC 4D 7H 8D")
    found = analyse(state, seconds=0.3)
    assert found["to_move"] == state.to_act[0] and found["depth"] >= 2 and found["line"]
    assert found["iterations"][-1]["depth"] == found["depth"]
    replay = state.clone()
    for text in found["line"]:
        replay.apply(replay.to_act[0], text)
    with pytest.raises(ValueError):
        finished = new("5D 6D 7D AH 2H 3H 4H 5H 6H", "AC 3C 5C 7C AD 3D")
        analyse(finished)
