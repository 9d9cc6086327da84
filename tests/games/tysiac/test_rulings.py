"""The rules of tysiac.md, seed and rulings, on whole hands from stacked decks: the deal, the auction and its
marriage rule, the prikup and the exchange, raising, the four nines, marriages and trumps, following suit, the
score of a hand and the end of the match.

The variants (barrel, lines, Rospisat', the Polish rules and the others) are in ``test_variants.py``.
"""

import pytest

import parlour
from parlour.core.errors import IllegalAction
from parlour.games.tysiac.cards import (CLUBS, CODES, DIAMONDS, FULL, HEARTS, MARRIAGE, SPADES, card_points,
                                       mask_of_codes as m)
from parlour.games.tysiac.play import legal as legal_cards
from parlour.games.tysiac.scoring import round_to

from .helpers import (act, exchange, exchange_any, last_row, legal, marriages_first, new, play, play_out, recount,
                      seat, set_scores, stack, win_auction)

BIDS_TO_120 = ["bid 100", "bid 105", "bid 110", "bid 115", "bid 120"]


def words(view) -> set[str]:
    """Every word of every string in a view, keys included."""
    if isinstance(view, str):
        return set(view.split())
    if isinstance(view, dict):
        return set().union(set(), *(words(k) | words(v) for k, v in view.items()))
    if isinstance(view, (list, tuple)):
        return set().union(set(), *(words(v) for v in view))
    return set()


# --- the cards and the deal ----------------------------------------------------------------------------------

def test_seed_24_cards_worth_120_and_the_marriages():
    assert len(CODES) == 24 and card_points(FULL) == 120
    assert [MARRIAGE[s] for s in (HEARTS, DIAMONDS, CLUBS, SPADES)] == [100, 80, 60, 40]


def test_seed_the_prikup_then_seven_cards_each_from_the_dealers_left():
    deck = stack("AH 10H KH QH JH 9H AD", "AS 10S KS QS JS 9S AC", prikup="9C JC QC")
    state = parlour.load("tysiac").new(seed=3, deck=deck)
    assert state.forehand == (state.dealer + 1) % 3
    assert [CODES[c] for c in state.prikup] == ["9C", "JC", "QC"]
    for position in range(3):
        got = {CODES[c] for c in range(24) if state.hands[seat(state, position)] >> c & 1}
        assert got == set(deck[3 + 7 * position:10 + 7 * position])


def test_seed_the_first_dealer_is_random_and_q9_the_deal_passes_left():
    game = parlour.load("tysiac")
    assert len({game.new(seed=s).dealer for s in range(12)}) == 3
    state = new()
    first = state.dealer
    win_auction(state)
    exchange_any(state)
    play_out(state)
    assert state.dealer == (first + 1) % 3 and state.forehand == (first + 2) % 3
    assert state.to_act == (state.forehand,)


# --- the auction (seed, Q2, Q3, Q4) ----------------------------------------------------------------------------

def test_q3_the_first_bidder_must_open_at_least_100_and_cannot_pass():
    state = new()
    assert legal(state, 0) == BIDS_TO_120
    with pytest.raises(IllegalAction, match="may not pass"):
        act(state, 0, "pass")


def test_q2_bids_go_up_in_fives_each_above_the_last():
    state = new("KH QH", "KD QD")
    act(state, 0, "bid 110")
    assert legal(state, 1)[:3] == ["pass", "bid 115", "bid 120"]
    for text, why in (("bid 110", "at least 115"), ("bid 112", "multiple of 5")):
        with pytest.raises(IllegalAction, match=why):
            act(state, 1, text)
    act(state, 1, "bid 125")
    assert legal(state, 2)[:2] == ["pass", "bid 130"]


