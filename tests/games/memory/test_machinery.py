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


def test_bot_memory_levels_differ_in_what_they_keep():
    game = parlour.load("testoasa", players=2)
    state = game.new(seed=3, deck=stack(game, "AS 2S 3S 4S"))
    a = seats(state)[0]
    view = state.view(a)
    bots = {level: make(level, game, a, seed=1) for level in ("expert", "casual", "novice")}
    for bot in bots.values():
        bot.observe(view)
    assert [len(bots[level].memory) for level in ("expert", "casual", "novice")] == [2, 2, 0]
    ready_all(state)
    hidden = state.view(a)
    assert bots["expert"].known(hidden, a, 2) == "3S" and bots["novice"].known(hidden, a, 2) is None


@pytest.mark.parametrize("gid", ["testoasa", "golf6", "crazy-nines", "kaboo"])
def test_the_expert_beats_random_bots(gid):
    game = parlour.load(gid, players=2, rounds=3)
    wins = 0
    for m in range(4):
        bots = [make("expert" if s == m % 2 else "random", game, s, seed=m * 16 + s) for s in range(2)]
        state, _ = play_match(game, bots, seed=100 + m, record=False)
        wins += (m % 2) in state.winners
    assert wins == 4
