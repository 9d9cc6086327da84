"""The heuristic bot: its bids, exchange and card play in set positions, and measured series against random.

``python -m tests.games.tarok.test_bot`` prints the series' figures.
"""

from __future__ import annotations

import parlour
from parlour.bots import make, play_match
from parlour.core.bot import RandomBot
from parlour.games.tarok.actions import PLAYS
from parlour.games.tarok.bot import HeuristicBot, beggar_hand, strength
from parlour.games.tarok.cards import mask_of_codes as m
from parlour.games.tarok.play import NEGATIVE, POSITIVE, legal as legal_cards

from .helpers import act, new, seat


def choose(state, position: int) -> str:
    s = seat(state, position)
    bot = make("heuristic", state.game, s, seed=1)
    return str(bot.choose(state.view(s), state.legal(s)))


def play_view(hand: str, trick: str, contract: str, *, seat_: int = 3, declarer: int = 0, leader: int = 0,
              partner=None, called=None, log=()) -> tuple[dict, list]:
    """A play-phase view made by hand, and the legal plays our rules give it."""
    h, t = m(hand), m(trick)
    codes = trick.split()
    led = 0 if not codes or codes[0].startswith("T") or codes[0] == "SKIS" else "HDSC".index(codes[0][-1]) + 1
    regime = NEGATIVE if contract in ("klop", "beggar", "open beggar") else POSITIVE
    mask = legal_cards(h, t, led, regime, 0)
    view = {"phase": "play", "players": 4, "seat": seat_, "hand": hand.split(), "trick": codes, "contract": contract,
            "declarer": declarer, "leader": leader, "partner": partner, "called": called,
            "log": [{"type": "play", "card": c} for c in log]}
    return view, [PLAYS[c] for c in range(54) if mask >> c & 1]


def bot_play(*args, **kwargs) -> str:
    view, legal = play_view(*args, **kwargs)
    return str(HeuristicBot(parlour.load("tarok"), view["seat"], seed=1).choose(view, legal))


def test_registered_and_deterministic():
    game = parlour.load("tarok", rounds=1)
    assert list(game.bots) == ["pimc", "heuristic"] and game.bots["heuristic"] is HeuristicBot  # pimc: measured stronger
    runs = []
    for _ in range(2):
        bots = [make("heuristic", game, s, seed=s) for s in range(4)]
        state, _ = play_match(game, bots, seed=21, record=False)
        runs.append([e for e in state.events if e["type"] in ("bid", "play")])
    assert runs[0] == runs[1]


def test_bids_by_hand_strength():
    strong = "SKIS T21 T20 T19 T18 T17 T16 KH KS 7C 8C 9C"
    fair = "T15 T14 T13 T12 T8 T5 KD QD 10S 9S 4D 3D"
    state = new("4H 3H", strong, fair)
    assert strength(m(strong)) >= 27 and choose(state, 1) == "bid solo three"
    act(state, 1, "bid solo three")
    assert choose(state, 2) == "pass"  # a fair hand does not outbid a solo
    weak = "T2 T3 T4 4H 3H 2H 4D 3D 2D 7S 8S 7C"
    state = new("", weak)
    assert beggar_hand(m(weak)) and choose(state, 1) == "bid beggar"
    state = new("", "T2 T3 T9 T10 QH 4H 3H 2H 4D 3D 7S 8S")
    assert choose(state, 1) == "pass"


def test_calls_a_king_it_lacks_takes_the_best_group_and_lays_away_to_void_a_suit():
    hand = "SKIS T21 T20 T19 T18 T10 T9 KH 7S 7C 8C QD"
    state = new(hand, talon="T17 T16 KS 9S 10S JS")
    for p in (1, 2, 3):
        act(state, p, "pass")
    act(state, 0, "bid three")
    assert choose(state, 0) == "call king clubs"  # a king it lacks, in its longest suit
    act(state, 0, "call king clubs")
    assert choose(state, 0) == "talon 0"  # two taroks and the king of spades
    act(state, 0, "talon 0")
    assert choose(state, 0) == "discard QD 7S 7C"  # diamonds void, the queen banked, a club kept for the partner