def test_seed_bidding_goes_clockwise_a_passed_player_is_out_and_two_passes_end_it():
    state = new("KH QH", "KD QD")
    order = []
    for text in ("bid 100", "bid 105", "pass", "bid 110", "bid 115", "pass"):
        order.append(state.to_act[0])
        state.apply(state.to_act[0], text)
    assert order == [seat(state, p) for p in (0, 1, 2, 0, 1, 0)]   # position 2 passed and is skipped
    assert state.declarer == seat(state, 1) and state.contract == 115


def test_q3_when_both_others_pass_the_first_bidder_declares_100():
    state = new()
    act(state, 0, "bid 100")
    act(state, 1, "pass")
    act(state, 2, "pass")
    assert state.declarer == seat(state, 0) and state.contract == 100
    assert state.view(None)["declarer"] == seat(state, 0) and state.view(None)["phase"] == "give"


def test_q4_above_120_only_with_a_marriage_in_the_seven_cards():
    state = new("KH JH 9S", "KD QD")                           # a king without its queen is no marriage
    assert legal(state, 0) == BIDS_TO_120
    with pytest.raises(IllegalAction, match="needs a marriage"):
        act(state, 0, "bid 125")
    act(state, 0, "bid 120")
    assert legal(state, 1)[:3] == ["pass", "bid 125", "bid 130"] and legal(state, 1)[-1] == "bid 400"


def test_q4_a_bidder_without_a_marriage_cannot_go_past_120():
    state = new("KH QH", "KD JD")
    act(state, 0, "bid 120")
    assert legal(state, 1) == ["pass"]
    with pytest.raises(IllegalAction, match="needs a marriage"):
        act(state, 1, "bid 125")


# --- the prikup and the exchange (seed, Q4) --------------------------------------------------------------------

def test_seed_the_prikup_is_shown_to_everyone_and_taken_by_the_declarer():
    state = new(prikup="AH 10H KH")
    for s in (0, 1, 2, None):
        assert state.view(s)["prikup"] is None and not words(state.view(s)) & {"AH", "10H", "KH"}
    win_auction(state, 1, 105)
    d = seat(state, 1)
    for s in (0, 1, 2, None):
        assert state.view(s)["prikup"] == ["AH", "10H", "KH"]
    assert state.view(None)["hands"] == [10 if s == d else 7 for s in range(3)]
    assert {"AH", "10H", "KH"} <= set(state.view(d)["hand"])


def test_seed_the_declarer_gives_one_card_face_down_to_each_opponent():
    state = new("AS 10S", prikup="AH 10H KH")
    win_auction(state, 0)
    d, left, right = (seat(state, p) for p in range(3))
    options = legal(state, 0)
    assert {f"give AH to {left}", f"give AH to {right}"} <= set(options)
    assert len(options) == 20 and not any(a.endswith(f"to {d}") for a in options)
    act(state, 0, f"give AH to {left}")
    assert len(legal(state, 0)) == 9 and all(a.endswith(f"to {right}") for a in legal(state, 0))
    with pytest.raises(IllegalAction, match="already has its card"):
        act(state, 0, f"give 10H to {left}")
    act(state, 0, f"give AS to {right}")
    assert state.view(None)["hands"] == [8, 8, 8]
    assert "AH" in state.view(left)["hand"] and "AS" in state.view(right)["hand"]
    assert state.view(d)["given"] == [{"to": left, "card": "AH"}, {"to": right, "card": "AS"}]
    assert state.view(left)["given"] == [{"to": left, "card": "AH"}, {"to": right, "card": None}]
    assert state.view(right)["given"] == [{"to": left, "card": None}, {"to": right, "card": "AS"}]
    assert state.view(None)["given"] == [{"to": left, "card": None}, {"to": right, "card": None}]
    # AS came from the declarer's own hand: only he and its receiver know where it is
    assert "AS" not in words(state.view(left)) and "AS" not in words(state.view(None))


