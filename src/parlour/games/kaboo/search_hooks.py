"""Kaboo's hooks for the game-agnostic search bots: the memory games' worlds (:mod:`parlour.games.memory.search_hooks`:
remembered cards stay where they were seen; peeks, spies, looks and snaps are the expert's), and a play-out
policy on the state.

The search weighs what a world can value: draw or knock, where the drawn card goes (or whether it is thrown),
a jack's swap, a queen's trade. In the play-outs every player plays by simple rules with its own cards open
to it: knock with a low layout, keep a drawn card that is lower than its worst card, use a jack to hand its
worst card to the player with the lowest card, trade when it gains, never snap.

>>> import parlour
>>> from parlour.bots import make
>>> game = parlour.load("kaboo", players=2)
>>> state = game.new(seed=3)
>>> seat = state.to_act[0]
>>> make("pimc@4", game, seat, seed=1).choose(state.view(seat), state.legal(seat)) in state.legal(seat)
True
"""

from __future__ import annotations

from parlour.core.game import Action, Game
from parlour.core.rng import Rng
from parlour.games.memory.actions import (DISCARD, DRAW, GIVE, JACK, KEEP, KNOCK, PASS, SKIP, STAY, SWAP, TRADE,
                                          Move, move)
from parlour.games.memory.search_hooks import MemoryHooks

from .state import RULES, KabooState

POINTS = RULES.points
#: A play-out player knocks when its layout scores this much or less.
KNOCK_AT = 5


def hooks(game: Game) -> "KabooHooks":
    return KabooHooks(game)


class KabooHooks(MemoryHooks):
    def policy(self, state: KabooState, seat: int, rng: Rng) -> Action:
        legal = state.legal(seat)
        if len(legal) == 1:
            return legal[0]
        by_kind: dict[int, list[Move]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        lay = state.layouts[seat]
        own = [(POINTS[c], i) for i, c in enumerate(lay) if c >= 0]
        if DRAW in by_kind:
            if KNOCK in by_kind and sum(p for p, _ in own) <= KNOCK_AT:
                return by_kind[KNOCK][0]
            return by_kind[DRAW][0]
        if SWAP in by_kind:
            worst, slot = max(own)
            if POINTS[state.drawn] < worst - 1 or DISCARD not in by_kind:
                return move(SWAP, slot)
            return by_kind[DISCARD][0]
        if JACK in by_kind and own:
            worst, slot = max(own)
            target = min(((POINTS[state.layouts[m.b][m.c]], m) for m in by_kind[JACK] if m.a == slot),
                         default=None, key=lambda t: t[0])
            if target is not None and target[0] < worst - 2:
                return target[1]
            return by_kind[SKIP][0]
        if TRADE in by_kind:
            s, t, u = state.qlook
            return by_kind[TRADE][0] if POINTS[state.layouts[t][u]] < POINTS[lay[s]] else by_kind[KEEP][0]
        for kind in (PASS, STAY, SKIP, KEEP):
            if kind in by_kind:
                return by_kind[kind][0]
        if GIVE in by_kind:
            return by_kind[GIVE][0]
        return legal[0]


__all__ = ["KabooHooks", "hooks"]
