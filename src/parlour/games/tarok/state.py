"""A Slovenian tarok match: deals of 54 cards, each bid, exchanged, announced, played and scored.

Seats play in turn order ``s, s+1, ...`` (counter-clockwise at a real table). Forehand is the seat after
the dealer; the deal passes on by one seat. A deal runs through these phases:

``bid`` → ``contract`` (the winner may raise) → ``call`` (Three/Two/One) → ``talon`` → ``discard`` →
``colour`` (Solo three..one may become Colour valat) → ``announce`` (bonuses and kontras) → ``play``.

Hidden state is the hands, the face-down talon and the declarer's face-down discards. Everything else is
public and written to ``events``; private events carry ``only``.
"""

from __future__ import annotations

from typing import Any, Sequence

try:
    import cython
except ImportError:  # plain Python without Cython: the same code, untyped
    from parlour.core import cyshim as cython

from parlour.core.errors import IllegalAction
from parlour.core.i18n import Message
from parlour.core.game import Action, Game, State
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet
from parlour.core.stacking import stacked
from parlour.core.tricks import cards_in

from .actions import (ANNOUNCE, BID, CALL, CONTRACT, DISCARD, EMPEROR, FORFEIT, KONTRA, PASS, PASS_MOVE, PLAY,
                      PLAYS, TALON, Discards, Move, move, plays_of)
from .cards import (CARDS, CODES, COLOURS, KINGS, MOND, PAGAT, SKIS, SUIT, TAROKS, UNDISCARDABLE,
                    Card, codes, king_of, parse_card)
from .contracts import (BEGGAR, CALLS_KING, COLOUR_VALAT, COLOUR_VALATS, DECLARER_LEADS, FORFEIT as
                        FORFEIT_VALUES, KING_ULTIMO_B, KLOP, MOND_PENALTY, NAMES, NEGATIVE, ONE,
                        OPEN_BEGGAR, PAGAT_B, POINT_GAMES, SOLO_ONE, SOLO_THREE, SOLO_WITHOUT, TALON_TAKE,
                        THREE, TWO, VALAT_B, VALATS, BIDS_3, BIDS_4, KONTRA_NAMES, TARGET_NAMES)
from .play import COLOUR as COLOUR_REGIME, NEGATIVE as NEGATIVE_REGIME, POSITIVE, legal as legal_cards, winner_card
from .scoring import Deal, klop as klop_score, score

BID_PHASE, RAISE, CALLING, TALON_PHASE, DISCARDING, COLOUR, ANNOUNCING, PLAYING, DONE = range(9)
PHASES = ("bid", "contract", "call", "talon", "discard", "colour", "announce", "play", "over")
#: Each phase's name in a refusal, to be said in the reader's language.
PHASE_WORDS = (Message.term("phase", "bid"), Message.term("phase", "contract"), Message.term("phase", "call"),
               Message.term("phase", "talon"), Message.term("phase", "discard"), Message.term("phase", "colour"),
               Message.term("phase", "announce"), Message.term("phase", "play"), Message.term("phase", "over"))
#: Deal modes: a normal auction; the redeal after a hand without taroks (Klop unless someone bids Solo
#: without or higher); a compulsory Klop after a player's score came back to exactly 0.
NORMAL, REDEAL, COMPULSORY = "normal", "redeal", "klop"
TALON_SIZE = 6
PLAY_TEXTS = tuple(f"play {code}" for code in CODES)
#: The event of each seat's play of each card, built once: events are never changed once written, so every
#: deal's log shares these (as clones share their events).
PLAY_EVENTS = tuple(tuple({"type": "play", "seat": s, "action": PLAY_TEXTS[c], "card": CODES[c]} for c in range(54))
                    for s in range(4))
#: The event of a trick won by each seat, when nothing else goes with it; in Klop, with each talon card it brings.
TRICK_EVENTS = tuple({"type": "trick", "winner": w} for w in range(4))
KLOP_TRICK_EVENTS = tuple(tuple({"type": "trick", "winner": w, "talon": CODES[c]} for c in range(54)) for w in range(4))
#: ``to_act`` while seat ``s`` is to act.
_TO_ACT = tuple((s,) for s in range(4))
SAME, OPPOSITE, UNKNOWN = 1, -1, 0
EMPEROR_MOVE = move(EMPEROR)
_BIDS = tuple(move(BID, c) for c in range(COLOUR_VALAT))
#: Per player count, per contract ``x`` (from -1): the bids of the contracts above ``x``.
_BIDS_ABOVE = {n: tuple(tuple(_BIDS[c] for c in bids if c > x) for x in range(-1, COLOUR_VALAT))
               for n, bids in ((3, BIDS_3), (4, BIDS_4))}
