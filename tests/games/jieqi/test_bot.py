"""Jieqi's bots: they mate, they do not grab poisoned pieces, they average over what covered pieces may be,
they see only their view, and they beat random and greedy play.

The long measured series (the real 0.3 s bot) is ``python -m parlour.bots.series jieqi search random --matches 20``
(and ``greedy``); the suite plays a few
games with a node budget instead of a clock, so that they replay exactly.
"""

from __future__ import annotations

import ast
import time
from pathlib import Path

import pytest

from parlour.bots import available, best, play_match
from parlour.core.bot import RandomBot
from parlour.games.jieqi import bot as bot_module
from parlour.games.jieqi import search as search_module
from parlour.games.jieqi.actions import parse
from parlour.games.jieqi.board import BLACK, N, P, R, RED, square
from parlour.games.jieqi.bot import GreedyBot, QuickBot, SearchBot
from parlour.games.jieqi.search import Searcher

from .helpers import fen_of, load, setup, starts_mate


class Budgeted(SearchBot):
    """The search with a node budget: reproducible."""

    seconds = None
    nodes = 300


def choose(bot_class, fen: str, seed: int = 0, **options) -> str:
    state = setup(fen, **options)
    seat = state.to_act[0]
    return str(bot_class(state.game, seat, seed).choose(state.view(seat), state.legal(seat)))


def test_the_search_is_the_default_and_strongest():
    game = load()
    assert available(game)[:3] == ["search", "quick", "greedy"]
    assert best(game) == "search"
    assert SearchBot.seconds > QuickBot.seconds


@pytest.mark.parametrize("bot_class", [SearchBot, QuickBot, GreedyBot, Budgeted])
def test_every_bot_takes_a_mate_in_one(bot_class):
    assert choose(bot_class, "3k5/R8/9/9/9/p8/9/9/9/4K3R w") == "move i1i10"


def test_the_search_does_not_take_a_defended_soldier_with_its_chariot_but_greedy_does():
    fen = fen_of({"d1": "K", "a1": "R", "f10": "k", "a6": "p", "i6": "r"})
    assert choose(GreedyBot, fen) == "move a1a6"
    assert choose(Budgeted, fen) != "move a1a6"


def test_the_search_finds_a_forced_mate_beyond_one_move():
    # two chariots against the general alone: no move mates at once; i2i9 (shutting rank 9, a7a10 mates next)
    # and a7e7 (the general must go to f10, i2f2 mates) both mate in two
    fen = fen_of({"d1": "K", "a7": "R", "i2": "R", "e10": "k"})
    state = setup(fen, plain=True)
    assert Searcher.from_view(state.view(0)).best(depth=1)[1] < search_module.MATE - 100
    move, value = Searcher.from_view(state.view(0)).best(depth=3)
    assert value == search_module.MATE - 3 and starts_mate(fen, int(move), 2)


def test_a_reveal_is_worth_the_average_of_what_the_piece_may_be():
    fen = fen_of({"e1": "K", "d10": "k", "a1": "X", "i10": "x"})
    chariots = Searcher.from_fen(fen)
    chariots.pools = {RED: {R: 1}, BLACK: {R: 1}}
    soldiers = Searcher.from_fen(fen)
    soldiers.pools = {RED: {P: 1}, BLACK: {R: 1}}
    mixed = Searcher.from_fen(fen)
    mixed.pools = {RED: {R: 1, P: 1}, BLACK: {R: 1}}
    move = square("a1") | square("a2") << 7
    values = [s.static_after(move) for s in (chariots, soldiers, mixed)]
    assert values[0] > values[1] and abs(values[2] - (values[0] + values[1]) / 2) <= 1


def test_the_search_reads_what_covered_pieces_may_be_from_the_view():
    state = load().new(seed=4)
    searcher = Searcher.from_view(state.view(0))
    assert searcher.pools[RED] == {R: 2, N: 2, 3: 2, 2: 2, 6: 2, P: 5}


def test_the_bots_see_only_the_view():
    for module in (bot_module, search_module):
        compiled = Path(module.__file__)  # the compiled build's search module is a .so beside its source
        tree = ast.parse(compiled.with_name(compiled.name.split(".")[0] + ".py").read_text(encoding="utf-8"))
        imported = {("." * n.level) + (n.module or "") for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not imported & {".state", ".game", ".audit"}, module.__name__
        names = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        assert "hidden" not in names and "determinize" not in names


def test_a_budgeted_search_replays_exactly():
    game = load()
    runs = []
    for _ in range(2):
        state = game.new(seed=31)
        bots = [Budgeted(game, 0, 1), Budgeted(game, 1, 2)]
        moves = []
        for _ in range(8):
            seat = state.to_act[0]
            moves.append(str(state.apply(seat, bots[seat].choose(state.view(seat), state.legal(seat)))))
        runs.append(moves)
    assert runs[0] == runs[1]


def test_the_clock_bounds_the_search():
    state = load().new(seed=5)
    start = time.perf_counter()
    QuickBot(state.game, 0, 1).choose(state.view(0), state.legal(0))
    assert time.perf_counter() - start < 5  # 0.05 s of thinking; generous for a loaded machine


class Thousand(Budgeted):
    """A thousand nodes a move: in Jieqi's opening 300 barely see every reveal's outcomes once."""

    nodes = 1000


def series(opponent: type, games: int, bot: type = Thousand) -> list[str]:
    """``bot`` against ``opponent``, changing seats each game: 'w', 'd' or 'l' for ``bot`` per game."""
    game = load()
    results = []
    for i in range(games):
        seat = i % 2
        bots = [bot(game, s, 10 + i) if s == seat else opponent(game, s, 20 + i) for s in (0, 1)]
        state, _ = play_match(game, bots, seed=900 + i, record=False)
        results.append("d" if len(state.winners) == 2 else "w" if state.winners[0] == seat else "l")
    return results


def test_the_search_beats_random_and_greedy_play():
    assert series(RandomBot, 2) == ["w", "w"]
    assert series(GreedyBot, 2) == ["w", "w"]



def test_analysis_tells_the_evaluation_and_the_expected_line():
    from parlour.games.jieqi.bot import analyse
    fen = fen_of({"d1": "K", "a7": "R", "i2": "R", "e10": "k"})
    found = analyse(setup(fen, plain=True), seconds=2.0)
    assert found["evaluation"] == "mates in 2 moves" and starts_mate(fen, int(parse(found["line"][0])), 2)
    assert len(found["line"]) == 3 and found["iterations"][-1]["line"] == found["line"]
    assert analyse(load().new(seed=3), seconds=0.2)["line"]


def test_a_search_cut_short_leaves_the_position_as_it_was():
    searcher = Searcher.from_view(load().new(seed=6).view(0))
    before = (list(searcher.board), dict(searcher.kings), searcher.colour, {c: dict(p) for c, p in searcher.pools.items()})
    for budget in (50, 333, 1000):
        searcher.best(nodes=budget)
        assert (searcher.board, searcher.kings, searcher.colour, searcher.pools) == before
