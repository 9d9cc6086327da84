"""The match of the Claw: a deck spread face up, a second deck called card by card, the first right claim wins it.

The spread: every card of the worn deck (less the ``lost`` ones) lies face up at its own place and angle, drawn
from the seed on a jittered grid so that no card hides another's middle. The table (or, in the ``rotating``
variant, the seat whose turn it is to call) turns the caller's deck one card at a time. While a call is open every
seat that may claim races to claim the matching card (``claim 7H @12``): the first right claim wins it; a wrong
claim sits that seat out for the rest of the call and the next two calls. A call nobody wins closes at its
deadline and its card stays on the table, never to be called again. With the ``contest`` variant a right claim
opens a short tug of war (``tug @12``): the first seat to tug the card home ``TUGS`` times (the claim counts as
one of the claimer's) wins it; when the time runs out the seat that tugged most wins it, and a tie tears it.
When the caller's deck is used up, or the table is bare, the seat with most cards wins (ties share).

Phases: ``pause`` (between calls; the table calls at its deadline, a rotating caller may ``call`` before),
``call``, ``drag`` (the contest), ``over``.

>>> import parlour
>>> state = parlour.load("claw", players=2).new(seed=1)
>>> state.phase, state.to_act, state.deadline
('pause', (), 3.0)
>>> state.timeout()
>>> state.phase, state.to_act, state.call_no
('call', (0, 1), 1)
"""

from __future__ import annotations

from typing import Any, Sequence

from parlour.core.cards import CARDS, CODES, Card, deck as standard_deck
from parlour.core.errors import IllegalAction
from parlour.core.game import Game, State
from parlour.core.i18n import Message
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet
from parlour.core.stacking import stacked

from .actions import CALL, CALL_CODE, TUG_CARD, ClawAction, claim, tug

PAUSE, CALLING, DRAG, OVER = "pause", "call", "drag", "over"
#: Each phase's name in a refusal, to be said in the reader's language.
PHASE_WORDS = {PAUSE: Message.term("phase", "pause"), CALLING: Message.term("phase", "call"),
               DRAG: Message.term("phase", "drag"), OVER: Message.term("phase", "over")}
#: Seconds before the first call, between calls (the table's caller), a rotating caller's time to call, a contest.
FIRST_PAUSE, NEXT_PAUSE, CALLER_SECONDS, DRAG_SECONDS = 3.0, 1.5, 5.0, 1.5
#: Calls a wrong claim sits out after the current one.
PENALTY = 2
#: Tugs that win a contested card at once.
TUGS = 4
#: Events the view's log keeps, the newest.
LOG_SIZE = 24
#: The spread's area (units) and its grid: 9 x 6 cells of 111 x 107, each card 64 x 90 about its cell's middle.
WIDTH, HEIGHT, COLS, ROWS, JITTER = 1000, 640, 9, 6, 18


def spread_places(rng: Rng, count: int) -> list[tuple[int, int, int]]:
    """``count`` places ``(x, y, angle)`` on the table: distinct cells of the grid in random order, each card's
    middle within ``JITTER`` units of its cell's middle, at any angle (degrees)."""
    cells = list(range(COLS * ROWS))
    rng.shuffle(cells)
    out = []
    below = rng.below
    for cell in cells[:count]:
        cx, cy = _MIDDLES[cell]
        x = cx + below(2 * JITTER + 1) - JITTER
        y = cy + below(2 * JITTER + 1) - JITTER
        out.append((x, y, below(360)))
    return out


