"""Skelly's bots: a hand that aims, and shakes.

Every bot works out the flick that sends its cap to the middle of its next target (the angle by geometry, the power
from how far a cap slides on this court's physics) and, as a killer, the flick that runs into the nearest cap.
Then its hand shakes: the angle and the power get a normal error whose size is the bot's level. The ace also
weighs its options before it shoots: it tries each (its next target, a hit on every cap it may hit, a killer's
cap to become a killer) a few times with its own shake on a copy of the court, and takes the best on average.

Nothing is hidden in Skelly, so a bot rebuilds the exact state from its view and tries shots on copies of it.

>>> import parlour
>>> game = parlour.load("skelly", players=3)
>>> state = game.new(seed=1, deck="0: -0.85,-0.85 next 2; 1: hand; 2: hand; turn 0")
>>> str(ideal(state.court, (-8500, -8500), state.court.box_centre(2)))   # box 2 lies up the diagonal
'flick 45 0.813'
"""

from __future__ import annotations

import math
import re
from functools import cache
from typing import Any, ClassVar

from parlour.core.bot import Bot
from parlour.core.game import Action
from parlour.core.i18n import Message
from parlour.core.rng import Rng

from .actions import Flick, flick
from .court import QUADRANTS, Court
from .physics import simulate

#: A hit should arrive with some speed left: aim this far beyond the cap's centre.
FOLLOW_THROUGH = 1500


def gauss(rng: Rng) -> float:
    """A standard normal draw (Box-Muller) from the bot's own generator."""
    u = (rng.next64() + 1) / 2 ** 64
    v = rng.next64() / 2 ** 64
    return math.sqrt(-2 * math.log(u)) * math.cos(2 * math.pi * v)


@cache
def slide(thousandths: int) -> int:
    """How far (units) a lone cap slides at power ``thousandths`` in the simulation."""
    return simulate(((0, 0),), 0, (0, 0), 0, thousandths).rest[0][0]


def power_for(distance: int) -> int:
    """The power (thousandths) whose slide is nearest ``distance`` (units), by bisection on the simulation."""
    lo, hi = 1, 1000
    if slide(hi) <= distance:
        return hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if slide(mid) < distance:
            lo = mid
        else:
            hi = mid
    return lo if distance - slide(lo) <= slide(hi) - distance else hi


def ideal(court: Court, start: tuple[int, int], to: tuple[int, int], beyond: int = 0) -> Flick:
    """The flick that sends a cap from ``start`` straight to ``to`` (and ``beyond`` units further) on open ground."""
    dx, dy = to[0] - start[0], to[1] - start[1]
    angle = math.degrees(math.atan2(dy, dx))
    distance = math.hypot(dx, dy) + beyond
    return flick(angle, power_for(round(distance)) / 1000)


class SkellyBot(Bot):
    """Aims at its next target (or, as a killer, at the nearest cap) with a hand that shakes by its level."""

    name = "skelly"
    description = "aims at its next box"
    #: The shake: the angle's standard error in degrees, the power's as a fraction of the power.
    aim_error: ClassVar[float] = 1.5
    power_error: ClassVar[float] = 0.06
    #: Tries of each option before choosing (0: no weighing, always the next target or the nearest cap).
    tries: ClassVar[int] = 0

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        state = self.game.determinize(view, self.rng)
        options = self.options(state)
        if self.tries and len(options) > 1:
            best, chosen = -math.inf, options[0]
            for option in options:
                value = sum(self.worth(state, self.shake(option)) for _ in range(self.tries)) / self.tries
                if value > best:
                    best, chosen = value, option
        else:
            chosen = options[0]
        return self.shake(chosen)

    def shake(self, f: Flick) -> Flick:
        angle = f.angle + self.aim_error * gauss(self.rng)
        power = f.power * (1 + self.power_error * gauss(self.rng))
        return flick(angle, power)

    # --- what to shoot at -------------------------------------------------------------------------------------

    def options(self, state: Any) -> list[Flick]:
        """The flicks worth trying, the plain one first: the next target, or the nearest cap for a killer."""
        me, court = self.seat, state.court
        start = state.pos[me] if state.pos[me] is not None else court.start
        caps = [(s, p) for s, p in enumerate(state.pos) if s != me and p is not None]
        caps.sort(key=lambda c: (c[1][0] - start[0]) ** 2 + (c[1][1] - start[1]) ** 2)
        if state.killer[me]:
            out = [ideal(court, start, p, FOLLOW_THROUGH) for _, p in caps]
            return out or [Flick.of(0, 1)]  # nobody on the court to hunt: a nudge
        out = [ideal(court, start, self.spot(state))]
        if self.tries:
            for s, p in caps:
                if state.killer[s] and self.game.options["killer_hit"] == "out":
                    continue  # hitting a killer would put this cap out
                out.append(ideal(court, start, p, FOLLOW_THROUGH * (2 if state.trapped[s] else 1)))
        return out

    def spot(self, state: Any) -> tuple[int, int]:
        """The middle of this seat's next target (the nearest quadrant not yet done, in the quadrants stage)."""
        from .court import target_spot
        from .state import QUADS

        me, court = self.seat, state.court
        if state.progress[me] < QUADS:
            return target_spot(court, state.progress[me], state.quads[me])
        start = state.pos[me] or court.start
        left = [court.quadrant_spot(q) for i, q in enumerate(QUADRANTS) if not state.quads[me] >> i & 1]
        return min(left, key=lambda p: (p[0] - start[0]) ** 2 + (p[1] - start[1]) ** 2)

    # --- how good a shot turned out ---------------------------------------------------------------------------

    def worth(self, state: Any, f: Flick) -> float:
        """What a flick is worth to this seat, tried on a copy: targets done, the turn kept, killers and kills,
        and not being trapped or out; a miss is better near the next target."""
        from .state import done

        me = self.seat
        before = done(state.progress[me], state.quads[me])
        after = state.clone()
        after.apply(me, f)
        if after.out[me] is not None:
            return -100.0
        value = 10.0 * (done(after.progress[me], after.quads[me]) - before)
        value += 30.0 * (after.killer[me] and not state.killer[me]) + 20.0 * (after.kills[me] - state.kills[me])
        if after.trapped[me]:
            value -= 15.0
        if not after.over and after.turn == me:
            value += 5.0
        elif not after.killer[me] and after.pos[me] is not None:
            spot = self.spot(after)
            value -= 2.0 * math.dist(after.pos[me], spot) / 10000
        return value


