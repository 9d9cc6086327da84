"""Gami's bots: an alpha-beta search under a time limit (the default), and a greedy one-move player.

Both read the position from the seat's view (in Gami every card is open, so the view is the whole deal) and never
touch the true state. :func:`analyse` is the hook behind ``parlour analyse gami``.

>>> import parlour
>>> from parlour.bots import make
>>> game = parlour.load("gami")
>>> state = game.new(seed=4)
>>> seat = state.to_act[0]
>>> bot = make("alphabeta", game, seat, seed=1)
>>> bot.choose(state.view(seat), state.legal(seat)) in state.legal(seat)
True
"""

from __future__ import annotations

from typing import Any, Mapping

from parlour.core.bot import Bot
from parlour.core.game import Action, State
from parlour.core.rng import Rng

from .cards import ALL, mask_of, reach
from .search import DECIDED, INF as INF_, WIN, Result, Searcher, evaluate


def _position(game: Any, view: Mapping[str, Any]) -> Any:
    """The deal as the view shows it (every card is open): its hands, whose turn, plies and positions seen."""
    return game.determinize(view, Rng(0))


class SearchBot(Bot):
    """Alpha-beta search with a transposition table, deepening until its time per move (0.3 s) runs out."""

    name = "alphabeta"
    description = "searches ahead with alpha-beta for about 0.3 s a move: the strongest"
    seconds: float | None = 0.3
    #: A node budget instead of (or as well as) the clock: with ``seconds=None`` play is reproducible.
    nodes: int | None = None

    def __init__(self, game: Any, seat: int, seed: int = 0) -> None:
        super().__init__(game, seat, seed)
        self.searcher = Searcher(game.options["max_plies"], order=self.rng.shuffle)
        self.deal = None
        self.last: Result | None = None

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        state = _position(self.game, view)
        if state.deal != self.deal:  # a new deal: the old table's entries are of no use
            self.searcher = Searcher(self.game.options["max_plies"], order=self.rng.shuffle)
            self.deal = state.deal
        self.last = self.searcher.run(state.hands, state.turn, state.plies, state.seen, seconds=self.seconds,
                                      max_nodes=self.nodes)
        move = self.last.line[0]
        return legal[legal.index(move)]


    def weigh(self, view: dict[str, Any], legal: list[Action], deadline: float,
              moves: list[Action] | None = None) -> list[tuple[Action, float]]:
        """Each move's value to the mover in cards (a won deal: 100), by the same alpha-beta with a full window for
        every move, deepened while time (``budget``: seconds or nodes) lasts: the values a hint or review shows."""
        from .search import Timeout

        state = _position(self.game, view)
        searcher = Searcher(self.game.options["max_plies"])
        hands, turn = state.hands, state.turn
        me, opp = hands[turn], hands[1 - turn]
        moves = list(legal) + [m for m in moves or () if str(m) not in {str(a) for a in legal}]
        budget = getattr(self, "budget", None)
        searcher.deadline = deadline if deadline != float("inf") else None
        searcher.node_limit = budget.iterations * 1000 if budget is not None and budget.iterations else None
        searcher.nodes, searcher.seen, searcher.root_plies = 0, dict(state.seen), state.plies
        values = [0.0] * len(moves)
        depth = 0
        for d in range(1, 65):
            try:
                found = [searcher._child(me, opp, turn, int(m), d, -INF_, INF_, 0) for m in moves]
            except Timeout:
                break
            values, depth = [_cards(v) for v in found], d
            if all(abs(v) >= DECIDED for v in found):
                break
        self.stats = {"iterations": depth}
        return list(zip(moves, values))


def _cards(score: int) -> float:
    """A search score in cards for advice: a won deal is 100 and a little more the sooner it is won, a lead in cards
    at most 99.

    >>> _cards(42), _cards(WIN - 1) > _cards(WIN - 5) > 100 > _cards(DECIDED - 1)
    (0.42, True)
    """
    if abs(score) >= DECIDED:
        return (1 if score > 0 else -1) * (100 + (WIN - DECIDED - (WIN - abs(score))) / 1000)
    return max(-99.0, min(99.0, score / 100))


class QuickSearchBot(SearchBot):
    """The same search with a twentieth of a second a move."""

    name = "alphabeta-quick"
    description = "the same search for about 0.05 s a move"
    seconds = 0.05


class GreedyBot(Bot):
    """Plays the move that looks best right after it is made: a GAMI's capture first, no look-ahead."""

    name = "greedy"
    description = "takes a card whenever it can and otherwise the move that looks best at once"

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = view["seat"]
        me, opp = mask_of(view["hands"][seat]), mask_of(view["hands"][1 - seat])
        best, best_score, ties = legal[0], None, 0
        for action in legal:
            score = after(me, opp, action)
            if best_score is None or score > best_score:
                best, best_score, ties = action, score, 1
            elif score == best_score:
                ties += 1  # an exact tie: keep one at random, each with equal chance
                if self.rng.below(ties) == 0:
                    best = action
        return best


def after(me: int, opp: int, action: int) -> int:
    """The value of ``action`` for its player, judged on the position it leaves (a win if it ends the deal)."""
    give, take, top = action & 31, action >> 5 & 31, action >> 10
    me = me ^ (1 << give) ^ (1 << take)
    if top:
        me |= 1 << (top - 1)
        opp ^= 1 << (top - 1)
        if opp.bit_count() <= 2:
            return WIN
    if not reach(ALL ^ me ^ opp) & opp:
        return WIN
    return -evaluate(opp, me)


def describe(score: int, mover: int) -> str:
    """A score for the side to move in words: ``+0.42 cards for seat 1`` or ``seat 0 wins in 5 plies``."""
    if score >= DECIDED:
        return f"seat {mover} wins in {WIN - score} plies"
    if score <= -DECIDED:
        return f"seat {1 - mover} wins in {WIN + score} plies"
    return f"{score / 100:+.2f} cards for seat {mover}"


def analyse(state: State, seconds: float = 3.0) -> dict[str, Any]:
    """The hook of ``parlour analyse``: the search's evaluation of the position and its best line.

    Returns ``evaluation`` (words, from the side to move's point of view), ``score`` (hundredths of a card for
    the side to move, or a won/lost deal), ``line`` (action texts), ``depth``, ``nodes``, ``seconds`` and
    ``iterations`` (each finished depth with its evaluation and line).
    """
    if state.over:
        raise ValueError("the match is over: there is nothing to analyse")
    view = state.view(None)
    position = _position(state.game, view)
    mover = position.turn
    result = Searcher(state.game.options["max_plies"]).run(position.hands, mover, position.plies, position.seen,
                                                           seconds=seconds)
    return {
        "to_move": mover, "score": result.score, "evaluation": describe(result.score, mover),
        "line": [str(m) for m in result.line], "depth": result.depth, "nodes": result.nodes,
        "seconds": result.seconds,
        "iterations": [{"depth": d, "evaluation": describe(s, mover), "line": [str(m) for m in line]}
                       for d, s, line in result.iterations],
    }
