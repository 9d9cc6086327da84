"""A heuristic tarok bot: bids what its hand can carry, keeps the Pagat safe, feeds its partner, ducks in Klop.

It reads only its view (``hand``, ``trick``, ``contract``, ``declarer``, ``partner``, ``talon``, this deal's
``log``) and its legal actions, and decides by simple rules, deterministically:

* **Bidding**: a strength from tarok count, high taroks, trula cards, kings and voids; a strong hand bids the
  lowest contract it may (a solo when very strong), a hand without taroks of note and kings bids Beggar,
  otherwise pass (forehand's forced choice: Three with a fair hand, else Klop).
* **King, talon, discard**: call a king it lacks in a suit it holds; take the talon group worth most to it
  (taroks, kings, points; never the called king alone); lay away to void a suit, points first (they count
  for the declarer).
* **Play**: in Klop and Beggar duck with the highest card that does not take the trick; in the point games win
  a trick from the other side as cheaply as it can, give points to a partner who is winning, lead into the
  called suit as declarer, and keep the Pagat (and an exposed Mond) back.

>>> import parlour
>>> from parlour.bots import make
>>> game = parlour.load("tarok")
>>> "heuristic" in game.bots
True
>>> state = game.new(seed=4)
>>> seat = state.to_act[0]
>>> bot = make("heuristic", game, seat, seed=1)
>>> bot.choose(state.view(seat), state.legal(seat)) in state.legal(seat)
True
"""

from __future__ import annotations

from typing import Any, Sequence

from parlour.core.bot import Bot
from parlour.core.game import Action
from parlour.core.tricks import cards_in

from .actions import BID, CONTRACT, DISCARD, FORFEIT, PASS, PLAY, TALON, Move
from .cards import (BY_CODE, KINGS, MOND, PAGAT, SEED_POINTS, SKIS, SUIT, SUIT_MASKS, TAROKS, TRULA, king_of)
from .contracts import BEGGAR, BY_NAME, KLOP, ONE, OPEN_BEGGAR, SOLO_ONE, SOLO_THREE, SOLO_TWO, THREE, TWO
from .play import COLOUR, NEGATIVE, POSITIVE, winner_card

#: Strength needed to bid a point game, a solo, and below which forehand takes Klop rather than Three.
BID_STRENGTH, SOLO_STRENGTH, THREE_STRENGTH = 17, 27, 13


def mask_of(codes: Sequence[str]) -> int:
    m = 0
    for c in codes:
        m |= 1 << BY_CODE[c]
    return m


def strength(hand: int) -> int:
    """Bidding strength of a hand.

    >>> from parlour.games.tarok.cards import mask_of_codes as m
    >>> strength(m("SKIS T21 T20 T19 T18 T17 T16 T15 KH KS 7C 8C")) > SOLO_STRENGTH
    True
    >>> strength(m("T2 T3 4H 3H 2H 1H 4D 3D 7S 8S 7C 8C")) < THREE_STRENGTH
    True
    """
    taroks = hand & TAROKS
    s = 2 * taroks.bit_count()
    s += 2 * (taroks >> 15).bit_count()  # XVI and higher
    s += 3 * ((hand >> SKIS & 1) + (hand >> MOND & 1))
    s += 3 * (hand & KINGS).bit_count()
    s += 2 * sum(1 for suit in range(1, 5) if not hand & SUIT_MASKS[suit])
    return s


def beggar_hand(hand: int) -> bool:
    """Few low taroks, no trula card, no king or queen, nothing above a jack: a hand that can lose every trick."""
    high = sum(1 << c for c in range(54) if c >= 22 and (c - 22) % 8 >= 5)
    return (hand & TAROKS).bit_count() <= 3 and not hand & (TRULA | high) and not hand & TAROKS & ~((1 << 9) - 1)


