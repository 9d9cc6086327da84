"""The search behind Xiangqi's and Jieqi's bots: alpha-beta over the pieces everyone can see, chance at reveals.

Everything here is public: the board with covered pieces as covered, and for each side what its covered
pieces may be (the pieces of its fifteen not yet seen; :meth:`Searcher.from_view` reads them from a seat's
view). A covered piece is worth the average of what it may be.

* At the root a move that turns a covered piece over is a **chance node**: its value is the average, over
  what the piece may turn out to be (weighted by how many of each are unseen), of the position after it, each
  outcome searched with a full window.
* Deeper in the tree a piece that moves for the first time stays "covered" for the search: it moves as the
  piece of its starting point and is worth the average. That keeps the tree small; the real identity is
  dealt with when the move is on the board.
* The standard techniques of chess programs: iterative deepening with an aspiration window, principal
  variation search, a transposition table on incremental Zobrist keys (:mod:`.tables`), move ordering (the
  table's move, captures most valuable victim first, two killers a ply, the history heuristic), null-move
  pruning, reverse futility pruning and late-move reductions where they are safe (never in check, never
  at a principal-variation node), one ply more for a side in check, and a quiescence search over captures
  (every move when in check). Evaluation: piece-square tables, kept up to date move by move.
* A position that repeats one already played or on the path scores a draw; a general that cannot move
  loses (stalemate included). A node is a position searched, quiescence included (``nodes``).

>>> s = Searcher.from_fen("3k5/R8/9/9/9/p8/9/9/9/4K3R w", free=False)   # the chariot on i1 mates on i10
>>> str(s.best(depth=3)[0])
'move i1i10'
"""

from __future__ import annotations

import time
from typing import Any, Mapping

from .actions import MOVES, Move
from .board import A, B, BLACK, C, COVERED, HIDDEN_SET, K, KIND_OF_LETTER, N, P, R, RED, SQUARES
from .fen import parse_fen
from .history import reversible_history
from .movegen import attacked, legal_moves
from .tables import BLACK_TO_MOVE, NOMINAL, NOMINAL_FREE, ZOBRIST, worth

MATE = 100_000
#: Scores this close to a mate are mates (their distance is kept relative to the node in the table).
MATE_BOUND = MATE - 1000
#: What each kind is worth off the tables (the old names, kept for readers of this module).
BASE = NOMINAL
BASE_FREE = NOMINAL_FREE
#: How many plies of captures the quiescence search may go past the horizon (evasions from check included).
QUIESCENCE_PLIES = 8
#: The aspiration window's half-width (a soldier and a half), widened fully on a fail.
WINDOW = 45
#: Reverse futility: at depth <= this, a static score this far above beta per ply of depth cuts the node.
FUTILITY_DEPTH, FUTILITY_MARGIN = 3, 100
#: Futility of quiet moves: at depth <= this, with the static score this far below alpha per ply, only
#: captures and checks are searched.
QUIET_FUTILITY_DEPTH, QUIET_FUTILITY_MARGIN = 3, 200
#: Null move from this depth, reduced by this much and a ply more every four.
NULL_DEPTH, NULL_REDUCTION = 3, 2
#: Late-move reductions from this depth, after this many moves, by 0.75 + ln(depth) ln(move) / LMR_DIVISOR
#: (Stockfish's shape; at 2,000 nodes a move this scored 24 of 64 against Fairy-Stockfish where depth 3 and a
#: divisor of 2 with 0.5 scored 6 of 64: bench/README.md).
LMR_DEPTH, LMR_MOVES, LMR_DIVISOR = 2, 2, 1.6
#: Internal iterative reduction: a node with no move from the table is searched a ply less from this depth
#: (off: more aggressive pruning together with it scored worse at 2,000 nodes a move, bench/README.md).
IIR_DEPTH = 99
#: A repetition reached by a check, for the side checked (the perpetual checker loses; not a mate: a guess).
PERPETUAL = 300
MAX_PLY = 128
#: Quiescence's delta pruning: a capture is tried only if winning the piece plus this could reach alpha.
DELTA = 200
#: Late-move pruning: at depth 1, 2, 3... away from a principal variation, quiet moves after this many are
#: skipped (its length is the depth it stops at).
LATE_MOVES = (0, 5, 9, 16)


