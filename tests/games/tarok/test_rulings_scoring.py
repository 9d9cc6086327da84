"""Scoring rulings of tarok.md, one by one, on finished-deal positions (``scoring.Deal``).

Each test names the line of the rules it proves: Q1 thirds and rounding, Q2 the difference and its
rounding-to-5 option, the contract values, every bonus announced and silent, Valat replacing the rest (Q8),
kontra per game and per bonus (Q7), the Mond penalty's scope and its talon option (Q12) and Klop (Q11).
"""

import pytest

from parlour.games.tarok.cards import FULL, mask_of_codes as m, rounded, third_points
from parlour.games.tarok.contracts import (BEGGAR, COLOUR_VALAT, COLOUR_VALAT_WITHOUT, KLOP, ONE, OPEN_BEGGAR,
                                           SOLO_ONE, SOLO_THREE, SOLO_TWO, SOLO_WITHOUT, THREE, TWO, VALAT_WITHOUT,
                                           BONUS_BY_NAME)
from parlour.games.tarok.scoring import Deal, game_score, score

#: 107 thirds = 35⅔ card points: rounds up to 36, a win.
PILE_35_2_3 = m("KH KD KS KC T1 T21 SKIS QH JH T2 T3")
#: 106 thirds = 35⅓: rounds down to 35, a loss.
PILE_35_1_3 = m("KH KD KS KC T1 T21 SKIS QH JH T2")
#: Ten plain cards: no trula, no kings, 10 thirds.
LOW = m("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11")


def deal(**kw) -> Deal:
    """Two (value 20), declarer seat 0 with partner seat 2, every seat took three tricks."""
    base = dict(players=4, contract=TWO, declarer=0, partner=2, won=[0, 0, 0, 0], tricks=[3, 3, 3, 3])
    base.update(kw)
    return Deal(**base)


def with_points(points: int, **kw) -> Deal:
    """A Deal whose declaring side (seats 0 and 2) holds ``points`` card points exactly, from 9 up.

    Below 49 points the declarer's side holds the king of hearts and the Pagat and the opponents the other
    trula cards and kings, so that nobody makes trula or kings."""
    cards = ["KD", "KS", "KC", "T21", "SKIS"] + [r + s for r in "QNJ" for s in "HDSC"]
    cards += [f"T{i}" for i in range(2, 21)] + "4H 3H 2H 1H 4D 3D 2D 1D 7S 8S 9S 10S 7C 8C 9C 10C".split()
    pile = m("KH T1")
    for c in cards[5 if points < 49 else 0:]:   # the biggest first, as long as they fit
        if rounded(third_points(pile | m(c))) <= points:
            pile |= m(c)
    assert rounded(third_points(pile)) == points
    return deal(won=[pile, FULL & ~pile, 0, 0], **kw)


# --- Q1: thirds, rounding, 70 in all ----------------------------------------------------------------------------

def test_q1_the_seed_count_equals_the_standard_count_in_threes():
    # standard: K5 Q4 C3 J2, trula 5, others 1, less 2 per three cards; seed: K4 Q3 C2 J1, trula 4, +1 per 3
    for pile in ("KH QH NH", "KH 7C 8C", "T1 T21 SKIS", "JH 4H 3H"):
        cards = pile.split()
        std = sum(5 if c in ("KH", "T1", "T21", "SKIS") else {"Q": 4, "N": 3, "J": 2}.get(c[0], 1) for c in cards) - 2
        assert third_points(m(pile)) == 3 * std


def test_q1_a_side_with_35_and_two_thirds_rounds_up_to_36_and_wins():
    assert third_points(PILE_35_2_3) == 107
    row, detail, won = score(deal(won=[PILE_35_2_3, FULL & ~PILE_35_2_3, 0, 0]))
    assert detail["card_points"] == [36, 34] and won
    assert detail["game"] == 20 + 1


def test_q1_a_side_with_35_and_a_third_rounds_down_to_35_and_loses():
    assert third_points(PILE_35_1_3) == 106
    row, detail, won = score(deal(won=[PILE_35_1_3, FULL & ~PILE_35_1_3, 0, 0]))
    assert detail["card_points"] == [35, 35] and not won
    assert detail["game"] == -20


def test_q1_both_sides_always_add_to_70():
    pile = 0
    for c in range(54):
        pile |= 1 << c
        assert rounded(third_points(pile)) + rounded(third_points(FULL & ~pile)) == 70


# --- Q2: the difference from 35, exact by default, rounded to 5 as an option ------------------------------------

@pytest.mark.parametrize("points, exact, round5", [
    (36, 21, 20), (37, 22, 20), (38, 23, 25), (42, 27, 25), (43, 28, 30), (70, 55, 55),
    (35, -20, -20), (33, -22, -20), (32, -23, -25), (9, -46, -45)])
