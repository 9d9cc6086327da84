"""The rulings of tarok.md on whole deals from stacked decks: bidding order and priority, the compulsory Klop,
king calling, the talon's destination, forfeits, announcements, leads, ultimo keep-backs, the Mond penalty in
play and its talon option, wheels, the end of the match and its variant, the three-player game, and the
options' documentation.

Scoring arithmetic on positions is in ``test_rulings_scoring.py``.
"""

from pathlib import Path

import pytest

import parlour
from parlour.games.tarok.cards import mask_of_codes as m, rounded, third_points

from .helpers import act, legal, new, play_out, seat, stack

ALL_BIDS = ["bid two", "bid one", "bid solo three", "bid solo two", "bid solo one", "bid beggar",
            "bid solo without", "bid open beggar", "bid colour valat without", "bid valat without"]


def bid_alone(state, contract: str, position: int = 1) -> None:
    """``position`` bids ``contract`` and everybody else passes; the winner keeps his bid."""
    if position == 0:
        for p in (1, 2, 3):
            act(state, p, "pass")
        act(state, 0, f"bid {contract}")
        return
    for p in range(1, 4):
        act(state, p, f"bid {contract}" if p == position else "pass")
    act(state, 0, "pass")
    while state.view(None)["phase"] == "bid":
        act(state, position, "pass")
    if state.view(None)["phase"] == "contract":
        act(state, position, f"contract {contract}")


def pass_announcements(state) -> None:
    while state.view(None)["phase"] == "announce":
        state.apply(state.to_act[0], "pass")


def last_row(state):
    label, points, detail = state.sheet.rows[-1]
    return list(points), detail


def last_deal(state) -> list[dict]:
    """The events of the last scored deal, from its deal event to its score."""
    end = max(i for i, e in enumerate(state.events) if e["type"] == "score")
    start = max(i for i, e in enumerate(state.events[:end]) if e["type"] == "deal")
    return state.events[start:end + 1]


def piles(state) -> list[int]:
    """Each seat's won cards in the last scored deal, rebuilt from its play and trick events."""
    won, trick = [0] * state.game.players, 0
    for e in last_deal(state):
        if e["type"] == "play":
            trick |= m(e["card"])
        elif e["type"] == "trick":
            won[e["winner"]] |= trick | m(e.get("talon", "")) | m(e.get("rest of talon", []))
            trick = 0
    return won


def laid_away(state) -> int:
    return m(next(e["cards"] for e in last_deal(state) if e["type"] == "laid away"))


def forfeit_deal(*hands: str) -> list[str]:
    """A deal forehand ends at once: he bids Three, calls the king of hearts lying in the talon, forfeits."""
    return stack(*hands, talon="KH 7C 8C 9C 10C JC")


def forfeit(state) -> None:
    for p in (1, 2, 3):
        act(state, p, "pass")
    act(state, 0, "bid three", "call king hearts", "forfeit")


# --- seed: the deal ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, packet", [(4, 6), (3, 8)])
def test_seed_the_talon_first_then_packets_in_turn_from_forehand(players, packet):
    suits = list(range(22, 54))
    rest = [c for pair in zip(range(22), suits[6:]) for c in pair] + suits[28:]   # a tarok in every packet
    deck = suits[:6] + rest
    state = parlour.load("tarok", players=players).new(seed=2, deck=[deck])
    assert state.talon == suits[:6]
    for i, start in enumerate(range(6, 54, packet)):
        holder = (state.forehand + i) % players
        assert all(state.hands[holder] >> c & 1 for c in deck[start:start + packet])


# --- seed: contracts in order, bidding order and priority (Q3) -------------------------------------------------

def test_seed_the_contracts_in_order_from_two_for_the_others_and_from_klop_for_forehand():
    state = new()
    assert legal(state, 1) == ["pass"] + ALL_BIDS
    for p in (1, 2, 3):
        act(state, p, "pass")
    assert legal(state, 0) == ["bid klop", "bid three"] + ALL_BIDS


