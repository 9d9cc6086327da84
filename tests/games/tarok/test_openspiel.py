"""Cross-check against OpenSpiel's ``tarok``: the same deal, the same random card play, the same legal moves at
every step and the same card points at the end, for every contract both play by the same rules; then each
difference RULES.md lists, shown on OpenSpiel's own behaviour."""

import random

import pyspiel
import pytest

from parlour.games.tarok.cards import CODES, MOND, PAGAT, SKIS, SUIT, TAROKS, king_of
from parlour.games.tarok.contracts import (BEGGAR, COLOUR_VALAT_WITHOUT, KLOP, NAMES, OPEN_BEGGAR, SOLO_ONE,
                                           SOLO_THREE, SOLO_WITHOUT, THREE, TWO, VALAT_WITHOUT, bid_list)

from .crosscheck import PHASE, drive_auction, new_pair, play, texts

#: Every contract both engines play by the same rules (Colour valat without is not one: see below).
SAME_RULES = [KLOP, THREE, TWO, 3, SOLO_THREE, 5, SOLO_ONE, BEGGAR, SOLO_WITHOUT, OPEN_BEGGAR, VALAT_WITHOUT]


def contracts(players: int) -> list[int]:
    return [c for c in SAME_RULES if players == 4 or not SOLO_THREE <= c <= SOLO_ONE]


