"""The match of a memory game: nine rounds of grids of face-down cards, the stock, the discard, knocking.

One :class:`MemoryState` runs all four games; a game's :class:`~.rules.Rules` and a few hooks (Kaboo's
powers and snaps) make the difference. Seats play in turn order ``s, s+1, ...``; the dealer is drawn from
the seed and passes on one seat a round; the seat after the dealer plays first.

Knowledge is kept per card place: ``up`` (face up, everyone sees it), ``seen`` (the seats that know the
card lying there: they looked at it, placed it, or watched it being placed) and ``shown`` (the seats it is
shown to right now, in an open timed window). A view shows a face-down card to a seat only while it is
shown to it, or, with the table option ``memory_aid``, whenever the seat has seen it. ``tags`` number the
cards in the layouts so that a card can be followed as it moves, face down, from place to place.

Phases of a round: ``peek`` (the timed look at the near cards), ``setup`` (golf's two optional flips),
``turn`` (a player starts a turn), ``drawn`` (he holds the drawn card), ``flip`` (golf: he discarded it
and must turn a card up), ``power`` and ``decide`` (Kaboo's powers), ``done`` (every turn played, a
window still open), ``over``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar, Sequence

from parlour.core.cards import CARDS, CODES, JOKER, Card, deck as standard_deck
from parlour.core.errors import IllegalAction
from parlour.core.i18n import Message
from parlour.core.game import Game, State
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet
from parlour.core.stacking import stacked

from .actions import (DISCARD, DRAW, FLIP, KNOCK, READY, SWAP, TAKE, Move, move)
from .rules import Rules

PEEK, SETUP, TURN, DRAWN, FLIPPING, POWER, DECIDE, DONE, OVER = (
    "peek", "setup", "turn", "drawn", "flip", "power", "decide", "done", "over")
#: Each phase's name in a refusal, to be said in the reader's language.
PHASE_WORDS = {PEEK: Message.term("phase", "peek"), SETUP: Message.term("phase", "setup"),
               TURN: Message.term("phase", "turn"), DRAWN: Message.term("phase", "drawn"),
               FLIPPING: Message.term("phase", "flip"), POWER: Message.term("phase", "power"),
               DECIDE: Message.term("phase", "decide"), DONE: Message.term("phase", "done"),
               OVER: Message.term("phase", "over")}
#: Phases in which the seat ``turn`` is in the middle of his own turn.
MID_TURN = frozenset({DRAWN, FLIPPING, POWER, DECIDE})
#: Actions that start a turn: they close any open window first.
STARTS = frozenset({DRAW, TAKE, KNOCK, FLIP})
HIDDEN = "##"
#: The actions legal lists hand out, built once: per kind, for each own slot.
_DRAW, _KNOCK, _DISCARD, _READY = move(DRAW), move(KNOCK), move(DISCARD), move(READY)
_TAKES, _SWAPS, _FLIPS = (tuple(move(kind, i) for i in range(256)) for kind in (TAKE, SWAP, FLIP))


class MemoryState(State):
    """A whole match of a memory game. Subclasses set ``rules`` and may override the hooks."""

    rules: ClassVar[Rules]
    #: What ``to_act`` and ``legal`` answered since the last change (None: not asked yet). Every change goes
    #: through :meth:`apply` or :meth:`timeout`, which forget them: a play-out asks each once per action.
    _now: tuple[int, ...] | None = None
    _moves: dict[int, list[Move]] | None = None

    # --- setting up -------------------------------------------------------------------------------------------

    @classmethod
    def start(cls, game: Game, seed: int, deck: Sequence[Any] | None) -> "MemoryState":
        self = cls.__new__(cls)
        self.game, self.seed = game, seed
        self.rng = Rng(seed)
        self.events = []
        self.sheet = ScoreSheet([f"seat {s}" for s in range(game.players)])
        self.dealer = self.rng.below(game.players)
        cards = self.round_cards()
        self.stacked = stacked(deck, Card.parse, cards, "round", f"exactly the round's {len(cards)} cards ({len(cards) // 52} "
                               f"deck(s){', with jokers' if JOKER in cards else ''})")
        self.round_no = 0
        self.finished = False
        self.previous: list[dict[str, Any]] = []
        self.round_from = 0
        self._start_round()
        return self

    def round_cards(self) -> list[int]:
        """Every card of a round, in a fixed order (shuffled from the seed each round)."""
        return list(_round_cards(self.game.decks, self.game.jokers))

    def _start_round(self) -> None:
        cards = self.round_cards()
        self.rng.shuffle(cards)  # drawn even for a stacked round, so that stacking one leaves the next alone
        if self.stacked:
            cards = self.stacked.pop(0)
        n, size, rules = self.game.players, self.rules.size, self.rules
        if self.round_no:
            self.previous = self._how_it_ended()
        self.round_no += 1
        self.first = (self.dealer + 1) % n
        self.layouts: list[list[int]] = [[]] * n
        self.tags: list[list[int]] = [[]] * n
        self.up = [[0] * size for _ in range(n)]
        self.seen = [[0] * size for _ in range(n)]
        self.shown = [[0] * size for _ in range(n)]
        pos = 0
        for i in range(n):  # the seats in turn from the first, each dealt its slots in order
            seat = (self.first + i) % n
            self.layouts[seat] = cards[pos:pos + size]
            self.tags[seat] = list(range(pos + 1, pos + size + 1))
            pos += size
        self.next_tag = pos + 1
        self.discard = [cards[pos]] if rules.initial_discard else []
        pos += len(self.discard)
        self.stock = cards[pos:][::-1]  # the top of the stock is the end of the list
        self.turn, self.drawn, self.closer = -1, -1, -1
        self.ready, self.flips = 0, [0] * n
        self.window = 0.0
        self.log_from = self.round_from = len(self.events)
        self.events.append({"type": "round", "round": self.round_no, "dealer": self.dealer, "first": self.first,
                            "discard": [CODES[c] for c in self.discard]})
        self._reset_round_extras()
        if rules.peek_slots:
            self.phase = PEEK
            self.window = float(self.game.options["peek_seconds"])
            for seat in range(n):
                for slot in rules.peek_slots:
                    self.shown[seat][slot] |= 1 << seat
                    self.seen[seat][slot] |= 1 << seat
        elif rules.setup_flips:
            self.phase = SETUP
        else:
            self._first_turn()

    def _how_it_ended(self) -> list[dict[str, Any]]:
        """The events that ended the round just scored: its sweeps, then its last turn (with any window after
        it) through the reveal and the score. The next round's view carries them as ``previous``."""
        sweeps = [e for e in self.events[self.round_from:self.log_from] if e["type"] == "sweep"]
        return sweeps + self.events[self.log_from:]

    def _first_turn(self) -> None:
        self.phase, self.turn = TURN, self.first

    # --- hooks (Kaboo's snaps and powers) ------------------------------------------------------------------------

    def _reset_round_extras(self) -> None:
        """Per-round state of a subclass."""

    def _window_seats(self) -> list[int]:
        """Seats that may act in the open window besides the turn player (snappers)."""
        return []

    def _window_legal(self, seat: int) -> list[Move]:
        return []

    def _window_apply(self, seat: int, m: Move) -> bool:
        """Apply a window action; ``False`` if ``m`` is not one."""
        return False

    def _turn_blocked(self) -> bool:
        """The next turn may not start yet (a snapper still chooses whether to fill a gap)."""
        return False

    def _close_extras(self) -> None:
        """Close a subclass's part of the window."""

    def _power_legal(self, seat: int) -> list[Move]:
        return []

    def _power_apply(self, seat: int, m: Move) -> None:
        raise IllegalAction("{action} is not legal now", action=str(m))

    def _reached_discard(self, card: int, by_turn: bool) -> None:
        """A card reached the discard pile from a turn (Kaboo opens a snap window)."""

    def _after_drawn_discard(self, seat: int, card: int) -> bool:
        """The drawn card was discarded unused; return ``True`` if a power phase follows."""
        return False

    def _view_extras(self, seat: int | None) -> dict[str, Any]:
        return {}

    def _determinize_extras(self, view: dict[str, Any]) -> None:
        """Read a subclass's part of a view back (see :func:`.game.determinize`)."""

    # --- the contract -----------------------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        now = self._now
        if now is None:
            now = self._now = self._to_act()
        return now

    def _forget(self) -> None:
        """The state changed: ``to_act`` and ``legal`` are worked out again when next asked."""
        self._now = self._moves = None

    def apply(self, seat: int, action: Any) -> Move:
        """:meth:`State.apply`, with a short way for the common case: an action in the seat's legal list (the
        list :meth:`check` looks it up in); anything else takes the general way."""
        if type(action) is Move and type(seat) is int:
            moves = self._moves
            legal = moves.get(seat) if moves is not None else None
            if legal is None:
                legal = self._legal(seat) if seat in self.to_act else []
                if self._moves is None:
                    self._moves = {}
                self._moves[seat] = legal
            if action in legal:
                try:
                    self._apply(seat, action)
                finally:
                    self._forget()
                return action
        try:
            return State.apply(self, seat, action)
        finally:
            self._forget()

    def _to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == OVER:
            return ()
        n = self.game.players
        if phase in (PEEK, SETUP):
            return tuple(s for s in ((self.first + i) % n for i in range(n)) if not self.ready >> s & 1)
        others = self._window_seats()
        if not others and self.turn >= 0 and (phase in MID_TURN or phase == TURN and not self._turn_blocked()):
            return (self.turn,)
        if phase in MID_TURN:
            return (self.turn, *[s for s in others if s != self.turn])
        if phase == TURN and not self._turn_blocked():
            return (*[s for s in others if s != self.turn], self.turn)
        return tuple(others)

    def legal(self, seat: int) -> list[Move]:
        moves = self._moves
        if moves is None:
            moves = self._moves = {}
        legal = moves.get(seat)
        if legal is None:
            legal = moves[seat] = self._legal(seat) if seat in self.to_act else []
        return list(legal)

    def _legal(self, seat: int) -> list[Move]:
        phase, rules = self.phase, self.rules
        if phase == PEEK:
            return [_READY]
        if phase == SETUP:
            done = self.flips[seat] >= rules.setup_flips
            return [_READY] + ([] if done else [_FLIPS[i] for i in self._face_down(seat)])
        out: list[Move] = []
        if seat == self.turn:
            lay = self.layouts[seat]
            if phase == TURN and not self._turn_blocked():
                out.append(_DRAW)
                if rules.take_discard and self.discard:
                    out += [_TAKES[i] for i, c in enumerate(lay) if c >= 0]
                if rules.flip_turn:
                    out += [_FLIPS[i] for i in self._face_down(seat)]
                if rules.knock and self.closer < 0:
                    out.append(_KNOCK)
            elif phase == DRAWN:
                out += [_SWAPS[i] for i, c in enumerate(lay) if c >= 0]
                if not rules.flip_after_discard or self._face_down(seat):
                    out.append(_DISCARD)
            elif phase == FLIPPING:
                out += [_FLIPS[i] for i in self._face_down(seat)]
            elif phase in (POWER, DECIDE):
                out += self._power_legal(seat)
        return out + self._window_legal(seat)

    def why_illegal(self, seat: int, action: Move) -> str:  # type: ignore[override]
        allowed = ", ".join(map(str, self.legal(seat)))
        return Message("{action} is not legal now ({phase} phase); seat {seat} may play: {allowed}", action=str(action),
                       phase=PHASE_WORDS[self.phase], seat=seat, allowed=allowed)

    def _face_down(self, seat: int) -> list[int]:
        lay, up = self.layouts[seat], self.up[seat]
        return [i for i, c in enumerate(lay) if c >= 0 and not up[i]]

    def _apply(self, seat: int, action: Move) -> None:  # type: ignore[override]
        kind = action.kind
        phase = self.phase
        if phase == PEEK:
            self._ready(seat)
            return
        if phase == SETUP:
            if kind == FLIP:
                self._turn_up(seat, action.a)
                self.flips[seat] += 1
                if self.flips[seat] >= self.rules.setup_flips:
                    self._ready(seat)
            else:
                self._ready(seat)
            return
        if seat == self.turn and phase == TURN and kind in STARTS:
            self._close_window()
            self.log_from = len(self.events)
            if kind == DRAW:
                self.drawn = self.stock.pop()
                self.phase = DRAWN
                self.events.append({"type": "draw", "seat": seat})
            elif kind == TAKE:
                self._take(seat, action.a)
            elif kind == FLIP:
                self._turn_up(seat, action.a)
                self._end_turn()
            else:
                self.closer = seat
                self.events.append({"type": "knock", "seat": seat})
                self._end_turn()
            return
        if seat == self.turn and phase == DRAWN and kind in (SWAP, DISCARD):
            card, self.drawn = self.drawn, -1
            if kind == SWAP:
                out = self._exchange(seat, action.a, card, known_to=1 << seat)
                self.events.append({"type": "swap", "seat": seat, "slot": action.a, "out": CODES[out]})
                self._discard(out)
                self._after_exchange(seat, action.a)
                self._end_turn()
            else:
                self.events.append({"type": "discard", "seat": seat, "card": CODES[card]})
                self._discard(card)
                if self.rules.flip_after_discard:
                    self.phase = FLIPPING
                elif not self._after_drawn_discard(seat, card):
                    self._end_turn()
            return
        if seat == self.turn and phase == FLIPPING and kind == FLIP:
            self._turn_up(seat, action.a)
            self._end_turn()
            return
        if self._window_apply(seat, action):
            return
        self._power_apply(seat, action)

    def _ready(self, seat: int) -> None:
        self.ready |= 1 << seat
        self.events.append({"type": "ready", "seat": seat})
        if self.ready == (1 << self.game.players) - 1:
            self._close_window()
            self._first_turn()

    # --- moving cards -----------------------------------------------------------------------------------------

    def _turn_up(self, seat: int, slot: int) -> None:
        self.up[seat][slot] = 1
        self.seen[seat][slot] = (1 << self.game.players) - 1
        self.events.append({"type": "flip", "seat": seat, "slot": slot, "card": CODES[self.layouts[seat][slot]]})
        self._after_exchange(seat, slot)

    def _exchange(self, seat: int, slot: int, card: int, known_to: int) -> int:
        """Put ``card`` into ``seat``'s ``slot`` (face up by the rules, or face down known to ``known_to``);
        return the card that lay there."""
        out = self.layouts[seat][slot]
        self.layouts[seat][slot] = card
        self.tags[seat][slot] = self.next_tag
        self.next_tag += 1
        self.shown[seat][slot] = 0
        if self.rules.incoming_up:
            self.up[seat][slot] = 1
            self.seen[seat][slot] = (1 << self.game.players) - 1
        else:
            self.up[seat][slot] = 0
            self.seen[seat][slot] = known_to
        return out

    def _take(self, seat: int, slot: int) -> None:
        card = self.discard.pop()
        everyone = (1 << self.game.players) - 1  # the card lay face up: every seat knows it
        out = self._exchange(seat, slot, card, known_to=everyone)
        self.events.append({"type": "take", "seat": seat, "slot": slot, "out": CODES[out]})
        self._discard(out)
        self._after_exchange(seat, slot)
        self._end_turn()

    def _discard(self, card: int, by_turn: bool = True) -> None:
        self.discard.append(card)
        self._reached_discard(card, by_turn)

    def _after_exchange(self, seat: int, slot: int) -> None:
        """A card of ``seat``'s ``slot`` changed or turned up (the golf sweep variant checks its column)."""

    def _clear_slot(self, seat: int, slot: int) -> int:
        card = self.layouts[seat][slot]
        self.layouts[seat][slot] = -1
        self.tags[seat][slot] = self.up[seat][slot] = self.seen[seat][slot] = self.shown[seat][slot] = 0
        return card

    def _move_slot(self, src: tuple[int, int], dst: tuple[int, int]) -> None:
        """Move a card with everything known about it (a gap is left behind)."""
        (s, i), (t, j) = src, dst
        for grid in (self.layouts, self.tags, self.up, self.seen, self.shown):
            grid[t][j] = grid[s][i]
        self._clear_slot(s, i)

    def _swap_slots(self, p: tuple[int, int], q: tuple[int, int]) -> None:
        (s, i), (t, j) = p, q
        for grid in (self.layouts, self.tags, self.up, self.seen, self.shown):
            grid[s][i], grid[t][j] = grid[t][j], grid[s][i]

    def _add_slot(self, seat: int, card: int) -> int:
        """A new slot at the end of ``seat``'s layout (a penalty card); returns its index."""
        self.layouts[seat].append(card)
        self.tags[seat].append(self.next_tag)
        self.next_tag += 1
        for grid in (self.up, self.seen, self.shown):
            grid[seat].append(0)
        return len(self.layouts[seat]) - 1

    def _refill_stock(self, low: int = 0) -> bool:
        """A stock of ``low`` cards or fewer gets the discard pile but its top card, shuffled, beneath it;
        ``False`` if the stock is still empty."""
        if len(self.stock) <= low and len(self.discard) > 1:
            cards = self.discard[:-1]
            self.discard = self.discard[-1:]
            self.rng.shuffle(cards)
            self.stock = cards + self.stock
            self.log_from = len(self.events)
            self.events.append({"type": "reshuffle", "cards": len(cards)})
        return bool(self.stock)

    # --- turns, windows, the end of a round -------------------------------------------------------------------

    def _end_turn(self) -> None:
        seat, n = self.turn, self.game.players
        if not self.rules.knock and self.closer < 0 and not self._face_down(seat):
            self.closer = seat
            self.events.append({"type": "out", "seat": seat})
        nxt = (seat + 1) % n
        if self.closer >= 0 and nxt == self.closer:
            self._turns_over()
            return
        self.turn, self.phase = nxt, TURN
        if not self._refill_stock():
            self.events.append({"type": "stock-empty"})
            self._turns_over()

    def _turns_over(self) -> None:
        self.turn, self.phase = -1, DONE
        if not self.window:
            self._end_round()

    def _close_window(self) -> None:
        if not self.window:
            return
        self.window = 0.0
        for grid in self.shown:
            for i in range(len(grid)):
                grid[i] = 0
        self._close_extras()
        if self.phase == DONE:
            self._end_round()

    def timeout(self) -> None:
        self._forget()
        try:
            self._timeout()
        finally:
            self._forget()

    def _timeout(self) -> None:
        if not self.window or self.phase == OVER:
            raise IllegalAction("no timed window is open")
        self.events.append({"type": "timeout"})
        if self.phase == PEEK:
            self.ready = (1 << self.game.players) - 1
            self._close_window()
            self._first_turn()
        else:
            self._close_window()

    @property
    def deadline(self) -> float | None:
        return self.window or None

    def round_scores(self) -> tuple[list[int], list[int]]:
        """Each seat's points as the layouts lie, and with the closer's penalty."""
        raw = [self.rules.score(lay) for lay in self.layouts]
        points = list(raw)
        c = self.closer
        if c >= 0:
            tie = self.game.options.get("tie_penalty", False)
            if any(p < raw[c] or (tie and p == raw[c] and s != c) for s, p in enumerate(raw)):
                points[c] += self.rules.closer_penalty
        return raw, points

    def _end_round(self) -> None:
        self.window = 0.0
        self._close_extras()
        n = self.game.players
        if self.drawn >= 0:  # only when the round ends in the middle of a turn: the card goes back to the pile
            self.discard.append(self.drawn)
            self.drawn = -1
        for lay, up, shown in zip(self.layouts, self.up, self.shown):  # every card turned up, none shown
            up[:] = [1 if c >= 0 else u for c, u in zip(lay, up)]
            shown[:] = [0] * len(shown)
        raw, points = self.round_scores()
        self.events.append({"type": "reveal", "layouts": [[CODES[c] if c >= 0 else None for c in lay]
                                                          for lay in self.layouts]})
        detail = {"raw": raw, "closer": None if self.closer < 0 else self.closer}
        self.sheet.add(f"round {self.round_no}", points, detail)
        self.events.append({"type": "score", "round": self.round_no, "points": points, **detail})
        self.turn, self.phase = -1, DONE
        if self.round_no >= self.game.options["rounds"]:
            self.phase = OVER
            self.finished = True
            self.events.append({"type": "end", "winners": list(self.winners), "scores": list(self.scores)})
        else:
            self.dealer = (self.dealer + 1) % n
            self._start_round()

    @property
    def over(self) -> bool:
        return self.finished

    @property
    def scores(self) -> tuple[int, ...]:
        return self.sheet.totals

    @property
    def winners(self) -> tuple[int, ...]:
        return self.sheet.leaders(lowest=True) if self.finished else ()

    # --- what a seat sees --------------------------------------------------------------------------------------

    def code_for(self, seat: int | None, owner: int, slot: int) -> str | None:
        """What ``seat`` sees at ``owner``'s ``slot``: a card code, ``"##"`` (face down), or ``None`` (a gap)."""
        c = self.layouts[owner][slot]
        if c < 0:
            return None
        if self.up[owner][slot]:
            return CODES[c]
        if seat is not None:
            bit = 1 << seat
            if self.shown[owner][slot] & bit or (self.game.options["memory_aid"] and self.seen[owner][slot] & bit):
                return CODES[c]
        return HIDDEN

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.game.players
        drawn = None
        if self.drawn >= 0:
            drawn = CODES[self.drawn] if seat == self.turn else HIDDEN
        v: dict[str, Any] = {
            "game": self.game.id, "players": n, "options": dict(self.game.options), "seat": seat,
            "to_act": list(self.to_act), "legal": [str(a) for a in self.legal(seat)] if seat is not None else [],
            "round": self.round_no, "rounds": self.game.options["rounds"], "dealer": self.dealer,
            "first": self.first, "phase": self.phase, "turn": None if self.turn < 0 else self.turn,
            "closer": None if self.closer < 0 else self.closer,
            "layouts": [[self.code_for(seat, s, i) for i in range(len(self.layouts[s]))] for s in range(n)],
            "up": [list(u) for u in self.up], "tags": [list(t) for t in self.tags],
            "drawn": drawn, "discard": [CODES[c] for c in self.discard], "stock": len(self.stock),
            "ready": [s for s in range(n) if self.ready >> s & 1], "flips": list(self.flips),
            "deadline": self.deadline,
            "sheet": self.sheet.to_dict(), "scores": list(self.scores), "over": self.finished,
            "winners": list(self.winners),
            "log": self.visible_events(seat, self.events[self.log_from:]),
            "previous": self.visible_events(seat, self.previous) or None,
        }
        v.update(self._view_extras(seat))
        return v

    def bot_view(self, seat: int) -> dict[str, Any]:
        """The view, and ``memory``: ``[owner, slot, code]`` for every face-down card the seat has seen that the view
        does not show (a person must remember them; a bot recalls them by its level)."""
        v = self.view(seat)
        bit = 1 << seat
        layouts = v["layouts"]
        v["memory"] = [[owner, i, CODES[c]] for owner, lay in enumerate(self.layouts) for i, c in enumerate(lay)
                       if c >= 0 and self.seen[owner][i] & bit and layouts[owner][i] == HIDDEN]
        return v

    def zones(self) -> dict[str, list[Card]]:
        """Every card: the stock, the discard pile, the drawn card, and each layout place on its own."""
        z: dict[str, list[Card]] = {"stock": [CARDS[c] for c in self.stock],
                                    "discard": [CARDS[c] for c in self.discard],
                                    "drawn": [CARDS[self.drawn]] if self.drawn >= 0 else []}
        for s, lay in enumerate(self.layouts):
            for i, c in enumerate(lay):
                if c >= 0:
                    z[f"{s}.{i}"] = [CARDS[c]]
        return z

    def audit(self) -> None:
        from .audit import recount

        rows = recount(self.events, self.game)
        assert len(rows) == len(self.sheet.rows), f"{len(rows)} rounds recounted, {len(self.sheet.rows)} on the sheet"
        for r, row in zip(rows, self.sheet.rows):
            assert r == row[1], f"{row[0]}: sheet says {row[1]}, recount gives {r}"

    def clone(self) -> "MemoryState":
        c = type(self).__new__(type(self))
        d = dict(self.__dict__)
        d["rng"] = self.rng.clone()
        d["events"] = list(self.events)
        d["sheet"] = self.sheet.copy()
        d["stacked"] = [list(r) for r in self.stacked]
        for name in ("layouts", "tags", "up", "seen", "shown"):
            d[name] = [list(row) for row in d[name]]
        d["stock"], d["discard"], d["flips"] = list(self.stock), list(self.discard), list(self.flips)
        d.pop("_now", None)
        d.pop("_moves", None)
        c.__dict__.update(d)
        c._clone_extras(self)
        return c

    def _clone_extras(self, source: "MemoryState") -> None:
        """Copy a subclass's mutable fields (the base ``clone`` shares them until then)."""


@lru_cache(maxsize=None)
def _round_cards(decks: int, jokers: int) -> tuple[int, ...]:
    return tuple(int(c) for c in standard_deck(copies=decks, jokers=jokers))
