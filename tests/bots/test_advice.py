"""Hints and reviews (:mod:`parlour.bots.advice`) on positions whose best move is known by hand, and what they may
say: only what the seat may know. Budgets are iterations (worlds, simulations, nodes), so every run is the same."""

from __future__ import annotations

import re

import pytest

import parlour
from parlour.bots import make
from parlour.bots.advice import Unadvisable, advise, review, shown
from parlour.core.cards import Card
from parlour.core.record import Record
from parlour.core.rng import Rng
from tests.games.giacomotto.helpers import stack

# Giacomotto: the table 3C 4D 5H 2S adds up to 14, the king's value: the king alone takes all four and sweeps the
# table. Every other card takes at most two or three of the small cards and leaves the rest; no card scores a point.
TABLE = "3C 4D 5H 2S"
HAND = "KH 9C 9S 8C 8D 6H"


def giacomotto():
    game = parlour.load("giacomotto")
    deck = stack(TABLE, HAND)
    state = game.new(seed=1, deck=deck)
    return game, deck, state, state.to_act[0]


def test_the_hint_is_the_capture_that_clears_the_table_and_its_first_step():
    game, _, state, seat = giacomotto()
    advice = advise(game, seat, state.view(seat), state.legal(seat), budget="16")
    assert advice.move.startswith("capture KH ") and sorted(re.split(r"[ +]", advice.move)[2:]) == sorted(TABLE.split())
    assert advice.first == "capture KH" and advice.first in [str(a) for a in state.legal(seat)]
    assert advice.choices[0].move == advice.move and advice.choices[0].value > advice.choices[1].value
    assert advice.unit == "points" and advice.samples == 16
    assert "K♥" in advice.why and advice.as_json()["why"]["template"] == advice.why.template


def test_the_review_lists_a_capture_that_left_the_table_first_with_its_loss():
    game, deck, state, seat = giacomotto()
    rec = Record.start(game, 1, deck)
    for text in ("capture 8C", "take 3C", "take 5H", "done"):  # takes two of the four and leaves the sweep
        rec.add(seat, state.apply(seat, text))
    bots = {s: make("greedy", game, s) for s in range(game.players)}
    for _ in range(12):  # the deal goes on a little, well played: later decisions to rank it among
        s = state.to_act[0]
        rec.add(s, state.apply(s, bots[s].choose(state.view(s), state.legal(s))))
    seen = []
    decisions = review(game, rec.to_dict(), seat, budget="16", progress=lambda done, total: seen.append((done, total)))
    first = decisions[0]
    assert first.index == 0 and first.played == "capture 8C 5H+3C" and first.best.startswith("capture KH")
    assert first.loss == pytest.approx(first.best_value - first.played_value) and first.loss > 1
    assert "8♣" in first.why and "K♥" in first.why and str(first.where) == "move 1"
    assert all(d.loss <= first.loss for d in decisions)
    assert seen and seen[-1][0] == seen[-1][1] == len(decisions)


def test_the_hint_names_no_card_the_seat_cannot_know_and_is_the_same_in_every_deal_that_agrees_with_its_view():
    game = parlour.load("giacomotto")
    state = game.new(seed=7)
    seat = state.to_act[0]
    view = state.view(seat)
    other = game.determinize(view, Rng(99))  # another true deal: the unseen cards dealt again
    assert other.view(seat) == view and other.hands != state.hands
    one = advise(game, seat, view, state.legal(seat), budget="12", seed=3)
    two = advise(game, seat, other.view(seat), other.legal(seat), budget="12", seed=3)
    assert one == two
    assert named_cards(one) <= known_cards(view)


def test_a_mate_in_one_is_the_jieqi_hint_and_missing_it_is_the_review_s_costliest_decision():
    game = parlour.load("jieqi")
    fen = "3k5/R8/9/9/9/p8/9/9/9/4K3R w"
    state = game.new(seed=1, deck=fen)
    advice = advise(game, 0, state.view(0), state.legal(0), budget="40")
    assert advice.move == "move i1i10" == advice.first
    rec = Record.start(game, 1, fen)
    rec.add(0, state.apply(0, "move e1e2"))  # the king steps up: the mate comes later, if at all
    decisions = review(game, rec.to_dict(), 0, budget="40")
    assert [(d.played, d.best) for d in decisions] == [("move e1e2", "move i1i10")] and decisions[0].loss > 0


def test_go_captures_the_stones_in_atari():
    # White's two stones at E5 and E4 (SGF ee, ef) have one liberty left, E3 (SGF eg); Black to play takes them.
    game = parlour.load("go", size=9)
    state = game.new(seed=1, deck="(;GM[1]FF[4]SZ[9]AB[ed][de][fe][df][ff]AW[ee][ef]PL[B])")
    seat = state.to_act[0]
    advice = advise(game, seat, state.view(seat), state.legal(seat), budget="1500")
    assert advice.unit == "winrate" and all(0 <= c.value <= 1 for c in advice.choices)
    assert advice.move == advice.first == "play E3"
    state.apply(seat, advice.first)
    assert state.events[-1]["captured"] == ["E4", "E5"]


