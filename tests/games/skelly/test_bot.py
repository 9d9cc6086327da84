"""The bots: they aim at their next target with a hand that shakes by level, hunt as killers, and the ace weighs its
options. The measured series behind NOTES.md's figures is a command there (too long for the suite):

    python -m parlour.bots.series skelly ace random --alone --matches 40
"""

from __future__ import annotations

import math
import statistics

import parlour
from parlour.bots import make
from parlour.bots.series import series
from parlour.core.rng import Rng
from parlour.games.skelly.actions import Flick
from parlour.games.skelly.bot import AceBot, RegularBot, RookieBot, gauss

from .helpers import position


def test_bots_are_listed_strongest_first_and_say_how_they_play():
    assert list(parlour.load("skelly").bots) == ["ace", "regular", "rookie"]
    assert AceBot.aim_error < RegularBot.aim_error < RookieBot.aim_error
    assert AceBot.power_error < RegularBot.power_error < RookieBot.power_error


def test_the_shake_is_normal_with_the_bots_own_size():
    rng = Rng(4)
    draws = [gauss(rng) for _ in range(4000)]
    assert abs(statistics.mean(draws)) < 0.05 and abs(statistics.stdev(draws) - 1) < 0.05
    game = parlour.load("skelly", players=3)
    bot = make("rookie", game, 0, seed=9)
    angles = [bot.shake(Flick.of(900, 500)).angle for _ in range(400)]
    assert abs(statistics.stdev(angles) - RookieBot.aim_error) < 0.5


def test_each_bot_aims_its_first_shot_at_box_1():
    for name in ("ace", "regular", "rookie"):
        state = position("turn 0")
        bot = make(name, state.game, 0, seed=2)
        f = bot.choose(state.view(0), state.legal(0))
        assert abs(f.angle - 90) < 4 * type(bot).aim_error  # straight up from the start line
    state = position("turn 0")
    for seed in range(4):  # the ace's steady hand puts it in box 1
        shot = state.clone()
        shot.apply(0, make("ace", state.game, 0, seed=seed).choose(state.view(0), state.legal(0)))
        assert shot.progress[0] == 1


def test_a_killer_bot_hunts_the_nearest_cap():
    state = position("0: -0.85,-0.85 killer; 1: 0.85,0.85; 2: -0.5,0.2; turn 0")
    f = make("regular", state.game, 0, seed=1).choose(state.view(0), state.legal(0))
    bearing = math.degrees(math.atan2(0.2 + 0.85, -0.5 + 0.85))  # towards seat 2's cap, the nearer
    assert abs(f.angle - bearing) < 5


def test_the_ace_hits_a_killer_to_become_one_and_never_in_the_variant_where_that_puts_it_out():
    setup = "0: -0.85,-0.85 next 3; 1: -0.6,-0.6 killer; turn 0"
    state = position(setup)
    state.apply(0, make("ace", state.game, 0, seed=1).choose(state.view(0), state.legal(0)))
    assert state.killer[0]
    state = position(setup, killer_hit="out")
    state.apply(0, make("ace", state.game, 0, seed=1).choose(state.view(0), state.legal(0)))
    assert state.out[0] is None and not state.killer[0]


def test_the_ace_beats_random_players():
    game = parlour.load("skelly", players=3, shots=30)
    tally = series(game, "ace", "random", matches=3, seed=1, progress=False, alone=True)
    assert tally.wins == 3
