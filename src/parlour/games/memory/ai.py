"""The memory games' fixed action space and numeric observation for learning programs (see
:mod:`parlour.ai.spaces`).

Each kind of action takes a block of indices as large as its places, slots counted up to the layout's size (the
*room*; Kaboo's layouts grow by penalty cards, so it gives room for more): one for ``draw``, one per own slot for
``swap S``, one per seat and slot for ``snap T.U``. ``jack S T.U`` and ``look S T.U`` are chosen in two steps
(``action_steps``): the own slot, then the other place. A slot beyond the room cannot be named: such an action
is left out of the mask (Kaboo's room of 24 slots is far more than any layout reached in random play, 14).

>>> import parlour
>>> from parlour.games.memory.actions import parse
>>> game = parlour.load("kaboo", players=2)
>>> room = 24
>>> action_count(game, room), action_index(game, parse("draw"), room), action_steps(game, parse("jack 3 1.2"), room)
(369, 1, (225, 272))
>>> action_steps(game, parse("swap 24"), room) is None    # beyond the room
True

The observation (:func:`encode`, one flat vector; docs/ai.md lists it slice by slice) holds, seat by seat from
the seat itself on, each layout slot (room for the layout's cards and ``extra`` penalty slots): the card if the
seat sees it or has seen it there (the bot view's ``memory``: what a person at the seat may remember), whether a
card lies there, is face up, is known, is being looked at. Then the drawn card if the seat holds it, the discard
pile, the stock's size, the phase, the turn, the closer, the dealer, who is ready, the setup flips, the scores,
the open window's seconds left, the round, and Kaboo's snap and power in progress. A face-down card the seat has
not seen is only "a card": nothing of it is in the vector.

>>> state = game.new(seed=1)
>>> vector = encode(game, state.bot_view(0))
>>> observation_shape(game), len(vector)
((667,), 667)
>>> [CODES[i] for i in range(CARDS) if vector[2 * SLOT + i]], vector[2 * SLOT + CARDS:3 * SLOT]  # peeked: AS
(['AS'], [1.0, 0.0, 1.0, 0.0])
>>> vector[CARDS:SLOT]                                              # slot 0: a card, face down, unknown
[1.0, 0.0, 0.0, 0.0]
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from parlour.core.cards import CODES

from .actions import SHAPES, Move

#: The most steps an action takes (jack and look: the own slot, then the place).
MOST_STEPS = 2


@lru_cache(maxsize=64)
def _blocks(players: int, room: int) -> tuple[tuple[int, int], ...]:
    """Per kind: its first index and its block's size (a two-step kind: the own slot's block, then the place's)."""
    out, start = [], 0
    for kind in range(len(SHAPES)):
        shape = SHAPES[kind][1]
        size = {"": 1, "s": room, "t": players * room, "st": room + players * room}[shape]
        out.append((start, size))
        start += size
    return tuple(out)


def action_count(game: Any, room: int | None = None) -> int:
    start, size = _blocks(game.players, room or slots(game))[-1]
    return start + size


def action_steps(game: Any, action: Move, room: int | None = None) -> tuple[int, ...] | None:
    """The action's indices, one per step (two for ``jack`` and ``look``); None if a slot is beyond the room."""
    room = room or slots(game)
    kind, a, b, c = action.kind, action.a, action.b, action.c
    start, _ = _blocks(game.players, room)[kind]
    shape = SHAPES[kind][1]
    if (shape in ("s", "st") and a >= room) or (shape in ("t", "st") and c >= room):
        return None
    if shape == "":
        return (start,)
    if shape == "s":
        return (start + a,)
    if shape == "t":
        return (start + b * room + c,)
    return (start + a, start + room + b * room + c)


def action_index(game: Any, action: Move, room: int | None = None) -> int:
    """The action's index (its first step's for ``jack`` and ``look``)."""
    steps = action_steps(game, action, room)
    if steps is None:
        raise ValueError(f"{action} names a slot beyond the {room or slots(game)} the action space has room for")
    return steps[0]


# --- the observation --------------------------------------------------------------------------------------

