"""Tarok's hooks for the game-agnostic search bots (:mod:`parlour.bots.pimc`, :mod:`parlour.bots.ismcts`).

* **Play-outs** follow a fast policy on the state's bit masks: the heuristic bot's rules for the auction, the
  call, the talon and the discard (:class:`~parlour.games.tarok.bot.HeuristicBot`, shown a small view), and for
  the cards a club player's rules with every hand open (win a trick from the other side as cheaply as it can,
  give points to a partner's trick that no opponent can still take, duck in Klop and against a Beggar).
* **Exact endgame**: in the point games and the Beggars, once few tricks are left, each world is solved double
  dummy (:mod:`parlour.bots.dd`): card points of the declarer's side (the Beggar: tricks of the declarer).
* **What is searched**: the cards. The auction, the call, the talon, the discard and the announcements are the
  heuristic bot's (:data:`HEURISTIC_PHASES`: measured, searching them lost points to the heuristic, see
  NOTES.md); where a search weighs another seat's discard (ISMCTS's tree), only the heuristic's best-looking lays.

>>> import parlour
>>> from parlour.bots import make
>>> game = parlour.load("tarok")
>>> state = game.new(seed=3)
>>> seat = state.to_act[0]
>>> make("pimc@4", game, seat, seed=1).choose(state.view(seat), state.legal(seat)) in state.legal(seat)
True
"""

from __future__ import annotations

from typing import Any, Mapping

from parlour.bots.dd import OutOfTime, Tricks, solve_moves
from parlour.bots.hooks import Root, SearchHooks
from parlour.core.game import Action, Game
from parlour.core.rng import Rng
from parlour.core.tricks import cards_in

from .actions import DISCARD, PLAY, PLAYS, Move
from .bot import HeuristicBot, TRULA_CARDS
from .cards import (CODES, FULL, KINGS, MOND, PAGAT, SEED_POINTS, SKIS, SUIT, SUIT_MASKS, SUIT_NAMES,
                    TAROKS, TRULA, codes, king_of, third_points)
from .contracts import BEGGAR, KLOP, OPEN_BEGGAR, POINT_GAMES
from .play import NEGATIVE, legal as legal_cards, winner_card
from .state import ANNOUNCING, PHASES, PLAYING, TarokState

#: Phases whose decisions are the heuristic bot's, not searched: the auction, the call, the talon and the discard
#: (valued by play-outs in which every hand is open, a contract looks easier to make than it is: measured, the
#: search bids worse than the heuristic), and the announcements (a search that sees every card in its worlds
#: would announce what it cannot make).
HEURISTIC_PHASES = frozenset({"bid", "contract", "call", "talon", "discard", "announce"})
#: Discards weighed by search: the heuristic's best-looking lays.
DISCARDS = 8
#: Cards left in all hands at most, for a world to be solved double dummy rather than played out.
SOLVE_CARDS = {4: 16, 3: 12}


def hooks(game: Game) -> "TarokHooks":
    return TarokHooks(game)