def test_q2_difference_from_35_exact_and_rounded_to_the_nearest_5(points, exact, round5):
    assert game_score(TWO, 4, points, False) == exact
    assert game_score(TWO, 4, points, True) == round5
    assert score(with_points(points))[1]["game"] == exact
    assert score(with_points(points, round_difference=True))[1]["game"] == round5


# --- contract values ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("contract, value", [(THREE, 10), (TWO, 20), (ONE, 30), (SOLO_THREE, 40),
                                             (SOLO_TWO, 50), (SOLO_ONE, 60)])
def test_point_games_are_worth_their_value_plus_the_difference(contract, value):
    partner = 2 if contract <= ONE else -1
    row, detail, won = score(with_points(40, contract=contract, partner=partner))
    assert won and row[0] == value + 5
    assert row[2] == (value + 5 if partner == 2 else 0) and row[1] == row[3] == 0
    row, _, won = score(with_points(30, contract=contract, partner=partner))
    assert not won and row[0] == -(value + 5)


@pytest.mark.parametrize("contract, value", [(BEGGAR, 70), (OPEN_BEGGAR, 90)])
def test_beggars_are_won_by_taking_no_trick(contract, value):
    row, _, won = score(deal(contract=contract, partner=-1, tricks=[0, 4, 4, 4]))
    assert won and row == [value, 0, 0, 0]
    row, _, won = score(deal(contract=contract, partner=-1, tricks=[1, 0, 0, 0]))
    assert not won and row == [-value, 0, 0, 0]


def test_solo_without_is_80_won_with_36_points_and_250_for_every_trick():
    row, _, won = score(with_points(36, contract=SOLO_WITHOUT, partner=-1))
    assert won and row[0] == 80                         # no difference is added
    row, _, won = score(with_points(35, contract=SOLO_WITHOUT, partner=-1))
    assert not won and row[0] == -80
    row, _, _ = score(deal(contract=SOLO_WITHOUT, partner=-1, won=[FULL, 0, 0, 0], tricks=[12, 0, 0, 0]))
    assert row[0] == 250


@pytest.mark.parametrize("contract, value", [(COLOUR_VALAT_WITHOUT, 125), (COLOUR_VALAT, 125),
                                             (VALAT_WITHOUT, 500)])
def test_q14_valat_contracts_need_every_trick(contract, value):
    row, _, won = score(deal(contract=contract, partner=-1, won=[FULL, 0, 0, 0], tricks=[12, 0, 0, 0]))
    assert won and row[0] == value
    row, _, won = score(deal(contract=contract, partner=-1, tricks=[3, 1, 0, 0]))
    assert not won and row[0] == -value


# --- bonuses --------------------------------------------------------------------------------------------------

TRULA = m("SKIS T21 T1")
KINGS = m("KH KD KS KC")
BONUS_PILES = {"trula": TRULA, "kings": KINGS}


@pytest.mark.parametrize("bonus, announced, silent", [("trula", 20, 10), ("kings", 20, 10)])
def test_trula_and_kings_announced_and_silent(bonus, announced, silent):
    pile = BONUS_PILES[bonus]
    b = BONUS_BY_NAME[bonus]

    def bonus_of(ours: bool, announcer: int) -> int:
        won = [pile | LOW, 0, 0, 0] if ours else [LOW, pile, 0, 0]
        ann = [-1] * 5
        ann[b] = announcer
        return score(deal(won=won, announced=ann))[1]["bonuses"].get(bonus, 0)

    assert bonus_of(True, -1) == silent            # silent, made by the declarer's side
    assert bonus_of(False, -1) == -silent          # silent, made by the opponents
    assert bonus_of(True, 0) == announced          # announced by the declarer and made
    assert bonus_of(False, 2) == -announced        # announced by the partner and missed
    assert bonus_of(False, 1) == -announced        # announced by an opponent and made
    assert bonus_of(True, 3) == announced          # announced by an opponent and missed
    split = [pile & -pile, pile & ~(pile & -pile), 0, 0]   # split between the sides: nothing silent
    assert bonus not in score(deal(won=split))[1]["bonuses"]


def pagat_deal(last_pagat: int, last_winner: int, announcer: int = -1) -> Deal:
    ann = [-1] * 5
    ann[BONUS_BY_NAME["pagat ultimo"]] = announcer
    return deal(won=[LOW, 0, 0, 0], last_trick=m("T1 7C 8C 9C"), last_pagat=last_pagat, last_winner=last_winner,
                announced=ann)


