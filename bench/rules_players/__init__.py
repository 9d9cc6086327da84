"""Independent rule-based players, one a game, for games no outside program plays (``python -m bench vs-rules``).

The independence rule: each player here is written from the game's rules alone (``RULES.md`` in the game's folder
and the project's rules notes), never from parlour's own bots. Their authors do not open the games' ``ai.py``,
``bot.py``, ``bots.py`` or search modules, nor the strategy sections of the games' ``NOTES.md``; they read only
the public contract (``parlour.core``: the Bot base class, cards, reaction times; states, views, actions), a
game's ``game.py`` and ``state.py`` for the shape of its views and actions, and what a bot's public description
says of its speed. So a player here does not share our bots' blind spots, and a match against it measures
something our bots' own series cannot.

A player is a :class:`parlour.core.bot.Bot`: it sees only its seat's view and answers one of the legal actions,
as a good person at the table would (counting the cards it has seen, the game's standard heuristics, a cheap
look-ahead where the rules make one cheap). Its class may say how the bench plays it (``bench/vs_rules.py`` is
generic and reads only this registry and these):

- ``BENCH_OPTIONS``: the bench's default options (a shorter match, where the game's full one would take too long
  to measure); ``-o NAME=VALUE`` overrides them;
- ``BENCH_PLAYERS``: the table size (else the game's default);
- ``BENCH_SEATING``: ``"alone"`` (the default: each side alone in each seat against copies of the other) or
  ``"alternate"`` (the sides on alternate seats, as partners would sit).

One line per game below.
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
    "testoasa": _player("golf", "GolfRulesPlayer"),
    "golf6": _player("golf", "GolfRulesPlayer"),
    "crazy-nines": _player("golf", "GolfRulesPlayer"),
    "spoons": _player("spoons", "SpoonsRulesPlayer"),
    "claw": _player("claw", "ClawRulesPlayer"),
}
