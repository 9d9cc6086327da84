"""The actions of the memory games: one small int each, printed as stable text.

An action packs a kind and up to three small numbers: ``kind | a << 5 | b << 13 | c << 21``. Slots are
numbered row by row from the far row (slot 0) to the near row; ``T.U`` names seat ``T``'s slot ``U``.

========================  =====================================================================
text                      meaning
========================  =====================================================================
``ready``                 done looking (peek window) or flipping (golf's two starting flips)
``draw``                  take the top card of the stock into the hand
``take S``                take the top discard and put it into own slot ``S`` (its card is discarded)
``swap S``                put the drawn card into own slot ``S``; the card there goes to the discard
``discard``               put the drawn card on the discard pile
``flip S``                turn own face-down card ``S`` face up (golf)
``knock``                 end the round after one more turn for each other player
``pass``                  do not snap in this snap window (Kaboo)
``snap T.U``              throw seat ``T``'s card ``U`` on the discard pile (Kaboo)
``give S`` / ``stay``     after snapping an opponent's card: move own card ``S`` into the gap, or not
``peek S``                7 or 8: look at own card ``S``
``spy T.U``               9 or 10: look at another player's card
``jack S T.U``            jack: swap own card ``S`` with seat ``T``'s card ``U`` unseen
``look S T.U``            queen: look at own card ``S`` and seat ``T``'s card ``U``...
``trade`` / ``keep``      ...then swap them, or leave them
``skip``                  do not use the power of the discarded card
========================  =====================================================================

>>> a = parse("jack 2 1.3")
>>> str(a), a.kind == JACK, a.a, a.b, a.c
('jack 2 1.3', True, 2, 1, 3)
>>> parse("snap 0.1") == snap(0, 1)
True
"""

from __future__ import annotations

from functools import lru_cache

from parlour.core.errors import IllegalAction
from parlour.core.i18n import N_, Message
from parlour.core.game import Action

READY, DRAW, TAKE, SWAP, DISCARD, FLIP, KNOCK, PASS, SNAP, GIVE, STAY, PEEK, SPY, JACK, LOOK, TRADE, KEEP, SKIP = range(18)

#: kind -> (word, what follows: "" nothing, "s" own slot, "t" seat.slot, "st" own slot then seat.slot)
SHAPES: dict[int, tuple[str, str]] = {
    READY: ("ready", ""), DRAW: ("draw", ""), TAKE: ("take", "s"), SWAP: ("swap", "s"), DISCARD: ("discard", ""),
    FLIP: ("flip", "s"), KNOCK: ("knock", ""), PASS: ("pass", ""), SNAP: ("snap", "t"), GIVE: ("give", "s"),
    STAY: ("stay", ""), PEEK: ("peek", "s"), SPY: ("spy", "t"), JACK: ("jack", "st"), LOOK: ("look", "st"),
    TRADE: ("trade", ""), KEEP: ("keep", ""), SKIP: ("skip", ""),
}
BY_WORD = {word: kind for kind, (word, _) in SHAPES.items()}
USAGE = {"s": N_("{w} SLOT (e.g. '{w} 2')"), "t": N_("{w} SEAT.SLOT (e.g. '{w} 1.3')"),
         "st": N_("{w} SLOT SEAT.SLOT (e.g. '{w} 2 1.3')")}
LIMIT = 256


class Move(Action):
    """A memory-game action (see the module table)."""

    __slots__ = ()

    @property
    def kind(self) -> int:
        return self & 31

    @property
    def a(self) -> int:
        return self >> 5 & 255

    @property
    def b(self) -> int:
        return self >> 13 & 255

    @property
    def c(self) -> int:
        return self >> 21 & 255

    def __str__(self) -> str:
        return _text(int(self))


def move(kind: int, a: int = 0, b: int = 0, c: int = 0) -> Move:
    code = kind | a << 5 | b << 13 | c << 21
    made = _MADE.get(code)
    if made is None:  # each action is made once and handed out again: legal lists are built at every step
        made = _MADE[code] = Move(code)
    return made


#: The actions made so far, by code: a few thousand at most (kinds, slots, seats of a table).
_MADE: dict[int, Move] = {}


def snap(seat: int, slot: int) -> Move:
    return move(SNAP, 0, seat, slot)


@lru_cache(maxsize=1 << 14)
def _text(code: int) -> str:
    kind, a, b, c = code & 31, code >> 5 & 255, code >> 13 & 255, code >> 21 & 255
    word, shape = SHAPES[kind]
    return {"": word, "s": f"{word} {a}", "t": f"{word} {b}.{c}", "st": f"{word} {a} {b}.{c}"}[shape]


def _number(word: str, what: str) -> int:
    if not word.isdigit() or int(word) >= LIMIT:
        if what == "seat":
            raise IllegalAction("'{word}' is not a seat: write a number 0..{last}", word=word, last=LIMIT - 1)
        raise IllegalAction("'{word}' is not a slot: write a number 0..{last}", word=word, last=LIMIT - 1)
    return int(word)


def _place(word: str) -> tuple[int, int]:
    seat, dot, slot = word.partition(".")
    if not dot:
        raise IllegalAction("'{word}' is not a card place: write SEAT.SLOT, e.g. 1.3 for seat 1's slot 3", word=word)
    return _number(seat, "seat"), _number(slot, "slot")


def parse(text: str) -> Move:
    """Read an action's text; raise :class:`IllegalAction` saying what is wrong with it."""
    if not isinstance(text, str):
        raise IllegalAction("an action is text such as 'draw', 'swap 2' or 'snap 1.3'")
    words = text.split()
    if not words or words[0].lower() not in BY_WORD:
        known = ", ".join(w for w, _ in SHAPES.values())
        raise IllegalAction("cannot read '{text}': an action starts with one of {known}", text=text, known=known)
    kind = BY_WORD[words[0].lower()]
    word, shape = SHAPES[kind]
    if len(words) - 1 != len(shape):
        raise IllegalAction("cannot read '{text}': write {usage}", text=text, usage=Message(USAGE[shape], w=word) if shape else word)
    if shape == "":
        return move(kind)
    if shape == "s":
        return move(kind, _number(words[1], "slot"))
    if shape == "t":
        return move(kind, 0, *_place(words[1]))
    return move(kind, _number(words[1], "slot"), *_place(words[2]))
