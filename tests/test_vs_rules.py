"""The independent rule-based players of bench/rules_players and the ``bench vs-rules`` benchmark.

Each player only ever plays a legal action, beats a random player clearly (a random player given the same
reaction times in the real-time games: a random bot acting at once would win every race by speed alone), and the
bench runs end to end at tiny sizes.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import parlour
from bench import vs_rules
from bench.rules_players import PLAYERS
from parlour.bots import play_match
from parlour.core.bot import Bot, RandomBot
from parlour.core.game import Action

GAMES = ["testoasa", "golf6", "crazy-nines", "spoons", "claw"]
#: Short matches for the tests: fewer rounds, a shorter word.
QUICK = {"testoasa": {"rounds": 3}, "golf6": {"rounds": 3}, "crazy-nines": {"rounds": 2}, "spoons": {"word": "SP"},
         "claw": {}}


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


@pytest.mark.parametrize("game_id", GAMES)
def test_only_legal_actions(game_id: str) -> None:
    game = parlour.load(game_id, players=3, **QUICK[game_id])
    for seed in range(3):
        players = [Checked(PLAYERS[game_id](game, s, seed + s)) if s != 1 else opponent(game, s, seed)
                   for s in range(3)]
        state, _ = play_match(game, players, seed=seed, record=False)
        assert state.over
        assert all(p.choices > 0 for p in players if isinstance(p, Checked))


@pytest.mark.parametrize("game_id", GAMES)
def test_beats_random(game_id: str) -> None:
    """Heads-up against random, seats exchanged on each shuffle: the rule-based player wins at least 80%."""
    game = parlour.load(game_id, players=2, **QUICK[game_id])
    matches = 12 if game_id == "crazy-nines" else 24
    wins = 0.0
    for k in range(matches // 2):
        for me in (0, 1):
            players = [PLAYERS[game_id](game, s, k) if s == me else opponent(game, s, k) for s in range(2)]
            state, _ = play_match(game, players, seed=100 + k, record=False)
            wins += (me in state.winners) / len(state.winners)
    assert wins >= 0.8 * matches, f"{game_id}: the rule-based player won only {wins} of {matches} against random"


@pytest.mark.parametrize("game_id", ["golf6", "spoons", "claw"])
def test_bench_end_to_end(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert vs_rules.main([game_id, "--matches", "2", "--seed", "3", "--json", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == game_id and data["matches"] == 2
    assert data["bot"]["name"] == parlour.bots.default(parlour.load(game_id))
    assert abs(data["bot"]["win_rate"] + data["rules"]["win_rate"] - 1.0) < 1e-9
    lo, hi = data["rules"]["wilson95"]
    assert 0.0 <= lo <= data["rules"]["win_rate"] <= hi <= 1.0


def test_bench_refuses_a_game_without_a_player(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        vs_rules.main(["tarok", "--matches", "2"])
    assert "no rule-based player for 'tarok'" in capsys.readouterr().err


def test_same_clock_takes_the_default_bots_delays(capsys: pytest.CaptureFixture[str]) -> None:
    """``--clock default-bot``: the rules player's actions land after the default bot's own delay for them."""
    game = parlour.load("spoons", players=2, word="S")
    state = game.new(seed=2)
    state.timeout()  # the countdown ends: the pile-holder holds five cards and must pass
    seat = state.to_act[0]
    view, legal = state.bot_view(seat), state.legal(seat)
    assert legal
    player = vs_rules.SameClock(PLAYERS["spoons"](game, seat, 1), parlour.bots.make("steady", game, seat, seed=5))
    twin = parlour.bots.make("steady", game, seat, seed=5)
    action = player.choose(view, legal)
    twin.choose(view, legal)
    assert player.delay(view, action) == twin.delay(view, action)
    assert vs_rules.main(["claw", "--matches", "2", "--clock", "default-bot", "--json", "--quiet"]) == 0
    assert json.loads(capsys.readouterr().out)["clock"] == "default-bot"


def test_doctests() -> None:
    import doctest

    result = doctest.testmod(vs_rules)
    assert result.attempted > 0 and result.failed == 0
