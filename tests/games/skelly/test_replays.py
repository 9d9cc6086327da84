"""Replays are exact, and a record keeps where each shot left the caps so that a replay elsewhere checks itself."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import parlour
from parlour.bots import make, play_match
from parlour.cli import main
from parlour.core.record import Record, ReplayDiverged


@pytest.fixture(scope="module")
def match():
    game = parlour.load("skelly", players=3, shots=4)
    state, rec = play_match(game, [make("regular", game, s, seed=s) for s in range(3)], seed=5)
    return game, state, rec


def test_a_record_keeps_where_every_shot_left_the_caps(match):
    _, state, rec = match
    assert all("check" in a for a in rec.actions) and rec.actions[-1]["check"] == state.record_check()
    again = Record.from_json(rec.to_json()).verify()
    assert again.view(None) == state.view(None) and again.events == state.events


def test_a_replay_that_comes_out_differently_says_where(match, tmp_path):
    _, _, rec = match
    data = json.loads(rec.to_json())
    i = next(i for i, a in enumerate(data["actions"]) if a["check"][1] is not None)
    data["actions"][i]["check"][1] = [1234, -5678]  # seat 1's cap, somewhere else
    with pytest.raises(ReplayDiverged, match=rf"action #{i + 1} .* does not replay as recorded: seat 1's cap is "
                                             r"at \(-?\d\.\d{4}, -?\d\.\d{4}\) m here, at \(0\.1234, -0\.5678\) m in the "
                                             r"record.*floating point"):
        Record.from_dict(data).verify()
    path = tmp_path / "skelly.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 1 and "does not replay as recorded" in result.output
