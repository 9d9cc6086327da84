"""A Gami match: deals of 24 open cards, each played out until a player loses or the play stops.

A deal gives 9 cards to each player and 6 to the table. The first player of the first deal is drawn from the
seed; the players take turns at playing first in later deals. Each deal is worth 2 points to its winner, 1 to each
player when it is drawn; the match is ``games`` deals long and its leader wins (equal totals share the win).
"""

from __future__ import annotations

from typing import Any, Sequence

from parlour.core.errors import IllegalAction
from parlour.core.i18n import Message
from parlour.core.game import Action, Game, State
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet
from parlour.core.stacking import stacked
from parlour.core.tricks import by_bytes, listed

from .actions import Exchange, exchange, is_exchange
from .audit import recount
from .cards import (ALL, CODES, COUNT, EXCHANGES, GAMIS_WITH, cards_of, code, codes_of, gamis_formed, parse_card,
                    position_key, reach)

HAND = 9
#: A position ends the deal on its third occurrence (Q1a).
REPETITIONS = 3
#: A player holding this many cards or fewer after a capture has lost (the seed: "reduced to two cards").
TOO_FEW = 2
WIN, DRAW = 2, 1

#: Why a deal ended, as the events and the score sheet write it.
STUCK, TWO_CARDS, REPETITION, MOVE_CAP = "stuck", "two cards", "repetition", "move cap"


def can_exchange(hand: int, table: int) -> bool:
    """Whether a hand holds any card that exchanges with a card of the table."""
    return bool(reach(table) & hand)


#: Each card's exchange partners, lowest first (the cards of its ``EXCHANGES`` mask).
PARTNERS: tuple[tuple[int, ...], ...] = tuple(tuple(cards_of(EXCHANGES[c])) for c in range(COUNT))
#: The event of each seat's exchange that forms no GAMI, built once: events are never changed once written, and the
#: logs of every match share these (as clones share their events).
EVENTS: tuple[tuple[tuple[dict[str, Any] | None, ...], ...], ...] = tuple(tuple(tuple(
    {"type": "exchange", "seat": s, "action": str(exchange(g, t)), "gave": CODES[g], "took": CODES[t]}
    if EXCHANGES[g] >> t & 1 else None for t in range(COUNT)) for g in range(COUNT)) for s in range(2))
#: The moves, built once (legal lists hand these out): ``EXCHANGE[give][take]``, and ``CAPTURE[give][take][c]``
#: the same exchange taking ``c`` (None where the two cards do not exchange).
EXCHANGE: tuple[tuple[Exchange | None, ...], ...] = tuple(
    tuple(exchange(g, t) if EXCHANGES[g] >> t & 1 else None for t in range(COUNT)) for g in range(COUNT))
CAPTURE: tuple[tuple[tuple[Exchange, ...] | None, ...], ...] = tuple(
    tuple(tuple(exchange(g, t, c) for c in range(COUNT)) if EXCHANGES[g] >> t & 1 else None for t in range(COUNT))
    for g in range(COUNT))


