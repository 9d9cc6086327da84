"""A Giacomotto match: packs of 52 cards dealt six at a time, scored pack by pack, to 101.

Seats play in turn order ``s, s+1, ...`` (counter-clockwise at a real table: play passes to the right).
The player after the dealer plays first; the deal passes on by one seat after each pack.
"""

from __future__ import annotations

from typing import Any, Sequence

from parlour.core.cards import CARDS, Card, cards_of, codes, deck as standard_deck
from parlour.core.errors import IllegalAction
from parlour.core.game import Action, Game, State
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet, Teams
from parlour.core.stacking import stacked

from .actions import Play
from .audit import recount
from .captures import can_capture, captures_for, partition

HAND = 6
TABLE = 4
#: 1 point each: aces, kings, queens, jacks, and the tens but the 10♦ (which is worth 2).
ONE_POINT = sum(1 << (s * 13 + r) for s in range(4) for r in (8, 9, 10, 11, 12)) & ~(1 << (1 * 13 + 8))
TEN_OF_DIAMONDS = 1 << (1 * 13 + 8)
TWO_OF_CLUBS = 1 << 0
MOST_CARDS = 3


def teams_for(players: int) -> Teams:
    """Two players play alone; four play as two sides of partners sitting opposite."""
    return Teams.opposite(4) if players == 4 else Teams.solo(2)


def card_points(pile: int) -> int:
    """The card points in a pile: 22 in the whole deck."""
    return (pile & ONE_POINT).bit_count() + 2 * bool(pile & TEN_OF_DIAMONDS) + bool(pile & TWO_OF_CLUBS)


class GiacomottoState(State):
    __slots__ = ("game", "seed", "rng", "teams", "events", "sheet", "dealer", "turn", "hands", "table", "stock",
                 "piles", "tablas", "last_capturer", "pack", "deal", "pack_events", "stacked", "finished", "_legal")

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
        return () if self.finished else (self.turn,)

    def legal(self, seat: int) -> list[Play]:
        if self.finished or seat != self.turn:
            return []
        if self._legal is None:
            table = self.table
            trails, takes = [], []
            for c in cards_of(self.hands[seat]):
                trails.append(Play(c))
                takes.extend(Play(c | m << 6) for m in captures_for(c, table))
            if self.game.options["forced_capture"] and takes:
                trails = []
            self._legal = takes + trails
        return list(self._legal)

    def check(self, seat: int, action: Action) -> Play:
        """Check a play directly rather than by looking it up in :meth:`legal`.

        On a crowded table the list of captures grows exponentially (every union of disjoint groups), so an
        offered capture is checked by splitting it into groups instead.
        """
        card, captured = action & 63, action >> 6
        if not isinstance(action, Play) or card >= 52 or captured >> 52 or action < 0:
            raise IllegalAction(f"{action!r} is not a Giacomotto play: write 'trail CARD' or 'capture CARD GROUP...'")
        play = Play(int(action))
        hand = self.hands[seat]
        ok = hand >> card & 1 and not captured & ~self.table
        if ok and captured:
            ok = partition(card, captured) is not None
        elif ok and self.game.options["forced_capture"]:
            ok = not any(can_capture(c, self.table) for c in cards_of(hand))
        if not ok:
            raise IllegalAction(self.why_illegal(seat, play))
        return play

    def why_illegal(self, seat: int, action: Play) -> str:  # type: ignore[override]
        card, captured = action.card, action.captured
        if not self.hands[seat] >> card & 1:
            return f"you do not hold {card}; your hand is {' '.join(codes(cards_of(self.hands[seat])))}"
        missing = captured & ~self.table
        if missing:
            return f"{' '.join(codes(cards_of(missing)))} not on the table; the table is {' '.join(codes(cards_of(self.table))) or 'empty'}"
        if not captured:
            return "forced capture is on: you must capture when you can"
        return f"{action} is not a capture: {card}'s groups must be disjoint and each add up to its value"

    def _apply(self, seat: int, action: Play) -> None:  # type: ignore[override]
        card = action & 63
        captured = action >> 6
        self.hands[seat] ^= 1 << card
        self._legal = None
        if captured:
            side = self.teams.side[seat]
            self.table ^= captured
            self.piles[side] |= captured | 1 << card
            self.last_capturer = seat
            last_card = not self.stock and not any(self.hands)
            tabla = not self.table and (not last_card or self.game.options["last_card_tabla"])
            if tabla:
                self.tablas[side] += 1
            self.events.append({"type": "capture", "seat": seat, "action": str(action), "card": str(CARDS[card]),
                                "cards": codes(cards_of(captured)), "tabla": tabla})
        else:
            self.table |= 1 << card
            self.events.append({"type": "trail", "seat": seat, "action": str(action), "card": str(CARDS[card])})
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
            "sheet": self.sheet.to_dict(), "scores": list(self.scores), "over": self.finished,
            "winners": list(self.winners),
            "log": self.visible_events(seat, self.events[self.pack_events:]),
        }

    def audit(self) -> None:
        rows = recount(self.events, self.teams.side, self.game.options["target"])
        assert len(rows) == len(self.sheet.rows) and all(r == row[1] for r, row in zip(rows, self.sheet.rows))

    def zones(self) -> dict[str, list[Card]]:
        """Where every card of the pack is (for the conservation check)."""
        z = {f"hand {s}": list(cards_of(h)) for s, h in enumerate(self.hands)}
        z.update({f"pile {s}": list(cards_of(p)) for s, p in enumerate(self.piles)})
        z["table"] = list(cards_of(self.table))
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
        for name in ("dealer", "turn", "table", "last_capturer", "pack", "deal", "pack_events", "finished", "_legal"):
            setattr(c, name, getattr(self, name))
        return c
