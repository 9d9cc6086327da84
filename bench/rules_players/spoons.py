"""An independent rule-based player for Spoons (S-P-O-O-N), written from the rules files alone.

Strategy, as a good player plays it:

* collect one rank: keep the rank of which it holds most, and among equals the one with most copies still live
  (not seen going by: every card it passed on this stock went downstream and will not come back before a restock);
  pass a card of its weakest rank, never one of the rank it collects unless the hand is all one rank;
* take the first spoon as soon as it holds four of a kind, and grab as soon as it sees a spoon go.

Speed: the same reaction times as the game's default bot (``steady``), from that bot's public description ("about
a second a card, 0.9 s to grab and never under 0.7 s"): a pass after ``reaction_time(median 1.0 s, floor 0.7 s)``,
a grab after ``reaction_time(median 0.9 s, floor 0.7 s)`` (``parlour.core.bot.reaction_time``, log-normal spread
0.3). The bench states these budgets; the point is that only the choice of cards differs.
"""

from __future__ import annotations

from typing import Any

from parlour.core.bot import Bot, reaction_time
from parlour.core.cards import RANKS
from parlour.core.game import Action, Game

PASS_MEDIAN, GRAB_MEDIAN, FLOOR = 1.0, 0.9, 0.7


def rank_of(code: str) -> int:
    return RANKS.index(code[:-1])


class SpoonsRulesPlayer(Bot):
    """The rule-based Spoons player (see the module docstring)."""

    name = "rules"
    description = "independent rule-based Spoons player (bench only); reacts like the default bot"
    reacts = GRAB_MEDIAN
    #: The bench seats the two sides on alternate seats (two each at the game's default four).
    BENCH_SEATING = "alternate"

    def __init__(self, game: Game, seat: int, seed: int = 0) -> None:
        super().__init__(game, seat, seed)
        self.copies = 4 * int(getattr(game, "decks", 1))
        self.round = -1
        self.gone = [0] * 13  # copies of each rank this seat passed on since the last (re)shuffle of the stock
        self.restocks = 0

    def _track(self, view: dict[str, Any]) -> None:
        restocks = sum(1 for e in view.get("log") or [] if e.get("type") == "restock" and e.get("round") in (None, view["round"]))
        if view["round"] != self.round or restocks != self.restocks:
            self.round, self.restocks, self.gone = view["round"], restocks, [0] * 13

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        self._track(view)
        by_text = {str(a): a for a in legal}
        if "grab" in by_text:
            return by_text["grab"]
        hand = [rank_of(c) for c in view["hand"]]
        counts = [hand.count(r) for r in range(13)]

        def keep(r: int) -> tuple[int, int]:
            return counts[r], self.copies - counts[r] - self.gone[r]
        target = max(set(hand), key=keep)
        worst = min((c for c in view["hand"] if f"pass {c}" in by_text and (rank_of(c) != target or len(set(hand)) == 1)),
                    key=lambda c: keep(rank_of(c)), default=None)
        if worst is None:
            return legal[0]
        self.gone[rank_of(worst)] += 1
        return by_text[f"pass {worst}"]

    def delay(self, view: dict[str, Any], action: Action) -> float:
        median = GRAB_MEDIAN if str(action) == "grab" else PASS_MEDIAN
        return reaction_time(self.rng, median, floor=FLOOR)