def test_keeps_the_pagat_safe():
    assert bot_play("T1 T5 KH 4H", "T10", "three") == "play T5"  # not under a higher tarok
    assert bot_play("T1 7C", "SKIS T21", "three") == "play T1"     # the Emperor's trick
    assert bot_play("T1 T3 4H", "", "three") != "play T1"


def test_ducks_in_klop_and_beggar():
    assert bot_play("4H 3H 2H", "KH", "klop") == "play 2H"  # the highest heart that still loses
    assert bot_play("T5 T3 7C", "T10", "klop") == "play T5"
    assert bot_play("KH 4H", "QH T2", "beggar", declarer=3) == "play KH"  # the trick is trumped: shed the king


def test_leads_to_the_partner_and_feeds_him_points():
    called = {"rank": "king", "suit": "clubs"}
    assert bot_play("T5 T9 7C QH", "", "two", seat_=0, declarer=0, called=called) == "play 7C"
    # the partner (seat 1, known) wins with the Mond; seat 3 plays last and gives the queen
    assert bot_play("QH 4H 3H", "1H T21 2H", "two", seat_=3, declarer=1,
                    leader=0, partner=3) == "play QH"


def test_wins_a_point_trick_from_the_other_side_cheaply():
    assert bot_play("KH QH 4H", "NH", "two", seat_=2, declarer=0, leader=1, partner=1) == "play QH"
    assert bot_play("KH QH 4H", "NH", "two", seat_=3, declarer=0, leader=2, partner=1) == "play 4H"  # partner leads


class Passer(RandomBot):
    """Random card play, but passes in the auction and announcements (Klop when forehand must choose)."""

    name = "passer"

    def choose(self, view, legal):
        texts = [str(a) for a in legal]
        for wanted in ("pass", "bid klop"):
            if wanted in texts:
                return legal[texts.index(wanted)]
        return legal[0] if view["phase"] == "contract" else self.rng.choice(legal)


def series(players: int, matches: int, opponent: str) -> tuple[int, float, float]:
    """The heuristic bot in one seat (each seat in turn) against three (two) others over fixed seeds.

    Returns the matches it won and its and the others' average final score.
    """
    game = parlour.load("tarok", players=players, rounds=1 if opponent == "random" else 2)
    wins, ours, theirs = 0, 0.0, 0.0
    for i in range(matches):
        h = i % players
        bots = [HeuristicBot(game, s, seed=100 + 10 * i + s) if s == h else
                (RandomBot if opponent == "random" else Passer)(game, s, seed=100 + 10 * i + s) for s in range(players)]
        state, _ = play_match(game, bots, seed=7000 + i, record=False)
        wins += h in state.winners
        ours += state.scores[h]
        theirs += sum(state.scores[s] for s in range(players) if s != h) / (players - 1)
    return wins, ours / matches, theirs / matches


def test_beats_random_by_a_wide_margin():
    wins, ours, theirs = series(4, 40, "random")
    assert wins >= 36 and ours > theirs + 1000, (wins, ours, theirs)


def test_outplays_random_card_play_when_the_contracts_are_its_own():
    for players, matches in ((4, 40), (3, 30)):
        wins, ours, theirs = series(players, matches, "passer")
        assert wins >= 0.7 * matches and ours > theirs + 100, (players, wins, ours, theirs)


if __name__ == "__main__":
    for n, mt, opp in ((4, 40, "random"), (3, 30, "random"), (4, 40, "passer"), (3, 30, "passer")):
        w, a, b = series(n, mt, opp)
        print(f"{n} players vs {opp}: heuristic won {w}/{mt}; average final score heuristic {a:.1f}, others {b:.1f}")
