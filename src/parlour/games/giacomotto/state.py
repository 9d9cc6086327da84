"""A Giacomotto match: packs of 52 cards dealt six at a time, scored pack by pack, to 101.

Seats play in turn order ``s, s+1, ...`` (counter-clockwise at a real table: play passes to the right).
The player after the dealer plays first; the deal passes on by one seat after each pack.

A turn is one action (a trail) or several (a capture: the card, one ``take`` per table card, ``done``); the
seat keeps the turn until its capture is done. Every legal list is short, so every call here stays fast on
any table (``bench/worst.py`` measures the worst positions).
"""

from __future__ import annotations

from typing import Any, Sequence

from parlour.core.cards import CARDS, Card, cards_of, codes, deck as standard_deck
from parlour.core.errors import IllegalAction
from parlour.core.i18n import Message, either
from parlour.core.game import Action, Game, State
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet, Teams
from parlour.core.stacking import stacked
from parlour.core.tricks import by_bytes, listed

from .actions import CAPTURE, DONE, DONE_MOVE, TAKE, TRAIL, USAGE, Move, whole_groups
from .audit import recount
from .captures import EMPTY, PLAYED_SUMS, group_codes, joinable_mask, partition, subset_sums, takers, with_card

HAND = 6
TABLE = 4
#: 1 point each: aces, kings, queens, jacks, and the tens but the 10♦ (which is worth 2).
ONE_POINT = sum(1 << (s * 13 + r) for s in range(4) for r in (8, 9, 10, 11, 12)) & ~(1 << (1 * 13 + 8))
TEN_OF_DIAMONDS = 1 << (1 * 13 + 8)
TWO_OF_CLUBS = 1 << 0
MOST_CARDS = 3
#: Each card's trail, capture and take, prebuilt: legal lists hand these out.
TRAILS = tuple(Move(TRAIL | c << 2) for c in range(52))
CAPTURES = tuple(Move(CAPTURE | c << 2) for c in range(52))
TAKES = tuple(Move(TAKE | c << 2) for c in range(52))
#: The event of each seat's trail of each card, built once: events are never changed once written, and the logs
#: of every match share these (as clones share their events).
TRAIL_EVENTS = tuple(tuple({"type": "trail", "seat": s, "action": str(TRAILS[c]), "card": str(CARDS[c])}
                           for c in range(52)) for s in range(4))
_TO_ACT = tuple((s,) for s in range(4))
_CAPTURE_BYTES, _TRAIL_BYTES, _TAKE_BYTES = by_bytes(CAPTURES), by_bytes(TRAILS), by_bytes(TAKES)
_CODES = tuple(str(CARDS[c]) for c in range(52))
_CODE_BYTES = by_bytes(_CODES)


def teams_for(players: int) -> Teams:
    """Two players play alone; four play as two sides of partners sitting opposite."""
    return Teams.opposite(4) if players == 4 else Teams.solo(2)


def card_points(pile: int) -> int:
    """The card points in a pile: 22 in the whole deck."""
    return (pile & ONE_POINT).bit_count() + 2 * bool(pile & TEN_OF_DIAMONDS) + bool(pile & TWO_OF_CLUBS)


