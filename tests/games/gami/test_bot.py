"""Gami's bots: registered strongest first, legal and blind to the state, sure of a won capture, reproducible on a
node budget, and far ahead of random play (the long measured series is a command: see RULES.md)."""

from __future__ import annotations

import copy

import parlour
from parlour.bots import available, make, play_match
from parlour.games.gami.bot import GreedyBot, SearchBot

from .helpers import new, play
from .test_rules import SEVEN_CAPTURES


def test_the_bots_are_registered_strongest_first():
    game = parlour.load("gami")
    assert available(game)[:3] == ["alphabeta", "alphabeta-quick", "greedy"] and available(game)[-1] == "random"
    assert next(iter(game.bots)) == "alphabeta" and game.bots["alphabeta"] is SearchBot
    assert all(cls.__doc__ and cls.description for cls in game.bots.values())


def budget(game, seat: int, seed: int, nodes: int = 1500) -> SearchBot:
    """The search bot on a node budget instead of the clock: the same moves on any machine."""
    bot = SearchBot(game, seat, seed)
    bot.seconds, bot.nodes = None, nodes
    return bot


def test_the_search_bot_takes_the_capture_that_wins():
    first, table, second, moves = SEVEN_CAPTURES
    state = new(first, table, second)
    play(state, *moves)  # the opponent holds three cards: any capture wins
    seat = state.to_act[0]
    action = budget(state.game, seat, 1).choose(state.view(seat), state.legal(seat))
    state.apply(seat, action)
    assert action.capture is not None and state.over and state.winners == (seat,)


def test_greedy_takes_a_card_when_a_gami_lets_it():
    state = new("AH 2H 4H 6C 7C 2D 3D 5D 6D", "3H 8C AC 4D 7H 8D")
    seat = state.to_act[0]
    action = GreedyBot(state.game, seat, 0).choose(state.view(seat), state.legal(seat))
    assert str(action).startswith("exchange 4H 3H take ")


def test_bots_play_legally_from_a_copy_of_their_view():
    game = parlour.load("gami")
    state = game.new(seed=21)
    bots = [budget(game, 0, 1, nodes=300), GreedyBot(game, 1, 2)]
    while not state.over:
        seat = state.to_act[0]
        view = state.view(seat)
        frozen = copy.deepcopy(view)
        action = bots[seat].choose(view, state.legal(seat))
        assert view == frozen, "the bot changed the view it was shown"
        state.apply(seat, action)


def test_on_a_node_budget_the_same_seeds_play_the_same_match():
    game = parlour.load("gami")
    runs = []
    for _ in range(2):
        _, record = play_match(game, [budget(game, 0, 5), budget(game, 1, 6)], seed=33)
        runs.append([(a["seat"], a["action"]) for a in record.actions])
    assert runs[0] == runs[1]


def test_the_bots_beat_random_play():
    game = parlour.load("gami")
    for name, matches, wins_needed in (("alphabeta", 8, 8), ("greedy", 20, 18)):
        wins = 0
        for i in range(matches):
            seat = i % 2
            ours = budget(game, seat, i) if name == "alphabeta" else make(name, game, seat, seed=i)
            bots = [ours, make("random", game, 1 - seat, seed=i)][::1 if seat == 0 else -1]
            state, _ = play_match(game, bots, seed=500 + i, record=False)
            wins += state.winners == (seat,)
        assert wins >= wins_needed, f"{name} won {wins} of {matches}"


def test_a_longer_match_is_played_to_its_end_by_the_search_bot():
    game = parlour.load("gami", games=3)
    state, record = play_match(game, [budget(game, 0, 1, 300), budget(game, 1, 2, 300)], seed=4)
    assert state.over and len(state.sheet.rows) == 3 and sum(state.scores) == 6
