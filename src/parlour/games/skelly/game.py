"""Skelly: the game, its variants, and rebuilding a state from a view (nothing in Skelly is hidden)."""

from __future__ import annotations

from typing import Any, Mapping

from parlour.core.game import Game
from parlour.core.options import Option
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet

from .actions import Flick, parse
from .bot import BOTS
from .court import COURTS, QUADRANTS, units
from .state import SkellyState


class Skelly(Game):
    id = "skelly"
    title = "Skelly (bottle-cap street game)"
    status = "complete"
    hidden = None  # every cap lies in sight
    player_counts = (3, 4, 5, 6)
    default_players = 4
    options_spec = (
        Option("court", "standard", "the court's layout: standard (2 m square, 20 cm boxes), bronx (a small 13 "
               "box), big (2.4 m, 28 cm boxes)", choices=tuple(COURTS)),
        Option("killer_hit", "killer", "a player who is no killer hits a killer's cap: he becomes a killer too "
               "(killer), or his cap is out (out)", choices=("killer", "out")),
        Option("trap_turns", 3, "turns a trapped cap waits in the dead box before it goes back to the start line",
               minimum=1, maximum=20),
        Option("shots", 100, "shots per player before the match is stopped (the best-placed cap then wins)",
               minimum=1, maximum=1000),
    )
    action_bound = 6 * 100
    deck_doc = ("deck=\"SETUP\" places the caps and says how far each player has come, e.g. "
                "\"0: -0.85,-0.85 next 2; 1: hand; 2: 0.1,0.3 trapped next 6; 3: out; turn 0\" (NOTES.md has the words)")
    state_class = SkellyState
    bots = BOTS
    quick_options = {"shots": 8}

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        self.action_bound = self.players * self.options["shots"]

    def parse(self, text: str) -> Flick:
        return parse(text)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> SkellyState:
        """The state behind ``view``: everything in Skelly is in plain sight, so it is rebuilt, not guessed.

        The match's older events are not in a view (it keeps the latest); the rebuilt state has the view's.
        """
        s = SkellyState.__new__(SkellyState)
        s.game, s.seed = self, -1
        s.court = COURTS[self.options["court"]]
        caps = view["caps"]
        s.pos = [None if c["at"] is None else (units(c["at"][0]), units(c["at"][1])) for c in caps]
        s.progress = [c["progress"] for c in caps]
        s.quads = [sum(1 << QUADRANTS.index(q) for q in c["quadrants"]) for c in caps]
        s.killer = [c["killer"] for c in caps]
        s.out = [c["out"] for c in caps]
        s.trapped = [c["trapped"] for c in caps]
        s.waited = [c["waited"] for c in caps]
        s.kills = [c["kills"] for c in caps]
        s.turn = view["turn"] if view["turn"] is not None else 0
        s.first, s.shots = view["first"], view["shots"]
        s.finished, s.result, s.last_shot = view["over"], view["result"], view["last_shot"]
        s.events = [dict(e) for e in view["log"]]
        s.sheet = ScoreSheet.from_dict(view["sheet"])
        return s