class AceBot(SkellyBot):
    """The steadiest hand (0.6 degrees, 2.5% of the power), and it weighs every option four times before shooting."""

    name = "ace"
    description = "a steady aim that weighs its next box, hits and killers' caps by trying each on the court"
    aim_error = 0.6
    power_error = 0.025
    tries = 4


    def weigh(self, view: dict[str, Any], legal: list[Action], deadline: float,
              moves: list[Action] | None = None) -> list[tuple[Action, float]]:
        """The flicks the ace considers, its aim first, each with its worth (:meth:`worth`: 10 a box done, a killer
        30, a kill 20...) over its usual shaky tries; ``moves`` (a flick a person made) valued as flicked exactly.
        What a hint names (the ace's aim) and a review compares with."""
        state = self.game.determinize(view, self.rng)
        options = self.options(state)
        tries = max(1, self.tries)
        weighed = [(o, sum(self.worth(state, self.shake(o)) for _ in range(tries)) / tries) for o in options]
        weighed.sort(key=lambda ov: -ov[1])
        known = {str(o) for o, _ in weighed}
        weighed += [(m, self.worth(state, m)) for m in moves or () if str(m) not in known]
        self.stats = {"iterations": tries * len(options)}
        return weighed

    def explain(self, view: dict[str, Any], move: Action) -> Message:
        """Where the aim lands, flicked exactly from this position: what the shot is for and what comes of it."""
        state = self.game.determinize(view, self.rng)
        state.apply(self.seat, move)
        shot = [e for e in state.events if e["type"] == "shot"][-1]
        target = target_message(shot["target"])
        hit = Message("Seat {n}", n=shot["hits"][0]) if shot["hits"] else ""
        ends = {"in": Message("in {target}", target=target), "trapped": Message("lands in the dead box: trapped"),
                "kill": Message("kills {hits}", hits=hit), "killer": Message("hits {hits}, a killer's, and becomes a "
                                                                             "killer", hits=hit),
                "out": Message("hits {hits}, a killer's, and is out", hits=hit),
                "hit": Message.counted("hits {hits} and moves on {n} box", "hits {hits} and moves on {n} boxes (a cap "
                                       "knocked out of the dead box)", 1, hits=hit)}.get(
            shot["result"], Message("misses {target}", target=target))
        return Message("{flick}: the ace's aim, for {target}; flicked just so: {result}", flick=str(move),
                       target=target, result=ends)


def target_message(label: str) -> Message | str:
    """A target as the engine words it, as a Message the terminal and the page translate (see ``terminal``)."""
    if label in ("any cap (a killer)", "box 13 from box 1 (the killer run)"):
        return Message(label)
    m = re.fullmatch(r"box (\d+)( on the way back)?", label or "")
    if m:
        return Message("box {n} on the way back", n=m[1]) if m[2] else Message("box {n}", n=m[1])
    m = re.fullmatch(r"a quadrant of the dead box: (.*)", label or "")
    if m:
        return Message("a quadrant of the dead box: {quadrants}", quadrants=m[1])
    return label


class RegularBot(SkellyBot):
    """Aims at its next box (a killer at the nearest cap) with an ordinary hand: 1.5 degrees, 6% of the power."""

    name = "regular"
    description = "aims at its next box, or as a killer at the nearest cap, with an ordinary aim"


class RookieBot(SkellyBot):
    """Aims like the regular, with a shaky hand: 4 degrees, 15% of the power."""

    name = "rookie"
    description = "aims at its next box with a shaky aim"
    aim_error = 4.0
    power_error = 0.15


BOTS: dict[str, type[Bot]] = {"ace": AceBot, "regular": RegularBot, "rookie": RookieBot}