def emperor_trick():
    """Tarok, four players: forehand leads the Škis, the next plays the Mond, and the third holds the Pagat with
    lesser taroks only: the Pagat wins the trick of the three (the Emperor's trick), the Škis and the Mond with it.
    Returns the state, the third's seat and the record so far."""
    from tests.games.tarok.helpers import seat, stack

    game = parlour.load("tarok")
    deck = stack("SKIS KH KD KC", "T21 T20 T19 T18", "T1 7C 8C 9C")
    state = game.new(seed=1, deck=deck)
    rec = Record.start(game, 1, deck)

    def play(s: int, text: str) -> None:
        rec.add(s, state.apply(s, text))

    play(seat(state, 1), "bid two")
    while state.view(state.to_act[0])["phase"] != "play":  # the others pass; the declarer takes what comes first
        s = state.to_act[0]
        texts = [str(a) for a in state.legal(s)]
        play(s, "pass" if "pass" in texts else texts[0])
    play(seat(state, 0), "play SKIS")
    play(seat(state, 1), "play T21")
    return state, seat(state, 2), rec


def test_the_tarok_hint_takes_the_emperor_s_trick_with_the_pagat():
    state, s, _ = emperor_trick()
    assert "play T1" in [str(a) for a in state.legal(s)] and len(state.legal(s)) > 2
    advice = advise(state.game, s, state.view(s), state.legal(s), budget="16")
    assert advice.move == advice.first == "play T1"
    assert advice.choices[0].value > advice.choices[1].value + 5  # the Škis and the Mond: 10 card points at least
    assert str(advice.why).startswith("play T1 is worth about")


def test_the_tarok_review_finds_the_pagat_held_back_in_the_emperor_s_trick():
    state, s, rec = emperor_trick()
    rec.add(s, state.apply(s, "play T4"))  # a lesser tarok: the Škis takes the trick, and the Mond with it
    decisions = review(state.game, rec.to_dict(), s, budget="16")
    worst = decisions[0]
    assert (worst.played, worst.best, str(worst.where)) == ("play T4", "play T1", "trick 1") and worst.loss > 5
    assert "T4" in worst.why and "T1" in worst.why


def test_real_time_games_refuse_hints_saying_why():
    game = parlour.load("spoons")
    state = game.new(seed=1)
    with pytest.raises(Unadvisable, match="real time"):
        advise(game, 0, state.view(0), state.legal(0))
    with pytest.raises(Unadvisable, match="real time"):
        review(game, Record.start(game, 1).to_dict(), 0)


# --- what the advice says: only cards the seat may know -------------------------------------------------------

CODE = re.compile(r"\b(?:10|[2-9AKQJ])[SHDC]\b")


def known_cards(view) -> set[str]:
    """Every card code the view holds anywhere (its hand, the table, the piles it may see, the events)."""
    return set(CODE.findall(str(view)))


def named_cards(advice) -> set[str]:
    """The card codes the advice names, its suit symbols read back to codes."""
    text = " ".join([advice.move, advice.first, str(advice.why)] + [c.move for c in advice.choices])
    symbols = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
    text = re.sub(r"(10|[2-9AKQJ])([♠♥♦♣])", lambda m: m.group(1) + symbols[m.group(2)], text)
    return set(CODE.findall(text))


def test_shown_gives_cards_their_suit_symbols_and_leaves_other_words():
    assert shown("capture KH 8C+5D") == "capture K♥ 8♣+5♦"
    assert shown("move i1i10") == "move i1i10" and shown("play D4") == "play D4"
    assert Card.parse("10D").display == "10♦"


def test_the_terminal_gives_a_hint_on_hint_or_question_mark_and_reviews_each_deal(tmp_path):
    import io
    import itertools

    from rich.console import Console

    from parlour.cli.play import TerminalMatch

    game = parlour.load("zole")
    out = io.StringIO()
    answers = itertools.chain(["?", "hint"], itertools.repeat("1"))
    match = TerminalMatch(Console(file=out, width=120), game, ["human", "greedy", "greedy"], tmp_path / "r.json",
                          lambda prompt, seconds: next(answers), Record.start(game, 3), review=True,
                          review_budget="4")
    reviewed = []
    match.show_review = lambda seat, deal: reviewed.append((seat, deal))  # noqa: E731  (what is reviewed, when)
    while not match.state.over and not reviewed:  # one deal: the human's turns and the bots'
        s = match.state.to_act[0]
        if s in match.bots:
            match.played(s, match.state.apply(s, match.bots[s].choose(match.state.bot_view(s), match.state.legal(s))))
        else:
            match.human_turn(s)
        match.review_deals()
    text = out.getvalue()
    assert text.count("Hint: ") == 2 and reviewed == [(0, 0)]
    del match.show_review
    match.show_review(0, 0)
    assert "Review of deal 1" in out.getvalue()


def test_play_takes_a_no_review_flag():
    from click.testing import CliRunner

    from parlour.cli.play import play

    assert "--no-review" in CliRunner().invoke(play, ["--help"]).output
