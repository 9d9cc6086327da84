"""Xiangqi (and Jieqi): our searcher against Fairy-Stockfish, both held to the same number of nodes a move.

``python -m bench vs-external xiangqi --games 10 --nodes 20000``: our ``Searcher`` (``best(nodes=N)``; a node is
a position searched, quiescence included) against Debian's ``fairy-stockfish`` over UCI with ``go nodes N``
(``--fsf-nodes`` to give it another budget; one thread, 16 MB hash, ``ucinewgame`` before every game). The games
are played and judged by parlour's engine (plain Xiangqi: mate, no legal move loses, the third repetition ends
the game with the perpetual checker losing, ``quiet_plies`` without a capture draw), with ``--max-plies`` as a
draw. Openings come from a small book of standard first moves (:data:`BOOK`); each opening is played twice,
our searcher Red in one game and Black in the other. Scores are points (a draw is half) with a 95 % Wilson
interval.

``python -m bench vs-external jieqi``: the same match in Jieqi, where the opponent is our searcher as it was
before issue 28 (``bench/_jieqi_old_search.py``) at the same node budget, since Fairy-Stockfish does not play
Jieqi; each seeded deal is played twice with the colours swapped, both bots reading only their seat's view.
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import statistics
import subprocess
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

import parlour
from parlour.games.jieqi.actions import parse
from parlour.games.jieqi.search import Searcher

#: Standard Xiangqi openings (their first two to four plies), each played once with either colour.
BOOK: tuple[tuple[str, str], ...] = (
    ("central cannon, screen horse", "h3e3 h10g8"),
    ("same-direction cannons", "h3e3 h8e8"),
    ("opposite-direction cannons", "h3e3 b8e8"),
    ("elephant opening", "c1e3 h8e8"),
    ("pawn opening", "c4c5 b10c8"),
    ("horse opening", "h1g3 h10g8"),
    ("cross-palace cannon", "h3d3 h10g8"),
    ("central cannon, both horses", "h3e3 h10g8 h1g3 b10c8"),
)


def wilson(points: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share of ``points`` out of ``games`` (a draw counted as half a point).

    >>> [round(x, 3) for x in wilson(5, 10)]
    [0.237, 0.763]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if games <= 0:
        return 0.0, 1.0
    p = points / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def fairy_stockfish() -> str | None:
    return shutil.which("fairy-stockfish") or shutil.which("/usr/games/fairy-stockfish")


class FairyStockfish:
    """One Fairy-Stockfish process over UCI, playing Xiangqi at ``go nodes N``."""

    def __init__(self, binary: str, hash_mb: int = 16) -> None:
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        for name, value in (("UCI_Variant", "xiangqi"), ("Threads", 1), ("Hash", hash_mb)):
            self.send(f"setoption name {name} value {value}")
        self.new_game()

    def send(self, line: str) -> None:
        assert self.proc.stdin
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, prefix: str, seen: Callable[[str], None] | None = None) -> str:
        assert self.proc.stdout
        for line in self.proc.stdout:
            if line.startswith(prefix):
                return line.strip()
            if seen:
                seen(line)
        raise RuntimeError(f"fairy-stockfish ended before printing {prefix!r}")

    def new_game(self) -> None:
        self.send("ucinewgame")
        self.send("isready")
        self.wait("readyok")

    def best(self, moves: list[str], nodes: int) -> tuple[str, int, int]:
        """Its move after ``moves`` from the start, the depth it reached and the nodes it searched."""
        info = {"depth": 0, "nodes": 0}

        def seen(line: str) -> None:
            words = line.split()
            if words[:1] == ["info"]:
                for name in ("depth", "nodes"):
                    if name in words:
                        info[name] = int(words[words.index(name) + 1])

        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go nodes {nodes}")
        line = self.wait("bestmove", seen)
        return line.split()[1], info["depth"], info["nodes"]

    def close(self) -> None:
        try:
            self.send("quit")
            assert self.proc.stdin
            self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


@dataclass
class Side:
    """Who plays a colour and what its moves cost: depths reached, nodes searched, seconds thought."""

    name: str
    depths: list[int] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)
    seconds: float = 0.0


def ours(searcher_class: type, nodes: int, side: Side) -> Callable[[Any, int, list[str]], str]:
    """A player: ``searcher_class.from_view(view).best(nodes=nodes)`` for the seat to move."""

    def play(state: Any, seat: int, moves: list[str]) -> str:
        start = time.perf_counter()
        searcher = searcher_class.from_view(state.view(seat))
        move, _ = searcher.best(nodes=nodes)
        side.seconds += time.perf_counter() - start
        side.nodes.append(min(searcher.nodes, nodes))
        side.depths.append(searcher.iterations[-1][0] if searcher.iterations else 0)
        return move.uci
    return play


def theirs(engine: FairyStockfish, nodes: int, side: Side) -> Callable[[Any, int, list[str]], str]:
    def play(state: Any, seat: int, moves: list[str]) -> str:
        start = time.perf_counter()
        move, depth, searched = engine.best(moves, nodes)
        side.seconds += time.perf_counter() - start
        side.depths.append(depth)
        side.nodes.append(searched)
        return move
    return play


def play_game(game: Any, seed: int, opening: str, players: dict[int, Callable], max_plies: int,
              before: Callable[[], None] = lambda: None) -> tuple[int | None, str, int]:
    """One game from ``opening``'s moves: the winning seat (None for a draw), why it ended, its plies."""
    state = game.new(seed=seed)
    moves: list[str] = []
    before()
    for text in opening.split():
        state.apply(state.to_act[0], parse(text))
        moves.append(text)
    while not state.over:
        if len(moves) >= max_plies:
            return None, f"move cap ({max_plies} plies)", len(moves)
        seat = state.to_act[0]
        text = players[seat](state, seat, moves)
        state.apply(seat, parse(text))
        moves.append(text)
    result = state.result or {}
    return result.get("winner"), result.get("reason", ""), len(moves)


