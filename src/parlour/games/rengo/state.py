"""A game of Go or Rengo: stones played in the teams' order, then the dead stones agreed, then the count.

Phases: **play** (``play``/``pass``/``resign``) until two passes in a row (or, as a variant, until every player
has passed since the last stone); then **scoring**, in three steps:

1. *mark*: the team that would move next marks the dead stones (``dead D4``/``alive D4``, a chain at a time)
   and accepts its marking;
2. *answer*: the other team accepts that marking (the game ends and is counted), or changes it and accepts its
   own version;
3. *confirm* (only after a change): the first team accepts the changed marking, or resumes play.

Either team may ``resume`` play instead of accepting: a disagreement is settled by playing on, the team whose
turn it was moving first. In play one player acts, the team's active player in its own order; at the count the
team acts as one: any of its players still in the game may mark and accept for it (``to_act`` lists them, the
active player first, and ``together`` says they choose as one), so that at a table the team's people, not its
bots, agree for it.
"""

from __future__ import annotations

from typing import Any, Sequence

try:
    import cython
except ImportError:  # plain Python without Cython: the same code, untyped
    from parlour.core import cyshim as cython

from parlour.core.errors import IllegalAction
from parlour.core.game import Action, Game, State
from parlour.core.sheet import ScoreSheet, Teams

from .actions import ACCEPT, ALIVE, DEAD, PASS, PLAY, RESIGN, RESUME, TEXTS, WORD, Move, move
from .board import Board
from .points import BLACK, Lister, handicap_points
from .rules import Rules
from .scoring import Count, count
from .teams import COLOUR_NAMES, Rotation

PLAYING, SCORING, OVER = "play", "scoring", "over"
MARK, ANSWER, CONFIRM = "mark", "answer", "confirm"
COLOUR_LETTERS = "BW"
#: Events shown in a view's ``log`` (the view stays small: the whole game is in ``actions``).
LOG_TAIL = 12

_PASS_RESIGN = [Move(PASS), Move(RESIGN)]
_NONE: frozenset[int] = frozenset()
_LISTERS: dict[tuple[int, int], Lister[Move]] = {}


def lister(size: int, kind: int) -> Lister[Move]:
    """Lists the actions of one kind for the points of a mask (cached per board size)."""
    key = (size, kind)
    found = _LISTERS.get(key)
    if found is None:
        found = _LISTERS[key] = Lister([move(kind, p, size) for p in range(size * size)])
    return found


def _counting(state: "_RengoBase") -> tuple[int, ...]:
    """Who acts at the count: the team agrees as one, any of its players may mark and accept for it, its active
    player first."""
    team = state.proposer if state.step != ANSWER else 1 - state.proposer
    active = state.rot.active(team)
    return (active, *(s for s in state.rot.left(team) if s != active))


#: The fields of a state, in the order ``state.pxd`` declares them for the compiled build.
FIELDS = ("game", "seed", "rules", "board", "rot", "phase", "passes", "passed", "dead", "step", "proposer",
          "proposal", "events", "actions", "sheet", "count", "resigned", "winning", "last", "setup", "handicap",
          "_legal", "_mask", "_to_act", "_plays")