#: Card identities: the 52 cards and the joker, in :data:`parlour.core.cards.CODES` order.
CARDS = len(CODES)
_INDEX = {c: i for i, c in enumerate(CODES)}
#: A slot's entries: the card (one-hot), then a card lies there, face up, known to the seat, being looked at.
SLOT = CARDS + 4
PHASES = ("peek", "setup", "turn", "drawn", "flip", "power", "decide", "done", "over")
#: Kaboo's powers in progress, in order.
POWERS = ("peek", "spy", "jack", "look", "trade", "keep", "skip")
SNAP_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "joker")
#: Scales: the most cards a table uses (three decks with jokers), copies of a card in the discard pile, points.
STOCK_SCALE, COPIES, POINTS_SCALE = 162, 3, 400


def slots(game: Any, extra: int = 0) -> int:
    """Layout slots per seat the observation has room for: the layout's, plus ``extra`` penalty slots."""
    return game.state_class.rules.size + extra


def observation_shape(game: Any, extra: int = 0) -> tuple[int, ...]:
    n = game.players
    return (n * (slots(game, extra) * SLOT + 1) + 3 * CARDS + 2 + len(PHASES) + 6 * n + 3 + len(SNAP_RANKS)
            + 1 + n + len(POWERS),)


def _relative(n: int, seat: int, seats: Any) -> list[float]:
    """One entry per seat from ``seat`` on: 1 for each seat in ``seats``."""
    out = [0.0] * n
    for s in seats:
        out[(s - seat) % n] = 1.0
    return out


def _one_hot(size: int, i: int | None) -> list[float]:
    out = [0.0] * size
    if i is not None:
        out[i] = 1.0
    return out


def encode(game: Any, view: Mapping[str, Any], extra: int = 0) -> list[float]:
    n, room = game.players, slots(game, extra)
    seat = view["seat"] or 0
    order = [(seat + k) % n for k in range(n)]
    remembered = {(o, i): code for o, i, code in view.get("memory") or ()}
    looked = set()
    if view.get("look"):  # Kaboo's queen: the turn seat's slot s and the place t.u, as [s, t, u]
        s, t, u = view["look"]
        looked.update({(view["turn"], s), (t, u)})
    for _, owner, slot in view.get("looking") or ():
        looked.add((owner, slot))
    out: list[float] = []
    for owner in order:
        layout = view["layouts"][owner]
        for i in range(room):
            code = layout[i] if i < len(layout) else None
            known = code if code not in (None, "##") else remembered.get((owner, i))
            entry = _one_hot(CARDS, _INDEX[known] if known else None)
            entry += [0.0 if code is None else 1.0, float(bool(view["up"][owner][i])) if i < len(layout) else 0.0,
                      1.0 if known else 0.0, 1.0 if (owner, i) in looked else 0.0]
            out += entry
        out.append(min(sum(c is not None for c in layout) / room, 1.0))  # beyond 1: more cards than slots shown
    drawn = view["drawn"]
    out += _one_hot(CARDS, _INDEX[drawn] if drawn not in (None, "##") else None)
    out.append(0.0 if drawn is None else 1.0)
    pile = view["discard"]
    out += _one_hot(CARDS, _INDEX[pile[-1]] if pile else None)
    counts = [0.0] * CARDS
    for code in pile:
        counts[_INDEX[code]] = min(counts[_INDEX[code]] + 1 / COPIES, 1.0)
    out += counts
    out.append(min(view["stock"] / STOCK_SCALE, 1.0))
    out += _one_hot(len(PHASES), PHASES.index(view["phase"]))
    out += _relative(n, seat, [] if view["turn"] is None else [view["turn"]])
    out += _relative(n, seat, [] if view["closer"] is None else [view["closer"]])
    out += _relative(n, seat, [view["dealer"]])
    out += _relative(n, seat, view["ready"])
    flips = max(game.state_class.rules.setup_flips, 1)
    out += [min(view["flips"][s] / flips, 1.0) for s in order]
    out += [min(max(0.5 + view["scores"][s] / POINTS_SCALE, 0.0), 1.0) for s in order]
    out.append(1.0 if view["seat"] in view["to_act"] else 0.0)
    window = max([view["options"].get(k, 0) for k in ("peek_seconds", "snap_seconds")] + [1])
    out.append(min((view["deadline"] or 0.0) / window, 1.0))
    out.append((view["round"] - 1) / view["rounds"])
    snap = view.get("snap") or {}
    out += _one_hot(len(SNAP_RANKS), SNAP_RANKS.index(snap["rank"]) if snap.get("rank") is not None else None)
    out.append(1.0 if snap.get("claimed") else 0.0)
    out += _relative(n, seat, snap.get("snappers") or ())
    out += _one_hot(len(POWERS), POWERS.index(view["power"]) if view.get("power") else None)
    return out

