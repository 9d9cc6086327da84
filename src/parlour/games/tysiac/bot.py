"""Tysiąc bots: ``expert`` (the default: simulation for every choice), ``heuristic`` (rules) and ``greedy``.

Both read only their view and their legal actions.

* **heuristic** bids by playing its hand out many times against random deals of the unseen cards (with the
  prikup and the exchange, :mod:`.sim`): it bids while it makes the next bid in enough of them, and after the
  exchange raises to the contract worth most on average. It gives away the cards it least needs, throws in a
  hand of four nines it cannot win, and in play declares its marriages at once, cashes the cards nobody can beat
  (it counts every card played and knows who showed a void), wins tricks cheaply, smears points on a trick its
  partner holds, and otherwise throws its least useful card.
* **expert** bids and raises as the heuristic bot does, and chooses each card by playing the hand out on the same
  random deals after each legal card (the quick rules of :mod:`.sim` finish every hand), taking the best mean
  result for itself against the other two.
* **greedy** plays the highest legal card (a marriage when it can declare one), never bids past the compulsory
  100, gives away its lowest cards and keeps its bid.

>>> import parlour
>>> from parlour.bots import make
>>> game = parlour.load("tysiac")
>>> list(game.bots)
['expert', 'heuristic', 'greedy']
>>> state = game.new(seed=4)
>>> seat = state.to_act[0]
>>> make("expert", game, seat, seed=1).choose(state.view(seat), state.legal(seat)) in state.legal(seat)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from parlour.core.bot import Bot
from parlour.core.game import Action
from parlour.core.tricks import shown_void

from .actions import BID, CONTRACT, GIVE, MARRY, NINES, PASS, PLAY, PLAY_ON, ROSPISAT, Move, give
from .cards import (ABOVE, BY_CODE, FULL, KING, MARRIAGE, POINTS, QUEEN, RANK, SUIT, SUIT_MASKS, card_points,
                    cards_in, king, marriages, queen)
from .play import winner_card
from .scoring import round_to
from .sim import beats, declarer_points, finish, gifts, hand_points, keep_value

#: The share of simulated hands in which the expert must make a bid to say it.
BID_CONFIDENCE = 0.6
#: Simulations behind a bid, and behind the raise after the exchange.
BID_SAMPLES, RAISE_SAMPLES = 60, 40


def _mask(codes: list[str]) -> int:
    m = 0
    for c in codes:
        m |= 1 << BY_CODE[c]
    return m


class GreedyBot(Bot):
    """Plays its highest legal card (a marriage when it can), bids only the compulsory 100, keeps its bid."""

    name = "greedy"
    description = "plays its highest legal card, declares any marriage it can, never bids past the compulsory 100"

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        moves = [Move(a) for a in legal]

        def worth(m: Move) -> tuple[int, int]:
            kind, p = m.kind, m.payload
            if kind == PLAY:
                return (POINTS[p], RANK[p])
            if kind == MARRY:
                return (POINTS[p] + MARRIAGE[SUIT[p]], RANK[p])
            if kind == GIVE:  # give away the lowest card
                card = p & 31
                return (-POINTS[card], -RANK[card])
            if kind in (PASS, PLAY_ON):
                return (1000, 0)
            return (-int(m), 0)  # the lowest bid or contract: the compulsory opening, or keeping the bid

        return legal[moves.index(max(moves, key=worth))]


@dataclass
class Table:
    """What the bot knows of the hand now, read from its view."""

    me: int
    hand: int
    declarer: int
    trump: int
    trick: list[tuple[int, int]]
    played: int = 0
    voids: list[int] = field(default_factory=lambda: [0, 0, 0])  # cards each seat showed it lacks
    held: list[int] = field(default_factory=lambda: [0, 0, 0])   # cards known to be in each seat's hand

    @classmethod
    def read(cls, view: dict[str, Any]) -> "Table":
        me = view["seat"]
        t = cls(me, _mask(view["hand"]), view["declarer"] if view["declarer"] is not None else -1, -1, [])
        trump = -1
        trick: list[tuple[int, int]] = []
        for e in view["log"]:
            kind = e["type"]
            if kind == "prikup":
                t.held[e["seat"]] |= _mask(e["cards"])
            elif kind == "given":
                card = BY_CODE[e["card"]]
                t.held[e["seat"]] &= ~(1 << card)
                t.held[e["to"]] |= 1 << card
            elif kind == "play":
                card = BY_CODE[e["card"]]
                seat = e["seat"]
                t.played |= 1 << card
                if "marriage" in e:
                    trump = SUIT[card]
                    other = card + 1 if RANK[card] == QUEEN else card - 1
                    t.held[seat] |= (1 << other) & ~t.played
                if trick:
                    t.voids[seat] |= shown_void(card, SUIT_MASKS[SUIT[trick[0][1]]],
                                                SUIT_MASKS[trump] if trump >= 0 else 0)
                trick.append((seat, card))
                if len(trick) == 3:
                    trick = []
        for s in range(3):
            t.held[s] &= ~t.played
        t.trump, t.trick = trump, trick
        return t

    def possible(self, seat: int) -> int:
        """The cards ``seat`` may hold, as far as the bot can tell."""
        if seat == self.me:
            return self.hand
        unseen = FULL & ~self.hand & ~self.played
        others = 0
        for s in range(3):
            if s != seat:
                others |= self.held[s]
        return (unseen & ~self.voids[seat] & ~others) | self.held[seat]

    def can_beat(self, seat: int, best: int) -> bool:
        """Whether ``seat`` may hold a card that takes the trick from ``best`` (led in the suit of the trick)."""
        cards = self.possible(seat)
        led = SUIT[self.trick[0][1]] if self.trick else SUIT[best]
        if cards & SUIT_MASKS[led]:
            return SUIT[best] == led and bool(cards & ABOVE[best])
        if self.trump >= 0 and cards & SUIT_MASKS[self.trump]:
            return SUIT[best] != self.trump or bool(cards & ABOVE[best])
        return False

    def teammates(self, a: int, b: int) -> bool:
        return a == b or (a != self.declarer and b != self.declarer)


class HeuristicBot(Bot):
    """Bids by simulating its hand, counts cards and reads voids, cashes winners, smears points to its partner."""

    name = "heuristic"
    description = ("bids by playing its hand out against random deals; plays by rules: counts cards, reads voids, "
                   "cashes sure winners, feeds its partner")

    def __init__(self, game: Any, seat: int, seed: int = 0) -> None:
        super().__init__(game, seat, seed)
        self._estimate: tuple[tuple[int, int], list[int]] | None = None  # (deal, hand) -> simulated points

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        moves = [Move(a) for a in legal]
        phase = view["phase"]
        if phase == "bid":
            choice = self._bid(view, moves)
        elif phase == "give":
            choice = self._give(view, moves)
        elif phase == "contract":
            choice = self._raise(view, moves)
        elif phase == "nines":
            choice = self._nines(view, moves)
        else:
            choice = self._play(view, moves)
        return legal[moves.index(choice)]

    # --- the auction and the exchange ----------------------------------------------------------------------

    def _points_as_declarer(self, view: dict[str, Any]) -> list[int]:
        key = (view["deal"], _mask(view["hand"]))
        if self._estimate is None or self._estimate[0] != key:
            self._estimate = (key, sorted(declarer_points(self.game, view, self.seat, BID_SAMPLES, self.rng)))
        return self._estimate[1]

    def _bid(self, view: dict[str, Any], moves: list[Move]) -> Move:
        bids = [m for m in moves if m.kind == BID]
        passing = next((m for m in moves if m.kind == PASS), None)
        if passing is None and len(bids) <= 1:
            return bids[0]
        points = self._points_as_declarer(view)
        lowest = bids[0] if bids else None
        if lowest is not None and _share(points, 5 * lowest.payload) >= BID_CONFIDENCE:
            return lowest
        return passing if passing is not None else lowest

    def _give(self, view: dict[str, Any], moves: list[Move]) -> Move:
        rospisat = next((m for m in moves if m.kind == ROSPISAT), None)
        hand = _mask(view["hand"])
        if rospisat is not None:
            points = sorted(hand_points(self.game, view, self.seat, RAISE_SAMPLES, self.rng))
            contract = view["contract"]
            p = _share(points, contract)
            if (2 * p - 1) * contract < -65:  # worse than the P and 60 to each opponent
                return rospisat
        away = list(cards_in(gifts(hand)))
        gives = [m for m in moves if m.kind == GIVE]
        for card in away:
            for m in gives:
                if m.payload & 31 == card:
                    return m
        return gives[0]

    def _raise(self, view: dict[str, Any], moves: list[Move]) -> Move:
        contracts = [m for m in moves if m.kind == CONTRACT]
        points = sorted(hand_points(self.game, view, self.seat, RAISE_SAMPLES, self.rng))

        def worth(m: Move) -> float:
            value = 5 * m.payload
            return (2 * _share(points, value) - 1) * value

        keep = contracts[0]
        best = max(contracts, key=worth)
        return best if worth(best) > worth(keep) + 5 else keep

    def _nines(self, view: dict[str, Any], moves: list[Move]) -> Move:
        show = next(m for m in moves if m.kind == NINES)
        if view["declarer"] != self.seat:
            return show  # four nines are a poor hand to defend with
        points = hand_points(self.game, view, self.seat, RAISE_SAMPLES, self.rng)
        return show if _share(sorted(points), view["contract"]) < 0.5 else next(m for m in moves if m.kind == PLAY_ON)

    # --- card play ----------------------------------------------------------------------------------------

    def _play(self, view: dict[str, Any], moves: list[Move]) -> Move:
        t = Table.read(view)
        marry = [m for m in moves if m.kind == MARRY]
        if marry:
            suit = max(SUIT[m.payload] for m in marry)
            return next(m for m in marry if m.payload == queen(suit))
        plays = {m.payload: m for m in moves if m.kind == PLAY}
        cards = list(plays)
        card = self._lead(t, cards) if not t.trick else self._follow(t, cards)
        return plays[card]

    def _lead(self, t: Table, cards: list[int]) -> int:
        others = [s for s in range(3) if s != t.me]
        # a king or queen whose partner is still in hand waits to be declared
        waiting = marriages(t.hand)
        waiting |= waiting >> 1
        sure = [c for c in cards if self._sure(t, c, others)]
        if sure:
            return max(sure, key=lambda c: (SUIT[c] != t.trump, POINTS[c], c))
        if t.trump >= 0 and t.me == t.declarer:
            trumps = [c for c in cards if SUIT[c] == t.trump]
            opp_trumps = any(t.possible(s) & SUIT_MASKS[t.trump] for s in others)
            if trumps and opp_trumps and not any(t.possible(s) & ABOVE[max(trumps)] for s in others):
                return max(trumps)  # draw trumps with the master trump
        return min(cards, key=lambda c: (bool(waiting >> c & 1), SUIT[c] == t.trump, keep_value(c, t.hand), c))

    def _sure(self, t: Table, card: int, others: list[int]) -> bool:
        """Whether leading ``card`` wins the trick: nobody may hold a higher one, and nobody who might be out of its
        suit might trump it (or, short of certainty, the suit still has cards enough for both to follow)."""
        suit = SUIT[card]
        if any(t.possible(s) & ABOVE[card] for s in others):
            return False
        if t.trump < 0 or suit == t.trump:
            return True
        out = FULL & ~t.hand & ~t.played & SUIT_MASKS[suit]
        for s in others:
            may_trump = t.possible(s) & SUIT_MASKS[t.trump]
            if may_trump and (not t.possible(s) & SUIT_MASKS[suit] or out.bit_count() < 3):
                return False
        return True

    def _follow(self, t: Table, cards: list[int]) -> int:
        played = 0
        for _, c in t.trick:
            played |= 1 << c
        led = SUIT[t.trick[0][1]]
        trump = t.trump
        best = winner_card(played, led, trump)
        holder = next(s for s, c in t.trick if c == best)
        last = len(t.trick) == 2
        nxt = (t.me + 1) % 3
        if t.teammates(t.me, holder) and (last or not t.can_beat(nxt, best)):
            return max(cards, key=lambda c: (POINTS[c] - self._keep_bonus(t, c), -c))  # smear
        winners = [c for c in cards if beats(c, best, trump)]
        if winners and not last:
            if t.teammates(t.me, nxt):
                safe = winners
            else:
                safe = [c for c in winners if not t.can_beat(nxt, c)]
            if not safe and card_points(played) >= 10 and not t.teammates(t.me, nxt):
                safe = [max(winners, key=lambda c: (SUIT[c] == trump, c))]  # try the highest
            winners = safe
        if winners:
            return min(winners, key=lambda c: (SUIT[c] == trump and led != trump, POINTS[c], c))
        return min(cards, key=lambda c: (POINTS[c] + self._keep_bonus(t, c), c))

    @staticmethod
    def _keep_bonus(t: Table, card: int) -> int:
        """How much a card is worth keeping beyond its points: a trump, a master, half of a marriage."""
        bonus = 0
        if SUIT[card] == t.trump:
            bonus += 8
        if not (FULL & ~t.hand & ~t.played) & ABOVE[card]:
            bonus += 6
        if RANK[card] in (KING, QUEEN) and marriages(t.hand) >> king(SUIT[card]) & 1:
            bonus += 30
        return bonus


def _share(sorted_points: list[int], value: int) -> float:
    """The share of the simulated results that reach ``value``."""
    if not sorted_points:
        return 0.0
    below = 0
    for p in sorted_points:
        if p >= value:
            break
        below += 1
    return 1 - below / len(sorted_points)


class ExpertBot(HeuristicBot):
    """The heuristic bot's auction, and every card and gift chosen by playing the hand out on random deals."""

    name = "expert"
    description = ("bids and raises by playing its hand out on random deals of the unseen cards, and chooses each "
                   "gift and each card the same way (counting cards, reading voids)")
    #: Deals of the unseen cards each choice is tried on.
    samples = 24
    #: Gifts tried after the exchange: the most likely pairs of cards to give away.
    gift_pairs = 4

    def __init__(self, game: Any, seat: int, seed: int = 0) -> None:
        super().__init__(game, seat, seed)
        self._pending: Move | None = None  # the second gift, chosen with the first

    def _play(self, view: dict[str, Any], moves: list[Move]) -> Move:
        return self._best(view, moves)

    def _give(self, view: dict[str, Any], moves: list[Move]) -> Move:
        """Both gifts are chosen at the first: the likeliest cards to give away, tried in pairs both ways round."""
        pending, self._pending = self._pending, None
        if pending is not None and pending in moves:
            return pending
        choice = super()._give(view, moves)
        if choice.kind != GIVE or view["given"]:
            return choice
        hand = _mask(view["hand"])
        ranked = sorted(cards_in(hand), key=lambda c: (keep_value(c, hand), c))[:self.gift_pairs]
        d = self.seat
        left, right = (d + 1) % 3, (d + 2) % 3
        pairs = [(a, b) for a in ranked for b in ranked if a != b]
        states = [self.game.determinize(view, self.rng) for _ in range(self.samples)]
        totals = [0.0] * len(pairs)
        for st in states:
            for i, (a, b) in enumerate(pairs):
                c = st.clone()
                c._apply(d, give(a, left))
                c._apply(d, give(b, right))
                totals[i] += _utility(finish(c), d, view["contract"], d)
        a, b = pairs[max(range(len(pairs)), key=lambda i: totals[i])]
        self._pending = give(b, right)
        return give(a, left)

    def _best(self, view: dict[str, Any], moves: list[Move]) -> Move:
        """The move with the best mean result over the same random deals, each hand finished by the quick rules."""
        states = [self.game.determinize(view, self.rng) for _ in range(self.samples)]
        d, contract = view["declarer"], view["contract"]
        totals = [0.0] * len(moves)
        for st in states:
            for i, m in enumerate(moves):
                c = st.clone()
                c._apply(self.seat, m)
                totals[i] += _utility(finish(c), d, contract, self.seat)
        return moves[max(range(len(moves)), key=lambda i: totals[i])]


def _utility(points: list[int], declarer: int, contract: int, me: int) -> float:
    """A hand's result for ``me``: its score less the mean of the others' (the declarer's bid won or lost, the
    opponents' points rounded to 5)."""
    row = [round_to(p, 5) for p in points]
    row[declarer] = contract if points[declarer] >= contract else -contract
    return row[me] - (sum(row) - row[me]) / 2
