"""A rule-based Skelly player written from the rules alone (see the package's independence rule).

Nothing is hidden in Skelly and a flick's slide is fixed by the rules' physics, so a good player "sees" where a
flick goes. This one sees it exactly: it rebuilds the court from its view (``game.determinize``: nothing to guess)
and tries each candidate flick on a copy with the game's own ``apply``, the rules' referee, then plays the flick
whose outcome a player would like best. Its candidates are what a player considers:

* the straight shot at the middle of its next box (13, or each quadrant it still needs on the killer run): the
  angle and the power the rules give (the power slides the cap that many times about 3 m), and small corrections
  of both;
* a hit on each other cap (a hit moves on a box and shoots again; knocking a trapped cap out moves on two), and,
  as a killer, every cap in reach (each hit is a kill).

It judges an outcome as a player would: its progress along the course (and the quadrants, a killer, its kills) far
above all, another shot still to come, its cap not trapped and not left far from its next box; others trapped or
out, a little. It plays the first best (candidates in a fixed order), so it is deterministic.
"""

from __future__ import annotations

import math
from typing import Any

from parlour.core.bot import Bot
from parlour.core.game import Action

#: The slide of a full flick on open ground, in metres: the rules' "about 3 m".
SLIDE = 2.95
ANGLES = (0.0, -0.6, 0.6, -1.5, 1.5)
POWERS = (1.0, 0.985, 1.015, 0.97, 1.03)


class SkellyPlayer(Bot):
    """Skelly by trying a player's candidate flicks on a copy of the court and keeping the best outcome."""

    name = "rules"
    #: The bench's match: 30 shots per player (a whole match to the last cap lasts long; 30 shots reach the run).
    BENCH_OPTIONS = {"shots": 30}
    description = "rule-based Skelly: aims at its next box or a cap, sees where each flick stops, keeps the best"

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        me = self.seat
        cap = view["caps"][me]
        start = cap["at"] or view["court"]["start"]["at"]
        best, best_value = None, -math.inf
        for text in self._candidates(view, cap, start):
            try:
                action = self.game.parse(text)
                state = self.game.determinize(view, self.rng)
                state.apply(me, action)
            except Exception:  # a candidate out of the flick's range: not a flick at all
                continue
            v = self._value(state, view)
            if v > best_value:
                best, best_value = action, v
        return best if best is not None else legal[0]

    # -- candidates ------------------------------------------------------------------------------------------

    def _targets(self, view: dict[str, Any], cap: dict[str, Any]) -> list[tuple[float, float]]:
        court, nxt = view["court"], cap.get("next") or {}
        kind = nxt.get("kind")
        if kind in ("box", "run"):
            return [tuple(court["boxes"][str(nxt["box"])])]
        if kind == "quadrant":
            return [tuple(court["quadrants"][q]) for q in nxt.get("left", [])]
        return []

    def _candidates(self, view: dict[str, Any], cap: dict[str, Any], start: list[float]) -> list[str]:
        out: list[str] = []
        for tx, ty in self._targets(view, cap):
            angle, dist = self._aim(start, (tx, ty))
            for da in ANGLES:
                for fp in POWERS:
                    out.append(self._flick(angle + da, dist * fp / SLIDE))
        killer = cap.get("killer")
        for other in view["caps"]:
            if other["seat"] == self.seat or other.get("out") is not None or not other.get("at"):
                continue
            angle, dist = self._aim(start, other["at"])
            # Just reach it, or drive through it (a trapped cap knocked out of the skull moves me on two).
            for extra in ((0.05, 0.25, 0.6) if killer or other.get("trapped") else (0.05, 0.25)):
                for da in (0.0, -0.4, 0.4):
                    out.append(self._flick(angle + da, (dist + extra) / SLIDE))
        return list(dict.fromkeys(out))

    @staticmethod
    def _aim(start: list[float] | tuple[float, float], target: list[float] | tuple[float, float]) -> tuple[float, float]:
        dx, dy = target[0] - start[0], target[1] - start[1]
        return math.degrees(math.atan2(dy, dx)) % 360, math.hypot(dx, dy)

    @staticmethod
    def _flick(angle: float, power: float) -> str:
        power = min(1.0, max(0.001, power))
        return f"flick {round(angle % 360, 1) % 360:g} {round(power, 3):g}"

    # -- judging an outcome ----------------------------------------------------------------------------------

    def _value(self, state: Any, before: dict[str, Any]) -> float:
        me = self.seat
        after = state.view(me)
        if state.over:
            return 1e6 if me in state.winners else -1e6
        caps = after["caps"]
        mine = caps[me]
        if mine.get("out") is not None:
            return -1e5
        value = 100.0 * mine["progress"] + 30.0 * len(mine.get("quadrants") or [])
        value += 600.0 * bool(mine.get("killer")) + 400.0 * mine.get("kills", 0)
        if mine.get("trapped"):
            value -= 250.0
        if tuple(after["to_act"]) == (me,):
            value += 60.0  # another shot this turn
        targets = self._targets(after, mine)
        if targets and mine.get("at"):
            value -= 40.0 * min(math.dist(mine["at"], t) for t in targets)
        for cap in caps:
            if cap["seat"] == me:
                continue
            if cap.get("out") is not None:
                value += 150.0
            elif cap.get("trapped"):
                value += 25.0
            if cap.get("killer") and not mine.get("killer") and cap.get("at") and mine.get("at"):
                value += 20.0 * min(1.0, math.dist(cap["at"], mine["at"]))  # keep away from a killer
        return value