def test_q3_bidding_goes_round_from_the_player_after_forehand_and_forehand_speaks_last():
    state = new()
    order = []
    for text in ("bid two", "bid one", "bid solo three", "bid solo three", "bid solo two"):
        order.append(state.to_act[0])
        state.apply(state.to_act[0], text)
    assert order == [seat(state, p) for p in (1, 2, 3, 0, 1)]


def test_q3_priority_forehand_then_each_next_seat_may_hold_a_later_seats_bid():
    state = new()
    act(state, 1, "bid two")
    act(state, 2, "pass")
    act(state, 3, "bid one")
    act(state, 0, "pass")
    assert "bid one" in legal(state, 1)          # position 1 speaks before position 3: it may hold
    act(state, 1, "bid one")
    assert "bid one" not in legal(state, 3) and "bid solo three" in legal(state, 3)


def test_seed_a_bid_above_the_others_wins_and_the_winner_may_raise_to_any_higher_contract():
    state = new()
    act(state, 1, "bid one")
    for p in (2, 3, 0):
        act(state, p, "pass")
    assert legal(state, 1) == ["contract " + b[4:] for b in ALL_BIDS[1:]]


def test_seed_forehand_may_pass_once_another_player_bids():
    state = new()
    act(state, 1, "bid two")
    act(state, 2, "pass")
    act(state, 3, "pass")
    assert legal(state, 0)[0] == "pass"
    act(state, 0, "pass")
    assert state.view(None)["phase"] == "contract" and state.to_act == (seat(state, 1),)


def test_seed_in_the_redeal_after_a_tarokless_hand_a_solo_without_bid_is_played():
    state = new("KH QH NH JH 1H 2H 3H 4H KD QD ND JD")
    assert state.mode == "redeal"
    bid_alone(state, "solo without")
    assert state.view(None)["contract"] == "solo without"


def test_seed_a_score_back_at_exactly_zero_makes_the_next_deal_a_klop_without_bidding():
    game = parlour.load("tarok")
    state = game.new(seed=1, deck=[forfeit_deal(), stack()])
    declarer = seat(state, 0)
    state.sheet.add("before", [10 if s == declarer else 0 for s in range(4)])
    forfeit(state)
    assert state.scores[declarer] == 0
    assert state.mode == "klop" and state.view(None)["contract"] == "klop" and state.view(None)["phase"] == "play"


def test_seed_a_score_leaving_zero_is_no_return_to_zero():
    game = parlour.load("tarok")
    state = game.new(seed=1, deck=[forfeit_deal(), stack()])
    forfeit(state)                                        # 0 -> -10: the next deal is bid as usual
    assert state.mode == "normal" and state.view(None)["phase"] == "bid"


# --- king calling and the talon (Q4, Q6) -----------------------------------------------------------------------

def test_q4_called_king_left_in_the_talon_the_declarer_plays_alone_and_the_king_goes_to_the_opponents():
    state = new("T20 T19 T18", talon="7C 8C 9C KH 10C JC")
    bid_alone(state, "three", position=0)
    act(state, 0, "call king hearts", "talon 0")
    assert state.partner == -1 and state.revealed and not state.king_rest
    act(state, 0, legal(state, 0)[0])
    declarer = seat(state, 0)
    pass_announcements(state)
    play_out(state)
    points, detail = last_row(state)
    pile = piles(state)[declarer] | laid_away(state)
    assert detail["card_points"][0] == rounded(third_points(pile))
    assert not pile & m("KH 10C JC")                      # the king and the rest of the talon: the opponents'
    others = [p for s, p in enumerate(points) if s != declarer and s != detail.get("mond_lost")]
    assert others == [0, 0, 0][:len(others)]             # nobody shares the declarer's score


