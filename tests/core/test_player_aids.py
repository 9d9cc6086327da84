"""Player aids (issue 25): each aid on a stacked deal whose content is known by hand; the aids of the trick games
checked against the public play over whole random deals (never a card the seat could not know); and the server,
which adds them to a seat's view only at a table that allows them."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.core.aids import with_aids
from parlour.games.tysiac.aids import aids as tysiac_aids

TYSIAC_CARDS = [r + s for s in "SCDH" for r in ("9", "J", "Q", "K", "10", "A")]
GIACOMOTTO_CARDS = [r + s for s in "SCDH" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]
GAMI_CARDS = [r + s for s in "CDH" for r in "A2345678"]


def rest(cards: list[str], stacked: list[str]) -> list[str]:
    return stacked + [c for c in cards if c not in stacked]


def test_tysiac_marriages_in_hand_while_bidding_and_their_worth():
    # The prikup, then 7 cards to each seat from the first bidder: the first holds hearts (100) and spades (40),
    # the second no king with its queen, the third diamonds (80) and clubs (60).
    deck = (["9S", "9C", "9D"] + ["KH", "QH", "KS", "QS", "AH", "AS", "10H"]
            + ["JH", "JS", "JC", "JD", "AC", "AD", "10S"] + ["9H", "QC", "KC", "10C", "QD", "KD", "10D"])
    game = parlour.load("tysiac")
    state = game.new(seed=1, deck=deck)
    first = state.to_act[0]
    seats = [first, (first + 1) % 3, (first + 2) % 3]
    got = [with_aids(game, state.view(s)).get("aids") for s in seats]
    assert got[0] == {"marriages": [{"suit": "H", "points": 100}, {"suit": "S", "points": 40}], "marriage_points": 140}
    assert got[1] is None
    assert got[2] == {"marriages": [{"suit": "D", "points": 80}, {"suit": "C", "points": 60}], "marriage_points": 140}


def test_tysiac_marriages_are_shown_only_while_the_hand_is_bid():
    assert tysiac_aids({"phase": "play", "hand": ["KH", "QH"], "log": [{"type": "deal"}]}) is None


def test_giacomotto_marks_the_hand_cards_that_can_capture():
    # Table 5♣ 9♦ K♦ Q♠; the first player's 5♥ takes the 5♣, its K♥ the K♦ (or 9♦ + 5♣); 3♣ 4♣ 6♣ 8♥ take nothing.
    game = parlour.load("giacomotto")
    state = game.new(seed=1, deck=rest(GIACOMOTTO_CARDS, ["5C", "9D", "KD", "QS", "5H", "KH", "3C", "4C", "6C", "8H"]))
    seat = state.to_act[0]
    assert sorted(with_aids(game, state.view(seat))["aids"]["captures"]) == ["5H", "KH"]
    assert "aids" not in with_aids(game, state.view(1 - seat))  # not to play: no capture to mark
    assert "aids" not in with_aids(game, state.view(None))  # a spectator has no aids


def test_gami_names_the_exchange_that_makes_a_gami():
    # Give 4♥ for the 3♥: A♥ 2♥ 3♥. No other exchange completes a three (worked through by hand in the note).
    first = ["AH", "2H", "4H", "AC", "3C", "5D", "7D", "8C", "6H"]
    table = ["3H", "6C", "7C", "5C", "2D", "4D"]
    other = [c for c in GAMI_CARDS if c not in first + table]
    game = parlour.load("gami")
    state = game.new(seed=1, deck=first + other + table)
    seat = state.to_act[0]
    assert with_aids(game, state.view(seat))["aids"] == {
        "gami": [{"give": "4H", "take": "3H", "three": ["AH", "2H", "3H"]}]}


@pytest.mark.parametrize("game_id, players", [("tarok", 4), ("zole", 3), ("tysiac", 3)])
def test_played_cards_are_exactly_the_finished_tricks_of_this_deal(game_id, players):
    """Over random deals: each seat's ``played`` holds every card of the deal's finished tricks (their number is
    the tricks taken times the players), each one a card the seat saw played, none from the trick still open."""
    game = parlour.load(game_id, players=players)
    state = game.new(seed=7)
    rng = random.Random(7)
    checked = 0
    for _ in range(400):
        if state.over:
            break
        for seat in range(players):
            view = state.view(seat)
            aid = (with_aids(game, view).get("aids") or {}).get("played", {})
            cards = [c for group in aid.values() for c in group]
            seen = {e["card"] for e in view["log"] if e.get("type") == "play" and "card" in e}
            assert set(cards) <= seen
            assert len(cards) == len(set(cards)) == sum(view["tricks"]) * players
            checked += bool(cards)
        seat = state.to_act[0]
        legal = [str(a) for a in state.legal(seat)]
        # passing where one may keeps random Tarok out of valat and beggar, which end at the first trick lost
        state.apply(seat, "pass" if "pass" in legal and game_id == "tarok" else rng.choice(legal))
    assert checked > 20


def board_text(game_id: str, view: dict, players: int) -> str:
    from importlib import import_module

    from parlour.core.terminal import Seats, plain

    terminal = import_module(f"parlour.games.{game_id}.terminal")
    return plain(terminal.board(view, Seats(("human",) + ("random",) * (players - 1), viewer=view["seat"])), width=140)


def test_each_terminal_board_draws_the_aids_in_words_and_only_when_they_are_in_the_view():
    deck = (["9S", "9C", "9D"] + ["KH", "QH", "KS", "QS", "AH", "AS", "10H"]
            + ["JH", "JS", "JC", "JD", "AC", "AD", "10S"] + ["9H", "QC", "KC", "10C", "QD", "KD", "10D"])
    game = parlour.load("tysiac")
    state = game.new(seed=1, deck=deck)
    view = state.view(state.to_act[0])
    assert "Marriages in hand" not in board_text("tysiac", view, 3)
    assert "Marriages in hand  hearts ♥ 100, spades ♠ 40 = 140" in board_text("tysiac", with_aids(game, view), 3)
    game = parlour.load("giacomotto")
    state = game.new(seed=1, deck=rest(GIACOMOTTO_CARDS, ["5C", "9D", "KD", "QS", "5H", "KH", "3C", "4C", "6C", "8H"]))
    view = with_aids(game, state.view(state.to_act[0]))
    assert "Can capture  5♥  K♥" in board_text("giacomotto", view, 2)
    first = ["AH", "2H", "4H", "AC", "3C", "5D", "7D", "8C", "6H"]
    table = ["3H", "6C", "7C", "5C", "2D", "4D"]
    game = parlour.load("gami")
    state = game.new(seed=1, deck=first + [c for c in GAMI_CARDS if c not in first + table] + table)
    view = with_aids(game, state.view(state.to_act[0]))
    assert "For a GAMI  give 4♥, take 3♥: A♥ 2♥ 3♥" in board_text("gami", view, 2)
    for game_id, players, stacked in [("tarok", 4, {"T": ["T1", "SKIS"], "H": ["KH"]}), ("zole", 3, {"T": ["QC"], "H": ["AH"]})]:
        view = parlour.load(game_id, players=players).new(seed=1).view(0)
        drawn = board_text(game_id, {**view, "aids": {"played": stacked}}, players)
        assert ("Cards played  Taroks T1 Škis · ♥ K" if game_id == "tarok" else "Cards played  Trumps Q♣ · ♥ A") in drawn


def test_parlour_play_aids_shows_them_and_without_the_flag_it_does_not(tmp_path):
    from click.testing import CliRunner

    from parlour.cli import main

    def play(*flags: str) -> str:
        result = CliRunner().invoke(main, ["play", "giacomotto", "--seats", "human,random", "--seed", "1", *flags,
                                           "--record", str(tmp_path / "record.json")], input="q\n")
        assert result.exit_code == 0, result.output
        return result.output

    assert "Can capture" in play("--aids") and "A♣" in play("--aids")
    assert "Can capture" not in play()
