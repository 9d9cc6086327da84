"""Scoring a hand of Tysiąc onto the match sheet: the bid won or lost, the opponents' rounded points, and the
variants that act on the sheet (the barrel, lines, Rospisat', the Polish lock at 800), then the winner.

``score_hand`` is a pure function from the standings before a hand to the row it writes and the standings
after it; the state calls it once per hand.

>>> rules = Rules()
>>> before = Standing.start(3)
>>> row, detail, after = score_hand(before, declarer=0, contract=110, points=[117, 2, 1], rules=rules)
>>> row, detail["made"]                 # 2 rounds to 0 and 1 to 0 (nearest 5)
([110, 0, 0], True)
>>> score_hand(before, 1, 120, [40, 97, 23], rules)[0]     # 97 -> 95, 23 -> 25
[40, -120, 25]
>>> round_to(3, 5), round_to(7, 5), round_to(8, 5), round_to(25, 10)
(5, 5, 10, 30)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: The score that wins, the barrel's score, and the fine for falling off it (and for every third line or P).
WIN, BARREL, FINE = 1000, 880, 120
#: Hands a player may spend on the barrel before falling off.
BARREL_HANDS = 3
#: The Polish rules: above this score, only a contract won as declarer scores.
LOCK = 800
#: What each opponent earns from a Rospisat'.
ROSPISAT_POINTS = 60


@dataclass(frozen=True)
class Rules:
    """The options that change scoring."""

    barrel: bool = False
    lines: bool = False
    rounding: int = 5
    lock_800: bool = False
    barrel_knock: bool = False


@dataclass
class Standing:
    """Each seat's match status: totals, hands spent on the barrel (-1: not on it), lines and P entries."""

    totals: list[int]
    barrel: list[int] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    ps: list[int] = field(default_factory=list)

    @classmethod
    def start(cls, players: int) -> "Standing":
        return cls([0] * players, [-1] * players, [0] * players, [0] * players)

    def copy(self) -> "Standing":
        return Standing(list(self.totals), list(self.barrel), list(self.lines), list(self.ps))


def round_to(points: int, step: int) -> int:
    """``points`` to the nearest multiple of ``step``, a half up (with 5, integers never fall half way)."""
    return (points + step // 2) // step * step


def score_hand(before: Standing, declarer: int, contract: int, points: list[int], rules: Rules,
               rospisat: bool = False) -> tuple[list[int], dict[str, Any], Standing]:
    """The row a hand writes, its detail for the sheet, and the standings after it.

    ``points`` are each seat's card points in tricks plus its declared marriages. A Rospisat' hand
    (``rospisat=True``) was given up by the declarer after seeing the prikup: no points were played.
    """
    n = len(before.totals)
    after = before.copy()
    on_barrel = [rules.barrel and b >= 0 for b in before.barrel]
    gain = [0] * n
    detail: dict[str, Any] = {"declarer": declarer, "contract": contract, "rospisat": rospisat}
    events: dict[str, list[int]] = {"line": [], "line fine": [], "p": [], "p fine": [], "on barrel": [],
                                    "off barrel": [], "fell off barrel": [], "knocked off barrel": [],
                                    "locked": []}
    made = None
    for s in range(n):
        if s == declarer:
            if rospisat:
                after.ps[s] += 1
                events["p"].append(s)
                if after.ps[s] % 3 == 0:
                    gain[s] -= FINE
                    events["p fine"].append(s)
            else:
                made = points[s] >= contract
                gain[s] = contract if made else -contract
            continue
        locked = on_barrel[s] or (rules.lock_800 and before.totals[s] > LOCK)
        if locked:
            events["locked"].append(s)
        else:
            gain[s] = ROSPISAT_POINTS if rospisat else round_to(points[s], rules.rounding)
        if rules.lines and not rospisat and not on_barrel[s] and points[s] == 0:
            after.lines[s] += 1
            events["line"].append(s)
            if after.lines[s] % 3 == 0:
                gain[s] -= FINE
                events["line fine"].append(s)
    new = [t + g for t, g in zip(before.totals, gain)]
    if rules.barrel:
        _barrel(before, after, new, declarer, contract, made, on_barrel, rules, events)
    after.totals = new
    detail["made"] = made
    detail["points"] = list(points) if not rospisat else None
    detail.update({k: v for k, v in events.items() if v})
    winners = winners_after(new, declarer)
    if winners:
        detail["winners"] = list(winners)
    elif any(t >= WIN for t in new):
        detail["tie"] = [s for s in range(n) if new[s] >= WIN]
    return [a - b for a, b in zip(new, before.totals)], detail, after


def _barrel(before: Standing, after: Standing, new: list[int], declarer: int, contract: int, made: bool | None,
            on_barrel: list[bool], rules: Rules, events: dict[str, list[int]]) -> None:
    """The barrel (variant): no score between 880 and 1000; three hands to win from 880 as declarer."""
    arrived = []
    for s in range(len(new)):
        if on_barrel[s]:
            if s == declarer and made is not None:
                if not made:  # a lost bid takes the player off the barrel
                    new[s] = BARREL - contract
                    after.barrel[s] = -1
                    events["off barrel"].append(s)
                    continue
                if BARREL + contract >= WIN:
                    new[s] = BARREL + contract
                    after.barrel[s] = -1
                    continue
            new[s] = BARREL  # a barrel player keeps nothing but a winning contract
            after.barrel[s] += 1
            if after.barrel[s] >= BARREL_HANDS:
                new[s] = BARREL - FINE
                after.barrel[s] = -1
                events["fell off barrel"].append(s)
        elif new[s] >= BARREL and (new[s] < WIN or s != declarer):
            new[s] = BARREL  # only a declarer may pass 1000 (Q10)
            after.barrel[s] = 0
            arrived.append(s)
            events["on barrel"].append(s)
    if rules.barrel_knock and arrived:
        for s in range(len(new)):
            if on_barrel[s] and after.barrel[s] >= 0:
                new[s] = BARREL - FINE
                after.barrel[s] = -1
                events["knocked off barrel"].append(s)


def winners_after(totals: list[int], declarer: int) -> tuple[int, ...]:
    """Who wins once a hand is scored (Q10): of those at 1000 or more, the declarer if he is one of them, else
    the highest score; nobody if two share the highest (play on).

    >>> winners_after([1005, 1040, 300], declarer=0), winners_after([1005, 1040, 300], 2)
    ((0,), (1,))
    >>> winners_after([1010, 1010, 0], 2)
    ()
    """
    reached = [s for s, t in enumerate(totals) if t >= WIN]
    if declarer in reached:
        return (declarer,)
    if not reached:
        return ()
    best = max(totals[s] for s in reached)
    top = tuple(s for s in reached if totals[s] == best)
    return top if len(top) == 1 else ()
