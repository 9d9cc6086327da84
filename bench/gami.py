"""Gami play-outs per second through the contract, and the alpha-beta search's nodes per second, × baseline.

Two figures, each in a fresh process per run (the engine memoises action texts and table reaches; a warm cache
would flatter later runs), each also divided by the reference workload timed in the same run:

* **play-outs**: whole deals between random bots over fixed seeds, through the public contract (``legal`` and
  ``apply``, as ``python -m bench playouts gami --mode engine`` plays them): deals per second and decisions per
  second. This is what a tinkerer's own search or a learning loop pays per step.
* **search**: the default bot's alpha-beta (``games/gami/search.py``) from the opening position of each seed, on a
  fixed node budget: nodes per second. This is what decides how far the bot sees in its 0.3 s a move.

    python -m bench gami --seeds 0-199 --repeat 3
    python -m bench gami --json

>>> import parlour
>>> search_nodes(parlour.load("gami"), [1], budget=2000) >= 2000   # checked every 1,024 nodes, so a little more
True
"""

from __future__ import annotations

import argparse
import gc
import json
import multiprocessing
import platform
import time
import traceback
from typing import Any, Callable

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

import parlour
from parlour.core.game import Game

from bench import REFERENCE_DOC, Baseline, summary
from bench.playouts import parse_seeds, run_in_child

#: Nodes the search may visit from each opening position (a few tenths of a second each).
BUDGET = 20_000


def search_nodes(game: Game, seeds: list[int], budget: int = BUDGET, tick: Callable[[], None] = lambda: None) -> int:
    """Search the opening position of each seed on a node budget; return the nodes visited in all."""
    from parlour.games.gami.search import Searcher

    total = 0
    for seed in seeds:
        state = game.new(seed=seed)
        if state.over:
            continue
        result = Searcher(game.options["max_plies"]).run(state.hands, state.turn, 0, state.seen, max_nodes=budget)
        total += result.nodes
        tick()
    return total


def _search_child(seeds: list[int], budget: int, conn: Any) -> None:
    try:
        game = parlour.load("gami")
        gc.collect()
        baseline = Baseline()
        baseline.sample(0.0, force=True)
        elapsed, nodes = 0.0, 0
        for seed in seeds:
            start = time.perf_counter()
            nodes += search_nodes(game, [seed], budget)
            elapsed += time.perf_counter() - start
            conn.send(None)
            baseline.sample(elapsed)
        baseline.sample(elapsed, force=True)
        conn.send((elapsed, nodes, baseline.per_op))
    except BaseException:
        conn.send(traceback.format_exc())
    finally:
        conn.close()


def search_run(seeds: list[int], budget: int, tick: Callable[[], None]) -> tuple[float, int, float]:
    """(seconds, nodes, seconds per reference op) of one search run in a fresh process."""
    ctx = multiprocessing.get_context("spawn")
    here, there = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_search_child, args=(seeds, budget, there), daemon=True)
    child.start()
    there.close()
    try:
        while True:
            message = here.recv()
            if message is None:
                tick()
            elif isinstance(message, tuple):
                return message
            else:
                raise RuntimeError(f"the search run failed in its process:\n{message}")
    finally:
        here.close()
        child.join(timeout=1)
        if child.is_alive():
            child.terminate()
            child.join()


