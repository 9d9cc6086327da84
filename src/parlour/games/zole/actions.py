"""Zole actions: an int (kind in the low 3 bits, payload above) that prints as its stable ASCII text.

=========================  ===========================================================
``pass``                    the bidding turn: let the next player choose
``take``                    take the talon and play alone as the Big one
``zole``                    play alone as the Big one without the talon
``small zole``              (variant) play alone without the talon and take no trick
``discard 9C KH``           the two cards the Big one lays away after taking the talon
``play QC``                 a card to the trick
=========================  ===========================================================

>>> a = parse("discard kh 9c")
>>> str(a), parse(str(a)) == a
('discard 9C KH', True)
>>> [str(parse(t)) for t in ("PASS", "take", "small  zole", "play td")]
['pass', 'take', 'small zole', 'play 10D']
"""

from __future__ import annotations

from parlour.core.errors import IllegalAction
from parlour.core.i18n import Message
from parlour.core.game import Action
from parlour.core.tricks import by_bytes

from .cards import CODES, codes, parse_card

PLAY, PASS, TAKE, ZOLE, SMALL, DISCARD = range(6)
BID_WORDS = {PASS: "pass", TAKE: "take", ZOLE: "zole", SMALL: "small zole"}
USAGE = Message("actions are: 'pass', 'take', 'zole', 'small zole', 'discard CARD CARD', 'play CARD'")


class Move(Action):
    """One Zole action. ``kind = a & 7``, ``payload = a >> 3`` (a card, or a mask of two cards)."""

    __slots__ = ()

    @property
    def kind(self) -> int:
        return self & 7

    @property
    def payload(self) -> int:
        return self >> 3

    def __str__(self) -> str:
        kind = self & 7
        if kind == PLAY:
            return PLAY_TEXTS[self >> 3]
        if kind == DISCARD:
            return "discard " + " ".join(codes(self >> 3))
        return BID_WORDS[kind]


def move(kind: int, payload: int = 0) -> Move:
    return Move(kind | payload << 3)


#: The card plays, prebuilt: the hot path hands these out.
PLAYS: tuple[Move, ...] = tuple(move(PLAY, c) for c in range(26))
PLAY_TEXTS: tuple[str, ...] = tuple(f"play {code}" for code in CODES)
PASS_MOVE, TAKE_MOVE, ZOLE_MOVE, SMALL_MOVE = (move(k) for k in (PASS, TAKE, ZOLE, SMALL))
_PLAY_BYTES = by_bytes(PLAYS)


def plays_of(mask: int) -> list[Move]:
    """The card plays of a mask of cards, lowest card first (four table look-ups).

    >>> [str(a) for a in plays_of(1 << 13 | 1 << 25)]
    ['play QC', 'play AH']
    """
    b0, b1, b2, b3 = _PLAY_BYTES
    return [*b0[mask & 255], *b1[mask >> 8 & 255], *b2[mask >> 16 & 255], *b3[mask >> 24]]


def parse(text: str) -> Move:
    """Read an action's text; raise :class:`IllegalAction` saying what is wrong with it."""
    if not isinstance(text, str):
        raise IllegalAction("an action is text; {usage}", usage=USAGE)
    words = text.lower().split()
    if not words:
        raise IllegalAction("empty action; {usage}", usage=USAGE)
    phrase = " ".join(words)
    for kind, word in BID_WORDS.items():
        if phrase == word:
            return move(kind)
    verb = words[0]
    if verb == "play" and len(words) == 2:
        return PLAYS[parse_card(words[1])]
    if verb == "play":
        raise IllegalAction("write 'play' and one card, e.g. 'play QC'")
    if verb == "discard" and len(words) == 3:
        a, b = parse_card(words[1]), parse_card(words[2])
        if a == b:
            raise IllegalAction("{card} is named twice: lay away two different cards", card=CODES[a])
        return move(DISCARD, 1 << a | 1 << b)
    if verb == "discard":
        raise IllegalAction("write 'discard' and the two cards laid away, e.g. 'discard 9C KH'")
    raise IllegalAction("cannot read '{text}': {usage}", text=text, usage=USAGE)