class GamiState(State):
    __slots__ = ("game", "seed", "rng", "events", "sheet", "deal", "first", "turn", "hands", "plies", "seen",
                 "finished", "deal_events", "stacked", "_legal")

    # --- setting up -------------------------------------------------------------------------------------------

    @classmethod
    def start(cls, game: Game, seed: int, deck: Sequence[Any] | None) -> "GamiState":
        self = cls.__new__(cls)
        self.game, self.seed = game, seed
        self.rng = Rng(seed)
        self.events = []
        self.sheet = ScoreSheet(["seat 0", "seat 1"])
        self.stacked = stacked(deck, parse_card, range(COUNT), "deal", "each of the 24 Gami cards once (A-8 of C D H)")
        self.first = self.rng.below(2)  # Q2: the first player is drawn; later deals alternate
        self.deal = 0
        self.finished = False
        self._deal()
        return self

    def _deal(self) -> None:
        cards = list(range(COUNT))
        self.rng.shuffle(cards)  # drawn even for a stacked deal, so that stacking one deal leaves the next alone
        if self.stacked:
            cards = self.stacked.pop(0)
        self.deal += 1
        first = self.first
        self.hands = [0, 0]
        for c in cards[:HAND]:
            self.hands[first] |= 1 << c
        for c in cards[HAND:2 * HAND]:
            self.hands[1 - first] |= 1 << c
        self.turn = first
        self.plies = 0
        self.seen = {position_key(*self.hands, first): 1}
        self._legal = None
        self.deal_events = len(self.events)
        self.events.append({"type": "deal", "deal": self.deal, "first": first,
                            "hands": [codes_of(h) for h in self.hands], "table": codes_of(self.table)})
        if not can_exchange(self.hands[first], self.table):  # Q7: checked at the start of a turn
            self._end_deal(1 - first, STUCK)

    # --- the contract -----------------------------------------------------------------------------------------

    @property
    def table(self) -> int:
        return ALL ^ self.hands[0] ^ self.hands[1]

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.finished else (self.turn,)

    def legal(self, seat: int) -> list[Exchange]:
        if self.finished or seat != self.turn:
            return []
        if self._legal is None:
            self._legal = legal_exchanges(self.hands[seat], self.hands[1 - seat])
        return list(self._legal)

    def apply(self, seat: int, action: Action | str) -> Action:
        """:meth:`State.apply`, with a short way for the common case: a move of the seat to act in its legal list
        (the list :meth:`check` looks it up in); anything else takes the general way."""
        if type(action) is Exchange and type(seat) is int and seat == self.turn and not self.finished:
            legal = self._legal
            if legal is None:
                legal = self._legal = legal_exchanges(self.hands[seat], self.hands[1 - seat])
            if action in legal:
                self._apply(seat, action)
                return action
        return State.apply(self, seat, action)

    def check(self, seat: int, action: Action) -> Exchange:
        if not is_exchange(action):
            raise IllegalAction("{action} is not a Gami action: write 'exchange HAND TABLE' (and 'take CARD' after a "
                                "GAMI)", action=repr(action))
        if action not in self.legal(seat):
            raise IllegalAction(self.why_illegal(seat, action))
        return action  # type: ignore[return-value]

    def why_illegal(self, seat: int, action: Exchange) -> str:  # type: ignore[override]
        give, take, capture = action.give, action.take, action.capture
        hand, other, table = self.hands[seat], self.hands[1 - seat], self.table
        if not hand >> give & 1:
            return Message("you do not hold {card}; your hand is {hand}", card=code(give), hand=" ".join(codes_of(hand)))
        if not table >> take & 1:
            return Message("{card} is not on the table; the table is {table}", card=code(take),
                           table=" ".join(codes_of(table)))
        if not EXCHANGES[give] >> take & 1:
            return Message("{give} cannot be exchanged for {take}: a card goes for its neighbours in suit "
                           "(A-2-3-4-5-6-7-8-A) and an even card also for the same rank of the other colour; {give} "
                           "goes for {cards}", give=code(give), take=code(take),
                           cards=" ".join(codes_of(EXCHANGES[give])))
        if capture is not None:
            if not gamis_formed(take, hand ^ 1 << give | 1 << take):
                return Message("picking up {take} makes no GAMI, so you may not take a card: write 'exchange {give} "
                               "{take}'", give=code(give), take=code(take))
            return Message("your opponent does not hold {card}; their hand is {hand}", card=code(capture),
                           hand=" ".join(codes_of(other)))
        return Message("{action} is not legal now", action=str(action))

    def _apply(self, seat: int, action: Exchange) -> None:  # type: ignore[override]
        give, take, top = action & 31, action >> 5 & 31, action >> 10
        other = 1 - seat
        hands = self.hands
        hand = hands[seat] ^ 1 << give | 1 << take
        a, b = GAMIS_WITH[take]
        if hand & a == a or hand & b == b:
            event: dict[str, Any] = {"type": "exchange", "seat": seat, "action": str(action), "gave": CODES[give],
                                     "took": CODES[take], "gami": [codes_of(g) for g in gamis_formed(take, hand)]}
            if top:  # a capture (only ever legal after a GAMI)
                capture = top - 1
                hand |= 1 << capture
                hands[other] ^= 1 << capture
                event["captured"] = CODES[capture]
        else:  # no GAMI, so no capture: the event is one of those built once
            event = EVENTS[seat][give][take]
        hands[seat] = hand
        self.plies += 1
        self.turn = other
        self._legal = None
        self.events.append(event)
        if top and hands[other].bit_count() <= TOO_FEW:
            self._end_deal(seat, TWO_CARDS)  # Q7: at once, after the capture
            return
        key = hands[0] | hands[1] << COUNT | other << (2 * COUNT)  # position_key
        seen = self.seen
        count = seen[key] = seen.get(key, 0) + 1
        if count >= REPETITIONS:
            self._end_deal(self.leader(), REPETITION)
        elif not reach(ALL ^ hand ^ hands[other]) & hands[other]:  # can_exchange: none of its cards can
            self._end_deal(seat, STUCK)
        elif self.plies >= self.game.options["max_plies"]:
            self._end_deal(self.leader(), MOVE_CAP)

    def leader(self) -> int | None:
        """The player with more cards (None when both hold nine): the winner when play stops (Q1)."""
        a, b = (h.bit_count() for h in self.hands)
        return None if a == b else 0 if a > b else 1

    def _end_deal(self, winner: int | None, reason: str) -> None:
        points = [DRAW, DRAW] if winner is None else [WIN if s == winner else 0 for s in (0, 1)]
        cards = [h.bit_count() for h in self.hands]
        self.sheet.add(f"deal {self.deal}", points, {"winner": winner, "reason": reason, "cards": cards})
        self.events.append({"type": "result", "deal": self.deal, "winner": winner, "reason": reason, "cards": cards,
                            "points": points})
        self._legal = None
        if self.deal >= self.game.options["games"]:
            self.finished = True
            self.events.append({"type": "end", "winners": list(self.winners), "scores": list(self.scores)})
        else:
            self.first = 1 - self.first
            self._deal()

    @property
    def over(self) -> bool:
        return self.finished

    @property
    def scores(self) -> tuple[int, ...]:
        return self.sheet.totals

    @property
    def winners(self) -> tuple[int, ...]:
        return self.sheet.leaders() if self.finished else ()

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything is open in Gami: every seat (and a spectator) sees both hands and the table."""
        return {
            "game": self.game.id, "players": 2, "options": dict(self.game.options), "seat": seat,
            "to_act": list(self.to_act), "legal": [str(a) for a in self.legal(seat)] if seat is not None else [],
            "deal": self.deal, "first": self.first,
            "hand": codes_of(self.hands[seat]) if seat is not None else None,
            "hands": [codes_of(h) for h in self.hands], "table": codes_of(self.table),
            "plies": self.plies, "repeats": self.seen.get(position_key(*self.hands, self.turn), 0) if not self.finished
            else 0,
            "sheet": self.sheet.to_dict(), "scores": list(self.scores), "over": self.finished,
            "winners": list(self.winners),
            "log": self.visible_events(seat, self.events[self.deal_events:]),
        }

    def audit(self) -> None:
        rows = recount(self.events, self.game.options)
        assert rows == [row[1] for row in self.sheet.rows], f"sheet {self.sheet.rows}, recount {rows}"

    def zones(self) -> dict[str, list[str]]:
        return {"hand 0": codes_of(self.hands[0]), "hand 1": codes_of(self.hands[1]), "table": codes_of(self.table)}

    def clone(self) -> "GamiState":
        c = GamiState.__new__(GamiState)
        c.game, c.seed = self.game, self.seed
        c.rng = self.rng.clone()
        c.events = list(self.events)  # events are never changed once written
        c.sheet = self.sheet.copy()
        c.hands = list(self.hands)
        c.seen = dict(self.seen)
        c.stacked = [list(d) for d in self.stacked]
        for name in ("deal", "first", "turn", "plies", "finished", "deal_events", "_legal"):
            setattr(c, name, getattr(self, name))
        return c


def legal_exchanges(hand: int, other: int) -> list[Exchange]:
    """Every exchange of ``hand`` with the table (the cards in neither hand), and after a GAMI each capture too:
    the exchange alone first (taking nothing), then taking each card of ``other``."""
    table = ALL ^ hand ^ other
    found: list[Exchange] = []
    others = None  # the cards of ``other``, listed at the first GAMI
    for give in listed(_CARDS, hand & reach(table)):  # the hand's cards that exchange with some table card
        rest = hand ^ 1 << give
        row = EXCHANGE[give]
        for take in PARTNERS[give]:
            if table >> take & 1:
                found.append(row[take])
                held = rest | 1 << take
                a, b = GAMIS_WITH[take]
                if held & a == a or held & b == b:  # a GAMI: each card of ``other`` may be taken too
                    if others is None:
                        others = listed(_CARDS, other)
                    found += map(CAPTURE[give][take].__getitem__, others)
    return found


#: The cards of a mask through :func:`~parlour.core.tricks.listed`, a byte at a time.
_CARDS = by_bytes(range(COUNT))
