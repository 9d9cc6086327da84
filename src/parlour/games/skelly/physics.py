"""A flick simulated with pymunk (Chipmunk2D), run to rest with a fixed time step: the same shot from the same
position gives the same result, bit for bit, in any process.

Caps are discs of radius 16 mm and 5 g that slide without turning. Sliding friction is Coulomb friction: each cap
is held to the ground by a pivot joint whose force is capped at mu m g (mu = 0.35), so it slows at a steady
3.4 m/s² and stops dead. Caps collide with restitution 0.7 and no friction between them. A flick of power ``p``
launches the cap at ``4.5 * sqrt(p)`` m/s, so on open ground it slides ``p * D_MAX`` (D_MAX = 2.95 m).

Why it is reproducible: a new space is built for every shot, its bodies and shapes added in seat order (Chipmunk
numbers shapes per space, and every order it keeps follows from those numbers); the step is a constant 1/300 s and
the number of steps depends only on the caps' motion; nothing reads a clock. What can still differ between
machines is the floating point of the C library (``cos``, ``sin``) and of Chipmunk's compiled code, which is why a
match record keeps where each shot left the caps and a replay checks itself against it.

>>> shot = simulate(((0, 0), None), 0, (0, 0), 0, 1000)     # a full-power flick to the right on open ground
>>> shot.rest[0], shot.hits, shot.frames > 50
((29564, 0), (), True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pymunk

from .court import CAP_RADIUS, metres, units

MASS = 0.005                # kg: a crown cap filled with wax
FRICTION = 0.35             # sliding friction on chalked asphalt
GRAVITY = 9.81
RESTITUTION = 0.7           # cap against cap
V_MAX = 4.5                 # m/s: the hardest flick (it slides 2.95 m: the longest leg, 1 to 2, is 2.4 m)
D_MAX = V_MAX ** 2 / (2 * FRICTION * GRAVITY)
STEP = 1 / 300              # s: a cap at full speed moves 15 mm a step, less than its radius
FRAME = 5                   # steps between the frames a table animates (60 a second)
MAX_STEPS = 300 * 6         # a guard no shot reaches (a lone full flick stops after 394 steps, 1.31 s)


@dataclass(frozen=True)
class Shot:
    """What a flick did. ``rest``: each seat's cap where it stopped, in units (``None``: not on the court);
    ``hits``: the caps the shooter's cap touched, in the order it touched them; ``paths``: for each cap that moved,
    ``(seat, ((x_mm, y_mm), ...))``, one point per frame (1/60 s) from the start; ``exact``: the positions at rest
    as the floats the simulation ended with, in metres (``float.hex`` compares them bit for bit)."""

    rest: tuple[tuple[int, int] | None, ...]
    hits: tuple[int, ...]
    paths: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
    frames: int
    steps: int
    exact: tuple[tuple[float, float] | None, ...]


def launch(tenths: int, thousandths: int) -> tuple[float, float]:
    """The launch velocity (m/s) of a flick of ``tenths`` of a degree at power ``thousandths``."""
    a = math.radians(tenths / 10)
    v = V_MAX * math.sqrt(thousandths / 1000)
    return v * math.cos(a), v * math.sin(a)


@lru_cache(maxsize=4096)
def simulate(caps: tuple[tuple[int, int] | None, ...], shooter: int, start: tuple[int, int], tenths: int,
             thousandths: int) -> Shot:
    """Flick ``shooter``'s cap from ``start`` (units) among ``caps`` (each seat's position, ``None`` when not on the
    court; the shooter's own entry is ignored) and run the simulation until every cap is at rest.

    A pure function of its arguments, so its results are kept (the same shot, replayed or tried by a bot, costs
    nothing the second time).
    """
    space = pymunk.Space()
    space.iterations = 10
    space.collision_slop = 0.0002  # metres: caps may overlap 0.2 mm in a contact (pymunk's default is for pixels)
    ground = space.static_body
    bodies: list[tuple[int, pymunk.Body]] = []
    seat_of: dict[pymunk.Shape, int] = {}
    for seat, pos in enumerate(caps):
        if seat == shooter:
            pos = start
        if pos is None:
            continue
        body = pymunk.Body(MASS, math.inf)
        body.position = (metres(pos[0]), metres(pos[1]))
        disc = pymunk.Circle(body, metres(CAP_RADIUS))
        disc.elasticity = math.sqrt(RESTITUTION)  # Chipmunk multiplies the two caps' elasticities
        disc.friction = 0.0
        grip = pymunk.PivotJoint(ground, body, (0, 0), (0, 0))
        grip.max_bias = 0.0
        grip.max_force = FRICTION * MASS * GRAVITY
        space.add(body, disc, grip)
        bodies.append((seat, body))
        seat_of[disc] = seat
    hits: list[int] = []
    moving = {shooter}  # a cap starts to move only when something touches it

    def touched(arbiter: pymunk.Arbiter, _space: pymunk.Space, _data: object) -> None:
        a, b = seat_of[arbiter.shapes[0]], seat_of[arbiter.shapes[1]]
        moving.update((a, b))
        other = b if a == shooter else a if b == shooter else None
        if other is not None and other not in hits:
            hits.append(other)

    space.on_collision(None, None, begin=touched)
    body_of = dict(bodies)
    body_of[shooter].velocity = launch(tenths, thousandths)
    starts = {seat: _mm(body) for seat, body in bodies}
    paths: dict[int, list[tuple[int, int]]] = {}
    frames = 1
    steps = 0
    while steps < MAX_STEPS:
        for _ in range(FRAME):
            space.step(STEP)
        steps += FRAME
        for seat in moving:
            if seat not in paths:  # it was still until now: its path so far is its start
                paths[seat] = [starts[seat]] * frames
            paths[seat].append(_mm(body_of[seat]))
        frames += 1
        if all(body_of[seat].velocity == (0.0, 0.0) for seat in moving):
            break
    rest: list[tuple[int, int] | None] = [None] * len(caps)
    exact: list[tuple[float, float] | None] = [None] * len(caps)
    for seat, body in bodies:
        x, y = body.position
        exact[seat] = (x, y)
        rest[seat] = (units(x), units(y))
    moved = tuple((seat, tuple(paths[seat])) for seat in sorted(paths) if any(p != starts[seat] for p in paths[seat]))
    return Shot(tuple(rest), tuple(hits), moved, frames, steps, tuple(exact))


def _mm(body: pymunk.Body) -> tuple[int, int]:
    x, y = body.position
    return round(x * 1000), round(y * 1000)

