"""A Skelly match: the caps on the court, each player's way through the course, the dead box, the killers.

Each seat has one cap. ``pos`` is where it lies (units of 0.1 mm; ``None`` while it is in the player's hand,
before the first shot or after the dead box gave it back, and once it is out). ``progress`` counts the targets
done: 0-24 the course (boxes 1 to 13 and back to 1), 25 the killer run's shot from box 1 into 13, 26 the four
quadrants (``quads``, a bit per quadrant done); a killer has ``killer`` set. ``out`` is the order in which a cap
left the game (0 for the first), ``None`` while it plays.

One flick is one action. What it did is decided from where the simulation left the caps (see ``_apply``):
hits first (only the shooter's own contacts count), then where the shooter's cap came to rest, then the dead box
for every cap that moved.
"""

from __future__ import annotations

from typing import Any, Sequence

from parlour.core.errors import BadOption, IllegalAction
from parlour.core.game import Action, Game, State
from parlour.core.sheet import ScoreSheet

from .actions import LISTED, LISTED_TEXT, USAGE, Flick
from .court import COURSE, COURTS, QUADRANTS, metres, target_spot
from .physics import FRAME, STEP, simulate

RUN = len(COURSE)           # 25: the killer run's single shot from box 1 into box 13
QUADS = RUN + 1             # 26: the four quadrants of the dead box, in one turn
ALL_QUADS = (1 << len(QUADRANTS)) - 1
#: Targets from the first box to being a killer: 25 boxes, 13 again, four quadrants.
STEPS = RUN + 1 + len(QUADRANTS)
#: A view's log holds the latest events (a match is long; the whole log is the state's ``events``).
LOG_EVENTS = 40


def done(progress: int, quads: int) -> int:
    """Targets done of the ``STEPS`` that make a killer."""
    return progress + quads.bit_count()


def target(progress: int, quads: int, killer: bool) -> dict[str, Any]:
    """What a cap shoots for next, for views and bots: ``kind`` (``box``, ``run``, ``quadrant``, ``hunt``), and
    ``label`` in words.

    >>> target(4, 0, False)["label"], target(20, 0, False)["label"], target(26, 0b0101, False)["label"]
    ('box 5', 'box 5 on the way back', 'a quadrant of the dead box: NW or SE')
    """
    if killer:
        return {"kind": "hunt", "label": "any cap (a killer)"}
    if progress < RUN:
        box = COURSE[progress]
        back = progress >= 13
        return {"kind": "box", "box": box, "back": back, "label": f"box {box}" + (" on the way back" if back else "")}
    if progress == RUN:
        return {"kind": "run", "box": 13, "label": "box 13 from box 1 (the killer run)"}
    left = [q for i, q in enumerate(QUADRANTS) if not quads >> i & 1]
    return {"kind": "quadrant", "left": left, "label": "a quadrant of the dead box: " + " or ".join(left)}


