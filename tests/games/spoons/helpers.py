"""Stacked rounds of Spoons for the tests: say what each seat is dealt and what the stock holds on top."""

from __future__ import annotations

from typing import Any

import parlour
from parlour.core.cards import CODES, deck
from parlour.games.spoons.state import SpoonsState


def new(players: int = 4, seed: int = 1, hands: dict[int, str] | None = None, stock: str = "",
        **options: Any) -> SpoonsState:
    """A match whose first round deals ``hands`` (seat → four codes, e.g. ``"7H 7S 7D 2C"``) and puts ``stock``
    on top of the stock (first drawn first); every other card follows in a fixed order. The dealer (and so the
    pile-holder) comes from ``seed``: ``state.holder`` says who holds the stock."""
    game = parlour.load("spoons", players=players, **options)
    ring = game.new(seed=seed).ring()
    rest = [CODES[c] for c in deck(copies=game.decks)]
    given = {s: h.split() for s, h in (hands or {}).items()}
    top = stock.split()
    for code in [c for h in given.values() for c in h] + top:
        rest.remove(code)
    cards = []
    for s in ring:
        cards += given.get(s) or [rest.pop(0) for _ in range(4)]
    cards += top + rest
    return game.new(seed=seed, deck=cards)


def go(state: SpoonsState) -> SpoonsState:
    """End the countdown: the passing starts."""
    state.timeout()
    return state


def hand(state: SpoonsState, seat: int) -> list[str]:
    return [CODES[c] for c in state.hands[seat]]


def ring(state: SpoonsState) -> list[int]:
    return state.ring()
