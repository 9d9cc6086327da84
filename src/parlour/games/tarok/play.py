"""Trick play on bit masks: which cards may be played, and who wins a trick. The hot path of the engine.

Three regimes: *positive* games (follow suit, else play a tarok, else anything), *negative* games (Klop,
Beggar, Open beggar: the same, and beat the best card of the trick when you can; the Pagat only when
nothing else is legal) and *colour valat* (taroks are a plain suit: follow suit, else anything).

>>> from parlour.games.tarok.cards import mask_of_codes as m, codes
>>> codes(legal(m("T3 T9 KH 7C"), m("4H"), 1, POSITIVE, 0))    # follow hearts
['KH']
>>> codes(legal(m("T3 T9 7C"), m("4H"), 1, POSITIVE, 0))       # no hearts: a tarok
['T3', 'T9']
>>> codes(legal(m("T3 T9 7C"), m("4H T5"), 1, NEGATIVE, 0))    # no hearts: beat the T5
['T9']
>>> codes(legal(m("T1 T9"), m("T12"), 0, NEGATIVE, 0))         # cannot beat, but the Pagat only as last resort
['T9']
>>> winner_card(m("SKIS T21 T1 KH"), 1, POSITIVE)                # the Emperor's trick: the Pagat wins
0
"""

from __future__ import annotations

from .cards import ABOVE, COLOURS, MOND, PAGAT, SKIS, SUIT_MASKS, TAROKS, TRULA

POSITIVE, NEGATIVE, COLOUR = range(3)
PAGAT_BIT = 1 << PAGAT
_SKIS_MOND = 1 << SKIS | 1 << MOND


def legal(hand: int, trick: int, led: int, regime: int, restricted: int) -> int:
    """The mask of cards ``hand`` may play to a trick holding ``trick`` (0: leading) led in suit ``led``.

    ``restricted`` holds cards kept back for an announced ultimo (Pagat or called king): they may be played
    only when nothing else is legal; the caller clears it for the last trick.
    """
    if not trick:
        if regime == COLOUR:
            f = hand & COLOURS or hand
        else:
            f = hand
    else:
        suit = SUIT_MASKS[led]
        f = hand & suit
        if regime == COLOUR:
            f = f or hand
        elif regime == POSITIVE:
            f = f or hand & TAROKS or hand
        else:
            if f:
                # following a suit: beat its best card, unless a tarok already took the trick
                if led == 0 or not trick & TAROKS:
                    higher = f & ABOVE[(trick & suit).bit_length() - 1]
                    f = higher or f
            else:
                f = hand & TAROKS
                if not f:
                    return hand
                trumps = trick & TAROKS
                if trumps:
                    higher = f & ABOVE[trumps.bit_length() - 1]
                    f = higher or f
            if f & PAGAT_BIT and trick & _SKIS_MOND == _SKIS_MOND and (led == 0 or not hand & suit):
                return PAGAT_BIT  # the Emperor's trick: only the Pagat beats the Škis here
    if regime == NEGATIVE and f & PAGAT_BIT and f != PAGAT_BIT:
        f ^= PAGAT_BIT
    if f & restricted and f & ~restricted:
        f &= ~restricted
    return f


def winner_card(trick: int, led: int, regime: int) -> int:
    """The card that wins a complete trick."""
    if regime != COLOUR:
        trumps = trick & TAROKS
        if trumps:
            if trumps & TRULA == TRULA:
                return PAGAT
            return trumps.bit_length() - 1
    return (trick & SUIT_MASKS[led]).bit_length() - 1
