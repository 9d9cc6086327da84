"""Stacked matches of the Claw for the tests: the caller's deck in a chosen order."""

from __future__ import annotations

from typing import Any

import parlour
from parlour.core.cards import CODES, deck
from parlour.games.claw.state import ClawState


def new(players: int = 3, seed: int = 1, calls: str = "", **options: Any) -> ClawState:
    """A match whose first calls are ``calls`` (codes, first call first); the others follow in a fixed order."""
    top = calls.split()
    rest = [CODES[c] for c in deck() if CODES[c] not in top]
    return parlour.load("claw", players=players, **options).new(seed=seed, deck=top + rest)


def called(state: ClawState, calls: int = 1) -> ClawState:
    """Close the pause(s) so that ``calls`` more cards are called."""
    for _ in range(calls):
        while state.phase != "pause":
            state.timeout()
        state.timeout()
    return state
