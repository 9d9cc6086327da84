"""bench vs-rules and its independent rule-based players: legal play, clearly better than random, the bench's output.

Every series here is seeded and every bot in it deterministic (the rule-based players and ``random``), so the
figures checked are the same on every run; the thresholds sit well inside what a player that plays by its rules
reaches and far above what random play does.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import parlour
from bench import vs_rules
from bench.rules_players import PLAYERS
from parlour.bots import make

ROOT = Path(__file__).resolve().parent.parent

#: Short matches for the checks (a game's full match would cost the suite minutes).
QUICK = {"zole": {"hands": 3}, "gami": {}, "kaboo": {"rounds": 2}, "skelly": {"shots": 20}}
GAMES = ["zole", "gami", "kaboo", "skelly"]


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bench", "vs-rules", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_player_plays_only_legal_actions(game_id):
    game = parlour.load(game_id, **QUICK[game_id])
    open_flicks = game_id == "skelly"  # any flick in range is legal there; the listed ones are a sample
    for seed in range(2):
        state = game.new(seed=seed)
        bots = [PLAYERS[game_id](game, s, seed=s) if s % 2 == 0 else make("random", game, s, seed=s)
                for s in range(game.players)]
        chosen = 0
        while not state.over:
            if not state.to_act:
                state.timeout()
                continue
            seat = state.to_act[0]
            legal = state.legal(seat)
            action = bots[seat].choose(state.bot_view(seat), legal)
            if isinstance(bots[seat], PLAYERS[game_id]):
                chosen += 1
                if not open_flicks:
                    assert action in legal, (game_id, seed, str(action), [str(a) for a in legal])
            state.apply(seat, action)  # raises on an illegal action
        assert chosen > 0


def test_the_skelly_player_flicks_beyond_the_listed_sample():
    game = parlour.load("skelly", **QUICK["skelly"])
    state = game.new(seed=1)
    seat = state.to_act[0]
    action = PLAYERS["skelly"](game, seat).choose(state.bot_view(seat), state.legal(seat))
    assert action not in state.legal(seat)  # aimed, not one of the coarse sample
    state.apply(seat, action)
    assert state.view(seat)["caps"][seat]["progress"] == 1  # the first shot, from the line into box 1


@pytest.mark.parametrize("game_id, matches", [("zole", 30), ("gami", 12), ("kaboo", 16), ("skelly", 16)])
def test_the_player_beats_random_clearly(game_id, matches):
    game = parlour.load(game_id, **QUICK[game_id])
    result = vs_rules.run(game, PLAYERS[game_id], "random", matches=matches, seed=11)
    summary = result.summary()
    mean, half = vs_rules.mean_interval(result.groups)
    if game.players == 2:
        assert summary["bot_score"]["rate"] <= 0.15, summary
    else:
        # The rules player alone wins most of its matches against random ones; random alone almost never.
        assert summary["player_alone_wins"]["rate"] >= 0.75, summary
        assert summary["bot_alone_wins"]["rate"] <= 0.1, summary
    assert mean < 0 and mean + half < 0, summary  # random's advantage per deal: below 0, all its interval


def test_lineups_give_each_side_each_seat_equally():
    for players in (2, 3, 4, 6):
        groups = vs_rules.lineups(players)
        for seat in range(players):
            bot = sum(seat in seats for seats in groups)
            assert bot * 2 == len(groups)  # the bot holds each seat in half the matches, the rules player in half


def test_wilson_interval():
    low, high = vs_rules.wilson(50, 100)
    assert low < 0.5 < high and abs((low + high) / 2 - 0.5) < 1e-9
    assert vs_rules.wilson(0, 10)[0] == 0.0 and vs_rules.wilson(10, 10)[1] == 1.0


def test_bench_runs_end_to_end_as_json():
    done = bench("zole", "--matches", "6", "--seed", "3", "--bot", "greedy", "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["game"] == "zole" and data["bot"] == "greedy" and data["matches"] == 6
    assert data["options"]["hands"] == 6  # the player module's setup: the bench's shorter match
    assert data["bot_alone_wins"]["of"] == 3 and data["player_alone_wins"]["of"] == 3
    assert data["advantage_per_deal"]["groups"] == 1


def test_bench_runs_end_to_end_in_words_with_an_option():
    done = bench("gami", "--matches", "2", "--bot", "random", "-o", "max_plies=40", "--quiet")
    assert done.returncode == 0, done.stderr
    assert "gami (2 players, games=1, max_plies=40): random against rules player GamiPlayer" in done.stdout
    assert "random: won 0, drew 0, lost 2" in done.stdout


@pytest.mark.parametrize("args, message", [
    (("tarok",), "no rule-based player for 'tarok'; there are: "),
    (("zole", "--matches", "0"), "--matches must be at least 1, not 0"),
    (("zole", "--bot", "nobody"), "no bot 'nobody' for zole"),
    (("zole", "-o", "hands"), "cannot read option 'hands': write NAME=VALUE"),
])
def test_bench_says_what_was_wrong(args, message):
    done = bench(*args, "--quiet")
    assert done.returncode == 2
    assert message in done.stderr