@pytest.mark.parametrize("contract, cost", [("three", 10), ("two", 20), ("one", 30)])
def test_q6_forfeiting_when_the_called_king_is_in_the_talon_costs_10_20_30(contract, cost):
    state = new("T20", talon="KH KD 7C 8C 9C 10C")
    bid_alone(state, contract, position=0 if contract == "three" else 1)
    d = 0 if contract == "three" else 1
    declarer = seat(state, d)
    act(state, d, "call king hearts", "forfeit")
    points, detail = last_row(state)
    assert points == [-cost if s == declarer else 0 for s in range(4)] and detail["forfeit"]
    assert state.deals == 1                               # the deal ends there


def test_q4_a_queen_called_with_all_four_kings_makes_its_holder_the_partner():
    state = new("KH KD KS KC T20", "", "QH")
    bid_alone(state, "three", position=0)
    act(state, 0, "call queen hearts")
    assert state.partner == seat(state, 2) and state.called == m("QH").bit_length() - 1


def test_seed_no_forfeit_when_the_called_king_is_not_in_the_talon():
    state = new("KH T20")
    bid_alone(state, "three", position=0)
    act(state, 0, "call king diamonds")
    assert "forfeit" not in legal(state, 0)


def test_seed_discards_count_for_the_declarer_and_the_rest_of_the_talon_for_the_opponents():
    state = new("T20 T19 T18 QS QC", talon="QH QD NH ND JH JD")
    bid_alone(state, "three", position=0)
    act(state, 0, "call king spades", "talon 0")          # takes QH QD NH
    act(state, 0, "discard QH QD NH")                     # lays them away again: they still count for him
    side_seats = {seat(state, 0), state.partner} - {-1}
    pass_announcements(state)
    play_out(state)
    points, detail = last_row(state)
    won = piles(state)
    side = 0
    for s in side_seats:
        side |= won[s]
    assert detail["card_points"][0] == rounded(third_points(side | m("QH QD NH")))
    rest = m("ND JH JD")
    assert not side & rest                                 # the untaken group counted for the opponents


@pytest.mark.parametrize("free", [False, True])
def test_q5_taroks_laid_away_only_when_forced_or_with_the_option_freely_and_always_face_up(free):
    state = new("", "T20 T21 SKIS T1 KH KD T2 T3 7C 8C 9C 10C", talon="JC NC QC 7S 8S 9S",
                free_tarok_discards=free)
    bid_alone(state, "solo three")
    act(state, 1, "talon 0")                              # takes JC NC QC: seven plain cards besides the kings
    options = legal(state, 1)
    with_taroks = [o for o in options if any(c.startswith("T") for c in o.split()[1:])]
    assert bool(with_taroks) == free
    assert "discard T2 T3 7C" in options if free else "discard 7C 8C 9C" in options
    assert not any(c in o.split() for o in options for c in ("KH", "KD", "T1", "T21", "SKIS"))
    if free:
        act(state, 1, "discard T2 T3 7C")
        view = state.view(seat(state, 0))
        assert view["shown"] == ["T2", "T3"] and "7C" not in str(view)
        assert not state.hands[seat(state, 1)] & m("T2 T3 7C")


@pytest.mark.parametrize("contract, count", [("three", 3), ("two", 2), ("one", 1), ("solo three", 3),
                                             ("solo two", 2), ("solo one", 1)])
def test_seed_the_declarer_lays_away_as_many_cards_as_he_took(contract, count):
    state = new("KS 7S 8S 9S 10S JS", "KC 7C 8C 9C 10C JC")
    d = 0 if contract == "three" else 1
    bid_alone(state, contract, position=d)
    if state.view(None)["phase"] == "call":
        act(state, d, "call king hearts")
    act(state, d, "talon 0")
    options = legal(state, d)
    assert options and all(len(o.split()) == 1 + count for o in options)


def test_seed_solo_without_the_talon_stays_face_down_and_goes_to_the_opponents():
    state = new("", "SKIS T21 T20", talon="KH KD KS QH QD QS")
    bid_alone(state, "solo without")
    assert state.view(seat(state, 0))["talon"] is None and state.view(None)["phase"] == "announce"
    d = seat(state, 1)
    pass_announcements(state)
    play_out(state)
    points, detail = last_row(state)
    assert detail["card_points"][0] == rounded(third_points(piles(state)[d]))
    assert detail["card_points"][1] == 70 - detail["card_points"][0]


