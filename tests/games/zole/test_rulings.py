"""The seed's rules and the rulings of zole.md on whole hands from stacked decks: the deck and its trumps, the
deal, the bidding turn, the talon and the discards, the play, the chips (both tables), the pool, the variants
(small zole, the table game, the federation's pules, four players) and the match's length."""

import pytest

import parlour
from parlour.core.errors import BadOption, IllegalAction
from parlour.games.zole.cards import CODES, POINTS, TRUMPS, mask_of_codes

from .helpers import act, chips, last_row, legal, new, order, plays, seat, stack

#: A hand the Big one ends with exactly 60 (56 in tricks and the K♥ laid away): positions 0 (the Big one), 1, 2.
SIXTY = ("QC QS QH QD 9C 9S 9H 7D", "AC 10C KC AS 10S KS JC JS", "AH 10H 9D JH JD AD 10D KD")
SIXTY_TALON = "KH 8D"
SIXTY_PLAY = "QC JS AD  QS JC 10D  QH AS JH  QD KC JD  7D AC KD  AH 9H 10C  10H 9S 10S  9D 9C KS"
#: The same with A♣ and K♣ swapped between the fourth and fifth tricks: the Big one ends with 67.
SIXTY_SEVEN_PLAY = "QC JS AD  QS JC 10D  QH AS JH  QD AC JD  7D KC KD  AH 9H 10C  10H 9S 10S  9D 9C KS"
#: Position 0 holds the eight highest trumps and takes every trick whoever declares.
TOP = "QC QS QH QD JC JS JH JD"
#: Position 2 (the dealer) takes no trick against TOP: his trumps are the lowest, his plain cards nines and a king.
NO_TRICK = (TOP, "AD 10D 10S AS KS 10H AH KH", "7D 8D 9D KD 9C 9S 9H KC")


def first_legal(state) -> None:
    """Play the hand in progress to its end, each seat playing its first legal card."""
    deals = state.deals
    while not state.over and state.deals == deals:
        s = state.to_act[0]
        state.apply(s, state.legal(s)[0])


def big_hand(*hands, talon, bid, discard=None, play=None, position=0, **options):
    """The player at ``position`` declares ``bid`` after the others before him pass; returns the state
    and the seats by position."""
    state = new(*hands, talon=talon, **options)
    seats = order(state)
    for p in range(position):
        act(state, p, "pass")
    act(state, position, bid)
    if discard:
        act(state, position, f"discard {discard}")
    if play:
        plays(state, play)
    else:
        first_legal(state)
    return state, seats


# --- seed: the deck -----------------------------------------------------------------------------------------------

def test_seed_26_cards_14_trumps_queens_then_jacks_then_diamonds_and_120_points():
    assert len(CODES) == 26 and sorted(CODES) == sorted(
        [r + s for s in "CSH" for r in ("A", "K", "Q", "J", "10", "9")] + [r + "D" for r in "A K Q J 10 9 8 7".split()])
    high_to_low = [CODES[c] for c in range(13, -1, -1)]
    assert high_to_low == "QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D".split()
    assert mask_of_codes(high_to_low) == TRUMPS
    for suit in "CSH":
        assert [CODES[c] for c in range(26) if c > 13 and CODES[c][-1] == suit][::-1] == [r + suit for r in
                                                                                         ("A", "10", "K", "9")]
    values = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
    assert [POINTS[c] for c in range(26)] == [values[code[:-1]] for code in CODES] and sum(POINTS) == 120


# --- seed: the deal -----------------------------------------------------------------------------------------------

def test_seed_eight_cards_each_from_the_dealers_left_and_two_to_the_talon():
    deck = stack(*SIXTY, talon=SIXTY_TALON)
    state = parlour.load("zole").new(seed=4, deck=deck)
    assert state.active == tuple((state.dealer + i) % 3 for i in (1, 2, 3))
    assert state.talon == mask_of_codes(SIXTY_TALON)
    for p in range(3):
        assert state.hands[seat(state, p)] == mask_of_codes(SIXTY[p])


def test_q11_the_deal_passes_left_after_every_hand():
    state = new(*SIXTY, talon=SIXTY_TALON)
    dealer = state.dealer
    act(state, 0, "pass", )
    act(state, 1, "pass")
    act(state, 2, "pass")
    assert state.dealer == (dealer + 1) % 3 and state.to_act == ((dealer + 2) % 3,)