class HeuristicBot(Bot):
    """Plays by hand strength and trick rules; see the module docstring."""

    name = "heuristic"
    description = "bids by hand strength, keeps the Pagat safe, feeds its partner, ducks in Klop and Beggar"

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        moves = [Move(a) for a in legal]
        if len(moves) == 1:
            return legal[0]
        hand = mask_of(view["hand"])
        phase = view["phase"]
        if phase == "bid":
            choice = self._bid(view, hand, moves)
        elif phase == "contract":
            choice = moves[0]  # keep the bid: raising only adds risk
        elif phase == "call":
            choice = self._call(hand, moves)
        elif phase == "talon":
            choice = self._talon(view, hand, moves)
        elif phase == "discard":
            choice = self._discard(view, hand, moves)
        elif phase == "colour":
            choice = next(m for m in moves if m.kind == CONTRACT and m.payload != BY_NAME["colour valat"])
        elif phase == "announce":
            choice = next(m for m in moves if m.kind == PASS)
        else:
            choice = self._play(view, hand, moves)
        return legal[moves.index(choice)]

    # --- the auction and the exchange ----------------------------------------------------------------------

    def _bid(self, view: dict[str, Any], hand: int, moves: list[Move]) -> Move:
        bids = {m.payload: m for m in moves if m.kind == BID}
        s = strength(hand)
        if view["players"] == 3:
            s -= 6  # 16 cards, and no partner
        wanted: list[int] = []
        if s >= SOLO_STRENGTH:
            wanted = [SOLO_THREE, SOLO_TWO, SOLO_ONE, ONE, TWO, THREE]
        elif s >= BID_STRENGTH:
            wanted = [THREE, TWO, ONE]
        elif beggar_hand(hand):
            wanted = [BEGGAR]
        for c in wanted:
            if c in bids:
                return bids[c]
        if any(m.kind == PASS for m in moves):
            return next(m for m in moves if m.kind == PASS)
        # forehand's free choice once everybody passed
        return bids[THREE] if s >= THREE_STRENGTH and THREE in bids else bids.get(KLOP, moves[0])

    def _call(self, hand: int, moves: list[Move]) -> Move:
        def score(m: Move) -> tuple[int, int]:
            suit = 1 + m.payload % 4
            mine = hand & SUIT_MASKS[suit]
            own = bool(hand >> king_of(suit) & 1) or m.payload >= 4
            return (not own, mine.bit_count())  # a king I lack, in a suit I can lead to it

        return max(moves, key=score)

    def _talon(self, view: dict[str, Any], hand: int, moves: list[Move]) -> Move:
        talon = [BY_CODE[c] for c in view["talon"] or []]
        groups = [m for m in moves if m.kind == TALON]
        if not groups:
            return next(m for m in moves if m.kind != FORFEIT)
        k = len(talon) // len(groups)
        called = _called_card(view)

        def worth(m: Move) -> int:
            cards = talon[m.payload * k:(m.payload + 1) * k]
            w = sum(3 * SEED_POINTS[c] + (4 if c < 22 else 0) + (2 if c >= 22 and not hand & SUIT_MASKS[SUIT[c]]
                                                                    else 0) for c in cards)
            return w - (30 if called in cards else 0)  # the king alone means playing alone

        return max(groups, key=worth)

    def _discard(self, view: dict[str, Any], hand: int, moves: list[Move]) -> Move:
        called = _called_card(view)
        kept = SUIT_MASKS[SUIT[called]] if called >= 0 else 0  # the called suit leads to the partner

        def worth(m: Move) -> tuple[int, int, int, int, int]:
            laid = m.payload
            left = hand & ~laid
            voids = sum(1 for s in range(1, 5) if hand & SUIT_MASKS[s] & ~kept and not left & SUIT_MASKS[s])
            return (-(laid & TAROKS).bit_count(), voids, -(laid & kept).bit_count(),
                    sum(SEED_POINTS[c] for c in cards_in(laid)), -laid.bit_length())

        return max((m for m in moves if m.kind == DISCARD), key=worth)

    # --- card play ----------------------------------------------------------------------------------------

    def _play(self, view: dict[str, Any], hand: int, moves: list[Move]) -> Move:
        plays = [m for m in moves if m.kind == PLAY]
        if not plays:
            return moves[0]
        cards = [m.payload for m in plays]
        contract = BY_NAME[view["contract"]]
        trick = [BY_CODE[c] for c in view["trick"]]
        played = _played(view)
        if contract in (KLOP, BEGGAR, OPEN_BEGGAR):
            declarer_side = view["seat"] == view["declarer"]
            card = self._duck(trick, cards) if contract == KLOP or declarer_side else self._feed_beggar(trick, cards)
        else:
            regime = COLOUR if "valat" in view["contract"] and "colour" in view["contract"] else POSITIVE
            card = self._point_play(view, hand, trick, cards, played, regime)
        return plays[cards.index(card)]

    @staticmethod
    def _duck(trick: list[int], cards: list[int]) -> int:
        """The highest card that does not take the trick; if every card takes it, the one with fewest points."""
        if not trick:
            return min(cards, key=lambda c: (c == PAGAT, c < 22, SEED_POINTS[c], c % 8 if c >= 22 else c))
        losers = [c for c in cards if _winner(trick + [c], NEGATIVE) != c]
        if losers:
            return max(losers, key=lambda c: (c != PAGAT, SEED_POINTS[c], c))
        return min(cards, key=lambda c: (SEED_POINTS[c], -c))

    @staticmethod
    def _feed_beggar(trick: list[int], cards: list[int]) -> int:
        """Against a Beggar: play low, so that the declarer's cards stay on top."""
        return min(cards, key=lambda c: (c == PAGAT, c < 22, c % 8 if c >= 22 else c))

    def _point_play(self, view: dict[str, Any], hand: int, trick: list[int], cards: list[int], played: int,
                    regime: int) -> int:
        me, n = view["seat"], view["players"]
        friends = _friends(view)
        safe = [c for c in cards if c != PAGAT] or cards  # the Pagat only when it must go
        if not trick:
            return self._lead(view, hand, safe, played, me == view["declarer"] or _holds_called(view, hand))
        leader = view["leader"]
        best = _winner(trick, regime)
        best_seat = (leader + trick.index(best)) % n
        last = len(trick) == n - 1
        partner_wins = bool(friends) and best_seat in friends and best_seat != me
        if PAGAT in cards and _winner(trick + [PAGAT], regime) == PAGAT and (last or trick.count(SKIS)):
            return PAGAT  # the Emperor's trick, or a Pagat that cannot be overtaken
        if partner_wins and (last or 15 <= best < 22):  # a partner's trick that is safe: XVI and up
            return max(safe, key=lambda c: (SEED_POINTS[c] if c not in TRULA_CARDS else -1, -c if c < 22 else c))
        winners = [c for c in safe if _winner(trick + [c], regime) == c]
        skis_out = not (played | hand) >> SKIS & 1
        if not last:
            winners = [c for c in winners if not (c == MOND and skis_out)] or winners
        if winners and not partner_wins:
            points = sum(SEED_POINTS[c] for c in trick)
            if last or points or any(c >= 22 for c in winners):
                return min(winners, key=lambda c: (c < 22, c))
        return min(safe, key=lambda c: (c in TRULA_CARDS, SEED_POINTS[c], c < 22, c))

    @staticmethod
    def _lead(view: dict[str, Any], hand: int, cards: list[int], played: int, declarer_side: bool) -> int:
        called = _called_card(view)
        if view["seat"] == view["declarer"] and called >= 0 and not played >> called & 1:
            suit = SUIT[called]
            low = [c for c in cards if c >= 22 and SUIT[c] == suit]
            if low:
                return min(low)  # lead to the partner's king
        kings = [c for c in cards if c >= 22 and c == king_of(SUIT[c]) and not (played & SUIT_MASKS[SUIT[c]])]
        if kings:
            return kings[0]
        suits = [c for c in cards if c >= 22]
        if suits:
            counts = {s: (hand & SUIT_MASKS[s]).bit_count() for s in range(1, 5)}
            return min(suits, key=lambda c: (counts[SUIT[c]], SEED_POINTS[c], c))  # short suits: voids come sooner
        return min(cards, key=lambda c: (c in TRULA_CARDS, c)) if declarer_side else max(cards)