class TarokHooks(SearchHooks):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.heuristic = HeuristicBot(game, 0)
        self.solve_cards = SOLVE_CARDS[game.players]

    def decide(self, view: Mapping[str, Any], legal: list[Action], memory: dict[str, Any]) -> Action | None:
        if len(legal) == 1:
            return legal[0]
        if view["phase"] in HEURISTIC_PHASES:
            return self.heuristic.choose(dict(view), legal)
        return None

    def moves(self, state: TarokState, seat: int) -> list[Action]:
        legal = state.legal(seat)
        if state.phase != PLAYING and legal and Move(legal[0]).kind == DISCARD and len(legal) > DISCARDS:
            best = self._discard_order(state, seat, legal)
            return best[:DISCARDS]
        return legal

    def order(self, state: TarokState, seat: int, moves: list[Action]) -> list[Action]:
        if state.phase == PLAYING and len(moves) > 1:
            first = PLAYS[card_policy(state, seat)]
            if first in moves:
                return [first] + [m for m in moves if m != first]
        return moves


    def policy(self, state: TarokState, seat: int, rng: Rng) -> Action:
        if state.phase == PLAYING:
            return PLAYS[card_policy(state, seat)]
        legal = state.legal(seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase == ANNOUNCING:
            return legal[0]  # pass
        return self.heuristic.choose(small_view(state, seat), legal)

    def _discard_order(self, state: TarokState, seat: int, legal: list[Action]) -> list[Action]:
        view = small_view(state, seat)
        hand = state.hands[seat]
        keys = {}
        for a in legal:
            keys[a] = self.heuristic_discard_key(view, hand, Move(a).payload)
        return sorted(legal, key=lambda a: keys[a], reverse=True)

    @staticmethod
    def heuristic_discard_key(view: dict[str, Any], hand: int, laid: int) -> tuple:
        from .bot import _called_card

        called = _called_card(view)
        kept = SUIT_MASKS[SUIT[called]] if called >= 0 else 0
        left = hand & ~laid
        voids = sum(1 for s in range(1, 5) if hand & SUIT_MASKS[s] & ~kept and not left & SUIT_MASKS[s])
        return (-(laid & TAROKS).bit_count(), voids, -(laid & kept).bit_count(),
                sum(SEED_POINTS[c] for c in cards_in(laid)), -laid.bit_length())

    # --- the exact endgame ------------------------------------------------------------------------------------

    def solve(self, state: TarokState, seat: int, moves: list[Action], root: Root,
              deadline: float) -> list[float] | None:
        if state.phase != PLAYING or state.emperor:
            return None
        c = state.contract
        if c not in POINT_GAMES and c not in (BEGGAR, OPEN_BEGGAR):
            return None
        if sum(h.bit_count() for h in state.hands) > self.solve_cards:
            return None
        if any(Move(m).kind != PLAY for m in moves):
            return None
        n = state.game.players
        regime, kept = state.regime, state.kept
        if c in POINT_GAMES:
            team = (state.declarer, state.partner)
            sides = tuple(0 if s in team else 1 for s in range(n))

            def value(winner: int, trick: int) -> int:
                return third_points(trick) if sides[winner] == 0 else 0
        else:
            declarer = state.declarer
            sides = tuple(1 if s == declarer else 0 for s in range(n))

            def value(winner: int, trick: int) -> int:
                return 1 if winner == declarer else 0

        tricks = Tricks(players=n, suits=_SUITS, worth=_WORTH,
                        legal=lambda s, hand, trick, led, left: legal_cards(hand, trick, led, regime,
                                                                            kept[s] if left > 1 else 0),
                        winner=lambda trick, led: winner_card(trick, led, regime), led_of=SUIT.__getitem__,
                        value=value, distinct=TRULA)
        leader = state.leader if state.trick else state.turn
        try:
            found = solve_moves(tricks, state.hands, state.trick, leader, sides, deadline,
                                moves=[Move(m).payload for m in moves])
        except OutOfTime:
            return None
        sign = 1 if sides[seat] == 0 else -1
        return [sign * found[Move(m).payload] for m in moves]


_SUITS = tuple(SUIT_MASKS[SUIT[c]] for c in range(54))
_WORTH = tuple(SEED_POINTS)


def small_view(state: TarokState, seat: int) -> dict[str, Any]:
    """What the heuristic bot reads outside card play, built cheaply from the state."""
    called = None
    if state.called >= 0:
        suit = SUIT[state.called]
        called = {"rank": "king" if state.called == king_of(suit) else "queen", "suit": SUIT_NAMES[suit]}
    return {"hand": codes(state.hands[seat]), "phase": PHASES[state.phase], "players": state.game.players,
            "seat": seat, "talon": [CODES[c] for c in state.talon], "called": called}


# --- the card play policy -------------------------------------------------------------------------------------
# Each choice "the card of the mask with the least (or most) of a key" reads a precomputed int key per card.

def _keys(key) -> tuple[int, ...]:
    return tuple(key(c) for c in range(54))


_TRULA_BIT = tuple(int(c in TRULA_CARDS) for c in range(54))
#: No trula card, fewest points, a suit card before a tarok, the lowest.
_LOW = _keys(lambda c: _TRULA_BIT[c] * 10000 + SEED_POINTS[c] * 1000 + (c < 22) * 100 + c)
#: Most points, a suit card before a tarok, the lowest of those.
_SMEAR = _keys(lambda c: SEED_POINTS[c] * 1000 + (c >= 22) * 100 + 99 - c)
#: The cheapest winner: a suit card before a tarok, no trula card, the lowest.
_CHEAP_WIN = _keys(lambda c: (c < 22) * 10000 + _TRULA_BIT[c] * 1000 + c)
#: Ducking: a lead (the Pagat last, suit cards first, fewest points, low), a loser (most points, highest), else.
_DUCK_LEAD = _keys(lambda c: (c == PAGAT) * 10000 + (c < 22) * 1000 + SEED_POINTS[c] * 100 + (c % 8 if c >= 22 else c))
_DUCK_LOSER = _keys(lambda c: (c != PAGAT) * 10000 + SEED_POINTS[c] * 100 + c)
_DUCK_ANY = _keys(lambda c: SEED_POINTS[c] * 100 + 99 - c)


def _least(mask: int, keys: tuple[int, ...]) -> int:
    best, low_key = -1, 1 << 30
    while mask:
        bit = mask & -mask
        c = bit.bit_length() - 1
        if keys[c] < low_key:
            best, low_key = c, keys[c]
        mask ^= bit
    return best


def _most(mask: int, keys: tuple[int, ...]) -> int:
    best, high_key = -1, -1
    while mask:
        bit = mask & -mask
        c = bit.bit_length() - 1
        if keys[c] > high_key:
            best, high_key = c, keys[c]
        mask ^= bit
    return best


def card_policy(s: TarokState, seat: int) -> int:
    """The card a club player with every hand open plays, by simple rules (see the module docstring)."""
    mask = s._mask if s._mask >= 0 else s._play_mask()
    if not mask & (mask - 1):
        return mask.bit_length() - 1
    regime = s.regime
    trick = s.trick
    if regime == NEGATIVE:
        if s.contract == KLOP or seat == s.declarer:
            return _duck(s, mask)
        return _least(mask & ~(1 << PAGAT) or mask, _LOW)
    n = s.game.players
    side = _side(s, seat)
    if not trick:
        return _lead(s, seat, mask, side)
    led, tmask = s.led, s.tmask
    best = winner_card(tmask, led, regime)
    best_seat = (s.leader + trick.index(best)) % n
    later = [t for t in ((seat + i) % n for i in range(1, n - len(trick))) if _side(s, t) != side]
    if _side(s, best_seat) == side:
        if not any(_beats(s, t, best) for t in later):
            return _most(mask & ~TRULA or mask, _SMEAR)
        return _least(mask, _LOW)
    winners = 0
    m = mask
    while m:
        bit = m & -m
        m ^= bit
        c = bit.bit_length() - 1
        if winner_card(tmask | bit, led, regime) == c:
            winners |= bit
    if winners:
        cheapest = _least(winners, _CHEAP_WIN)
        if not later:
            return cheapest
        # the cheapest winner no opponent still to play can beat
        for c in sorted(cards_in(winners), key=_CHEAP_WIN.__getitem__):
            if not any(_beats(s, t, c) for t in later):
                return c
        if sum(SEED_POINTS[c] for c in trick):
            return cheapest
    return _least(mask, _LOW)


def _side(s: TarokState, seat: int) -> int:
    return 0 if seat == s.declarer or seat == s.partner else 1


def _beats(s: TarokState, seat: int, best: int) -> bool:
    """Whether ``seat`` (still to play to this trick) could play a card above ``best``."""
    tmask, led, regime = s.tmask, s.led, s.regime
    mask = legal_cards(s.hands[seat], tmask, led, regime, s.kept[seat])
    trick = tmask | 1 << best
    while mask:
        bit = mask & -mask
        mask ^= bit
        if winner_card(trick | bit, led, regime) == bit.bit_length() - 1:
            return True
    return False


def _duck(s: TarokState, mask: int) -> int:
    """Klop and the Beggar's declarer: the highest card that does not take the trick, else the cheapest."""
    if not s.trick:
        return _least(mask, _DUCK_LEAD)
    losers = 0
    m = mask
    while m:
        bit = m & -m
        m ^= bit
        if winner_card(s.tmask | bit, s.led, NEGATIVE) != bit.bit_length() - 1:
            losers |= bit
    if losers:
        return _most(losers, _DUCK_LOSER)
    return _least(mask, _DUCK_ANY)


def _lead(s: TarokState, seat: int, mask: int, side: int) -> int:
    hands = s.hands
    n = s.game.players
    out = FULL
    for h in hands:
        out &= ~h  # played, laid away or in the talon
    opponents = [t for t in range(n) if _side(s, t) != side]
    called = s.called
    if seat == s.declarer and called >= 0 and s.partner >= 0 and hands[s.partner] >> called & 1:
        low = mask & SUIT_MASKS[SUIT[called]] & ~(1 << called)
        if low:
            return (low & -low).bit_length() - 1  # lead to the partner's king
    safe_mask = mask & ~(1 << PAGAT) or mask
    for c in cards_in(safe_mask & KINGS):
        suit = SUIT_MASKS[SUIT[c]]
        if all(hands[t] & suit or not hands[t] & TAROKS for t in opponents):
            return c  # nobody against us can ruff it
    colours = safe_mask & ~TAROKS
    if colours:
        def length(c: int) -> tuple[int, int, int]:
            return ((hands[seat] & SUIT_MASKS[SUIT[c]]).bit_count(), SEED_POINTS[c], c)
        return min(cards_in(colours), key=length)
    if any(hands[t] >> SKIS & 1 for t in opponents) and safe_mask & ~(1 << MOND):
        safe_mask &= ~(1 << MOND)  # the Škis against us would take the Mond
    if side == 0:
        return min(cards_in(safe_mask & ~TRULA or safe_mask))  # draw their taroks from below
    return safe_mask.bit_length() - 1


__all__ = ["TarokHooks", "card_policy", "hooks", "small_view"]
