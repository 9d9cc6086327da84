"""The actions of Go and Rengo and their text.

While stones are played: ``play D4`` (GTP coordinates: a column letter without I, the row from the bottom),
``pass``, ``resign``. Once play has stopped, the teams agree on the dead stones: ``dead D4`` marks the chain
on D4 dead, ``alive D4`` takes the mark off again, ``accept`` agrees to the marking as it stands, ``resume``
goes back to play instead.

An action is an int: ``kind << 10 | row << 5 | col``, so its text needs no board size.

>>> a = parse("play d4", 19)
>>> a, int(a), a.row, a.col
(<Move play D4>, 99, 3, 3)
>>> parse("Q16", 19), parse("PASS", 19), parse("dead K10", 19)
(<Move play Q16>, <Move pass>, <Move dead K10>)
>>> parse("play T19", 9)
Traceback (most recent call last):
...
parlour.core.errors.IllegalAction: 'T19' is not a point of the 9×9 board: columns A-J (no I), rows 1-9, e.g. D4
"""

from __future__ import annotations

from parlour.core.errors import IllegalAction
from parlour.core.game import Action
from parlour.core.i18n import Message

from .points import LETTERS, geometry

PLAY, DEAD, ALIVE, WORD = 0, 1, 2, 3
KINDS = ("play", "dead", "alive")
WORDS = ("pass", "resign", "accept", "resume")
PASS, RESIGN, ACCEPT, RESUME = (WORD << 10 | i for i in range(4))
USAGE = Message("write 'play D4' (or just D4), 'pass' or 'resign'; once play has stopped, 'dead D4' / 'alive D4' "
                "to mark a chain, 'accept' or 'resume'")


class Move(Action):
    """One action of Go: ``kind << 10 | row << 5 | col`` (see the module)."""

    __slots__ = ()

    @property
    def kind(self) -> int:
        return self >> 10

    @property
    def row(self) -> int:
        return self >> 5 & 31

    @property
    def col(self) -> int:
        return self & 31

    @property
    def point_name(self) -> str:
        return f"{LETTERS[self & 31]}{(self >> 5 & 31) + 1}"

    def point(self, size: int) -> int:
        """The board index of the action's point on a board of ``size``."""
        return (self >> 5 & 31) * size + (self & 31)

    def __str__(self) -> str:
        return TEXTS[self] if 0 <= self < len(TEXTS) else f"action {int(self)}"


def _text(code: int) -> str:
    kind, row, col = code >> 10, code >> 5 & 31, code & 31
    if kind == WORD:
        return WORDS[col] if row == 0 and col < len(WORDS) else f"action {code}"
    if col >= len(LETTERS):
        return f"action {code}"
    return f"{KINDS[kind]} {LETTERS[col]}{row + 1}"


#: The text of every action code, built once: views list hundreds of moves.
TEXTS = [_text(code) for code in range(4 << 10)]


def move(kind: int, point: int, size: int) -> Move:
    row, col = divmod(point, size)
    return Move(kind << 10 | row << 5 | col)


def parse(text: str, size: int) -> Move:
    """Read an action's text for a board of ``size``; :class:`IllegalAction` says what is wrong with it."""
    if not isinstance(text, str):
        raise IllegalAction("an action is text; {usage}", usage=USAGE)
    words = text.lower().split()
    if len(words) == 1 and words[0] in WORDS:
        return Move(WORD << 10 | WORDS.index(words[0]))
    if len(words) == 1 and words[0][:1].isalpha() and words[0][1:].isdigit():
        words = ["play", words[0]]
    if len(words) != 2 or words[0] not in KINDS:
        raise IllegalAction("cannot read '{text}': {usage}", text=text, usage=USAGE)
    point = geometry(size).point(words[1])
    return move(KINDS.index(words[0]), point, size)
