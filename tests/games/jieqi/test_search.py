"""The searcher of issue 28: it finds short mates, its transposition table and pruning do not make it choose worse
than plain alpha-beta at a fixed depth, and it counts a node for every position it searches."""

from __future__ import annotations

import pytest

from parlour.games.jieqi.actions import MOVES
from parlour.games.jieqi.board import BLACK
from parlour.games.jieqi.fen import XIANGQI_START, parse_fen
from parlour.games.jieqi.movegen import legal_moves
from parlour.games.jieqi.search import MATE, Searcher

from .helpers import fen_of, mates_within, play_move


MATES = [  # (position, the shortest forced mate in moves)
    ("3k5/R8/9/9/9/p8/9/9/9/4K3R w", 1),
    (fen_of({"d1": "K", "a7": "R", "i2": "R", "e10": "k"}), 2),
    ("4k4/4a4/9/9/9/9/9/9/9/R2K4R w", 2),
    ("3ak4/9/9/9/9/9/9/9/9/R2K4R w", 3),
    ("2bak4/9/9/9/9/9/9/9/9/R2K1R3 w", 3),
]


@pytest.mark.parametrize("fen, moves", MATES)
def test_the_searcher_finds_the_shortest_mate(fen, moves):
    pos = parse_fen(fen)
    assert mates_within(pos.board, pos.kings, pos.colour, moves)
    assert not mates_within(pos.board, pos.kings, pos.colour, moves - 1)  # so "the shortest" is true
    searcher = Searcher.from_fen(fen, free=False)
    move, value = searcher.best(depth=2 * moves + 1)
    assert value == MATE - (2 * moves - 1)
    # the move it plays starts a forced mate of that length
    b, k = play_move(pos.board, pos.kings, pos.colour, int(move))
    replies = legal_moves(b, pos.colour ^ BLACK, k[pos.colour ^ BLACK], False)
    assert all(mates_within(*play_move(b, k, pos.colour ^ BLACK, r), pos.colour, moves - 1) for r in replies)


TACTICS = [  # middlegame positions with something to win or to guard, from both sides
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R b",
    "2bakab2/9/2n1c1n2/p3p3p/2p3p2/9/P1P1P1P1P/2N1C1N2/4A4/R1BAK1B1R w",
    "3k5/4a4/4b4/9/2n6/9/9/4C4/4A4/3AK4 w",
]


def _value_by_plain_alpha_beta(fen: str, move: int, depth: int) -> int:
    plain = Searcher.from_fen(fen, free=False)
    plain.use_tt = plain.pruning = False
    return plain._root_value(move, depth, -MATE - 1, MATE + 1)


@pytest.mark.parametrize("fen", TACTICS)
def test_the_table_does_not_change_the_best_move_at_a_fixed_depth(fen):
    depth = 3
    plain = Searcher.from_fen(fen, free=False)
    plain.use_tt = plain.pruning = False
    plain_move, plain_value = plain.best(depth=depth)
    with_table = Searcher.from_fen(fen, free=False)
    with_table.pruning = False  # the table alone: every other part of the tree as in plain alpha-beta
    move, value = with_table.best(depth=depth)
    assert value == plain_value
    assert move == plain_move or _value_by_plain_alpha_beta(fen, int(move), depth) == plain_value
    assert with_table.nodes < plain.nodes  # the table's cut-offs and its move first save work


class Counting(Searcher):
    """Counts its calls of the main search and of quiescence."""

    calls = 0

    def negamax(self, *args):
        Counting.calls += 1
        return super().negamax(*args)

    def quiesce(self, *args):
        Counting.calls += 1
        return super().quiesce(*args)


def test_a_node_is_a_position_searched_quiescence_included():
    Counting.calls = 0
    searcher = Counting.from_fen(XIANGQI_START, free=False)
    searcher.best(depth=3)
    assert searcher.nodes == Counting.calls > 0


@pytest.mark.parametrize("budget", [1, 500, 2000])
def test_a_node_budget_is_kept(budget):
    searcher = Searcher.from_fen(XIANGQI_START, free=False)
    move, _ = searcher.best(nodes=budget)
    assert searcher.nodes == budget + 1  # the node over the budget is where it stopped, not searched
    assert int(move) in legal_moves(searcher.board, searcher.colour, searcher.kings[searcher.colour], False)


def test_more_nodes_search_deeper():
    depths = []
    for budget in (2000, 20000):
        searcher = Searcher.from_fen(XIANGQI_START, free=False)
        searcher.best(nodes=budget)
        depths.append(searcher.iterations[-1][0])
    assert depths[1] > depths[0] >= 2


def test_the_searcher_keeps_a_won_piece_in_a_plain_tactic():
    # Red's cannon takes the horse on c6 behind the soldier-screen and nothing takes it back
    fen = fen_of({"e1": "K", "c1": "C", "c4": "P", "c6": "n", "d10": "k", "a10": "r"})
    searcher = Searcher.from_fen(fen, free=False)
    before = searcher.evaluate()
    move, value = searcher.best(nodes=5000)
    assert str(move) == "move c1c6" and value - before > 200  # a horse (about 280) up on what it had
    assert str(MOVES[int(move)]) == str(move)