def test_pagat_ultimo_announced_50_silent_25_for_either_side():
    bonus = lambda d: score(d)[1]["bonuses"].get("pagat ultimo", 0)
    assert bonus(pagat_deal(2, 2)) == 25                # the partner's Pagat takes the last trick
    assert bonus(pagat_deal(1, 1)) == -25               # an opponent's Pagat does
    assert bonus(pagat_deal(2, 3)) == 0                 # the Pagat lost in the last trick: nothing silent
    assert bonus(pagat_deal(2, 2, announcer=2)) == 50
    assert bonus(pagat_deal(2, 3, announcer=2)) == -50  # announced and the Pagat is caught
    assert bonus(pagat_deal(-1, 0, announcer=0)) == -50  # announced and the Pagat not in the last trick
    assert bonus(pagat_deal(1, 1, announcer=1)) == -50
    assert bonus(pagat_deal(1, 0, announcer=1)) == 50


def king_deal(last_winner: int, announcer: int = -1, holder_in_last: bool = True) -> Deal:
    ann = [-1] * 5
    ann[BONUS_BY_NAME["king ultimo"]] = announcer
    last = m("KH 7C 8C 9C") if holder_in_last else m("T5 7C 8C 9C")
    return deal(won=[LOW, 0, 0, 0], called=m("KH").bit_length() - 1, last_trick=last, last_winner=last_winner,
                announced=ann)


def test_king_ultimo_announced_20_silent_10_and_silent_only_for_the_declarers_side():
    bonus = lambda d: score(d)[1]["bonuses"].get("king ultimo", 0)
    assert bonus(king_deal(0)) == 10                    # the called king in the last trick won by the declarer
    assert bonus(king_deal(2)) == 10
    assert bonus(king_deal(1)) == 0                     # caught by an opponent: no silent minus
    assert bonus(king_deal(2, announcer=2)) == 20
    assert bonus(king_deal(1, announcer=2)) == -20
    assert bonus(king_deal(2, announcer=2, holder_in_last=False)) == -20


def test_q8_valat_silent_250_announced_500_and_replaces_every_other_score():
    everything = FULL
    row, detail, won = score(deal(won=[everything, 0, 0, 0], tricks=[6, 0, 6, 0]))
    assert won and row[0] == 250 and detail["bonuses"] == {"valat": 250}
    row, detail, won = score(deal(won=[0, everything, 0, 0], tricks=[0, 6, 0, 6]))
    assert not won and row[0] == -250
    ann = [0, 0, -1, -1, 0]                             # trula, kings and valat announced by the declarer
    row, detail, won = score(deal(won=[everything, 0, 0, 0], tricks=[6, 0, 6, 0], announced=ann))
    assert row[0] == 500 and detail["bonuses"] == {"valat": 500}
    row, detail, won = score(deal(won=[everything & ~LOW, LOW, 0, 0], tricks=[6, 1, 5, 0], announced=ann))
    assert not won and row[0] == -500 and detail["bonuses"] == {"valat": -500}
    row, _, _ = score(deal(won=[0, everything, 0, 0], tricks=[0, 6, 0, 6], announced=[-1, -1, -1, -1, 1]))
    assert row[0] == -500                               # the opponents announced it and made it


# --- kontra -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("level", [0, 1, 2, 3, 4])
def test_q7_kontra_multiplies_the_game_value_and_the_difference(level):
    row, detail, _ = score(with_points(40, kontra=[level, 0, 0, 0, 0, 0]))
    assert detail["game"] == (20 + 5) * 2 ** level
    row, detail, _ = score(with_points(30, kontra=[level, 0, 0, 0, 0, 0]))
    assert detail["game"] == -(20 + 5) * 2 ** level


@pytest.mark.parametrize("bonus, base", [("trula", 20), ("kings", 20), ("pagat ultimo", 50),
                                         ("king ultimo", 20), ("valat", 500)])
@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_q7_kontra_on_a_bonus_multiplies_that_bonus_only(bonus, base, level):
    b = BONUS_BY_NAME[bonus]
    ann = [-1] * 5
    ann[b] = 1                                          # an opponent announces it and nobody makes it
    kontra = [0] * 6
    kontra[1 + b] = level
    d = with_points(40, announced=ann, kontra=kontra, called=m("KH").bit_length() - 1, tricks=[3, 3, 3, 3])
    row, detail, _ = score(d)
    assert detail["bonuses"][bonus] == base * 2 ** level
    if bonus != "valat":
        assert detail["game"] == 25                     # the game is not doubled by a bonus's kontra


@pytest.mark.parametrize("contract, value", [(BEGGAR, 70), (SOLO_WITHOUT, 80), (OPEN_BEGGAR, 90),
                                             (COLOUR_VALAT_WITHOUT, 125), (VALAT_WITHOUT, 500)])
