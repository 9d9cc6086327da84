"""The bots: registered with the strongest first, reproducible, and their choices in set positions.

Measured series (expert against greedy and random) are run by a command, not here: see NOTES.md.
"""

from __future__ import annotations

import parlour
from parlour.bots import make, play_match
from parlour.games.tysiac.bot import ExpertBot, GreedyBot, HeuristicBot

from .helpers import act, exchange, new, play, seat, win_auction

PLAY_DEAL = ("KH QH AS 10S KD QD JC", "AH 10H JH 9H KS QS JS", "AD 10D JD 9D AC 10C KC")


def choose(state, position: int, bot: str = "expert") -> str:
    s = seat(state, position)
    return str(make(bot, state.game, s, seed=1).choose(state.view(s), state.legal(s)))


def play_deal():
    state = new(*PLAY_DEAL, prikup="9C 9S QC")
    win_auction(state, 0)
    exchange(state, "9S", "QC")
    return state


def test_registered_strongest_first_and_reproducible():
    game = parlour.load("tysiac", deal_limit=2)
    assert game.bots == {"expert": ExpertBot, "heuristic": HeuristicBot, "greedy": GreedyBot}
    runs = []
    for _ in range(2):
        state, _ = play_match(game, [make("expert", game, s, seed=s) for s in range(3)], seed=21, record=False)
        runs.append([e.get("action") for e in state.events])
    assert runs[0] == runs[1]


def test_expert_bids_a_strong_hand_and_passes_a_weak_one():
    strong = new("9S", "AH 10H KH QH AD 10D AS")
    act(strong, 0, "bid 100")
    assert choose(strong, 1).startswith("bid")
    weak = new("9S", "9H JH 9D JD 9C JC QS")
    act(weak, 0, "bid 100")
    assert choose(weak, 1) == "pass"


def test_expert_cashes_its_sure_spades_before_anything_else_and_ducks_what_it_cannot_take():
    state = play_deal()
    assert choose(state, 0) == "play AS"               # no marriage on the first lead: the ace is sure
    play(state, "AS", "9S", "AD")
    assert choose(state, 0) in ("play 10S", "marry QH")   # the ten is master now; the marriage waits safely
    state = play_deal()
    play(state, "10S", "JS")
    assert choose(state, 2) == "play 9D"               # nothing beats the ten: throw the nine


def test_heuristic_declares_its_best_marriage_leading_the_queen():
    state = play_deal()
    play(state, "AS", "9S", "AD")
    assert choose(state, 0, "heuristic") == "marry QH"   # hearts (100) before diamonds (80)


def test_heuristic_wins_cheaply_smears_points_on_its_partners_trick_and_ducks_what_it_cannot_take():
    state = play_deal()
    play(state, "9C", "9H")                            # position 1 has no clubs and throws a nine
    assert choose(state, 2, "heuristic") == "play QC"  # last to play: the cheapest club that wins
    state = play_deal()
    play(state, "KH", "AH")                            # partner (position 1) takes the king with the ace
    assert choose(state, 2, "heuristic") in ("play AC", "play AD")   # no hearts: an ace on the partner's trick
    state = play_deal()
    play(state, "10S", "JS")
    assert choose(state, 2, "heuristic") == "play 9D"  # nothing beats the ten: throw the least


def test_greedy_plays_its_highest_card_and_passes_the_auction():
    state = play_deal()
    assert choose(state, 0, "greedy") == "play AS"
    fresh = new("KH QH AH 10H", "AS 10S AD 10D")
    act(fresh, 0, "bid 100")
    assert choose(fresh, 1, "greedy") == "pass"
    assert choose(new(), 0, "greedy") == "bid 100"