class SkellyState(State):
    __slots__ = ("game", "seed", "events", "sheet", "court", "pos", "progress", "quads", "killer", "out", "trapped",
                 "waited", "kills", "turn", "first", "shots", "finished", "result", "last_shot")

    # --- setting up -------------------------------------------------------------------------------------------

    @classmethod
    def start(cls, game: Game, seed: int, deck: Sequence[str] | str | None) -> "SkellyState":
        from parlour.core.rng import Rng

        from .setup import parse_setup

        n = game.players
        self = cls.__new__(cls)
        self.game, self.seed = game, seed
        self.court = COURTS[game.options["court"]]
        self.pos = [None] * n
        self.progress = [0] * n
        self.quads = [0] * n
        self.killer = [False] * n
        self.out = [None] * n
        self.trapped = [False] * n
        self.waited = [0] * n
        self.kills = [0] * n
        self.first = Rng(seed).below(n)  # the order of play is fixed: seat order, from a seat drawn by the seed
        self.turn = self.first
        self.shots = 0
        self.finished = False
        self.result: dict[str, Any] | None = None
        self.last_shot: dict[str, Any] | None = None
        self.events = []
        self.sheet = ScoreSheet([f"seat {s}" for s in range(n)])
        if deck is not None:
            text = deck if isinstance(deck, str) else "; ".join(deck) if all(isinstance(d, str) for d in deck) else None
            if text is None:
                raise BadOption("deck= for skelly is a setup string that places the caps (see parlour rules skelly --notes)")
            parse_setup(self, text)
        self.events.append({"type": "start", "first": self.turn, "court": self.court.name,
                            "caps": [self._standing_entry(s) for s in range(n)]})
        if len(self.in_play()) <= 1:
            raise BadOption("a setup must leave at least two caps in play")
        if self.shots >= self.limit:
            raise BadOption(f"a setup's shots ({self.shots}) must be fewer than the match's {self.limit}")
        self._seek(self.turn)
        return self

    def _standing_entry(self, s: int) -> dict[str, Any]:
        return {"seat": s, "done": done(self.progress[s], self.quads[s]), "killer": self.killer[s],
                "kills": self.kills[s], "out": self.out[s]}

    @property
    def limit(self) -> int:
        """Shots in the match: the ``shots`` option per player."""
        return self.game.options["shots"] * self.game.players

    def in_play(self) -> list[int]:
        return [s for s in range(self.game.players) if self.out[s] is None]

    # --- the contract -----------------------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.finished else (self.turn,)

    def legal(self, seat: int) -> list[Flick]:
        """A finite sample of flicks (every 30 degrees at powers 0.3 and 0.7): any other flick in range is just as
        legal, and ``apply`` takes it."""
        if self.finished or seat != self.turn:
            return []
        return list(LISTED)

    def check(self, seat: int, action: Action) -> Flick:
        if isinstance(action, Flick):
            return action
        raise IllegalAction("{action} is not a Skelly flick: {usage}", action=repr(action), usage=USAGE)

    def _apply(self, seat: int, action: Flick) -> None:  # type: ignore[override]
        court, n = self.court, self.game.players
        start = self.pos[seat] if self.pos[seat] is not None else court.start
        shot = simulate(tuple(self.pos), seat, start, action.tenths, action.thousandths)
        self.shots += 1
        moved = sorted(s for s, _ in shot.paths)
        events: list[dict[str, Any]] = []
        rest = list(shot.rest)
        for s in moved:  # out of bounds: back to the nearest point inside the court (no other effect)
            if not court.on_court(rest[s]):
                rest[s] = court.free_spot(court.back_in_bounds(rest[s]), [p for o, p in enumerate(rest)
                                                                          if o != s and p is not None])
                events.append({"type": "bounds", "seat": s, "at": _m(rest[s])})
        before = self.progress[seat], self.quads[seat]
        aim = target(*before, self.killer[seat])
        self.pos = rest
        hits = list(shot.hits)
        freed = [s for s in moved if s != seat and self.trapped[s] and not court.in_skull(rest[s])]
        advance = 0
        if self.killer[seat]:
            result = "kill" if hits else "miss"
            again = bool(hits)
            for h in hits:
                self.kills[seat] += 1
                self._remove(h, seat, "kill", events)
        elif hits:
            struck = [h for h in hits if self.killer[h]]
            if struck and self.game.options["killer_hit"] == "out":
                result, again = "out", False
                self._remove(seat, struck[0], "hit a killer", events)
            elif struck:
                result, again = "killer", True
                self._make_killer(seat, "hit", events)
            else:
                advance = 2 if any(h in freed for h in hits) else 1
                result, again = "hit", True
                self._advance(seat, advance, events)
        else:
            result, again = self._landing(seat, events)
        for s in freed:
            if self.out[s] is None:
                self.trapped[s], self.waited[s] = False, 0
                events.append({"type": "freed", "seat": s, "by": seat if s in hits else None})
        # Caps that came to rest in the dead box are trapped: not killers, and not a cap whose owner was shooting
        # for the quadrants (that is where it aimed; a miss there restarts the run instead).
        shooting_quads = QUADS in (before[0], self.progress[seat])
        for s in moved:
            if (self.out[s] is None and not self.killer[s] and not self.trapped[s] and self.pos[s] is not None
                    and court.in_skull(self.pos[s]) and not (s == seat and shooting_quads)):
                self.trapped[s], self.waited[s] = True, 0
                events.append({"type": "trapped", "seat": s})
                if s == seat:
                    result = "trapped"
        event = {"type": "shot", "seat": seat, "action": str(action), "number": self.shots, "target": aim["label"],
                 "from": _m(start), "rest": _m(shot.rest[seat]), "at": _m(self.pos[seat]), "hits": hits,
                 "result": result, "done": done(self.progress[seat], self.quads[seat])}
        if advance:
            event["advance"] = advance
        self.events.append(event)
        self.events.extend(events)
        self.last_shot = {"number": self.shots, "seat": seat, "action": str(action), "from": _m(start),
                          "frame_ms": round(1000 * STEP * FRAME, 3), "frames": shot.frames, "hits": hits,
                          "paths": [{"seat": s, "path": [[x / 1000, y / 1000] for x, y in path]}
                                    for s, path in shot.paths]}
        left = self.in_play()
        if len(left) <= 1:
            self._end("last cap")
        elif self.shots >= self.limit:
            self._end("shot limit")
        elif again and self.out[seat] is None:
            self._start_turn(seat)
        else:
            self._seek((seat + 1) % n)

    # --- the rules --------------------------------------------------------------------------------------------

    def _landing(self, seat: int, events: list[dict[str, Any]]) -> tuple[str, bool]:
        """No hit: did the cap come to rest wholly in its target? Returns the shot's result and whether the seat
        shoots again."""
        court, pos, p = self.court, self.pos[seat], self.progress[seat]
        if p < RUN:
            if court.in_box(pos, COURSE[p]):
                self.progress[seat] += 1
                return "in", True
            return "miss", False
        if p == RUN:
            if court.in_box(pos, 13):
                self.progress[seat] = QUADS
                return "in", True
            events.append({"type": "restart", "seat": seat})
            return "miss", False
        q = court.quadrant(pos)
        bit = 1 << QUADRANTS.index(q) if q else 0
        if bit and not self.quads[seat] & bit:
            self.quads[seat] |= bit
            if self.quads[seat] == ALL_QUADS:
                self._make_killer(seat, "run", events)
            return "in", True
        self.progress[seat], self.quads[seat] = RUN, 0
        events.append({"type": "restart", "seat": seat})
        return "miss", False

    def _advance(self, seat: int, steps: int, events: list[dict[str, Any]]) -> None:
        """A hit: the shooter's cap moves on ``steps`` targets and is put in the last of them."""
        spot = None
        for _ in range(steps):
            p = self.progress[seat]
            spot = target_spot(self.court, p, self.quads[seat])
            if p < QUADS:
                self.progress[seat] += 1
            else:
                free = next(i for i in range(len(QUADRANTS)) if not self.quads[seat] >> i & 1)
                self.quads[seat] |= 1 << free
                if self.quads[seat] == ALL_QUADS:
                    self._make_killer(seat, "run", events)
                    break
        assert spot is not None
        self._put(seat, spot)

    def _put(self, seat: int, spot: tuple[int, int]) -> None:
        others = [p for s, p in enumerate(self.pos) if s != seat and p is not None]
        self.pos[seat] = self.court.free_spot(spot, others)

    def _make_killer(self, seat: int, how: str, events: list[dict[str, Any]]) -> None:
        self.killer[seat] = True
        self.progress[seat], self.quads[seat] = QUADS, ALL_QUADS
        events.append({"type": "killer", "seat": seat, "how": how})

    def _remove(self, seat: int, by: int, how: str, events: list[dict[str, Any]]) -> None:
        """``seat``'s cap leaves the game: killed by the killer ``by``, or (``how`` "hit a killer", a variant) its
        owner hit the killer ``by``."""
        self.out[seat] = sum(o is not None for o in self.out)
        self.pos[seat] = None
        self.trapped[seat], self.waited[seat] = False, 0
        events.append({"type": "removed", "seat": seat, "by": by, "how": how})

    def _seek(self, seat: int) -> None:
        """Give the turn to ``seat`` or the next player after it who may shoot. A trapped player's turn is
        skipped; after ``trap_turns`` skipped turns, or when every cap but the killers is trapped, the cap goes
        back to its owner's hand and he shoots from the start line."""
        n = self.game.players
        while True:
            if self.out[seat] is None:
                if not self.trapped[seat]:
                    break
                others = [s for s in self.in_play() if not self.killer[s]]
                if self.waited[seat] >= self.game.options["trap_turns"] or all(self.trapped[s] for s in others):
                    why = "waited" if self.waited[seat] >= self.game.options["trap_turns"] else "all trapped"
                    self.trapped[seat], self.waited[seat] = False, 0
                    self.pos[seat] = None
                    self.events.append({"type": "returned", "seat": seat, "why": why})
                    break
                self.waited[seat] += 1
                self.events.append({"type": "skip", "seat": seat, "waited": self.waited[seat],
                                    "of": self.game.options["trap_turns"]})
            seat = (seat + 1) % n
        self._start_turn(seat)

    def _start_turn(self, seat: int) -> None:
        """``seat`` shoots now. The killer run's shot for 13 is taken from box 1: a cap elsewhere is put there."""
        self.turn = seat
        pos = self.pos[seat]
        if self.progress[seat] == RUN and not self.killer[seat] and (pos is None or not self.court.in_box(pos, 1)):
            self._put(seat, self.court.box_centre(1))
            self.events.append({"type": "placed", "seat": seat, "box": 1, "at": _m(self.pos[seat])})

    # --- the end ----------------------------------------------------------------------------------------------

    def standing(self, seat: int) -> tuple[int, int, int]:
        """How far a cap still in play has come: killers first, then by kills, then by targets done."""
        return int(self.killer[seat]), self.kills[seat], done(self.progress[seat], self.quads[seat])

    def _end(self, reason: str) -> None:
        n = self.game.players
        left = self.in_play()
        points = [0] * n
        for s in range(n):
            if self.out[s] is not None:
                points[s] = self.out[s]  # the first cap out scores 0, the next 1...
            else:
                better = sum(self.standing(o) > self.standing(s) for o in left)
                points[s] = n - 1 - better
        self.finished = True
        self.result = {"reason": reason, "shots": self.shots}
        self.sheet.add("match", points, {"reason": reason, "shots": self.shots,
                                         "standing": {str(s): list(self.standing(s)) for s in left}})
        self.events.append({"type": "end", "reason": reason, "winners": list(self.winners),
                            "scores": list(self.scores)})

    @property
    def over(self) -> bool:
        return self.finished

    @property
    def scores(self) -> tuple[int, ...]:
        return self.sheet.totals

    @property
    def winners(self) -> tuple[int, ...]:
        return self.sheet.leaders() if self.finished else ()

    # --- what is seen -----------------------------------------------------------------------------------------

    def cap_view(self, s: int) -> dict[str, Any]:
        pos = self.pos[s]
        where = "out" if self.out[s] is not None else "hand" if pos is None else "court"
        return {"seat": s, "at": None if pos is None else _m(pos), "where": where, "out": self.out[s],
                "trapped": self.trapped[s], "waited": self.waited[s], "killer": self.killer[s],
                "kills": self.kills[s], "progress": self.progress[s],
                "quadrants": [q for i, q in enumerate(QUADRANTS) if self.quads[s] >> i & 1],
                "done": done(self.progress[s], self.quads[s]),
                "next": None if self.out[s] is not None else target(self.progress[s], self.quads[s], self.killer[s])}

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": self.game.id, "players": self.game.players, "options": dict(self.game.options), "seat": seat,
            "to_act": list(self.to_act), "legal": list(LISTED_TEXT) if seat is not None and seat in self.to_act else [],
            "court": self.court.to_dict(), "steps": STEPS,
            "caps": [self.cap_view(s) for s in range(self.game.players)],
            "turn": None if self.finished else self.turn, "first": self.first,
            "shots": self.shots, "shot_limit": self.limit, "last_shot": self.last_shot,
            "result": self.result, "sheet": self.sheet.to_dict(), "scores": list(self.scores),
            "over": self.finished, "winners": list(self.winners),
            "log": self.visible_events(seat, self.events[-LOG_EVENTS:]),
        }

    def record_check(self) -> list[list[int] | None]:
        """Where every cap lies after the last shot (units of 0.1 mm; ``None``: in hand or out): a record keeps it
        so that a replay elsewhere can check that its physics came out the same."""
        return [None if p is None else [p[0], p[1]] for p in self.pos]

    def check_difference(self, recorded: Any) -> str:
        """Which caps lie elsewhere than the record says, in metres."""
        here = self.record_check()
        if not isinstance(recorded, list) or len(recorded) != len(here):
            return f"the record's cap positions {recorded!r} are not one entry per seat"

        def where(p: list[int] | None) -> str:
            return "off the court" if p is None else f"at ({metres(p[0]):.4f}, {metres(p[1]):.4f}) m"

        caps = [f"seat {s}'s cap is {where(a)} here, {where(b)} in the record"
                for s, (a, b) in enumerate(zip(here, recorded)) if a != b]
        return "; ".join(caps) or "the same positions"

    # --- the match --------------------------------------------------------------------------------------------

    def audit(self) -> None:
        from .audit import recount

        rows = recount(self.events, self.game.players)
        assert rows == [list(row[1]) for row in self.sheet.rows], f"sheet {self.sheet.rows} but the events give {rows}"

    def clone(self) -> "SkellyState":
        c = SkellyState.__new__(SkellyState)
        c.game, c.seed, c.court = self.game, self.seed, self.court
        c.events = list(self.events)  # events are never changed once written
        c.sheet = self.sheet.copy()
        for attr in ("pos", "progress", "quads", "killer", "out", "trapped", "waited", "kills"):
            setattr(c, attr, list(getattr(self, attr)))
        for attr in ("turn", "first", "shots", "finished", "result", "last_shot"):
            setattr(c, attr, getattr(self, attr))  # result and last_shot are written once, never changed
        return c


def _m(pos: tuple[int, int] | None) -> list[float] | None:
    return None if pos is None else [metres(pos[0]), metres(pos[1])]
