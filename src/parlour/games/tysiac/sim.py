"""Fast simulation for the bots: plain rules for the exchange and the play, and rollouts of a hand to its end.

The rollouts run on full states (a determinization: every hand dealt), so the play policy here may look at
every hand: it is the quick stand-in for good play that the bots' estimates are measured with, not a bot.

>>> from parlour.games.tysiac.cards import mask_of_codes as m, codes
>>> codes(gifts(m("9S JS AS KH QH 10D AD 9C JC AC")))       # the nines: no points, no tricks
['9S', '9C']
"""

from __future__ import annotations

from typing import Any

from parlour.core.rng import Rng

from .actions import CONTRACTS, MARRIES, PLAY_ON_MOVE, PLAYS, give
from .cards import (ABOVE, KING, MARRIAGE, POINTS, QUEEN, RANK, SUIT, SUIT_MASKS, TEN, ACE, cards_in, card_points,
                    marriage_suits, marriages, queen)
from .play import legal as legal_cards, winner_card
from .state import GIVING, NINES_PHASE, PLAYING, RAISING, TysiacState

#: How much a player wants to keep a card (bigger: keep), before the bonuses for marriages and aces.
KEEP = (0, 1, 6, 7, 9, 14)


def keep_value(card: int, hand: int) -> int:
    """How much ``hand`` wants to keep ``card``: marriages and aces most, then tens with their ace, long suits."""
    rank, suit = RANK[card], SUIT[card]
    value = KEEP[rank]
    if rank in (KING, QUEEN) and marriages(hand) >> (6 * suit + KING) & 1:
        value += 60 + MARRIAGE[suit] // 10
    if rank == TEN and hand >> (6 * suit + ACE) & 1:
        value += 5
    value += (hand & SUIT_MASKS[suit]).bit_count()  # length: a long suit keeps the lead and makes trumps
    return value


def gifts(hand: int) -> int:
    """The two cards a declarer gives away: those it least wants to keep (a mask)."""
    ranked = sorted(cards_in(hand), key=lambda c: (keep_value(c, hand), c))
    return 1 << ranked[0] | 1 << ranked[1]


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` played now takes the trick from ``best`` (the card winning it so far)."""
    if SUIT[card] == SUIT[best]:
        return card > best
    return SUIT[card] == trump


def quick_play(state: TysiacState) -> Any:
    """A play for the seat to act, seeing every hand: declare marriages, cash sure winners, win tricks cheaply,
    give points to a partner who holds the trick, else throw the least."""
    seat = state.turn
    hand = state.hands[seat]
    trick, trump = state.trick, state.trump
    if not trick:
        if state.tricks_played or state.game.options["first_lead_marriage"]:
            suits = marriage_suits(hand)
            if suits:
                return MARRIES[queen(max(suits))]
        others = [state.hands[(seat + i) % 3] for i in (1, 2)]
        sure = [c for c in cards_in(hand) if _sure(c, others, trump)]
        if sure:
            return PLAYS[max(sure, key=lambda c: (POINTS[c], c))]
        return PLAYS[min(cards_in(hand), key=lambda c: (POINTS[c] + (8 if SUIT[c] == trump else 0), c))]
    mask = legal_cards(hand, state.tmask, state.led, trump, state.game.options["must_beat"])
    cards = list(cards_in(mask))
    best = winner_card(state.tmask, state.led, trump)
    holder = (state.leader + trick.index(best)) % 3
    d = state.declarer
    partner_holds = holder != d and seat != d
    last = len(trick) == 2
    nxt = state.hands[(seat + 1) % 3]
    if partner_holds and (last or not _can_beat(nxt, best, state.led, trump)):
        return PLAYS[max(cards, key=lambda c: (POINTS[c], -c))]
    winners = [c for c in cards if beats(c, best, trump)]
    if winners and not last:
        safe = [c for c in winners if not _can_beat(nxt, c, state.led, trump) or
                ((seat + 1) % 3 != d and seat != d)]
        winners = safe
    if winners:
        return PLAYS[min(winners, key=lambda c: (POINTS[c] + (5 if SUIT[c] == trump else 0), c))]
    return PLAYS[min(cards, key=lambda c: (POINTS[c], c))]


def _sure(card: int, others: list[int], trump: int) -> bool:
    """Whether leading ``card`` wins, whatever the others play (they follow the rules)."""
    suit = SUIT_MASKS[SUIT[card]]
    for h in others:
        if h & ABOVE[card]:
            return False
        if trump >= 0 and SUIT[card] != trump and not h & suit and h & SUIT_MASKS[trump]:
            return False
    return True


def _can_beat(hand: int, best: int, led: int, trump: int) -> bool:
    """Whether ``hand`` holds a card that may be played now and takes the trick from ``best``."""
    follow = hand & SUIT_MASKS[led]
    if follow:
        return SUIT[best] == led and bool(follow & ABOVE[best])
    if trump >= 0 and hand & SUIT_MASKS[trump]:
        return SUIT[best] != trump or bool(hand & ABOVE[best])
    return False


def finish(state: TysiacState, raise_to: int | None = None) -> list[int]:
    """Play the current hand of a full state to its end with the quick rules; each seat's points.

    The state is changed (give it a clone). The last trick is counted without being applied, so that the
    engine does not score the hand and deal the next one.
    """
    while True:
        phase = state.phase
        if phase == PLAYING:
            if state.tricks_played == 7 and len(state.trick) == 2:
                card = state.hands[state.turn].bit_length() - 1  # the last card of the hand
                tmask = state.tmask | 1 << card
                w = (state.leader + (state.trick + [card]).index(winner_card(tmask, state.led, state.trump))) % 3
                pts = state.points()
                pts[w] += card_points(tmask)
                return pts
            state._apply(state.turn, quick_play(state))
        elif phase == GIVING:
            d = state.declarer
            g = list(cards_in(gifts(state.hands[d])))
            state._apply(d, give(g[0], (d + 1) % 3))
            state._apply(d, give(g[1], (d + 2) % 3))
        elif phase == RAISING:
            state._apply(state.turn, CONTRACTS[(raise_to or state.contract) // 5])
        elif phase == NINES_PHASE:
            state._apply(state.turn, PLAY_ON_MOVE)
        else:
            raise ValueError(f"cannot finish a hand in the {phase} phase")


def declarer_points(game: Any, view: dict[str, Any], seat: int, samples: int, rng: Rng) -> list[int]:
    """What ``seat`` would make as declarer, over ``samples`` determinizations of its view in the auction: it takes
    the prikup, gives two cards away and plays the hand out (everyone by the quick rules)."""
    out = []
    for _ in range(samples):
        state = game.determinize(view, rng)
        state.high, state.high_bidder = max(state.high, 100), seat
        state.passed = 7 & ~(1 << seat)
        state.turn = seat
        state._end_auction()
        out.append(finish(state)[seat])
    return out


def hand_points(game: Any, view: dict[str, Any], seat: int, samples: int, rng: Rng) -> list[int]:
    """What ``seat`` makes in this hand from where its view stands, over ``samples`` determinizations."""
    return [finish(game.determinize(view, rng))[seat] for _ in range(samples)]
