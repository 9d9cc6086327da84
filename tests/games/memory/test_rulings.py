"""Every variant of the four memory games is documented: each RULES.md options table lists exactly the
options ``describe()`` gives, with the same defaults."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import parlour

GAMES = {"testoasa": "testoasa", "golf6": "golf6", "crazy-nines": "crazy_nines", "kaboo": "kaboo"}
ROW = re.compile(r"^\| `(\w+)` \| ([^|]+?) \| ([^|]+?) \|$")


def documented(folder: str) -> dict[str, tuple[object, str]]:
    """The rows of the ``## Options`` table: name -> (default as JSON, meaning)."""
    text = (Path(parlour.__file__).parent / "games" / folder / "RULES.md").read_text(encoding="utf-8")
    section = text.split("## Options", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        m = ROW.match(line.strip())
        if m:
            rows[m[1]] = (json.loads(m[2]), m[3])
    return rows


@pytest.mark.parametrize("gid", GAMES)
def test_rules_md_documents_every_option_with_its_default_and_a_meaning(gid):
    described = {o["name"]: o["default"] for o in parlour.load(gid).describe()["options"]}
    rows = documented(GAMES[gid])
    assert {name: default for name, (default, _) in rows.items()} == described
    assert all(meaning.strip() for _, meaning in rows.values())
