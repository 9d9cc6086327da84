"""The seed's rules of Gami, each from a stacked deal: the deck and the deal, open cards, the exchange rules, the
GAMIs and their capture, and the two ways to lose."""

from __future__ import annotations

import json

import pytest

import parlour
from parlour.core.rng import Rng

from .helpers import DECK, GAMIS, exchangeable, gamis_with, hands, new, plain, play, result, stack, takes

#: A deal whose first player may exchange 7C-8C, 3D-4D, 5D-4D, 2H-3H and 4H-3H, the last making A-2-3 of hearts.
FIRST = "AH 2H 4H 6C 7C 2D 3D 5D 6D"
TABLE = "3H 8C AC 4D 7H 8D"
SECOND = "2C 3C 4C 5C AD 7D 5H 6H 8H"


def test_the_deck_is_a_through_8_of_three_suits_dealt_nine_nine_and_six():
    for seed in range(5):
        view = parlour.load("gami").new(seed=seed).view(None)
        assert len(view["hands"][0]) == len(view["hands"][1]) == 9 and len(view["table"]) == 6
        assert sorted(view["hands"][0] + view["hands"][1] + view["table"]) == sorted(DECK)
        assert not any(c.endswith("S") for c in DECK) and len(DECK) == 24


def test_a_stacked_deal_gives_the_first_player_the_first_nine_then_the_other_nine_then_the_table():
    state = new(FIRST, TABLE)
    first, second = hands(state)
    assert first == set(FIRST.split()) and second == set(SECOND.split())
    assert set(state.view(None)["table"]) == set(TABLE.split())
    assert state.to_act == (state.view(None)["first"],)


def test_all_cards_are_face_up_for_both_players_and_onlookers():
    state = new(FIRST, TABLE)
    views = [state.view(s) for s in (0, 1, None)]
    for key in ("hands", "table"):
        assert views[0][key] == views[1][key] == views[2][key]
    assert set(views[0]["hands"][1 - views[0]["first"]]) == set(SECOND.split())


def test_the_legal_exchanges_of_a_deal_are_the_seeds():
    state = new(FIRST, TABLE)
    assert plain(state) == {"exchange 7C 8C", "exchange 3D 4D", "exchange 5D 4D", "exchange 2H 3H", "exchange 4H 3H"}
    assert takes(state) == {"exchange 4H 3H"}
    seat = state.to_act[0]
    captures = {str(a).split()[-1] for a in state.legal(seat) if " take " in str(a)}
    assert captures == set(SECOND.split()), "a GAMI takes any one card of the opponent's hand"


def oracle_moves(hand: set[str], table: set[str], other: set[str]) -> set[str]:
    """Every legal action by the seed: each valid exchange, and after a GAMI each capture too."""
    found = set()
    for h in hand:
        for t in table:
            if exchangeable(h, t):
                found.add(f"exchange {h} {t}")
                if gamis_with(t, hand - {h} | {t}):
                    found |= {f"exchange {h} {t} take {c}" for c in other}
    return found


def test_every_legal_list_of_random_play_is_exactly_the_seeds():
    for seed in range(12):
        state = parlour.load("gami").new(seed=seed)
        rng = Rng(seed)
        while not state.over:
            view = state.view(None)
            seat = state.to_act[0]
            hand, other, table = set(view["hands"][seat]), set(view["hands"][1 - seat]), set(view["table"])
            assert set(map(str, state.legal(seat))) == oracle_moves(hand, table, other)
            state.apply(seat, rng.choice(state.legal(seat)))


@pytest.mark.parametrize("card, table, partners", [
    ("3H", "2H 4H 3C 3D 5H AH", {"2H", "4H"}),            # the seed: a 3 of hearts for the 2 or the 4 of hearts
    ("8D", "7D AD 8C 8H 6D 2D", {"7D", "AD", "8C"}),      # the seed: an 8 of diamonds for the 7 or the ace
    ("4C", "3C 5C 4D 4H 2C 6C", {"3C", "5C", "4D", "4H"}),  # the seed: a 4 of clubs for 4D, 4H, 3C and 5C
    ("6D", "5D 7D 6C 6H 4D 8D", {"5D", "7D", "6C"}),      # the seed: a 6 of diamonds for the 6 of clubs, not hearts
    ("AC", "2C 8C AD AH 3C 7C", {"2C", "8C"}),            # Q8: aces are odd and never change colour
])
def test_the_seeds_exchange_examples(card, table, partners):
    rest = [c for c in DECK if c != card and c not in table.split()]
    state = new(" ".join([card] + rest[:8]), table)
    assert {m.split()[2] for m in plain(state) if m.split()[1] == card} == partners