# --- seed and Q1: the bidding turn --------------------------------------------------------------------------------

def test_q1_each_in_turn_from_the_dealers_left_may_pass_take_the_talon_or_declare_zole():
    state = new(*SIXTY, talon=SIXTY_TALON)
    assert legal(state, 0) == ["pass", "take", "zole"]
    act(state, 0, "pass")
    assert legal(state, 1) == ["pass", "take", "zole"] and state.legal(seat(state, 0)) == []
    act(state, 1, "pass")
    act(state, 2, "take")  # the first who does not pass ends the bidding: he is the Big one
    assert state.declarer == seat(state, 2) and state.view(None)["phase"] == "discard"
    assert state.view(None)["small_ones"] == sorted([seat(state, 0), seat(state, 1)])


def test_seed_the_big_one_takes_the_talon_and_lays_away_any_two_cards():
    state = new(*SIXTY, talon=SIXTY_TALON)
    act(state, 0, "take")
    big = seat(state, 0)
    assert state.hands[big] == mask_of_codes(SIXTY[0] + " " + SIXTY_TALON) and state.talon == 0
    options = legal(state, 0)
    assert len(options) == 45 and "discard QS QC" in options  # trumps and points may go too
    with pytest.raises(IllegalAction, match="you do not hold 10C AC"):
        state.apply(big, "discard AC 10C")
    act(state, 0, "discard KH 8D")
    assert state.discards == mask_of_codes("KH 8D") and state.hands[big].bit_count() == 8
    assert state.to_act == (seat(state, 0),)  # the dealer's left leads the first trick


def test_q9_the_cards_laid_away_count_for_the_big_one_and_q2_sixty_all_is_won_by_the_small_ones():
    state, seats = big_hand(*SIXTY, talon=SIXTY_TALON, bid="take", discard="KH 8D", play=SIXTY_PLAY)
    row, detail = last_row(state)
    assert detail["card_points"] == [60, 60]  # 56 in his tricks and the K♥ he laid away
    assert chips(state, seats) == [-2, 1, 1]  # Q3: the Big one pays a chip to each small one
    state.audit()


def test_q3_the_seed_table_61_to_90_wins_a_chip_from_each_small_one():
    state, seats = big_hand(*SIXTY, talon=SIXTY_TALON, bid="take", discard="KH 8D", play=SIXTY_SEVEN_PLAY)
    assert last_row(state)[1]["card_points"] == [67, 53]
    assert chips(state, seats) == [2, -1, -1]


@pytest.mark.parametrize("bid, discard, expect", [
    ("take", "9C 9S", [6, -3, -3]),      # every point: 3 from each
    ("zole", None, [14, -7, -7]),        # Q5: in a Zole the talon (9♣ 9♠ here, 0 points) goes to the small ones
])
def test_seed_120_points_wins_three_chips_from_each_and_a_zole_four_more(bid, discard, expect):
    state, seats = big_hand(TOP, talon="9C 9S", bid=bid, discard=discard)
    assert last_row(state)[1]["card_points"] == [120, 0] and chips(state, seats) == expect


def test_q5_a_zole_taking_every_trick_counts_the_talons_points_for_the_small_ones():
    state, seats = big_hand(TOP, talon="AC 10C", bid="zole")
    detail = last_row(state)[1]
    assert detail["tricks"][seats[0]] == 8 and detail["card_points"] == [99, 21]
    assert chips(state, seats) == [12, -6, -6]  # 91-119: 2 chips, and the Zole's 4, from each


@pytest.mark.parametrize("discard, points, expect", [
    ("9C 9S", 0, [3, 3, -6]),       # the small ones take all 120: 3 chips from the Big one to each
    ("AC 10C", 21, [2, 2, -4]),     # Q4: the small ones' 99 is the 91-119 tier: 2 to each
])
def test_q4_the_small_ones_tier_goes_by_their_points(discard, points, expect):
    state, seats = big_hand(*NO_TRICK, talon="AC 10C", bid="take", discard=discard, position=2)
    assert last_row(state)[1]["card_points"] == [points, 120 - points] and chips(state, seats) == expect


