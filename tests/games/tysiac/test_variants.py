"""The variants of tysiac.md on stacked hands: the barrel (Q11) and knocking off it, lines (Q12), Rospisat' (Q13),
bids over 120 without a marriage and the marriage cap (Q4), the Polish rules (Q1), the deal limit, and bad options.

Three stacked hands serve most tests (positions: 0 bids first, 2 deals):

* ``makes_100``: position 0 declares 100 and makes it with two marriages (239); 1 scores 61, 2 nothing.
* ``makes_220``: position 0 declares (120 unless told) and takes every trick with the hearts marriage: 220.
* ``opponent_220``: position 0 declares 100 and takes nothing; 1 takes every trick with the hearts marriage.

Each returns the state after the hand and the seats by position; standings are given by position too.
"""

import pytest

import parlour
from parlour.core.errors import BadOption, IllegalAction

from .helpers import (act, drive, exchange, last_row, legal, marriages_first, new, play, play_out, recount, seat,
                      set_scores, win_auction)

PLAY_DEAL = ("KH QH AS 10S KD QD JC", "AH 10H JH 9H KS QS JS", "AD 10D JD 9D AC 10C KC")


def at(state, totals=None, barrels=None, line_counts=None, p_counts=None) -> list[int]:
    """Set the standings (given by position) before the hand; return the seats by position."""
    seats = [seat(state, p) for p in range(3)]

    def by_seat(values):
        return None if values is None else [values[seats.index(s)] for s in range(3)]

    set_scores(state, by_seat(totals) or list(state.sheet.totals), by_seat(barrels), by_seat(line_counts),
               by_seat(p_counts))
    return seats


def makes_100(totals=None, barrels=None, line_counts=None, contract=None, **options):
    state = new(*PLAY_DEAL, prikup="9C 9S QC", **options)
    seats = at(state, totals, barrels, line_counts)
    win_auction(state, 0)
    exchange(state, "9S", "QC", contract)
    play_out(state, marriages_first)
    return state, seats


def makes_220(totals=None, barrels=None, line_counts=None, bid=120, **options):
    state = new("AH 10H KH QH AD 10D AS", "9S JS QS KS 9C JC QC", prikup="10S AC 10C", **options)
    seats = at(state, totals, barrels, line_counts)
    win_auction(state, 0, bid)
    exchange(state, "AD", "10D")
    drive(state, {0: "AS,marry QH,AH,10H,KH,10S,AC,10C".split(",")})
    return state, seats


def opponent_220(totals=None, barrels=None, line_counts=None, **options):
    state = new("9S JS 9C JC 9D JD JH", "KH QH AS 10S AH 10H KS", prikup="AD 10D KD", **options)
    seats = at(state, totals, barrels, line_counts)
    win_auction(state, 0)
    exchange(state, "9C", "9D")
    drive(state, {0: ["9S"], 1: ["AS", "marry QH", "AH", "10H", "KH", "10S", "KS", "9C"], 2: ["QS"]})
    return state, seats


def positions(seats, values):
    return [values[s] for s in seats]


def totals(result):
    state, seats = result
    return positions(seats, state.sheet.totals)


def barrels(result):
    state, seats = result
    return positions(seats, state.standing.barrel)


def line_counts(result):
    state, seats = result
    return positions(seats, state.standing.lines)


def test_the_three_hands_score_as_described():
    for make, expect in ((makes_100, [239, 61, 0]), (makes_220, [220, 0, 0]), (opponent_220, [0, 220, 0])):
        state, seats = make()
        assert positions(seats, recount(state)) == expect


# --- the barrel (Q11) ------------------------------------------------------------------------------------------

def test_q11_no_score_between_880_and_1000_reaching_it_puts_a_player_on_the_barrel():
    result = makes_100([800, 850, 0], barrel=True)          # 900 and 910 become 880: two on the barrel (Q11e)
    assert totals(result) == [880, 880, 0] and barrels(result) == [0, 0, -1]
    state, seats = result
    assert positions(seats, state.view(None)["barrel"]) == [0, 0, None]
    assert totals(makes_100([800, 850, 0])) == [900, 910, 0]   # not without the option


def test_q11_a_barrel_player_who_is_not_declarer_keeps_nothing_and_spends_a_hand():
    result = makes_100([0, 880, 0], [-1, 0, -1], barrel=True)
    assert totals(result) == [100, 880, 0] and barrels(result) == [-1, 1, -1]


def test_q11a_a_barrel_declarer_wins_with_a_contract_of_120_or_more():
    state, seats = result = makes_220([880, 0, 0], [0, -1, -1], barrel=True)
    assert totals(result) == [1000, 0, 0] and state.over and state.winners == (seats[0],)


def test_q11a_a_smaller_contract_won_on_the_barrel_leaves_the_score_at_880():
    state, seats = result = makes_100([880, 0, 0], [1, -1, -1], barrel=True)
    assert totals(result) == [880, 60, 0] and barrels(result) == [2, -1, -1] and not state.over


