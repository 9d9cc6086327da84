"""Skelly for learning programs (see :mod:`parlour.ai.spaces`).

A flick is any angle and power; the action space is a grid of them with a fixed meaning, :data:`ANGLES` directions
(every 5 degrees, 0 first) by :data:`POWERS` powers (0.1 to 1): index ``a * POWERS + p`` is the flick at
``5 a`` degrees and power ``(p + 1) / 10``. Every index is legal whenever the seat is to shoot (``any_action``:
the mask is all ones then), the listed sample (every 30 degrees at 0.3 and 0.7) among them; a bot may still
flick between the grid's points through ``env.play``. Its observation is a flat vector: :data:`PER_CAP` numbers
for each cap, from the seat's own on, then the shots played over the match's limit and whether the seat is to
shoot. Everything on the court is in plain sight, so the vector is the whole position. A shot runs until every
cap has stopped, so when a seat decides every cap is at rest: its velocity is always zero, and the vector leaves
it out rather than carry entries that never change.

Per cap: in hand (not yet shot), on the court, out of the game; x and y in metres, (v + 1.5) / 3 clipped to
[0, 1] (the court spans -1..1, the start line lies at -1.3; 0 off the court); trapped; turns waited in a trap /
``trap_turns``; a killer; its kills / (seats - 1); its targets done / 30 (13 boxes up, 12 down, the run, the
four quadrants); the quadrants done (NE, NW, SW, SE); its next target's kind (box, run, quadrant, hunt); that
box / 13; on the way back; the order it went out in (1 first) / seats; its seat's turn.

>>> import parlour
>>> game = parlour.load("skelly")
>>> state = game.new(seed=1)
>>> _ = state.apply(1, "flick 90 0.5")
>>> vector = encode(game, state.view(0))
>>> observation_shape(game), vector[PER_CAP + 1], round(vector[PER_CAP + 3], 3), round(vector[PER_CAP + 4], 3)
((90,), 1.0, 0.217, 0.56)
>>> from parlour.games.skelly.actions import parse
>>> action_count(game), str(any_action(game, 18 * POWERS + 2)), action_index(game, parse("flick 30 0.7"))
(720, 'flick 90 0.3', 66)
"""

from __future__ import annotations

from typing import Any, Mapping

from .actions import Flick
from .court import QUADRANTS
from .state import STEPS  # targets a cap must make to become a killer: 30

PER_CAP = 22
KINDS = ("box", "run", "quadrant", "hunt")
#: The action grid: directions every 5 degrees, powers 0.1 .. 1.
ANGLES, POWERS = 72, 10


def action_count(game: Any) -> int:
    return ANGLES * POWERS


def any_action(game: Any, index: int) -> Flick:
    """The flick at ``index`` of the grid (see the module docstring)."""
    if not 0 <= index < ANGLES * POWERS:
        raise ValueError(f"skelly's actions are 0..{ANGLES * POWERS - 1}, not {index}")
    a, p = divmod(index, POWERS)
    return Flick.of(a * 50, (p + 1) * 100)


def action_index(game: Any, action: Flick) -> int:
    """A flick's index on the grid; ValueError for a flick between the grid's points."""
    a, rest = divmod(action.tenths, 50)
    p, off = divmod(action.thousandths, 100)
    if rest or off or not 1 <= p <= POWERS:
        raise ValueError(f"{action} lies between the action grid's points (every 5 degrees, powers 0.1 .. 1)")
    return a * POWERS + p - 1


def observation_shape(game: Any) -> tuple[int, ...]:
    return (PER_CAP * game.players + 2,)


def _metres(v: float) -> float:
    return min(max((v + 1.5) / 3, 0.0), 1.0)


def encode(game: Any, view: Mapping[str, Any]) -> list[float]:
    n = game.players
    seat = view["seat"] or 0
    out: list[float] = []
    for k in range(n):
        cap = view["caps"][(seat + k) % n]
        at = cap["at"]
        nxt = cap["next"] or {}
        out += [1.0 if cap["where"] == w else 0.0 for w in ("hand", "court", "out")]
        out += [_metres(at[0]), _metres(at[1])] if at else [0.0, 0.0]
        out += [float(cap["trapped"]), min(cap["waited"] / max(view["options"]["trap_turns"], 1), 1.0),
                float(cap["killer"]), min(cap["kills"] / max(n - 1, 1), 1.0), min(cap["done"] / STEPS, 1.0)]
        out += [1.0 if q in cap["quadrants"] else 0.0 for q in QUADRANTS]
        out += [1.0 if nxt.get("kind") == kind else 0.0 for kind in KINDS]
        out += [(nxt.get("box") or 0) / 13, 1.0 if nxt.get("back") else 0.0,
                0.0 if cap["out"] is None else min((cap["out"] + 1) / n, 1.0), 1.0 if view["turn"] == cap["seat"] else 0.0]
    out += [min(view["shots"] / max(view["shot_limit"], 1), 1.0), 1.0 if view["seat"] in view["to_act"] else 0.0]
    return out