# --- announcements and kontra (Q7, Q8) -----------------------------------------------------------------------

def two_in_announcements(*hands: str):
    state = new(*hands)
    bid_alone(state, "two")
    act(state, 1, "call king hearts", "talon 0")
    act(state, 1, legal(state, 1)[0])
    return state


def test_q8_an_announced_valat_closes_every_other_announcement():
    state = two_in_announcements("T1", "", "KH")
    act(state, 0, "pass")
    act(state, 1, "announce valat")
    assert not [o for o in legal(state, 2) if o.startswith("announce")]
    assert not [o for o in legal(state, 0) if o.startswith("announce")]


def test_q7_kontras_only_in_the_announcement_round():
    state = two_in_announcements("T1", "", "KH")
    pass_announcements(state)
    assert all(o.startswith("play") for o in legal(state, 0))


@pytest.mark.parametrize("contract", ["beggar", "solo without", "open beggar", "colour valat without",
                                      "valat without"])
def test_seed_higher_contracts_allow_kontra_but_no_bonus(contract):
    state = new()
    bid_alone(state, contract)
    assert legal(state, 0) == ["pass", "kontra game"]


def test_q14_colour_valat_chosen_after_the_exchange_allows_only_kontra_and_is_declarer_led():
    state = new()
    bid_alone(state, "solo two")
    act(state, 1, "talon 0")
    act(state, 1, legal(state, 1)[0])
    act(state, 1, "contract colour valat")
    assert legal(state, 0) == ["pass", "kontra game"]
    pass_announcements(state)
    assert state.to_act == (seat(state, 1),)


def test_q7_a_kontra_doubles_the_played_game_through_to_the_sheet():
    state = new("", "SKIS 4H")
    bid_alone(state, "beggar")
    act(state, 0, "kontra game")
    act(state, 1, "rekontra game")
    d = seat(state, 1)
    pass_announcements(state)
    act(state, 1, "play SKIS")                            # the Beggar takes the first trick and loses
    for p in (2, 3, 0):
        act(state, p, legal(state, p)[0])
    points, _ = last_row(state)
    assert points[d] == -70 * 4


def play_tracking_keep_back(state, card: str):
    """Play the deal out by first legal card, checking ``card`` is never legal before the last trick while
    its holder has another legal card; returns the number of the trick it was played in."""
    played_in = None
    deal = state.deals
    while state.deals == deal:
        s = state.to_act[0]
        options = legal(state, (s - state.forehand) % 4)
        n = state.tricks_played
        if f"play {card}" in options and len(options) > 1:
            assert n == 11, f"{card} was playable in trick {n + 1}"
        choice = f"play {card}" if f"play {card}" in options else options[0]
        if choice == f"play {card}":
            played_in = n + 1
        state.apply(s, choice)
    return played_in


def test_seed_an_announced_pagat_ultimo_keeps_the_pagat_back_to_the_last_trick():
    state = two_in_announcements("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12", "", "KH")
    act(state, 0, "announce pagat ultimo")
    pass_announcements(state)
    assert play_tracking_keep_back(state, "T1") == 12


def test_seed_an_announced_king_ultimo_keeps_the_called_king_back_to_the_last_trick():
    state = two_in_announcements("", "", "KH 4H 3H 2H 1H JH NH QH T2 T3 T4 T5")
    act(state, 0, "pass")
    act(state, 1, "pass")
    act(state, 2, "announce king ultimo")
    pass_announcements(state)
    assert play_tracking_keep_back(state, "KH") == 12


def test_seed_a_silent_pagat_may_be_played_at_any_time():
    state = two_in_announcements("T1 T2 7C", "", "KH")
    pass_announcements(state)
    assert "play T1" in legal(state, 0)


# --- leads and ends of play ------------------------------------------------------------------------------------