def one_deal(seed: int, players: int):
    """The contract, declarer and opening bid of a seed: every contract in turn, declarers round the table,
    and every third deal the declarer opens with Two and raises once the others have passed."""
    options = contracts(players)
    c = options[seed % len(options)]
    declarer = -1 if c == KLOP else 0 if c == THREE else (seed // len(options)) % players
    bid = TWO if declarer > 0 and TWO < c < VALAT_WITHOUT and seed % 3 == 0 else None
    return play(seed, players, c, declarer, bid)


@pytest.mark.parametrize("players,seeds", [(4, range(0, 2400)), (3, range(10_000, 11_600))])
def test_same_deal_same_play_same_legal_moves_and_card_points(players, seeds):
    results = [one_deal(seed, players) for seed in seeds]
    assert all(r.finished and not r.difference for r in results)
    assert sum(r.steps for r in results) > 30 * len(results)
    played = {r.contract for r in results}
    assert played == set(contracts(players))
    point_games = [r for r in results if r.card_points is not None]
    assert len(point_games) > len(results) // 3
    assert any(r.bonus for r in point_games)  # OpenSpiel's silent bonuses were checked, not only its zeros
    assert any(p < 0 for r in results for p in r.mond_penalties) or players == 3


# --- the differences, each shown on OpenSpiel's behaviour -----------------------------------------------------


def test_openspiel_forces_the_pagat_into_skis_and_mond_even_when_the_player_can_follow_suit():
    # Klop, Škis and Mond steered into tricks: in deal 706 a suit is led, two players trump with Škis and Mond,
    # and the next holds that suit and the Pagat. OpenSpiel allows only the Pagat; we make him follow suit.
    result = play(706, 4, KLOP, -1, prefer=(SKIS, MOND))
    assert result.difference == "emperor" and not result.finished


def test_openspiel_lets_the_winner_of_the_auction_raise():
    state = pyspiel.load_game("tarok", {"players": 4, "rng_seed": 1}).new_initial_state()
    state.apply_action(0)
    state.apply_action(TWO + 1)  # player 1 bids Two
    state.apply_action(0)
    state.apply_action(0)
    state.apply_action(0)  # forehand passes too: player 1 is asked again, like our "contract" step
    assert state.current_player() == 1
    assert state.legal_actions() == [c + 1 for c in bid_list(4) if c >= TWO]


def test_three_players_openspiel_opens_with_the_second_player_and_forehand_may_not_pass_last():
    state = pyspiel.load_game("tarok", {"players": 3, "rng_seed": 2}).new_initial_state()
    state.apply_action(0)
    assert state.current_player() == 1 and THREE + 1 not in state.legal_actions()
    state.apply_action(0)
    state.apply_action(0)
    assert 0 not in state.legal_actions() and KLOP + 1 in state.legal_actions()
    _, ours = new_pair(2, 3)
    assert ours.to_act == (ours.forehand,)  # ours (Q15): forehand opens, may pass, and anyone may bid Three
    assert {"pass", "bid three"} <= set(texts(ours, ours.forehand))


def test_openspiel_has_no_forfeit_when_the_called_king_is_in_the_talon():
    os_state, ours = new_pair(3, 4)  # the talon of deal 3 holds the king of spades
    assert king_of(3) in os_state.talon()
    drive_auction(os_state, ours, THREE, 0)
    os_state.apply_action(king_of(3))
    ours.apply(ours.declarer, "call king spades")
    assert os_state.legal_actions() == [0, 1]
    assert texts(ours, ours.declarer) == ["talon 0", "talon 1", "forfeit"]


def test_openspiel_plays_right_after_the_discard_no_colour_valat_announcements_or_kontra():
    os_state, ours = new_pair(4, 4)
    drive_auction(os_state, ours, SOLO_ONE, 1)
    os_state.apply_action(0)
    ours.apply(ours.declarer, "talon 0")
    card = next(a for a in ours.legal(ours.declarer)).payload
    os_state.apply_action(card.bit_length() - 1)
    ours.apply(ours.declarer, f"discard {CODES[card.bit_length() - 1]}")
    assert os_state.current_game_phase() == PHASE.TRICKS_PLAYING
    assert texts(ours, ours.declarer) == ["contract solo one", "contract colour valat"]
    ours.apply(ours.declarer, "contract solo one")
    assert ours.view(0)["phase"] == "announce"


def test_openspiel_charges_the_declarer_20_for_a_mond_left_in_the_talon():
    os_state, ours = new_pair(15, 4)  # the Mond is the first card of deal 15's talon
    assert os_state.talon()[0] == MOND
    drive_auction(os_state, ours, THREE, 0)
    os_state.apply_action(king_of(1))
    os_state.apply_action(1)  # the group without the Mond
    rng = random.Random(15)
    while not os_state.is_terminal():
        os_state.apply_action(rng.choice(os_state.legal_actions()))
    assert os_state.captured_mond_penalties() == [-20, 0, 0, 0]  # ours: −21, and only for a Mond lost in a trick


def test_colour_valat_without_differs_openspiel_may_lead_taroks_and_must_trump_when_void():
    led_taroks = must_trump = False
    for seed in range(40):
        os_state, ours = new_pair(seed, 4)
        drive_auction(os_state, ours, COLOUR_VALAT_WITHOUT, seed % 4)
        while ours.phase != 7:
            ours.apply(ours.to_act[0], "pass")
        rng = random.Random(seed)
        while not os_state.is_terminal() and not (led_taroks and must_trump):
            p = os_state.current_player()
            seat = (ours.forehand + p) % 4
            legal = os_state.legal_actions()
            mine = sorted(a.payload for a in ours.legal(seat))
            hand = os_state.player_cards(p)
            trick = os_state.trick_cards()
            if not trick and any(c < 22 for c in hand) and any(c >= 22 for c in hand):
                assert any(c < 22 for c in legal) and not any(c < 22 for c in mine)
                led_taroks = True
            elif trick and trick[0] >= 22 and any(c < 22 for c in hand) and \
                    not any(c >= 22 and SUIT[c] == SUIT[trick[0]] for c in hand):
                assert all(c < 22 for c in legal) and mine == sorted(hand)
                must_trump = True
            card = rng.choice([c for c in legal if c in mine] or legal)
            if card not in mine:
                break
            os_state.apply_action(card)
            ours.apply(seat, f"play {CODES[card]}")
        if led_taroks and must_trump:
            break
    assert led_taroks and must_trump


def test_the_card_numbering_is_openspiels():
    state = pyspiel.load_game("tarok", {"players": 4, "rng_seed": 0}).new_initial_state()
    assert [state.card_action_to_string(c) for c in (PAGAT, MOND, SKIS, 22, 29, 45, 53)] == [
        "Pagat", "Mond", "Skis", "4 of Hearts", "King of Hearts", "King of Spades", "King of Clubs"]
    assert TAROKS == (1 << 22) - 1 and NAMES[BEGGAR] == "beggar"
