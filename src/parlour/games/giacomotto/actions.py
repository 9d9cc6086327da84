"""Giacomotto's actions: a turn is a trail, or a capture made in small steps.

* ``trail 7H`` plays 7H to the table; the turn passes.
* ``capture KH`` plays KH to capture with it. Then, one table card at a time,
* ``take 8C`` takes a card into the group being built. A group is complete as soon as its cards add up to the
  played card's value; the next ``take`` starts a new group, disjoint from the others.
* ``done`` ends the capture, once at least one group is complete and none is half taken; the turn passes.

So ``capture KH``, ``take 8C``, ``take 5D``, ``take 7H``, ``take 6S``, ``done`` takes 8+5 and 7+6 with the
king. The legal list of every step is short (the cards of the hand, or the table cards that can join the
group, and ``done``), however crowded the table.

The whole capture in one text, ``capture KH 8C+5D 6S+7H`` (the played card, then each group, its cards joined
by ``+``), is still read: records written before the steps hold captures so, and a player may type it. It is a
shorthand for the steps, accepted when no capture is under way; ``str`` writes it with its groups in a
canonical order. It is never listed among the legal actions.

>>> [str(a) for a in (parse("capture kh"), parse("take 8c"), parse("done"))]
['capture KH', 'take 8C', 'done']
>>> a = parse("capture QH 8C+5D 6S+7H")
>>> str(a), a.whole
('capture QH 8C+5D 7H+6S', True)
"""

from __future__ import annotations

from parlour.core.cards import CARDS, Card, cards_of
from parlour.core.errors import IllegalAction
from parlour.core.i18n import Message, either
from parlour.core.game import Action

from .captures import PLAYED_VALUES, VALUE, card_order, group_codes, group_sums, partition

TRAIL, CAPTURE, TAKE, DONE = range(4)
VERBS = ("trail", "capture", "take", "done")

USAGE = Message("write 'trail CARD', or 'capture CARD' then 'take CARD' for each table card you take and 'done' "
                "(or the whole capture at once: 'capture QH 8C+5D 6S+7H')")


class Move(Action):
    """``kind | card << 2``, and for a whole capture in one action also ``| captured << 8``.

    ``kind`` is :data:`TRAIL`, :data:`CAPTURE`, :data:`TAKE` or :data:`DONE`; ``card`` is the card played
    (trail, capture) or taken (take); ``captured`` the mask of the table cards a one-step capture takes.
    """

    __slots__ = ()

    @property
    def kind(self) -> int:
        return self & 3

    @property
    def verb(self) -> str:
        return VERBS[self & 3]

    @property
    def card(self) -> Card | None:
        return None if self & 3 == DONE else CARDS[self >> 2 & 63]

    @property
    def captured(self) -> int:
        """The table cards a one-step capture takes (0 for every step)."""
        return self >> 8

    @property
    def whole(self) -> bool:
        """Whether this is a whole capture in one action (the shorthand of older records)."""
        return self >= 256

    def groups(self) -> list[list[str]]:
        """A one-step capture's cards as groups (codes), in the canonical order."""
        return [group_codes(g) for g in whole_groups(self >> 2 & 63, self >> 8)]

    def __str__(self) -> str:
        if self < 256:
            return _TEXTS[self] or f"move {int(self)}"
        return f"capture {CARDS[self >> 2 & 63]} " + " ".join("+".join(g) for g in self.groups())


def whole_groups(card: int, captured: int) -> list[int]:
    """The groups of a one-step capture, in the canonical order (by their highest card, high first)."""
    split = partition(card, captured) or []
    split.sort(key=lambda g: card_order(max(cards_of(g), key=lambda c: (VALUE[c], c))))
    return split


def trail(card: int) -> Move:
    return Move(TRAIL | card << 2)


def capture(card: int, captured: int = 0) -> Move:
    """``capture CARD`` (start a capture), or with ``captured`` the whole capture in one action."""
    return Move(CAPTURE | card << 2 | captured << 8)


def take(card: int) -> Move:
    return Move(TAKE | card << 2)


DONE_MOVE = Move(DONE)

_TEXTS: tuple[str | None, ...] = tuple(
    "done" if code == DONE else
    f"{VERBS[code & 3]} {CARDS[code >> 2]}" if code & 3 != DONE and code >> 2 < 52 else None
    for code in range(256))


def parse(text: str) -> Move:
    """Read an action's text; raise :class:`IllegalAction` saying what is wrong with it."""
    if not isinstance(text, str):
        raise IllegalAction("an action is text; {usage}", usage=USAGE)
    words = text.split()
    verb = words[0].lower() if words else ""
    if verb not in VERBS:
        raise IllegalAction("cannot read '{text}': {usage}", text=text, usage=USAGE)
    if verb == "done":
        if len(words) > 1:
            raise IllegalAction("'done' ends a capture and names nothing: write 'done'")
        return DONE_MOVE
    if len(words) < 2:
        raise IllegalAction("{verb} needs a card: {usage}", verb=verb, usage=USAGE)
    if verb == "take" and (len(words) > 2 or "+" in words[1]):
        raise IllegalAction("take one table card at a time: 'take {card}', then the next",
                            card=words[1].split("+")[0].upper())
    card = _card(words[1])
    if verb == "trail":
        if len(words) > 2:
            raise IllegalAction("a trail takes nothing: write 'trail {card}'", card=str(card))
        return trail(card)
    if verb == "take":
        return take(card)
    if len(words) == 2:
        return capture(card)
    return capture(card, _whole(card, words[2:]))


def _card(code: str) -> Card:
    card = Card.parse(code)
    if card >= 52:
        raise IllegalAction("Giacomotto is played without jokers")
    return card


def _whole(card: Card, words: list[str]) -> int:
    """The cards a whole capture ``capture CARD GROUP...`` takes, checked group by group."""
    used = 1 << card
    masks = []
    for word in words:
        group = 0
        for code in word.split("+"):
            c = _card(code)
            if used & (1 << c):
                raise IllegalAction("{card} is named twice: groups must not share cards", card=str(c))
            used |= 1 << c
            group |= 1 << c
        masks.append(group)
    values = PLAYED_VALUES[card]
    if not any(all(v in group_sums(g) for g in masks) for v in values):
        worth = either(values)
        bad = next((g for g in masks if not any(v in group_sums(g) for v in values)), None)
        if bad is None:  # every group fits one of an ace's values, but not all the same one
            raise IllegalAction("{card} counts 1 or 11 for the whole capture: its groups must all add up to 1, "
                                "or all to 11", card=str(card))
        raise IllegalAction("{card} is worth {worth} and cannot take {group}, which adds up to {sums}: every group "
                            "must add up to the played card's value (2-10 as printed, J 12, Q 13, K 14, A 1 or 11)",
                            card=str(card), worth=worth, group="+".join(group_codes(bad)),
                            sums=either(sorted(group_sums(bad))))
    captured = 0
    for g in masks:
        captured |= g
    return captured
