"""Stacked tarok deals for the rule tests: hands by position from forehand, the talon, simple drivers."""

from __future__ import annotations

from typing import Any

import parlour.games.tarok.game as tarok_game
from parlour.games.tarok.cards import CODES

DECK = list(CODES)


def stack(*hands: str, talon: str = "", players: int = 4) -> list[str]:
    """54 codes: ``talon`` (filled up to 6), then each position's hand from forehand (filled up to 12 or 16)
    round robin with unused cards in deck order (low taroks first), dealt in packets as the engine deals."""
    size = 48 // players
    used = (" ".join(hands) + " " + talon).split()
    assert len(used) == len(set(used)), f"a card is used twice: {used}"
    pool = [c for c in DECK if c not in used]
    full = [h.split() for h in list(hands) + [""] * (players - len(hands))]
    while any(len(cards) < size for cards in full):  # round robin, so every hand gets some low taroks
        for cards in full:
            if len(cards) < size:
                cards.append(pool.pop(0))
    t = talon.split()
    while len(t) < 6:
        t.append(pool.pop(0))
    k = 6 if players == 4 else 8
    deck = list(t)
    for r in range(size // k):
        for cards in full:
            deck += cards[r * k:(r + 1) * k]
    assert sorted(deck) == sorted(DECK)
    return deck


def new(*hands: str, talon: str = "", players: int = 4, seed: int = 1, **options: Any):
    """A match whose first deal is stacked; returns the state."""
    game = tarok_game.Tarok(players=players, **options)
    return game.new(seed=seed, deck=stack(*hands, talon=talon, players=players))


def seat(state, position: int) -> int:
    """The seat ``position`` places after forehand (0 is forehand)."""
    return (state.forehand + position) % state.game.players


def act(state, position: int, *texts: str) -> None:
    """Apply actions for the seat at ``position``, checking it is that seat's turn."""
    for text in texts:
        s = seat(state, position)
        assert state.to_act == (s,), f"expected position {position} (seat {s}) to act, not {state.to_act}"
        state.apply(s, text)


def declare(state, contract: str) -> None:
    """Position 1 bids ``contract``, the others pass, it keeps the contract and nobody announces anything."""
    act(state, 1, f"bid {contract}")
    for p in (2, 3, 0):
        act(state, p, "pass")
    act(state, 1, f"contract {contract}")
    for p in (0, 1, 2, 3):
        act(state, p, "pass")


def legal(state, position: int) -> list[str]:
    return [str(a) for a in state.legal(seat(state, position))]


def play_out(state, choose=lambda options: options[0]) -> None:
    """Play the current deal to its end, each seat taking ``choose(legal texts)``."""
    deal = state.deals
    while not state.over and state.deals == deal:
        s = state.to_act[0]
        state.apply(s, choose([str(a) for a in state.legal(s)]))
