"""Stacked Zole deals for the rule tests: hands by position from the dealer's left, the talon, simple drivers."""

from __future__ import annotations

from typing import Any

import parlour
from parlour.games.zole.cards import CODES


def stack(*hands: str, talon: str = "") -> list[str]:
    """26 codes: the talon, then the hands of positions 0, 1, 2 (0 is the dealer's left). Cards left out fill
    the talon, then the hands, in deck order."""
    used = (" ".join(hands) + " " + talon).split()
    assert len(used) == len(set(used)), f"a card is used twice: {used}"
    pool = [c for c in CODES if c not in used]
    parts = [talon.split()] + [h.split() for h in list(hands) + [""] * (3 - len(hands))]
    for part, size in zip(parts, (2, 8, 8, 8)):
        while len(part) < size:
            part.append(pool.pop(0))
    return [c for part in parts for c in part]


def new(*hands: str, talon: str = "", players: int = 3, seed: int = 1, more: list | None = None, **options: Any):
    """A match whose first deal is stacked (and the following ones, given as ``more``)."""
    game = parlour.load("zole", players=players, **options)
    return game.new(seed=seed, deck=[stack(*hands, talon=talon)] + (more or []))


def seat(state, position: int) -> int:
    """The seat at ``position`` among the players dealt in (0 is the dealer's left)."""
    return state.active[position]


def act(state, position: int, *texts: str) -> None:
    """Apply actions for the seat at ``position``, checking it is that seat's turn."""
    for text in texts:
        s = seat(state, position)
        assert state.to_act == (s,), f"expected position {position} (seat {s}) to act, not {state.to_act}"
        state.apply(s, text)


def plays(state, cards: str) -> None:
    """Play ``cards`` in order, each by the seat whose turn it is (which must hold it)."""
    for card in cards.split():
        state.apply(state.to_act[0], f"play {card}")


def legal(state, position: int) -> list[str]:
    return [str(a) for a in state.legal(seat(state, position))]


def last_row(state) -> tuple[list[int], dict]:
    """The last hand's chips per seat, and its detail."""
    label, points, detail = [r for r in state.sheet.rows if r[0].startswith("hand")][-1]
    return list(points), detail


def order(state) -> list[int]:
    """The seats by position in the hand in play: 0, 1, 2 from the dealer's left (and the dealer, with four)."""
    return list(state.active) + ([state.dealer] if state.game.players == 4 else [])


def chips(state, seats: list[int]) -> list[int]:
    """The last hand's chips for ``seats`` (positions captured with :func:`order` before the hand ended)."""
    row, _ = last_row(state)
    return [row[s] for s in seats]