def test_q11d_a_lost_contract_takes_the_declarer_off_the_barrel():
    result = makes_100([880, 0, 0], [1, -1, -1], contract=250, barrel=True)   # 239 of 250
    assert totals(result) == [630, 60, 0] and barrels(result) == [-1, -1, -1]


def test_q11bc_after_three_hands_on_the_barrel_a_player_falls_off_to_760():
    result = makes_100([0, 880, 880], [-1, 2, 0], barrel=True)
    assert totals(result) == [100, 760, 880] and barrels(result) == [-1, -1, 1]
    assert last_row(result[0])[1]["fell off barrel"] == [result[1][1]]


def test_q10_with_the_barrel_only_a_declarer_can_finish():
    state, _ = result = opponent_220([0, 870, 0], barrel=True)   # 1090 would win without the barrel
    assert totals(result) == [-100, 880, 0] and barrels(result) == [-1, 0, -1] and not state.over
    state, seats = plain = opponent_220([0, 870, 0])
    assert state.over and state.winners == (seats[1],) and totals(plain) == [-100, 1090, 0]


def test_q11f_a_barrel_player_first_to_bid_still_opens_100():
    state = new(barrel=True)
    at(state, [880, 0, 0], [0, -1, -1])
    assert legal(state, 0) == ["bid 100", "bid 105", "bid 110", "bid 115", "bid 120"]


def test_q11e_option_getting_onto_the_barrel_knocks_off_a_player_already_there():
    result = makes_100([800, 880, 0], [-1, 0, -1], barrel=True, barrel_knock=True)
    assert totals(result) == [880, 760, 0] and barrels(result) == [0, -1, -1]


# --- lines (Q12) -----------------------------------------------------------------------------------------------

def test_q12_an_opponent_who_takes_no_points_gets_a_line_and_every_third_costs_120():
    assert line_counts(makes_100(lines=True)) == [0, 0, 1]
    assert line_counts(makes_100()) == [0, 0, 0]             # not without the option
    result = makes_100([0, 0, 500], line_counts=[0, 0, 2], lines=True)
    assert totals(result) == [100, 60, 380] and line_counts(result) == [0, 0, 3]
    result = makes_100([0, 0, 500], line_counts=[0, 0, 3], lines=True)
    assert totals(result) == [100, 60, 500] and line_counts(result) == [0, 0, 4]


def test_q12_no_line_for_the_declarer_nor_for_a_player_on_the_barrel():
    assert line_counts(opponent_220(lines=True)) == [0, 0, 1]       # the declarer took nothing: no line
    result = makes_220([0, 880, 0], [-1, 0, -1], lines=True, barrel=True)
    assert line_counts(result) == [0, 0, 1]


# --- Rospisat' (Q13) ------------------------------------------------------------------------------------------

def rospisat_deal(totals=None, barrels=None, p_counts=None, **options):
    state = new(*PLAY_DEAL, prikup="9C 9S QC", rospisat=True, **options)
    seats = at(state, totals, barrels, p_counts=p_counts)
    win_auction(state, 0)
    return state, seats


def test_q13_rospisat_after_seeing_the_prikup_and_before_giving_a_card():
    state, seats = rospisat_deal()
    assert "rospisat" in legal(state, 0) and state.view(seats[0])["prikup"] == ["9C", "9S", "QC"]
    act(state, 0, f"give 9S to {seats[1]}")
    assert "rospisat" not in legal(state, 0)
    with pytest.raises(IllegalAction, match="before any card is given"):
        act(state, 0, "rospisat")
    plain = new(*PLAY_DEAL, prikup="9C 9S QC")
    win_auction(plain, 0)
    with pytest.raises(IllegalAction, match="not played at this table"):
        act(plain, 0, "rospisat")


def test_q13_rospisat_gives_the_declarer_a_p_and_each_opponent_60_and_every_third_p_costs_120():
    state, seats = result = rospisat_deal(lines=True)
    dealer = state.dealer
    act(state, 0, "rospisat")
    row, detail = last_row(state)
    assert positions(seats, row) == [0, 60, 60] and detail["p"] == [seats[0]] and detail["rospisat"]
    assert positions(seats, state.standing.ps) == [1, 0, 0] and line_counts(result) == [0, 0, 0]   # no lines
    assert state.dealer == (dealer + 1) % 3 and state.view(None)["phase"] == "bid"
    state, seats = result = rospisat_deal([300, 0, 0], p_counts=[2, 0, 0])
    act(state, 0, "rospisat")
    assert totals(result) == [180, 60, 60]


def test_q13_not_on_the_barrel_and_opponents_on_the_barrel_get_nothing():
    state, seats = rospisat_deal([880, 0, 0], [0, -1, -1], barrel=True)
    assert "rospisat" not in legal(state, 0)
    with pytest.raises(IllegalAction, match="on the barrel"):
        act(state, 0, "rospisat")
    state, seats = result = rospisat_deal([0, 880, 850], [-1, 0, -1], barrel=True)
    act(state, 0, "rospisat")
    assert totals(result) == [0, 880, 880] and barrels(result) == [-1, 1, 0]


