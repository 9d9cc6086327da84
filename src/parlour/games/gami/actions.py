"""Gami's one action: exchange a hand card for a table card, and take a card from the opponent after a GAMI.

Text: ``exchange 3H 2H`` gives the 3♥ from the hand to the table and picks up the 2♥; when the picked-up card
forms a GAMI the player may add a capture, ``exchange 3H 2H take 5C``, or leave it out and take nothing.

>>> a = parse("exchange 3h 2H take 5c")
>>> str(a), code(a.give), code(a.take), code(a.capture)
('exchange 3H 2H take 5C', '3H', '2H', '5C')
>>> parse("exchange 3H 2H").capture is None
True
"""

from __future__ import annotations

from functools import lru_cache

from parlour.core.errors import IllegalAction
from parlour.core.i18n import Message
from parlour.core.game import Action

from .cards import CODES, COUNT, code, parse_card

USAGE = Message("write 'exchange HAND TABLE', e.g. 'exchange 3H 2H', and after a GAMI optionally 'take CARD', e.g. "
                "'exchange 3H 2H take 5C'")


class Exchange(Action):
    """``give | take << 5 | (capture + 1) << 10``: the hand card given, the table card picked up, and the card
    taken from the opponent's hand (0 in the top field: none)."""

    __slots__ = ()

    @property
    def give(self) -> int:
        return self & 31

    @property
    def take(self) -> int:
        return self >> 5 & 31

    @property
    def capture(self) -> int | None:
        top = self >> 10
        return top - 1 if top else None

    def __str__(self) -> str:
        return _text(int(self))


def exchange(give: int, take: int, capture: int | None = None) -> Exchange:
    return Exchange(give | take << 5 | (0 if capture is None else capture + 1) << 10)


def is_exchange(value: int) -> bool:
    """True if ``value`` encodes an exchange of two Gami cards (and maybe a capture): not whether it is legal."""
    return (type(value) is Exchange and 0 <= value < 25 << 10 and value & 31 < COUNT and value >> 5 & 31 < COUNT)


@lru_cache(maxsize=None)  # at most 24 * 24 * 25 texts; printing is on the path of every view
def _text(code_: int) -> str:
    text = f"exchange {CODES[code_ & 31]} {CODES[code_ >> 5 & 31]}"
    if code_ >> 10:
        text += f" take {CODES[(code_ >> 10) - 1]}"
    return text



def parse(text: str) -> Exchange:
    """Read an action's text; raise :class:`IllegalAction` saying what is wrong with it."""
    if not isinstance(text, str):
        raise IllegalAction("an action is text; {usage}", usage=USAGE)
    words = text.split()
    if not words or words[0].lower() != "exchange":
        raise IllegalAction("cannot read '{text}': {usage}", text=text, usage=USAGE)
    if len(words) not in (3, 5) or len(words) == 5 and words[3].lower() != "take":
        raise IllegalAction("cannot read '{text}': {usage}", text=text, usage=USAGE)
    give, take = parse_card(words[1]), parse_card(words[2])
    if give == take:
        raise IllegalAction("{card} cannot be exchanged for itself: name a hand card, then a table card", card=code(give))
    capture = parse_card(words[4]) if len(words) == 5 else None
    if capture in (give, take):
        raise IllegalAction("the card taken from the opponent ({card}) must be another card than the two exchanged",
                            card=code(capture))
    return exchange(give, take, capture)