def _reductions() -> tuple[tuple[int, ...], ...]:
    """Late-move reductions by depth and move number (the logarithmic rule of most chess programs)."""
    import math
    return tuple(tuple(int(0.75 + math.log(d) * math.log(i) / LMR_DIVISOR) if d and i else 0 for i in range(64))
                 for d in range(64))


REDUCTION = _reductions()


class OutOfTime(Exception):
    pass


def _revealed_tables(free: bool) -> tuple[list[int], ...]:
    """``table[piece][sq]`` for the revealed pieces (the covered pieces' rows all 0): their worth on that point for
    Red (negative for Black's pieces)."""
    table = [[0] * SQUARES for _ in range(32)]
    for colour, sign in ((RED, 1), (BLACK, -1)):
        for kind in (K, A, B, N, R, C, P):
            for sq in range(SQUARES):
                table[colour | kind][sq] = sign * worth(colour | kind, sq, free)
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
        for kind in (K, A, B, N, R, C, P):
            table[colour | kind | COVERED] = row
    return table


#: A victim's rank for move ordering, by kind (a general is never taken).
_VICTIM = [0, 0, 2, 2, 4, 9, 5, 1] * 4


class Searcher:
    """A position and what each side's covered pieces may be; :meth:`best` finds a move."""

    def __init__(self, board: list[int], colour: int, kings: dict[int, int], free: bool,
                 pools: dict[int, dict[int, int]] | None = None, history: list[bytes] | None = None) -> None:
        self.board, self.colour, self.kings, self.free = board, colour, kings, free
        if pools is None:
            pools = {c: {k: HIDDEN_SET.count(k) for k in set(HIDDEN_SET)} for c in (RED, BLACK)}
        self.pools = pools
        self._history_boards = list(history or ())
        self.base = BASE_FREE if free else BASE
        self.tt: dict[int, tuple[int, int, int, int]] = {}
        self.nodes = 0
        self.deadline = float("inf")
        self.node_limit = 1 << 62
        self.killers = [[-1, -1] for _ in range(MAX_PLY + 1)]
        self.history_score = [0] * (SQUARES * 128)
        self.path: set[int] = set()
        self.iterations: list[tuple[int, int, list[Move]]] = []
        #: Switches for the tests: without the table and the pruning the search is plain alpha-beta
        #: (principal variation search, which gives alpha-beta's values) over the same tree.
        self.use_tt = True
        self.pruning = True
        self._retable()

    def _retable(self) -> None:
        """The tables for what the covered pieces may be now, and the score and key they give the position."""
        mean = {}
        for c in (RED, BLACK):
            total = sum(self.pools[c].values())
            mean[c] = (sum(self.base[k] * n for k, n in self.pools[c].items()) // total) if total else 0
        self.table = _tables(self.free, mean)
        # the pools are part of the key: the same board with other covered pieces' worths is another position
        self.salt = hash(tuple(sorted((c, k, n) for c, p in self.pools.items() for k, n in p.items()))) \
            & 0xFFFFFFFFFFFFFFFF if self.free else 0
        self._rescore()
        self.history = {self._hash_of(bytes_key) for bytes_key in self._history_boards}

    def _rescore(self) -> None:
        """The score (for Red) and the key of the position, from scratch."""
        table, board = self.table, self.board
        score, key = 0, self.salt
        for sq in range(SQUARES):
            p = board[sq]
            if p:
                score += table[p][sq]
                key ^= ZOBRIST[p][sq]
        self.score = score
        self.hash = key ^ BLACK_TO_MOVE if self.colour == BLACK else key

    def _hash_of(self, board_key: bytes) -> int:
        """The Zobrist key of a repetition key of :mod:`.history` (the board's bytes and the side to move)."""
        key = self.salt
        for sq in range(SQUARES):
            p = board_key[sq]
            if p:
                key ^= ZOBRIST[p][sq]
        return key ^ BLACK_TO_MOVE if board_key[SQUARES] == BLACK else key

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
        """The position's worth for the side to move (counted afresh from the board)."""
        table = self.table
        board = self.board
        score = 0
        for sq in range(SQUARES):
            p = board[sq]
            if p:
                score += table[p][sq]
        return score if self.colour == RED else -score

    # --- the tree ------------------------------------------------------------------------------------------

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.node_limit or self.nodes & 255 == 0 and time.perf_counter() > self.deadline:
            raise OutOfTime

    def _order(self, moves: list[int], best: int, ply: int = MAX_PLY) -> list[int]:
        """The table's move, captures (most valuable victim, then least valuable attacker), killers, history."""
        board = self.board
        killers = self.killers[ply]
        k0, k1 = killers[0], killers[1]
        hist = self.history_score
        scored = []
        for m in moves:
            if m == best:
                s = 1 << 40
            else:
                q = board[m >> 7]
                if q:
                    s = (1 << 36) + (_VICTIM[q & 7] << 8) - _VICTIM[board[m & 127] & 7]
                elif m == k0:
                    s = 1 << 35
                elif m == k1:
                    s = (1 << 35) - 1
                else:
                    s = hist[m]
            scored.append((s, m))
        scored.sort(reverse=True)
        return [m for _, m in scored]

    def _make(self, m: int) -> tuple[int, int, int, int, int]:
        board = self.board
        frm, to = m & 127, m >> 7
        p, q = board[frm], board[to]
        undo = (p, q, self.kings[self.colour], self.hash, self.score)
        board[to] = p
        board[frm] = 0
        row = self.table[p]
        zp = ZOBRIST[p]
        self.score += row[to] - row[frm] - self.table[q][to]
        self.hash ^= zp[frm] ^ zp[to] ^ ZOBRIST[q][to] ^ BLACK_TO_MOVE
        if frm == undo[2]:
            self.kings[self.colour] = to
        self.colour ^= BLACK
        return undo

    def _unmake(self, m: int, undo: tuple[int, int, int, int, int]) -> None:
        p, q, king, self.hash, self.score = undo
        self.colour ^= BLACK
        self.kings[self.colour] = king
        self.board[m & 127] = p
        self.board[m >> 7] = q

    def _has_pieces(self, colour: int) -> bool:
        """Whether ``colour`` has a chariot, horse or cannon (or a covered piece): a null move is safe enough."""
        for p in self.board:
            if p and p & BLACK == colour and (p & COVERED or p & 7 in (N, R, C)):
                return True
        return False

    def negamax(self, depth: int, alpha: int, beta: int, ply: int, path: set[int] | None = None,
                null: bool = True) -> int:
        """The position's value for the side to move, searched ``depth`` plies (then quiescence)."""
        self._tick()
        key = self.hash
        path = self.path
        colour = self.colour
        if ply and (key in path or key in self.history):
            # a repetition is a draw, unless it came by a check: then the checker is likely to be the one
            # checking all along, who loses (the rules' perpetual check)
            return PERPETUAL if attacked(self.board, self.kings[colour], colour ^ BLACK, self.free) else 0
        if ply >= MAX_PLY:
            return self.score if colour == RED else -self.score
        in_check = attacked(self.board, self.kings[colour], colour ^ BLACK, self.free)
        if in_check and ply < MAX_PLY - 8:
            depth += 1  # a check is answered in full: its replies are few and often decide
        if depth <= 0:
            return self.quiesce(alpha, beta, ply, QUIESCENCE_PLIES)
        pv = beta - alpha > 1
        entry = self.tt.get(key) if self.use_tt else None
        tt_move = -1
        if entry is not None:
            e_depth, e_value, e_flag, tt_move = entry
            if e_depth >= depth and not pv:
                if e_value > MATE_BOUND:
                    e_value -= ply
                elif e_value < -MATE_BOUND:
                    e_value += ply
                if e_flag == 0 or (e_flag == 1 and e_value >= beta) or (e_flag == -1 and e_value <= alpha):
                    return e_value
        moves = legal_moves(self.board, colour, self.kings[colour], self.free)
        if not moves:
            return -MATE + ply
        if self.pruning and not pv and not in_check and abs(beta) < MATE_BOUND:
            stand = self.score if colour == RED else -self.score
            if depth <= FUTILITY_DEPTH and stand - FUTILITY_MARGIN * depth >= beta:
                return stand  # far ahead with few plies left: the other side will not catch up
            if null and depth >= NULL_DEPTH and stand >= beta and self._has_pieces(colour):
                reduction = NULL_REDUCTION + depth // 4
                undo = (self.hash, self.colour)
                self.hash ^= BLACK_TO_MOVE
                self.colour ^= BLACK
                path.add(key)
                try:
                    value = -self.negamax(depth - 1 - reduction, -beta, -beta + 1, ply + 1, None, False)
                finally:
                    path.discard(key)
                    self.hash, self.colour = undo
                if value >= beta:
                    return beta if value >= MATE_BOUND else value
        if tt_move < 0 and depth >= IIR_DEPTH and self.pruning:
            depth -= 1  # no move from the table: a guess of a node, searched a ply less (internal reduction)
        alpha0 = alpha
        best = -MATE - 1
        best_move = -1
        board = self.board
        them = colour ^ BLACK
        killers = self.killers[ply]
        prune = self.pruning and not pv and not in_check and depth < len(LATE_MOVES)
        hopeless = False
        if prune and depth <= QUIET_FUTILITY_DEPTH:
            stand = self.score if colour == RED else -self.score
            hopeless = stand + QUIET_FUTILITY_MARGIN * depth <= alpha
        path.add(key)
        try:
            for i, m in enumerate(self._order(moves, tt_move, ply)):
                quiet = not board[m >> 7]
                undo = self._make(m)
                if i == 0:
                    value = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
                else:
                    reduction = 0
                    late = quiet and not in_check and m != killers[0] and m != killers[1]
                    if late and self.pruning and (prune or depth >= LMR_DEPTH and i >= LMR_MOVES) \
                            and not attacked(board, self.kings[them], colour, self.free):
                        if prune and best > -MATE_BOUND and (i >= LATE_MOVES[depth] or hopeless):
                            self._unmake(m, undo)  # a late quiet move near the horizon: not worth a look
                            continue
                        if depth >= LMR_DEPTH and i >= LMR_MOVES:
                            reduction = max(0, REDUCTION[min(depth, 63)][min(i, 63)] - pv)
                    value = -self.negamax(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1)
                    if value > alpha and reduction:
                        value = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1)
                    if alpha < value < beta:
                        value = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
                self._unmake(m, undo)
                if value > best:
                    best, best_move = value, m
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            if quiet:
                                if killers[0] != m:
                                    killers[1], killers[0] = killers[0], m
                                self.history_score[m] += depth * depth
                            break
        finally:
            path.discard(key)
        flag = 1 if best >= beta else -1 if best <= alpha0 else 0
        stored = best + ply if best > MATE_BOUND else best - ply if best < -MATE_BOUND else best
        if self.use_tt:
            self.tt[key] = (depth, stored, flag, best_move)
        return best

    def quiesce(self, alpha: int, beta: int, ply: int, left: int) -> int:
        """Captures only past the horizon (every move when in check), each side free to stand on its score."""
        self._tick()
        colour = self.colour
        stand = self.score if colour == RED else -self.score
        in_check = attacked(self.board, self.kings[colour], colour ^ BLACK, self.free)
        if not in_check:
            if stand >= beta or left <= 0:
                return stand
            if stand > alpha:
                alpha = stand
        moves = legal_moves(self.board, colour, self.kings[colour], self.free)
        if not moves:
            return -MATE + ply
        if in_check and left <= 0:
            return stand
        board = self.board
        best = stand if not in_check else -MATE - 1
        tries = moves if in_check else [m for m in moves if board[m >> 7]]
        them = colour ^ BLACK
        table = self.table
        for m in self._order(tries, -1):
            if not in_check:
                # worths from the tables: a covered piece is worth the average of what it may be
                victim, attacker = abs(table[board[m >> 7]][m >> 7]), abs(table[board[m & 127]][m & 127])
                if stand + victim + DELTA <= alpha:
                    continue  # even winning the piece outright would not bring the score up to alpha
            undo = self._make(m)
            if not in_check and victim < attacker and attacked(board, m >> 7, them, self.free):
                self._unmake(m, undo)  # a cheaper piece taken by a dearer one that can be taken back
                continue
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
        """The value of root move ``m``: a reveal averages over what the piece may be (each outcome searched
        with a full window, so that the average is exact)."""
        board, colour = self.board, self.colour
        frm = m & 127
        p = board[frm]
        pool = self.pools[colour]
        if not p & COVERED or not self.free or not sum(pool.values()):
            undo = self._make(m)
            try:
                return -self.negamax(depth - 1, -beta, -alpha, 1)
            finally:
                self._unmake(m, undo)
        total = sum(pool.values())
        expected = 0.0
        for kind, n in sorted(pool.items()):
            if not n:
                continue
            pool[kind] -= 1
            board[frm] = kind | colour
            self._retable()
            undo = self._make(m)
            value = -self.negamax(depth - 1, -MATE - 1, MATE + 1, 1)  # chance: every outcome in full
            self._unmake(m, undo)
            board[frm] = p
            pool[kind] += 1
            expected += n * value
        self._retable()
        return round(expected / total)

    def _reveals(self, m: int) -> bool:
        return bool(self.free and self.board[m & 127] & COVERED and sum(self.pools[self.colour].values()))

    def _root(self, depth: int, order: list[int], alpha: int, beta: int,
              values: dict[int, int]) -> tuple[int, int]:
        """One iteration over the root's moves by principal variation search (a reveal's value is always exact):
        the best value and move; ``values`` gets each move's value (a bound for those that failed low)."""
        best, best_move = -MATE - 1, order[0]
        for i, m in enumerate(order):
            if i == 0 or self._reveals(m):
                value = self._root_value(m, depth, alpha, beta)
            else:
                value = self._root_value(m, depth, alpha, alpha + 1)
                if alpha < value < beta:
                    value = self._root_value(m, depth, alpha, beta)
            values[m] = value
            if value > best:
                best, best_move = value, m
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best, best_move

    def line(self, first: int, length: int) -> list[Move]:
        """The line the search expects after ``first``: its best moves from the transposition table (a piece
        turned over stays covered along it, as in the search)."""
        played: list[tuple[int, tuple[int, int, int, int, int]]] = []
        m = first
        while m >= 0 and len(played) < length:
            colour = self.colour
            if m not in legal_moves(self.board, colour, self.kings[colour], self.free):
                break
            played.append((m, self._make(m)))
            entry = self.tt.get(self.hash)
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
        worth_after = 0
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
            worth_after += n * value
        return round(worth_after / total)

    def _restore(self, saved: tuple[list[int], dict[int, int], int], pools: dict[int, dict[int, int]]) -> None:
        """Put the position back as it was after a search cut short (its moves were never taken back)."""
        self.board[:], self.kings, self.colour = list(saved[0]), dict(saved[1]), saved[2]
        self.pools = {c: dict(p) for c, p in pools.items()}
        self.path = set()
        self._retable()

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
        order = self._order(moves, -1)
        best_move, best_value = order[0], -MATE - 1
        self.iterations = []
        saved = (list(self.board), dict(self.kings), self.colour)
        saved_pools = {c: dict(p) for c, p in self.pools.items()}
        for d in range(1, depth + 1):
            values: dict[int, int] = {}
            full = d < 3 or abs(best_value) >= MATE_BOUND
            alpha = -MATE - 1 if full else best_value - WINDOW
            beta = MATE + 1 if full else best_value + WINDOW
            try:
                while True:
                    values.clear()
                    value, move = self._root(d, order, alpha, beta, values)
                    if value <= alpha and alpha > -MATE - 1:
                        alpha = -MATE - 1  # failed low: the window was too hopeful, search again in full
                    elif value >= beta and beta < MATE + 1:
                        beta = MATE + 1
                    else:
                        break
            except OutOfTime:
                self._restore(saved, saved_pools)
                # once the last depth's best move is searched at this depth, the best of the moves searched
                # since is the better guess (the others' values are bounds below it)
                if order[0] in values:
                    best_move = max(values, key=values.__getitem__)
                    best_value = values[best_move]
                break
            best_move, best_value = move, value
            order = [move] + [m for m in order if m != move]
            self.iterations.append((d, best_value, self.line(best_move, d)))
            # a mate found is kept once the search has looked as deep as it (a shorter one would have shown)
            if abs(best_value) >= MATE - 100 and d >= MATE - abs(best_value) or len(order) == 1:
                break
        return MOVES[best_move], best_value
