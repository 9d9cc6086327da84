"""Pack scoring: card points (Q9), most cards (Q8), tablas and the sweep (Q10), a pack without captures (Q11),
partnerships (Q8). Expected numbers are derived from the rules by hand or recounted from the plays."""

from __future__ import annotations

import pytest

from parlour.core.cards import FULL_MASK, cards, mask_of
from parlour.games.giacomotto.state import card_points

from .helpers import (DECK, first_legal, load, pack_events, play_pack, play_turn, points_of, recount, scripted, seat_at,
                      sides)

RANKS = ["3", "4", "6", "8", "9", "10", "J", "Q", "K", "A"]
#: Pairs of equal rank, used by the scripted packs: one trails, the other takes it back.
PAIRS = [("2H", "2S"), ("5H", "5S")] + [(r + a, r + b) for r in RANKS for a, b in (("C", "D"), ("H", "S"))]


SIDE = sides(4)  # seat -> side; with 2 players it is the seat itself


def play_script(state, plays: list[list[str]]) -> None:
    """Apply the scripted pack: position p's cards in order; a card captures whatever the script says."""
    moves = [m for pair in zip(*plays) for m in pair]
    for text in moves:
        play_turn(state, state.to_act[0], text)


def test_card_points_of_the_engine():  # Q9: 10♦ is 2 in all, 2♣ 1, every A K Q J 10 1; 22 in the deck
    assert card_points(mask_of(cards("10D"))) == 2
    assert card_points(mask_of(cards("10H 10S 10C"))) == 3
    assert card_points(mask_of(cards("2C"))) == 1 and card_points(mask_of(cards("2D 9S 5H"))) == 0
    assert card_points(mask_of(cards("AS KH QD JC"))) == 4
    assert card_points(FULL_MASK) == 22 == sum(map(points_of, DECK))


def last_card_script() -> tuple[str, list[list[str]]]:
    """A takes the table, B takes two sevens, then A trails and B takes back 22 times, the last card too."""
    a = ["capture 7C 5C+2C 5D+2D", "trail 7H"] + [f"trail {x}" for x, _ in PAIRS]
    b = ["trail 7D", "capture 7S 7D 7H"] + [f"capture {y} {x}" for x, y in PAIRS]
    return "2C 2D 5C 5D", [a, b]


def sweep_script() -> tuple[str, list[list[str]]]:
    """A takes the table, B trails and A takes back 22 times, A takes 7D, B trails the last card 7S."""
    a = ["capture 7C 5C+2C 5D+2D"] + [f"capture {y} {x}" for x, y in PAIRS] + ["capture 7H 7D"]
    b = [f"trail {x}" for x, _ in PAIRS] + ["trail 7D", "trail 7S"]
    return "2C 2D 5C 5D", [a, b]


def start_script(script, **options):
    table, plays = script
    deck = scripted(table, [[t.split()[1] for t in p] for p in plays])
    state = load(2, target=10_000, **options).new(seed=9, deck=deck)
    return state, plays


@pytest.mark.parametrize("last_card_tabla,b_tablas", [(True, 23), (False, 22)])
def test_a_capture_clearing_the_table_is_a_tabla_also_with_the_last_card(last_card_tabla, b_tablas):  # Q10a, c
    state, plays = start_script(last_card_script(), last_card_tabla=last_card_tabla)
    a, b = seat_at(state, 0), seat_at(state, 1)
    play_script(state, plays)
    events = pack_events(state, 1)
    last_play = [e for e in events if e["type"] in ("trail", "capture")][-1]
    assert last_play["seat"] == b and last_play["tabla"] is last_card_tabla
    assert not [e for e in events if e["type"] == "sweep"]  # the table was empty: nothing to sweep
    row = state.sheet.rows[0]
    # by hand: A has 2C 2D 5C 5D 7C (1 point) and one tabla; B the other 47 cards (21 points), most cards
    assert row[2]["cards"][SIDE[a]] == 5 and row[2]["cards"][SIDE[b]] == 47
    expected = {a: 1 + 1, b: 21 + 3 + b_tablas}
    assert row[1][SIDE[a]] == expected[a] and row[1][SIDE[b]] == expected[b]
    assert recount(events, sides(state.game.players), last_card_tabla)["points"] == list(row[1])