def measure(seeds: list[int], search_seeds: list[int], repeat: int, budget: int,
            progress: Progress | None) -> dict[str, Any]:
    game = parlour.load("gami")
    total = repeat * (len(seeds) + len(search_seeds))
    task = progress.add_task("gami", total=total) if progress else None
    tick = (lambda: progress.advance(task)) if progress else (lambda: None)
    deals, decisions, deal_x, decision_x, nodes_rate, nodes_x, bases = [], [], [], [], [], [], []
    actions: list[int] = []
    for r in range(repeat):  # the two kinds alternate, so that the machine's drift hits both
        if progress:
            progress.update(task, description=f"play-outs {r + 1}/{repeat}")
        run = run_in_child(game, seeds, "engine", tick)
        if actions and run.actions != actions:
            raise RuntimeError("two runs played different deals: the engine is not deterministic")
        actions = run.actions
        deals.append(len(seeds) / run.seconds)
        decisions.append(sum(run.actions) / run.seconds)
        deal_x.append(deals[-1] * run.baseline)
        decision_x.append(decisions[-1] * run.baseline)
        bases.append(run.baseline)
        if progress:
            progress.update(task, description=f"search {r + 1}/{repeat}")
        seconds, nodes, base = search_run(search_seeds, budget, tick)
        nodes_rate.append(nodes / seconds)
        nodes_x.append(nodes_rate[-1] * base)
        bases.append(base)
    return {
        "benchmark": "gami", "python": platform.python_version(), "implementation": platform.python_implementation(),
        "repeat": repeat,
        "baseline": {"workload": REFERENCE_DOC, "ops_per_s": summary(1 / b for b in bases)},
        "playouts": {"seeds": len(seeds), "decisions": sum(actions), "actions_per_deal": sum(actions) / len(seeds),
                     "deals_per_s": summary(deals), "decisions_per_s": summary(decisions),
                     "deals_x_baseline": summary(deal_x), "decisions_x_baseline": summary(decision_x)},
        "search": {"positions": len(search_seeds), "budget": budget, "nodes_per_s": summary(nodes_rate),
                   "nodes_x_baseline": summary(nodes_x)},
    }


def table(data: dict[str, Any]) -> Table:
    p, s, base = data["playouts"], data["search"], data["baseline"]["ops_per_s"]
    t = Table(title=f"Gami: best (median) of {data['repeat']} repeat(s)", caption_justify="left",
              caption=(f"× baseline = rate ÷ reference ops/s, timed in the same process between the work (best "
                       f"{base['best']:,.0f}, median {base['median']:,.0f} ops/s; {data['baseline']['workload']}). "
                       f"{data['implementation']} {data['python']}."))
    for name in ("what", "rate", "× baseline", "per unit"):
        t.add_column(name, justify="left" if name in ("what", "per unit") else "right", no_wrap=True)

    def fmt(x: dict[str, float], digits: int) -> str:
        return f"{x['best']:,.{digits}f} ({x['median']:,.{digits}f})"

    t.add_row(f"random play-outs, {p['seeds']} deals: deals/s", fmt(p["deals_per_s"], 1), fmt(p["deals_x_baseline"], 4),
              f"{p['actions_per_deal']:.1f} decisions a deal")
    t.add_row("  decisions/s (legal + apply)", fmt(p["decisions_per_s"], 0), fmt(p["decisions_x_baseline"], 3), "")
    t.add_row(f"alpha-beta, {s['positions']} openings: nodes/s", fmt(s["nodes_per_s"], 0), fmt(s["nodes_x_baseline"], 3),
              f"budget {s['budget']:,} nodes each")
    return t


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench gami", description=__doc__.split("\n\n")[0])
    p.add_argument("--seeds", default="0-199", help="deals played out at random (default 0-199)")
    p.add_argument("--search-seeds", default="0-9", help="openings searched (default 0-9)")
    p.add_argument("--budget", type=int, default=BUDGET, help=f"nodes per searched opening (default {BUDGET})")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--json", action="store_true")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    try:
        seeds, search_seeds = parse_seeds(args.seeds), parse_seeds(args.search_seeds)
    except ValueError as e:
        p.error(str(e))
    if args.repeat < 1 or args.budget < 1:
        p.error("--repeat and --budget must be 1 or more")
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TimeRemainingColumn())
    if args.quiet:
        data = measure(seeds, search_seeds, args.repeat, args.budget, None)
    else:
        with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
            data = measure(seeds, search_seeds, args.repeat, args.budget, progress)
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        out = Console()
        if not out.is_terminal:
            out.width = max(out.width, 110)
        out.print(table(data))
    return 0
