import pytest

from parlour.core.cards import CARDS, JOKER, Card, cards, cards_of, codes, deck, display, mask_of
from parlour.core.errors import IllegalAction


def test_every_code_round_trips():
    for c in CARDS:
        assert Card.parse(str(c)) == c


def test_codes_and_display():
    assert [str(c) for c in cards("AS 10D QH 2C")] == ["AS", "10D", "QH", "2C"]
    assert display(cards("10D KS JH 2C")) == "10♦ K♠ J♥ 2♣"
    assert Card.parse("td") == Card.parse("10D") and Card.parse(" qh ") == Card.parse("QH")
    assert str(JOKER) == "JK" and JOKER.display == "🃏"


@pytest.mark.parametrize("bad", ["", "1S", "11H", "AX", "A", "10", "ASS", "joker"])
def test_bad_codes_say_what_is_allowed(bad):
    with pytest.raises(IllegalAction, match="ranks 2-10 J Q K A"):
        Card.parse(bad)


def test_decks():
    full = deck()
    assert len(full) == 52 and len(set(full)) == 52
    piquet = deck(ranks=["7", "8", "9", "10", "J", "Q", "K", "A"])
    assert len(piquet) == 32 and {c.rank for c in piquet} == {"7", "8", "9", "10", "J", "Q", "K", "A"}
    two = deck(copies=2, jokers=2)
    assert len(two) == 106 and two.count(Card.parse("AS")) == 2 and two.count(JOKER) == 2
    assert codes(deck(ranks="A", suits="SH")) == ["AH", "AS"]
    with pytest.raises(ValueError, match="unknown ranks"):
        deck(ranks=["1"])


def test_masks():
    hand = cards("AS 2C KD")
    assert sorted(cards_of(mask_of(hand))) == sorted(hand)
    assert mask_of([]) == 0 and list(cards_of(0)) == []
