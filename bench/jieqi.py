"""Xiangqi perft from the start position: our move generator beside Fairy-Stockfish's in the same run, as a ratio.

Perft counts the leaves of the legal move tree ``--depth`` plies deep (44, 1920, 79666, 3290240 for depths 1-4),
the standard check and speed test of a move generator. Both sides count the last ply's moves without playing
them ("bulk counting"). Three engines, run one after another in each repeat so that drift hits them alike:

* **parlour**: ``parlour.games.jieqi.movegen.perft`` (pure Python, the generator every Jieqi game uses; Jieqi's
  covered pieces move as Xiangqi pieces, so the Xiangqi start is its tree as well);
* **fairy-stockfish**: the C++ engine's own ``go perft`` over UCI (Debian's ``fairy-stockfish``; skipped when it
  is not installed), timed from the command to its answer, start-up excluded;
* **pyffish**: Fairy-Stockfish through its Python API, perft written over ``legal_moves`` and ``get_fen`` to
  ``--python-depth`` (default 3): what a Python program driving Fairy-Stockfish pays per node.

Every engine must count the same nodes, or the run stops. In the same repeats, the ``search`` bot at its default
level (``SearchBot.seconds`` a move, 0.3 s) thinks about ``--search-positions`` Jieqi positions (default 4; 0
skips it), each ``SEARCH_PLIES`` random plies into a seeded game, as the bot does (``Searcher.from_view`` and
``best``): its nodes per CPU second, summed over the positions, and the depth it reached (median).

    python -m bench jieqi --depth 4 --repeat 3
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import statistics
import subprocess
import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from bench import REFERENCE_DOC, Baseline, summary
from parlour.games.jieqi.fen import XIANGQI_START, parse_fen
from parlour.games.jieqi.movegen import perft

NODES = {1: 44, 2: 1920, 3: 79666, 4: 3290240, 5: 133312995}
#: How many random plies into a game each searched position lies.
SEARCH_PLIES = 16


def ours(depth: int) -> tuple[int, float]:
    pos = parse_fen(XIANGQI_START)
    start = time.perf_counter()
    nodes = perft(pos.board, pos.colour, pos.kings, depth)
    return nodes, time.perf_counter() - start


def fairy_stockfish() -> str | None:
    return shutil.which("fairy-stockfish") or shutil.which("/usr/games/fairy-stockfish")


def native(binary: str, depth: int) -> tuple[int, float]:
    """``go perft`` in the UCI engine: the time from the command to the node count it prints."""
    proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    assert proc.stdin and proc.stdout

    def send(line: str) -> None:
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def wait(prefix: str) -> str:
        for line in proc.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError(f"fairy-stockfish ended before printing {prefix!r}")

    try:
        send("uci")
        wait("uciok")
        send("setoption name UCI_Variant value xiangqi")
        send("position startpos")
        send("isready")
        wait("readyok")
        start = time.perf_counter()
        send(f"go perft {depth}")
        line = wait("Nodes searched")
        seconds = time.perf_counter() - start
        send("quit")
    finally:
        proc.stdin.close()
        proc.wait(timeout=10)
    return int(line.split(":")[1]), seconds


def through_pyffish(depth: int) -> tuple[int, float]:
    import pyffish

    def count(fen: str, d: int) -> int:
        moves = pyffish.legal_moves("xiangqi", fen, [])
        if d == 1:
            return len(moves)
        return sum(count(pyffish.get_fen("xiangqi", fen, [m]), d - 1) for m in moves)

    start = time.perf_counter()
    nodes = count(XIANGQI_START, depth)
    return nodes, time.perf_counter() - start


def search_positions(count: int) -> list[dict]:
    """The views of the seat to move ``SEARCH_PLIES`` random plies into Jieqi games seeded ``0..count-1``."""
    import parlour
    from parlour.core.rng import Rng

    game = parlour.load("jieqi")
    views = []
    for seed in range(count):
        state, rng = game.new(seed=seed), Rng(seed)
        for _ in range(SEARCH_PLIES):
            if state.over:
                break
            state.apply(state.to_act[0], rng.choice(state.legal(state.to_act[0])))
        if not state.over:
            views.append(state.bot_view(state.to_act[0]))
    return views


def through_search(views: list[dict]) -> tuple[int, float, list[int]]:
    """The search bot's default level on each view: its nodes, the CPU seconds they took, the depths reached."""
    from parlour.games.jieqi.bot import SearchBot
    from parlour.games.jieqi.search import Searcher

    nodes, seconds, depths = 0, 0.0, []
    for view in views:
        searcher = Searcher.from_view(view)
        start = time.process_time()
        searcher.best(seconds=SearchBot.seconds)
        seconds += time.process_time() - start
        nodes += searcher.nodes
        depths.append(searcher.iterations[-1][0] if searcher.iterations else 0)
    return nodes, seconds, depths