def main(argv: list[str], variant: str = "xiangqi") -> int:
    p = argparse.ArgumentParser(prog=f"python -m bench vs-external {variant}", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=10, help="games (default 10; an even number gives each opening or "
                                                         "deal both colours)")
    p.add_argument("--nodes", type=int, default=20000, help="our searcher's nodes a move (default 20000)")
    p.add_argument("--opponent-nodes", "--fsf-nodes", dest="opponent_nodes", type=int, default=None,
                   help="the opponent's nodes a move (default: --nodes)")
    p.add_argument("--max-plies", type=int, default=300, help="plies after which a game is a draw (default 300)")
    p.add_argument("--first", type=int, default=0, help="the first game's number (openings, deals; default 0)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    if args.games < 1 or args.nodes < 1 or (args.opponent_nodes or 1) < 1 or args.max_plies < 10:
        p.error("--games, --nodes and --opponent-nodes must be 1 or more and --max-plies 10 or more")
    opponent_nodes = args.opponent_nodes or args.nodes
    us = Side("parlour")
    engine = None
    if variant == "xiangqi":
        binary = fairy_stockfish()
        if not binary:
            p.error("fairy-stockfish is not installed (apt-get install fairy-stockfish)")
        engine = FairyStockfish(binary)
        them = Side("fairy-stockfish")
        opponent = theirs(engine, opponent_nodes, them)
        game = parlour.load("jieqi", plain=True)
    else:
        from bench._jieqi_old_search import Searcher as OldSearcher

        them = Side("parlour before issue 28")
        opponent = ours(OldSearcher, opponent_nodes, them)
        game = parlour.load("jieqi")
    me = ours(Searcher, args.nodes, us)
    records = []
    points = 0.0
    err = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    started = time.perf_counter()
    try:
        with Progress(*columns, console=err, transient=True, disable=args.quiet) as progress:
            task = progress.add_task(variant, total=args.games)
            for i in range(args.first, args.first + args.games):
                seat = i % 2  # our seat: Red (seat 0) in even games, Black in odd ones
                pair = i // 2
                name, opening = BOOK[pair % len(BOOK)] if variant == "xiangqi" else (f"deal {pair}", "")
                players = {seat: me, 1 - seat: opponent}
                winner, reason, plies = play_game(game, pair, opening, players, args.max_plies,
                                                  engine.new_game if engine else lambda: None)
                score = 0.5 if winner is None else float(winner == seat)
                points += score
                records.append({"game": i, "opening": name, "ours": "red" if seat == 0 else "black",
                                "score": score, "reason": reason, "plies": plies})
                done = len(records)
                progress.update(task, advance=1, description=f"{variant}: {points:g}/{done} points")
    finally:
        if engine:
            engine.close()
    n = len(records)
    low, high = wilson(points, n)
    data = {
        "benchmark": f"vs-external {variant}", "games": n, "points": points, "score": points / n,
        "wilson95": [round(low, 3), round(high, 3)],
        "wins": sum(r["score"] == 1 for r in records), "draws": sum(r["score"] == 0.5 for r in records),
        "losses": sum(r["score"] == 0 for r in records), "max_plies": args.max_plies,
        "sides": {s.name: {"nodes_budget": budget, "nodes_mean": round(statistics.mean(s.nodes)) if s.nodes else 0,
                           "depth_median": statistics.median(s.depths) if s.depths else 0,
                           "seconds_per_move": round(s.seconds / max(1, len(s.nodes)), 3)}
                  for s, budget in ((us, args.nodes), (them, opponent_nodes))},
        "seconds": round(time.perf_counter() - started, 1), "records": records,
    }
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    out = Console()
    out.print(f"{variant}: parlour {points:g}/{n} points against {them.name} "
              f"({data['wins']} won, {data['draws']} drawn, {data['losses']} lost): {points / n:.0%}, "
              f"95% Wilson {low:.0%}–{high:.0%}")
    for name, s in data["sides"].items():
        out.print(f"  {name}: {s['nodes_budget']:,} nodes a move budget, {s['nodes_mean']:,} used on average, "
                  f"median depth {s['depth_median']}, {s['seconds_per_move']} s a move")
    for r in records:
        out.print(f"  game {r['game']} ({r['opening']}, parlour {r['ours']}): {r['score']:g}, {r['reason']}, "
                  f"{r['plies']} plies")
    return 0
