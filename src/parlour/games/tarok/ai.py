"""Tarok for learning programs (see :mod:`parlour.ai.spaces`).

Actions: 180 indices, a block per kind — the 54 card plays, the 13 bids, pass, the 13 final contracts, the 8 calls
(kings, then queens), the 6 talon groups, forfeit, the 54 cards a discard lays away, the 5 announcements, the 24
kontras (4 levels × 6 targets) and the Emperor's lead. A discard is chosen in steps, its cards one by one, lowest
first (``action_steps``): a fixed index per set of cards would need 27,313.
A view is
``3n + 14`` planes over the 54 cards for ``n`` seats, seats counted from the seat itself (``k`` is ``k`` seats on):

* 0: the hand; 1..n: the current trick's cards by who played them; n+1..2n: the cards each seat played earlier
  this deal; 2n+1..3n: the cards of the tricks each seat has won (with Klop's talon cards);
* 3n+1..3n+6: the talon once exposed; the talon cards the declarer took; the cards laid away (the declarer's
  own); the taroks laid away face up; the Open beggar declarer's hand; the called king (or queen);
* 3n+7..3n+9, one-hot in the first entries: the contract, the highest bid so far (13 contracts, Klop first), the
  phase (bid, contract, call, talon, discard, colour, announce, play, over);
* 3n+10, flags per seat (entry ``f * n + k``): declarer, high bidder, passed, the known partner, to act, dealer,
  forehand, leads the trick;
* 3n+11, numbers per seat: trick card points / 70, tricks / (48 / n), cards in hand / (48 / n + 3), match total
  as 0.5 + total / 2000 (clipped), radelci / 4 (capped);
* 3n+12: announcements (entry ``b * n + k``: bonus ``b`` announced by seat ``k``; trula, kings, pagat ultimo,
  king ultimo, valat), then from ``5n`` the kontra level / 4 of the game and each bonus;
* 3n+13: the declarer plays alone (known), the partner is known, a skis round, talon cards left / 6, the deal's
  mode (normal, redeal, klop).

The partner is marked only once the view names it: the called king played, or to the partner itself.

>>> import parlour
>>> from parlour.games.tarok.actions import parse
>>> game = parlour.load("tarok")
>>> action_count(game), action_index(game, parse("play T21")), action_steps(game, parse("discard 4H 3H"))
(180, 20, (118, 119))
>>> [action_index(game, parse(t)) for t in ("bid klop", "pass", "call queen clubs", "kontra game", "lead emperor")]
[54, 67, 88, 155, 179]

Every index names one action (the discard's as a step) and back:

>>> from parlour.games.tarok.actions import PLAYS
>>> texts = [str(a) for a in PLAYS] + [f"bid {n}" for n in NAMES[:-1]]
>>> all(str(action_at(game, action_index(game, parse(t)))) == t for t in texts)
True
"""

from __future__ import annotations

from itertools import chain
from typing import Any, Mapping

from parlour.core.encoding import CardPlanes
from parlour.core.tricks import cards_in

from .actions import (ANNOUNCE, BID, CALL, CONTRACT, DISCARD, EMPEROR, FORFEIT, KONTRA, PASS, PLAY, TALON, Move,
                      move)
from .cards import BY_CODE, KINGS, QUEENS, SUIT_NAMES
from .contracts import BONUS_NAMES, KONTRA_NAMES, NAMES, TARGET_NAMES

#: Each kind's block: its size, in the order of the space.
_SIZES = ((PLAY, 54), (BID, len(NAMES)), (PASS, 1), (CONTRACT, len(NAMES)), (CALL, 8), (TALON, 6), (FORFEIT, 1),
          (DISCARD, 54), (ANNOUNCE, len(BONUS_NAMES)), (KONTRA, 4 * len(TARGET_NAMES)), (EMPEROR, 1))
#: Where each kind's block starts.
START: dict[int, int] = {}
_at = 0
for _kind, _size in _SIZES:
    START[_kind] = _at
    _at += _size
SIZE = _at

#: The most steps an action takes (a discard of three cards).
MOST_STEPS = 3


def action_count(game: Any) -> int:
    return SIZE


def _offset(action: Move) -> int:
    kind, p = action & 15, action >> 4
    if kind == KONTRA:  # payload: target | level << 3, levels 1..4
        return ((p >> 3) - 1) * len(TARGET_NAMES) + (p & 7)
    return p if kind in (PLAY, BID, CONTRACT, CALL, TALON, ANNOUNCE) else 0


