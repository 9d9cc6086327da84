"""Jieqi's one action: move a piece from one point to another.

Text: ``move h3e3`` (origin and destination, files a-i from Red's left, ranks 1-10 from Red's side, as
Fairy-Stockfish writes Xiangqi moves); ``h3e3`` alone is read too. What a covered piece turns out to be is
not part of the move: it is revealed by moving, and the event log tells it (``h3e3=C``).

>>> m = parse("move h3e3")
>>> str(m), m.origin, m.target
('move h3e3', 25, 22)
>>> parse("B3e3") == parse("b3e3")
True
"""

from __future__ import annotations

import re

from parlour.core.errors import IllegalAction
from parlour.core.game import Action
from parlour.core.i18n import Message

from .board import name, square

USAGE = Message("write 'move FROMTO' with points a1..i10, e.g. 'move h3e3' (Red's cannon to the middle file)")
_MOVE = re.compile(r"^(?:move\s+)?([a-i](?:10|[1-9]))\s*-?\s*([a-i](?:10|[1-9]))$")


class Move(Action):
    """``origin | destination << 7`` (points ``rank * 9 + file``)."""

    __slots__ = ()

    @property
    def origin(self) -> int:
        return self & 127

    @property
    def target(self) -> int:
        return self >> 7

    @property
    def uci(self) -> str:
        """``h3e3``: the move as Fairy-Stockfish writes it."""
        return _UCI[self]

    def __str__(self) -> str:
        return _TEXT[self]


_UCI = {frm | to << 7: name(frm) + name(to) for frm in range(90) for to in range(90) if frm != to}
_TEXT = {code: "move " + uci for code, uci in _UCI.items()}
#: Every move as its Action, so the hot path never builds one.
MOVES = {code: Move(code) for code in _UCI}


def parse(text: str) -> Move:
    """Read a move's text; raise :class:`IllegalAction` saying what is wrong with it."""
    if not isinstance(text, str):
        raise IllegalAction("an action is text; {usage}", usage=USAGE)
    found = _MOVE.match(text.strip().lower())
    if not found:
        raise IllegalAction("cannot read '{text}': {usage}", text=text, usage=USAGE)
    frm, to = square(found.group(1)), square(found.group(2))
    if frm == to:
        raise IllegalAction("'{text}' does not move: the origin and destination are the same point", text=text)
    return MOVES[frm | to << 7]