def test_q7_kontra_doubles_the_higher_games(contract, value):
    row, _, _ = score(deal(contract=contract, partner=-1, tricks=[1, 3, 4, 4], kontra=[1, 0, 0, 0, 0, 0]))
    assert row[0] == -2 * value
    row, _, _ = score(deal(contract=contract, partner=-1, tricks=[1, 3, 4, 4], kontra=[4, 0, 0, 0, 0, 0]))
    assert row[0] == -16 * value


# --- Q12: the Mond penalty -----------------------------------------------------------------------------------

@pytest.mark.parametrize("contract, applies", [
    (THREE, True), (TWO, True), (ONE, True), (SOLO_THREE, True), (SOLO_TWO, True), (SOLO_ONE, True),
    (SOLO_WITHOUT, True), (BEGGAR, False), (OPEN_BEGGAR, False), (COLOUR_VALAT_WITHOUT, False),
    (VALAT_WITHOUT, False), (COLOUR_VALAT, False)])
def test_q12_the_mond_penalty_is_21_personal_in_normal_games_and_solo_without_only(contract, applies):
    partner = 2 if contract <= ONE else -1
    plain = score(with_points(40, contract=contract, partner=partner))[0]
    for loser in (1, 0, 2):
        row = score(with_points(40, contract=contract, partner=partner, mond_lost=loser))[0]
        expected = list(plain)
        if applies:
            expected[loser] -= 21
        assert row == expected


@pytest.mark.parametrize("option", [False, True])
@pytest.mark.parametrize("contract, applies", [(THREE, True), (ONE, True), (SOLO_ONE, True), (SOLO_WITHOUT, False),
                                               (BEGGAR, False), (VALAT_WITHOUT, False)])
def test_q12_option_a_mond_left_in_the_exposed_talon_costs_the_declarer_21(option, contract, applies):
    partner = 2 if contract <= ONE else -1
    plain = score(with_points(40, contract=contract, partner=partner, mond_in_talon=option))[0]
    for rest, mond in ((m("T21 7C 8C"), True), (m("7C 8C 9C"), False)):
        row, detail, _ = score(with_points(40, contract=contract, partner=partner, talon_rest=rest,
                                           mond_in_talon=option))
        charged = option and applies and mond
        assert row == [p - 21 if s == 0 and charged else p for s, p in enumerate(plain)]   # the declarer alone
        assert detail.get("mond_left") == (0 if charged else None)


def test_q12_no_mond_penalty_in_klop():
    row, _, _ = score(deal(contract=KLOP, won=[m("T2"), m("T3"), m("T4"), m("T21")], tricks=[3, 3, 3, 3],
                           mond_lost=3))
    assert row == [0, 0, 0, -4]                         # the Mond's 4 points, nothing more


# --- Q11: Klop -------------------------------------------------------------------------------------------------

def klop(*piles: str, tricks=(3, 3, 3, 3)):
    return score(deal(contract=KLOP, won=[m(p) for p in piles], tricks=list(tricks)))


def test_q11_klop_everybody_loses_his_rounded_points_when_nobody_is_empty_or_over_35():
    row, detail, won = klop("KH", "KD QH", "7C 8C", "T2 T3 T4 T5 T6")
    # KH = 13 thirds -> 4; KD QH = 23 -> 8 (7⅔ up); 7C 8C = 2 -> 1 (⅔ up); five taroks = 5 -> 2 (1⅔ up)
    assert detail["card_points"] == [4, 8, 1, 2] and row == [-4, -8, -1, -2] and not won


def test_q11_klop_no_tricks_wins_70_and_over_35_loses_70_the_others_nothing():
    big = "KH KD KS KC T1 T21 SKIS QH QD QS"                  # 121 thirds: 40
    row, _, _ = klop("", big, "7C", "8C", tricks=(0, 6, 3, 3))
    assert row == [70, -70, 0, 0]
    row, _, _ = klop("", "", "7C", "8C", tricks=(0, 0, 6, 6))
    assert row == [70, 70, 0, 0]                          # two empty players both win
    row, _, _ = klop("KH", big, "7C", "8C", tricks=(3, 3, 3, 3))
    assert row == [0, -70, 0, 0]                          # over 35 alone: -70 and nobody else scores


def test_q11_klop_36_loses_70_and_35_is_not_over():
    row, _, _ = klop("T2", "T3", "T4", "", tricks=(3, 3, 6, 0))
    assert row == [0, 0, 0, 70]
    r36 = score(deal(contract=KLOP, won=[PILE_35_2_3, m("T4"), m("T5"), m("T6")], tricks=[3, 3, 3, 3]))[0]
    r35 = score(deal(contract=KLOP, won=[PILE_35_1_3, m("T4"), m("T5"), m("T6")], tricks=[3, 3, 3, 3]))[0]
    assert r36 == [-70, 0, 0, 0] and r35 == [-35, 0, 0, 0]
