"""Crazy Nines' rules and rulings from stacked decks (rules file section 12)."""

from __future__ import annotations

from parlour.games.crazy_nines import CrazyNines
from parlour.games.memory.rules import column_score, points_table
from parlour.core.cards import cards

from memory.helpers import layout, seats, stack

GOLF = points_table(two=-2, king=0)


def score(codes: str) -> int:
    return column_score([int(c) for c in cards(codes)], GOLF, cols=3)


def test_two_decks_for_two_to_eight_players():
    assert len(CrazyNines(players=2).new(seed=1).round_cards()) == 104


def test_equal_cards_in_a_column_score_zero_pairs_and_triples_rows_never():
    assert score("2S 5H 9C 2D 7S 9H 2H 4C 9S") == 5 + 7 + 4      # a triple of 2s, a triple of 9s
    assert score("9C 5H 4S 9H 5D 4D 3C 8C 4H") == 3 + 8          # pairs score 0, the third card counts
    assert score("5C 5H 5S 3C 3H 3S 4C 4H 4S") == 36             # rows do not count


def test_sweep_variant_discards_a_column_of_three_exchanged_card_first():
    game = CrazyNines(players=2, sweep=True)
    state = game.new(seed=4, deck=stack(game, "AS 2S 9C 3S 4S 9H 5S 6S 7D", discard="9D"))
    a, b = seats(state)
    state.apply(a, "flip 2"); state.apply(a, "flip 5"); state.apply(b, "ready")
    state.apply(a, "take 8")
    assert state.view(b)["discard"] == ["7D", "9C", "9H", "9D"]
    assert [layout(state, b, a)[i] for i in (2, 5, 8)] == [None, None, None]
    sweep = next(e for e in state.events if e["type"] == "sweep")
    assert sweep == {"type": "sweep", "seat": a, "column": 2, "cards": ["9C", "9H", "9D"]}


def test_without_the_variant_three_equal_cards_stay():
    game = CrazyNines(players=2)
    state = game.new(seed=4, deck=stack(game, "AS 2S 9C 3S 4S 9H 5S 6S 7D", discard="9D"))
    a, b = seats(state)
    state.apply(a, "flip 2"); state.apply(a, "flip 5"); state.apply(b, "ready")
    state.apply(a, "take 8")
    assert [layout(state, b, a)[i] for i in (2, 5, 8)] == ["9C", "9H", "9D"]