TRULA_CARDS = frozenset((PAGAT, MOND, SKIS))


def _winner(trick: list[int], regime: int) -> int:
    m = 0
    for c in trick:
        m |= 1 << c
    return winner_card(m, SUIT[trick[0]], regime)


def _played(view: dict[str, Any]) -> int:
    """Every card played to a trick so far this deal."""
    return mask_of([e["card"] for e in view["log"] if e.get("type") == "play"])


def _called_card(view: dict[str, Any]) -> int:
    called = view.get("called")
    if not called:
        return -1
    suit = ("hearts", "diamonds", "spades", "clubs").index(called["suit"]) + 1
    return king_of(suit) - (1 if called["rank"] == "queen" else 0)


def _friends(view: dict[str, Any]) -> set[int]:
    """The seats known to be on this seat's side (itself included), or empty when it cannot tell."""
    me, declarer, partner = view["seat"], view["declarer"], view["partner"]
    if declarer is None:
        return set()
    team = {declarer} | ({partner} if isinstance(partner, int) else set())
    if me in team:
        return team
    if _holds_called(view, mask_of(view["hand"])):
        return {me, declarer}
    if partner is None and _called_card(view) >= 0:
        return {me}  # an opponent, but which of the others is my partner is still secret
    return set(range(view["players"])) - team


def _holds_called(view: dict[str, Any], hand: int) -> bool:
    called = _called_card(view)
    return called >= 0 and bool(hand >> called & 1)