class _RengoBase:
    """The fields of a :class:`RengoState` and the moves of play that change them, the hot path of a game.

    In the compiled build (``scripts/compiled.py``) this is an extension type declared in ``state.pxd``, its
    board and rotation typed, so that these methods reach them in C. As Python it is a base class with slots.
    """

    __slots__ = FIELDS

    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    def apply(self, seat: int, action: Action | str) -> Action:
        """:meth:`State.apply`, its common case first: a seat that may act and a :class:`Move` (a play-out's step)
        go straight to the check; anything else takes the contract's own way, with its errors."""
        if type(seat) is int and type(action) is Move and seat in self._to_act:
            action = self.check(seat, action)
            self._apply(seat, action)
            return action
        return State.apply(self, seat, action)

    def _turn(self) -> None:
        """After every change: who acts now (kept, as every check asks), and no legal list yet."""
        self._legal = self._mask = None
        if self.phase == PLAYING:
            rot = self.rot
            colour = rot.colour
            self._to_act = (rot.lineup.teams[colour][rot.next[colour]],)  # rot.to_move, without the calls
        elif self.phase == SCORING:
            self._to_act = _counting(self)
        else:
            self._to_act = ()

    def legal(self, seat: int) -> list[Move]:
        if seat not in self._to_act:
            return []
        if self._legal is None:
            if self.phase == PLAYING:
                self._mask = mask = self.board.legal_mask(self.rot.colour + 1)
                legal = self._plays(mask)
                legal += _PASS_RESIGN
                self._legal = legal
            elif self.step == CONFIRM:
                self._legal = [Move(ACCEPT), Move(RESUME), Move(RESIGN)]
            else:
                heads = 0
                for p in self.board.chain_heads():
                    heads |= 1 << p
                size = self.rules.size
                marks = lister(size, ALIVE)(heads & self.dead) + lister(size, DEAD)(heads & ~self.dead)
                marks.sort(key=lambda m: m & 1023)
                self._legal = marks + [Move(ACCEPT), Move(RESUME), Move(RESIGN)]
        return list(self._legal)

    @cython.locals(code=cython.int, kind=cython.int, size=cython.int, p=cython.int)
    def check(self, seat: int, action: Action) -> Move:
        """Check an action directly (a legal list is built only when asked for)."""
        size = self.board.size
        if not isinstance(action, Move) or not 0 <= action < 4 << 10:
            raise IllegalAction("{action} is not a Go action: write 'play D4', 'pass', 'resign', 'dead D4', 'alive D4', "
                                "'accept' or 'resume'", action=repr(action))
        code = action
        kind = code >> 10
        if kind == WORD:
            if code & 1023 > 3:
                raise IllegalAction("{action} is not a Go action", action=int(action))
        elif (code >> 5 & 31) >= size or (code & 31) >= size:
            raise IllegalAction("{point} is not on the {size}×{size} board", point=action.point_name, size=size)
        if type(action) is not Move:  # a subclass's object: the game's own is returned
            action = Move(action)
        if code == RESIGN:
            return action
        if self.phase == PLAYING:
            if kind == PLAY:
                p = (code >> 5 & 31) * size + (code & 31)
                if self._mask is not None and self._mask >> p & 1:  # the legal list was asked for: it says
                    return action
                why = self.board.why_not(p, self.rot.colour + 1)
                if why:
                    raise IllegalAction(why)
            elif action != PASS:
                raise IllegalAction("{action} is for the count, once play has stopped: now play a stone, pass or "
                                    "resign", action=str(action))
            return action
        # scoring
        if kind == PLAY or action == PASS:
            raise IllegalAction("play has stopped: the teams are marking the dead stones. To play on, 'resume'")
        if kind in (DEAD, ALIVE):
            if self.step == CONFIRM:
                raise IllegalAction("the other team changed the marking: 'accept' it or 'resume' play")
            p = action.point(size)
            chain = self.board.chain(p)
            name = self.board.geo.name(p)
            if not chain:
                raise IllegalAction("there is no stone on {point} to mark", point=name)
            low = (chain & -chain).bit_length() - 1
            if low != p:
                named = ("dead " if kind == DEAD else "alive ") + self.board.geo.name(low)
                raise IllegalAction("a chain is named by its lowest point: the chain on {point} is '{action}'",
                                    point=name, action=named)
            marked = bool(self.dead & chain)
            if marked != (kind == ALIVE):
                raise IllegalAction("the chain on {point} is already marked dead", point=name) if marked else \
                    IllegalAction("the chain on {point} is already marked alive", point=name)
        return action

    @cython.locals(code=cython.int, kind=cython.int)
    def _apply(self, seat: int, action: Move) -> None:  # type: ignore[override]
        code = action
        self.actions.append(TEXTS[code])  # the action's text (str(action)) without the call
        kind = code >> 10
        if kind == PLAY:
            self._play(seat, (code >> 5 & 31) * self.board.size + (code & 31))
        elif action == PASS:
            self._pass(seat)
        elif action == RESIGN:
            self._resign(seat)
        elif kind in (DEAD, ALIVE):
            chain = self.board.chain(action.point(self.rules.size))
            self.dead ^= chain
            self.events.append({"type": "mark", "seat": seat, "team": self.rules.lineup.side[seat],
                                "points": self._names(chain), "dead": kind == DEAD})
        elif action == ACCEPT:
            self._accept(seat)
        else:
            self.phase, self.passes, self.passed, self.dead = PLAYING, 0, frozenset(), 0
            self.events.append({"type": "resume", "seat": seat, "team": self.rules.lineup.side[seat],
                                "next": self.rot.to_move})
        self._turn()

    @cython.locals(c=cython.int)
    def _play(self, seat: int, p: int) -> None:
        board = self.board
        rot = self.rot
        c = rot.colour + 1
        before = board.masks[3 - c]
        event: dict[str, Any] = {"type": "move", "seat": seat, "colour": COLOUR_LETTERS[c - 1],
                                 "point": board.geo.names[p]}
        if board.play(p, c):
            event["captured"] = self._names(before & ~board.masks[3 - c])
        self.events.append(event)
        self.last = event
        self.passes, self.passed = 0, _NONE
        rot.after_move()

    def _pass(self, seat: int) -> None:
        event = {"type": "pass", "seat": seat, "colour": COLOUR_LETTERS[self.rot.colour]}
        self.events.append(event)
        self.last = event
        self.passes += 1
        self.passed = self.passed | {seat}
        self.rot.after_move()
        if self.rules.all_pass:
            done = self.passed >= set(self.rot.left(0) + self.rot.left(1))
        else:
            done = self.passes >= 2
        if done:
            self.phase, self.step, self.proposer, self.proposal, self.dead = SCORING, MARK, self.rot.colour, -1, 0
            self.events.append({"type": "stop", "marker": self.rot.active(self.proposer), "team": self.proposer})

    def _names(self, mask: int) -> list[str]:
        names = self.board.geo.names
        return [names[p] for p in self.board.geo.list_points(mask)]