def test_a_first_player_who_cannot_exchange_loses_before_moving():
    # Nothing in the first hand is next to (or an even match of) a table card.
    state = new("5D 6D 7D AH 2H 3H 4H 5H 6H", "AC 3C 5C 7C AD 3D")
    first = state.view(None)["first"]
    assert state.over and state.winners == (1 - first,)
    assert [e["type"] for e in state.events] == ["deal", "result", "end"]
    assert result(state)["reason"] == "stuck" and result(state)["winner"] == 1 - first


def test_a_player_left_without_an_exchange_by_the_opponents_move_loses():
    state = new("2C 4C 5C 8C 2D 4D 8D 7H 8H", "AC 3C 6C 7C AD 3D")
    first = state.to_act[0]
    play(state, "exchange 5C 6C")  # the table becomes A 3 5 7 of clubs, A and 3 of diamonds
    assert state.over and state.winners == (first,)
    assert result(state) | {} == {"type": "result", "deal": 1, "winner": first, "reason": "stuck", "cards": [9, 9],
                                  "points": [2, 0] if first == 0 else [0, 2]}


@pytest.mark.parametrize("gami", [sorted(g) for g in GAMIS], ids=lambda g: "-".join(g))
def test_each_gami_picked_up_takes_a_card(gami):
    # Hold two cards of the GAMI and a card that exchanges for the third, which lies on the table.
    *held, third = sorted(gami, key=lambda c: (c[0] == "A", c))  # pick up the highest (the A of 7-8-A)
    give = next(c for c in DECK if c not in gami and exchangeable(c, third))
    rest = [c for c in DECK if c not in gami and c != give]
    first = held + [give] + rest[:6]
    table = [third] + rest[6:11]
    state = new(" ".join(first), " ".join(table))
    move = f"exchange {give} {third}"
    assert move in takes(state)
    victim = state.view(None)["hands"][1 - state.to_act[0]][0]
    play(state, f"{move} take {victim}")
    me, them = hands(state)
    assert victim in me and victim not in them and (len(me), len(them)) == (10, 8)
    assert set(gami) in [set(g) for g in state.events[-1]["gami"]]


@pytest.mark.parametrize("triple", ["2H 3H 4H", "4C 5C 6C", "6D 7D 8D", "8H AH 2H", "3C 3D 3H", "5C 5D 5H",
                                    "AC AD AH", "AH 2H 3C", "2C 2D 4H"])
def test_other_threes_are_no_gami(triple):
    cards = triple.split()
    third = cards[-1]
    give = next(c for c in DECK if c not in cards and exchangeable(c, third))
    rest = [c for c in DECK if c not in cards and c != give]
    # Fill the hand with cards that make no GAMI with the third card either, so only the triple is in question.
    filler = [c for c in rest if not any(third in g and c in g for g in GAMIS)][:6]
    table = [third] + [c for c in rest if c not in filler][:5]
    state = new(" ".join(cards[:2] + [give] + filler), " ".join(table))
    assert f"exchange {give} {third}" in plain(state)
    assert f"exchange {give} {third}" not in takes(state)


def test_a_gami_dealt_or_already_held_takes_nothing():
    # 5-6-7 of diamonds and the three 2s... are not formed by a picked-up card: only A-2-3 of hearts is.
    state = new("5D 6D 7D 2C 2D 2H AH 4H 8C", "3H 4D 8D AC 7C 5C")
    assert takes(state) == {"exchange 4H 3H"}
    seat = state.to_act[0]
    play(state, "exchange 8C 7C")  # picks up the 7C: no GAMI, although the hand holds two
    assert "gami" not in state.events[-1]
    assert len(state.view(None)["hands"][1 - seat]) == 9


def test_breaking_a_gami_and_picking_the_card_up_again_counts():
    # The seed's own example: give one card of a combination away, then pick it up again next turn.
    state = new("5D 6D 7D 2C 2H AH 4H 8C 3C", "4D 3H 8D AC 7C 5C")
    play(state, "exchange 7D 8D")  # breaks 5-6-7 of diamonds; the 7D lies on the table
    second_moves = plain(state)
    assert not any(m.split()[2] == "7D" for m in second_moves), "the opponent cannot take the 7D from the table"
    play(state, sorted(m for m in second_moves if m not in takes(state))[0])
    assert "exchange 8D 7D" in takes(state)


