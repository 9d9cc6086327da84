"""Every game is one folder, and a game marked complete has everything a player needs in it.

A complete game has its rules for players (``RULES.md``), its terminal drawing (``terminal.py``), its browser table
(``web/table.js``) and a bot of its own (its strongest first), so no player of it ever sees the generic table.
"""

from __future__ import annotations

import importlib
from importlib import resources

import pytest

from parlour.core.registry import game_class, games

STATUSES = {"complete", "in progress"}


def folder(game_id: str):
    return resources.files(game_class(game_id).__module__.rsplit(".", 1)[0])


@pytest.mark.parametrize("game_id", games())
def test_status_is_known(game_id: str) -> None:
    assert game_class(game_id).status in STATUSES


@pytest.mark.parametrize("game_id", [g for g in games() if folder(g).joinpath("terminal.py").is_file()])
def test_terminal_drawing_has_both_functions(game_id: str) -> None:
    module = importlib.import_module(game_class(game_id).__module__.rsplit(".", 1)[0] + ".terminal")
    assert callable(module.board) and callable(module.event_line)


@pytest.mark.parametrize("game_id", [g for g in games() if game_class(g).status == "complete"])
def test_complete_game_has_everything_a_player_needs(game_id: str) -> None:
    here = folder(game_id)
    missing = [name for name in ("RULES.md", "terminal.py", "web/table.js") if not here.joinpath(name).is_file()]
    assert not missing, f"{game_id} is marked complete but its folder lacks {', '.join(missing)}"
    bots = game_class(game_id).bots
    assert bots, f"{game_id} is marked complete but has no bot of its own"
    assert all(cls.description.strip() for cls in bots.values()), "every bot says in a line how it plays"
