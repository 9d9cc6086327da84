"""Giacomotto's one action: play a card, trailing it or capturing with it.

Text: ``trail 7H``, or ``capture KH 8C+5D 6S+7H`` (the played card, then each group of table cards it
takes, cards of a group joined by ``+``). Two ways of grouping the same cards are the same action.

>>> a = parse("capture QH 8C+5D 6S+7H")
>>> str(a)
'capture QH 8C+5D 7H+6S'
>>> parse("trail 7H").captured
0
"""

from __future__ import annotations

from functools import lru_cache

from parlour.core.cards import CARDS, Card, cards_of
from parlour.core.errors import IllegalAction
from parlour.core.game import Action

from .captures import PLAYED_VALUES, VALUE, card_order, group_codes, group_sums, partition

USAGE = "write 'trail CARD' or 'capture CARD GROUP [GROUP...]' with groups like 8C+5D, e.g. 'capture QH 8C+5D 6S+7H'"


class Play(Action):
    """``card | captured << 6``: the played card and the mask of the table cards it takes (0: a trail)."""

    __slots__ = ()

    @property
    def card(self) -> Card:
        return CARDS[self & 63]

    @property
    def captured(self) -> int:
        return self >> 6

    def groups(self) -> list[list[str]]:
        """The captured cards as groups (codes), in the canonical order."""
        return _groups(int(self))

    def __str__(self) -> str:
        return _text(int(self))


def play(card: int, captured: int = 0) -> Play:
    return Play(card | captured << 6)


@lru_cache(maxsize=1 << 16)
def _groups(code: int) -> list[list[str]]:
    split = partition(code & 63, code >> 6) or []
    split.sort(key=lambda g: card_order(max(cards_of(g), key=lambda c: (VALUE[c], c))))
    return [group_codes(g) for g in split]


@lru_cache(maxsize=1 << 16)
def _text(code: int) -> str:
    card = CARDS[code & 63]
    if not code >> 6:
        return f"trail {card}"
    return f"capture {card} " + " ".join("+".join(g) for g in _groups(code))


def parse(text: str) -> Play:
    """Read an action's text; raise :class:`IllegalAction` saying what is wrong with it."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action is text; {USAGE}")
    words = text.split()
    if not words or words[0].lower() not in ("trail", "capture"):
        raise IllegalAction(f"cannot read {text!r}: {USAGE}")
    verb = words[0].lower()
    if len(words) < 2:
        raise IllegalAction(f"{verb} needs the card you play: {USAGE}")
    card = Card.parse(words[1])
    if card >= 52:
        raise IllegalAction("Giacomotto is played without jokers")
    if verb == "trail":
        if len(words) > 2:
            raise IllegalAction(f"a trail takes nothing: write 'trail {card}'")
        return play(card)
    if len(words) < 3:
        raise IllegalAction(f"a capture names the cards it takes: {USAGE}")
    used = 1 << card
    masks = []
    for word in words[2:]:
        group = 0
        for code in word.split("+"):
            c = Card.parse(code)
            if c >= 52:
                raise IllegalAction("Giacomotto is played without jokers")
            if used & (1 << c):
                raise IllegalAction(f"{c} is named twice: groups must not share cards")
            used |= 1 << c
            group |= 1 << c
        masks.append(group)
    values = PLAYED_VALUES[card]
    if not any(all(v in group_sums(g) for g in masks) for v in values):
        worth = " or ".join(map(str, values))
        bad = next(g for g in masks if not any(v in group_sums(g) for v in values))
        raise IllegalAction(
            f"{card} is worth {worth} and cannot take {'+'.join(group_codes(bad))}, which adds up to "
            f"{' or '.join(map(str, sorted(group_sums(bad))))}: every group must add up to the played card's value "
            f"(2-10 as printed, J 12, Q 13, K 14, A 1 or 11)"
        )
    captured = 0
    for g in masks:
        captured |= g
    return play(card, captured)