def test_a_captured_card_makes_no_gami_and_no_second_capture():
    state = new(FIRST, TABLE)
    first = state.to_act[0]
    play(state, "exchange 4H 3H take 7D")  # the 7D completes 5-6-7 of diamonds in the hand: that counts for nothing
    event = state.events[-1]
    assert event["gami"] == [["AH", "2H", "3H"]] and event["captured"] == "7D"
    assert state.to_act == (1 - first,), "one capture, then the turn passes"
    me, them = hands(state)
    assert (len(me), len(them)) == (10, 8)
    play(state, "exchange 2C AC")
    assert not any(m.split()[2] in ("5D", "6D", "7D") for m in takes(state) if m.split()[1] not in ("5D", "6D", "7D"))


# The 13 plies of a deal in which the first player captures seven times (found by a greedy bot against a random one).
SEVEN_CAPTURES = ("3C 6C 7C 3D 5D 6D 8D 5H 8H", "2C 8C AD 4D AH 7H", "AC 4C 5C 2D 7D 2H 3H 4H 6H",
                  ["exchange 7C 8C take 2D", "exchange AC 2C", "exchange 8D AD take 7D", "exchange 6H 7H",
                   "exchange AD 8D take 7H", "exchange 2H AH", "exchange 8D AD take 2C", "exchange 4C 4D",
                   "exchange 7D 8D take 5C", "exchange 4H 4C", "exchange 8D 7D take 3H", "exchange AH 2H"])


def test_a_player_reduced_to_two_cards_loses_at_once():
    first, table, second, moves = SEVEN_CAPTURES
    state = new(first, table, second)
    winner = state.to_act[0]
    play(state, *moves)
    me, them = hands(state)
    assert (len(me), len(them)) == (15, 3) and not state.over
    play(state, "exchange 8C 7C take 4D")
    me, them = hands(state)
    assert len(them) == 2 and state.over and state.winners == (winner,)
    assert result(state)["reason"] == "two cards"
    table_now = set(state.view(None)["table"])
    assert any(exchangeable(h, t) for h in them for t in table_now), "the loser could still have exchanged"


def test_the_log_tells_every_exchange_gami_and_capture():
    state = new(FIRST, TABLE)
    seat = state.to_act[0]
    play(state, "exchange 4H 3H take 5H")
    assert state.events[-1] == {"type": "exchange", "seat": seat, "action": "exchange 4H 3H take 5H", "gave": "4H",
                                "took": "3H", "gami": [["AH", "2H", "3H"]], "captured": "5H"}
    json.dumps(state.view(None))


def test_the_legal_list_is_in_a_fixed_order_from_the_rules_alone():
    """Records and search bots rely on the order of the legal list: the hand's cards lowest first, each with the
    table cards it exchanges for lowest first, and after a GAMI the exchange alone, then each capture (the
    opponent's cards lowest first). Written here from the card relations alone, on positions of random play."""
    from parlour.games.gami.cards import ALL, EXCHANGES, GAMIS_WITH, cards_of

    def expected(hand: int, other: int) -> list[str]:
        out, table = [], ALL ^ hand ^ other
        for give in range(24):
            for take in range(24):
                if hand >> give & 1 and table >> take & 1 and EXCHANGES[give] >> take & 1:
                    out.append(f"exchange {DECK_CODES[give]} {DECK_CODES[take]}")
                    held = hand ^ 1 << give | 1 << take
                    if any(held & g == g for g in GAMIS_WITH[take]):
                        out += [f"exchange {DECK_CODES[give]} {DECK_CODES[take]} take {DECK_CODES[c]}"
                                for c in cards_of(other)]
        return out

    from parlour.games.gami.cards import CODES as DECK_CODES
    game, rng, checked = parlour.load("gami"), Rng(7), 0
    for seed in range(6):
        state = game.new(seed=seed)
        while not state.over:
            seat = state.to_act[0]
            legal = state.legal(seat)
            assert [str(a) for a in legal] == expected(state.hands[seat], state.hands[1 - seat])
            checked += 1
            state.apply(seat, legal[rng.below(len(legal))])
    assert checked > 50