def test_the_last_capturer_sweeps_the_table_and_the_sweep_is_no_tabla():  # Q10b, end of deal
    state, plays = start_script(sweep_script())
    a, b = seat_at(state, 0), seat_at(state, 1)
    play_script(state, plays)
    events = pack_events(state, 1)
    sweeps = [e for e in events if e["type"] == "sweep"]
    assert sweeps == [{"type": "sweep", "seat": a, "cards": ["7S"]}]
    row = state.sheet.rows[0]
    # by hand: A took every card (22 points, most cards) with 1 + 22 + 1 tablas; the sweep adds no tabla
    assert row[2]["tablas"][SIDE[a]] == 24
    assert row[1][SIDE[a]] == 22 + 3 + 24 and row[1][SIDE[b]] == 0
    assert recount(events, sides(state.game.players))["points"] == list(row[1])


def test_a_pack_without_any_capture_leaves_the_table_to_nobody():  # Q11
    # dealt from high to low, so that a long trailing table stays cheap to search for captures
    order = ["K", "Q", "J", "A", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    deck = [r + s for r in order for s in "CDHS"]
    state = load(2).new(seed=2, deck=deck)
    for _ in range(48):
        seat = state.to_act[0]
        state.apply(seat, f"trail {state.view(seat)['hand'][0]}")
    events = pack_events(state, 1)
    assert not [e for e in events if e["type"] in ("capture", "sweep")]
    assert recount(events, sides(state.game.players))["leftover"] == sorted(DECK)
    assert state.sheet.rows[0][1] == (0, 0)
    assert state.sheet.rows[0][2]["cards"] == [0, 0] and state.sheet.rows[0][2]["most_cards"] == [0, 0]
    view = state.view(None)
    assert view["pack"] == 2 and len(view["table"]) == 4 and view["piles"] == [0, 0]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_pack_points_are_cards_most_cards_and_tablas(players, seed):  # Q8, Q9, Q10; total 25 + tablas
    state = load(players, target=10_000).new(seed=seed)
    play_pack(state, first_legal)
    events = pack_events(state, 1)
    mine = recount(events, sides(state.game.players))
    label, points, detail = state.sheet.rows[0]
    assert list(points) == mine["points"]
    assert detail["tablas"] == mine["tablas"] and detail["cards"] == mine["counts"]
    assert sum(mine["counts"]) == 52
    assert sum(points) == (22 if mine["counts"][0] == 26 else 25) + sum(mine["tablas"])


@pytest.mark.parametrize("players,seed", [(2, 16), (4, 8)])
def test_a_tie_on_cards_gives_nobody_the_3_points(players, seed):  # Q8
    state = load(players, target=10_000).new(seed=seed)
    play_pack(state, first_legal)
    mine = recount(pack_events(state, 1), sides(players))
    assert mine["counts"] == [26, 26]  # the case this test is about
    points = state.sheet.rows[0][1]
    assert [points[s] - mine["tablas"][s] for s in (0, 1)] == [sum(map(points_of, mine["piles"][s])) for s in (0, 1)]
    assert sum(points) == 22 + sum(mine["tablas"])


def test_partners_pool_their_piles_and_tablas():  # Q8: 4 players, sides 0&2 and 1&3
    game = load(4)
    deck = [*"2C 3C 4D 5D".split(), "KD", *"6C 7C 8C 9C 10C".split(),  # position 0
            "9D", *"2H 3H 4H 5H 6H".split(),  # position 1
            "9H", *"7H 8H 10H JH QH".split(),  # position 2
            "JD", *"2S 3S 4S 5S 6S".split()]  # position 3
    deck += [c for c in DECK if c not in deck]
    state = game.new(seed=8, deck=deck)
    p = [seat_at(state, i) for i in range(4)]
    assert SIDE[p[0]] == SIDE[p[2]] != SIDE[p[1]]
    play_turn(state, p[0], "capture KD 5D+4D+3C+2C")  # tabla
    state.apply(p[1], "trail 9D")
    play_turn(state, p[2], "capture 9H 9D")  # the partner's tabla
    view = state.view(p[3])
    ours = SIDE[p[0]]
    assert view["piles"][ours] == 7 and view["tablas"][ours] == 2
    assert view["piles"][1 - ours] == 0 and view["tablas"][1 - ours] == 0
    assert view["sides"] == [[0, 2], [1, 3]]
