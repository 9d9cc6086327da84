"""The Claw's actions: claim a card of the spread for a call, tug at a contested card, call the next card.

Text: ``claim 7H @12`` claims the 7♥ lying on the table for call number 12; ``tug @12`` pulls at the card
claimed in call 12 (the ``contest`` variant); ``call`` turns the next card of the caller's deck (the
``rotating`` caller variant). A claim and a tug name their call so that one arriving after the call closed is
refused rather than judged against the next call.

>>> str(parse("CLAIM 10d @3")), str(parse("tug @3")), str(parse("call"))
('claim 10D @3', 'tug @3', 'call')
>>> a = parse("claim 7H @12")
>>> a.card, a.call
(31, 12)
"""

from __future__ import annotations

from parlour.core.cards import CODES, Card
from parlour.core.errors import IllegalAction
from parlour.core.game import Action
from parlour.core.i18n import Message

USAGE = Message("write 'claim CARD @CALL' (e.g. 'claim 7H @12': the 7H on the table, for call 12), 'tug @CALL' "
                "(pull at the contested card) or 'call' (the caller turns the next card)")
TUG_CARD = 100
CALL_CODE = 1 << 20
MAX_CALL = 999


class ClawAction(Action):
    """``call << 8 | card`` claims ``card`` (0..51) in call ``call``; ``call << 8 | 100`` tugs; ``1 << 20`` calls."""

    __slots__ = ()

    @property
    def card(self) -> int:
        return self & 255

    @property
    def call(self) -> int:
        return self >> 8

    @property
    def kind(self) -> str:
        if self == CALL_CODE:
            return "call"
        return "tug" if self & 255 == TUG_CARD else "claim"

    def __str__(self) -> str:
        if self == CALL_CODE:
            return "call"
        if self & 255 == TUG_CARD:
            return f"tug @{self >> 8}"
        return f"claim {CODES[self & 255]} @{self >> 8}"


CALL = ClawAction(CALL_CODE)


def claim(card: int, call: int) -> ClawAction:
    return ClawAction(call << 8 | card)


def tug(call: int) -> ClawAction:
    return ClawAction(call << 8 | TUG_CARD)


def _call_number(word: str, text: str) -> int:
    if not word.startswith("@") or not word[1:].isdigit() or not 1 <= int(word[1:]) <= MAX_CALL:
        raise IllegalAction("cannot read '{text}': the call is '@' and its number, e.g. @12; {usage}", text=text,
                            usage=USAGE)
    return int(word[1:])


def parse(text: str) -> ClawAction:
    """Read an action's text; raise :class:`IllegalAction` saying what is wrong with it."""
    if not isinstance(text, str):
        raise IllegalAction("an action is text; {usage}", usage=USAGE)
    words = text.split()
    head = words[0].lower() if words else ""
    if head == "call" and len(words) == 1:
        return CALL
    if head == "tug" and len(words) == 2:
        return tug(_call_number(words[1], text))
    if head == "claim" and len(words) == 3:
        card = Card.parse(words[1])
        if card >= 52:
            raise IllegalAction("there is no joker on the table: {usage}", usage=USAGE)
        return claim(int(card), _call_number(words[2], text))
    raise IllegalAction("cannot read '{text}': {usage}", text=text, usage=USAGE)
