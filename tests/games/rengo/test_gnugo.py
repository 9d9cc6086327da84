"""Our Go against GNU Go: handicap placement, and the count of finished games against GNU Go's own
``final_score``; the GNU Go bot plays whole games, proposes the dead stones and agrees with itself.

A longer series than the suite runs (each game about ten seconds):

    GO_GNUGO_GAMES=20 python -m pytest tests/games/rengo/test_gnugo.py -k final_score
"""

from __future__ import annotations

import os

import pytest

import parlour
from parlour.bots import available, default, make, play_match
from parlour.games.rengo.bots import follow, gnugo
from parlour.games.rengo.gtp import Engine, gnugo_path
from parlour.games.rengo.points import geometry, handicap_points

pytestmark = pytest.mark.skipif(gnugo_path() is None, reason="GNU Go is not installed (scripts/test installs it)")

GAMES = int(os.environ.get("GO_GNUGO_GAMES", "3"))


@pytest.fixture(scope="module")
def referee():
    """A GNU Go of its own, to count positions: Chinese rules (area)."""
    engine = Engine(chinese=True)
    yield engine
    engine.close()


def test_handicap_stones_sit_where_gnugo_puts_them(referee):
    for size, most in ((9, 9), (13, 9), (19, 9)):
        referee.gtp.command(f"boardsize {size}")
        for stones in range(2, most + 1):
            referee.gtp.command("clear_board")
            theirs = sorted(referee.gtp.command(f"fixed_handicap {stones}").split())
            ours = sorted(geometry(size).name(p) for p in handicap_points(size, stones))
            assert ours == theirs, (size, stones)


def gnugo_count(engine: Engine, state) -> str:
    """GNU Go's ``final_score`` of the game's final position."""
    follow(engine, state)
    return engine.final_score()


@pytest.mark.parametrize("seed", range(GAMES))
def test_final_score_of_finished_games_matches_gnugo(seed, referee):
    """GNU Go plays both sides (level 1, quick) to two passes; its bot marks the dead stones; our area count
    must be GNU Go's own final score."""
    game = parlour.load("go", size=9, komi=7.5, handicap=2 if seed % 3 == 2 else 0)
    bots = [make("gnugo-1", game, s, seed=seed) for s in range(2)]
    state, record = play_match(game, bots, seed=seed)
    assert state.count is not None, f"the game ended by {state.result}, not by a count"
    assert state.result == gnugo_count(referee, state).replace(".0", "")


def test_the_bots_mark_what_gnugo_calls_dead():
    game = parlour.load("go", size=9)
    bots = [make("gnugo-1", game, s, seed=7) for s in range(2)]
    state, _ = play_match(game, bots, seed=7)
    engine = Engine(chinese=True)
    try:
        gnugo_count(engine, state)
        dead = sorted(engine.dead_stones())
    finally:
        engine.close()
    assert sorted(state.view(None)["dead"]) == dead
    assert [e["type"] for e in state.events[-4:]][-3:] == ["accept", "score", "end"]


def test_gnugo_plays_rengo_in_the_team_order():
    """GNU Go and MCTS partners: each bot plays its colour when its turn in its team comes."""
    game = parlour.load("rengo", size=9, players=4)
    bots = [make(level, game, s, seed=3) for s, level in enumerate(("gnugo-1", "mcts", "gnugo-4", "mcts"))]
    for b in bots[1::2]:
        b.simulations, b.seconds = 30, 5.0
    state = game.new(seed=3)
    seats = []
    for _ in range(10):
        seat = state.to_act[0]
        seats.append(seat)
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal(seat)))
    assert seats == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]
    assert sum(a.startswith("play") for a in state.actions) >= 8  # stones, not passes, this early


def test_the_default_level_is_the_strongest_for_the_board():
    """On 9×9 the compiled tree search (it beats GNU Go level 10 there); on bigger boards GNU Go's level 10."""
    nine, big = parlour.load("go", size=9), parlour.load("go", size=13)
    compiled = parlour.native.engine().compiled
    assert default(nine) == ("mcts-rave" if compiled else "gnugo")
    assert default(big) == "gnugo" and default(parlour.load("rengo", size=19)) == "gnugo"
    assert default(parlour.load("rengo", size=9)) == default(nine)


def test_gnugo_is_offered_where_it_is_installed(monkeypatch):
    game = parlour.load("go")
    assert available(game)[:6] == ["gnugo", "gnugo-7", "gnugo-4", "gnugo-1", "mcts-rave", "mcts"]  # strongest first
    monkeypatch.setattr("parlour.games.rengo.bots.gnugo_path", lambda: None)
    assert available(game)[0] == "mcts-rave" and not any(b.startswith("gnugo") for b in available(game))
    with pytest.raises(parlour.core.BadOption, match="'gnugo' cannot play here"):
        make("gnugo", game, 0)
    assert gnugo(5).level == 5 and gnugo(5).name == "gnugo-5"