def test_seed_then_the_declarer_may_keep_or_raise_the_bid():
    state = new("KD QD", prikup="AH 10H KH")
    win_auction(state, 0, 110)
    act(state, 0, f"give AH to {seat(state, 1)}", f"give 10H to {seat(state, 2)}")
    options = legal(state, 0)
    assert options[:3] == ["contract 110", "contract 115", "contract 120"] and options[-1] == "contract 400"
    with pytest.raises(IllegalAction, match="kept at 110 or raised"):
        act(state, 0, "contract 105")
    act(state, 0, "contract 150")
    assert state.contract == 150 and state.view(None)["contract"] == 150
    assert state.view(None)["phase"] == "play" and state.to_act == (seat(state, 0),)


def test_q4_raising_above_120_needs_a_marriage_in_the_eight_cards():
    state = new("KD QD", "KH", prikup="QH 9H JH")
    win_auction(state, 0, 130)
    act(state, 0, f"give KD to {seat(state, 1)}", f"give 9C to {seat(state, 2)}")   # the marriage is given away
    assert legal(state, 0) == ["contract 130"]                                    # the bid may only be kept
    with pytest.raises(IllegalAction, match="needs a marriage"):
        act(state, 0, "contract 135")


def test_q4_a_bid_of_120_without_a_marriage_may_still_be_kept():
    state = new("AH", prikup="QH 9H JH")
    win_auction(state, 0, 120)
    act(state, 0, f"give 9H to {seat(state, 1)}", f"give JH to {seat(state, 2)}")
    assert legal(state, 0) == ["contract 120"]


# --- the four nines (seed, Q7) ---------------------------------------------------------------------------------

def nines_deal(**options):
    """Position 1 holds three nines, the fourth lies in the prikup; position 0 wins and gives it to him."""
    state = new("AH 10H", "9S 9C 9D", prikup="9H JC JD", **options)
    win_auction(state, 0)
    act(state, 0, f"give 9H to {seat(state, 1)}", f"give JC to {seat(state, 2)}", "contract 100")
    return state


def test_q7_four_nines_after_the_exchange_may_abandon_the_hand_with_no_score_and_the_same_dealer():
    state = nines_deal()
    assert state.to_act == (seat(state, 1),) and legal(state, 1) == ["show nines", "play on"]
    dealer, rows = state.dealer, list(state.sheet.rows)
    act(state, 1, "show nines")
    assert state.dealer == dealer and state.sheet.rows == rows == [] and state.deal_no == 2
    assert state.view(None)["phase"] == "bid" and state.view(None)["hands"] == [7, 7, 7]
    assert [e["type"] for e in state.events if e["type"] in ("nines", "abandoned")] == ["nines", "abandoned"]


def test_q7_the_holder_may_play_on():
    state = nines_deal()
    act(state, 1, "play on")
    assert state.view(None)["phase"] == "play" and state.to_act == (seat(state, 0),)


def test_q7_option_only_nines_as_dealt_count():
    state = nines_deal(nines_as_dealt=True)
    assert state.view(None)["phase"] == "play"               # one nine came from the prikup: no abandon
    dealt = new("AH 10H", "9S 9C 9D 9H", nines_as_dealt=True)
    win_auction(dealt, 0)
    act(dealt, 0, f"give JH to {seat(dealt, 1)}", f"give JC to {seat(dealt, 2)}", "contract 100")
    assert legal(dealt, 1) == ["show nines", "play on"]


# --- play: the lead, trumps and marriages (seed, Q5) -----------------------------------------------------------

def play_deal(**options):
    """Position 0 declares 100 and keeps 8 cards; the hands after the exchange (by position):

    0: KH QH AS 10S KD QD JC 9C      1: AH 10H JH 9H KS QS JS 9S      2: AD 10D JD 9D AC 10C KC QC
    """
    state = new("KH QH AS 10S KD QD JC", "AH 10H JH 9H KS QS JS", "AD 10D JD 9D AC 10C KC",
                prikup="9C 9S QC", **options)
    win_auction(state, 0)
    exchange(state, "9S", "QC")
    return state


