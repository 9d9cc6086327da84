"""Stacked rounds for the memory games' rule tests: layouts by position from the first player, then the rest."""

from __future__ import annotations

from collections import Counter
from typing import Any

from parlour.core.cards import CODES
from parlour.core.game import Game, State


def stack(game: Game, *layouts: str, discard: str | None = None, stock: str = "") -> list[str]:
    """A whole round deck: each position's layout (slots in order, position 0 = the first player), the first
    discard (golf and Țestoasa), then ``stock`` from the top; unnamed cards follow in deck order. Short
    layouts are filled from the unnamed cards."""
    pool = Counter(CODES[c] for c in game.state_class.round_cards(_Probe(game)))
    named = " ".join(layouts).split() + ([discard] if discard else []) + stock.split()
    left = pool - Counter(named)
    assert sum(left.values()) == sum(pool.values()) - len(named), f"more copies named than the deck holds: {named}"
    rest = [c for c in pool if left[c] for _ in range(left[c])]
    size = game.state_class.rules.size
    deck: list[str] = []
    for i in range(game.players):
        cards = layouts[i].split() if i < len(layouts) else []
        while len(cards) < size:
            cards.append(rest.pop(0))
        deck += cards
    if game.state_class.rules.initial_discard:
        deck.append(discard or rest.pop(0))
    return deck + stock.split() + rest


class _Probe:
    """Enough of a state for ``round_cards``."""

    def __init__(self, game: Game) -> None:
        self.game = game


def seats(state: State) -> list[int]:
    """Seats by position: ``seats(state)[0]`` is the first player of the round."""
    n = state.game.players
    return [(state.first + i) % n for i in range(n)]


def play(state: State, *moves: tuple[int, str]) -> None:
    for seat, text in moves:
        state.apply(seat, text)


def ready_all(state: State) -> None:
    for seat in list(state.to_act):
        state.apply(seat, "ready")


def layout(state: State, seat: int | None, owner: int) -> list[Any]:
    return state.view(seat)["layouts"][owner]
