"""Records made before the engines were made faster replay to exactly the same state.

``tests/records/*.json`` are parlour records of every game (whole matches and matches stopped part-way),
written on main at 93f2f5c, before the speed work of issue 18, by bots: random ones, the games' own bots,
Tarok bots bidding one contract (Klop, Two, One, Solo one, Beggar, Open beggar, Solo without, with random
announcements and kontras), Giacomotto's old greedy bot (whole captures in one action). Each file also holds
``expected``: what the state looked like at the end of the replay then: where every card was (``zones``), the
score sheet's points, who was to act and their legal actions (a board game's board instead of zones).

An engine change that draws the shuffles in another order, deals differently, scores differently or
lists other legal actions makes this fail: records must replay identically, in the pure and in a
compiled build. Never regenerate these files to make the test pass.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from parlour.core.game import State
from parlour.core.record import Record

RECORDS = sorted((Path(__file__).parent.parent / "records").glob("*.json"))


def fingerprint(state: State) -> dict[str, Any]:
    """What the expected end of a record holds (see the module docstring), JSON-ready."""
    fp: dict[str, Any] = {
        "over": state.over, "to_act": list(state.to_act), "scores": list(state.scores),
        "sheet": [[label, list(points)] for label, points, _ in state.sheet.rows],
        "zones": {k: [str(c) for c in v] for k, v in state.zones().items()},
        "legal": {str(s): [str(a) for a in state.legal(s)] for s in state.to_act},
    }
    if not fp["zones"]:
        view = state.view(None)
        fp["board"] = view.get("fen") or view.get("board")
    return json.loads(json.dumps(fp))


def test_there_are_records_of_every_kind() -> None:
    games = {json.loads(p.read_text())["game"] for p in RECORDS}
    assert {"tarok", "giacomotto", "testoasa", "golf6", "crazy-nines", "kaboo"} <= games
    assert len(RECORDS) >= 20


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_record_replays_to_the_same_state(path: Path) -> None:
    data = json.loads(path.read_text())
    record = Record.from_dict(data)
    state = record.verify() if data.get("scores") is not None else record.replay()
    assert fingerprint(state) == data["expected"]