def spread(values: list[float]) -> dict[str, float]:
    """Best and median (:func:`bench.summary`) and the lowest."""
    return {**summary(values), "lowest": min(values)}


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench jieqi", description=__doc__.split("\n\n")[0])
    p.add_argument("--depth", type=int, default=4, help="perft depth for parlour and fairy-stockfish (default 4)")
    p.add_argument("--python-depth", type=int, default=3, help="perft depth through pyffish (default 3; 0 skips it)")
    p.add_argument("--repeat", type=int, default=3, help="runs per engine (default 3); best and median reported")
    p.add_argument("--search-positions", type=int, default=4,
                   help="Jieqi positions the search bot thinks about in each repeat (default 4; 0 skips it)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    if not 1 <= args.depth <= 5 or not 0 <= args.python_depth <= 4 or args.repeat < 1 or args.search_positions < 0:
        p.error("--depth must be 1..5, --python-depth 0..4, --repeat 1 or more and --search-positions 0 or more")
    binary = fairy_stockfish()
    engines = {"parlour": (ours, args.depth)}
    if binary:
        engines["fairy-stockfish"] = (lambda d: native(binary, d), args.depth)
    if args.python_depth:
        try:
            import pyffish  # noqa: F401 (only to say it is missing)
        except ImportError:
            p.error("pyffish is not installed: pip install pyffish (it is in the test extra), or --python-depth 0")
        engines["pyffish"] = (through_pyffish, args.python_depth)
    rates: dict[str, list[float]] = {name: [] for name in engines}
    nodes: dict[str, int] = {}
    base: list[float] = []
    views = search_positions(args.search_positions)
    search_rates: list[float] = []
    search_depths: list[int] = []
    err = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=True, disable=args.quiet) as progress:
        task = progress.add_task("perft", total=args.repeat * (len(engines) + bool(views)))
        for r in range(args.repeat):
            baseline = Baseline()
            baseline.sample(0.0, force=True)
            for name, (run, depth) in engines.items():
                progress.update(task, description=f"{name} perft {depth}, {r + 1}/{args.repeat}")
                n, seconds = run(depth)
                if n != NODES[depth]:
                    err.print(f"{name} counted {n} nodes at depth {depth}, not {NODES[depth]}")
                    return 1
                nodes[name] = n
                rates[name].append(n / seconds)
                baseline.sample(0.0, force=True)
                progress.advance(task)
            if views:
                progress.update(task, description=f"search bot, {len(views)} positions, {r + 1}/{args.repeat}")
                n, seconds, depths = through_search(views)
                search_rates.append(n / seconds)
                search_depths += depths
                progress.advance(task)
            base.append(baseline.per_op)
    ratios = {other: spread([ours_rate / theirs for ours_rate, theirs in zip(rates["parlour"], rates[other])])
              for other in engines if other != "parlour"}
    data = {
        "benchmark": "jieqi", "python": platform.python_version(), "position": XIANGQI_START,
        "repeat": args.repeat, "depth": {name: depth for name, (_, depth) in engines.items()},
        "nodes": nodes, "nodes_per_s": {name: spread(v) for name, v in rates.items()},
        "ratio_parlour_to": ratios,
        "baseline": {"workload": REFERENCE_DOC, "ops_per_s": summary(1 / b for b in base)},
        "nodes_x_baseline": {name: summary(x * b for x, b in zip(v, base)) for name, v in rates.items()},
    }
    if views:
        from parlour.games.jieqi.bot import SearchBot

        data["search"] = {"positions": len(views), "plies": SEARCH_PLIES, "seconds": SearchBot.seconds,
                          "nodes_per_cpu_s": spread(search_rates),
                          "depth_median": statistics.median(search_depths)}
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    t = Table(title=f"Xiangqi perft from the start position: best (median; lowest) of {args.repeat}",
              caption=f"ratio = parlour nodes/s ÷ the engine's, per repeat. Baseline: {REFERENCE_DOC}. "
                      f"Python {data['python']}." + ("" if binary else " fairy-stockfish not installed: "
                                                      "apt-get install fairy-stockfish"), caption_justify="left")
    for col in ("engine", "depth", "nodes", "nodes/s", "× baseline", "parlour ÷ engine"):
        t.add_column(col, justify="left" if col == "engine" else "right")
    for name, (_, depth) in engines.items():
        r, x = data["nodes_per_s"][name], data["nodes_x_baseline"][name]
        ratio = ratios.get(name)
        t.add_row(name, str(depth), f"{nodes[name]:,}", f"{r['best']:,.0f} ({r['median']:,.0f})",
                  f"{x['best']:.1f} ({x['median']:.1f})",
                  f"{ratio['best']:.4f} ({ratio['median']:.4f}; {ratio['lowest']:.4f})" if ratio else "")
    out = Console()
    if not out.is_terminal:
        out.width = max(out.width, 110)
    out.print(t)
    if views:
        s = data["search"]
        out.print(f"search bot ({s['seconds']} s a move) on {s['positions']} positions {SEARCH_PLIES} plies in: "
                  f"{s['nodes_per_cpu_s']['median']:,.0f} nodes per CPU second, median of {args.repeat} "
                  f"({s['nodes_per_cpu_s']['lowest']:,.0f}–{s['nodes_per_cpu_s']['best']:,.0f}); "
                  f"median depth {s['depth_median']}")
    return 0
