"""Zole bots: ``search``, the default, and ``greedy``, a naive yardstick.

``search`` plays as a club player who counts cards: from its view it knows every card played, which suits each
player showed void of, its talon and discards when it is the Big one (:func:`.determinize.read`). For each
decision it deals the unseen cards again at random many times, consistently with all that
(:func:`.determinize.sample`), plays each candidate out in every such deal with sound rules for all four
hands' play (:func:`.sim.policy`), and takes the candidate that wins most chips on average, a hundredth of a
chip per card point breaking ties. The same deals serve every candidate, so their comparison is fair. It bids
the same way: taking the talon, a Zole or a small zole is weighed against passing (counted as no chips).

>>> import parlour
>>> from parlour.bots import make
>>> game = parlour.load("zole")
>>> list(game.bots)
['search', 'greedy']
>>> state = game.new(seed=4)
>>> seat = state.to_act[0]
>>> bot = make("search", game, seat, seed=1)
>>> bot.choose(state.view(seat), state.legal(seat)) in state.legal(seat)
True
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from parlour.core.bot import Bot
from parlour.core.game import Action, Game
from parlour.core.tricks import cards_in

from .actions import DISCARD, PASS, PLAY, SMALL, TAKE, ZOLE, Move
from .cards import BY_CODE, LED, POINTS, SUIT_MASKS, TRUMPS, mask_of_codes, points
from .determinize import Knowledge, read, sample
from .sim import Hand, policy

MODES = {TAKE: "big", ZOLE: "zole", SMALL: "small zole"}
PLAIN_SUITS = SUIT_MASKS[1:]


def discard_score(ten: int, pair: int) -> int:
    """How good laying away ``pair`` from ``ten`` cards looks before any search: the points banked (they count
    for the Big one), the plain suits left void (to trump them), less the trumps and aces given up."""
    left = ten & ~pair
    score = points(pair)
    for suit in PLAIN_SUITS:
        if ten & suit and not left & suit:
            score += 12
    score -= 30 * (pair & TRUMPS & ~0x3F).bit_count() + 12 * (pair & 0x3F).bit_count()
    score -= 8 * sum(1 for c in cards_in(pair) if c >= 14 and (c - 14) % 4 == 3)
    return score


def best_discards(ten: int, count: int) -> list[int]:
    """The ``count`` best-looking pairs to lay away from ``ten`` cards (see :func:`discard_score`)."""
    pairs = [1 << a | 1 << b for a, b in combinations(cards_in(ten), 2)]
    pairs.sort(key=lambda p: (-discard_score(ten, p), p))
    return pairs[:count]


class SearchBot(Bot):
    """Counts cards and infers voids, then plays what wins most chips over many deals of the unseen cards."""

    name = "search"
    description = "counts cards, infers voids, and plays what wins most over many sampled deals of the unseen cards"
    #: Sampled deals for a card play, a bid, and each of the discards tried.
    play_worlds, bid_worlds, discard_worlds = 48, 48, 24
    #: Discards tried by search (the best-looking ones).
    discard_candidates = 6
    #: Chips a bid must win on average to be preferred to passing.
    bid_margin = 0.0
    #: How every seat plays in the deals searched.
    policy = staticmethod(policy)

    def __init__(self, game: Game, seat: int, seed: int = 0) -> None:
        super().__init__(game, seat, seed)
        self.table = game.options["scoring"]
        self.players = game.players

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase == "bid":
            return self._bid(view, legal)
        if phase == "discard":
            return self._discard(view, legal)
        return self._play(view, legal)

    # --- searching --------------------------------------------------------------------------------------------

    def _value(self, h: Hand, me: int, laid: int, pool: int) -> float:
        chips = h.chips(me, laid=laid, table=self.table, players=self.players, pool=pool)
        if h.mode == "table":
            return chips - 0.01 * h.points[me]
        if h.mode == "small zole":
            return chips
        big = h.big_points(laid)
        return chips + 0.01 * (big if me == h.declarer else 120 - big)

    def weigh(self, view: dict[str, Any], legal: list[Action], deadline: float,
              moves: list[Action] | None = None) -> list[tuple[Action, float]] | None:
        """In the play, each card's mean chips over the deals sampled as :meth:`_play` samples them (as many as the
        ``budget``'s iterations, else :attr:`play_worlds`, within ``deadline``); ``None`` in the bidding and the
        discard, where the bot weighs no cards one by one."""
        if view["phase"] in ("bid", "discard"):
            return None
        import time

        k = read(view)
        me = view["seat"]
        moves = list(legal) + [m for m in moves or () if str(m) not in {str(a) for a in legal}]
        cards = [Move(a) >> 3 for a in moves]
        totals = [0.0] * len(cards)
        budget = getattr(self, "budget", None)
        limit = budget.iterations if budget is not None and budget.iterations else self.play_worlds
        worlds = 0
        while worlds < limit and (worlds == 0 or time.perf_counter() < deadline):
            h, laid = self._world(view, k)
            for i, card in enumerate(cards):
                h2 = h.copy()
                h2.play(card)
                h2.play_out(self.policy)
                totals[i] += self._value(h2, me, laid, view["pool"])
            worlds += 1
        self.stats = {"iterations": worlds}
        return [(m, t / worlds) for m, t in zip(moves, totals)]

    def _play(self, view: dict[str, Any], legal: list[Action]) -> Action:
        k = read(view)
        me = view["seat"]
        cards = [Move(a) >> 3 for a in legal]
        totals = [0.0] * len(cards)
        pool = view["pool"]
        for _ in range(self.play_worlds):
            h, laid = self._world(view, k)
            for i, card in enumerate(cards):
                h2 = h.copy()
                h2.play(card)
                h2.play_out(self.policy)
                totals[i] += self._value(h2, me, laid, pool)
        best = max(range(len(cards)), key=lambda i: (totals[i], -cards[i]))
        return legal[best]

    def _world(self, view: dict[str, Any], k: Knowledge) -> tuple[Hand, int]:
        """One deal of the unseen cards, as a hand in play at the view's moment, and the cards laid away."""
        talon, dealt, laid = sample(k, self.rng)
        holding = {}
        for s in k.active:
            cards = dealt[s]
            if s == k.declarer and k.took:
                cards |= talon
                cards &= ~laid
            holding[s] = cards & ~k.played[s]
        h = Hand.start(holding, k.active, view["mode"] or "", k.declarer, self.players)
        for play in view["trick"]:
            card = BY_CODE[play["card"]]
            if not h.trick:
                h.led = LED[card]
            h.trick.append(card)
            h.trick_by.append(play["seat"])
            h.tmask |= 1 << card
        h.turn = view["to_act"][0]
        h.tricks = list(view["tricks"])
        h.points = list(view["won_points"])
        h.played = sum(view["tricks"])
        return h, laid

    def _bid(self, view: dict[str, Any], legal: list[Action]) -> Action:
        k = read(view)
        me, pool = view["seat"], view["pool"]
        options = [a for a in legal if Move(a).kind != PASS]
        totals = [0.0] * len(options)
        for _ in range(self.bid_worlds):
            talon, dealt, _ = sample(k, self.rng)
            for i, a in enumerate(options):
                kind = Move(a).kind
                hands = dict(dealt)
                laid = 0
                if kind == TAKE:
                    ten = hands[me] | talon
                    laid = best_discards(ten, 1)[0]
                    hands[me] = ten & ~laid
                h = Hand.start(hands, k.active, MODES[kind], me, self.players)
                h.play_out(self.policy)
                totals[i] += h.chips(me, laid=laid, table=self.table, players=self.players, pool=pool)
        best = max(range(len(options)), key=lambda i: totals[i])
        if totals[best] / self.bid_worlds > self.bid_margin:
            return options[best]
        return next(a for a in legal if Move(a).kind == PASS)

    def _discard(self, view: dict[str, Any], legal: list[Action]) -> Action:
        k = read(view)
        me, pool = view["seat"], view["pool"]
        ten = mask_of_codes(view["hand"])
        candidates = best_discards(ten, self.discard_candidates)
        totals = [0.0] * len(candidates)
        # the others' cards: the Big one knows the talon, so the unseen cards are exactly theirs
        k = Knowledge(seat=me, active=k.active, own=k.own, talon=k.talon, declarer=me, took=True,
                      played={s: 0 for s in k.active}, voids={s: 0 for s in k.active},
                      holding={s: 8 for s in k.active})
        for _ in range(self.discard_worlds):
            _, dealt, _ = sample(k, self.rng)
            for i, pair in enumerate(candidates):
                hands = dict(dealt)
                hands[me] = ten & ~pair
                h = Hand.start(hands, k.active, "big", me, self.players)
                h.play_out(self.policy)
                totals[i] += self._value(h, me, pair, pool)
        best = candidates[max(range(len(candidates)), key=lambda i: totals[i])]
        return next(a for a in legal if Move(a).kind == DISCARD and Move(a).payload == best)


class GreedyBot(Bot):
    """Plays its highest legal card; takes the talon with five trumps or more, and lays away its best plain cards."""

    name = "greedy"
    description = "plays its highest legal card; takes the talon with five trumps"

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        moves = [Move(a) for a in legal]
        phase = view["phase"]
        if phase == "bid":
            hand = mask_of_codes(view["hand"])
            want = TAKE if (hand & TRUMPS).bit_count() >= 5 else PASS
            return legal[next(i for i, m in enumerate(moves) if m.kind == want)]
        if phase == "discard":
            def banked(m: Move) -> tuple[int, int]:
                pair = m.payload
                return (-(pair & TRUMPS).bit_count(), points(pair))

            return legal[max(range(len(moves)), key=lambda i: banked(moves[i]))]
        plays = [i for i, m in enumerate(moves) if m.kind == PLAY]
        return legal[max(plays, key=lambda i: _rank(moves[i].payload))]


def _rank(card: int) -> tuple[int, int, int]:
    """How high a card is: trumps above plain cards, then by rank (A 10 K 9), then by points."""
    if card < 14:
        return (1, card, POINTS[card])
    return (0, (card - 14) % 4, POINTS[card])