def test_q6_a_zole_lost_pays_the_bonus_to_each_small_one():
    state, seats = big_hand(*NO_TRICK, talon="AC 10C", bid="zole", position=2)
    assert chips(state, seats) == [7, 7, -14]  # 3 (the small ones took 120) and 4 to each


@pytest.mark.parametrize("points, per_player", [
    (61, 1), (90, 1), (91, 2), (119, 2), (120, 3),      # the Big one's tiers
    (60, -1), (30, -1), (29, -2), (1, -2), (0, -3),    # the small ones' (60-90, 91-119, 120)
])
def test_q4_seed_tier_boundaries(points, per_player):
    from parlour.games.zole.scoring import big_hand as table

    assert table(points, tricks=4, zole=False, table="standard") == per_player
    assert table(points, tricks=4, zole=True, table="standard") == per_player + (4 if per_player > 0 else -4)


@pytest.mark.parametrize("points, tricks, per_player", [
    (61, 2, 1), (90, 7, 1), (91, 2, 2), (120, 7, 2), (120, 8, 3),   # won: points, then every trick
    (60, 5, -2), (31, 1, -2), (30, 4, -3), (0, 1, -3), (22, 0, -4),  # lost: points, then no trick at all
])
def test_lzsf_tier_boundaries(points, tricks, per_player):
    from parlour.games.zole.scoring import big_hand as table

    assert table(points, tricks=tricks, zole=False, table="federation") == per_player


# --- the federation's table (Q4, Q5 option) -----------------------------------------------------------------------

@pytest.mark.parametrize("hand, expect", [
    ("sixty", [-4, 2, 2]),           # lost with 31-60: 2 to each
    ("sixty-seven", [2, -1, -1]),    # won with 61-90: 1 from each
    ("all tricks", [6, -3, -3]),     # every trick: 3 from each
    ("all tricks zole", [14, -7, -7]),  # every trick in a Zole, whatever the talon held: 3 + 4
    ("no trick 21 points", [4, 4, -8]),  # no trick: 4 to each, his 21 points laid away do not help
    ("no trick zole", [8, 8, -16]),
])
def test_lzsf_table_is_steeper_for_a_losing_big_one_and_its_top_tiers_go_by_tricks(hand, expect):
    kw = dict(scoring="federation")
    state, seats = {
        "sixty": lambda: big_hand(*SIXTY, talon=SIXTY_TALON, bid="take", discard="KH 8D", play=SIXTY_PLAY, **kw),
        "sixty-seven": lambda: big_hand(*SIXTY, talon=SIXTY_TALON, bid="take", discard="KH 8D",
                                        play=SIXTY_SEVEN_PLAY, **kw),
        "all tricks": lambda: big_hand(TOP, talon="9C 9S", bid="take", discard="9C 9S", **kw),
        "all tricks zole": lambda: big_hand(TOP, talon="AC 10C", bid="zole", **kw),
        "no trick 21 points": lambda: big_hand(*NO_TRICK, talon="AC 10C", bid="take", discard="AC 10C", position=2,
                                               **kw),
        "no trick zole": lambda: big_hand(*NO_TRICK, talon="AC 10C", bid="zole", position=2, **kw),
    }[hand]()
    assert chips(state, seats) == expect
    state.audit()


# --- seed and Q10: card play -------------------------------------------------------------------------------------

def test_seed_the_dealers_left_leads_the_first_trick_and_the_winner_leads_the_next():
    state = new(*SIXTY, talon=SIXTY_TALON)
    act(state, 0, "pass")
    act(state, 1, "zole")
    assert state.to_act == (seat(state, 0),)  # not the Big one: the dealer's left
    plays(state, "9C KC AH")  # clubs led: the K♣ wins; the A♥ is thrown off (no clubs, no obligation to trump)
    assert state.to_act == (seat(state, 1),)


def test_q10_queens_and_jacks_are_trumps_not_cards_of_their_printed_suit():
    state = new("9C 7D 8D 9D KD 10D AD JD", "QC JC AS 10S KS 9S AH 10H", talon="KH 9H")
    act(state, 0, "zole")
    plays(state, "9C")
    assert legal(state, 1) == ["play JC", "play QC", "play 9S", "play KS", "play 10S", "play AS", "play 10H",
                               "play AH"]  # no club to follow: Q♣ and J♣ are trumps, and anything goes
    plays(state, "JC")
    assert state.view(None)["trick"][1] == {"seat": seat(state, 1), "card": "JC"}