def test_seed_the_declarer_leads_with_no_trumps_and_no_marriage_on_the_first_lead():
    state = play_deal()
    assert state.to_act == (seat(state, 0),) and state.view(None)["trump"] is None
    assert not [a for a in legal(state, 0) if a.startswith("marry")]
    with pytest.raises(IllegalAction, match="first lead"):
        act(state, 0, "marry KH")


def test_q5_option_a_marriage_on_the_first_lead():
    state = play_deal(first_lead_marriage=True)
    assert {"marry KH", "marry QH", "marry KD", "marry QD"} <= set(legal(state, 0))


def test_seed_the_winner_of_a_trick_declares_a_marriage_by_leading_its_king_or_queen_and_trumps_change():
    state = play_deal()
    play(state, "AS", "9S", "AD")                    # no trumps yet: the ace of diamonds is just a discard
    assert state.last_trick[1] == seat(state, 0)
    options = legal(state, 0)
    assert {"marry KH", "marry QH", "marry KD", "marry QD"} <= set(options)
    assert not {"marry JC", "marry KS"} & set(options)
    play(state, "marry QD")
    view = state.view(None)
    assert view["trump"] == "diamonds"
    assert view["marriages"] == [{"seat": seat(state, 0), "suit": "diamonds", "points": 80}]
    play(state, "9H", "10D")                         # position 1 has no diamonds and no trump: anything
    assert state.last_trick[1] == seat(state, 2)       # the ten of diamonds beats the queen
    assert state.points()[seat(state, 0)] == 11 + 0 + 11 + 80   # the marriage counts though its queen was lost


def test_q5_declaring_is_optional_and_a_plain_lead_of_the_king_declares_nothing():
    state = play_deal()
    play(state, "AS", "9S", "AD", "KH", "AH", "QC")
    assert state.view(None)["trump"] is None and state.view(None)["marriages"] == []


def test_q5_only_the_leader_declares():
    state = play_deal()
    play(state, "AS", "9S", "AD", "JC")
    with pytest.raises(IllegalAction):
        play(state, "marry KS")                          # position 1 follows; he may not declare now


def test_q5_any_player_who_wins_a_trick_may_declare_and_a_new_marriage_changes_trumps_again():
    state = play_deal()
    play(state, "AS", "9S", "AD")
    play(state, "marry QH", "AH", "AC")              # hearts are trumps; position 1's ace wins
    assert state.view(None)["trump"] == "hearts" and state.to_act == (seat(state, 1),)
    play(state, "marry KS", "KC", "10S")             # position 1 declares spades: spades are trumps now
    view = state.view(None)
    assert view["trump"] == "spades" and [(x["seat"], x["suit"]) for x in view["marriages"]] == [
        (seat(state, 0), "hearts"), (seat(state, 1), "spades")]
    assert state.last_trick[1] == seat(state, 0)       # the ten of spades beats the king
    assert state.points()[seat(state, 1)] == 3 + 11 + 11 + 40


def test_seed_must_follow_suit_then_trump_then_anything():
    state = play_deal()
    play(state, "AS", "9S", "AD", "marry QH", "AH", "AC")
    play(state, "JS")                                   # position 1 leads a spade
    # position 2 has no spades and no hearts (trumps): anything
    assert set(legal(state, 2)) == {"play 10D", "play JD", "play 9D", "play 10C", "play KC", "play QC"}
    play(state, "10C")
    assert legal(state, 0) == ["play 10S"]              # position 0 must follow spades
    play(state, "10S")
    play(state, "JC")                                   # position 0 leads clubs
    assert legal(state, 1) == ["play 9H", "play JH", "play 10H"]   # no clubs: a trump (hearts)
    with pytest.raises(IllegalAction, match="must play a trump"):
        play(state, "KS")
    play(state, "9H")
    assert legal(state, 2) == ["play QC", "play KC"]     # clubs must be followed, though the trick is trumped


