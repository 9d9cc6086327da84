"""Jieqi's searcher as it was before issue 28 (a frozen copy of ``parlour/games/jieqi/search.py`` at a82b81c), the
opponent of ``python -m bench vs-external jieqi``: Fairy-Stockfish does not play Jieqi, so the new searcher is
measured against the old one. Only the module docstring and its example were left out; the code is as it was.
"""

from __future__ import annotations

import time
from typing import Any, Mapping

from parlour.games.jieqi.actions import MOVES, Move
from parlour.games.jieqi.board import A, B, BLACK, C, COVERED, HIDDEN_SET, K, KIND_OF_LETTER, N, P, R, RED, SQUARES, mirror
from parlour.games.jieqi.fen import parse_fen
from parlour.games.jieqi.history import key as position_key, reversible_history
from parlour.games.jieqi.movegen import attacked, legal_moves

MATE = 100_000
#: What each kind is worth (centipawn-like), revealed. Jieqi's advisors and elephants may roam, so they are
#: worth more there than in Xiangqi, where they only guard.
BASE = {K: 0, A: 120, B: 120, N: 280, R: 600, C: 290, P: 30}
BASE_FREE = {**BASE, A: 160, B: 180}
QUIESCENCE_PLIES = 6


class OutOfTime(Exception):
    pass


def _square_bonus(kind: int, sq: int, free: bool) -> int:
    """Red's bonus for a piece of ``kind`` on ``sq`` (Black's tables are mirrored): closer to Black's palace is
    better for attackers, soldiers gain once across the river, and more near the palace."""
    r, f = divmod(sq, 9)
    centre = 4 - abs(f - 4)
    if kind == P:
        if r <= 4:
            return 0
        near = 3 <= f <= 5 and 6 <= r <= 8
        return 30 + 4 * centre + (25 if near else 0) - (20 if r == 9 else 0)
    if kind == N:
        return 3 * centre + 4 * min(r, 7) - (15 if f in (0, 8) else 0)
    if kind == R:
        return 2 * r + (10 if r >= 5 else 0) + 2 * centre
    if kind == C:
        return 3 * centre + (10 if f == 4 else 0) + (2 * r if r <= 6 else 0)
    if kind in (A, B) and free:
        return 10 if r <= 2 else 0  # a roaming guard is worth something at home too
    return 0


def _revealed_tables(free: bool) -> tuple[list[int], ...]:
    """``table[piece][sq]`` for the revealed pieces (the covered pieces' rows all 0): their worth on that point for
    Red (negative for Black's pieces)."""
    base = BASE_FREE if free else BASE
    table = [[0] * SQUARES for _ in range(32)]
    for colour, sign in ((RED, 1), (BLACK, -1)):
        for kind in base:
            for sq in range(SQUARES):
                red_sq = sq if colour == RED else mirror(sq)
                table[colour | kind][sq] = sign * (base[kind] + _square_bonus(kind, red_sq, free))
    return tuple(table)


#: The revealed pieces' rows, by ``free``: they never change, and a search retables at every reveal it weighs.
REVEALED = {free: _revealed_tables(free) for free in (False, True)}


def _tables(free: bool, covered_value: dict[int, int]) -> list[list[int]]:
    """``table[piece][sq]``: the piece's worth on that point for Red (negative for Black's pieces); a covered
    piece is worth ``covered_value`` of its colour anywhere. The revealed pieces' rows are :data:`REVEALED`'s,
    shared: nobody writes to a table."""
    table = list(REVEALED[free])
    for colour, sign in ((RED, 1), (BLACK, -1)):
        row = [sign * covered_value[colour]] * SQUARES
        for kind in (BASE_FREE if free else BASE):
            table[colour | kind | COVERED] = row
    return table


