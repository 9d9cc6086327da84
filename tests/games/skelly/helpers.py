"""Shared by Skelly's tests: a position from a setup string, and flicks aimed by geometry."""

from __future__ import annotations

from typing import Any

import parlour
from parlour.games.skelly.actions import Flick
from parlour.games.skelly.bot import ideal
from parlour.games.skelly.court import units
from parlour.games.skelly.state import SkellyState


def position(setup: str, players: int = 3, **options: Any) -> SkellyState:
    """A match of ``players`` from a setup (see ``setup.py``), seed 1."""
    return parlour.load("skelly", players=players, **options).new(seed=1, deck=setup)


def aimed(state: SkellyState, seat: int, to: tuple[float, float], beyond: float = 0.0) -> Flick:
    """The flick that sends ``seat``'s cap straight to ``to`` (metres), ``beyond`` metres further, on open ground."""
    start = state.pos[seat] if state.pos[seat] is not None else state.court.start
    return ideal(state.court, start, (units(to[0]), units(to[1])), units(beyond))


def shoot(state: SkellyState, seat: int, to: tuple[float, float], beyond: float = 0.0) -> dict[str, Any]:
    """Flick ``seat``'s cap at ``to``; return the shot's event."""
    state.apply(seat, aimed(state, seat, to, beyond))
    return next(e for e in reversed(state.events) if e["type"] == "shot")


def events(state: SkellyState, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.events if e["type"] == kind]


def at(state: SkellyState, seat: int) -> tuple[float, float] | None:
    p = state.pos[seat]
    return None if p is None else (p[0] / 10000, p[1] / 10000)
