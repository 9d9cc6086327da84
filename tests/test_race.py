"""Real-time matches on a virtual clock (parlour.bots.race): who acts first, stale actions, deadlines, people."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.bots.race import Race
from parlour.core.bot import Bot
from parlour.core.cards import CODES, deck
from parlour.core.errors import IllegalAction


class Finder(Bot):
    """Claims the called card (or passes the first card, or grabs) after a fixed time: ``seconds[seat]``."""

    name = "finder"
    seconds: dict[int, float] = {}

    def choose(self, view: dict[str, Any], legal: list) -> Any:
        return next((a for a in legal if str(a).startswith(f"claim {view.get('card')} ")), legal[0])

    def delay(self, view: dict[str, Any], action: Any) -> float:
        return self.seconds[self.seat]


def claw(calls: str, **options: Any):
    top = calls.split()
    game = parlour.load("claw", players=2, **options)
    return game, game.new(seed=1, deck=top + [CODES[c] for c in deck() if CODES[c] not in top])


def bots(game: Any, seconds: dict[int, float]) -> dict[int, Bot]:
    Finder.seconds = seconds
    return {s: Finder(game, s) for s in seconds}


@pytest.mark.parametrize("fast", [0, 1])
def test_the_quicker_bot_wins_and_the_slower_ones_action_is_dropped(fast: int) -> None:
    game, state = claw("QH 2C")
    race = Race(state, bots(game, {fast: 0.4, 1 - fast: 0.9}))
    assert race.step() == (None, "timeout") and race.now == 3.0  # the pause before the first call
    assert race.step() == (fast, "claim QH @1") and race.now == pytest.approx(3.4)
    assert 1 - fast not in race.pending, "its claim for call 1 stopped being legal: dropped at once"
    assert race.step() == (None, "timeout") and race.now == pytest.approx(4.9)  # the 1.5 s pause
    assert race.next_at() == pytest.approx(5.3) and race.pending[1 - fast][0] == pytest.approx(5.8)


def test_a_window_closes_at_its_deadline_counted_from_the_last_change() -> None:
    game, state = claw("QH 2C")
    race = Race(state, bots(game, {0: 30.0, 1: 30.0}))
    race.advance(3.0)
    assert state.phase == "call" and race.changed == 3.0
    assert race.advance(20.0) == [(None, "timeout"), (None, "timeout")]  # missed at 11 s, next call at 12.5 s
    assert state.call_no == 2 and race.changed == 12.5 and race.now == 20.0


def test_a_person_acts_at_the_instant_he_answers_after_what_the_bots_did_meanwhile() -> None:
    game, state = claw("QH 2C")
    race = Race(state, bots(game, {1: 0.7}))
    race.advance(3.0)
    assert race.advance(3.5) == [] and 0 in state.to_act  # the person's seat is never asked
    race.play(0, "claim QH @1")
    assert len(state.piles[0]) == 1 and race.log[-1] == (0, "claim QH @1", 3.5)
    race.advance(5.0)
    race.advance(5.8)  # the bot finds 2C at 5.0 + 0.7: the person answering at 5.8 is too late
    with pytest.raises(IllegalAction):
        race.play(0, "claim 2C @2")


def test_a_race_of_bots_replays_exactly_from_its_seeds() -> None:
    from parlour.bots import make, play_match

    game = parlour.load("spoons", players=3, word="O")
    runs = [play_match(game, [make("sharp", game, s, seed=s) for s in range(3)], seed=4) for _ in range(2)]
    assert runs[0][1].actions == runs[1][1].actions and runs[0][0].over


def test_a_change_the_person_cannot_see_yet_stops_the_clock_until_he_can() -> None:
    game, state = claw("QH 2C")
    race = Race(state, bots(game, {1: 0.7}))
    race.advance(3.0)
    offered = [str(a) for a in state.legal(0)]
    # he answers at 10 s; the bot won call 1 at 3.7 s, which his screen did not show
    played = race.advance(10.0, unseen=lambda: [str(a) for a in state.legal(0)] != offered)
    assert played == [(1, "claim QH @1")] and race.log[-1][2] == 3.7 and race.now == 10.0
    assert state.phase == "pause" and race.changed == 10.0, "the 1.5 s pause counts from when he sees it"
    assert race.step() == (None, "timeout") and race.now == pytest.approx(11.5)
