import json

import pytest

import parlour
from parlour.bots import RandomBot, play_match
from parlour.core.errors import RecordError
from parlour.core.record import Record, commitment


@pytest.fixture(scope="module")
def finished():
    game = parlour.load("giacomotto")
    state, rec = play_match(game, [RandomBot(game, s, seed=s) for s in range(2)], seed=77)
    return game, state, rec


def test_replay_gives_the_same_match(finished):
    game, state, rec = finished
    again = Record.from_json(rec.to_json()).verify()
    assert again.view(None) == state.view(None) and again.scores == state.scores


def test_the_tables_own_entries_change_nothing_in_a_replay(finished):
    game, state, rec = finished
    d = rec.to_dict()
    actions = list(d["actions"])
    table = [{"seat": None, "action": "start", "t": 1.0}, {"seat": None, "action": "bot 1 greedy", "t": 2.0},
             {"seat": None, "action": "back 1", "t": 3.0}]
    d["actions"] = actions[:1] + table[:1] + actions[1:5] + table[1:2] + actions[5:9] + table[2:] + actions[9:]
    again = Record.from_dict(d)
    assert again.verify().view(None) == state.view(None)
    steps = [entry["action"] for entry, _ in again.states() if entry and entry["seat"] is None]
    assert steps == ["start", "bot 1 greedy", "back 1"]


def test_parlour_replay_tells_the_tables_own_entries(finished, tmp_path):
    from click.testing import CliRunner

    from parlour.cli import main

    _, _, rec = finished
    d = rec.to_dict()
    d["actions"] = [{"seat": None, "action": "start", "t": 1.0}, *d["actions"][:3],
                    {"seat": None, "action": "bot 1 greedy", "t": 2.0}, *d["actions"][3:]]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(d))
    out = CliRunner().invoke(main, ["replay", str(path)]).output
    assert "The table's clocks start" in out and "a bot (greedy) plays for them" in out


def test_commitment_is_checked(finished):
    _, _, rec = finished
    d = rec.to_dict() | {"salt": "pepper", "commitment": commitment(rec.seed, "pepper")}
    Record.from_dict(d).verify()
    with pytest.raises(RecordError, match="does not match the commitment"):
        Record.from_dict(d | {"commitment": commitment(rec.seed + 1, "pepper")}).verify()


def corrupt(rec, **changes):
    return json.dumps(rec.to_dict() | changes)


@pytest.mark.parametrize("mutate, message", [
    (lambda r: "{not json", "a record is JSON"),
    (lambda r: "[1, 2]", "a record is a JSON object"),
    (lambda r: corrupt(r, format="other"), "not a parlour record"),
    (lambda r: corrupt(r, version=99), "version 99 is not supported"),
    (lambda r: corrupt(r, seed="abc"), "'seed' must be a int"),
    (lambda r: corrupt(r, game="chess"), "unknown game 'chess'"),
    (lambda r: corrupt(r, options={"target": -1}), "option 'target' must be in"),
    (lambda r: corrupt(r, actions=[{"seat": 0}]), "action #1 must be"),
    (lambda r: corrupt(r, scores=[0, 0]), "claims scores"),
    (lambda r: corrupt(r, actions=r.actions[:3] + [{"seat": r.actions[3]["seat"], "action": "trail JK"}]),
     "action #4 .* is not legal"),
    (lambda r: corrupt(r, actions=[{"seat": None, "action": "capture"}]), "only 'timeout' and the table's entries"),
    (lambda r: corrupt(r, actions=[{"seat": 1 - r.actions[0]["seat"], "action": r.actions[0]["action"]}]),
     "may not act now"),
])
def test_corrupt_records_are_refused_with_the_reason(finished, mutate, message):
    _, _, rec = finished
    with pytest.raises(RecordError, match=message):
        Record.from_json(mutate(rec)).verify()


def test_missing_file():
    with pytest.raises(RecordError, match="cannot read record"):
        Record.load("/nonexistent/record.json")


def test_records_of_games_that_replay_exactly_everywhere_keep_no_check(finished):
    _, _, rec = finished
    assert not any("check" in a for a in rec.actions)


def test_a_kept_check_is_compared_after_its_action_and_a_difference_stops_the_replay(finished, monkeypatch):
    from parlour.core.record import ReplayDiverged

    game, state, rec = finished
    monkeypatch.setattr(type(state), "record_check", lambda self: len(self.events), raising=True)
    data = rec.to_dict()
    replayed = Record.from_dict(data)
    entries = []
    for entry, s in replayed.states():
        if entry is not None:
            entries.append({**entry, "check": s.record_check()})
    Record.from_dict(data | {"actions": entries}).verify()  # the checks as made: it replays
    entries[4] = {**entries[4], "check": -1}
    with pytest.raises(ReplayDiverged, match=r"action #5 .* does not replay as recorded: the record says -1, this "
                                             r"replay gives \d+\..*floating point"):
        Record.from_dict(data | {"actions": entries}).verify()