def test_q10_trumps_led_must_be_followed_with_a_trump_and_a_plain_suit_with_that_suit():
    hands = ("QC 9C 9S 7D 8D 9D KD 10D", "JC KC AS AH 10H 10S KS 9H")
    state = new(*hands, talon="AC 10C")
    act(state, 0, "zole")
    plays(state, "7D")
    assert legal(state, 1) == ["play JC"]  # a trump led: his only trump
    with pytest.raises(IllegalAction, match="follow suit"):
        state.apply(seat(state, 1), "play AS")
    state = new(*hands, talon="AC 10C")
    act(state, 0, "zole")
    plays(state, "9S")
    assert legal(state, 1) == ["play KS", "play 10S", "play AS"]  # spades led: a spade, not his trump


def test_q10_no_obligation_to_head_the_trick():
    state = new("8D 9D KD 10D AD 9C 9S 9H", "JC JD JH JS QD QH KC KS", "QC 7D AC 10C AS 10S AH 10H", talon="QS KH")
    act(state, 0, "zole")
    plays(state, "8D JC")
    assert legal(state, 2) == ["play 7D", "play QC"]  # the 7♦ under the J♣ is as good as the Q♣ over it


def test_seed_the_highest_trump_wins_else_the_highest_card_of_the_suit_led():
    state = new("9S 7D 8D 9D KD 10D AD JD", "AS 10S KS JH 9C KC 10C AC", "QC 9H KH 10H AH QD QH QS", talon="JC JS")
    act(state, 0, "zole")
    plays(state, "9S AS 9H")   # spades led; the ace wins, the heart thrown off does not
    assert state.to_act == (seat(state, 1),)
    plays(state, "10S KH 7D")  # the 7♦, the lowest trump, beats the spades
    assert state.to_act == (seat(state, 0),)
    plays(state, "JD JH QC")   # trumps: the Q♣
    assert state.to_act == (seat(state, 2),)


# --- seed and Q7: all pass, the pool ----------------------------------------------------------------------------------

def all_pass(state) -> None:
    for p in range(3):
        act(state, p, "pass")


def test_seed_all_pass_redeals_and_each_puts_a_chip_in_the_pool_which_accumulates():
    deck = stack(*SIXTY, talon=SIXTY_TALON)
    state = new(*SIXTY, talon=SIXTY_TALON, more=[deck])
    dealer = state.dealer
    all_pass(state)
    assert last_row(state)[0] == [-1, -1, -1] and state.pool == 3
    assert state.dealer == (dealer + 1) % 3 and state.deals == 1  # a new deal, the next dealer
    all_pass(state)
    assert state.pool == 6 and state.scores == (-2, -2, -2)


def test_q7_the_winner_of_the_next_hand_takes_the_whole_pool():
    state = new(TOP, more=[stack(TOP, talon="9C 9S")])
    all_pass(state)
    seats = order(state)
    act(state, 0, "take", "discard 9C 9S")
    first_legal(state)
    assert chips(state, seats) == [6 + 3, -3, -3] and state.pool == 0


def test_q7_small_ones_share_the_pool_and_an_odd_chip_stays_in_it():
    deck = stack(*NO_TRICK, talon="AC 10C")
    state = new(*NO_TRICK, talon="AC 10C", more=[deck, deck])
    all_pass(state)
    all_pass(state)  # the pool holds 6; the deal moved twice, but the cards are stacked by position
    assert state.pool == 6
    seats = order(state)
    act(state, 0, "pass")
    act(state, 1, "pass")
    act(state, 2, "take", "discard 9C 9S")
    first_legal(state)
    assert chips(state, seats) == [3 + 3, 3 + 3, -6] and state.pool == 0
    state = new(*NO_TRICK, talon="AC 10C", more=[deck], players=3)
    all_pass(state)
    state.pool = 5  # (an odd pool, as after a four-player pool shared by three, say)
    seats = order(state)
    act(state, 0, "pass")
    act(state, 1, "pass")
    act(state, 2, "take", "discard 9C 9S")
    first_legal(state)
    assert chips(state, seats) == [3 + 2, 3 + 2, -6] and state.pool == 1


