"""A Jieqi match: one game or several, the seats changing colours each game.

The state knows what every covered piece really is (``hidden``); the views never tell it. A covered
piece stands on its starting point until it first moves, so its identity is kept by point.

Captured pieces are kept by the colour that lost them as ``(kind, how)``: ``FACE_UP`` (everyone saw it),
``TOLD_CAPTURER`` (taken while covered; only the capturer was told what it was), ``TOLD_BOTH`` (taken while
covered, with the ``captures_shown="both"`` variant) or ``TOLD_NOBODY`` (a setup's pieces missing from the
board, never seen).
"""

from __future__ import annotations

from typing import Any, Sequence

from parlour.core.errors import BadOption, IllegalAction
from parlour.core.game import Action, Game, State
from parlour.core.i18n import Message
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet

from .actions import MOVES, Move
from .board import (BLACK, COVER_POINTS, COVERED, HIDDEN_SET, LETTERS, POSITIONAL, RED, A, B, C, K, N, P, R, name,
                    piece_letter)
from .fen import JIEQI_START, XIANGQI_START, FenError, Position, format_captures, format_fen, parse_fen, placement_errors
from .history import key as position_key
from .movegen import attacked, legal_moves, pseudo_moves

FACE_UP, TOLD_CAPTURER, TOLD_BOTH, TOLD_NOBODY = 0, 1, 2, 3
SIDE = {RED: "red", BLACK: "black"}
#: A piece in a refusal, in the reader's language: "your cannon", "it moves as a cannon".
YOUR = {K: Message.term("your", "general"), A: Message.term("your", "advisor"), B: Message.term("your", "elephant"),
        N: Message.term("your", "horse"), R: Message.term("your", "chariot"), C: Message.term("your", "cannon"),
        P: Message.term("your", "soldier")}
AS_A = {K: Message.term("moves as", "a general"), A: Message.term("moves as", "an advisor"),
        B: Message.term("moves as", "an elephant"), N: Message.term("moves as", "a horse"),
        R: Message.term("moves as", "a chariot"), C: Message.term("moves as", "a cannon"),
        P: Message.term("moves as", "a soldier")}
WIN, DRAW, LOSS = 2, 1, 0
#: Irreversible moves in a game: at most 30 reveals and 30 captures; the quiet-plies rule bounds the rest.
IRREVERSIBLE_MOVES = 60


def letter(kind: int, colour: int) -> str:
    return LETTERS[kind].lower() if colour == BLACK else LETTERS[kind]


def game_bound(quiet_plies: int) -> int:
    """The most plies a game can last: every stretch without a capture or reveal ends by ``quiet_plies``."""
    return (IRREVERSIBLE_MOVES + 1) * quiet_plies + IRREVERSIBLE_MOVES


