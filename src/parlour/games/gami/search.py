"""Alpha-beta search for Gami, a game of perfect information: every card is open, so the search sees the real game.

Negamax with alpha-beta pruning, a transposition table, iterative deepening under a time (or node) budget, the
history heuristic for move order, and a short quiescence search over GAMI moves at the horizon, so that a capture
about to happen is never mistaken for a quiet position. The rules are written again here on bare masks (the
engine's ``legal``/``apply`` build events and views the search has no use for); ``tests/games/gami`` checks that
both agree move for move.

Scores are from the side to move's point of view, in hundredths of a card: +200 is one capture up (a capture moves
a card from one hand to the other). A won deal scores ``WIN`` less the plies it takes, so the search prefers the
quickest win and the slowest loss.

>>> from parlour.games.gami.cards import ALL, mask_of
>>> opp = mask_of("5H 6H 3C".split())                      # three cards left: one capture and they lose
>>> table = mask_of("3H 8C 5D 7H 8H AD".split())
>>> me = ALL & ~opp & ~table                                # holds A-2 and 4 of hearts: 4H for 3H makes A-2-3
>>> result = Searcher(max_plies=200).run([me, opp], 0, 0, {}, max_depth=3)
>>> result.score == WIN - 1, result.line[0].capture is not None
(True, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from .actions import Exchange
from .cards import ALL, COUNT, EXCHANGES, GAMIS_WITH, position_key, reach

WIN = 100_000
#: Scores beyond this are won or lost deals (the distance to the end is in the rest).
DECIDED = WIN - 10_000
INF = 1 << 30
MAX_DEPTH = 64
QUIESCENCE_DEPTH = 4
CARD = 100

#: Evaluation weights (hundredths of a card), from the side to move's point of view.
THREAT = 40          # each exchange that would form a GAMI now, for the side to move
OPP_THREAT = 30      # each exchange that forms a GAMI for the other side on this table
MOBILITY = 8         # each exchange more than the other side has
CORNERED = 60        # the other side has only one or two exchanges: it may soon be stuck

EXACT, LOWER, UPPER = 0, 1, 2


class Timeout(Exception):
    """The budget ran out inside an iteration."""


def moves(me: int, opp: int, table: int) -> tuple[list[int], list[int]]:
    """The moves of the side holding ``me``: (GAMI moves with each capture, quiet moves), as action codes.

    A GAMI exchange that takes nothing is listed last among the quiet moves: it is legal, but rarely right.
    """
    tactical: list[int] = []
    quiet: list[int] = []
    declined: list[int] = []
    g_bits = me
    while g_bits:
        gl = g_bits & -g_bits
        g_bits ^= gl
        give = gl.bit_length() - 1
        rest = me ^ gl
        t_bits = EXCHANGES[give] & table
        while t_bits:
            tl = t_bits & -t_bits
            t_bits ^= tl
            take = tl.bit_length() - 1
            base = give | take << 5
            a, b = GAMIS_WITH[take]
            hand = rest | tl
            if hand & a == a or hand & b == b:
                c_bits = opp
                while c_bits:
                    cl = c_bits & -c_bits
                    c_bits ^= cl
                    tactical.append(base | cl.bit_length() << 10)
                declined.append(base)
            else:
                quiet.append(base)
    quiet.extend(declined)
    return tactical, quiet


def counts(hand: int, table: int) -> tuple[int, int]:
    """(exchanges, exchanges that would form a GAMI) for ``hand`` on ``table``."""
    mobility = threats = 0
    g_bits = hand
    while g_bits:
        gl = g_bits & -g_bits
        g_bits ^= gl
        rest = hand ^ gl
        t_bits = EXCHANGES[gl.bit_length() - 1] & table
        while t_bits:
            tl = t_bits & -t_bits
            t_bits ^= tl
            mobility += 1
            a, b = GAMIS_WITH[tl.bit_length() - 1]
            h = rest | tl
            if h & a == a or h & b == b:
                threats += 1
    return mobility, threats


def evaluate(me: int, opp: int) -> int:
    """The static value of a quiet position for the side to move (holding ``me``)."""
    table = ALL ^ me ^ opp
    my_mob, my_threats = counts(me, table)
    opp_mob, opp_threats = counts(opp, table)
    score = CARD * (me.bit_count() - opp.bit_count())
    score += THREAT * my_threats - OPP_THREAT * opp_threats + MOBILITY * (my_mob - opp_mob)
    if opp_mob <= 2:
        score += CORNERED
    if my_mob <= 2:
        score -= CORNERED
    return score


@dataclass
class Result:
    """What a search found: the score for the side to move, the best line, and what it cost."""

    score: int
    line: list[Exchange]
    depth: int
    nodes: int
    seconds: float
    #: (depth, score, line) for each finished iteration, shallowest first.
    iterations: list[tuple[int, int, list[Exchange]]] = field(default_factory=list)


class Searcher:
    """A search over one deal; it keeps its transposition table and history between calls (a bot's moves).

    ``seen`` (for :meth:`run`) counts the positions of the deal so far by :func:`position_key`: the search ends a
    line on a position's third occurrence, as the rules do, and stops at ``max_plies``.
    """

    def __init__(self, max_plies: int, order: Callable[[list[int]], None] | None = None) -> None:
        self.max_plies = max_plies
        self.tt: dict[int, tuple[int, int, int, int]] = {}
        self.history: dict[int, int] = {}
        self.order = order  # shuffles the root moves before sorting: equal moves are chosen at random
        self.nodes = 0

    def run(self, hands: Sequence[int], turn: int, plies: int, seen: dict[int, int], seconds: float | None = None,
            max_depth: int = MAX_DEPTH, max_nodes: int | None = None) -> Result:
        """Search the position (``hands`` by seat, ``turn`` to move, ``plies`` played) and return the best line."""
        start = time.perf_counter()
        self.deadline = None if seconds is None else start + seconds
        self.node_limit = max_nodes
        self.nodes = 0
        self.seen = dict(seen)
        self.root_plies = plies
        if len(self.tt) > 1 << 20:
            self.tt.clear()
        me, opp = hands[turn], hands[1 - turn]
        tactical, quiet = moves(me, opp, ALL ^ me ^ opp)
        root = tactical + quiet
        if not root:
            raise ValueError("the side to move has no exchange: the deal is already lost")
        if self.order:
            self.order(root)
        best_score, best_line, depth_done, iterations = -INF, [root[0]], 0, []
        for depth in range(1, max_depth + 1):
            try:
                score, move = self._root(me, opp, turn, depth, root, best_line[0])
            except Timeout:
                # The iteration searched the last best move first; a better one found since is better informed.
                if self._partial is not None and self._partial[1] != best_line[0]:
                    best_score, best_line = self._partial[0], [self._partial[1]]
                break
            best_score = score
            best_line = self._line(me, opp, turn, move, depth)
            depth_done = depth
            iterations.append((depth, score, [Exchange(m) for m in best_line]))
            if abs(score) >= DECIDED:
                break  # a forced end: deeper search cannot change it
        return Result(best_score, [Exchange(m) for m in best_line], depth_done, self.nodes,
                      time.perf_counter() - start, iterations)

    def _tick(self) -> None:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise Timeout
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise Timeout

    def _root(self, me: int, opp: int, side: int, depth: int, root: list[int], first: int) -> tuple[int, int]:
        history = self.history
        root.sort(key=lambda m: (m != first, -history.get(m, 0)))
        alpha, best = -INF, root[0]
        self._partial = None
        for m in root:
            v = self._child(me, opp, side, m, depth, -INF, -alpha, 0)
            if v > alpha:
                alpha, best = v, m
            self._partial = (alpha, best)
        return alpha, best

    def _child(self, me: int, opp: int, side: int, m: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value for ``side`` (holding ``me``) of playing ``m``: the rules' checks on arrival, then a search."""
        give = m & 31
        take = m >> 5 & 31
        nme = me ^ (1 << give) ^ (1 << take)
        nopp = opp
        top = m >> 10
        if top:
            nme |= 1 << (top - 1)
            nopp ^= 1 << (top - 1)
            if nopp.bit_count() <= 2:
                return WIN - ply - 1
        other = 1 - side
        key = nme | nopp << COUNT | 1 << (2 * COUNT) if side == 0 else nopp | nme << COUNT
        seen = self.seen
        count = seen.get(key, 0) + 1
        if count >= 3 or self.root_plies + ply + 1 >= self.max_plies:
            if count < 3 and not reach(ALL ^ nme ^ nopp) & nopp:
                return WIN - ply - 1  # stuck on the last ply: the seed's loss comes first
            diff = nme.bit_count() - nopp.bit_count()
            return 0 if diff == 0 else (WIN - ply - 1 if diff > 0 else -(WIN - ply - 1))
        if not reach(ALL ^ nme ^ nopp) & nopp:
            return WIN - ply - 1
        if depth <= 1:
            return -self._quiesce(nopp, nme, -beta, -alpha, ply + 1, QUIESCENCE_DEPTH)
        seen[key] = count
        try:
            return -self._search(nopp, nme, other, depth - 1, -beta, -alpha, ply + 1, key, count)
        finally:
            if count == 1:
                del seen[key]
            else:
                seen[key] = count - 1

    def _search(self, me: int, opp: int, side: int, depth: int, alpha: int, beta: int, ply: int, key: int,
                count: int) -> int:
        self.nodes += 1
        if not self.nodes & 1023:
            self._tick()
        # A position met before in this line or the deal depends on the path: keep it out of the table.
        use_tt = count == 1 and self.root_plies + ply + depth < self.max_plies
        tt_move = 0
        if use_tt:
            entry = self.tt.get(key)
            if entry is not None:
                e_depth, e_value, e_flag, tt_move = entry
                if e_depth >= depth:
                    value = e_value - ply if e_value > DECIDED else e_value + ply if e_value < -DECIDED else e_value
                    if e_flag == EXACT or (e_flag == LOWER and value >= beta) or (e_flag == UPPER and value <= alpha):
                        return value
        tactical, quiet = moves(me, opp, ALL ^ me ^ opp)
        history = self.history
        h = history.get
        tactical.sort(key=lambda m: -h(m, 0))
        quiet.sort(key=lambda m: -h(m, 0))
        ordered = tactical + quiet
        if tt_move:
            try:
                ordered.remove(tt_move)
                ordered.insert(0, tt_move)
            except ValueError:
                pass
        alpha0, best, best_move = alpha, -INF, 0
        for m in ordered:
            v = self._child(me, opp, side, m, depth, alpha, beta, ply)
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        history[m] = history.get(m, 0) + depth * depth
                        break
        if use_tt:
            stored = best + ply if best > DECIDED else best - ply if best < -DECIDED else best
            flag = LOWER if best >= beta else UPPER if best <= alpha0 else EXACT
            self.tt[key] = (depth, stored, flag, best_move)
        return best

    def _quiesce(self, me: int, opp: int, alpha: int, beta: int, ply: int, qdepth: int) -> int:
        """Stand pat on the static value, or play a GAMI move: captures are settled before a position is judged."""
        self.nodes += 1
        if not self.nodes & 1023:
            self._tick()
        stand = evaluate(me, opp)
        if stand >= beta or qdepth == 0:
            return stand
        if stand > alpha:
            alpha = stand
        tactical, _ = moves(me, opp, ALL ^ me ^ opp)
        for m in tactical:
            give, take, cap = m & 31, m >> 5 & 31, (m >> 10) - 1
            nme = me ^ (1 << give) ^ (1 << take) | 1 << cap
            nopp = opp ^ 1 << cap
            if nopp.bit_count() <= 2 or not reach(ALL ^ nme ^ nopp) & nopp:
                return WIN - ply - 1
            v = -self._quiesce(nopp, nme, -beta, -alpha, ply + 1, qdepth - 1)
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
        return alpha

    def _line(self, me: int, opp: int, side: int, first: int, depth: int) -> list[int]:
        """The principal variation: ``first``, then the table's best moves while they stay legal."""
        line = [first]
        seen: dict[int, int] = {}
        m = first
        for _ in range(depth - 1):
            give, take, top = m & 31, m >> 5 & 31, m >> 10
            me = me ^ (1 << give) ^ (1 << take)
            if top:
                me |= 1 << (top - 1)
                opp ^= 1 << (top - 1)
            me, opp, side = opp, me, 1 - side
            key = position_key(opp, me, 1) if side else position_key(me, opp, 0)
            if seen.get(key) or opp.bit_count() <= 2 or not reach(ALL ^ me ^ opp) & me:
                break
            seen[key] = 1
            entry = self.tt.get(key)
            if entry is None or not entry[3]:
                break
            m = entry[3]
            tactical, quiet = moves(me, opp, ALL ^ me ^ opp)
            if m not in tactical and m not in quiet:
                break
            line.append(m)
        return line
