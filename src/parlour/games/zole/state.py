"""A Zole match: hands of 26 cards, each bid, (with the talon) laid away, played and paid in chips.

Seats play in turn order ``s, s+1, ...`` (to the left at a real table); the deal passes on by one seat each
hand. Three players are dealt in: with four, the dealer sits the hand out. A hand runs through

``bid`` (from the dealer's left, each in turn: pass, take, zole or small zole; the first who does not
pass ends it) → ``discard`` (the Big one who took the talon lays away two cards) → ``play`` (eight
tricks, the first led by the dealer's left) → chips on the sheet.

When all pass, the ``all_pass`` option says what happens: a redeal with a chip each into the pool (the
seed), the federation's pules, or the table game. Hidden state is the hands, the face-down talon and the
Big one's two cards laid away; everything else is public and written to ``events``; private events
carry ``only``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Sequence

from parlour.core.errors import IllegalAction
from parlour.core.i18n import Message
from parlour.core.game import Action, Game, State
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet
from parlour.core.stacking import stacked
from parlour.core.tricks import LEAD, cards_in, follow, winner

from .actions import (BID_WORDS, DISCARD, PASS, PASS_MOVE, PLAY, PLAY_TEXTS, PLAYS, SMALL_MOVE, TAKE,
                      TAKE_MOVE, ZOLE, ZOLE_MOVE, Move, move, plays_of)
from .cards import CARDS, CODES, HAND, LED, SUIT, TALON, TRUMPS, Card, codes, parse_card, points
from .scoring import big_hand, settle, settle_pules, share_pool, small_zole, table_losers, table_row
from .views import view

BIDDING, DISCARDING, PLAYING, DONE = range(4)
PHASES = ("bid", "discard", "play", "over")
#: Each phase's name, and each suit's (as led), in a refusal, to be said in the reader's language.
PHASE_WORDS = (Message.term("phase", "bid"), Message.term("phase", "discard"), Message.term("phase", "play"),
               Message.term("phase", "over"))
LED_WORDS = (Message.term("led", "trumps"), Message.term("led", "clubs"), Message.term("led", "spades"),
             Message.term("led", "hearts"))
#: The hand's contract: nobody yet; the Big one with the talon; a Zole; a small zole; the table game.
NONE, BIG, ZOLE_MODE, SMALL_MODE, TABLE = "", "big", "zole", "small zole", "table"
TRICKS = HAND
_BITS = tuple(1 << c for c in range(26))


class ZoleState(State):
    __slots__ = (
        "game", "seed", "rng", "events", "sheet", "stacked", "finished",
        "dealer", "deals", "pool", "common", "personal",
        "deal_start", "active", "nxt", "phase", "turn", "hands", "talon", "dealt_talon", "discards", "mode",
        "declarer", "bids", "trick", "trick_by", "tmask", "led", "leader", "tricks", "won", "played",
        "last_trick", "_mask", "_legal",
    )

    # --- setting up -------------------------------------------------------------------------------------------

    @classmethod
    def start(cls, game: Game, seed: int, deck: Sequence[Any] | None) -> "ZoleState":
        self = cls.__new__(cls)
        self.game, self.seed = game, seed
        self.rng = Rng(seed)
        self.events = []
        n = game.players
        self.sheet = ScoreSheet([f"seat {s}" for s in range(n)])
        self.stacked = stacked(deck, parse_card, range(26), "deal", "each of the 26 Zole cards once")
        self.finished = False
        self.dealer = self.rng.below(n)
        self.deals = 0
        self.pool = self.common = 0
        self.personal = []
        self._new_deal()
        return self

    def _new_deal(self) -> None:
        cards = list(range(26))
        self.rng.shuffle(cards)  # drawn even for a stacked deal, so that stacking one leaves the next alone
        if self.stacked:
            cards = self.stacked.pop(0)
        self._deal(cards)

    def _deal(self, cards: Sequence[int]) -> None:
        """Deal ``cards``: the talon first, then eight to each player in turn from the dealer's left."""
        n = self.game.players
        self.active = active = tuple((self.dealer + i) % n for i in (1, 2, 3))
        self.nxt = nxt = [-1] * n
        for i, s in enumerate(active):
            nxt[s] = active[(i + 1) % 3]
        self.talon = self.dealt_talon = _BITS[cards[0]] | _BITS[cards[1]]
        self.hands = hands = [0] * n
        for i, s in enumerate(active):
            hands[s] = sum(map(_BITS.__getitem__, cards[TALON + HAND * i:TALON + HAND * (i + 1)]))
        self.deal_start = len(self.events)
        self.events.append({"type": "deal", "hand": self.deals + 1, "dealer": self.dealer, "active": list(active),
                            "pool": self.pool, "common": self.common, "personal": list(self.personal),
                            "rows": len(self.sheet.rows)})
        for s in active:
            self.events.append({"type": "hand", "seat": s, "cards": codes(hands[s]), "only": [s]})
        self.phase, self.turn = BIDDING, active[0]
        self.discards = 0
        self.mode, self.declarer = NONE, -1
        self.bids = [None] * n
        self.trick, self.trick_by = [], []
        self.tmask, self.led, self.leader = 0, LEAD, -1
        self.tricks = [0] * n
        self.won = [0] * n
        self.played = 0
        self.last_trick = None
        self._mask = -1
        self._legal = None

    # --- what may be done -------------------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.finished else (self.turn,)

    def legal(self, seat: int) -> list[Move]:
        if seat != self.turn or self.finished:
            return []
        if self.phase == PLAYING:
            mask = self._mask
            if mask < 0:
                mask = self._mask = follow(self.hands[seat], self.led)
            return plays_of(mask)
        if self._legal is None:
            self._legal = self._legal_now()
        return list(self._legal)

    def _legal_now(self) -> list[Move]:
        if self.phase == BIDDING:
            bids = [PASS_MOVE, TAKE_MOVE, ZOLE_MOVE]
            return bids + [SMALL_MOVE] if self.game.options["small_zole"] else bids
        hand = cards_in(self.hands[self.turn])
        return [move(DISCARD, 1 << a | 1 << b) for a, b in combinations(hand, 2)]

    def check(self, seat: int, action: Action) -> Move:
        """A card play is checked on the legal mask; other actions against the (cached) legal list."""
        if self.phase == PLAYING:  # (never once the match is over: the phase is then DONE)
            if action & 7 == PLAY and 0 <= action >> 3 < 26:
                mask = self._mask
                if mask < 0:
                    mask = self._mask = follow(self.hands[seat], self.led)
                if mask >> (action >> 3) & 1:
                    return PLAYS[action >> 3]
        elif not self.finished:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._legal_now()
            if action in legal:
                return legal[legal.index(action)]
        raise IllegalAction(self.why_illegal(seat, action))

    def why_illegal(self, seat: int, action: Action) -> str:
        allowed = ", ".join(map(str, self.legal(seat)))
        if action & 7 == PLAY and 0 <= action >> 3 < 26:
            card = action >> 3
            if self.phase != PLAYING:
                return Message("cards are not played in the {phase} phase; you may: {allowed}",
                               phase=PHASE_WORDS[self.phase], allowed=allowed)
            if not self.hands[seat] >> card & 1:
                return Message("you do not hold {card}; you may: {allowed}", card=CODES[card], allowed=allowed)
            return Message("you must follow suit ({suit} were led) while you can; you may: {allowed}",
                           suit=LED_WORDS[SUIT[self.trick[0]]], allowed=allowed)
        if action & 7 == DISCARD and self.phase == DISCARDING and 0 < action >> 3 < 1 << 26:
            missing = " ".join(codes(action >> 3 & ~self.hands[seat]))
            return Message("you do not hold {cards}: lay away two cards of your hand; you may: {allowed}",
                           cards=missing, allowed=allowed)
        return Message("{action} is not legal in the {phase} phase now; you may: {allowed}", action=str(action),
                       phase=PHASE_WORDS[self.phase], allowed=allowed)

    # --- applying ---------------------------------------------------------------------------------------------

    def _apply(self, seat: int, action: Move) -> None:  # type: ignore[override]
        self._mask = -1
        kind = action & 7
        if kind == PLAY:
            self._play(seat, action >> 3)
            return
        self._legal = None
        if kind == DISCARD:
            self._discard(seat, action >> 3)
        else:
            self._bid(seat, kind)

    def _bid(self, seat: int, kind: int) -> None:
        word = BID_WORDS[kind]
        self.bids[seat] = word
        self.events.append({"type": "bid", "seat": seat, "action": word})
        if kind == PASS:
            if seat == self.active[2]:
                self._all_passed()
            else:
                self.turn = self.nxt[seat]
            return
        self.declarer = seat
        if kind == TAKE:
            self.mode = BIG
            self.events.append({"type": "talon", "seat": seat, "cards": codes(self.talon), "only": [seat]})
            self.hands[seat] |= self.talon
            self.talon = 0
            self.phase = DISCARDING
        else:
            self.mode = ZOLE_MODE if kind == ZOLE else SMALL_MODE
            self._start_play()

    def _all_passed(self) -> None:
        n = self.game.players
        how = self.game.options["all_pass"]
        if how == "table":
            self.mode = TABLE
            self.events.append({"type": "table game"})
            self._start_play()
            return
        if how == "pool":
            self.pool += n
            row, detail = [-1] * n, {"mode": "all pass", "pool": self.pool}
        else:
            self.common += 1
            row, detail = [0] * n, {"mode": "all pass", "common pules": self.common}
        self._write_row(row, detail)

    def _discard(self, seat: int, mask: int) -> None:
        self.hands[seat] &= ~mask
        self.discards = mask
        self.events.append({"type": "laid away", "seat": seat, "cards": codes(mask), "only": [seat]})
        self.events.append({"type": "discard", "seat": seat, "count": 2})
        self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAYING
        self.leader = self.turn = self.active[0]
        self.events.append({"type": "play starts", "leader": self.leader, "mode": self.mode,
                            "declarer": self.declarer if self.declarer >= 0 else None})

    def _play(self, seat: int, card: int) -> None:
        bit = _BITS[card]
        self.hands[seat] ^= bit
        trick = self.trick
        if not trick:
            self.led = LED[card]
        trick.append(card)
        self.trick_by.append(seat)
        self.tmask |= bit
        self.events.append({"type": "play", "seat": seat, "action": PLAY_TEXTS[card], "card": CODES[card]})
        if len(trick) < 3:
            self.turn = self.nxt[seat]
        else:
            self._end_trick()

    def _end_trick(self) -> None:
        tmask, trick = self.tmask, self.trick
        w = self.trick_by[trick.index(winner(tmask, self.led, TRUMPS))]
        self.tricks[w] += 1
        self.won[w] |= tmask
        self.played += 1
        self.last_trick = {"cards": [CODES[c] for c in trick], "seats": self.trick_by, "winner": w}
        self.events.append({"type": "trick", "winner": w, "cards": [CODES[c] for c in trick],
                            "points": points(tmask)})
        self.trick, self.trick_by = [], []
        self.tmask, self.led = 0, LEAD
        if self.played == TRICKS or (self.mode == SMALL_MODE and w == self.declarer):
            self._score()
        else:
            self.leader = self.turn = w

    # --- the end of a hand and of the match -------------------------------------------------------------------

    def _score(self) -> None:
        n = self.game.players
        options = self.game.options
        decl, mode = self.declarer, self.mode
        detail: dict[str, Any] = {"mode": mode, "declarer": decl if decl >= 0 else None, "tricks": list(self.tricks),
                                  "talon_points": points(self.dealt_talon)}
        if self.discards:
            detail["laid_away_points"] = points(self.discards)
        if mode == TABLE:
            taken = [points(w) for w in self.won]
            losers = table_losers([self.tricks[s] if s in self.active else -1 for s in range(n)], taken)
            row = table_row(losers, n)
            detail.update(card_points=taken, losers=losers)
            self._write_row(row, detail)
            return
        if mode == SMALL_MODE:
            per = small_zole(self.tricks[decl])
        else:
            big_points = points(self.won[decl] | self.discards)
            per = big_hand(big_points, self.tricks[decl], mode == ZOLE_MODE, options["scoring"])
            detail["card_points"] = [big_points, 120 - big_points]
        row = settle(decl, per, n)
        detail["per_player"] = per
        detail["declarer_won"] = declarer_won = per > 0
        if self.pool:
            winners = [decl] if declarer_won else [s for s in range(n) if s != decl]
            share, self.pool = share_pool(self.pool, winners, n)
            row = [a + b for a, b in zip(row, share)]
            detail["pool_taken"] = share
        if options["all_pass"] == "pules" and mode == BIG and (self.common or self.personal):
            extra, self.common, self.personal, note = settle_pules(self.common, self.personal, decl, declarer_won, n)
            row = [a + b for a, b in zip(row, extra)]
            detail["pules"] = {"chips": extra, "note": note, "common": self.common, "personal": list(self.personal)}
        self._write_row(row, detail)

    def _write_row(self, row: list[int], detail: dict[str, Any]) -> None:
        """Write the hand's row. Its score event shows the talon and the cards laid away, as they are shown when
        the hand is counted; the sheet, which views carry on, names no card."""
        self.sheet.add(f"hand {self.deals + 1}", row, detail)
        event = {"type": "score", "hand": self.deals + 1, "points": list(row), **detail}
        if self.mode:  # a hand played (not thrown in): its hidden cards are shown
            event.update({"talon": codes(self.dealt_talon), "laid away": codes(self.discards)})
        self.events.append(event)
        self.deals += 1
        if self._match_over():
            self._finish()
            return
        self.dealer = (self.dealer + 1) % self.game.players
        self._new_deal()

    def _match_over(self) -> bool:
        hands, target = self.game.options["hands"], self.game.options["target"]
        if hands and self.deals >= hands:
            return True
        return bool(target) and any(abs(t) >= target for t in self.sheet.totals)

    def _finish(self) -> None:
        n = self.game.players
        self.finished = True
        self.phase = DONE
        self.turn = -1
        each = self.pool // n
        if each:  # the chips left in the pool go back in equal shares; an odd chip stays on the table
            self.pool -= each * n
            self.sheet.add("pool returned", [each] * n, {"mode": "pool returned", "pool": self.pool})
            self.events.append({"type": "pool returned", "each": each, "pool": self.pool})
        self.events.append({"type": "end", "winners": list(self.winners), "scores": list(self.scores)})

    @property
    def over(self) -> bool:
        return self.finished

    @property
    def scores(self) -> tuple[int, ...]:
        return self.sheet.totals

    @property
    def winners(self) -> tuple[int, ...]:
        return self.sheet.leaders() if self.finished else ()

    # --- what each seat sees ----------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def zones(self) -> dict[str, list[Card]]:
        """Where every card is: hands, the talon (face down), the cards laid away, the trick, the won piles."""
        z = {f"hand {s}": _cards(h) for s, h in enumerate(self.hands)}
        z.update({f"won {s}": _cards(w) for s, w in enumerate(self.won)})
        z["talon"] = _cards(self.talon)
        z["laid away"] = _cards(self.discards)
        z["trick"] = [CARDS[c] for c in self.trick]
        return z

    def audit(self) -> None:
        from .audit import recount

        recount(self)

    def clone(self) -> "ZoleState":
        c = ZoleState.__new__(ZoleState)
        for name in self.__slots__:
            setattr(c, name, getattr(self, name))
        c.rng = self.rng.clone()
        c.events = list(self.events)
        c.sheet = self.sheet.copy()
        c.stacked = [list(d) for d in self.stacked]
        for name in ("personal", "nxt", "hands", "bids", "trick", "trick_by", "tricks", "won"):
            setattr(c, name, list(getattr(self, name)))
        return c


def _cards(mask: int) -> list[Card]:
    return [CARDS[c] for c in cards_in(mask)]
