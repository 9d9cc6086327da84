"""Kaboo's hooks for the game-agnostic search bots: the memory games' worlds (:mod:`parlour.games.memory.search_hooks`:
remembered cards stay where they were seen; peeks, spies, looks and snaps are the expert's), who knows what in
those worlds, and a play-out policy that plays as the expert would from what each player knows.

The search weighs what a world can value: draw or knock, where the drawn card goes (or whether it is thrown),
a jack's swap, a queen's trade. In its play-outs nobody sees more than a player at the table would: each player
knows the cards it has seen (the engine keeps who has seen each card), values the others at the average card,
and plays by the expert's rules (:mod:`parlour.games.memory.bot`): knock with a low layout it knows, keep a drawn
card lower than its worst card, peek at its unknown cards, hand its worst card on with a jack, trade when it
gains, snap a card it knows to be of the window's rank. A world dealt from a view says what the seat itself has
seen; what the others have seen is taken as a player would guess it: each its own two peeked cards (followed
by their tags) and the cards it placed itself; and a card another player placed himself is a low one (he chose
to keep it), which keeps a knock from looking safer than it is.

>>> import parlour
>>> from parlour.bots import make
>>> game = parlour.load("kaboo", players=2)
>>> state = game.new(seed=3)
>>> seat = state.to_act[0]
>>> make("pimc@4", game, seat, seed=1).choose(state.bot_view(seat), state.legal(seat)) in state.legal(seat)
True
"""

from __future__ import annotations

from typing import Any, Mapping

from parlour.core.game import Action, Game, State
from parlour.core.rng import Rng
from parlour.games.memory.actions import (DISCARD, DRAW, GIVE, JACK, KEEP, KNOCK, LOOK, PASS, PEEK, READY, SKIP, SNAP,
                                          SPY, STAY, SWAP, TRADE, Move, move)
from parlour.games.memory.bot import AVERAGE
from parlour.games.memory.rules import rank_of
from parlour.games.memory.search_hooks import MemoryHooks
from parlour.games.memory.state import HIDDEN

from .state import RULES, KabooState

POINTS = RULES.points
UNKNOWN = AVERAGE["kaboo"]
#: The expert knocks with at most this many points it knows of, and one unknown card at most.
KNOCK_AT = 5


def hooks(game: Game) -> "KabooHooks":
    return KabooHooks(game)


