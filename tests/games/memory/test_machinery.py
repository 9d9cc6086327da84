"""The shared machinery: action texts, knowledge and views, determinization, the bots' memory levels."""

from __future__ import annotations

import json

import pytest

import parlour
from parlour.bots import make, play_match
from parlour.core.errors import IllegalAction
from parlour.core.rng import Rng
from parlour.games.memory.actions import parse

from memory.helpers import ready_all, seats, stack


@pytest.mark.parametrize("text", ["ready", "draw", "take 3", "swap 0", "discard", "flip 8", "knock", "pass",
                                  "snap 7.12", "give 1", "stay", "peek 2", "spy 1.3", "jack 0 3.1", "look 2 1.0",
                                  "trade", "keep", "skip"])
def test_action_texts_round_trip(text):
    assert str(parse(text)) == text and parse(str(parse(text))) == parse(text)


@pytest.mark.parametrize("text, message", [("jump", "starts with one of"), ("swap", "swap SLOT"),
                                           ("snap 3", "SEAT.SLOT"), ("take x", "not a slot"),
                                           ("jack 1 2", "SEAT.SLOT")])
def test_bad_action_texts_say_what_is_allowed(text, message):
    with pytest.raises(IllegalAction, match=message):
        parse(text)


@pytest.mark.parametrize("gid", ["testoasa", "golf6", "crazy-nines", "kaboo"])
def test_determinize_keeps_the_view_and_every_named_card(gid):
    game = parlour.load(gid, players=3, memory_aid=True)
    state = game.new(seed=9)
    rng = Rng(4)
    for _ in range(40):
        if state.over:
            break
        if not state.to_act:
            state.timeout()
            continue
        seat = rng.choice(list(state.to_act))
        state.apply(seat, rng.choice(state.legal(seat)))
        for s in (seat, None):
            view = json.loads(json.dumps(state.view(s)))
            d = game.determinize(view, Rng(1))
            assert d.view(s) == view


def test_views_hide_the_drawn_card_and_face_down_cards_of_others():
    game = parlour.load("testoasa", players=2)
    state = game.new(seed=3, deck=stack(game, stock="KD"))
    ready_all(state)
    a, b = seats(state)
    state.apply(a, "draw")
    assert state.view(a)["drawn"] == "KD" and state.view(b)["drawn"] == "##" and state.view(None)["drawn"] == "##"
    assert "KD" not in json.dumps(state.view(b))


def test_a_bot_is_shown_the_hidden_cards_its_seat_has_seen_and_recalls_them_by_level():
    game = parlour.load("testoasa", players=2)
    state = game.new(seed=3, deck=stack(game, "AS 2S 3S 4S", "5H 6H 7H 8H", discard="KC"))
    a, b = seats(state)
    assert state.bot_view(a)["memory"] == []  # in the peek window the view itself shows slots 2 and 3
    ready_all(state)
    state.apply(a, "take 0")  # the K♣ everyone watched go face down into a's slot 0
    memory = {(o, s): c for o, s, c in state.bot_view(b)["memory"]}
    assert memory == {(b, 2): "7H", (b, 3): "8H", (a, 0): "KC"}
    assert "7H" not in json.dumps(state.view(b)) and "2S" not in json.dumps(state.bot_view(b))
    view = state.bot_view(b)
    bots = {level: make(level, game, b, seed=1) for level in ("expert", "casual", "novice")}
    known = {}
    for level, bot in bots.items():
        bot.observe(view)
        known[level] = [bot.known(view, o, s) for o, s in ((b, 2), (b, 3), (a, 0), (a, 1))]
    assert known == {"expert": ["7H", "8H", "KC", None], "casual": ["7H", "8H", None, None],
                     "novice": [None, None, None, None]}


@pytest.mark.parametrize("gid", ["testoasa", "golf6", "crazy-nines", "kaboo"])
def test_the_expert_beats_random_bots(gid):
    game = parlour.load(gid, players=2, rounds=3)
    wins = 0
    for m in range(4):
        bots = [make("expert" if s == m % 2 else "random", game, s, seed=m * 16 + s) for s in range(2)]
        state, _ = play_match(game, bots, seed=100 + m, record=False)
        wins += (m % 2) in state.winners
    assert wins == 4