class RengoState(_RengoBase, State):
    __slots__ = ()

    # --- setting up -------------------------------------------------------------------------------------------

    @classmethod
    def start(cls, game: Game, seed: int, deck: Sequence[Any] | str | None) -> "RengoState":
        from .sgf import start_position

        self = cls.__new__(cls)
        rules: Rules = game.go_rules  # type: ignore[attr-defined]
        self.game, self.seed, self.rules = game, seed, rules
        self.rot = Rotation(rules.lineup)
        self.events, self.actions = [], []
        self.sheet = ScoreSheet(list(COLOUR_NAMES))
        self.phase, self.passes, self.passed = PLAYING, 0, frozenset()
        self.dead, self.step, self.proposer, self.proposal = 0, MARK, 0, -1
        self.count: Count | None = None
        self.resigned: int | None = None
        self.winning: tuple[int, ...] = ()
        self.last: dict[str, Any] | None = None
        self._legal: list[Move] | None = None
        self._mask: int | None = None
        self._plays = lister(rules.size, PLAY)
        if deck is None:
            self.setup = None
            self.board = Board(rules.size)
            self.handicap = handicap_points(rules.size, rules.handicap)
            for p in self.handicap:
                self.board.place(p, BLACK)
            if self.handicap:
                # Black's first player set the stones: that was Black's turn, White's first player moves now.
                self.rot.after_move()
        else:
            if not isinstance(deck, str):
                raise IllegalAction("a Go game starts from a position given as SGF text (a string)")
            if rules.handicap:
                raise IllegalAction("a game set up from a position takes its stones from the position: "
                                    "leave the handicap option at 0")
            self.setup = deck
            self.board, to_move, self.handicap = start_position(deck, rules.size)
            if to_move != BLACK:
                self.rot.after_move()
        self.events.append({"type": "start", "handicap": [self.board.geo.name(p) for p in self.handicap],
                            "first": self.rot.to_move, "colour": COLOUR_LETTERS[self.rot.colour]})
        self._turn()
        return self

    # --- the contract -----------------------------------------------------------------------------------------

    @property
    def together(self) -> tuple[int, ...]:
        """At the count, the acting team's players: one marking and one acceptance for the whole team."""
        return self._to_act if self.phase == SCORING and len(self._to_act) > 1 else ()

    @property
    def colour(self) -> int:
        """The colour to move: BLACK (1) or WHITE (2)."""
        return self.rot.colour + 1

    def _accept(self, seat: int) -> None:
        team = self.rules.lineup.side[seat]
        self.events.append({"type": "accept", "seat": seat, "team": team, "dead": self._names(self.dead)})
        if self.step == MARK:
            self.step, self.proposal = ANSWER, self.dead
        elif self.step == ANSWER and self.dead != self.proposal:
            self.step, self.proposal = CONFIRM, self.dead
        else:
            self._count()

    def _resign(self, seat: int) -> None:
        team = self.rules.lineup.side[seat]
        drops = not self.rules.strict and len(self.rot.left(team)) > 1
        self.events.append({"type": "resign", "seat": seat, "team": team, "drops_out": drops})
        if drops:  # casual Rengo: the player leaves, the team plays on
            self.rot.drop(seat)
            return
        self.resigned = team
        self._finish(1 - team, f"{COLOUR_LETTERS[1 - team]}+R")

    def _count(self) -> None:
        r = self.rules
        self.count = c = count(self.board, self.dead, r.komi, r.territory, len(self.handicap))
        self.events.append({"type": "score", **c.to_dict(), "dead": self._names(self.dead),
                            "scoring": "territory" if r.territory else "area"})
        self._finish(0 if c.margin > 0 else 1 if c.margin < 0 else None, c.result)

    def _finish(self, team: int | None, result: str) -> None:
        points = [1, 1] if team is None else [int(team == 0), int(team == 1)]
        detail: dict[str, Any] = {"result": result}
        if self.count is not None:
            detail.update(black=self.count.black, white=self.count.white)
        self.sheet.add("game", points, detail)
        self.phase = OVER
        self.winning = tuple(range(self.game.players)) if team is None else self.rules.lineup.teams[team]
        self.events.append({"type": "end", "winners": list(self.winners), "scores": list(self.scores),
                            "result": result})

    def clock_out(self, seat: int) -> str | None:
        """Time is up: the player resigns (strict Rengo and Go: the team loses; casual: the player drops out and
        the next teammate takes the turn with a fresh clock)."""
        return "resign"

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> tuple[int, ...]:
        return Teams(self.rules.lineup.side).per_seat(self.sheet.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(sorted(self.winning))

    @property
    def result(self) -> str | None:
        """``B+3.5``, ``W+R``, ``Jigo``; ``None`` while the game goes on."""
        return self.sheet.rows[0][2]["result"] if self.sheet.rows else None

    # --- what each seat sees ----------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        from .views import view

        return view(self, seat)

    def running_count(self) -> Count:
        """The count of the position with the dead stones as marked now."""
        r = self.rules
        return self.count or count(self.board, self.dead, r.komi, r.territory, len(self.handicap))

    def audit(self) -> None:
        from .audit import recount

        recount(self)

    def clone(self) -> "RengoState":
        c = RengoState.__new__(RengoState)
        for name in ("game", "seed", "rules", "phase", "passes", "passed", "dead", "step", "proposer", "proposal",
                     "count", "resigned", "winning", "last", "setup", "handicap", "_legal", "_mask", "_to_act", "_plays"):
            setattr(c, name, getattr(self, name))
        c.board = self.board.clone()
        c.rot = self.rot.copy()
        c.events = list(self.events)  # events are never changed once written
        c.actions = list(self.actions)
        c.sheet = self.sheet.copy()
        return c