@pytest.mark.parametrize("contract, leader", [("three", 0), ("two", 0), ("one", 0), ("solo three", 0),
                                              ("solo two", 0), ("solo one", 0), ("beggar", 1),
                                              ("solo without", 1), ("open beggar", 1),
                                              ("colour valat without", 1), ("valat without", 1)])
def test_seed_forehand_leads_the_point_games_and_the_declarer_the_others(contract, leader):
    state = new("", "T20 T19 T18 T17", "KS")
    bid_alone(state, contract, position=0 if contract == "three" else 1)
    if state.view(None)["phase"] == "call":
        act(state, 0 if contract == "three" else 1, "call king spades")
    while state.view(None)["phase"] in ("talon", "discard", "colour"):
        state.apply(state.to_act[0], state.legal(state.to_act[0])[0])
    pass_announcements(state)
    assert state.to_act == (seat(state, leader),)


def test_seed_klop_forehand_leads():
    state = new()
    for p in (1, 2, 3):
        act(state, p, "pass")
    act(state, 0, "bid klop")
    assert state.to_act == (seat(state, 0),) and state.view(None)["phase"] == "play"


def test_seed_valat_without_ends_at_the_first_lost_trick():
    state = new("SKIS 7C 8C 9C 10C JC QC NC KC 7S 8S 9S", "T21 T20 T19 4H")
    bid_alone(state, "valat without")
    pass_announcements(state)
    act(state, 1, "play 4H")                             # the Škis takes it
    act(state, 2, legal(state, 2)[0])
    act(state, 3, legal(state, 3)[0])
    d = seat(state, 1)
    act(state, 0, "play SKIS")
    points, detail = last_row(state)
    assert state.deals == 1 and points[d] == -500 and not detail["won"]


def test_seed_valat_without_won_in_every_trick_scores_500():
    top = "SKIS T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11"
    state = new("", top)
    bid_alone(state, "valat without")
    d = seat(state, 1)
    pass_announcements(state)
    play_out(state, lambda options: options[-1])
    points, detail = last_row(state)
    assert detail["won"] and points[d] == 500
    assert sum(1 for e in last_deal(state) if e["type"] == "trick" and e["winner"] == d) == 12


def test_seed_colour_valat_ends_at_the_first_lost_trick_and_a_void_player_need_not_trump():
    state = new("KH T2", "4H T21 T20")
    bid_alone(state, "colour valat without")
    pass_announcements(state)
    act(state, 1, "play 4H")
    act(state, 2, legal(state, 2)[0])
    act(state, 3, legal(state, 3)[0])
    d = seat(state, 1)
    act(state, 0, "play KH")
    points, _ = last_row(state)
    assert state.deals == 1 and points[d] == -125


# --- the Mond penalty and the Emperor's trick in play (Q9, Q12) ------------------------------------------------

def test_q12_a_mond_caught_by_the_skis_costs_its_holder_21_not_doubled_by_wheels():
    # position 2's only tarok is the Mond; the declarer leads a tarok, position 3 takes it with the Škis
    state = new("", "T2 T3 T4", "T21 KH QH NH JH 1H 2H 3H 4H KD QD ND", "SKIS")
    state.wheels = [1, 1, 1, 1]
    bid_alone(state, "solo without")
    pass_announcements(state)
    act(state, 1, "play T2")
    act(state, 2, "play T21")
    act(state, 3, "play SKIS")
    act(state, 0, legal(state, 0)[0])
    d, mond = seat(state, 1), seat(state, 2)
    play_out(state)
    points, detail = last_row(state)
    assert detail["mond_lost"] == mond and points[mond] == -21
    assert points[d] in (160, -160, 500, -500)           # the declarer's score alone is doubled


