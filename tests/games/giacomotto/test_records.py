"""Records written before captures were steps hold whole captures (``capture 10C 9S+AS 6S+4C``): they still replay
and verify, and a whole capture that is wrong is refused with a clear error, never a crash.

``data/record-whole-captures.json`` was written by ``parlour play giacomotto --seats greedy,random --seed 7
-o target=20`` before the change (a one-pack match, its captures whole).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlour.core.errors import RecordError
from parlour.core.record import Record

OLD = Path(__file__).parent / "data" / "record-whole-captures.json"


def test_an_old_record_of_whole_captures_replays_and_verifies():
    record = Record.load(str(OLD))
    assert any(len(a["action"].split()) > 3 for a in record.actions)  # a capture of two groups, written whole
    state = record.verify()  # every action legal, and the final scores as the record claims
    assert state.over and list(state.scores) == record.scores == [20, 7]
    captures = [e for e in state.events if e["type"] == "capture"]
    assert [e["action"] for e in captures] == [a["action"] for a in record.actions if a["action"].startswith("capture")]


@pytest.mark.parametrize("wrong,message", [
    ("capture 10C 9S+AS 6S+4D", "4D not on the table"),
    ("capture 10C 9S+AS 6S", r"10C is worth 10 and cannot take 6S"),
    ("capture 10C 9S+AS 6S+4C+", "not a card"),
])
def test_a_wrong_whole_capture_in_a_record_is_a_clear_error(tmp_path, wrong, message):
    data = json.loads(OLD.read_text())
    i = next(i for i, a in enumerate(data["actions"]) if a["action"] == "capture 10C 9S+AS 6S+4C")
    data["actions"][i]["action"] = wrong
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match=rf"action #{i + 1} \(seat \d: '{wrong.replace('+', '[+]')}'\) is not legal: .*{message}"):
        Record.load(str(path)).verify()
