"""Trick play on bit masks: which cards may be played, and who wins a trick. The hot path of the engine.

Three regimes: *positive* games (follow suit, else play a tarok, else anything), *negative* games (Klop,
Beggar, Open beggar: the same, and beat the best card of the trick when you can; the Pagat only when
nothing else is legal) and *colour valat* (taroks are a plain suit: follow suit, else anything). Following
suit, heading a trick and the trick's winner are the shared rules of :mod:`parlour.core.tricks`; the
Emperor's trick and the Pagat kept back are tarok's own.

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

try:
    import cython
except ImportError:  # plain Python without Cython: the same code, untyped
    from parlour.core import cyshim as cython

from .cards import ABOVE, COLOURS, MOND, PAGAT, SKIS, SUIT_MASKS, TAROKS, TRULA

POSITIVE, NEGATIVE, COLOUR = range(3)
PAGAT_BIT = 1 << PAGAT
_SKIS_MOND = 1 << SKIS | 1 << MOND
# The same masks as C integers in the compiled build (``play.pxd``), where the functions below run in C.
_TAROKS = cython.declare(cython.ulonglong, TAROKS)
_COLOURS = cython.declare(cython.ulonglong, COLOURS)
_TRULA = cython.declare(cython.ulonglong, TRULA)
_PAGAT_BIT = cython.declare(cython.ulonglong, PAGAT_BIT)
_SKIS_MOND_C = cython.declare(cython.ulonglong, _SKIS_MOND)


@cython.locals(x=cython.ulonglong, i=cython.int)
def _top(x: int) -> int:
    """The highest card of a non-empty mask, ``x.bit_length() - 1``: in C a binary search (Cython calls
    ``bit_length`` as a Python method, on a Python int made for it). Python's own callers use ``bit_length``."""
    if not cython.compiled:
        return x.bit_length() - 1
    i = 0
    if x >> 32:
        x >>= 32
        i += 32
    if x >> 16:
        x >>= 16
        i += 16
    if x >> 8:
        x >>= 8
        i += 8
    if x >> 4:
        x >>= 4
        i += 4
    if x >> 2:
        x >>= 2
        i += 2
    if x >> 1:
        i += 1
    return i


# The rules of :mod:`parlour.core.tricks` (follow suit, else trump; head the trick; the highest trump, else the
# highest card of the led suit wins) are written out here on the masks, as the hot path of play-outs.
# (The masks read from the tables go into C-typed locals first: ``hand & SUIT_MASKS[led]`` would be Python's ``&``.)
@cython.locals(f=cython.ulonglong, suit=cython.ulonglong, trumps=cython.ulonglong, above=cython.ulonglong)
def legal(hand: int, trick: int, led: int, regime: int, restricted: int) -> int:
    """The mask of cards ``hand`` may play to a trick holding ``trick`` (0: leading) led in suit ``led``.

    ``restricted`` holds cards kept back for an announced ultimo (Pagat or called king): they may be played
    only when nothing else is legal; the caller clears it for the last trick.
    """
    if not trick:
        f = (hand & _COLOURS or hand) if regime == COLOUR else hand  # colour valat: taroks are led last
    elif regime == POSITIVE:
        suit = SUIT_MASKS[led]
        f = hand & suit or hand & _TAROKS or hand
    elif regime == COLOUR:
        suit = SUIT_MASKS[led]
        f = hand & suit or hand
    else:
        suit = SUIT_MASKS[led]
        f = hand & suit
        if f:
            # following a suit: beat its best card, unless a tarok already took the trick
            if led == 0 or not trick & _TAROKS:
                above = ABOVE[_top(trick & suit) if cython.compiled else (trick & suit).bit_length() - 1]
                f = f & above or f
        else:
            f = hand & _TAROKS
            if not f:
                return hand
            trumps = trick & _TAROKS
            if trumps:
                above = ABOVE[_top(trumps) if cython.compiled else trumps.bit_length() - 1]
                f = f & above or f
        if f & _PAGAT_BIT and trick & _SKIS_MOND_C == _SKIS_MOND_C and (led == 0 or not hand & suit):
            return _PAGAT_BIT  # the Emperor's trick: only the Pagat beats the Škis here
    if regime == NEGATIVE and f & _PAGAT_BIT and f != _PAGAT_BIT:
        f ^= _PAGAT_BIT
    if f & restricted and f & ~restricted:
        f &= ~restricted
    return f


@cython.locals(won=cython.ulonglong, suit=cython.ulonglong)
def winner_card(trick: int, led: int, regime: int) -> int:
    """The card that wins a complete trick."""
    if regime == COLOUR:
        suit = SUIT_MASKS[led]
        won = trick & suit
    elif trick & _TRULA == _TRULA:
        return PAGAT  # the Emperor's trick
    else:
        suit = SUIT_MASKS[led]
        won = trick & _TAROKS or trick & suit
    return _top(won) if cython.compiled else won.bit_length() - 1
