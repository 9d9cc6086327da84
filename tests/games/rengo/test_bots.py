"""The Go bots: MCTS beats random play, ends won games, marks dead stones; every bot's dead-stone agreement.

A measured series (each game some seconds):

    GO_MCTS_GAMES=40 python -m pytest tests/games/rengo/test_bots.py -k beats
    python -m parlour.bots.series go mcts random --matches 40 -o size=9
"""

from __future__ import annotations

import os
import random


import parlour
from parlour.bots import play_match
from parlour.core.bot import Bot
from parlour.games.rengo.board import Board
from parlour.games.rengo.bots import GoBot, MctsBot, RaveBot
from parlour.games.rengo.mcts import dead_chains
from parlour.games.rengo.uct import PASS, Tree

from .helpers import play, start
from .test_rules import FINAL

GAMES = int(os.environ.get("GO_MCTS_GAMES", "1"))


class RandomStones(Bot):
    """Random play: any legal point or a pass, never resigning (a random player that resigns ends games early)."""

    name = "random-stones"

    def choose(self, view, legal):
        return self.rng.choice([a for a in legal if str(a) not in ("resign", "resume")] or legal)


class Quick(MctsBot):
    simulations, seconds = 80, 30.0


def test_mcts_beats_random_play_on_9x9():
    game = parlour.load("go", size=9)
    wins = 0
    for seed in range(GAMES):
        mcts = seed % 2  # MCTS plays White, then Black
        bots = [Quick(game, s, seed) if s == mcts else RandomStones(game, s, seed) for s in range(2)]
        state, _ = play_match(game, bots, seed=seed)
        assert state.count is not None, "the game was counted, not resigned"
        wins += state.winners == (mcts,)
    assert wins == GAMES


def test_mcts_marks_the_dead_stones_from_its_play_outs():
    state = start(FINAL)
    dead = dead_chains(state.board, state.colour, 7.5, random.Random(1), 120)
    names = [state.board.geo.names[p] for p in state.board.geo.list_points(dead)]
    assert names == ["A5", "G5"]


def test_mcts_passes_to_end_a_won_game_and_fills_no_eye():
    state = play(start(FINAL, to_move="W"), "play H5")  # White took the black stone's last hope: Black passes next
    play(state, "pass")
    bot = Quick(state.game, 1, 3)
    assert str(bot.choose(state.view(1), state.legal(1))) == "pass"
    eyes = start("""
        . X . X O . O . .
        X X X X O O O O O
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
    """)
    moves = {str(Quick(eyes.game, 0, seed).choose(eyes.view(0), eyes.legal(0))) for seed in range(3)}
    assert not moves & {"play A9", "play C9"}  # its own eyes


class QuickRave(RaveBot):
    simulations, seconds, marking_playouts = 400, 30.0, 200


def test_rave_beats_random_play_on_9x9():
    game = parlour.load("go", size=9)
    wins = 0
    for seed in range(GAMES):
        ours = seed % 2
        bots = [QuickRave(game, s, seed) if s == ours else RandomStones(game, s, seed) for s in range(2)]
        state, _ = play_match(game, bots, seed=seed)
        assert state.count is not None, "the game was counted, not resigned"
        wins += state.winners == (ours,)
    assert wins == GAMES


def test_rave_marks_the_dead_stones_and_passes_to_end_a_won_game():
    state = start(FINAL)
    bot = QuickRave(state.game, 0, 1)
    names = [state.board.geo.names[p] for p in state.board.geo.list_points(bot.dead_stones(state))]
    assert names == ["A5", "G5"]
    state = play(start(FINAL, to_move="W"), "play H5")
    play(state, "pass")
    assert str(QuickRave(state.game, 1, 3).choose(state.view(1), state.legal(1))) == "pass"


def test_rave_plays_only_the_points_it_is_given_at_the_root():
    board = Board(9)
    rnd = random.Random(2)
    colour = 1
    for _ in range(30):
        board.play(rnd.choice(board.legal_points(colour)), colour)
        colour = 3 - colour
    allowed = rnd.sample(board.legal_points(colour), 5)
    tree = Tree(board, colour, 7.0, seed=3, legal=allowed)
    tree.run(300, 30.0)
    moves = [m for m, _, _ in tree.best_moves()]
    assert set(moves) <= set(allowed) | {PASS} and sum(n for _, n, _ in tree.best_moves()) == 300


class Believes(GoBot):
    """A bot whose opinion on the dead stones is fixed: for testing the agreement."""

    name = "believer"
    dead_points: tuple[str, ...] = ()

    def dead_stones(self, state):
        mask = 0
        for name in self.dead_points:
            mask |= state.board.chain(state.board.geo.point(name))
        return mask


def believer(points: tuple[str, ...]) -> type[Believes]:
    return type("Believer", (Believes,), {"dead_points": points})


def act(state, bot_class) -> str:
    seat = state.to_act[0]
    bot = bot_class(state.game, seat, 0)
    return str(state.apply(seat, bot.choose(state.view(seat), state.legal(seat))))


def test_bots_mark_what_they_believe_then_accept_and_answer_with_their_own_marking():
    state = play(start(FINAL), "pass", "pass")
    black = believer(("A5",))  # Black believes its G5 lives: then White's side is nobody's and Black wins
    white = believer(("A5", "G5"))
    assert [act(state, black) for _ in range(2)] == ["dead A5", "accept"]
    assert [act(state, white) for _ in range(2)] == ["dead G5", "accept"]  # White answers with its own marking
    assert state.step == "confirm"
    # as White marked it Black loses, as Black sees it Black wins: Black resumes play, once
    assert act(state, black) == "resume"
    play(state, "pass", "pass")
    assert [act(state, black) for _ in range(2)] == ["dead A5", "accept"]
    assert [act(state, white) for _ in range(2)] == ["dead G5", "accept"]
    assert act(state, black) == "accept"  # it resumed once already: now it accepts, so that bots always finish
    assert state.over and state.result == "W+34.5"


def test_a_bot_accepts_a_marking_that_does_not_change_the_winner():
    state = play(start(FINAL), "pass", "pass", "dead A5", "dead G5", "accept")
    assert act(state, believer(("A5", "G5"))) == "accept" and state.over
    state = play(start(FINAL), "pass", "pass", "dead A5", "dead G5", "accept", "dead C1", "accept")
    # White marked Black's wall dead too: Black loses either way (by more), so it accepts rather than resume
    assert act(state, believer(("A5", "G5"))) == "accept" and state.over