def action_index(game: Any, action: Move) -> int:
    """The action's index; a discard's first step (its lowest card)."""
    if action & 15 == DISCARD:
        return START[DISCARD] + next(iter(cards_in(action >> 4)))
    return START[action & 15] + _offset(action)


def action_steps(game: Any, action: Move) -> tuple[int, ...]:
    """A discard: its cards, lowest first; any other action: its index."""
    if action & 15 == DISCARD:
        return tuple(START[DISCARD] + c for c in cards_in(action >> 4))
    return (START[action & 15] + _offset(action),)


def action_at(game: Any, index: int) -> Move:
    """The action at ``index`` (for a discard's block: the card's one-card discard, the step's meaning)."""
    for kind, size in reversed(_SIZES):
        if index >= START[kind]:
            offset = index - START[kind]
            if not 0 <= offset < size:
                break
            if kind == KONTRA:
                return move(KONTRA, offset % len(TARGET_NAMES) | (offset // len(TARGET_NAMES) + 1) << 3)
            if kind == DISCARD:
                return move(DISCARD, 1 << offset)
            return move(kind, offset)
    raise ValueError(f"tarok's actions are 0..{SIZE - 1}, not {index}")


PHASES = ("bid", "contract", "call", "talon", "discard", "colour", "announce", "play", "over")
MODES = ("normal", "redeal", "klop")
SEAT_FLAGS, SEAT_NUMBERS = 8, 5


def observation_shape(game: Any) -> tuple[int, ...]:
    return (3 * game.players + 14, 54)


def called_card(called: Mapping[str, str]) -> int:
    """The card a call names: ``{"rank": "king", "suit": "spades"}`` is the KS.

    >>> from parlour.games.tarok.cards import CODES
    >>> CODES[called_card({"rank": "queen", "suit": "hearts"})]
    'QH'
    """
    suit = SUIT_NAMES.index(called["suit"])
    mask = (KINGS if called["rank"] == "king" else QUEENS) & (0xFF << (22 + 8 * (suit - 1)))
    return mask.bit_length() - 1


def encode(game: Any, view: Mapping[str, Any]) -> list[float]:
    n = view["players"]
    p = CardPlanes(view, BY_CODE, 54, 3 * n + 14)
    rel, planes, mark = p.rel, p.planes, p.mark
    for e in view["log"]:
        if e["type"] == "take":
            mark(3 * n + 2, e["cards"])
    mark(3 * n + 1, view["talon"])
    mark(3 * n + 3, view["laid_away"])
    mark(3 * n + 4, view["shown"])
    mark(3 * n + 5, view["open_hand"])
    if view["called"]:
        planes[3 * n + 6][called_card(view["called"])] = 1.0
    for plane, name in ((3 * n + 7, view["contract"]), (3 * n + 8, view["high_bid"])):
        if name is not None:
            planes[plane][NAMES.index(name)] = 1.0
    planes[3 * n + 9][PHASES.index(view["phase"])] = 1.0

    flags, numbers = planes[3 * n + 10], planes[3 * n + 11]
    partner = view["partner"] if isinstance(view["partner"], int) else None
    for s in range(n):
        k = rel(s)
        for f, on in enumerate((s == view["declarer"], s == view["high_bidder"], s in view["passed"],
                                s == partner, s in view["to_act"], s == view["dealer"], s == view["forehand"],
                                s == view["leader"])):
            flags[f * n + k] = float(on)
        tricks = 48 / n
        total = view["scores"][s]
        for f, x in enumerate((view["points_taken"][s] / 210, view["tricks"][s] / tricks,
                               view["hands"][s] / (tricks + 3), 0.5 + total / 2000, view["wheels"][s] / 4)):
            numbers[f * n + k] = max(0.0, min(1.0, x))
    said = planes[3 * n + 12]
    for bonus, who in view["announced"].items():
        said[BONUS_NAMES.index(bonus) * n + rel(who)] = 1.0
    for target, level in view["kontra"].items():
        said[5 * n + TARGET_NAMES.index(target)] = KONTRA_NAMES.index(level) / 4
    rest = planes[3 * n + 13]
    rest[0] = float(view["partner"] == "none" or partner is not None and partner == view["declarer"])
    rest[1] = float(view["partner"] is not None)
    rest[2] = float(view["skis_round"])
    rest[3] = view["talon_count"] / 6
    rest[4 + MODES.index(view["mode"])] = 1.0
    return list(chain.from_iterable(planes))
