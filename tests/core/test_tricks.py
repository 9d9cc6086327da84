"""The shared trick-taking pieces against plain loops over the cards, on random hands of a toy deck."""

import pytest

from parlour.core.rng import Rng
from parlour.core.tricks import (LEAD, CardPoints, above, beat, by_bytes, cards_in, deal_unseen, follow, listed,
                                 mask_of, shown_void, winner)

# a 26-card toy deck, as Zole's: a trump suit of 14 (0..13), then three plain suits of 4
SUITS = (0x3FFF, 0xF << 14, 0xF << 18, 0xF << 22)
TRUMPS = SUITS[0]
SUIT_OF = [next(i for i, s in enumerate(SUITS) if s >> c & 1) for c in range(26)]
ABOVE = above(SUITS)


def random_hand(rng: Rng, size: int = 8) -> int:
    cards = list(range(26))
    rng.shuffle(cards)
    return mask_of(cards[:size])


@pytest.mark.parametrize("seed", range(3))
def test_follow_winner_and_voids_agree_with_the_rules_card_by_card(seed):
    rng = Rng(seed)
    for _ in range(200):
        hand = random_hand(rng)
        led_card = rng.below(26)
        led = SUITS[SUIT_OF[led_card]]
        same = [c for c in cards_in(hand) if SUIT_OF[c] == SUIT_OF[led_card]]
        trumps = [c for c in cards_in(hand) if c <= 13]
        assert follow(hand, led) == mask_of(same or cards_in(hand))
        assert follow(hand, led, TRUMPS) == mask_of(same or trumps or cards_in(hand))
        assert follow(hand, LEAD) == hand
        for card in cards_in(follow(hand, led, TRUMPS)):
            void = shown_void(card, led, TRUMPS)
            assert void & hand == 0 and (void == 0) == bool(same)   # what it shows it lacks, it lacks
        trick = 1 << led_card | mask_of(rng.choice(list(cards_in(hand & ~(1 << led_card))) or [led_card])
                                        for _ in range(2))
        in_trick = list(cards_in(trick))
        best_trump = max((c for c in in_trick if c <= 13), default=None)
        best_led = max(c for c in in_trick if SUIT_OF[c] == SUIT_OF[led_card])
        assert winner(trick, led, TRUMPS) == (best_trump if best_trump is not None else best_led)
        assert winner(trick, led) == best_led


def test_beat_heads_the_trick_in_its_suit_when_it_can():
    assert beat(1 << 5 | 1 << 9 | 1 << 15, 7, ABOVE) == 1 << 9   # the higher trump; the club does not beat it
    assert beat(1 << 5, 7, ABOVE) == 1 << 5                         # cannot beat: any of them
    assert ABOVE[13] == 0 and ABOVE[14] == 0b1110 << 14


def test_card_points_and_listing_read_every_byte_of_a_mask():
    values = [(c * 7) % 12 for c in range(26)]
    count = CardPoints(values)
    tables = by_bytes(tuple(range(26)))
    rng = Rng(5)
    for _ in range(100):
        mask = random_hand(rng, rng.below(27))
        assert count(mask) == sum(values[c] for c in cards_in(mask))
        assert listed(tables, mask) == list(cards_in(mask))


def test_deal_unseen_respects_voids_and_relaxes_them_only_when_it_must():
    rng = Rng(2)
    unknown = mask_of(range(12))
    for _ in range(20):
        dealt = deal_unseen(unknown, [("a", 4, mask_of(range(6))), ("b", 4, unknown), ("talon", 4, unknown)], rng)
        assert dealt["a"] & ~mask_of(range(6)) == 0
        assert dealt["a"] | dealt["b"] | dealt["talon"] == unknown
        assert [dealt[k].bit_count() for k in "ab"] == [4, 4]
    # impossible constraints (both want the same three cards) are dropped on the last try
    dealt = deal_unseen(mask_of(range(6)), [("a", 3, 0b111), ("b", 3, 0b111)], rng)
    assert dealt["a"] | dealt["b"] == 0b111111
    with pytest.raises(ValueError):
        deal_unseen(mask_of(range(4)), [("a", 3, 0b1111), ("b", 3, 0b1111)], rng)
