"""Finds the games: every package under :mod:`parlour.games` that exposes ``GAME`` (or ``GAMES``, a tuple, for
a folder that serves several ids from one engine, as Rengo serves plain Go).

Adding a game is adding a folder there; nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from .errors import UnknownGame
from .game import Game


@cache
def _registry() -> dict[str, type[Game]]:
    import parlour.games as package

    found: dict[str, type[Game]] = {}
    for info in pkgutil.iter_modules(package.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for game in getattr(module, "GAMES", None) or [getattr(module, "GAME", None)]:
            if game is not None:
                found[game.id] = game
    return dict(sorted(found.items()))


def games() -> list[str]:
    """The ids of every registered game."""
    return list(_registry())


def game_class(game_id: str) -> type[Game]:
    """The class of a game by id, in any case; an unknown id raises :class:`UnknownGame` listing the known ones.

    >>> game_class("Giacomotto").id
    'giacomotto'
    """
    try:
        return _registry()[game_id.strip().lower()]
    except (KeyError, TypeError, AttributeError):
        raise UnknownGame(f"unknown game {game_id!r}; the games are: {', '.join(games())}") from None


def load(game_id: str, players: int | None = None, **options: Any) -> Game:
    """A game by id, for ``players`` seats (its default if omitted), with variant options.

    >>> load("giacomotto", players=4, target=61)
    parlour.load('giacomotto', players=4, target=61)
    """
    return game_class(game_id)(players, **options)