# --- Q8: small zole (variant) -----------------------------------------------------------------------------------

def test_q8_small_zole_is_offered_only_with_the_variant():
    assert legal(new(*SIXTY, talon=SIXTY_TALON), 0) == ["pass", "take", "zole"]
    assert legal(new(*SIXTY, talon=SIXTY_TALON, small_zole=True), 0) == ["pass", "take", "zole", "small zole"]


def test_q8_small_zole_taking_no_trick_wins_6_from_each():
    state, seats = big_hand(*NO_TRICK, talon="AC 10C", bid="small zole", position=2, small_zole=True)
    assert last_row(state)[1]["tricks"][seats[2]] == 0 and chips(state, seats) == [-6, -6, 12]
    state.audit()


def test_q8_small_zole_ends_at_the_first_trick_its_player_takes_and_pays_7_to_each():
    state = new(TOP, small_zole=True)
    seats = order(state)
    act(state, 0, "small zole")
    plays(state, "JD")
    first = state.legal(state.to_act[0])[0]
    state.apply(state.to_act[0], first)
    state.apply(state.to_act[0], state.legal(state.to_act[0])[0])
    assert state.deals == 1 and chips(state, seats) == [-14, 7, 7]  # one trick, and the hand is over
    assert [e["type"] for e in state.events].count("trick") == 1


# --- Q8: the table game (galdiņš, variant) ---------------------------------------------------------------------------

TIE_TRICKS = ("10H JS AS 10C KS QS JD 9S KC QD QH AD KD 9C 8D 10S 9D AC 10D 9H AH KH QC JH 7D JC".split(),
              "KC 9C 7D JH QD 9D AS 10S 9H 10C AC KH KD QC QS 10D JD QH AD JC KS AH 9S 8D")
TIE_POINTS = ("9H KC QH JC JS AS 8D AC 9D JD QD QS 7D KD KS 10S JH 10H 10D 9S QC AD AH 9C 10C KH".split(),
              "9D JH QC 10C AC KD QS 10D QH KS 9S AS 8D 7D AD 9C JC 10S JS QD KH 10H AH JD")


def table_game(deck, script):
    state = parlour.load("zole", all_pass="table").new(seed=1, deck=deck)
    seats = order(state)
    all_pass(state)
    assert state.mode == "table" and state.talon.bit_count() == 2 and state.to_act == (seats[0],)
    plays(state, script)
    return state, seats


def test_q8_table_game_most_tricks_loses_and_pays_two_to_each():
    state, seats = table_game(stack(*NO_TRICK, talon="AC 10C"), "")
    first_legal(state)
    detail = last_row(state)[1]
    assert detail["tricks"][seats[0]] == 8 and chips(state, seats) == [-4, 2, 2]


def test_q8_table_game_a_tie_in_tricks_goes_to_the_most_card_points():
    state, seats = table_game(*TIE_TRICKS)
    detail = last_row(state)[1]
    assert [detail["tricks"][s] for s in seats] == [2, 3, 3]
    assert [detail["card_points"][s] for s in seats] == [26, 51, 31]  # the talon (10♥ J♠) counts for nobody
    assert chips(state, seats) == [2, -4, 2]


def test_q8_table_game_players_tied_in_tricks_and_points_all_lose():
    state, seats = table_game(*TIE_POINTS)
    detail = last_row(state)[1]
    assert [detail["tricks"][s] for s in seats] == [3, 3, 2]
    assert [detail["card_points"][s] for s in seats] == [50, 50, 16]
    assert chips(state, seats) == [-2, -2, 4]  # each loser pays 2 to every other player, the other loser too
    state.audit()


# --- Q7 option: the federation's pules ------------------------------------------------------------------------------

def test_q7_pules_all_pass_writes_a_common_pule_that_the_next_winning_big_one_collects():
    state = new(TOP, all_pass="pules", more=[stack(TOP, talon="9C 9S")])
    all_pass(state)
    assert last_row(state)[0] == [0, 0, 0] and state.common == 1
    seats = order(state)
    act(state, 0, "take", "discard 9C 9S")
    first_legal(state)
    assert chips(state, seats) == [6 + 2, -3 - 1, -3 - 1] and state.common == 0