def three_taking(group: str, **options):
    """Forehand plays Three with a wheel each; the Mond lies in the talon's first group of three.
    Returns the last row and the declarer's seat."""
    state = new("T20 T19 T18", talon="T21 7C 8C 9C 10C JC", **options)
    state.wheels = [1, 1, 1, 1]
    declarer = seat(state, 0)
    bid_alone(state, "three", position=0)
    act(state, 0, "call king hearts", f"talon {group}")
    act(state, 0, legal(state, 0)[0])
    pass_announcements(state)
    play_out(state)
    state.audit()
    return last_row(state), declarer


@pytest.mark.parametrize("group, left", [("0", False), ("1", True)])
def test_q12_option_a_mond_left_in_the_talon_costs_the_declarer_21_not_doubled_by_wheels(group, left):
    (plain, plain_detail), declarer = three_taking(group)
    (row, detail), _ = three_taking(group, mond_in_talon=True)
    assert "mond_left" not in plain_detail
    assert detail.get("mond_left") == (declarer if left else None)
    assert row == [p - 21 if s == declarer and left else p for s, p in enumerate(plain)]


def test_q9_the_emperors_trick_in_a_point_game_the_pagat_takes_skis_and_mond():
    state = new("", "T1 T5 T6", "T21 KH QH NH JH 1H 2H 3H 4H KD QD ND", "SKIS")
    bid_alone(state, "solo without")
    pass_announcements(state)
    act(state, 1, "play T1")
    act(state, 2, "play T21")
    act(state, 3, "play SKIS")
    act(state, 0, legal(state, 0)[0])
    trick = [e for e in state.events if e["type"] == "trick"][0]
    assert trick["winner"] == seat(state, 1)
    mond = seat(state, 2)
    play_out(state)
    points, detail = last_row(state)
    assert detail["mond_lost"] == mond and points[mond] == -21


# --- wheels (Q13) -------------------------------------------------------------------------------------------------

def test_q13_a_lost_game_is_doubled_for_each_wheel_and_crosses_none():
    state = new("", "SKIS 4H")
    state.wheels = [2, 2, 2, 2]
    bid_alone(state, "beggar")
    d = seat(state, 1)
    pass_announcements(state)
    act(state, 1, "play SKIS")
    for p in (2, 3, 0):
        act(state, p, legal(state, p)[0])
    points, _ = last_row(state)
    assert points[d] == -70 * 4
    assert state.wheels == [3, 3, 3, 3]                 # a Beggar gives everyone a wheel


def test_q13_an_announced_valat_in_a_point_game_gives_everyone_a_wheel():
    state = two_in_announcements("T1", "", "KH")
    act(state, 0, "pass")
    act(state, 1, "announce valat")
    pass_announcements(state)
    play_out(state)
    points, detail = last_row(state)
    assert abs(detail["bonuses"]["valat"]) == 500
    assert state.wheels == [1, 1, 1, 1]                  # won or lost (nobody had a wheel to cross)


def test_q13_a_won_game_is_doubled_then_crosses_one_wheel_of_the_declarer():
    state = new("", "SKIS T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11")
    state.wheels = [1, 1, 1, 1]
    bid_alone(state, "valat without")
    pass_announcements(state)
    d = seat(state, 1)
    play_out(state, lambda options: options[-1])
    points, detail = last_row(state)
    assert detail["won"] and points[d] == 1000
    assert state.wheels == [1 if s == d else 2 for s in range(4)]


def test_q13_a_won_point_game_crosses_a_wheel_of_the_declarer_and_of_the_partner():
    state = new("", "SKIS T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11", "KH")
    state.wheels = [1, 1, 1, 1]
    bid_alone(state, "two")
    act(state, 1, "call king hearts", "talon 0")
    act(state, 1, legal(state, 1)[0])
    side = {seat(state, 1), seat(state, 2)}
    pass_announcements(state)
    play_out(state)
    points, detail = last_row(state)
    assert detail["won"]
    crossed = [s for s in range(4) if state.wheels[s] < max(state.wheels)]
    assert set(crossed) == side