class JieqiState(State):
    __slots__ = ("game", "seed", "rng", "events", "sheet", "stacked", "finished", "number", "red_seat", "free",
                 "board", "colour", "kings", "hidden", "captured", "quiet", "fullmove", "ply", "keys", "checks",
                 "last", "result", "game_events", "previous", "_legal")

    # --- setting up -------------------------------------------------------------------------------------------

    @classmethod
    def start(cls, game: Game, seed: int, deck: Sequence[Any] | str | None) -> "JieqiState":
        self = cls.__new__(cls)
        self.game, self.seed = game, seed
        self.rng = Rng(seed)
        self.events = []
        self.sheet = ScoreSheet(["seat 0", "seat 1"])
        self.free = not game.options["plain"]
        if deck is None:
            self.stacked = []
        elif isinstance(deck, str):
            self.stacked = [deck]
        elif isinstance(deck, (list, tuple)) and deck and all(isinstance(d, str) for d in deck):
            self.stacked = list(deck)
        else:
            raise BadOption("deck= for jieqi is a position (a FEN-like string) or a list of them, one per game")
        if len(self.stacked) > game.options["games"]:
            raise BadOption(f"{len(self.stacked)} positions stacked for a match of {game.options['games']} game(s)")
        positions = []
        for i, text in enumerate(self.stacked):  # every stacked position is checked before anything starts
            try:
                positions.append(self._check_setup(parse_fen(text)))
            except FenError as e:
                raise BadOption(f"stacked position {i + 1}: {e}") from None
        self.stacked = positions
        self.finished = False
        self.number = 0
        self.red_seat = 1
        self.previous: list[dict[str, Any]] = []
        self._next_game()
        return self

    def _check_setup(self, pos: Position) -> Position:
        covered = [sq for sq, p in enumerate(pos.board) if p & COVERED]
        if not self.free:
            if covered or pos.identities or any(pos.captured_covered.values()):
                raise FenError("plain Xiangqi has no covered pieces (X, x or ~)")
            why = placement_errors(pos.board)
            if why:
                raise FenError(why)
        else:
            for colour in (RED, BLACK):
                pool = self._pool(pos, colour)
                if pool is None:
                    raise FenError(f"{SIDE[colour]} has more of some piece than its 2 chariots, horses, elephants, "
                                   "advisors, cannons and 5 soldiers")
                slots = sum(1 for sq in covered if pos.board[sq] & BLACK == colour)
                given = pos.captured_covered[colour]
                if given and given != len(pool) - slots:
                    raise FenError(f"{SIDE[colour]}: {given} covered captures written, but {len(pool) - slots} of its "
                                   "pieces are neither on the board nor among the face-up captures")
        if attacked(pos.board, pos.kings[pos.colour ^ BLACK], pos.colour, self.free):
            raise FenError(f"{SIDE[pos.colour ^ BLACK]}'s general is attacked but it is {SIDE[pos.colour]} to move")
        if not legal_moves(pos.board, pos.colour, pos.kings[pos.colour], self.free):
            raise FenError(f"{SIDE[pos.colour]} is to move and has no legal move: the game would be over")
        return pos

    @staticmethod
    def _pool(pos: Position, colour: int) -> list[int] | None:
        """What ``colour``'s covered pieces (and its pieces gone unseen) may be, by the position's public part;
        ``None`` if the position shows more of a kind than a side has. Kinds named by ``~`` are still in it."""
        pool = [POSITIONAL[RED][sq] for sq in COVER_POINTS[RED]]  # the canonical order: a1 b1 ... i4's pieces
        shown = [p & 7 for p in pos.board if p and p & BLACK == colour and not p & COVERED and p & 7 != K]
        for kind in shown + pos.captured[colour]:
            if kind not in pool:
                return None
            pool.remove(kind)
        return pool

    def _next_game(self) -> None:
        self.number += 1
        self.red_seat = 1 - self.red_seat
        deals = {}
        for colour in (RED, BLACK):  # drawn for every game, so that a stacked game leaves the next ones alone
            deal = list(HIDDEN_SET)
            self.rng.shuffle(deal)
            deals[colour] = deal
        if self.stacked:
            pos = self.stacked.pop(0)
        else:
            pos = parse_fen(XIANGQI_START if not self.free else JIEQI_START)
            if self.free:  # the usual start: the shuffled pieces dealt to the covered points in order
                for colour in (RED, BLACK):
                    pos.identities.update(zip(COVER_POINTS[colour], deals[colour]))
        identities, lost = self._deal(pos)
        self._begin(pos, identities, lost)

    def _deal(self, pos: Position) -> tuple[dict[int, int], dict[int, list[int]]]:
        """Every covered point's identity, and each side's pieces gone unseen: ``~`` as written, the rest dealt."""
        identities = dict(pos.identities)
        lost: dict[int, list[int]] = {RED: [], BLACK: []}
        if not self.free:
            return identities, lost
        for colour in (RED, BLACK):
            pool = self._pool(pos, colour) or []
            for sq, kind in pos.identities.items():
                if pos.board[sq] & BLACK == colour:
                    if kind not in pool:
                        raise BadOption(f"{LETTERS[kind]}~ on {name(sq)}: {SIDE[colour]} has no such piece left to hide")
                    pool.remove(kind)
            self.rng.shuffle(pool)
            for sq in COVER_POINTS[colour]:
                if pos.board[sq] & COVERED and sq not in identities:
                    identities[sq] = pool.pop()
            lost[colour] = pool
        return identities, lost

    def _begin(self, pos: Position, identities: dict[int, int], lost: dict[int, list[int]],
               event: dict[str, Any] | None = None) -> None:
        """Start the game ``self.number`` from ``pos`` with every hidden identity given."""
        self.board = list(pos.board)
        self.colour = pos.colour
        self.kings = dict(pos.kings)
        self.hidden = [0] * 90
        for sq, kind in identities.items():
            self.hidden[sq] = kind
        # a side's pieces missing from a setup were taken unseen; with no covered piece left, what they were is plain
        covered = {c: any(self.board[sq] & COVERED for sq in COVER_POINTS[c]) for c in (RED, BLACK)}
        self.captured = {c: [(k, FACE_UP) for k in pos.captured[c]]
                         + [(k, TOLD_NOBODY if covered[c] else FACE_UP) for k in lost[c]] for c in (RED, BLACK)}
        self.quiet, self.fullmove, self.ply = pos.quiet, pos.fullmove, 0
        self.keys = [self._key()]
        self.checks: list[bool] = []
        self.last = -1
        self.result: dict[str, Any] | None = None
        self.game_events = len(self.events)
        self.events.append(event or {"type": "game", "game": self.number, "red": self.red_seat,
                                     "fen": self.fen(None)})
        self._legal = [MOVES[m] for m in legal_moves(self.board, self.colour, self.kings[self.colour], self.free)]

    def _key(self) -> bytes:
        return position_key(self.board, self.colour)

    # --- who is who -------------------------------------------------------------------------------------------

    def seat_of(self, colour: int) -> int:
        return self.red_seat if colour == RED else 1 - self.red_seat

    def colour_of(self, seat: int) -> int:
        return RED if seat == self.red_seat else BLACK

    # --- the contract -----------------------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.finished else (self.seat_of(self.colour),)

    def legal(self, seat: int) -> list[Move]:
        if self.finished or seat != self.seat_of(self.colour):
            return []
        return list(self._legal)

    def check(self, seat: int, action: Action) -> Move:
        if type(action) is Move and action in self._legal:
            return action
        if not isinstance(action, Move):
            raise IllegalAction("{action} is not a Jieqi move: write 'move FROMTO', e.g. 'move h3e3'", action=repr(action))
        raise IllegalAction(self.why_illegal(seat, action))

    def why_illegal(self, seat: int, action: Move) -> str:  # type: ignore[override]
        frm, to = action.origin, action.target
        colour = self.colour
        p = self.board[frm]
        if not p:
            return Message("there is no piece on {point}", point=name(frm))
        if p & BLACK != colour:
            return Message("the piece on {point} is black's; you play red", point=name(frm)) if colour == RED else \
                Message("the piece on {point} is red's; you play black", point=name(frm))
        what = Message("the covered piece on {point} (it moves as {piece})", point=name(frm), piece=AS_A[p & 7]) \
            if p & COVERED else Message("your {piece} on {point}", piece=YOUR[p & 7], point=name(frm))
        if action in pseudo_moves(self.board, colour, self.free):
            if p & 7 == K:
                return Message("your general may not go to {point}: it would be attacked there (the generals may not "
                               "face each other on an open file either)", point=name(to))
            return Message("{what} may not go to {point}: it would leave your general attacked", what=what,
                           point=name(to))
        q = self.board[to]
        if q and q & BLACK == colour:
            return Message("{what} cannot take your own piece on {point}", what=what, point=name(to))
        return Message("{what} cannot move to {point}", what=what, point=name(to))

    def _apply(self, seat: int, action: Move) -> None:  # type: ignore[override]
        frm, to = action & 127, action >> 7
        board, colour = self.board, self.colour
        p, q = board[frm], board[to]
        event: dict[str, Any] = {"type": "move", "seat": seat, "action": str(action)}
        irreversible = False
        if p & COVERED:
            kind = self.hidden[frm]
            self.hidden[frm] = 0
            p = kind | colour
            event["reveal"] = True
            irreversible = True
        event["piece"] = piece_letter(p)
        private = None
        if q:
            irreversible = True
            them = q & BLACK
            if q & COVERED:
                kind = self.hidden[to]
                self.hidden[to] = 0
                how = TOLD_BOTH if self.game.options["captures_shown"] == "both" else TOLD_CAPTURER
                self.captured[them].append((kind, how))
                event["capture"] = letter(kind, them) if how == TOLD_BOTH else ("x" if them else "X")
                event["covered"] = True
                if how == TOLD_CAPTURER:
                    private = {"type": "identity", "only": [seat], "point": name(to), "piece": letter(kind, them)}
            else:
                self.captured[them].append((q & 7, FACE_UP))
                event["capture"] = piece_letter(q)
        board[to] = p
        board[frm] = 0
        if p & 7 == K:
            self.kings[colour] = to
        other = colour ^ BLACK
        check = attacked(board, self.kings[other], colour, self.free)
        if check:
            event["check"] = True
        self.colour = other
        if colour == BLACK:
            self.fullmove += 1
        self.ply += 1
        self.last = int(action)
        self.events.append(event)
        if private:
            self.events.append(private)
        self._legal = [MOVES[m] for m in legal_moves(board, other, self.kings[other], self.free)]
        key = self._key()
        if irreversible:
            self.quiet = 0
            self.keys = [key]
            self.checks = []
        else:
            self.quiet += 1
            self.keys.append(key)
            self.checks.append(check)
        if not self._legal:
            self._end_game(colour, "checkmate" if check else "stalemate")
        elif not irreversible and self.keys.count(key) >= 3:
            self._repetition(key, colour)
        elif self.quiet >= self.game.options["quiet_plies"]:
            self._end_game(None, "quiet plies")

    def _repetition(self, key: bytes, mover: int) -> None:
        """The third time a position comes: perpetual check loses, anything else draws.

        The moves since the position first came are the two cycles: a side that checked with every one of its
        moves while the other did not is the perpetual checker.
        """
        window = self.checks[self.keys.index(key):]
        by_other, by_mover = window[0::2], window[1::2]  # the first is by the side to move now
        if all(by_mover) and not all(by_other):
            self._end_game(mover ^ BLACK, "perpetual check")
        elif all(by_other) and not all(by_mover):
            self._end_game(mover, "perpetual check")
        else:
            self._end_game(None, "repetition")

    def _end_game(self, winner: int | None, reason: str) -> None:
        if winner is None:
            points = [DRAW, DRAW]
            seat = None
        else:
            seat = self.seat_of(winner)
            points = [WIN if s == seat else LOSS for s in (0, 1)]
        self.result = {"winner": seat, "side": None if winner is None else SIDE[winner], "reason": reason}
        self.sheet.add(f"game {self.number}", points, {"red": self.red_seat, "plies": self.ply, **self.result})
        self.events.append({"type": "result", "game": self.number, **self.result, "points": points})
        if self.number >= self.game.options["games"]:
            self.finished = True
            self.events.append({"type": "end", "winners": list(self.winners), "scores": list(self.scores)})
        else:
            # how this game ended (its last move and the result) stays in the next game's views
            ended = self.events[self.game_events:]
            last_move = max(i for i, e in enumerate(ended) if e["type"] == "move")
            self.previous = ended[last_move:]
            self._next_game()

    # --- what is seen -----------------------------------------------------------------------------------------

    def knows(self, seat: int | None, colour: int, how: int) -> bool:
        """Whether ``seat`` was told what a captured piece of ``colour`` was (``how`` it was taken)."""
        return how in (FACE_UP, TOLD_BOTH) or how == TOLD_CAPTURER and seat is not None and seat == self.seat_of(colour ^ BLACK)

    def captured_letters(self, seat: int | None) -> dict[int, list[str]]:
        return {c: [letter(k, c) if self.knows(seat, c, how) else ("x" if c else "X") for k, how in self.captured[c]]
                for c in (RED, BLACK)}

    def unseen(self, seat: int | None) -> dict[int, dict[str, int]]:
        """What ``colour``'s covered pieces may be, for ``seat``: the pieces it has not seen, by letter."""
        out = {}
        for c in (RED, BLACK):
            pool = list(HIDDEN_SET)
            seen = [p & 7 for p in self.board if p and p & BLACK == c and not p & COVERED and p & 7 != K]
            seen += [k for k, how in self.captured[c] if self.knows(seat, c, how)]
            for k in seen:
                if k in pool:
                    pool.remove(k)
            out[c] = {letter(k, c): pool.count(k) for k in sorted(set(pool))}
        return out

    def fen(self, seat: int | None) -> str:
        """The position in Jieqi FEN as ``seat`` knows it (captured covered pieces it was not told are ``X``)."""
        return format_fen(self.board, self.colour, self.quiet, self.fullmove,
                          format_captures(self.captured_letters(seat)) if self.free else
                          format_captures({c: [letter(k, c) for k, _ in self.captured[c]] for c in (RED, BLACK)}))

    def view(self, seat: int | None) -> dict[str, Any]:
        captured = self.captured_letters(seat)
        unseen = self.unseen(seat) if self.free else {RED: {}, BLACK: {}}
        return {
            "game": self.game.id, "players": 2, "options": dict(self.game.options), "seat": seat,
            "to_act": list(self.to_act), "legal": [str(a) for a in self.legal(seat)] if seat is not None else [],
            "number": self.number, "red": self.red_seat,
            "colour": None if seat is None else SIDE[self.colour_of(seat)],
            "to_move": SIDE[self.colour], "fen": self.fen(seat),
            "check": attacked(self.board, self.kings[self.colour], self.colour ^ BLACK, self.free),
            "last": None if self.last < 0 else {"from": name(self.last & 127), "to": name(self.last >> 7)},
            "captured": {SIDE[c]: [{"piece": ch, "covered": how != FACE_UP} for ch, (_, how) in zip(captured[c], self.captured[c])]
                         for c in (RED, BLACK)},
            "unseen": {SIDE[c]: unseen[c] for c in (RED, BLACK)},
            "quiet": self.quiet, "ply": self.ply, "result": self.result,
            "sheet": self.sheet.to_dict(), "scores": list(self.scores), "over": self.finished,
            "winners": list(self.winners),
            "log": self.visible_events(seat, self.events[self.game_events:]),
            "previous": self.visible_events(seat, self.previous),
        }

    # --- the match --------------------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.finished

    @property
    def scores(self) -> tuple[int, ...]:
        return self.sheet.totals

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.finished:
            return ()
        return self.sheet.leaders()

    def audit(self) -> None:
        from .audit import recount

        rows = recount(self.events, self.game.options["games"])
        assert rows == [row[1] for row in self.sheet.rows], f"sheet {self.sheet.rows} but the events give {rows}"

    def clone(self) -> "JieqiState":
        c = JieqiState.__new__(JieqiState)
        c.game, c.seed, c.free = self.game, self.seed, self.free
        c.rng = self.rng.clone()
        c.events = list(self.events)  # events are never changed once written
        c.sheet = self.sheet.copy()
        c.stacked = list(self.stacked)  # positions are read, never changed
        c.board, c.hidden = list(self.board), list(self.hidden)
        c.kings = dict(self.kings)
        c.captured = {k: list(v) for k, v in self.captured.items()}
        c.keys, c.checks = list(self.keys), list(self.checks)
        c.previous = self.previous  # written once per game, never changed
        for attr in ("finished", "number", "red_seat", "colour", "quiet", "fullmove", "ply", "last", "result",
                     "game_events", "_legal"):
            setattr(c, attr, getattr(self, attr))
        return c