# --- the auction's options (Q4) --------------------------------------------------------------------------------

def test_q4_option_bids_above_120_without_a_marriage():
    state = new("KH JH 9S", "KD JD", bid_without_marriage=True)
    assert legal(state, 0)[-1] == "bid 400"


def test_q4_house_option_a_bid_is_capped_at_120_plus_the_marriages_held():
    state = new("KH QH KS QS", "KD JD", marriage_cap=True)
    assert legal(state, 0)[-1] == "bid 260"                 # 120 + 100 + 40
    act(state, 0, "bid 150")
    assert legal(state, 1) == ["pass"]
    with pytest.raises(IllegalAction, match="at most 120"):
        act(state, 1, "bid 155")


# --- the Polish rules (Q1) -------------------------------------------------------------------------------------

def test_q1_the_polish_preset_sets_its_four_rules_and_each_can_still_be_set():
    game = parlour.load("tysiac", preset="polish")
    assert {k: game.options[k] for k in ("bid_step", "rounding", "must_beat", "lock_800")} == {
        "bid_step": 10, "rounding": 10, "must_beat": True, "lock_800": True}
    assert parlour.load("tysiac", preset="polish", must_beat=False).options["must_beat"] is False
    assert parlour.load("tysiac").options["bid_step"] == 5


def test_q1_polish_bids_go_up_in_tens():
    state = new("KH QH", preset="polish")
    assert legal(state, 0)[:3] == ["bid 100", "bid 110", "bid 120"]
    with pytest.raises(IllegalAction, match="steps of 10"):
        act(state, 0, "bid 105")


def test_q1_polish_a_player_must_beat_the_trick_and_points_round_to_10():
    state = new(*PLAY_DEAL, prikup="9C 9S QC", must_beat=True)
    win_auction(state, 0)
    exchange(state, "9S", "QC")
    play(state, "AS", "9S", "AC", "QD", "9H")
    assert legal(state, 2) == ["play 10D", "play AD"]      # beat the queen of diamonds
    for rounding, row in ((5, [100, 65, 115]), (10, [100, 70, 110])):
        state = new(*PLAY_DEAL, prikup="9C 9S QC", rounding=rounding)
        seats = [seat(state, p) for p in range(3)]
        win_auction(state, 0)
        exchange(state, "9S", "QC")
        play_out(state, lambda options: options[-1])   # the highest card, or the last marriage
        assert positions(seats, recount(state)) == [121, 66, 113] and positions(seats, last_row(state)[0]) == row


def test_q1_polish_beating_is_not_owed_beneath_a_trump_in_the_trick():
    state = new(*PLAY_DEAL, prikup="9C 9S QC", must_beat=True)
    win_auction(state, 0)
    exchange(state, "9S", "QC")
    play(state, "AS", "9S", "AC", "marry QH", "AH", "10C")   # hearts trumps; position 1 wins
    play(state, "JS", "JD", "10S")                          # position 0 must beat the jack with the ten
    play(state, "JC", "JH")                                 # position 1 trumps the club lead
    assert legal(state, 2) == ["play QC", "play KC"]      # the trick is trumped: any club may follow


def test_q1_polish_above_800_only_a_won_contract_scores():
    result = makes_100([900, 810, 800], lock_800=True)
    assert totals(result) == [1000, 810, 800]
    result = makes_100([0, 800, 0], lock_800=True)
    assert totals(result) == [100, 860, 0]


# --- the deal limit and bad options ----------------------------------------------------------------------------

def test_the_deal_limit_ends_the_match_with_the_highest_total():
    state, seats = makes_100(deal_limit=1)
    assert state.over and state.winners == (seats[0],) and state.events[-1]["deal_limit"] == 1


@pytest.mark.parametrize("options, message", [
    ({"bid_step": 7}, "must be one of"), ({"preset": "soviet"}, "must be one of"), ({"barrel": "yes"}, "true or false"),
    ({"deal_limit": -1}, "must be in"), ({"trumps": True}, "has no option"), ({"players": 4}, "played by 3")])
def test_bad_options_are_refused_saying_what_is_allowed(options, message):
    with pytest.raises(BadOption, match=message):
        parlour.load("tysiac", **options)


def test_the_audit_recounts_a_whole_match_with_the_barrel_knocks_lines_and_rospisat():
    from parlour.bots import make, play_match

    game = parlour.load("tysiac", barrel=True, barrel_knock=True, lines=True, rospisat=True)
    state, _ = play_match(game, [make("heuristic", game, s, seed=s) for s in range(3)], seed=3, record=False)
    state.audit()  # the sheet recomputed from the public events by code of its own
    seen = {k for e in state.events if e["type"] == "score" for k in e}
    assert {"on barrel", "fell off barrel", "knocked off barrel", "line", "p"} <= seen
    assert state.over and max(state.scores[w] for w in state.winners) >= 1000
