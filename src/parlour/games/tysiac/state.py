"""A Tysiąc match: hands of 24 cards, each bid, exchanged and played, until someone reaches 1000.

Seats play in turn order ``s, s+1, s+2`` (clockwise); the seat after the dealer bids first, and the deal
passes on by one seat. A hand runs through these phases:

``bid`` → (the prikup is shown and taken) → ``give`` (one card to each opponent, or Rospisat') →
``contract`` (the bid kept or raised) → ``nines`` (only if someone holds all four) → ``play`` (8 tricks).

Hidden state is the hands, the face-down prikup and the cards given face down. Everything else is public and
written to ``events``; private events carry ``only``.
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

from .actions import (BID, BIDS, CONTRACT, CONTRACTS, GIVE, MARRIES, MARRY, MAX_BID, NINES, NINES_MOVE, PASS,
                      PASS_MOVE, PLAY, PLAY_ON_MOVE, PLAYS, ROSPISAT, ROSPISAT_MOVE, Move, give)
from .cards import (CARDS, CODES, MARRIAGE, NINES as NINES_MASK, SUIT, SUIT_MASKS, SUIT_NAMES, Card,
                    card_points, cards_in, codes, king, marriage_suits, marriages, parse_card, queen)
from .play import legal as legal_cards, winner_card
from .scoring import Rules, Standing, score_hand

BIDDING, GIVING, RAISING, NINES_PHASE, PLAYING, DONE = range(6)
PHASES = ("bid", "give", "contract", "nines", "play", "over")
#: In a refusal, to be said in the reader's language: each phase's name; each suit's, one card of it ("a higher
#: heart") and the suit ("no hearts").
PHASE_WORDS = (Message.term("phase", "bid"), Message.term("phase", "give"), Message.term("phase", "contract"),
               Message.term("phase", "nines"), Message.term("phase", "play"), Message.term("phase", "over"))
A_CARD_OF = (Message.term("one card", "spade"), Message.term("one card", "club"), Message.term("one card", "diamond"),
             Message.term("one card", "heart"))
THE_SUIT = (Message.term("suit", "spades"), Message.term("suit", "clubs"), Message.term("suit", "diamonds"),
            Message.term("suit", "hearts"))
HAND, PRIKUP, TRICKS = 7, 3, 8
OPENING = 100
PLAY_TEXTS = tuple(f"play {code}" for code in CODES)
_BITS = tuple(1 << c for c in range(24))
_PLAY_TABLES = by_bytes(PLAYS)


def plays_of(mask: int) -> list[Move]:
    """The card plays of a mask of cards, lowest card first."""
    return listed(_PLAY_TABLES, mask)


class TysiacState(State):
    __slots__ = (
        "game", "seed", "rng", "events", "sheet", "stacked", "finished", "won_by", "standing", "rules",
        "dealer", "deal_no", "scored", "deal_start",
        "phase", "turn", "hands", "dealt", "prikup", "forehand", "high", "high_bidder", "passed",
        "declarer", "contract", "given", "received", "nines_holder",
        "trick", "tmask", "led", "trump", "leader", "tricks_played", "won", "tricks", "marriage_points",
        "marriages", "last_trick", "_legal", "_mask",
    )

    # --- setting up -------------------------------------------------------------------------------------------

    @classmethod
    def start(cls, game: Game, seed: int, deck: Sequence[Any] | None) -> "TysiacState":
        self = cls.__new__(cls)
        self.game, self.seed = game, seed
        self.rng = Rng(seed)
        self.events = []
        n = game.players
        self.sheet = ScoreSheet([f"seat {s}" for s in range(n)])
        self.stacked = stacked(deck, parse_card, range(24), "deal", "each of the 24 cards (9 to A of four suits) once")
        self.finished = False
        self.won_by = ()
        self.standing = Standing.start(n)
        o = game.options
        self.rules = Rules(barrel=o["barrel"], lines=o["lines"], rounding=o["rounding"], lock_800=o["lock_800"],
                           barrel_knock=o["barrel_knock"])
        self.dealer = self.rng.below(n)
        self.deal_no = 0
        self.scored = 0
        self._new_deal()
        return self

    def _new_deal(self) -> None:
        cards = list(range(24))
        self.rng.shuffle(cards)  # drawn even for a stacked deal, so that stacking one leaves the next alone
        if self.stacked:
            cards = self.stacked.pop(0)
        self._deal(cards)

    def _deal(self, cards: list[int]) -> None:
        """Deal ``cards``: the prikup first, then 7 cards to each seat in turn order from the dealer's left."""
        n = self.game.players
        self.deal_no += 1
        self.forehand = (self.dealer + 1) % n
        self.prikup = list(cards[:PRIKUP])
        self.hands = [0] * n
        for i in range(n):
            start = PRIKUP + HAND * i
            self.hands[(self.forehand + i) % n] = sum(_BITS[c] for c in cards[start:start + HAND])
        self.dealt = list(self.hands)
        st = self.standing
        self.deal_start = len(self.events)
        self.events.append({"type": "deal", "deal": self.deal_no, "dealer": self.dealer, "rows": len(self.sheet.rows),
                            "hands": self.scored, "barrel": list(st.barrel), "lines": list(st.lines),
                            "ps": list(st.ps)})
        for s in range(n):
            self.events.append({"type": "hand", "seat": s, "cards": codes(self.hands[s]), "only": [s]})
        self.phase, self.turn = BIDDING, self.forehand
        self.high, self.high_bidder, self.passed = 0, -1, 0
        self.declarer, self.contract = -1, 0
        self.given: list[tuple[int, int]] = []
        self.received = [-1] * n  # the card each opponent was given, while still in its hand
        self.nines_holder = -1
        self.trick: list[int] = []
        self.tmask = 0
        self.led = self.trump = self.leader = -1
        self.tricks_played = 0
        self.won = [0] * n
        self.tricks = [0] * n
        self.marriage_points = [0] * n
        self.marriages: list[tuple[int, int]] = []
        self.last_trick: tuple[int, int, list[int]] | None = None  # leader, winner, cards
        self._legal = None
        self._mask = -1

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
                mask = self._play_mask()
            plays = plays_of(mask)
            if not self.trick:
                plays += self._marriage_leads(seat)
            return plays
        if self._legal is None:
            self._legal = self._legal_now()
        return list(self._legal)

    def _legal_now(self) -> list[Move]:
        p, seat = self.phase, self.turn
        step = self.game.options["bid_step"] // 5
        if p == BIDDING:
            moves = [] if seat == self.forehand and not self.high else [PASS_MOVE]
            lowest = OPENING if not self.high else self.high + 5 * step
            return moves + list(BIDS[lowest // 5:self.bid_cap(self.hands[seat]) // 5 + 1:step])
        if p == GIVING:
            hand = self.hands[seat]
            moves = [give(c, to) for to in self._opponents() if self.received[to] < 0 for c in cards_in(hand)]
            if self._may_rospisat():
                moves.append(ROSPISAT_MOVE)
            return moves
        if p == RAISING:
            keep = self.contract // 5
            return [CONTRACTS[keep]] + list(CONTRACTS[keep + step:self.bid_cap(self.hands[seat]) // 5 + 1:step])
        return [NINES_MOVE, PLAY_ON_MOVE]

    def bid_cap(self, hand: int) -> int:
        """The highest bid ``hand`` allows: above 120 only with a marriage in hand (Q4), unless an option says
        otherwise; with ``marriage_cap``, 120 plus the marriages held."""
        o = self.game.options
        if o["marriage_cap"]:
            return 120 + sum(MARRIAGE[s] for s in marriage_suits(hand))
        if o["bid_without_marriage"] or marriages(hand):
            return MAX_BID
        return 120

    def _opponents(self) -> list[int]:
        n = self.game.players
        return [(self.declarer + i) % n for i in range(1, n)]

    def _may_rospisat(self) -> bool:
        return (self.game.options["rospisat"] and not self.given
                and not (self.rules.barrel and self.standing.barrel[self.declarer] >= 0))

    def _play_mask(self) -> int:
        mask = legal_cards(self.hands[self.turn], self.tmask, self.led, self.trump, self.game.options["must_beat"])
        self._mask = mask
        return mask

    def _marriage_leads(self, seat: int) -> list[Move]:
        """Leading a king or queen while holding both declares their marriage: from the second trick on (the
        leader won the previous trick), or also on the first with ``first_lead_marriage``."""
        if not self.tricks_played and not self.game.options["first_lead_marriage"]:
            return []
        found = []
        for s in marriage_suits(self.hands[seat]):
            found += [MARRIES[queen(s)], MARRIES[king(s)]]
        return found

    def check(self, seat: int, action: Action) -> Move:
        """A card play is checked on the legal mask; other actions against the (cached) legal list."""
        if self.phase == PLAYING and seat == self.turn:
            if action & 15 == PLAY and 0 <= action >> 4 < 24:
                mask = self._mask
                if mask < 0:
                    mask = self._play_mask()
                if mask >> (action >> 4) & 1:
                    return PLAYS[action >> 4]
            elif action & 15 == MARRY and action in self._marriage_leads(seat) and not self.trick:
                return MARRIES[action >> 4]
        elif seat == self.turn and not self.finished:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._legal_now()
            if action in legal:
                return legal[legal.index(action)]
        raise IllegalAction(self.why_illegal(seat, action))

    def why_illegal(self, seat: int, action: Action) -> str:
        kind, p = action & 15, action >> 4
        legal = self.legal(seat)
        allowed = ", ".join(map(str, legal))
        if len(legal) > 12:
            allowed = ", ".join(map(str, legal[:6])) + ", ... " + ", ".join(map(str, legal[-3:]))
        reason = Message("{action} is not legal in the {phase} phase now", action=str(action),
                         phase=PHASE_WORDS[self.phase])
        if not isinstance(action, Move) or action < 0:
            reason = Message("{action} is not a Tysiąc action", action=str(action))
        elif kind in (PLAY, MARRY) and p < 24 and self.phase == PLAYING:
            reason = self._why_not_card(seat, kind, p)
        elif kind == BID and self.phase == BIDDING:
            reason = self._why_not_bid(seat, 5 * p)
        elif kind == PASS and self.phase == BIDDING and seat == self.forehand and not self.high:
            reason = Message("the first bidder may not pass: bid at least {least}", least=OPENING)
        elif kind == CONTRACT and self.phase == RAISING:
            reason = self._why_not_bid(seat, 5 * p, raising=True)
        elif kind == GIVE and self.phase == GIVING and (p & 31) < 24:
            card, to = p & 31, p >> 5
            opponents = self._opponents()
            if not self.hands[seat] >> card & 1:
                reason = Message("you do not hold {card}", card=CODES[card])
            elif to not in opponents:
                reason = Message("give a card to an opponent (seat {a} or seat {b})", a=opponents[0], b=opponents[-1]) \
                    if len(opponents) > 1 else Message("give a card to an opponent (seat {a})", a=opponents[0])
            else:
                reason = Message("seat {seat} already has its card", seat=to)
        elif kind == ROSPISAT and self.phase == GIVING:
            reason = (Message("Rospisat' is not played at this table") if not self.game.options["rospisat"] else
                      Message("a player on the barrel may not declare Rospisat'") if not self.given else
                      Message("Rospisat' is declared before any card is given"))
        return Message("{reason}; you may: {allowed}", reason=reason, allowed=allowed)

    def _why_not_card(self, seat: int, kind: int, card: int) -> str:
        hand = self.hands[seat]
        if not hand >> card & 1:
            return Message("you do not hold {card}", card=CODES[card])
        if kind == MARRY:
            if self.trick:
                return Message("only the player leading to a trick may declare a marriage")
            if not self.tricks_played and not self.game.options["first_lead_marriage"]:
                return Message("no marriage on the first lead: declare one after winning a trick")
            return Message("you need both the king and the queen of {suit} to declare their marriage",
                           suit=THE_SUIT[SUIT[card]])
        if hand & SUIT_MASKS[self.led]:
            if SUIT[card] == self.led:
                return Message("you must beat the trick with a higher {card}", card=A_CARD_OF[self.led])
            return Message("you must follow suit with a {card}", card=A_CARD_OF[self.led])
        if self.trump >= 0 and hand & SUIT_MASKS[self.trump]:
            if SUIT[card] == self.trump:
                return Message("you must beat the trick with a higher trump")
            return Message("you have no {suit} and must play a trump ({trumps})", suit=THE_SUIT[self.led],
                           trumps=THE_SUIT[self.trump])
        return Message("{card} may not be played now", card=CODES[card])

    def _why_not_bid(self, seat: int, value: int, raising: bool = False) -> str:
        step = self.game.options["bid_step"]
        floor = self.contract if raising else OPENING if not self.high else self.high + step
        if value < floor:
            return Message("bid at least {least}", least=floor) if not raising else \
                Message("the contract may be kept at {least} or raised", least=floor)
        if value % step:
            return Message("bids go up in steps of {step}", step=step)
        cap = self.bid_cap(self.hands[seat])
        if self.game.options["marriage_cap"]:
            return Message("with the marriages you hold you may bid at most {most}", most=cap)
        return Message("a bid above 120 needs a marriage (a king and queen of one suit) in your hand")

    # --- applying ---------------------------------------------------------------------------------------------

    def _apply(self, seat: int, action: Move) -> None:  # type: ignore[override]
        self._mask = -1
        kind, p = action & 15, action >> 4
        if kind == PLAY:
            self._play(seat, p, False)
            return
        if kind == MARRY:
            self._play(seat, p, True)
            return
        self._legal = None
        if kind in (BID, PASS):
            self._bid(seat, action)
        elif kind == GIVE:
            self._give(seat, p & 31, p >> 5)
        elif kind == ROSPISAT:
            self.events.append({"type": "rospisat", "seat": seat, "action": "rospisat"})
            self._score(rospisat=True)
        elif kind == CONTRACT:
            self.events.append({"type": "contract", "seat": seat, "action": str(action), "contract": 5 * p,
                                "bid": self.contract})
            self.contract = 5 * p
            self._check_nines()
        elif kind == NINES:
            self.events.append({"type": "nines", "seat": seat, "action": "show nines", "cards": codes(NINES_MASK)})
            self.events.append({"type": "abandoned", "deal": self.deal_no})
            self._new_deal()  # the same dealer deals again
        else:
            self.events.append({"type": "play on", "seat": seat, "action": "play on"})
            self._start_play()

    def _bid(self, seat: int, action: Move) -> None:
        n = self.game.players
        self.events.append({"type": "bid", "seat": seat, "action": str(action)})
        if action & 15 == PASS:
            self.passed |= 1 << seat
        else:
            self.high, self.high_bidder = 5 * (action >> 4), seat
        if self.passed.bit_count() == n - 1:
            self._end_auction()
            return
        t = (seat + 1) % n
        while self.passed >> t & 1:
            t = (t + 1) % n
        self.turn = t

    def _end_auction(self) -> None:
        d = self.declarer = self.turn = self.high_bidder
        self.contract = self.high
        self.events.append({"type": "declarer", "seat": d, "bid": self.high})
        self.events.append({"type": "prikup", "seat": d, "cards": [CODES[c] for c in self.prikup]})
        for c in self.prikup:
            self.hands[d] |= _BITS[c]
        self.phase = GIVING

    def _give(self, seat: int, card: int, to: int) -> None:
        self.hands[seat] ^= _BITS[card]
        self.hands[to] |= _BITS[card]
        self.received[to] = card
        self.given.append((card, to))
        self.events.append({"type": "give", "seat": seat, "to": to})
        self.events.append({"type": "given", "seat": seat, "to": to, "card": CODES[card],
                            "action": f"give {CODES[card]} to {to}", "only": [seat, to]})
        if len(self.given) == self.game.players - 1:
            self.phase = RAISING

    def _check_nines(self) -> None:
        need_dealt = self.game.options["nines_as_dealt"]
        for s in range(self.game.players):
            if self.hands[s] & NINES_MASK == NINES_MASK and (
                    not need_dealt or self.dealt[s] & NINES_MASK == NINES_MASK):
                self.nines_holder = self.turn = s
                self.phase = NINES_PHASE
                return
        self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAYING
        self.leader = self.turn = self.declarer
        self.events.append({"type": "play starts", "leader": self.leader, "contract": self.contract})

    def _play(self, seat: int, card: int, marry: bool) -> None:
        bit = _BITS[card]
        self.hands[seat] ^= bit
        if self.received[seat] == card:
            self.received[seat] = -1
        trick = self.trick
        if not trick:
            self.led = SUIT[card]
        if marry:
            suit = SUIT[card]
            self.trump = suit
            self.marriage_points[seat] += MARRIAGE[suit]
            self.marriages.append((seat, suit))
            self.events.append({"type": "play", "seat": seat, "action": f"marry {CODES[card]}", "card": CODES[card],
                                "marriage": SUIT_NAMES[suit], "points": MARRIAGE[suit]})
        else:
            self.events.append({"type": "play", "seat": seat, "action": PLAY_TEXTS[card], "card": CODES[card]})
        trick.append(card)
        self.tmask |= bit
        n = self.game.players
        if len(trick) < n:
            self.turn = (seat + 1) % n
            return
        w = (self.leader + trick.index(winner_card(self.tmask, self.led, self.trump))) % n
        self.won[w] |= self.tmask
        self.tricks[w] += 1
        self.tricks_played += 1
        self.events.append({"type": "trick", "winner": w, "cards": [CODES[c] for c in trick],
                            "points": card_points(self.tmask)})
        self.last_trick = (self.leader, w, trick)
        self.trick = []
        self.tmask = 0
        if self.tricks_played == TRICKS:
            self._score()
        else:
            self.leader = self.turn = w

    # --- the end of a hand and of the match -------------------------------------------------------------------

    def points(self) -> list[int]:
        """Each seat's points so far this hand: card points in its tricks plus its declared marriages."""
        return [card_points(w) + m for w, m in zip(self.won, self.marriage_points)]

    def _score(self, rospisat: bool = False) -> None:
        n = self.game.players
        pts = [0] * n if rospisat else self.points()
        row, detail, after = score_hand(self.standing, self.declarer, self.contract, pts, self.rules, rospisat)
        self.standing = after
        self.scored += 1
        self.sheet.add(f"deal {self.deal_no}", row, detail)
        self.events.append({"type": "score", "deal": self.deal_no, "row": list(row), "totals": list(after.totals),
                            **detail})
        limit = self.game.options["deal_limit"]
        if detail.get("winners"):
            self._finish(tuple(detail["winners"]))
        elif limit and self.scored >= limit:
            self._finish(self.sheet.leaders(), limit=True)
        else:
            self.dealer = (self.dealer + 1) % n
            self._new_deal()

    def _finish(self, winners: tuple[int, ...], limit: bool = False) -> None:
        self.finished = True
        self.phase = DONE
        self.turn = -1
        self.won_by = winners
        event: dict[str, Any] = {"type": "end", "winners": list(winners), "scores": list(self.scores)}
        if limit:
            event["deal_limit"] = self.game.options["deal_limit"]
        self.events.append(event)

    @property
    def over(self) -> bool:
        return self.finished

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.standing.totals)  # the sheet's totals, kept as rows are added (audit checks they agree)

    @property
    def winners(self) -> tuple[int, ...]:
        return self.won_by

    # --- what each seat sees ----------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        from .views import view

        return view(self, seat)

    def zones(self) -> dict[str, list[Card]]:
        """Where every card is. A card given face down counts with the declarer's hand until it is played: the
        other opponent saw the prikup go into that hand and cannot tell which card went where."""
        n = self.game.players
        given = sum(_BITS[c] for c in self.received if c >= 0)
        z = {f"hand {s}": _cards((self.hands[s] & ~given) | (given if s == self.declarer else 0)) for s in range(n)}
        z.update({f"won {s}": _cards(w) for s, w in enumerate(self.won)})
        z["prikup"] = [CARDS[c] for c in self.prikup] if self.phase == BIDDING else []
        z["trick"] = [CARDS[c] for c in self.trick]
        return z

    def audit(self) -> None:
        from .audit import recount

        recount(self)

    def clone(self) -> "TysiacState":
        c = TysiacState.__new__(TysiacState)
        for name in self.__slots__:
            setattr(c, name, getattr(self, name))
        c.rng = self.rng.clone()
        c.events = list(self.events)
        c.sheet = self.sheet.copy()
        c.standing = self.standing.copy()
        c.stacked = [list(d) for d in self.stacked]
        for name in ("hands", "dealt", "prikup", "given", "received", "trick", "won", "tricks", "marriage_points",
                     "marriages"):
            setattr(c, name, list(getattr(self, name)))
        return c


def _cards(mask: int) -> list[Card]:
    return [CARDS[c] for c in cards_in(mask)]
