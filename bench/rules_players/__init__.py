"""Independent rule-based players, one a game, for games no outside program plays (``python -m bench vs-rules``).

The independence rule: each player here is written from the game's rules alone (``RULES.md`` in the game's folder
and the shared rules notes), never from parlour's own bots. Their authors do not open the games' ``ai.py``,
``bot.py``, ``bots.py`` or search modules, nor the strategy sections of the games' ``NOTES.md``; they read only
the public contract (``parlour.core``: the Bot base class, states, views, actions) and a game's ``game.py`` and
``state.py`` for the shape of its views and actions. So a player here does not share our bots' blind spots, and
a match against it measures something our bots' own series cannot.

A player is a :class:`parlour.core.bot.Bot`: it sees only its seat's ``bot_view`` and answers one of the legal
actions, as a person at the table would (a good one: counting the cards it has seen, the game's standard
heuristics, a cheap look-ahead where the rules make one cheap). Its module may define ``setup(options)``, which
returns the options the bench plays by default (a shorter match, where the game's full one would take too long to
measure); ``bench/vs_rules.py`` is generic and reads only this registry and that hook.

One line per game below, so that several authors' additions merge without conflict.
"""

from __future__ import annotations

import importlib


def _player(game: str, name: str) -> type:
    """The class ``name`` of ``bench/rules_players/<game>.py``."""
    return getattr(importlib.import_module(f"bench.rules_players.{game}"), name)


#: The rule-based player of each game, by game id.
PLAYERS: dict[str, type] = {
    "zole": _player("zole", "ZolePlayer"),
    "gami": _player("gami", "GamiPlayer"),
    "kaboo": _player("kaboo", "KabooPlayer"),
    "skelly": _player("skelly", "SkellyPlayer"),
}