def test_q13_each_wheel_left_at_the_end_costs_100_with_the_fixed_rounds_variant():
    game = parlour.load("tarok", rounds=1)
    state = game.new(seed=3, deck=[stack()] + [forfeit_deal() for _ in range(3)])
    for p in (1, 2, 3):
        act(state, p, "pass")
    act(state, 0, "bid klop")
    play_out(state)
    assert state.wheels == [1, 1, 1, 1]
    for _ in range(3):
        declarer = state.forehand
        forfeit(state)
        assert state.sheet.rows[-1 if not state.over else -2][1] == tuple(-20 if s == declarer else 0
                                                                         for s in range(4))
    assert state.over and state.deals == 4
    label, points, _ = state.sheet.rows[-1]
    assert label == "wheels" and points == (-100, -100, -100, -100)


# --- the end of the match (Q17) ----------------------------------------------------------------------------------

def test_q17_the_skis_round_ends_when_the_player_dealt_the_skis_has_dealt():
    game = parlour.load("tarok", skis_after=1)
    deals = [forfeit_deal(), forfeit_deal("", "SKIS")] + [forfeit_deal() for _ in range(4)]
    state = game.new(seed=5, deck=deals)
    first_dealer = state.dealer
    forfeit(state)
    assert state.skis_round and state.last_dealer == (first_dealer + 3) % 4   # position 1 of deal 2
    while not state.over:
        forfeit(state)
    assert state.deals == 4 and state.dealer == state.last_dealer


def test_q17_a_skis_in_the_talon_leaves_the_choice_to_the_next_deal():
    game = parlour.load("tarok", skis_after=1)
    skis_in_talon = stack(talon="KH SKIS 7C 8C 9C 10C")
    deals = [forfeit_deal(), skis_in_talon, forfeit_deal("", "", "SKIS")] + [forfeit_deal() for _ in range(4)]
    state = game.new(seed=5, deck=deals)
    first_dealer = state.dealer
    forfeit(state)
    assert state.last_dealer == -1
    forfeit(state)
    assert state.last_dealer == (first_dealer + 2 + 1 + 2) % 4   # deal 3: dealer +2, forehand +3, position 2
    while not state.over:
        forfeit(state)
    assert state.deals == 6


def test_q17_the_skis_holder_is_taken_from_the_deal_played_not_from_one_thrown_in():
    game = parlour.load("tarok", skis_after=1)
    bare = stack("KH QH NH JH 1H 2H 3H 4H KD QD ND JD", "SKIS")
    state = game.new(seed=5, deck=[forfeit_deal(), bare, forfeit_deal("", "", "SKIS")] + [forfeit_deal()] * 6)
    forfeit(state)
    assert state.mode == "redeal"
    assert state.hands[state.last_dealer] >> 21 & 1


def test_q17_the_fixed_rounds_variant_plays_players_times_rounds_deals():
    game = parlour.load("tarok", rounds=2, skis_after=1)
    state = game.new(seed=5, deck=[forfeit_deal() for _ in range(8)])
    while not state.over:
        forfeit(state)
    assert state.deals == 8 and not state.skis_round


# --- three players (Q15) -------------------------------------------------------------------------------------------

def test_q15_three_players_three_is_played_alone_with_a_talon_and_no_king_ultimo():
    state = new(players=3)
    act(state, 0, "bid three")
    act(state, 1, "pass")
    act(state, 2, "pass")
    if state.view(None)["phase"] == "contract":
        act(state, 0, "contract three")
    assert state.view(None)["phase"] == "talon" and legal(state, 0) == ["talon 0", "talon 1"]
    act(state, 0, "talon 0")
    act(state, 0, legal(state, 0)[0])
    assert legal(state, 0) == ["contract three", "contract colour valat"]
    act(state, 0, "contract three")
    for p in range(3):
        assert "announce king ultimo" not in legal(state, p)
        act(state, p, "pass")
    d = seat(state, 0)
    play_out(state)
    points, detail = last_row(state)
    assert [s for s in range(3) if points[s]] == [d]
    if "valat" not in detail["bonuses"]:
        assert abs(detail["game"]) == 10 + abs(detail["card_points"][0] - 35)
