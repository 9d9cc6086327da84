"""Every game is one folder, and a game marked complete has everything a player needs in it.

A complete game has its rules for players (``RULES.md``), its terminal drawing (``terminal.py``), its browser table
(``web/table.js``) and a bot of its own (its strongest first), so no player of it ever sees the generic table.
``RULES.md`` is written for players and lists every variant; notes for developers go in ``NOTES.md``.
"""

from __future__ import annotations

import importlib
import json
import re
from importlib import resources

import pytest

from parlour.core.registry import game_class, games

STATUSES = {"complete", "in progress"}
VARIANT_ROW = re.compile(r"^\| `(\w+)` \| ([^|]+?) \| ([^|]+?) \|$")
#: Words that belong in the notes for developers, not in the rules for players.
DEVELOPER_WORDS = re.compile(r"\*\*Q\d|\bQ\d+\b|\bseed\b|deck=|OpenSpiel|\bview\b|state\.|`legal`", re.I)


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


def with_rules() -> list[str]:
    return [g for g in games() if folder(g).joinpath("RULES.md").is_file()]


@pytest.mark.parametrize("game_id", with_rules())
def test_rules_list_every_variant_with_its_default_and_meaning(game_id: str) -> None:
    text = folder(game_id).joinpath("RULES.md").read_text(encoding="utf-8")
    # a folder that serves several ids (Rengo and Go) lists the variants of them all
    options = {o["name"]: o["default"] for g in games() if folder(g) == folder(game_id)
               for o in game_class(g).describe()["options"]}
    rows: dict[str, tuple[object, str]] = {}
    if "\n## Variants" in text:
        section = text.split("\n## Variants", 1)[1].split("\n## ", 1)[0]
        for line in section.splitlines():
            m = VARIANT_ROW.match(line.strip())
            if m:
                rows[m[1]] = (json.loads(m[2]), m[3])
    assert {name: default for name, (default, _) in rows.items()} == options
    assert all(meaning.strip() for _, meaning in rows.values())


@pytest.mark.parametrize("game_id", with_rules())
def test_rules_are_written_for_players(game_id: str) -> None:
    text = folder(game_id).joinpath("RULES.md").read_text(encoding="utf-8")
    found = sorted({m.group(0) for m in DEVELOPER_WORDS.finditer(text)})
    assert not found, f"{game_id}'s RULES.md speaks to developers ({', '.join(found)}): move that to NOTES.md"
