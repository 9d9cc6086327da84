"""Skelly: flicks simulated to rest per second (× baseline), and the time of one apply, the engine call a server makes.

    python -m bench skelly                       # 400 shots, 3 repeats
    python -m bench skelly --shots 1000 --repeat 5 --json

The shots are a fixed set drawn from a seeded generator: each a position of 4 caps (or 6 with ``--players 6``)
strewn over the standard court, one of them flicked at a random angle with a power between 0.05 and 1 (a third of
them at full power, the longest simulations), from where it lies. Two figures:

* **shots/s**: ``physics.simulate`` on each shot with its cache emptied first, so that every shot is simulated
  (pymunk stepped at 300 Hz until every cap is at rest): what a bot pays for each shot it tries.
* **apply**: ``state.apply`` of each shot on a state set up with that position, the simulation not cached: the
  milliseconds of one call, as the server makes it on its event loop for every flick. Each shot's time is its
  fastest over the repeats (what the code costs, without the pauses another process or the garbage collector
  adds); the figures are the median, the 99th percentile and the worst shot, and beside them the slowest single call
  seen, pauses included. A replay or a bot that tries a shot the engine has simulated before gets it from the cache
  instead, in microseconds.

Each figure is also divided by the reference workload timed in the same run (see bench/README.md).
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import statistics
import time
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import parlour
from parlour.core.rng import Rng

from bench import REFERENCE_DOC, Baseline, summary

SEED = 2024


def positions(count: int, players: int, seed: int = SEED) -> list[tuple[str, str]]:
    """``count`` (setup, flick) pairs: caps strewn over the court (none touching), the shooter's flick at random."""
    rng = Rng(seed)
    out = []
    for _ in range(count):
        caps: list[tuple[float, float]] = []
        while len(caps) < players:
            p = ((rng.below(19000) - 9500) / 10000, (rng.below(19000) - 9500) / 10000)
            if all(math.dist(p, q) > 0.04 for q in caps):
                caps.append(p)
        setup = "; ".join(f"{s}: {x},{y}" for s, (x, y) in enumerate(caps)) + "; turn 0"
        power = 1000 if rng.below(3) == 0 else 50 + rng.below(951)
        out.append((setup, f"flick {rng.below(3600) / 10} {power / 1000}"))
    return out


def run(shots: list[tuple[str, str]], players: int, tick: Any = lambda: None) -> dict[str, Any]:
    """Time every shot twice: the simulation alone, and the whole apply; with the baseline interleaved."""
    from parlour.games.skelly.actions import parse
    from parlour.games.skelly.physics import simulate

    game = parlour.load("skelly", players=players)
    states = [game.new(seed=1, deck=setup) for setup, _ in shots]
    flicks = [parse(text) for _, text in shots]
    baseline = Baseline()
    baseline.sample(0.0, force=True)
    simulating = 0.0
    steps = 0
    for state, f in zip(states, flicks):
        caps, start = tuple(state.pos), state.pos[0]
        simulate.cache_clear()
        t = time.perf_counter()
        shot = simulate(caps, 0, start, f.tenths, f.thousandths)
        simulating += time.perf_counter() - t
        steps += shot.steps
        baseline.sample(simulating)
        tick()
    applies = []
    for state, f in zip(states, flicks):
        simulate.cache_clear()
        t = time.perf_counter()
        state.apply(0, f)
        applies.append(time.perf_counter() - t)
        baseline.sample(simulating + sum(applies))
        tick()
    baseline.sample(simulating + sum(applies), force=True)
    rate = len(shots) / simulating
    return {"shots_per_s": rate, "x_baseline": rate * baseline.per_op, "apply_s": applies,
            "steps_per_shot": steps / len(shots)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench skelly", description=__doc__.split("\n\n")[0])
    parser.add_argument("--shots", type=int, default=400, help="shots in the fixed set (default 400)")
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5, 6), help="caps on the court (default 4)")
    parser.add_argument("--repeat", type=int, default=3, help="runs over the set (default 3)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    shots = positions(args.shots, args.players)
    runs = []
    console = Console(stderr=True)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, disable=args.quiet) as bar:
        task = bar.add_task("skelly shots", total=2 * args.shots * args.repeat)
        for _ in range(args.repeat):
            runs.append(run(shots, args.players, lambda: bar.advance(task)))
    applies = sorted(min(times) for times in zip(*(r["apply_s"] for r in runs)))
    result = {
        "shots": args.shots, "players": args.players, "repeat": args.repeat, "python": platform.python_version(),
        "shots_per_s": summary(r["shots_per_s"] for r in runs),
        "x_baseline": summary(r["x_baseline"] for r in runs),
        "steps_per_shot": runs[0]["steps_per_shot"],
        "apply_ms": {"median": 1000 * statistics.median(applies),
                     "p99": 1000 * applies[min(len(applies) - 1, int(0.99 * len(applies)))],
                     "max": 1000 * applies[-1], "slowest_call": 1000 * max(s for r in runs for s in r["apply_s"])},
        "reference": REFERENCE_DOC,
    }
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    table = Table(title=f"Skelly: {args.shots} shots among {args.players} caps, {args.repeat} runs (best (median))")
    for column in ("shots/s", "× baseline", "steps/shot", "apply ms: median", "p99", "worst shot", "slowest call"):
        table.add_column(column, justify="right")
    s, x, a = result["shots_per_s"], result["x_baseline"], result["apply_ms"]
    table.add_row(f"{s['best']:.0f} ({s['median']:.0f})", f"{x['best']:.3f} ({x['median']:.3f})",
                  f"{result['steps_per_shot']:.0f}", f"{a['median']:.2f}", f"{a['p99']:.2f}", f"{a['max']:.2f}",
                  f"{a['slowest_call']:.2f}")
    Console().print(table)
    return 0