_BITS = tuple(1 << c for c in range(54))
_DECK = tuple(range(54))
#: Forehand's choice when all others passed: Klop, or any bid.
_FOREHAND_BIDS = (_BIDS[KLOP],) + tuple(_BIDS[c] for c in BIDS_4)
_RAISES = tuple(move(CONTRACT, c) for c in range(COLOUR_VALAT + 1))
#: The king calls (the four kings; with all four kings in hand, the queens too), by whether queens may be called.
_CALLS = (tuple(move(CALL, s) for s in range(4)), tuple(move(CALL, s) for s in range(8)))
#: The talon groups by how many cards a group holds (a talon of 6 cards).
_TALONS = {k: tuple(move(TALON, g) for g in range(TALON_SIZE // k)) for k in (1, 2, 3)}
FORFEIT_MOVE = move(FORFEIT)
_ANNOUNCES = tuple(move(ANNOUNCE, b) for b in range(5))
#: ``_DECLARER_EVENTS[declarer + 1][contract]`` (declarer -1: a Klop nobody bid).
_DECLARER_EVENTS = tuple(tuple({"type": "declarer", "seat": d, "contract": NAMES[c]} for c in range(len(NAMES)))
                         for d in range(-1, 4))
#: ``_KONTRAS[t][level]``: the kontra of ``level`` (1 kontra .. 4 mordkontra) on target ``t``.
_KONTRAS = tuple(tuple(move(KONTRA, t | level << 3) for level in range(5)) for t in range(6))
_MOND_PAGAT = 1 << MOND | 1 << PAGAT
#: C integers in the compiled build, for the card play's comparisons (a Python global is a look-up and an object).
_PLAYING = cython.declare(cython.int, PLAYING)
_PLAY = cython.declare(cython.int, PLAY)
_KLOP = cython.declare(cython.int, KLOP)
_MOND = cython.declare(cython.int, MOND)
_PAGAT = cython.declare(cython.int, PAGAT)
_SKIS = cython.declare(cython.int, SKIS)
_TAROKS = cython.declare(cython.ulonglong, TAROKS)
_PAGAT_B = cython.declare(cython.int, PAGAT_B)
_KING_ULTIMO_B = cython.declare(cython.int, KING_ULTIMO_B)
_VALAT_B = cython.declare(cython.int, VALAT_B)
_SAME = cython.declare(cython.int, SAME)
_OPPOSITE = cython.declare(cython.int, OPPOSITE)


def hand_size(players: int) -> int:
    return 48 // players


def packet_size(players: int) -> int:
    return 6 if players == 4 else 8


#: Every field of a state, the slots of :class:`_TarokBase` (and its C fields in the
#: compiled build: ``state.pxd`` declares them in this order).
FIELDS = (
    "players", "turn", "phase", "finished", "dealer", "deals", "last_dealer", "skis_round", "deal_start", "forehand",
    "high", "high_bidder", "passed", "contract", "declarer", "called", "partner", "revealed", "group", "king_rest",
    "discards", "shown", "passes", "leader", "led", "tmask", "regime", "_mask", "tricks_played", "klop_next",
    "emperor", "mond_lost", "talon_rest", "last_trick", "last_winner", "last_pagat", "hands", "kept", "won",
    "tricks", "trick", "talon", "events", "game", "seed", "rng", "sheet", "stacked", "mode", "wheels", "announced",
    "kontra", "_legal",
)


class _TarokBase:
    """The fields of a :class:`TarokState` and the engine that changes them: the deal, the contract, the card play.

    In the compiled engine (``parlour/native.py``) this is an extension type, declared in ``state.pxd``: the
    integer fields are C integers (card masks 64-bit) and the card play below runs on them in C. As Python it is
    an ordinary base class with slots; ``state.pxd`` is not read.
    """

    __slots__ = FIELDS

    def _new_deal(self) -> None:
        """Shuffle and deal; a hand without taroks is shown and the cards are dealt again."""
        while True:
            cards = list(_DECK)
            self.rng.shuffle(cards)  # drawn even for a stacked deal, so that stacking one leaves the next alone
            if self.stacked:
                cards = self.stacked.pop(0)
            self._deal(cards)
            for bare, hand in enumerate(self.hands):
                if not hand & TAROKS:
                    break
            else:
                return
            self.events.append({"type": "no tarok", "seat": bare, "cards": codes(hand)})
            self.mode = REDEAL

    @cython.locals(n=cython.int, k=cython.int, second=cython.int, r=cython.int, i=cython.int, j=cython.int,
                   x=cython.int, card=cython.int, s=cython.int, holder=cython.int, hand=cython.ulonglong,
                   bit=cython.ulonglong, bare=cython.bint)
    def _deal(self, cards: list[int]) -> None:
        """Deal ``cards`` (talon first, then packets in turn order from forehand) and open the auction."""
        n = self.players
        self.forehand = (self.dealer + 1) % n
        self.talon = list(cards[:TALON_SIZE])
        self.hands = hands = [0] * n
        k = packet_size(n)
        second = TALON_SIZE + k * n  # each seat has two packets: the first round's, then the second's
        for r in range(n):
            i, j = TALON_SIZE + k * r, second + k * r
            if cython.compiled:  # in C, a loop of shifts
                hand = 0
                for x in range(k):  # (the card a C integer first: a shift by an object is Python's)
                    card = cards[i + x]
                    bit = 1
                    bit <<= card
                    hand |= bit
                    card = cards[j + x]
                    bit = 1
                    bit <<= card
                    hand |= bit
                hands[(self.forehand + r) % n] = hand
            else:
                hands[(self.forehand + r) % n] = sum(map(_BITS.__getitem__, cards[i:i + k] + cards[j:j + k]))
        self.deal_start = len(self.events)
        self.events.append({"type": "deal", "deal": self.deals + 1, "dealer": self.dealer, "mode": self.mode,
                            "wheels": list(self.wheels), "rows": len(self.sheet.rows),
                            "skis_round": self.skis_round, "last_dealer": self.last_dealer})
        for s in range(n):
            self.events.append({"type": "hand", "seat": s, "cards": codes(self.hands[s]), "only": [s]})
        # a deal with a hand without taroks is thrown in (see _new_deal): its Škis holder does not deal last
        if self.skis_round and self.last_dealer < 0:
            bare = False
            holder = -1
            for s in range(n):  # (loops, not generators: they are C in the compiled build)
                hand = hands[s]
                if not hand & _TAROKS:
                    bare = True
                if hand >> _SKIS & 1:
                    holder = s
            if holder >= 0 and not bare:
                self.last_dealer = holder
                self.events.append({"type": "last dealer", "seat": holder})
        self.high = self.high_bidder = -1
        self.passed = 0
        self.contract = self.declarer = self.called = self.partner = -1
        self.revealed = False
        self.group = -1
        self.king_rest = False
        self.discards = self.shown = 0
        self.announced = [-1] * 5
        self.kontra = [0] * 6
        self.passes = 0
        self.trick = []
        self.tmask = 0
        self.regime = POSITIVE
        self.kept = [0] * n
        self._mask = -1
        self.leader = self.led = -1
        self.tricks_played = 0
        self.won = [0] * n
        self.tricks = [0] * n
        self.klop_next = 0
        self.emperor = False
        self.mond_lost = -1
        self.talon_rest = 0
        self.last_trick = 0
        self.last_winner = self.last_pagat = -1
        self._legal = None
        if self.mode == COMPULSORY:
            self._set_contract(KLOP, -1)
        else:
            self.phase = BID_PHASE
            self.turn = self.forehand if n == 3 else (self.forehand + 1) % n

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.finished else _TO_ACT[self.turn]

    @cython.locals(mask=cython.longlong)
    def legal(self, seat: int) -> Sequence[Move]:
        """A fresh list of the seat's legal moves; in the discard phase a read-only :class:`Discards`, which lists
        its (up to 220) moves lazily and compares equal to their list."""
        if seat != self.turn or self.finished:
            return []
        if self.phase == _PLAYING:
            mask = self._mask
            if mask < 0:
                mask = self._play_mask()
            plays = plays_of(mask)
            if not self.tricks_played and self._emperor_lead(seat):
                plays.append(EMPEROR_MOVE)
            return plays
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_now()
        return legal if type(legal) is Discards else list(legal)  # the discards are never changed: shared

    @cython.locals(code=cython.longlong, card=cython.longlong, mask=cython.longlong)
    def apply(self, seat: int, action: Action | str) -> Action:
        """:meth:`State.apply`, with a short way for the common case: a :class:`Move` of the seat to act.

        A card is checked on the legal mask and any other move against the legal list, exactly as :meth:`check`
        checks them; everything else (a text, another seat, an illegal move) takes the general way.
        """
        if type(action) is Move and type(seat) is int and seat == self.turn and not self.finished:
            if self.phase == _PLAYING:
                code = action
                card = code >> 4
                if code & 15 == _PLAY and 0 <= card < 54:
                    mask = self._mask
                    if mask < 0:
                        mask = self._play_mask()
                    if mask >> card & 1:
                        self._mask = -1
                        self._play(seat, card)
                        return action
            else:
                legal = self._legal
                if legal is None:
                    legal = self._legal = self._legal_now()
                if action in legal:  # a Move equal to a legal one: itself
                    self._apply(seat, action)
                    return action
        return State.apply(self, seat, action)

    @cython.locals(seat=cython.int, hand=cython.ulonglong, mask=cython.longlong)
    def _play_mask(self) -> int:
        """The cards the seat to act may play now, as a mask; kept in ``_mask`` until the next action."""
        seat = self.turn
        hand = self.hands[seat]
        if self.emperor and hand & _MOND_PAGAT:
            mask = hand & _MOND_PAGAT
        else:
            mask = legal_cards(hand, self.tmask, self.led, self.regime, self.kept[seat])
        self._mask = mask
        return mask

    @cython.locals(bit=cython.ulonglong, hand=cython.ulonglong, n=cython.int)
    def _play(self, seat: int, card: int, text: str | None = None) -> None:
        bit = 1
        bit <<= card
        hand = self.hands[seat]
        self.hands[seat] = hand ^ bit
        trick = self.trick
        if not trick:
            self.led = SUIT[card]
        trick.append(card)
        self.tmask |= bit
        self.events.append({"type": "play", "seat": seat, "action": text, "card": CODES[card]} if text else
                           PLAY_EVENTS[seat][card])
        if card == self.called:
            self.revealed = True
        n = self.players
        if len(trick) < n:
            self.turn = (seat + 1) % n
        else:
            self._end_trick()

    @cython.locals(n=cython.int, tmask=cython.ulonglong, tmask_won=cython.ulonglong, rest=cython.ulonglong,
                   bit=cython.ulonglong, leader=cython.int, c=cython.int, w=cython.int, played=cython.int,
                   extra=cython.int, owner=cython.int, size=cython.int, won=cython.ulonglong)
    def _end_trick(self) -> None:
        n = self.players
        tmask, trick, leader, c = self.tmask, self.trick, self.leader, self.contract
        w = (leader + trick.index(winner_card(tmask, self.led, self.regime))) % n
        self.tricks[w] += 1
        self.tricks_played = played = self.tricks_played + 1
        tmask_won = tmask
        if c == _KLOP and self.klop_next < len(self.talon) and not self.king_rest:  # Klop: a talon card goes with it
            extra = self.talon[self.klop_next]
            self.klop_next += 1
            bit = 1
            bit <<= extra
            tmask_won |= bit
            event = KLOP_TRICK_EVENTS[w][extra]
        elif c == _KLOP and self.klop_next < len(self.talon) or self.king_rest and tmask >> self.called & 1:
            event = {"type": "trick", "winner": w}
            if c == _KLOP and self.klop_next < len(self.talon):
                extra = self.talon[self.klop_next]
                self.klop_next += 1
                bit = 1
                bit <<= extra
                tmask_won |= bit
                event["talon"] = CODES[extra]
            if self.king_rest and tmask >> self.called & 1:
                rest = 0
                for extra in self.talon:
                    bit = 1
                    bit <<= extra
                    rest |= bit
                tmask_won |= rest
                self.talon = []
                self.king_rest = False
                event["rest of talon"] = codes(rest)
        else:
            event = TRICK_EVENTS[w]
        won = self.won[w]
        self.won[w] = won | tmask_won
        if tmask >> _MOND & 1:
            owner = (leader + trick.index(MOND)) % n
            if owner != w and c in MOND_PENALTY:
                self.mond_lost = owner
        self.events.append(event)
        size = 48 // n
        if played == size:
            self.last_trick, self.last_winner = tmask, w
            if tmask & 1:
                self.last_pagat = (leader + trick.index(PAGAT)) % n
        elif played == size - 1 and any(self.kept):
            self.kept = [0] * n  # an announced ultimo card may be played in the last trick
        self.trick = []
        self.tmask = 0
        self.emperor = False
        if played == size or (c in (BEGGAR, OPEN_BEGGAR) and w == self.declarer) or (c in VALATS and w != self.declarer):
            self._score()
            return
        self.leader = self.turn = self.declarer if c in COLOUR_VALATS else w


    # --- the contract -----------------------------------------------------------------------------------------

    def _legal_now(self) -> Sequence[Move]:
        p = self.phase
        if p == BID_PHASE:
            return self._legal_bids()
        if p == RAISE:
            return [_RAISES[c] for c in _bid_list(self.game.players) if c >= self.high]
        if p == CALLING:
            return _CALLS[self.hands[self.turn] & KINGS == KINGS]
        if p == TALON_PHASE:
            groups = _TALONS[TALON_TAKE[self.contract]]
            if self.called >= 0 and self.called in self.talon:
                return groups + (FORFEIT_MOVE,)
            return groups
        if p == DISCARDING:
            return self._discards()
        if p == COLOUR:
            return (_RAISES[self.contract], _RAISES[COLOUR_VALAT])
        return self._legal_announcements()

    @cython.locals(n=cython.int, seat=cython.int, lowest=cython.int, high=cython.int)
    def _legal_bids(self) -> Sequence[Move]:
        n, seat = self.players, self.turn
        if (n == 4 and seat == self.forehand and self.high < 0 and self.passed | 1 << seat == (1 << n) - 1
                and self.mode == NORMAL):
            return _FOREHAND_BIDS
        lowest = SOLO_WITHOUT if self.mode == REDEAL else TWO if n == 4 else THREE
        high = self.high
        moves = [PASS_MOVE]
        if high >= lowest and (seat - self.forehand) % n < (self.high_bidder - self.forehand) % n:
            moves.append(_BIDS[high])  # an equal bid: this seat has priority over the holder
        moves += _BIDS_ABOVE[n][1 + max(lowest - 1, high)]
        return moves

    def _discards(self) -> Discards:
        """The legal discards, listed lazily (see :class:`Discards`)."""
        hand = self.hands[self.turn]
        k = TALON_TAKE[self.contract]
        if self.game.options["free_tarok_discards"]:  # pagat's rule (Q5): taroks go freely, shown face up
            return Discards(0, hand & ~UNDISCARDABLE, k)
        plain = hand & COLOURS & ~UNDISCARDABLE
        if plain.bit_count() >= k:
            return Discards(0, plain, k)
        return Discards(plain, hand & TAROKS & ~UNDISCARDABLE, k - plain.bit_count())

    @cython.locals(seat=cython.int, hand=cython.ulonglong, b=cython.int, t=cython.int, announcer=cython.int,
                   level=cython.int, announced=list, kontra=list, kontras=tuple)
    def _legal_announcements(self) -> list[Move]:
        seat = self.turn
        moves = [PASS_MOVE]
        announced, kontra, kontras = self.announced, self.kontra, _KONTRAS  # (C-typed locals when compiled)
        if self.contract in POINT_GAMES and announced[_VALAT_B] < 0:
            hand = self.hands[seat]
            for b in range(5):
                if announced[b] >= 0:
                    continue
                if b == _PAGAT_B and not hand >> _PAGAT & 1:
                    continue
                if b == _KING_ULTIMO_B and (self.called < 0 or not hand >> self.called & 1):
                    continue
                moves.append(_ANNOUNCES[b])
        for t in range(6):
            announcer = self.declarer if t == 0 else announced[t - 1]
            if announcer < 0 or kontra[t] >= 4:
                continue
            level = kontra[t] + 1
            if self._relation(seat, announcer) == (_OPPOSITE if level % 2 else _SAME):
                moves.append(kontras[t][level])
        return moves

    @cython.locals(seat=cython.int)
    def _side(self, seat: int) -> int:
        return 0 if seat == self.declarer or seat == self.partner else 1

    @cython.locals(seat=cython.int, other=cython.int)
    def _relation(self, seat: int, other: int) -> int:
        """What ``seat`` knows of ``other``: same side, opposite side, or unknown (a secret partnership)."""
        if seat == other:
            return SAME
        if self.revealed or self.called < 0 or self.hands[seat] >> self.called & 1:
            return SAME if self._side(seat) == self._side(other) else OPPOSITE
        if other == self.declarer and seat != self.declarer:
            return OPPOSITE  # not holding the king, so not the partner
        return UNKNOWN

    def _emperor_lead(self, seat: int) -> bool:
        """Whether the Beggar declarer may open the first trick with ``lead emperor`` (holding the Škis)."""
        return (self.tricks_played == 0 and not self.trick and seat == self.declarer
                and self.contract in (BEGGAR, OPEN_BEGGAR) and self.hands[seat] >> SKIS & 1 == 1)

    def check(self, seat: int, action: Action) -> Move:
        """A card play is checked on the legal mask; other actions against the (cached) legal list."""
        if self.phase == PLAYING:  # (never once the match is over: the phase is then DONE)
            if seat == self.turn:
                if action & 15 == PLAY:
                    mask = self._mask
                    if mask < 0:
                        mask = self._play_mask()
                    if mask >> (action >> 4) & 1:
                        return PLAYS[action >> 4]
                elif action == EMPEROR_MOVE and self._emperor_lead(seat):
                    return EMPEROR_MOVE
        elif seat == self.turn and not self.finished:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._legal_now()
            if action in legal:
                return legal[legal.index(action)]
        raise IllegalAction(self.why_illegal(seat, action))

    def why_illegal(self, seat: int, action: Move) -> str:  # type: ignore[override]
        allowed = ", ".join(map(str, self.legal(seat)))
        if action & 15 == PLAY and action >> 4 < 54 and not self.hands[seat] >> (action >> 4) & 1:
            return Message("you do not hold {card}; you may: {allowed}", card=CODES[action >> 4], allowed=allowed)
        return Message("{action} is not legal in the {phase} phase now; you may: {allowed}", action=str(action),
                       phase=PHASE_WORDS[self.phase], allowed=allowed)

    # --- applying ---------------------------------------------------------------------------------------------

    def _apply(self, seat: int, action: Move) -> None:  # type: ignore[override]
        self._mask = -1
        kind, p = action & 15, action >> 4
        if kind == PLAY:
            self._play(seat, p)
            return
        self._legal = None
        if kind == EMPEROR:
            self.emperor = True
            self._play(seat, SKIS, "lead emperor")
        elif self.phase == BID_PHASE:
            self._bid(seat, kind, p, action)
        elif kind == CONTRACT and self.phase == RAISE:
            self.events.append(_said(_CONTRACT_EVENT, seat, action))
            self._set_contract(p, seat)
        elif kind == CALL:
            self._call(seat, p, action)
        elif kind == TALON:
            self._take_talon(seat, p, str(action))
        elif kind == FORFEIT:
            self._forfeit(seat)
        elif kind == DISCARD:
            self._discard(seat, p)
        elif kind == CONTRACT:  # the colour valat choice
            self.events.append(_said(_COLOUR_EVENT, seat, action))
            self.contract = p
            self._start_announcements()
        else:
            self._announce(seat, kind, p, action)

    @cython.locals(seat=cython.int, kind=cython.int, contract=cython.int, n=cython.int, left=cython.int,
                   t=cython.int)
    def _bid(self, seat: int, kind: int, contract: int, action: Move) -> None:
        n = self.players
        self.events.append(_said(_BID_EVENT, seat, action))
        if kind == PASS:
            self.passed |= 1 << seat
        elif contract == KLOP or (n == 4 and self.mode == NORMAL and seat == self.forehand and self.high < 0):
            self._set_contract(contract, seat)  # forehand's free choice once all others passed
            return
        else:
            self.high, self.high_bidder = contract, seat
        left = ~self.passed & ((1 << n) - 1)  # the seats still in the auction
        if not left:
            self._set_contract(KLOP, -1)
        elif self.high_bidder >= 0 and left == 1 << self.high_bidder:  # one seat left, holding the bid
            self.turn = self.high_bidder
            if self.high == _bid_list(n)[-1]:
                self._set_contract(self.high, self.high_bidder)
            else:
                self.phase = RAISE
        else:
            t = (seat + 1) % n
            while self.passed >> t & 1:
                t = (t + 1) % n
            self.turn = t

    def _set_contract(self, contract: int, declarer: int) -> None:
        self.contract, self.declarer = contract, declarer
        self.events.append(_DECLARER_EVENTS[declarer + 1][contract])
        if contract == KLOP:
            self._start_play()
        elif CALLS_KING[contract] and self.game.players == 4:
            self.phase, self.turn = CALLING, declarer
        elif TALON_TAKE[contract]:
            self._expose_talon()
        else:
            self.revealed = True
            self._start_announcements()

    @cython.locals(seat=cython.int, p=cython.int, card=cython.int, holder=cython.int, s=cython.int)
    def _call(self, seat: int, p: int, action: Move) -> None:
        card = king_of(1 + p % 4) - (1 if p >= 4 else 0)
        self.called = card
        holder = -1
        for s in range(self.players):  # (a loop, not a generator: C in the compiled build)
            if self.hands[s] >> card & 1:
                holder = s
                break
        self.partner = holder if holder != seat else -1
        self.events.append(_said(_CALL_EVENT, seat, action))
        self._expose_talon()

    def _expose_talon(self) -> None:
        self.phase, self.turn = TALON_PHASE, self.declarer
        if self.called >= 0 and self.called in self.talon:
            self.revealed = True  # the declarer plays alone, and everybody sees it
        elif self.called < 0:
            self.revealed = True
        self.events.append({"type": "talon", "cards": [CODES[c] for c in self.talon]})

    @cython.locals(seat=cython.int, g=cython.int, k=cython.int, c=cython.int, bit=cython.ulonglong,
                   got=cython.ulonglong, rest=cython.ulonglong)
    def _take_talon(self, seat: int, g: int, text: str) -> None:
        k = TALON_TAKE[self.contract]
        self.group = g
        talon = self.talon
        taken, self.talon = talon[g * k:(g + 1) * k], talon[:g * k] + talon[(g + 1) * k:]
        got = rest = 0
        for c in taken:
            bit = 1
            bit <<= c
            got |= bit
        for c in self.talon:
            bit = 1
            bit <<= c
            rest |= bit
        self.hands[seat] |= got
        self.king_rest = self.called in taken
        self.talon_rest = rest  # kept for the Mond left in the talon (Q12 option)
        self.events.append({"type": "take", "seat": seat, "action": text, "cards": [CODES[c] for c in taken]})
        self.phase = DISCARDING

    def _forfeit(self, seat: int) -> None:
        self.events.append({"type": "forfeit", "seat": seat, "action": "forfeit"})
        pts = -FORFEIT_VALUES[self.contract] << self.wheels[seat]
        row = [0] * self.game.players
        row[seat] = pts
        self._write_row(row, {"contract": self.contract, "declarer": seat, "forfeit": True}, False)

    def _discard(self, seat: int, mask: int) -> None:
        self.hands[seat] &= ~mask
        self.discards = mask
        self.shown = mask & TAROKS
        self.events.append({"type": "discard", "seat": seat, "count": mask.bit_count(), "shown": codes(self.shown)})
        self.events.append({"type": "laid away", "seat": seat, "cards": codes(mask), "only": [seat]})
        if SOLO_THREE <= self.contract <= SOLO_ONE or (self.game.players == 3 and self.contract <= ONE):
            self.phase = COLOUR
        else:
            self._start_announcements()

    def _start_announcements(self) -> None:
        self.phase, self.turn, self.passes = ANNOUNCING, self.forehand, 0

    def _announce(self, seat: int, kind: int, p: int, action: Move) -> None:
        n = self.players
        self.events.append(_said(_ANNOUNCE_EVENT, seat, action))
        if kind == PASS:
            self.passes += 1
            if self.passes == n:
                self._start_play()
                return
        else:
            self.passes = 0
            if kind == ANNOUNCE:
                self.announced[p] = seat
                if p == KING_ULTIMO_B:
                    self.revealed = True  # only the king's holder may announce it
            else:
                self.kontra[p & 7] = p >> 3
        self.turn = (seat + 1) % n

    def _start_play(self) -> None:
        self.phase = PLAYING
        c = self.contract
        self.regime = NEGATIVE_REGIME if c in NEGATIVE else COLOUR_REGIME if c in COLOUR_VALATS else POSITIVE
        if self.announced[PAGAT_B] < 0 and self.announced[KING_ULTIMO_B] < 0:  # no ultimo: nothing kept back
            self.kept = [0] * self.players
        else:
            self.kept = [(1 << PAGAT if self.announced[PAGAT_B] == s else 0)
                         | (_BITS[self.called] if self.announced[KING_ULTIMO_B] == s else 0)
                         for s in range(self.game.players)]
        if self.contract in DECLARER_LEADS:
            self.leader = self.declarer
        else:
            self.leader = self.forehand
        self.turn = self.leader
        self.events.append({"type": "play starts", "leader": self.leader})
        if self.contract == OPEN_BEGGAR:
            self.events.append({"type": "open hand", "seat": self.declarer, "cards": codes(self.hands[self.declarer])})

    # --- the end of a deal and of the match -------------------------------------------------------------------

    @cython.locals(n=cython.int, s=cython.int, c=cython.int, bit=cython.ulonglong, rest=cython.ulonglong)
    def _score(self) -> None:
        n = self.players
        won = list(self.won)
        rest = 0  # the talon's cards left
        for c in self.talon:
            bit = 1
            bit <<= c
            rest |= bit
        if self.contract != KLOP:
            if self.declarer >= 0:
                won[self.declarer] |= self.discards
            for s in range(n):
                if self._side(s) == 1:  # the first opponent
                    won[s] |= rest
                    break
        if self.contract == KLOP:  # (a Klop needs only the piles and the tricks: no Deal to build)
            row, detail, won_game = klop_score(n, won, self.tricks)
        else:
            options = self.game.options
            deal = Deal(players=n, contract=self.contract, declarer=self.declarer, partner=self.partner, won=won,
                        tricks=list(self.tricks), called=self.called, announced=list(self.announced),
                        kontra=list(self.kontra), last_trick=self.last_trick, last_winner=self.last_winner,
                        last_pagat=self.last_pagat, mond_lost=self.mond_lost, talon_rest=self.talon_rest,
                        round_difference=options["round_difference"], mond_in_talon=options["mond_in_talon"])
            row, detail, won_game = score(deal)
        self.events.append({"type": "reveal", "laid away": codes(self.discards), "talon": codes(rest)})
        if self.contract != KLOP:
            # What the sheet shows besides the points: who played together, the kontras, the wheel's doubling.
            detail["partner"] = self.partner if self.partner >= 0 else None
            kontras = {TARGET_NAMES[t]: KONTRA_NAMES[lv] for t, lv in enumerate(self.kontra) if lv}
            if kontras:
                detail["kontra"] = kontras
            factor = 1 << self.wheels[self.declarer]
            if factor > 1:
                detail["wheel_factor"] = factor
            personal = [0] * n  # the Mond penalties are not doubled by the wheels
            for key in ("mond_lost", "mond_left"):
                if key in detail:
                    personal[detail[key]] -= 21
            for s in range(n):
                row[s] = (row[s] - personal[s]) * factor + personal[s]
        valat = self.announced[VALAT_B] >= 0 or "valat" in detail.get("bonuses", {})
        self._write_row(row, detail, won_game, self.contract == KLOP or self.contract >= BEGGAR or valat)

    @cython.locals(n=cython.int, s=cython.int)
    def _write_row(self, row: list[int], detail: dict[str, Any], won_game: bool, wheel: bool = False) -> None:
        n = self.players
        before = self.sheet.totals
        if "contract" in detail:  # (a fresh dict: the contract's name in place of its number)
            detail["contract"] = NAMES[detail["contract"]]
        self.sheet.add(f"deal {self.deals + 1}", row, detail)
        self.events.append({"type": "score", "deal": self.deals + 1, "points": list(row), **detail})
        if won_game:
            for s in {self.declarer, self.partner} - {-1}:
                if self.wheels[s]:
                    self.wheels[s] -= 1
        if wheel:
            self.wheels = [w + 1 for w in self.wheels]
        self.deals += 1
        zero = False  # a total came back to 0: the next deal is a compulsory Klop
        for s in range(n):
            if before[s] != 0 and before[s] + row[s] == 0:
                zero = True
        if self._match_over():
            self.finished = True
            self.phase = DONE
            self.turn = -1
            if any(self.wheels):
                self.sheet.add("wheels", [-100 * w for w in self.wheels], {"wheels": list(self.wheels)})
            self.events.append({"type": "end", "winners": list(self.winners), "scores": list(self.scores)})
            return
        if not self.skis_round and self.game.options["rounds"] == 0 and self.deals >= self.game.options["skis_after"]:
            self.skis_round = True
            self.events.append({"type": "skis round"})
        self.dealer = (self.dealer + 1) % n
        self.mode = COMPULSORY if zero else NORMAL
        self._new_deal()

    def _match_over(self) -> bool:
        rounds = self.game.options["rounds"]
        if rounds:
            return self.deals >= rounds * self.game.players
        return self.last_dealer >= 0 and self.dealer == self.last_dealer

class TarokState(_TarokBase, State):
    __slots__ = ()

    # --- setting up -------------------------------------------------------------------------------------------

    @classmethod
    def start(cls, game: Game, seed: int, deck: Sequence[Any] | None) -> "TarokState":
        self = cls.__new__(cls)
        self.game, self.seed = game, seed
        self.players = n = game.players
        self.rng = Rng(seed)
        self.events = []
        self.sheet = ScoreSheet([f"seat {s}" for s in range(n)])
        self.stacked = stacked(deck, parse_card, range(54), "deal", "each of the 54 tarok cards once")
        self.finished = False
        self.wheels = [0] * n
        self.dealer = self.rng.below(n)
        self.deals = 0
        self.mode = NORMAL
        self.skis_round = False
        self.last_dealer = -1
        self._new_deal()
        return self

    # --- the end of the match ---------------------------------------------------------------------------------

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
        from .views import view

        return view(self, seat)

    def zones(self) -> dict[str, list[Card]]:
        """Where every card is. The declarer's face-down discards count with its hand: the other seats saw
        the talon cards go into that hand and cannot tell which of them were laid away."""
        hidden = self.discards & ~self.shown
        z = {f"hand {s}": _cards(h | (hidden if s == self.declarer else 0)) for s, h in enumerate(self.hands)}
        z.update({f"won {s}": _cards(w) for s, w in enumerate(self.won)})
        z["laid away"] = _cards(self.shown)
        z["talon"] = [CARDS[c] for c in self.talon[self.klop_next:]]
        z["trick"] = [CARDS[c] for c in self.trick]
        return z

    def audit(self) -> None:
        from .audit import recount

        recount(self)

    def clone(self) -> "TarokState":
        c = TarokState.__new__(TarokState)
        for name in FIELDS:
            setattr(c, name, getattr(self, name))
        c.rng = self.rng.clone()
        c.events = list(self.events)
        c.sheet = self.sheet.copy()
        c.stacked = [list(d) for d in self.stacked]
        for name in ("wheels", "hands", "talon", "announced", "kontra", "trick", "won", "tricks", "kept"):
            setattr(c, name, list(getattr(self, name)))
        return c

    def __reduce__(self) -> tuple[Any, ...]:
        # the compiled build's fields are C fields, which pickle's default way does not see
        return _restore, (tuple(getattr(self, name) for name in FIELDS),)


def _restore(values: tuple[Any, ...]) -> TarokState:
    """A pickled state back (see ``TarokState.__reduce__``)."""
    s = TarokState.__new__(TarokState)
    for name, value in zip(FIELDS, values):
        setattr(s, name, value)
    return s


_BID_EVENT, _CONTRACT_EVENT, _CALL_EVENT, _COLOUR_EVENT, _ANNOUNCE_EVENT = range(5)
_SAID_TYPES = ("bid", "contract", "call", "colour", "announce")
_SAID: dict[int, dict[str, Any]] = {}


@cython.locals(kind=cython.int, seat=cython.int, code=cython.longlong, key=cython.longlong, said=dict)
def _said(kind: int, seat: int, action: int) -> dict[str, Any]:
    """The event of ``seat`` saying ``action`` (a bid, a contract, a call, the colour choice, an announcement):
    built once for each and shared, like the card plays' events (an event is never changed once written)."""
    code = action  # (a C integer in the compiled build: the key is computed in C)
    key = (code << 2 | seat) << 3 | kind
    said = _SAID  # (typed a dict in the compiled build: its get is then C's, not a method looked up)
    event = said.get(key)
    if event is None:
        event = said[key] = {"type": _SAID_TYPES[kind], "seat": seat, "action": str(Move(action))}
    return event


def _bid_list(players: int) -> tuple[int, ...]:
    return BIDS_3 if players == 3 else BIDS_4


def _cards(mask: int) -> list[Card]:
    return [CARDS[c] for c in cards_in(mask)]

