"""The bots play legal moves through whole matches, and the search bot makes the plays a club player makes in
plain positions. Its strength is measured by ``python -m parlour.bots.series zole search greedy --alone``
(see NOTES.md)."""

import pytest

import parlour
from parlour.bots import make, play_match

from .helpers import act, new, plays, seat
from .test_rulings import TOP


@pytest.mark.parametrize("players, options", [(3, {"small_zole": True}), (4, {"all_pass": "table"})])
def test_bots_finish_a_match_with_legal_moves(players, options):
    game = parlour.load("zole", players=players, hands=players, **options)
    bots = [make("search" if s % 2 == 0 else "greedy", game, s, seed=s) for s in range(players)]
    state, record = play_match(game, bots, seed=5)
    assert state.over and record.replay().scores == state.scores
    state.audit()


def choice(state, position: int) -> str:
    s = seat(state, position)
    return str(make("search", state.game, s, seed=3).choose(state.view(s), state.legal(s)))


def test_search_plays_alone_with_the_eight_best_trumps_and_passes_a_poor_hand():
    state = new(TOP)
    assert choice(state, 0) in ("take", "zole")
    poor = new("9C 9S 9H KC KS 7D 8D 10H", TOP)
    assert choice(poor, 0) == "pass"


def test_search_gives_points_to_its_partners_safe_trick_and_holds_them_back_otherwise():
    # position 1 is the Big one; position 0 leads the Q♣, which nobody can beat: position 2 throws its ace
    state = new("QC 9C 9S 9H 7D 8D 9D KD", "QS QH QD JC JS JH JD AD", "AC 10C KC AS 10S KS AH 10H", talon="KH 10D")
    act(state, 0, "pass")
    act(state, 1, "zole")
    plays(state, "QC")
    plays(state, "JD")
    assert choice(state, 2) in ("play AC", "play AS", "play AH")


def test_search_lays_away_to_bank_points_and_keeps_its_trumps():
    state = new("QC QS QH QD JC JS 9C KS", talon="10C 9S")
    act(state, 0, "take")
    laid = choice(state, 0).split()[1:]
    assert not {"QC", "QS", "QH", "QD", "JC", "JS"} & set(laid)


def test_greedy_plays_its_highest_legal_card():
    state = new("9C 9S 9H KC KS 7D 8D 10H", TOP, "AC 10C AS 10S AH KH 10D AD", talon="9D KD")
    act(state, 0, "zole")
    s = seat(state, 0)
    assert str(make("greedy", state.game, s).choose(state.view(s), state.legal(s))) == "play 8D"
    plays(state, "9C")
    s = seat(state, 1)
    assert str(make("greedy", state.game, s).choose(state.view(s), state.legal(s))) == "play QC"
