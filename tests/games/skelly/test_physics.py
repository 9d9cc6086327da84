"""The physics: sliding friction, cap-to-cap restitution, hits, a shot run to rest; the same shot from the same
position gives the same result bit for bit, in this process and in any other; the view carries the trajectory."""

from __future__ import annotations

import json
import math
import subprocess
import sys

from parlour.games.skelly.physics import D_MAX, RESTITUTION, simulate

from .helpers import position

#: A crowded court: the shooter (seat 0, from box 1, at 45.1 degrees) touches caps 2 and 1; cap 1 runs into cap 3.
CROWD = ((-8500, -8500), (-5000, -4750), (-4750, -5000), (-4700, -3000), (2000, 2500), (2100, 2830))
SCRIPT = """
import json, sys
from parlour.games.skelly.physics import simulate
shot = simulate(tuple(map(tuple, json.loads(sys.argv[1]))), 0, (-8500, -8500), 451, 1000)
print(json.dumps({"exact": [None if p is None else [x.hex() for x in p] for p in shot.exact], "hits": shot.hits,
                  "steps": shot.steps}))
"""


def exact(shot):
    return {"exact": [None if p is None else [x.hex() for x in p] for p in shot.exact], "hits": list(shot.hits),
            "steps": shot.steps}


def test_a_cap_slides_as_far_as_its_power_says():
    for thousandths, metres in ((250, 0.25 * D_MAX), (500, 0.5 * D_MAX), (1000, D_MAX)):
        rest = simulate(((0, 0),), 0, (0, 0), 900, thousandths).rest[0]
        assert rest[0] == 0 and abs(rest[1] / 10000 - metres) < 0.01 * metres  # straight up, within 1%


def test_a_head_on_hit_passes_the_speed_on_as_restitution_says():
    # Equal caps, restitution e: the struck cap leaves with (1+e)/2 of the speed, the shooter keeps (1-e)/2; the
    # distances they then slide go as the squares of those speeds.
    shot = simulate(((0, 0), (3000, 0)), 0, (0, 0), 0, 500)
    assert shot.hits == (1,)
    shooter = shot.rest[0][0] - (3000 - 320)  # beyond the point of contact
    struck = shot.rest[1][0] - 3000
    assert abs(shooter / struck - ((1 - RESTITUTION) / (1 + RESTITUTION)) ** 2) < 0.01


def test_the_same_shot_gives_the_same_result_every_time():
    first = exact(simulate(CROWD, 0, (-8500, -8500), 451, 1000))
    simulate.cache_clear()
    assert exact(simulate(CROWD, 0, (-8500, -8500), 451, 1000)) == first
    assert first["hits"] == [2, 1]
    moved = {seat for seat, _ in simulate(CROWD, 0, (-8500, -8500), 451, 1000).paths}
    assert moved == {0, 1, 2, 3}  # cap 3 was moved by cap 1: a chain contact, not a hit


def test_the_same_shot_gives_the_same_result_bit_for_bit_in_other_processes():
    outputs = [subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(CROWD)], capture_output=True, text=True,
                              check=True).stdout for _ in range(2)]
    assert json.loads(outputs[0]) == json.loads(outputs[1]) == exact(simulate(CROWD, 0, (-8500, -8500), 451, 1000))


def test_the_view_carries_the_shot_as_frames_every_client_animates_alike():
    state = position("0: -0.85,-0.85 next 2; 1: -0.5,-0.5; turn 0")
    state.apply(0, "flick 45 0.8")
    shot = state.view(1)["last_shot"]
    assert shot["seat"] == 0 and shot["action"] == "flick 45 0.8" and shot["from"] == [-0.85, -0.85]
    assert shot["frame_ms"] == 16.667 and shot["hits"] == [1]
    paths = {p["seat"]: p["path"] for p in shot["paths"]}
    assert set(paths) == {0, 1} and all(len(p) == shot["frames"] for p in paths.values())
    assert paths[0][0] == [-0.85, -0.85] and paths[1][0] == [-0.5, -0.5]
    assert math.dist(paths[1][-1], [state.pos[1][0] / 10000, state.pos[1][1] / 10000]) < 0.001  # ends at rest
    # the shooter's path ends where the simulation left it; the hit then put it in box 2
    event = next(e for e in state.events if e["type"] == "shot")
    assert math.dist(paths[0][-1], event["rest"]) < 0.001 and event["at"] == [0.85, 0.85]
    assert state.view(None)["last_shot"] == shot
