"""Jieqi's bots: an alpha-beta search with chance at reveals (by thinking time), and a one-ply greedy player.

They read only their seat's view: the board with covered pieces as covered, and what each side's covered
pieces may be (``view["unseen"]``). See :mod:`.search` for how the search treats what nobody knows.

>>> import parlour
>>> game = parlour.load("jieqi")
>>> state = game.new(seed=1, deck="3k5/R8/9/9/9/p8/9/9/9/4K3R w")
>>> str(SearchBot(game, 0, seed=1).choose(state.view(0), state.legal(0)))   # the chariot mates at once
'move i1i10'
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

from parlour.core.bot import Bot
from parlour.core.game import Action, State

from .search import MATE, Searcher


class SearchBot(Bot):
    """Alpha-beta search with chance nodes at reveals, about 0.3 s a move: the strongest Jieqi bot."""

    name = "search"
    description = "searches a few moves ahead, averaging over what covered pieces may be (0.3 s a move)"
    seconds: ClassVar[float | None] = 0.3
    #: A node budget instead of a clock makes the bot's play reproducible (tests use it).
    nodes: ClassVar[int | None] = None

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        searcher = Searcher.from_view(view)
        move, _ = searcher.best(seconds=self.seconds, nodes=self.nodes)
        return legal[legal.index(move)] if move in legal else self.rng.choice(legal)


    def weigh(self, view: dict[str, Any], legal: list[Action], deadline: float,
              moves: list[Action] | None = None) -> list[tuple[Action, float]]:
        """Each move's value to the side moving, in soldiers (a soldier is 30 of the search's units; a mate is
        counted as 100), by the same search with a full window for every move (a reveal averaged over what the
        piece may be), deepened while the time (or ``budget``'s nodes) lasts: what a hint or review shows."""
        from .search import MOVES, OutOfTime, legal_moves

        searcher = Searcher.from_view(view)
        budget = getattr(self, "budget", None)
        searcher.deadline = deadline
        searcher.node_limit = budget.iterations * 1000 if budget is not None and budget.iterations else 1 << 62
        searcher.nodes = 0
        colour = searcher.colour
        index = {str(MOVES[m]): m for m in legal_moves(searcher.board, colour, searcher.kings[colour], searcher.free)}
        moves = list(legal) + [m for m in moves or () if str(m) not in {str(a) for a in legal}]
        codes = [index[str(a)] for a in moves]
        saved = (list(searcher.board), dict(searcher.kings), searcher.colour)
        saved_pools = {c: dict(p) for c, p in searcher.pools.items()}
        values, depth = [0.0] * len(moves), 0
        for d in range(1, 65):
            try:
                found = [searcher._root_value(m, d, -MATE - 1, MATE + 1) for m in codes]
            except OutOfTime:
                searcher.board[:], searcher.kings, searcher.colour = saved
                searcher.pools = {c: dict(p) for c, p in saved_pools.items()}
                break
            values, depth = [_soldiers(v) for v in found], d
            if all(abs(v) >= MATE - 100 for v in found) or d >= 8:
                break
        self.stats = {"iterations": depth}
        return list(zip(moves, values))


def _soldiers(value: int) -> float:
    """A search value in soldiers for advice: a mate is 100 and a little more the sooner it comes (so that the
    quickest mate is the best move), a material lead at most 99.

    >>> _soldiers(60), _soldiers(MATE - 1) > _soldiers(MATE - 3) > 100 > _soldiers(10**4)
    (2.0, True)
    """
    if abs(value) >= MATE - 1000:
        return (1 if value > 0 else -1) * (100 + (1000 - (MATE - abs(value))) / 100)
    return max(-99.0, min(99.0, value / 30))


class QuickBot(SearchBot):
    """The same search with a sixth of the time: 0.05 s a move."""

    name = "quick"
    description = "the search bot with 0.05 s a move"
    seconds = 0.05


class GreedyBot(Bot):
    """Plays the move whose position looks best right after it (one ply, no look at the reply)."""

    name = "greedy"
    description = "takes what looks best right now, without looking at the reply"

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        searcher = Searcher.from_view(view)
        best, found = -MATE * 2, []
        for action in legal:
            value = searcher.static_after(int(action))
            if value > best:
                best, found = value, [action]
            elif value == best:
                found.append(action)
        return self.rng.choice(found)



def describe(value: int) -> str:
    """A search value in words, for the player to move."""
    if abs(value) >= MATE - 1000:
        plies = MATE - abs(value)
        moves = (plies + 1) // 2
        return f"{'mates' if value > 0 else 'is mated'} in {moves} move{'s' * (moves != 1)}"
    if abs(value) < 20:
        return "about even"
    return f"{'ahead' if value > 0 else 'behind'} by {abs(value)} (a chariot is worth 600, a soldier 30)"


def analyse(state: State, seconds: float = 3.0) -> dict[str, Any]:
    """The hook of ``parlour analyse``: the search's evaluation and expected line, from the view of the seat to
    move (what it may know, nothing more)."""
    if state.over:
        raise ValueError("the match is over: there is nothing to analyse")
    seat = state.to_act[0]
    searcher = Searcher.from_view(state.view(seat))
    start = time.perf_counter()
    move, value = searcher.best(seconds=seconds)
    line = searcher.iterations[-1][2] if searcher.iterations else [move]
    return {
        "to_move": seat, "score": value, "evaluation": describe(value), "line": [str(m) for m in line],
        "depth": searcher.iterations[-1][0] if searcher.iterations else 0, "nodes": searcher.nodes,
        "seconds": round(time.perf_counter() - start, 3),
        "iterations": [{"depth": d, "evaluation": describe(v), "line": [str(m) for m in line]}
                       for d, v, line in searcher.iterations],
    }
