"""Scoring one deal: card points in thirds, the game, bonuses, kontras, the Mond penalty, Klop, wheels.

Only the declarer's side writes the hand score (partner included); a Klop scores each player alone; the
Mond penalty is personal: for a Mond taken in a trick, and with ``mond_in_talon`` (Q12, pagat) for the
declarer who left it in the exposed talon. ``score(deal)`` reads a finished deal (see :class:`Deal`) and
returns the row.

>>> from parlour.games.tarok.contracts import THREE, TWO
>>> d = Deal(players=4, contract=TWO, declarer=0, partner=2, won=[0] * 4, tricks=[0] * 4)
>>> game_score(TWO, 4, 41, False)       # two is worth 20, plus the 6 points above 35
26
>>> game_score(TWO, 4, 35, False)       # 35 loses: 20 and the difference of 0
-20
>>> game_score(THREE, 4, 38, True)      # option: the difference rounded to the nearest 5
15
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

try:
    import cython
except ImportError:  # plain Python without Cython: the same code, untyped
    from parlour.core import cyshim as cython

from .cards import KINGS, MOND, TRULA, points as pile_points
from .contracts import (ANNOUNCED, BEGGAR, BONUS_NAMES, KING_ULTIMO_B, KINGS_B, KLOP, MOND_PENALTY, OPEN_BEGGAR,
                        PAGAT_B, POINT_GAMES, SILENT, SOLO_WITHOUT, TRULA_B, VALAT_B, value)


@dataclass
class Deal:
    """What scoring needs of a finished deal. Piles already hold the discards and the talon as assigned."""

    players: int
    contract: int
    declarer: int
    partner: int
    won: list[int]
    tricks: list[int]
    called: int = -1
    #: Seat that announced each bonus, or -1.
    announced: list[int] = field(default_factory=lambda: [-1] * 5)
    #: Kontra level per target: 0 the game, 1 + bonus.
    kontra: list[int] = field(default_factory=lambda: [0] * 6)
    last_trick: int = 0
    last_winner: int = -1
    #: Seat whose Pagat was played to the last trick, or -1.
    last_pagat: int = -1
    mond_lost: int = -1
    #: The exposed talon's cards the declarer did not take (wherever they went), as a mask.
    talon_rest: int = 0
    round_difference: bool = False
    #: Option (Q12, pagat): the declarer who leaves the Mond in the talon pays 21.
    mond_in_talon: bool = False


def game_score(contract: int, players: int, points: int, round5: bool) -> int:
    """A point game's score for the declarer's side with ``points`` card points: ± (value + |points - 35|)."""
    diff = abs(points - 35)
    if round5:
        diff = (diff + 2) // 5 * 5
    base = value(contract, players) + diff
    return base if points >= 36 else -base


@cython.locals(n=cython.int, s=cython.int, ours=cython.ulonglong, their=cython.ulonglong, points=cython.int,
               our_tricks=cython.int, all_tricks=cython.int, c=cython.int)
def score(d: Deal) -> tuple[list[int], dict[str, Any], bool]:
    """The deal's row (per seat), its detail for the sheet, and whether the declarer's side won the game."""
    n = d.players
    row = [0] * n
    if d.contract == KLOP:
        return klop(n, d.won, d.tricks)
    side = (d.declarer,) if d.partner < 0 or d.partner == d.declarer else (d.declarer, d.partner)
    ours = their = 0
    our_tricks = all_tricks = 0
    for s in range(n):  # (loops, not generators: they are C in the compiled build)
        if s in side:
            ours |= d.won[s]
            our_tricks += d.tricks[s]
        else:
            their |= d.won[s]
        all_tricks += d.tricks[s]
    points = pile_points(ours)
    detail: dict[str, Any] = {"contract": d.contract, "declarer": d.declarer, "card_points": [points, 70 - points]}
    c = d.contract
    mult = 1 << d.kontra[0]
    bonuses: dict[str, int] = {}
    if c in POINT_GAMES:
        valat = _valat(d, side, our_tricks, all_tricks)
        if valat is not None:
            hand, won = valat
            bonuses["valat"] = hand
        else:
            game = game_score(c, n, points, d.round_difference)
            won = game > 0
            hand = game * mult
            for b, achieved_by in _bonus_owners(d, side, ours, their):
                announcer = d.announced[b]
                if announcer >= 0:
                    ours_announced = announcer in side
                    ok = achieved_by == (0 if ours_announced else 1)
                    pts = ANNOUNCED[b] * (1 << d.kontra[1 + b])
                    v = pts if ok == ours_announced else -pts
                elif achieved_by is None:
                    continue
                else:
                    v = SILENT[b] if achieved_by == 0 else -SILENT[b]
                bonuses[BONUS_NAMES[b]] = v
                hand += v
    elif c in (BEGGAR, OPEN_BEGGAR):
        won = d.tricks[d.declarer] == 0
        hand = value(c, n) * mult * (1 if won else -1)
    elif c == SOLO_WITHOUT:
        won = points >= 36
        base = 250 if our_tricks in (0, all_tricks) and all_tricks else value(c, n)
        hand = base * mult * (1 if won else -1)
    else:  # the valat contracts: every trick or nothing
        won = our_tricks == all_tricks and all_tricks > 0
        hand = value(c, n) * mult * (1 if won else -1)
    detail["game"] = hand - sum(bonuses.values()) if c in POINT_GAMES and "valat" not in bonuses else hand
    detail["bonuses"] = bonuses
    for s in side:
        row[s] = hand
    if d.mond_lost >= 0 and c in MOND_PENALTY:
        row[d.mond_lost] -= 21
        detail["mond_lost"] = d.mond_lost
    if d.mond_in_talon and c in POINT_GAMES and d.talon_rest >> MOND & 1:
        row[d.declarer] -= 21  # only the point games expose a talon for the declarer to choose from
        detail["mond_left"] = d.declarer
    detail["won"] = won
    return row, detail, won


def _valat(d: Deal, side: tuple[int, ...], our_tricks: int, all_tricks: int) -> tuple[int, bool] | None:
    """An announced valat replaces every other score; a silent one too, when achieved."""
    announcer = d.announced[VALAT_B]
    if announcer >= 0:
        ours = announcer in side
        ok = our_tricks == all_tricks if ours else our_tricks == 0
        pts = ANNOUNCED[VALAT_B] * (1 << d.kontra[1 + VALAT_B])
        return (pts if ok == ours else -pts), ok == ours
    if our_tricks == all_tricks:
        return SILENT[VALAT_B], True
    if our_tricks == 0:
        return -SILENT[VALAT_B], False
    return None


def _bonus_owners(d: Deal, side: tuple[int, ...], ours: int, their: int) -> list[tuple[int, int | None]]:
    """For each bonus in play: which side achieved it (0 the declarer's, 1 the opponents', None nobody)."""
    owners = [(TRULA_B, 0 if ours & TRULA == TRULA else 1 if their & TRULA == TRULA else None),
              (KINGS_B, 0 if ours & KINGS == KINGS else 1 if their & KINGS == KINGS else None)]
    pagat = None
    if d.last_pagat >= 0 and d.last_winner == d.last_pagat:
        pagat = 0 if d.last_pagat in side else 1
    owners.append((PAGAT_B, pagat))
    if d.called >= 0:
        king = 0 if d.last_trick >> d.called & 1 and d.last_winner in side else None
        owners.append((KING_ULTIMO_B, king))
    return owners


@cython.locals(players=cython.int, s=cython.int, p=cython.int, empty=cython.bint, over=cython.bint)
def klop(players: int, won: list[int], tricks: list[int]) -> tuple[list[int], dict[str, Any], bool]:
    """A Klop's row, detail and (never) won game, from each seat's pile and tricks: each pays its card points;
    a seat without a trick gets 70, and one above 35 points pays 70, the others then nothing."""
    points = []
    empty = over = False
    for s in range(players):
        p = pile_points(won[s])
        points.append(p)
        if not tricks[s]:
            empty = True
        if p > 35:
            over = True
    if not empty and not over:
        row = [-p for p in points]
    else:
        row = [70 if not tricks[s] else -70 if points[s] > 35 else 0 for s in range(players)]
    return row, {"contract": KLOP, "card_points": points}, False


