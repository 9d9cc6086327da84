"""Trick play on bit masks: which cards may be played, and who wins a trick. The hot path of the engine.

The seed's rules: follow suit; unable to, play a trump if a trump suit has been declared and you hold one;
otherwise any card. A trick is won by its highest trump, else by the highest card of the suit led. The Polish
rules (``must_beat``) add the duty to beat: a higher card of the suit led, or when trumping a higher trump,
whenever you hold one (following suit beneath a trump already in the trick is free).

>>> from parlour.games.tysiac.cards import CODES, HEARTS, SPADES, codes, mask_of_codes as m
>>> codes(legal(m("9S AH KC"), m("10H"), HEARTS, -1, False))     # follow hearts
['AH']
>>> codes(legal(m("9S KC"), m("10H"), HEARTS, -1, False))        # no hearts and no trumps: anything
['9S', 'KC']
>>> codes(legal(m("9S KC"), m("10H"), HEARTS, SPADES, False))    # no hearts: trump with a spade
['9S']
>>> codes(legal(m("9H AH"), m("10H"), HEARTS, -1, True))         # Polish rules: beat the ten
['AH']
>>> CODES[winner_card(m("10H 9S AH"), HEARTS, SPADES)], CODES[winner_card(m("10H 9S AH"), HEARTS, -1)]
('9S', 'AH')
"""

from __future__ import annotations

from parlour.core.tricks import beat, follow, winner

from .cards import ABOVE, SUIT_MASKS


def legal(hand: int, trick: int, led: int, trump: int, must_beat: bool) -> int:
    """The mask of cards ``hand`` may play to a trick holding ``trick`` (0: leading) led in suit ``led``;
    ``trump`` is the trump suit, or -1 before any marriage."""
    if not trick:
        return hand
    suit = SUIT_MASKS[led]
    trumps = SUIT_MASKS[trump] if trump >= 0 else 0
    cards = follow(hand, suit, trumps)
    if must_beat:
        if cards & suit:
            if not trick & trumps & ~suit:  # following beneath a trump already in the trick is free
                cards = beat(cards, (trick & suit).bit_length() - 1, ABOVE)
        elif cards & trumps and trick & trumps:
            cards = beat(cards, (trick & trumps).bit_length() - 1, ABOVE)
    return cards


def winner_card(trick: int, led: int, trump: int) -> int:
    """The card that wins a complete trick: the highest trump in it, else the highest of the suit led."""
    return winner(trick, SUIT_MASKS[led], SUIT_MASKS[trump] if trump >= 0 else 0)