class GiacomottoState(State):
    __slots__ = ("game", "seed", "rng", "teams", "events", "sheet", "dealer", "turn", "hands", "table", "stock",
                 "piles", "tablas", "last_capturer", "pack", "deal", "pack_events", "stacked", "finished", "_legal",
                 "capturing", "values", "groups", "group", "group_sums", "taken", "sums")

    def clear_capture(self) -> None:
        """No capture under way: ``capturing`` is the card played to capture (-1: none), ``values`` the sums its
        groups may have, ``groups`` the complete groups, ``group`` the open one and ``group_sums`` its sums."""
        self.capturing, self.values, self.groups = -1, 0, []
        self.sums = (-1, 0)  # the subset sums of a table (see _plays): (table, sums)
        self.group, self.group_sums, self.taken = 0, EMPTY, 0

    # --- setting up -------------------------------------------------------------------------------------------

    @classmethod
    def start(cls, game: Game, seed: int, deck: Sequence[Any] | None) -> "GiacomottoState":
        self = cls.__new__(cls)
        self.game, self.seed = game, seed
        self.rng = Rng(seed)
        self.teams = teams_for(game.players)
        self.events = []
        names = ["North-South", "East-West"] if game.players == 4 else ["seat 0", "seat 1"]
        self.sheet = ScoreSheet(names)
        self.dealer = self.rng.below(game.players)
        self.stacked = stacked(deck, Card.parse, standard_deck(), "pack", "each of the 52 cards once (no jokers)")
        self.pack = 0
        self.finished = False
        self.clear_capture()
        self._start_pack()
        return self

    def _start_pack(self) -> None:
        cards = standard_deck()
        self.rng.shuffle(cards)  # drawn even for a stacked pack, so that stacking one pack leaves the next alone
        if self.stacked:
            cards = self.stacked.pop(0)
        self.pack += 1
        self.deal = 0
        n = self.game.players
        self.turn = (self.dealer + 1) % n
        self.hands = [0] * n
        self.piles = [0, 0]
        self.tablas = [0, 0]
        self.last_capturer = -1
        self.table = 0
        for c in cards[:TABLE]:
            self.table |= 1 << c
        self.stock = cards[TABLE:]
        self.pack_events = len(self.events)
        self.events.append({"type": "pack", "pack": self.pack, "dealer": self.dealer, "table": codes(cards_of(self.table))})
        self._deal()

    def _deal(self) -> None:
        n = self.game.players
        self.deal += 1
        for i in range(n):
            seat = (self.turn + i) % n
            packet = self.stock[i * HAND:(i + 1) * HAND]
            for c in packet:
                self.hands[seat] |= 1 << c
        self.stock = self.stock[n * HAND:]
        self._legal = None
        self.events.append({"type": "deal", "pack": self.pack, "deal": self.deal, "stock": len(self.stock)})
        for seat in range(n):
            self.events.append({"type": "hand", "seat": seat, "cards": codes(cards_of(self.hands[seat])), "only": [seat]})

    # --- the contract -----------------------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.finished else _TO_ACT[self.turn]

    def legal(self, seat: int) -> list[Move]:
        if self.finished or seat != self.turn:
            return []
        if self._legal is None:
            self._legal = self._steps() if self.capturing >= 0 else self._plays(seat)
        return list(self._legal)

    def _plays(self, seat: int) -> list[Move]:
        """A turn's first step: capture with a card that can take something, or trail any card."""
        hand = self.hands[seat]
        table = self.table
        known, sums = self.sums
        if known != table:
            sums = subset_sums(table)
            self.sums = (table, sums)
        takes = listed(_CAPTURE_BYTES, hand & takers(sums))
        if takes and self.game.options["forced_capture"]:
            return takes
        return takes + listed(_TRAIL_BYTES, hand)

    def _steps(self) -> list[Move]:
        """Inside a capture: the table cards that can join the open group, and ``done`` between groups."""
        free = self.table & ~self.taken & ~self.group
        steps = listed(_TAKE_BYTES, joinable_mask(self.group_sums, self.values, free))
        if self.groups and not self.group:
            steps.append(DONE_MOVE)
        return steps

    def apply(self, seat: int, action: Action | str) -> Action:
        """:meth:`State.apply`, with a short way for the common case: a step of the seat to act in its legal list.

        The legal list is the one :meth:`check` looks the step up in; anything else takes the general way.
        """
        if type(action) is Move and type(seat) is int and seat == self.turn and not self.finished:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._steps() if self.capturing >= 0 else self._plays(seat)
            if action in legal:
                self._apply(seat, action)
                return action
        return State.apply(self, seat, action)

    def check(self, seat: int, action: Action) -> Move:
        """A step is looked up in the (short) legal list; a whole capture in one action is checked on its own."""
        if not isinstance(action, Move) or action < 0 or action >> 60:
            raise IllegalAction("{action} is not a Giacomotto action: {usage}", action=repr(action), usage=USAGE)
        if action.whole:
            return self._check_whole(seat, action)
        if action not in self.legal(seat):
            raise IllegalAction(self.why_illegal(seat, action))
        return action

    def _check_whole(self, seat: int, action: Move) -> Move:
        card, captured = action >> 2 & 63, action >> 8
        hand = self.hands[seat]
        if self.capturing >= 0:
            raise IllegalAction(self._under_way())
        if action & 3 != CAPTURE or card >= 52 or captured >> 52:
            raise IllegalAction("{action} is not a Giacomotto action: {usage}", action=repr(action), usage=USAGE)
        if not hand >> card & 1:
            raise IllegalAction(self._not_held(seat, card))
        missing = captured & ~self.table
        if missing:
            raise IllegalAction("{cards} not on the table; the table is {table}", cards=" ".join(codes(cards_of(missing))),
                                table=" ".join(codes(cards_of(self.table))) or Message("empty"))
        if partition(card, captured) is None:
            raise IllegalAction("{action} is not a capture: {card}'s groups must be disjoint and each add up to its "
                                "value", action=str(action), card=CARDS[card])
        return action

    def why_illegal(self, seat: int, action: Move) -> str:  # type: ignore[override]
        kind, card = action & 3, action >> 2 & 63
        if self.capturing >= 0:
            if kind != TAKE:
                return self._under_way()
            if card >= 52 or not self.table >> card & 1:
                return Message("{card} is not on the table; {under_way}", card=str(CARDS[card] if card < 52 else card),
                               under_way=self._under_way())
            if (self.taken | self.group) >> card & 1:
                return Message("{card} is already taken in this capture; {under_way}", card=CARDS[card],
                               under_way=self._under_way())
            return Message("{card} cannot join the group: with it no table cards left add up to {worth}; {under_way}",
                           card=CARDS[card], worth=self._worth(), under_way=self._under_way())
        if kind in (TAKE, DONE):
            return Message("no capture is under way: play a card first ('trail CARD' or 'capture CARD')")
        if card >= 52 or not self.hands[seat] >> card & 1:
            return self._not_held(seat, CARDS[card] if card < 52 else card)
        if kind == CAPTURE:
            return Message("{card} can take nothing: no table cards add up to {worth}; trail it or play another card",
                           card=CARDS[card], worth=self._worth(PLAYED_SUMS[card]))
        return Message("forced capture is on: you must capture when you can")

    def _not_held(self, seat: int, card: Any) -> str:
        return Message("you do not hold {card}; your hand is {hand}", card=str(card),
                       hand=" ".join(codes(cards_of(self.hands[seat]))) or Message("empty"))

    def _worth(self, values: int | None = None) -> str:
        values = self.values if values is None else values
        return either([v for v in range(15) if values >> v & 1])

    def _under_way(self) -> str:
        """What may be done in the capture under way (its legal steps are few: they are all named)."""
        steps = either([repr(str(a)) for a in self._steps()])
        if self.group:
            return Message("the capture with {card} (worth {worth}) is under way: the group {group} is half taken; "
                           "{steps}", card=CARDS[self.capturing], worth=self._worth(),
                           group="+".join(group_codes(self.group)), steps=steps)
        return Message("the capture with {card} (worth {worth}) is under way: {steps}", card=CARDS[self.capturing],
                       worth=self._worth(), steps=steps)

    def _apply(self, seat: int, action: Move) -> None:  # type: ignore[override]
        kind = action & 3
        self._legal = None
        if kind == TAKE:
            card = action >> 2
            self.group |= 1 << card
            sums = with_card(self.group_sums, card)
            hit = sums & self.values
            if hit:  # the group adds up to the value: it is complete, the next take starts another
                self.values = hit  # a played ace keeps the value its groups used
                self.groups.append(self.group)
                self.taken |= self.group
                self.group, self.group_sums = 0, EMPTY
            else:
                self.group_sums = sums
        elif kind == TRAIL:
            card = action >> 2
            self.hands[seat] ^= 1 << card
            known, sums = self.sums
            if known == self.table:  # the table's sums gain the trailed card's: no need to count them all again
                self.sums = (known | 1 << card, (sums | with_card(sums, card)))
            self.table |= 1 << card
            self.events.append(TRAIL_EVENTS[seat][card])
            self._pass(seat)
        elif kind == CAPTURE:
            card = action >> 2 & 63
            self.hands[seat] ^= 1 << card
            if action.whole:
                self._capture(seat, card, whole_groups(card, action >> 8))
            else:
                self.capturing, self.values = card, PLAYED_SUMS[card]
        else:
            self._capture(seat, self.capturing, self.groups)

    def _capture(self, seat: int, card: int, groups: list[int]) -> None:
        """Close a capture: ``card`` and its ``groups`` go to the side's pile; a cleared table is a tabla."""
        captured = 0
        for g in groups:
            captured |= g
        side = self.teams.side[seat]
        self.table ^= captured
        self.piles[side] |= captured | 1 << card
        self.last_capturer = seat
        last_card = not self.stock and not any(self.hands)
        tabla = not self.table and (not last_card or self.game.options["last_card_tabla"])
        if tabla:
            self.tablas[side] += 1
        written = [group_codes(g) for g in groups]
        code = _CODES[card]
        self.events.append({"type": "capture", "seat": seat, "card": code,
                            "action": f"capture {code} " + " ".join(["+".join(g) for g in written]),
                            "groups": written, "cards": listed(_CODE_BYTES, captured), "tabla": tabla})
        self.clear_capture()
        self._pass(seat)

    def _pass(self, seat: int) -> None:
        """The turn passes on; when every hand is empty the next deal comes, or the pack ends."""
        self.turn = (seat + 1) % self.game.players
        if not any(self.hands):
            if self.stock:
                self._deal()
            else:
                self._end_pack()

    def _end_pack(self) -> None:
        if self.table and self.last_capturer >= 0:  # the sweep is not a tabla
            side = self.teams.side[self.last_capturer]
            self.piles[side] |= self.table
            self.events.append({"type": "sweep", "seat": self.last_capturer, "cards": codes(cards_of(self.table))})
            self.table = 0
        counts = [p.bit_count() for p in self.piles]
        points, detail = [], {"cards": counts, "card_points": [], "most_cards": [], "tablas": list(self.tablas)}
        for side in (0, 1):
            most = MOST_CARDS if counts[side] > counts[1 - side] else 0
            cp = card_points(self.piles[side])
            detail["card_points"].append(cp)
            detail["most_cards"].append(most)
            points.append(cp + most + self.tablas[side])
        self.sheet.add(f"pack {self.pack}", points, detail)
        self.events.append({"type": "score", "pack": self.pack, "points": points, **detail})
        totals = self.sheet.totals
        if max(totals) >= self.game.options["target"] and totals[0] != totals[1]:
            self.finished = True
            self.turn = -1
            self.events.append({"type": "end", "winners": list(self.winners), "scores": list(self.scores)})
        else:
            self.dealer = (self.dealer + 1) % self.game.players
            self._start_pack()

    @property
    def over(self) -> bool:
        return self.finished

    @property
    def scores(self) -> tuple[int, ...]:
        return self.teams.per_seat(self.sheet.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.finished:
            return ()
        return self.teams.members(self.sheet.leaders()[0])

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": self.game.id, "players": self.game.players, "options": dict(self.game.options), "seat": seat,
            "to_act": list(self.to_act), "legal": [str(a) for a in self.legal(seat)] if seat is not None else [],
            "pack": self.pack, "deal": self.deal, "dealer": self.dealer,
            "sides": [list(self.teams.members(s)) for s in (0, 1)],
            "hand": codes(cards_of(self.hands[seat])) if seat is not None else None,
            "hands": [h.bit_count() for h in self.hands],
            "table": codes(cards_of(self.table)), "stock": len(self.stock),
            "piles": [p.bit_count() for p in self.piles], "tablas": list(self.tablas),
            "last_capturer": None if self.last_capturer < 0 else self.last_capturer,
            "capture": self._capture_view(),
            "sheet": self.sheet.to_dict(), "scores": list(self.scores), "over": self.finished,
            "winners": list(self.winners),
            "log": self.visible_events(seat, self.events[self.pack_events:]),
        }

    def _capture_view(self) -> dict[str, Any] | None:
        """The capture under way, all public: the card played, its value(s), the groups taken, the open group."""
        if self.capturing < 0:
            return None
        return {"seat": self.turn, "card": str(CARDS[self.capturing]),
                "values": [v for v in range(15) if self.values >> v & 1],
                "groups": [group_codes(g) for g in self.groups], "group": group_codes(self.group)}

    def audit(self) -> None:
        rows = recount(self.events, self.teams.side, self.game.options["target"])
        assert len(rows) == len(self.sheet.rows) and all(r == row[1] for r, row in zip(rows, self.sheet.rows))

    def zones(self) -> dict[str, list[Card]]:
        """Where every card of the pack is (for the conservation check)."""
        z = {f"hand {s}": list(cards_of(h)) for s, h in enumerate(self.hands)}
        z.update({f"pile {s}": list(cards_of(p)) for s, p in enumerate(self.piles)})
        z["table"] = list(cards_of(self.table))
        z["played"] = [CARDS[self.capturing]] if self.capturing >= 0 else []
        z["stock"] = list(self.stock)
        return z

    def clone(self) -> "GiacomottoState":
        c = GiacomottoState.__new__(GiacomottoState)
        c.game, c.seed, c.teams = self.game, self.seed, self.teams
        c.rng = self.rng.clone()
        c.events = list(self.events)  # events are never changed once written
        c.sheet = self.sheet.copy()
        c.hands, c.piles, c.tablas = list(self.hands), list(self.piles), list(self.tablas)
        c.stock = list(self.stock)
        c.stacked = [list(p) for p in self.stacked]
        c.groups = list(self.groups)
        for name in ("dealer", "turn", "table", "last_capturer", "pack", "deal", "pack_events", "finished", "_legal",
                     "capturing", "values", "group", "group_sums", "taken", "sums"):
            setattr(c, name, getattr(self, name))
        return c


def _cards(mask: int) -> list[int]:
    """The cards of a mask, lowest first, as plain ints."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
