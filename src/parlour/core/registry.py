"""Finds the games: every package under :mod:`parlour.games` that exposes ``GAME`` (or ``GAMES``, a tuple, for
a folder that serves several ids from one engine, as Rengo serves plain Go).

Adding a game is adding a folder there; nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any, Mapping

from .errors import BadOption, UnknownGame
from .game import Game
from .options import resolve


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


def load_with(game_id: str, players: int | None, options: Mapping[str, Any]) -> Game:
    """:func:`load` for options that come from outside (a request, a record): any name in ``options``, even one
    that is also a parameter's (``players``, ``game_id``), is read as an option name and refused with
    :class:`~parlour.core.errors.BadOption` if the game has no such option, instead of a ``TypeError``.

    >>> load_with("giacomotto", 2, {"players": 3})
    Traceback (most recent call last):
    ...
    parlour.core.errors.BadOption: giacomotto has no option 'players'; its options are: forced_capture, last_card_tabla, target
    """
    cls = game_class(game_id)
    if not isinstance(options, Mapping):
        raise BadOption(f"a game's options are an object of names and values, got {type(options).__name__}")
    resolve(cls.options_spec, options, cls.id)  # an unknown name (or a bad value) says what the options are
    return cls(players, **options)
