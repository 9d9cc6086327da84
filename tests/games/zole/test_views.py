"""Views hide what must be hidden (the talon, the cards laid away, the others' hands), and determinization
deals the unseen cards again consistently with a view, the voids shown included."""

import json
import re

import pytest

from parlour.core.rng import Rng
from parlour.games.zole.cards import CODES, SUIT_MASKS, mask_of_codes
from parlour.games.zole.determinize import read, sample

from .helpers import act, new, plays, seat
from .test_rulings import SIXTY, SIXTY_TALON, first_legal


def named(view: dict) -> set[str]:
    """Every card code a view names anywhere."""
    return set(re.findall(r"\b(?:10|[2-9JQKA])[CDHS]\b", json.dumps(view))) & set(CODES)


def test_the_talon_is_seen_only_by_the_big_one_who_takes_it_and_what_he_lays_away_only_by_him():
    state = new(*SIXTY, talon=SIXTY_TALON)
    talon = set(SIXTY_TALON.split())
    for s in [*range(3), None]:
        assert not named(state.view(s)) & talon
    act(state, 0, "take")
    big = seat(state, 0)
    assert talon <= set(state.view(big)["hand"])
    act(state, 0, "discard KH 8D")
    assert state.view(big)["laid_away"] == ["8D", "KH"]
    for s in [seat(state, 1), seat(state, 2), None]:
        view = state.view(s)
        assert view["laid_away"] is None and view["laid_away_count"] == 2 and not named(view) & talon
        assert not named(view) & set(SIXTY[0].split())  # nor the Big one's hand


def test_in_a_zole_nobody_sees_the_talon_until_the_hand_is_counted_and_then_only_in_its_score():
    state = new(*SIXTY, talon=SIXTY_TALON)
    act(state, 0, "zole")
    talon = set(SIXTY_TALON.split())
    for _ in range(12):
        for s in [*range(3), None]:
            assert not named(state.view(s)) & talon and state.view(s)["talon_count"] == 2
        state.apply(state.to_act[0], state.legal(state.to_act[0])[0])
    first_legal(state)
    score = [e for e in state.events if e["type"] == "score"][-1]
    assert set(score["talon"]) == talon and score["talon_points"] == 4
    view = state.view(0)
    assert view["previous"][-1] == score and not named(view["sheet"])  # shown with how the hand ended, no more
    assert [e["type"] for e in view["previous"]] == ["play", "play", "play", "trick", "score"]


def test_a_view_holds_its_own_hand_the_others_counts_and_a_spectator_no_hand():
    state = new(*SIXTY, talon=SIXTY_TALON)
    view = state.view(seat(state, 1))
    assert view["hand"] == "JC JS AC 10C KC AS 10S KS".split()  # sorted as players sort: trumps, then by suit
    assert view["hand_counts"] == [8, 8, 8] and view["legal"] == []  # not his turn
    spectator = state.view(None)
    assert spectator["hand"] is None and spectator["legal"] == [] and not named(spectator)


@pytest.mark.parametrize("players", [3, 4])
def test_determinize_agrees_with_every_view_through_a_hand(players):
    state = new(*SIXTY, talon=SIXTY_TALON, players=players, hands=players)
    act(state, 0, "pass", )
    act(state, 1, "take")
    steps = 0
    while state.deals == 0:
        for s in [*range(players), None]:
            view = json.loads(json.dumps(state.view(s)))
            d = state.game.determinize(view, Rng(steps * 7 + (s or 0)))
            assert d.view(s) == view
        state.apply(state.to_act[0], state.legal(state.to_act[0])[-1])
        steps += 1
    assert steps == 1 + 24


def test_determinize_deals_no_card_of_a_suit_a_player_showed_void_of():
    state = new(*SIXTY, talon=SIXTY_TALON)
    act(state, 0, "zole")
    plays(state, "9H AC")  # hearts led, and position 1 throws the A♣: he has no heart
    second, me = seat(state, 1), seat(state, 2)
    knowledge = read(state.view(me))
    assert knowledge.voids[second] == SUIT_MASKS[3]
    for i in range(20):
        talon, hands, laid = sample(knowledge, Rng(i))
        assert not hands[second] & SUIT_MASKS[3] and hands[second] >> CODES.index("AC") & 1
        assert hands[me] == mask_of_codes(SIXTY[2]) and laid == 0
        assert talon.bit_count() == 2 and not talon & (hands[me] | hands[second])
