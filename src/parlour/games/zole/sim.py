"""A lean Zole hand for the bots to play out: bit masks only, no events, no views, no checks.

A :class:`Hand` holds every seat's cards (a *determinized* deal: the bots sample the cards they cannot see,
see :mod:`.determinize`) and the trick in progress. :func:`policy` picks a card as a sound player who could
see every hand would by simple rules, and :meth:`Hand.play_out` plays the hand to its end with it.
:meth:`Hand.chips` reads the result as the chips a seat wins, by the game's own tables.

>>> h = Hand.start({0: mask_of_codes("QC QS QH QD JC JS JH JD"), 1: mask_of_codes("AD 10D KD AC 10C KC 9C AS"),
...                 2: mask_of_codes("9D 8D 7D 10S KS 9S AH 10H")}, active=(0, 1, 2), mode="zole", declarer=0)
>>> h.play_out()
>>> h.tricks[0], h.points[0]                # every trick; the talon's K♥ 9♥ count for the small ones
(8, 116)
>>> h.chips(0, table="standard")               # 116 points: 2 chips, and the Zole's 4, from each
12
"""

from __future__ import annotations

from typing import Callable, Sequence

from parlour.core.tricks import LEAD, follow, winner

from .cards import LED, POINTS, TRUMPS, mask_of_codes, points
from .scoring import big_hand, settle, small_zole, table_losers, table_row

__all__ = ["Hand", "policy", "mask_of_codes"]

#: Per card, the cards of its suit that beat it (trumps: the higher trumps).
_HIGHER = tuple((TRUMPS if c < 14 else LED[c]) & ~((2 << c) - 1) for c in range(26))


def beaters(best: int, led: int) -> int:
    """Every card that would beat ``best``, the winning card of a trick led in suit ``led``."""
    if best < 14:
        return _HIGHER[best]
    return TRUMPS | _HIGHER[best]


def _low(cards: int) -> int:
    """The card of ``cards`` worth fewest points, the weakest of those (trumps count as strong)."""
    best, key = -1, 1 << 30
    m = cards
    while m:
        low = m & -m
        c = low.bit_length() - 1
        k = POINTS[c] * 64 + (c + 32 if c < 14 else c)
        if k < key:
            best, key = c, k
        m ^= low
    return best


def _smear(cards: int) -> int:
    """The card of ``cards`` worth most points, the weakest of those: what to give a partner's trick."""
    best, key = -1, -(1 << 30)
    m = cards
    while m:
        low = m & -m
        c = low.bit_length() - 1
        k = POINTS[c] * 64 - (c + 32 if c < 14 else c)
        if k > key:
            best, key = c, k
        m ^= low
    return best


class Hand:
    """A hand in play with every card known. ``side[s]`` is 0 for the declarer, 1 for the others (everyone
    their own side in the table game)."""

    __slots__ = ("hands", "active", "nxt", "mode", "declarer", "side", "trick", "trick_by", "tmask", "led", "turn",
                 "tricks", "points", "played")

    @classmethod
    def start(cls, hands: dict[int, int], active: Sequence[int], mode: str, declarer: int, players: int = 3) -> "Hand":
        h = cls.__new__(cls)
        size = players
        h.hands = [hands.get(s, 0) for s in range(size)]
        h.active = tuple(active)
        h.nxt = [-1] * size
        for i, s in enumerate(active):
            h.nxt[s] = active[(i + 1) % 3]
        h.mode, h.declarer = mode, declarer
        h.side = [0 if s == declarer else 1 if mode != "table" else 2 + s for s in range(size)]
        h.trick, h.trick_by, h.tmask, h.led = [], [], 0, LEAD
        h.turn = active[0]
        h.tricks = [0] * size
        h.points = [0] * size
        h.played = 0
        return h

    def copy(self) -> "Hand":
        h = Hand.__new__(Hand)
        h.hands, h.active, h.nxt, h.mode, h.declarer, h.side = (list(self.hands), self.active, self.nxt, self.mode,
                                                               self.declarer, self.side)
        h.trick, h.trick_by, h.tmask, h.led, h.turn = list(self.trick), list(self.trick_by), self.tmask, self.led, \
            self.turn
        h.tricks, h.points, h.played = list(self.tricks), list(self.points), self.played
        return h

    @property
    def done(self) -> bool:
        return self.played == 8 or (self.mode == "small zole" and self.tricks[self.declarer] > 0)

    def legal(self) -> int:
        return follow(self.hands[self.turn], self.led)

    def play(self, card: int) -> None:
        seat = self.turn
        bit = 1 << card
        self.hands[seat] ^= bit
        if not self.trick:
            self.led = LED[card]
        self.trick.append(card)
        self.trick_by.append(seat)
        self.tmask |= bit
        if len(self.trick) < 3:
            self.turn = self.nxt[seat]
            return
        w = self.trick_by[self.trick.index(winner(self.tmask, self.led, TRUMPS))]
        self.tricks[w] += 1
        self.points[w] += points(self.tmask)
        self.played += 1
        self.trick, self.trick_by, self.tmask, self.led = [], [], 0, LEAD
        self.turn = w

    def play_out(self, choose: Callable[["Hand"], int] | None = None) -> None:
        """Play the hand to its end, every seat choosing with ``choose`` (:func:`policy` by default)."""
        choose = choose or policy
        while not self.done:
            self.play(choose(self))

    def chips(self, seat: int, laid: int = 0, table: str = "standard", players: int = 3, pool: int = 0) -> int:
        """The chips ``seat`` wins with the hand played out (``laid``: the Big one's cards laid away), with its
        share of the pool."""
        mode, decl = self.mode, self.declarer
        if mode == "table":
            losers = table_losers([self.tricks[s] if s in self.active else -1 for s in range(players)], self.points)
            return table_row(losers, players)[seat]
        if mode == "small zole":
            per = small_zole(self.tricks[decl])
        else:
            per = big_hand(self.big_points(laid), self.tricks[decl], mode == "zole", table)
        row = settle(decl, per, players)
        if pool and (per > 0) == (seat == decl):
            row[seat] += pool if seat == decl else pool // (players - 1)
        return row[seat]

    def big_points(self, laid: int = 0) -> int:
        """The declarer's card points: his tricks, and the cards he laid away."""
        return self.points[self.declarer] + (points(laid) if self.mode == "big" else 0)


