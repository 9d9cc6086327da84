"""An independent rule-based player for the Claw (Gheara), written from the rules files alone.

The Claw is a race: the only choices are which card to claim (the called one, if it is on the table), when the
rotating caller calls, and tugging in the contest. This player claims the called card when it is on the table and
nothing when it is not (a card the worn deck lost: a wrong claim would bench it), tugs at once in a contest, and
calls at once when it is the rotating caller.

Speed: the same as the game's default bot (``steady``), from that bot's public description: it "sees a call in
0.9 s (never under 0.7 s), then looks at about twelve cards a second; misreads one call in twenty". So a claim
lands after ``reaction_time(median 0.9 s, floor 0.7 s)`` plus ``k / 12`` s, ``k`` the called card's place in a
random scan of the cards on the table; one call in twenty it misreads and claims a look-alike (same rank, or same
suit). A tug or a call takes ``reaction_time(median 0.9 s, floor 0.7 s)`` (the description says nothing of
tugging; the contest and the rotating caller are off by default).
"""

from __future__ import annotations

from typing import Any

from parlour.core.bot import Bot, reaction_time
from parlour.core.game import Action, Game

SEE_MEDIAN, FLOOR, CARDS_PER_SECOND, MISREAD = 0.9, 0.7, 12.0, 1 / 20
NEVER = 1e9  # a claim that must not land: the call closes first and the race drops it


class ClawRulesPlayer(Bot):
    """The rule-based Claw player (see the module docstring)."""

    name = "rules"
    description = "independent rule-based Claw player (bench only); as quick as the default bot"
    reacts = SEE_MEDIAN
    #: The bench seats the two sides on alternate seats (two each at the game's default four).
    BENCH_SEATING = "alternate"

    def __init__(self, game: Game, seat: int, seed: int = 0) -> None:
        super().__init__(game, seat, seed)
        self.wait = 0.0

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        self.wait = reaction_time(self.rng, SEE_MEDIAN, floor=FLOOR)
        by_text = {str(a): a for a in legal}
        call = view["call"]
        for text in (f"tug @{call}", "call"):
            if text in by_text:
                return by_text[text]
        table = [code for code, *_ in view["spread"]]
        wanted = view.get("card")
        if wanted not in table or f"claim {wanted} @{call}" not in by_text:
            self.wait = NEVER  # not on the table: claim nothing (any claim would be wrong)
            return legal[0]
        self.wait += (1 + self.rng.below(len(table))) / CARDS_PER_SECOND
        if self.rng.below(1000) < MISREAD * 1000:
            alike = [c for c in table if c != wanted and (c[:-1] == wanted[:-1] or c[-1] == wanted[-1])]
            if alike:
                return by_text.get(f"claim {self.rng.choice(alike)} @{call}", by_text[f"claim {wanted} @{call}"])
        return by_text[f"claim {wanted} @{call}"]

    def delay(self, view: dict[str, Any], action: Action) -> float:
        return self.wait
