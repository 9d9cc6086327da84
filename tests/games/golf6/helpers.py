"""Stacked 6-card golf positions shared by the golf6 tests."""

from parlour.games.golf6 import Golf6

from memory.helpers import seats, stack

A_CARDS = "2S 5H 9C 2D 7S 9H"      # columns 2-2 (0), 5-7 (12), 9-9 (0): 12
B_CARDS = "KS KH QS QH 3C 3D"      # K-Q 10, K-3 3, Q-3 13: 26


def start(*layouts: str, players: int = 2, discard: str | None = None, stock: str = "", **options):
    game = Golf6(players=players, **options)
    state = game.new(seed=2, deck=stack(game, *layouts, discard=discard, stock=stock))
    return state, seats(state)