#: The middle of each cell of the grid, in whole units (rounded as Python rounds).
_MIDDLES: tuple[tuple[int, int], ...] = tuple((round((cell % COLS + 0.5) * WIDTH / COLS),
                                               round((cell // COLS + 0.5) * HEIGHT / ROWS)) for cell in range(COLS * ROWS))
#: The 52 cards as plain ints, in the order of a new deck.
_DECK: tuple[int, ...] = tuple(int(c) for c in standard_deck())


def claims_of_call(k: int) -> tuple[ClawAction, ...]:
    """Every card's claim in call ``k`` (index: the card), built once per call number and shared by every match:
    a legal list of claims is a pick from this row."""
    while len(_CLAIMS) <= k:
        first = len(_CLAIMS) << 8  # claim(0, call)
        _CLAIMS.append(tuple(map(ClawAction, range(first, first + 52))))
    return _CLAIMS[k]


_CLAIMS: list[tuple[ClawAction, ...]] = []


class ClawState(State):
    """A whole match of the Claw (see the module's docstring)."""

    #: Caches, empty until asked for (so a state built field by field, as ``determinize`` does, starts without
    #: them): the seats that may act (reset whenever the state changes), and the cards on the table in the spread's
    #: order (reset when a card leaves it).
    _acting: tuple[int, ...] | None = None
    _live: list[int] | None = None
    #: The legal claims of the call whose number it holds (the cards on the table do not change within a call).
    _claims: tuple[int, list[ClawAction]] = (-1, [])

    @classmethod
    def start(cls, game: Game, seed: int, deck: Sequence[Any] | None) -> "ClawState":
        self = cls.__new__(cls)
        n = game.players
        self.game, self.seed = game, seed
        self.rng = Rng(seed)
        self.events = []
        self.sheet = ScoreSheet([f"seat {s}" for s in range(n)])
        worn = list(_DECK)
        self.rng.shuffle(worn)
        lost = game.options["lost"]
        self.lost = sorted(worn[:lost])
        table = worn[lost:]
        self.spread = [(c, *place) for c, place in zip(table, spread_places(self.rng, len(table)))]
        self.present = {c for c in table}
        calls = list(_DECK)
        self.rng.shuffle(calls)
        stack = stacked(deck, Card.parse, _DECK, "call deck",
                        "the 52 cards of the caller's deck, first call first")
        if stack:
            calls = stack[0]
        self.calls = calls[::-1]  # the top of the caller's deck is the end of the list
        self.called: list[int] = []
        self.call_no = 0
        self.caller = self.rng.below(n) if game.options["caller"] == "rotating" else None
        self.out_until = [0] * n
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.torn: list[int] = []
        self.holder, self.taps = -1, [0] * n
        self.last: dict[str, Any] | None = None
        self.phase, self.wait = PAUSE, FIRST_PAUSE
        self.events.append({"type": "start", "cards": len(table), "lost": [CODES[c] for c in self.lost],
                            "caller": self.caller})
        return self

    # --- who may do what ------------------------------------------------------------------------------------------

    @property
    def card(self) -> int:
        """The card of the open (or last) call, -1 before the first."""
        return self.called[-1] if self.called else -1

    def may_claim(self, seat: int) -> bool:
        """Whether ``seat`` may claim in the open call: not its caller, not sitting out, no wrong claim in it."""
        return seat != self.caller and self.out_until[seat] < self.call_no

    @property
    def to_act(self) -> tuple[int, ...]:
        acting = self._acting
        if acting is None:
            acting = self._acting = self._seats()
        return acting

    def _seats(self) -> tuple[int, ...]:
        """:attr:`to_act` worked out (the engine asks this, not the cache, while it changes the state)."""
        phase = self.phase
        if phase == CALLING:
            k, caller = self.call_no, self.caller
            return tuple([s for s, u in enumerate(self.out_until) if u < k and s != caller])
        if phase == DRAG:
            k, caller, taps = self.call_no, self.caller, self.taps
            return tuple([s for s, u in enumerate(self.out_until) if u < k and s != caller and taps[s] < TUGS])
        if phase == PAUSE and self.caller is not None:
            return (self.caller,)
        return ()

    def legal(self, seat: int) -> list[ClawAction]:  # type: ignore[override]
        if seat not in self.to_act:
            return []
        if self.phase == PAUSE:
            return [CALL]
        if self.phase == DRAG:
            return [tug(self.call_no)]
        k, claims = self._claims
        if k != self.call_no:  # the first ask in this call: its claims of the cards on the table
            live = self._live
            if live is None:
                present = self.present
                live = self._live = [c for c, _, _, _ in self.spread if c in present]
            k = self.call_no
            claims = list(map(claims_of_call(k).__getitem__, live))
            self._claims = k, claims
        return list(claims)

    def apply(self, seat: int, action: ClawAction | str) -> ClawAction:  # type: ignore[override]
        """:meth:`State.apply`, with a short way for the common case: a claim in the open call, of a card on the
        table, by a seat that may claim. Anything else takes the general way (and its checks)."""
        if (type(action) is ClawAction and self.phase == CALLING and action >> 8 == self.call_no
                and (action & 255) in self.present and type(seat) is int and seat in self.to_act):
            self._acting = None
            self._claim(seat, action & 255)
            return action
        return State.apply(self, seat, action)

    def check(self, seat: int, action: ClawAction) -> ClawAction:  # type: ignore[override]
        """Checked directly, without building the list of claims (a claim is checked on every click)."""
        phase, kind = self.phase, action.kind if isinstance(action, ClawAction) else ""
        if phase == PAUSE and kind == "call":
            return CALL
        if phase in (CALLING, DRAG) and kind in ("claim", "tug") and action.call != self.call_no:
            raise IllegalAction("{action}: call {call} is over; the call now is number {now} ({card})",
                                action=str(action), call=action.call, now=self.call_no, card=CODES[self.card])
        if phase == CALLING and kind == "claim":
            if action.card not in self.present:
                raise IllegalAction("{action}: {card} is not on the table", action=str(action),
                                    card=CODES[action.card])
            return claim(action.card, action.call)
        if phase == DRAG and kind == "tug":
            return tug(action.call)
        raise IllegalAction(self.why_illegal(seat, action))

    def why_illegal(self, seat: int, action: ClawAction) -> str:  # type: ignore[override]
        example = "claim %s @%d" % (CODES[self.card], self.call_no)
        allowed = {PAUSE: "'call'", CALLING: Message("a claim, e.g. '{example}'", example=example),
                   DRAG: f"'tug @{self.call_no}'"}.get(self.phase, Message("nothing"))
        return Message("{action} is not legal now ({phase}); seat {seat} may play {allowed}", action=str(action),
                       phase=PHASE_WORDS[self.phase], seat=seat, allowed=allowed)

    def why_waiting(self, seat: int) -> str:
        if self.phase == OVER:
            return super().why_waiting(seat)
        if self.phase == PAUSE:
            if self.caller is None:
                return Message("seat {seat} may not act now: the table has not called the next card yet", seat=seat)
            return Message("seat {seat} may not act now: seat {caller} has not called the next card yet", seat=seat,
                           caller=self.caller)
        if seat == self.caller:
            return Message("seat {seat} may not act now: the caller does not claim in his own call", seat=seat)
        if self.out_until[seat] >= self.call_no:
            left = self.out_until[seat] - self.call_no
            if left:
                return Message.counted("seat {seat} may not act now: after a wrong claim it sits out this call and {n} "
                                       "more", "seat {seat} may not act now: after a wrong claim it sits out this call "
                                       "and {n} more", left, seat=seat)
            return Message("seat {seat} may not act now: after a wrong claim it sits out this call", seat=seat)
        return Message("seat {seat} may not act now: it has tugged {n} times", seat=seat, n=TUGS)

    # --- playing ------------------------------------------------------------------------------------------------

    def _apply(self, seat: int, action: ClawAction) -> None:  # type: ignore[override]
        self._acting = None
        if action == CALL_CODE:
            self._next_call(seat)
        elif action & 255 == TUG_CARD:
            self.taps[seat] += 1
            self.events.append({"type": "tug", "seat": seat, "call": self.call_no, "taps": self.taps[seat]})
            if self.taps[seat] >= TUGS:
                self._take(seat)
        else:
            self._claim(seat, action.card)

    def _claim(self, seat: int, card: int) -> None:
        k = self.call_no
        if card != self.card:
            self.out_until[seat] = k + PENALTY
            self.events.append({"type": "claim", "seat": seat, "card": CODES[card], "call": k, "result": "wrong"})
            seats = self._seats()
            if seats:
                self._acting = seats
            else:  # nobody may claim any more: the call closes now
                self._missed()
            return
        self.events.append({"type": "claim", "seat": seat, "card": CODES[card], "call": k, "result": "right"})
        if not self.game.options["contest"]:
            self._take(seat)
            return
        self.phase, self.holder = DRAG, seat
        self.taps = [0] * self.game.players
        self.taps[seat] = 1

    def _take(self, seat: int) -> None:
        card = self.card
        self.present.discard(card)
        self._live = None
        self.piles[seat].append(card)
        self.events.append({"type": "take", "seat": seat, "card": CODES[card], "call": self.call_no})
        self._close({"call": self.call_no, "card": CODES[card], "seat": seat, "how": "taken"})

    def _missed(self) -> None:
        self.events.append({"type": "missed", "card": CODES[self.card], "call": self.call_no})
        self._close({"call": self.call_no, "card": CODES[self.card], "seat": None, "how": "missed"})

    def _tear(self) -> None:
        card = self.card
        self.present.discard(card)
        self._live = None
        self.torn.append(card)
        tied = [s for s, t in enumerate(self.taps) if t == max(self.taps)]
        self.events.append({"type": "torn", "card": CODES[card], "call": self.call_no, "seats": tied})
        self._close({"call": self.call_no, "card": CODES[card], "seat": None, "how": "torn"})

    def _close(self, outcome: dict[str, Any]) -> None:
        """The call is over: the next one after a pause, or the end of the match."""
        self.last = outcome
        if self.holder >= 0:  # a contest's tugs are over (without one, nobody tugged)
            self.holder, self.taps = -1, [0] * self.game.players
        if not self.calls or not self.present:
            self._end()
            return
        if self.caller is not None:
            self.caller = (self.caller + 1) % self.game.players
        self.phase, self.wait = PAUSE, CALLER_SECONDS if self.caller is not None else NEXT_PAUSE

    def _next_call(self, by: int | None) -> None:
        """Turn the next card of the caller's deck; a card the table lacks is skipped (its call finds nothing)."""
        while self.calls:
            card = self.calls.pop()
            self.called.append(card)
            self.call_no += 1
            event: dict[str, Any] = {"type": "call", "call": self.call_no, "card": CODES[card], "by": by}
            if card not in self.present:
                event["absent"] = True
                self.events.append(event)
                continue
            self.events.append(event)
            self.phase = CALLING
            seats = self._seats()
            if seats:
                self._acting = seats
            else:  # everyone sits this one out
                self._missed()
            return
        self._end()

    def timeout(self) -> None:
        self._acting = None
        phase = self.phase
        if phase == PAUSE:
            self.events.append({"type": "timeout", "call": self.call_no})
            self._next_call(None)
        elif phase == CALLING:
            self._missed()
        elif phase == DRAG:
            best = max(self.taps)
            leaders = [s for s, t in enumerate(self.taps) if t == best]
            if len(leaders) == 1:
                self._take(leaders[0])
            else:
                self._tear()
        else:
            raise IllegalAction("no timed window is open")

    @property
    def deadline(self) -> float | None:
        phase = self.phase
        if phase == PAUSE:
            return self.wait
        if phase == CALLING:
            return float(self.game.options["call_seconds"])
        if phase == DRAG:
            return DRAG_SECONDS
        return None

    def _end(self) -> None:
        self.phase = OVER
        counts = [len(p) for p in self.piles]
        self.sheet.add("cards won", counts, {"torn": len(self.torn)})
        self.events.append({"type": "end", "winners": list(self.winners), "scores": counts})

    # --- the match's result ---------------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Cards won per seat (the score sheet's one row, written when the caller's deck is used up)."""
        return tuple(len(p) for p in self.piles)

    @property
    def winners(self) -> tuple[int, ...]:
        if self.phase != OVER:
            return ()
        best = max(self.scores)
        return tuple(s for s, c in enumerate(self.scores) if c == best)

    # --- what a seat sees --------------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        n, k = self.game.players, self.call_no
        present = self.present
        return {
            "game": self.game.id, "players": n, "options": dict(self.game.options), "seat": seat,
            "to_act": list(self.to_act), "legal": [str(a) for a in self.legal(seat)] if seat is not None else [],
            "phase": self.phase, "call": k, "card": CODES[self.card] if self.called else None,
            "calls_left": len(self.calls), "called": [CODES[c] for c in self.called], "caller": self.caller,
            "spread": [[CODES[c], x, y, a] for c, x, y, a in self.spread if c in present],
            "lost": [CODES[c] for c in self.lost], "torn": [CODES[c] for c in self.torn],
            "piles": [[CODES[c] for c in p] for p in self.piles],
            "sitting": [max(0, u - k) for u in self.out_until],
            "blocked": [s for s in range(n) if self.phase in (CALLING, DRAG) and not self.may_claim(s)],
            "drag": {"holder": self.holder, "taps": list(self.taps), "card": CODES[self.card]}
            if self.phase == DRAG else None,
            "last": dict(self.last) if self.last else None,
            "deadline": self.deadline, "sheet": self.sheet.to_dict(), "scores": list(self.scores),
            "over": self.over, "winners": list(self.winners), "log": self.events[-LOG_SIZE:],
        }

    def zones(self) -> dict[str, list[Card]]:
        """The worn deck: on the table, won, torn, lost; the caller's deck: still to call, called."""
        z: dict[str, list[Card]] = {
            "table": [CARDS[c] for c, *_ in self.spread if c in self.present],
            "torn": [CARDS[c] for c in self.torn], "lost": [CARDS[c] for c in self.lost],
            "caller's deck": [CARDS[c] for c in self.calls], "called": [CARDS[c] for c in self.called]}
        for s, pile in enumerate(self.piles):
            z[f"won {s}"] = [CARDS[c] for c in pile]
        return z

    def audit(self) -> None:
        """Recount the cards won from the public events and check them against the score sheet."""
        won = [0] * self.game.players
        for e in self.events:
            if e["type"] == "take":
                won[e["seat"]] += 1
        assert tuple(won) == self.scores, f"takes recounted {won}, piles hold {self.scores}"
        if self.over:
            assert [list(r[1]) for r in self.sheet.rows] == [won], "the sheet's row is the cards won"

    def clone(self) -> "ClawState":
        c = ClawState.__new__(ClawState)
        d = dict(self.__dict__)
        d["rng"] = self.rng.clone()
        d["events"] = list(self.events)
        d["sheet"] = self.sheet.copy()
        d["present"] = set(self.present)
        d["piles"] = [list(p) for p in self.piles]
        for name in ("calls", "called", "out_until", "torn", "taps"):
            d[name] = list(d[name])
        c.__dict__.update(d)
        return c
