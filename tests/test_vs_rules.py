"""bench vs-rules and its independent rule-based players: legal play, clearly better than random, the bench's output.

Every series here is seeded and every bot in it deterministic (the rule-based players and ``random``), so the
figures checked are the same on every run; the thresholds sit well inside what a player that plays by its rules
reaches and far above what random play does. In the real-time games random is given the rule-based player's
reaction times (a random bot acting at once would win every race by speed alone).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import parlour
from bench import vs_rules
from bench.rules_players import PLAYERS
from parlour.bots import make, play_match
from parlour.core.bot import Bot, RandomBot
from parlour.core.game import Action

ROOT = Path(__file__).resolve().parent.parent

#: Short matches for the checks (a game's full match would cost the suite minutes).
QUICK = {"zole": {"hands": 3}, "gami": {}, "kaboo": {"rounds": 2}, "skelly": {"shots": 20}}
GAMES = ["zole", "gami", "kaboo", "skelly"]
#: The golf family and the real-time games, checked at 3 seats and heads-up: fewer rounds, a shorter word.
QUICK_B = {"testoasa": {"rounds": 3}, "golf6": {"rounds": 3}, "crazy-nines": {"rounds": 2}, "spoons": {"word": "SP"},
           "claw": {}}
GAMES_B = list(QUICK_B)


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


class Checked(Bot):
    """Wraps a player: fails the test if it ever chooses an action not in its legal list."""

    name = "checked"

    def __init__(self, inner: Bot) -> None:
        super().__init__(inner.game, inner.seat)
        self.inner = inner
        self.choices = 0

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        action = self.inner.choose(view, legal)
        assert action in legal, f"{type(self.inner).__name__} chose {action} out of {[str(a) for a in legal]}"
        self.choices += 1
        return action

    def delay(self, view: dict[str, Any], action: Action) -> float:
        return self.inner.delay(view, action)


class TimedRandom(RandomBot):
    """A random player with the rule-based player's reaction times (real-time games)."""

    def __init__(self, game: Any, seat: int, seed: int = 0) -> None:
        super().__init__(game, seat, seed)
        self.clock = PLAYERS[game.id](game, seat, seed + 7)

    def delay(self, view: dict[str, Any], action: Action) -> float:
        return self.clock.delay(view, action)


def opponent(game: Any, seat: int, seed: int) -> Bot:
    return TimedRandom(game, seat, seed) if game.realtime else RandomBot(game, seat, seed)


@pytest.mark.parametrize("game_id", GAMES_B)
def test_the_family_and_real_time_players_play_only_legal_actions(game_id: str) -> None:
    game = parlour.load(game_id, players=3, **QUICK_B[game_id])
    for seed in range(3):
        players = [Checked(PLAYERS[game_id](game, s, seed + s)) if s != 1 else opponent(game, s, seed)
                   for s in range(3)]
        state, _ = play_match(game, players, seed=seed, record=False)
        assert state.over
        assert all(p.choices > 0 for p in players if isinstance(p, Checked))


@pytest.mark.parametrize("game_id", GAMES_B)
def test_the_family_and_real_time_players_beat_random_clearly(game_id: str) -> None:
    """Heads-up against random, seats exchanged on each shuffle: the rule-based player wins at least 80%."""
    game = parlour.load(game_id, players=2, **QUICK_B[game_id])
    matches = 12 if game_id == "crazy-nines" else 24
    wins = 0.0
    for k in range(matches // 2):
        for me in (0, 1):
            players = [PLAYERS[game_id](game, s, k) if s == me else opponent(game, s, k) for s in range(2)]
            state, _ = play_match(game, players, seed=100 + k, record=False)
            wins += (me in state.winners) / len(state.winners)
    assert wins >= 0.8 * matches, f"{game_id}: the rule-based player won only {wins} of {matches} against random"


def test_lineups_give_each_side_each_seat_equally():
    for players, seating in ((2, "alone"), (3, "alone"), (4, "alone"), (6, "alone"), (4, "alternate"),
                             (6, "alternate")):
        groups = vs_rules.lineups(players, seating)
        for seat in range(players):
            bot = sum(seat in seats for seats in groups)
            assert bot * 2 == len(groups)  # the bot holds each seat in half the matches, the rules player in half


def test_wilson_interval():
    low, high = vs_rules.wilson(50, 100)
    assert low < 0.5 < high and abs((low + high) / 2 - 0.5) < 1e-9
    assert vs_rules.wilson(0, 10)[0] == pytest.approx(0.0) and vs_rules.wilson(10, 10)[1] == pytest.approx(1.0)


def test_bench_runs_end_to_end_as_json():
    done = bench("zole", "--matches", "6", "--seed", "3", "--bot", "greedy", "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["game"] == "zole" and data["bot"] == "greedy" and data["matches"] == 6
    assert data["options"]["hands"] == 6  # the player's BENCH_OPTIONS: the bench's shorter match
    assert data["bot_alone_wins"]["of"] == 3 and data["player_alone_wins"]["of"] == 3
    assert data["advantage_per_deal"]["groups"] == 1


def test_bench_runs_end_to_end_in_words_with_an_option():
    done = bench("gami", "--matches", "2", "--bot", "random", "-o", "max_plies=40", "--quiet")
    assert done.returncode == 0, done.stderr
    assert "gami (2 players, games=1, max_plies=40): random against rules player GamiPlayer" in done.stdout
    assert "random: won 0, drew 0, lost 2" in done.stdout


@pytest.mark.parametrize("game_id, players", [("golf6", 2), ("spoons", 4), ("claw", 4)])
def test_bench_runs_the_family_and_real_time_games(game_id, players):
    """Golf heads-up (its player's BENCH_PLAYERS); Spoons and the Claw on alternate seats, two a side."""
    done = bench(game_id, "--matches", "2", "--seed", "3", "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["game"] == game_id and data["matches"] == 2 and data["players"] == players
    assert data["bot"] == parlour.bots.default(parlour.load(game_id))
    rate = data["bot_score"] if players == 2 else data["bot_side_wins"]
    assert rate["of"] == 2 and 0.0 <= rate["wilson_95"][0] <= rate["rate"] <= rate["wilson_95"][1] <= 1.0
    assert data["seating"] == ("alone" if players == 2 else "alternate")
    assert data["final_score_difference"]["lower_is_better"] == (game_id != "claw")  # golf points, Spoons letters


def test_same_clock_takes_the_default_bots_delays():
    """``--clock default-bot``: the rules player's actions land after the default bot's own delay for them."""
    game = parlour.load("spoons", players=2, word="S")
    state = game.new(seed=2)
    state.timeout()  # the countdown ends: the pile-holder holds five cards and must pass
    seat = state.to_act[0]
    view, legal = state.bot_view(seat), state.legal(seat)
    assert legal
    player = vs_rules.SameClock(PLAYERS["spoons"](game, seat, 1), make("steady", game, seat, seed=5))
    twin = make("steady", game, seat, seed=5)
    action = player.choose(view, legal)
    twin.choose(view, legal)
    assert player.delay(view, action) == twin.delay(view, action)
    done = bench("claw", "--matches", "2", "--clock", "default-bot", "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["clock"] == "default-bot"


def test_doctests():
    import doctest

    for module in (vs_rules, sys.modules["bench.rules_players"]):
        result = doctest.testmod(module)
        assert result.failed == 0, module.__name__
    assert doctest.testmod(vs_rules).attempted > 0


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