class Searcher:
    """A position and what each side's covered pieces may be; :meth:`best` finds a move."""

    def __init__(self, board: list[int], colour: int, kings: dict[int, int], free: bool,
                 pools: dict[int, dict[int, int]] | None = None, history: list[bytes] | None = None) -> None:
        self.board, self.colour, self.kings, self.free = board, colour, kings, free
        if pools is None:
            pools = {c: {k: HIDDEN_SET.count(k) for k in set(HIDDEN_SET)} for c in (RED, BLACK)}
        self.pools = pools
        self.history = set(history or ())
        self.base = BASE_FREE if free else BASE
        self.tt: dict[bytes, tuple[int, int, int, int]] = {}
        self.nodes = 0
        self.deadline = float("inf")
        self.node_limit = 1 << 62
        self._retable()

    def _retable(self) -> None:
        mean = {}
        for c in (RED, BLACK):
            total = sum(self.pools[c].values())
            mean[c] = (sum(self.base[k] * n for k, n in self.pools[c].items()) // total) if total else 0
        self.table = _tables(self.free, mean)

    # --- building one --------------------------------------------------------------------------------------

    @classmethod
    def from_fen(cls, fen: str, free: bool = True) -> "Searcher":
        pos = parse_fen(fen)
        return cls(pos.board, pos.colour, pos.kings, free)

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> "Searcher":
        """From a seat's view: the board, what the covered pieces may be, and the positions since the last
        capture or reveal (for repetition)."""
        pos = parse_fen(view["fen"])
        free = not view["options"].get("plain", False)
        pools = {}
        for colour, side in ((RED, "red"), (BLACK, "black")):
            pools[colour] = {KIND_OF_LETTER[ch.upper()]: n for ch, n in view["unseen"][side].items() if n}
        history, _ = reversible_history(pos.board, pos.colour, pos.kings, view["log"])
        return cls(pos.board, pos.colour, pos.kings, free, pools, history)

    # --- evaluation ----------------------------------------------------------------------------------------

    def evaluate(self) -> int:
        """The position's worth for the side to move."""
        table = self.table
        board = self.board
        score = 0
        for sq in range(SQUARES):
            p = board[sq]
            if p:
                score += table[p][sq]
        return score if self.colour == RED else -score

    # --- the tree ------------------------------------------------------------------------------------------

    def _key(self) -> bytes:
        return position_key(self.board, self.colour)

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.node_limit or self.nodes & 255 == 0 and time.perf_counter() > self.deadline:
            raise OutOfTime

    def _order(self, moves: list[int], best: int) -> list[int]:
        board, table = self.board, self.table

        def score(m: int) -> int:
            if m == best:
                return 1 << 30
            q = board[m >> 7]
            if q:
                return 1_000_000 + abs(table[q][m >> 7]) * 16 - abs(table[board[m & 127]][m & 127]) // 16
            return 0
        return sorted(moves, key=score, reverse=True)

    def _make(self, m: int) -> tuple[int, int, int]:
        board = self.board
        frm, to = m & 127, m >> 7
        p, q = board[frm], board[to]
        board[to] = p
        board[frm] = 0
        king = self.kings[self.colour]
        if frm == king:
            self.kings[self.colour] = to
        self.colour ^= BLACK
        return p, q, king

    def _unmake(self, m: int, undo: tuple[int, int, int]) -> None:
        p, q, king = undo
        self.colour ^= BLACK
        self.kings[self.colour] = king
        self.board[m & 127] = p
        self.board[m >> 7] = q

    def negamax(self, depth: int, alpha: int, beta: int, ply: int, path: set[bytes]) -> int:
        self._tick()
        key = self._key()
        if ply and (key in path or key in self.history):
            return 0
        if depth <= 0:
            return self.quiesce(alpha, beta, ply, QUIESCENCE_PLIES)
        entry = self.tt.get(key)
        best_move = -1
        if entry is not None:
            e_depth, e_value, e_flag, best_move = entry
            if e_depth >= depth and ply:
                if e_flag == 0 or (e_flag == 1 and e_value >= beta) or (e_flag == -1 and e_value <= alpha):
                    return e_value
        colour = self.colour
        moves = legal_moves(self.board, colour, self.kings[colour], self.free)
        if not moves:
            return -MATE + ply
        alpha0 = alpha
        best = -MATE - 1
        path.add(key)
        try:
            for m in self._order(moves, best_move):
                undo = self._make(m)
                value = -self.negamax(depth - 1, -beta, -alpha, ply + 1, path)
                self._unmake(m, undo)
                if value > best:
                    best, best_move = value, m
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
        finally:
            path.discard(key)
        flag = 1 if best >= beta else -1 if best <= alpha0 else 0
        self.tt[key] = (depth, best, flag, best_move)
        return best

    def quiesce(self, alpha: int, beta: int, ply: int, left: int) -> int:
        self._tick()
        colour = self.colour
        stand = self.evaluate()
        in_check = attacked(self.board, self.kings[colour], colour ^ BLACK, self.free)
        if not in_check:
            if stand >= beta or left <= 0:
                return stand
            alpha = max(alpha, stand)
        moves = legal_moves(self.board, colour, self.kings[colour], self.free)
        if not moves:
            return -MATE + ply
        if in_check and left <= 0:
            return stand
        board = self.board
        best = stand if not in_check else -MATE - 1
        tries = moves if in_check else [m for m in moves if board[m >> 7]]
        for m in self._order(tries, -1):
            undo = self._make(m)
            value = -self.quiesce(-beta, -alpha, ply + 1, left - 1)
            self._unmake(m, undo)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def _root_value(self, m: int, depth: int, alpha: int, beta: int) -> int:
        """The value of root move ``m``: a reveal averages over what the piece may be."""
        board, colour = self.board, self.colour
        frm = m & 127
        p = board[frm]
        if not p & COVERED or not self.free:
            undo = self._make(m)
            value = -self.negamax(depth - 1, -beta, -alpha, 1, set())
            self._unmake(m, undo)
            return value
        pool = self.pools[colour]
        total = sum(pool.values())
        if not total:
            undo = self._make(m)
            value = -self.negamax(depth - 1, -beta, -alpha, 1, set())
            self._unmake(m, undo)
            return value
        expected = 0.0
        for kind, n in sorted(pool.items()):
            if not n:
                continue
            pool[kind] -= 1
            self._retable()
            board[frm] = kind | colour
            undo = self._make(m)
            value = -self.negamax(depth - 1, -MATE - 1, MATE + 1, 1, set())  # chance: every outcome in full
            self._unmake(m, undo)
            board[frm] = p
            pool[kind] += 1
            expected += n * value
        self._retable()
        return round(expected / total)

    def line(self, first: int, length: int) -> list[Move]:
        """The line the search expects after ``first``: its best moves from the transposition table (a piece
        turned over stays covered along it, as in the search)."""
        played: list[tuple[int, tuple[int, int, int]]] = []
        m = first
        while m >= 0 and len(played) < length:
            colour = self.colour
            if m not in legal_moves(self.board, colour, self.kings[colour], self.free):
                break
            played.append((m, self._make(m)))
            entry = self.tt.get(self._key())
            m = entry[3] if entry else -1
        out = [MOVES[m] for m, _ in played]
        for m, undo in reversed(played):
            self._unmake(m, undo)
        return out

    def static_after(self, m: int) -> int:
        """The position's worth right after ``m`` for the side making it, looking no further: a reveal is
        averaged over what the piece may be, and a move that leaves the other side no move wins."""
        board, colour = self.board, self.colour
        frm = m & 127
        p = board[frm]
        pool = self.pools[colour]
        outcomes = [(kind, n) for kind, n in sorted(pool.items()) if n] if p & COVERED and self.free else []
        if not outcomes:
            outcomes = [(0, 1)]
        total = sum(n for _, n in outcomes)
        worth = 0
        for kind, n in outcomes:
            if kind:
                board[frm] = kind | colour
            undo = self._make(m)
            other = self.colour
            if not legal_moves(board, other, self.kings[other], self.free):
                value = MATE
            else:
                value = -self.evaluate()
            self._unmake(m, undo)
            board[frm] = p
            worth += n * value
        return round(worth / total)

    def best(self, depth: int = 64, seconds: float | None = None, nodes: int | None = None) -> tuple[Move, int]:
        """The best move found by iterative deepening to ``depth``, within ``seconds`` or ``nodes`` if given,
        and its value for the side to move."""
        start = time.perf_counter()
        self.deadline = start + seconds if seconds is not None else float("inf")
        self.node_limit = nodes if nodes is not None else 1 << 62
        self.nodes = 0
        colour = self.colour
        moves = legal_moves(self.board, colour, self.kings[colour], self.free)
        if not moves:
            raise ValueError("no legal move to search")
        best_move, best_value = moves[0], -MATE - 1
        order = self._order(moves, -1)
        self.iterations: list[tuple[int, int, list[Move]]] = []
        saved = (list(self.board), dict(self.kings), self.colour)
        saved_pools = {c: dict(p) for c, p in self.pools.items()}
        for d in range(1, depth + 1):
            values: dict[int, int] = {}
            try:
                alpha = -MATE - 1
                for m in order:
                    value = self._root_value(m, d, alpha, MATE + 1)
                    values[m] = value
                    if value > alpha:
                        alpha = value
            except OutOfTime:
                # the search stopped midway through its moves: put the position back as it was
                self.board[:], self.kings, self.colour = saved
                self.pools = {c: dict(p) for c, p in saved_pools.items()}
                self._retable()
                if values:  # the moves searched at this depth, best first, beat the last depth's guess only if better
                    m = max(values, key=values.__getitem__)
                    if m == order[0] or values[m] > best_value:
                        best_move, best_value = m, values[m]
                break
            order = sorted(order, key=lambda m: values[m], reverse=True)
            best_move, best_value = order[0], values[order[0]]
            self.iterations.append((d, best_value, self.line(best_move, d)))
            if abs(best_value) >= MATE - 100 or len(order) == 1:
                break
        return MOVES[best_move], best_value