def test_q7_pules_a_losing_big_one_gets_a_personal_pule_that_the_next_winner_collects():
    losing = stack(*NO_TRICK, talon="AC 10C")
    state = new(TOP, all_pass="pules", more=[losing, stack(TOP, talon="9C 9S"), stack(TOP, talon="9C 9S")])
    all_pass(state)
    seats = order(state)
    act(state, 0, "pass")
    act(state, 1, "pass")
    act(state, 2, "take", "discard 9C 9S")
    first_legal(state)
    loser = seats[2]
    assert chips(state, seats) == [3, 3, -6] and state.personal == [loser] and state.common == 1
    seats = order(state)
    act(state, 0, "take", "discard 9C 9S")  # a winner takes back his own pule, or a common one first
    first_legal(state)
    winner = seats[0]
    if winner == loser:
        assert state.personal == [] and state.common == 1
    else:
        assert chips(state, seats)[0] == 6 + 2 and state.common == 0 and state.personal == [loser]
        seats = order(state)
        act(state, 0, "take", "discard 9C 9S")
        first_legal(state)
        row, _ = last_row(state)
        if seats[0] != loser:
            assert row[seats[0]] == 6 + 3 and row[loser] == -3 - 3 and state.personal == []
    state.audit()


# --- Q13: four players ----------------------------------------------------------------------------------------------

def test_q13_four_players_the_dealer_sits_out_and_pays_and_is_paid_as_a_small_one():
    state = new(TOP, talon="9C 9S", players=4, hands=4)
    seats = order(state)
    assert state.hands[state.dealer] == 0 and len(set(seats)) == 4
    assert state.to_act == (seats[0],) and seats[0] == (state.dealer + 1) % 4
    act(state, 0, "take", "discard 9C 9S")
    first_legal(state)
    assert chips(state, seats) == [9, -3, -3, -3]


def test_q13_four_players_the_pool_takes_a_chip_from_every_player():
    state = new(TOP, players=4, hands=4, more=[stack(*NO_TRICK, talon="AC 10C")])
    all_pass(state)
    assert last_row(state)[0] == [-1] * 4 and state.pool == 4
    seats = order(state)
    act(state, 0, "pass")
    act(state, 1, "pass")
    act(state, 2, "take", "discard 9C 9S")
    first_legal(state)
    # the small ones (the dealer among them) win 3 each, and share the pool: one chip each, one stays
    assert chips(state, seats) == [4, 4, -9, 4] and state.pool == 1


# --- Q12: the match -----------------------------------------------------------------------------------------------

def test_q12_the_match_lasts_the_hands_chosen_a_multiple_of_the_players():
    state = parlour.load("zole", hands=3).new(seed=7)
    for _ in range(3):
        assert not state.over
        all_pass(state)
    assert state.over and state.to_act == () and len(state.sheet.rows) == 4  # the pool went back: 3 chips each
    assert state.sheet.rows[-1][0] == "pool returned" and state.scores == (0, 0, 0) and state.pool == 0
    with pytest.raises(BadOption, match="multiple of 3"):
        parlour.load("zole", hands=10)
    with pytest.raises(BadOption, match="multiple of 4"):
        parlour.load("zole", players=4, hands=6)


def test_q12_or_until_a_player_is_the_chip_target_up_or_down():
    deck = stack(TOP, talon="9C 9S")
    for target, over in ((7, False), (6, True)):
        state = parlour.load("zole", hands=0, target=target).new(seed=3, deck=[deck])
        big = seat(state, 0)
        act(state, 0, "take", "discard 9C 9S")
        first_legal(state)  # the Big one wins 3 chips from each: 6 up
        assert state.scores[big] == 6 and state.over == over
    assert state.winners == (big,)
    with pytest.raises(BadOption, match="needs an end"):
        parlour.load("zole", hands=0)


def test_options_are_named_with_defaults_and_refuse_bad_values():
    game = parlour.load("zole")
    assert game.options == {"hands": 12, "target": 0, "scoring": "standard", "all_pass": "pool", "small_zole": False}
    with pytest.raises(BadOption, match="one of"):
        parlour.load("zole", scoring="vegas")
    with pytest.raises(BadOption, match="played by 3, 4"):
        parlour.load("zole", players=5)