def test_q6_no_duty_to_beat_the_trick_nor_to_overtrump():
    state = play_deal()
    play(state, "AS", "9S", "AC", "QD", "9H")
    assert legal(state, 2) == ["play 9D", "play JD", "play 10D", "play AD"]   # lower diamonds as well
    hearts = m("9H JH AH")
    assert legal_cards(hearts, m("10C 10H"), CLUBS, HEARTS, False) == hearts     # any trump, though 10H leads
    assert legal_cards(hearts, m("10C 10H"), CLUBS, HEARTS, True) == m("AH")     # (the Polish rules: beat it)


def test_seed_the_highest_trump_wins_else_the_highest_of_the_suit_led_in_the_order_a_10_k_q_j_9():
    state = play_deal()
    play(state, "10S", "JS", "10C")
    assert state.last_trick[1] == seat(state, 0)        # 10 beats J; a club does not count
    play(state, "marry KH", "9H", "AD")
    assert state.last_trick[1] == seat(state, 0)        # the king of hearts beats the nine; AD is no trump
    play(state, "JC", "JH", "AC")
    assert state.last_trick[1] == seat(state, 1)        # the jack of trumps beats the ace of clubs


# --- scoring a hand (seed, Q8) ---------------------------------------------------------------------------------

@pytest.mark.parametrize("points, rounded", [(0, 0), (2, 0), (3, 5), (7, 5), (8, 10), (23, 25), (49, 50), (97, 95)])
def test_q8_the_opponents_points_round_to_the_nearest_5(points, rounded):
    assert round_to(points, 5) == rounded


def test_seed_the_declarer_who_falls_short_loses_the_bid_and_the_opponents_add_their_rounded_points():
    state = play_deal()
    d, o1, o2 = (seat(state, p) for p in range(3))
    play_out(state)                                      # nobody declares a marriage
    row, detail = last_row(state)
    pts = recount(state)
    assert pts[d] == 41 and pts[o1] == 49 and pts[o2] == 30 and sum(pts) == 120
    assert detail["made"] is False and row[d] == -100
    assert row[o1] == 50 and row[o2] == 30


def test_seed_the_declarer_makes_the_bid_with_cards_and_marriages_and_is_not_rounded():
    state = play_deal()
    d, o1, o2 = (seat(state, p) for p in range(3))
    play_out(state, marriages_first)
    row, detail = last_row(state)
    pts = recount(state)
    assert pts[d] == 59 + 80 + 100 and pts[o1] == 61 and pts[o2] == 0
    assert detail["made"] and row[d] == 100 and row[o1] == 60 and row[o2] == 0
    assert detail["points"] == pts


# --- the end of the match (seed, Q10) --------------------------------------------------------------------------

def end_of(totals_by_position: list[int]):
    """``play_deal`` played to its end (position 0 makes 100, 1 scores 60, 2 nothing) from these totals."""
    state = play_deal()
    totals = [0, 0, 0]
    for p, t in enumerate(totals_by_position):
        totals[seat(state, p)] = t
    set_scores(state, totals)
    play_out(state, marriages_first)
    return state


def test_seed_first_to_1000_wins():
    state = end_of([850, 930, 0])
    assert not state.over
    state = end_of([900, 930, 0])
    assert state.over and state.winners == (seat(state, 0),) and state.view(None)["winners"] == [seat(state, 0)]
    assert state.to_act == () and state.legal(seat(state, 0)) == []


def test_q10_the_declarer_wins_if_he_is_among_several_reaching_1000():
    state = end_of([900, 960, 0])                        # 1000 and 1020
    assert state.over and state.winners == (seat(state, 0),)


def test_q10_otherwise_the_higher_score_wins():
    state = end_of([0, 960, 1000])                       # 1020 and 1000
    assert state.over and state.winners == (seat(state, 1),)


def test_q10_an_exact_tie_plays_on():
    state = end_of([0, 940, 1000])                       # 1000 and 1000
    assert not state.over and state.deal_no == 2 and state.view(None)["phase"] == "bid"
