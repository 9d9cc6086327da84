"""Spoons' two actions: pass a card to the left, grab a spoon.

Text: ``pass 7H`` passes the 7♥ face down to the next seat on the left (the last seat of the ring puts it on the
discard pile); ``grab`` takes a spoon from the middle.

>>> str(parse("pass 10d")), str(parse("GRAB"))
('pass 10D', 'grab')
>>> parse("pass 7H").card
31
"""

from __future__ import annotations

from parlour.core.cards import CODES, Card
from parlour.core.errors import IllegalAction
from parlour.core.game import Action
from parlour.core.i18n import Message

USAGE = Message("write 'pass CARD' (e.g. 'pass 7H': the card goes to the seat on your left) or 'grab' (take a spoon)")
GRAB_CODE = 64


class SpoonsAction(Action):
    """A card number ``0..51`` passes that card; ``64`` grabs a spoon."""

    __slots__ = ()

    @property
    def card(self) -> int:
        return int(self)

    @property
    def grab(self) -> bool:
        return self == GRAB_CODE

    def __str__(self) -> str:
        return "grab" if self == GRAB_CODE else PASS_TEXT[self]


PASS_TEXT = tuple(f"pass {code}" for code in CODES[:52])
PASSES = tuple(SpoonsAction(c) for c in range(52))
GRAB = SpoonsAction(GRAB_CODE)


def parse(text: str) -> SpoonsAction:
    """Read an action's text; raise :class:`IllegalAction` saying what is wrong with it."""
    if not isinstance(text, str):
        raise IllegalAction("an action is text; {usage}", usage=USAGE)
    words = text.split()
    if len(words) == 1 and words[0].lower() == "grab":
        return GRAB
    if len(words) == 2 and words[0].lower() == "pass":
        card = Card.parse(words[1])
        if card >= 52:
            raise IllegalAction("there is no joker in Spoons: {usage}", usage=USAGE)
        return PASSES[card]
    raise IllegalAction("cannot read '{text}': {usage}", text=text, usage=USAGE)