class KabooHooks(MemoryHooks):
    def determinize(self, view: Mapping[str, Any], rng: Rng, memory: Mapping[str, Any]) -> State:
        world = super().determinize(view, rng, memory)
        me = view["seat"]
        n = world.game.players
        size = RULES.size
        dealt = n * size
        _keep_placed_cards_low(world, view, me, dealt, rng)
        for owner, tags in enumerate(world.tags):
            for slot, tag in enumerate(tags):
                if tag <= dealt:  # dealt to the seat that peeked at it, if it lay in a peek slot
                    peeker = (world.first + (tag - 1) // size) % n
                    knows = peeker if (tag - 1) % size in RULES.peek_slots else -1
                else:  # placed since: its owner most likely put it there itself
                    knows = owner
                if knows >= 0 and knows != me:
                    world.seen[owner][slot] |= 1 << knows
        return world

    def policy(self, state: KabooState, seat: int, rng: Rng) -> Action:
        legal = state.legal(seat)
        if len(legal) == 1:
            return legal[0]
        by_kind: dict[int, list[Move]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if READY in by_kind:  # done looking at the card its peek or spy showed: it knows it now
            return by_kind[READY][0]
        known = _Knowledge(state, seat)
        if DRAW in by_kind:
            if KNOCK in by_kind and known.unknown_own <= 1 and known.total <= KNOCK_AT:
                return by_kind[KNOCK][0]
            return by_kind[DRAW][0]
        if SWAP in by_kind:
            slot, worst = known.worst()
            d = POINTS[state.drawn]
            if d < worst - 1 or (d <= 2 and worst >= d + 1) or DISCARD not in by_kind:
                return move(SWAP, slot)
            return by_kind[DISCARD][0]
        if TRADE in by_kind or KEEP in by_kind:
            s, t, u = state.qlook
            gain = TRADE in by_kind and POINTS[state.layouts[t][u]] < POINTS[state.layouts[seat][s]]
            return by_kind[TRADE][0] if gain else by_kind[KEEP][0]
        if PEEK in by_kind:
            fresh = [m for m in by_kind[PEEK] if not known.knows(seat, m.a)]
            return fresh[0] if fresh else by_kind[SKIP][0]
        if SPY in by_kind:
            fresh = [m for m in by_kind[SPY] if not known.knows(m.b, m.c)]
            return rng.choice(fresh) if fresh else by_kind[SKIP][0]
        if JACK in by_kind:
            slot, worst = known.worst()
            if worst >= 8:
                targets = [m for m in by_kind[JACK] if m.a == slot and known.value(m.b, m.c) < worst - 2]
                if targets:
                    return min(targets, key=lambda m: known.value(m.b, m.c))
            return by_kind[SKIP][0]
        if LOOK in by_kind:
            slot, _ = known.worst()
            fresh = [m for m in by_kind[LOOK] if m.a == slot and not known.knows(m.b, m.c)]
            return rng.choice(fresh) if fresh else by_kind[SKIP][0]
        if SNAP in by_kind:
            return _snap(state, seat, known, by_kind)
        if GIVE in by_kind:
            slot, worst = known.worst()
            return move(GIVE, slot) if worst > 0 and move(GIVE, slot) in by_kind[GIVE] else by_kind[STAY][0]
        for kind in (PASS, STAY, SKIP, KEEP):
            if kind in by_kind:
                return by_kind[kind][0]
        return legal[0]


#: A card another player placed in his own layout (a drawn card swapped in) is at most this many points: a
#: player keeps a drawn card only when it is lower than the card it replaces (the expert: lower by two, or 5
#: or less in place of a card he does not know).
PLACED_AT_MOST = 5


def _keep_placed_cards_low(world: KabooState, view: Mapping[str, Any], me: int, dealt: int, rng: Rng) -> None:
    """Where another player's face-down card was placed since the deal (its tag is newer than the deal's), he
    chose to keep it: a world dealt at random would put an average card there and make him look worse than he
    is (and a knock look safer than it is). Each such card above :data:`PLACED_AT_MOST` is exchanged with a
    random low card among the other unseen ones (the stock and the unconstrained hidden places)."""
    remembered = {(owner, slot) for owner, slot, _ in view.get("memory") or ()}
    placed, free = [], []
    for owner, row in enumerate(view["layouts"]):
        for slot, code in enumerate(row):
            if code != HIDDEN or (owner, slot) in remembered:
                continue
            if owner != me and view["tags"][owner][slot] > dealt:
                placed.append((owner, slot))
            else:
                free.append((owner, slot))
    if not placed:
        return
    layouts, stock = world.layouts, world.stock
    low = [("s", i) for i, c in enumerate(stock) if POINTS[c] <= PLACED_AT_MOST]
    low += [p for p in free if POINTS[layouts[p[0]][p[1]]] <= PLACED_AT_MOST]
    for owner, slot in placed:
        if POINTS[layouts[owner][slot]] <= PLACED_AT_MOST or not low:
            continue
        where = low.pop(rng.below(len(low)))
        if where[0] == "s":
            i = where[1]
            stock[i], layouts[owner][slot] = layouts[owner][slot], stock[i]
        else:
            t, u = where
            layouts[t][u], layouts[owner][slot] = layouts[owner][slot], layouts[t][u]
    world._forget()


class _Knowledge:
    """What ``seat`` knows of the cards on the table in a world: the cards it has seen and the face-up ones."""

    __slots__ = ("state", "seat", "bit", "own", "total", "unknown_own")

    def __init__(self, state: KabooState, seat: int) -> None:
        self.state, self.seat, self.bit = state, seat, 1 << seat
        self.own = [i for i, c in enumerate(state.layouts[seat]) if c >= 0]
        self.total = sum(self.value(seat, i) for i in self.own)
        self.unknown_own = sum(not self.knows(seat, i) for i in self.own)

    def knows(self, owner: int, slot: int) -> bool:
        s = self.state
        return bool(s.up[owner][slot] or s.seen[owner][slot] & self.bit)

    def value(self, owner: int, slot: int) -> float:
        return POINTS[self.state.layouts[owner][slot]] if self.knows(owner, slot) else UNKNOWN

    def worst(self) -> tuple[int, float]:
        """Its own card worth most to it (ties: the unknown one)."""
        best = max(self.own, key=lambda i: (self.value(self.seat, i), not self.knows(self.seat, i)))
        return best, self.value(self.seat, best)


def _snap(state: KabooState, seat: int, known: _Knowledge, by_kind: dict[int, list[Move]]) -> Action:
    """A card it knows to be of the window's rank: its own (one card fewer), or another's when it can give its
    worst card into the gap."""
    want = state.snap_rank
    if want < 0 or state.claimed:
        return by_kind.get(PASS, [by_kind[SNAP][0]])[0]
    best, best_gain = None, 0.0
    for m in by_kind[SNAP]:
        if not known.knows(m.b, m.c) or rank_of(state.layouts[m.b][m.c]) != want:
            continue
        if m.b == seat:
            gain = float(POINTS[state.layouts[m.b][m.c]])
        else:
            gain = known.worst()[1] if len(known.own) > 1 and state.closer != seat else 0.0
        if gain > best_gain:
            best, best_gain = m, gain
    return best if best is not None else by_kind.get(PASS, [by_kind[SNAP][0]])[0]


__all__ = ["KabooHooks", "hooks"]