def policy(h: Hand) -> int:
    """The card a sound player who sees every hand plays by simple rules.

    Leading: the declarer draws trumps while he holds the best one, else cashes a plain ace, else leads low;
    a small one cashes an ace, else leads a plain suit, else a low trump. Following: when the side's trick is
    safe from the players still to play, give it points; when it can be won and kept, win it as cheaply as
    possible; otherwise throw the card worth least. In the table game and small zole the aim is reversed:
    stay under the trick.
    """
    seat = h.turn
    legal = follow(h.hands[seat], h.led)
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    mode = h.mode
    if mode == "table" or (mode == "small zole" and seat == h.declarer):
        return _duck(h, legal)
    if mode == "small zole":
        return _make_him_win(h, legal)
    if not h.trick:
        return _lead(h, seat, legal)
    best = winner(h.tmask, h.led, TRUMPS)
    best_seat = h.trick_by[h.trick.index(best)]
    mine = h.side[best_seat] == h.side[seat]
    last = len(h.trick) == 2
    after = h.nxt[seat]  # the one still to play (if not last)
    if mine:
        if last or not follow(h.hands[after], h.led) & beaters(best, h.led) or h.side[after] == h.side[seat]:
            return _smear(legal)
        return _low(legal)
    wins = legal & beaters(best, h.led)
    if wins:
        if not last and h.side[after] != h.side[seat]:
            their = follow(h.hands[after], h.led)
            safe = 0
            m = wins
            while m:
                low = m & -m
                c = low.bit_length() - 1
                if not their & beaters(c, h.led):
                    safe |= low
                m ^= low
            if safe:
                return _cheapest_win(safe)
            return _low(legal)
        return _cheapest_win(wins)
    return _low(legal)


def _cheapest_win(wins: int) -> int:
    """The weakest winning card, a plain one before a trump: winning cheaply keeps the trumps for later."""
    plain = wins & ~TRUMPS
    if plain:
        return (plain & -plain).bit_length() - 1
    return (wins & -wins).bit_length() - 1


def _lead(h: Hand, seat: int, legal: int) -> int:
    opponents = [s for s in h.active if h.side[s] != h.side[seat]]
    others = 0
    for s in h.active:
        if s != seat:
            others |= h.hands[s]
    my_trumps = legal & TRUMPS
    if seat == h.declarer and my_trumps and others & TRUMPS and my_trumps.bit_length() > (others & TRUMPS).bit_length():
        return my_trumps.bit_length() - 1  # the best trump: draw theirs
    for suit in (0xF << 14, 0xF << 18, 0xF << 22):
        top = legal & suit
        if top and top.bit_length() > (others & suit).bit_length() and others & suit and not any(
                h.hands[s] & TRUMPS and not h.hands[s] & suit for s in opponents):
            return top.bit_length() - 1  # a plain card nobody can beat: no opponent can trump it either
    plain = legal & ~TRUMPS
    if seat != h.declarer:
        # a plain suit the Big one has none of makes him trump (or throw points to the partner's trick)
        big = h.hands[h.declarer]
        for suit in (0xF << 14, 0xF << 18, 0xF << 22):
            if plain & suit and not big & suit:
                return _low(plain & suit)
    return _low(plain) if plain else _low(legal)


def _duck(h: Hand, legal: int) -> int:
    """The highest card that stays under the trick; when every card wins it, the one worth least."""
    if not h.trick:
        return _low(legal)
    best = winner(h.tmask, h.led, TRUMPS)
    under = legal & ~beaters(best, h.led)
    if under:
        return under.bit_length() - 1 if under & TRUMPS == under or not under & ~TRUMPS else \
            (under & ~TRUMPS).bit_length() - 1
    return _low(legal)


def _make_him_win(h: Hand, legal: int) -> int:
    """Against a small zole: stay under the declarer's card so that his takes the trick."""
    if not h.trick:
        return _low(legal)
    best = winner(h.tmask, h.led, TRUMPS)
    if h.trick_by[h.trick.index(best)] == h.declarer:
        under = legal & ~beaters(best, h.led)
        if under:
            return _smear(under)
    return _low(legal)
