"""Zole for learning programs (see :mod:`parlour.ai.spaces`).

Actions: every action but a discard is its own int (below 208); a discard of two cards follows at ``208 +``
its rank among the pairs of the 26 cards. A view is ``3n + 7`` planes over the 26 cards for ``n`` seats, seats
counted from the seat itself (``k`` is ``k`` seats on):

* 0: the hand; 1..n: the current trick's cards by who played them; n+1..2n: the cards each seat played in earlier
  tricks this hand; 2n+1..3n: the cards of the tricks each seat won;
* 3n+1, 3n+2: the talon as the Big one picked it up, and the two cards it laid away (its own tensor only);
* 3n+3: the bids (entry ``b * n + k``: seat ``k`` said pass, take, zole, small zole);
* 3n+4: per seat 1 if it is (entry ``f * n + k``) the Big one, a small one, to act, the dealer, the trick's leader,
  sitting out (the dealer of four);
* 3n+5: per seat (entry ``f * n + k``) its trick points / 120, tricks / 8, cards in hand / 10, chips as
  0.5 + chips / 200 (clipped), personal pules / 4 (capped);
* 3n+6, entries: 0–3 the game (big, zole, small zole, table), 4–7 the phase (bid, discard, play, over),
  8 hands played / ``hands`` (0 without a limit), 9 the pool / 10 and 10 the common pules / 10 (capped),
  11 the talon's cards / 2, 12 the cards laid away / 2.

>>> import parlour
>>> from parlour.games.zole.actions import parse
>>> game = parlour.load("zole")
>>> action_count(game), action_index(game, parse("discard 7D 8D"))
(533, 208)
"""

from __future__ import annotations

from itertools import chain
from math import comb
from typing import Any, Mapping

from parlour.core.encoding import CardPlanes
from parlour.core.tricks import cards_in

from .actions import DISCARD, Move
from .cards import BY_CODE

_PLAIN = 208


def action_count(game: Any) -> int:
    return _PLAIN + comb(26, 2)


def action_index(game: Any, action: Move) -> int:
    if action & 7 != DISCARD:
        return int(action)
    a, b = cards_in(action >> 3)
    return _PLAIN + comb(a, 1) + comb(b, 2)


BIDS = ("pass", "take", "zole", "small zole")
MODES = ("big", "zole", "small zole", "table")
PHASES = ("bid", "discard", "play", "over")


def observation_shape(game: Any) -> tuple[int, ...]:
    return (3 * game.players + 7, 26)


def encode(game: Any, view: Mapping[str, Any]) -> list[float]:
    n = view["players"]
    p = CardPlanes(view, BY_CODE, 26, 3 * n + 7)
    rel, planes, mark = p.rel, p.planes, p.mark
    for e in view["log"]:
        if e["type"] == "talon":  # shown to the Big one only (the log holds what the seat was shown)
            mark(3 * n + 1, e["cards"])
    mark(3 * n + 2, view["laid_away"])
    bids, flags, numbers, rest = planes[3 * n + 3:3 * n + 7]
    hands = max(view["options"]["hands"], 1)
    for s in range(n):
        k = rel(s)
        if view["bids"][s] is not None:
            bids[BIDS.index(view["bids"][s]) * n + k] = 1.0
        for f, on in enumerate((s == view["declarer"], s in view["small_ones"], s in view["to_act"],
                                s == view["dealer"], s == view["leader"], s == view["sitting_out"])):
            flags[f * n + k] = float(on)
        for f, x in enumerate((view["won_points"][s] / 120, view["tricks"][s] / 8, view["hand_counts"][s] / 10,
                               0.5 + view["scores"][s] / 200, view["pules"]["personal"].count(s) / 4)):
            numbers[f * n + k] = max(0.0, min(1.0, x))
    if view["mode"]:
        rest[MODES.index(view["mode"])] = 1.0
    rest[4 + PHASES.index(view["phase"])] = 1.0
    rest[8] = min(1.0, (view["hand_number"] - 1) / hands) if view["options"]["hands"] else 0.0
    rest[9] = min(1.0, view["pool"] / 10)
    rest[10] = min(1.0, view["pules"]["common"] / 10)
    rest[11] = view["talon_count"] / 2
    rest[12] = view["laid_away_count"] / 2
    return list(chain.from_iterable(planes))
