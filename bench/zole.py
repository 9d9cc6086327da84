"""Zole deals per second with random play, as a ratio against the reference baseline.

Every action of a deal is a uniformly random legal one (the bidding too, so most hands have a Big one, some a
Zole, and a few are thrown in when all pass), through the public contract: ``state.legal`` and
``state.apply``. Deals follow one another through whole matches of the default game (12 hands; match ``m``
is seeded ``m``), so each deal's shuffle and deal is timed once, in the deal before it. Two modes alternate
within each repeat: ``engine`` (legal + apply: what a search bot pays per simulated step) and ``views``
(the acting seat's ``state.view`` built before each decision, as the server and every real bot do).

    python -m bench zole --deals 2000 --repeat 3

>>> deals = Deals(parlour.load("zole"), random.Random(1), views=False)
>>> [deals() for _ in range(3)]
[26, 25, 25]
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import parlour
from parlour.core.game import Game, State

from bench import REFERENCE_DOC, Baseline, summary


class Deals:
    """Deals one after another through whole matches; calling it plays the next deal to its score and returns
    the actions applied."""

    def __init__(self, game: Game, rng: random.Random, views: bool) -> None:
        self.game, self.rng, self.views = game, rng, views
        self.matches = 0
        self.state: State | None = None

    def __call__(self) -> int:
        state, choice, views = self.state, self.rng.choice, self.views
        if state is None or state.over:  # a new match deals its first deal: timed with this one
            state = self.state = self.game.new(seed=self.matches)
            self.matches += 1
        deals = state.deals
        actions = 0
        while state.deals == deals and not state.over:
            seat = state.turn
            if views:
                state.view(seat)
            state.apply(seat, choice(state.legal(seat)))
            actions += 1
        return actions


def timed(play: Deals, deals: int, tick) -> tuple[float, float, int]:
    """Seconds for ``deals`` deals, seconds per reference op sampled between them, and actions applied."""
    gc.collect()
    baseline = Baseline()
    baseline.sample(0.0, force=True)
    elapsed, actions = 0.0, 0
    for i in range(deals):
        start = time.perf_counter()
        actions += play()
        elapsed += time.perf_counter() - start
        baseline.sample(elapsed)
        if i % 50 == 49:
            tick(50)
    baseline.sample(elapsed, force=True)
    tick(deals % 50)
    return elapsed, baseline.per_op, actions


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench zole", description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=2000, help="deals per mode and repeat (default 2000)")
    p.add_argument("--repeat", type=int, default=3, help="runs per mode (default 3); best and median reported")
    p.add_argument("--players", type=int, default=3, choices=(3, 4), help="3 (default) or 4 (the dealer sits out)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    if args.deals < 1 or args.repeat < 1:
        p.error("--deals and --repeat must be 1 or more")
    game = parlour.load("zole", players=args.players)
    modes = ("engine", "views")
    rates: dict[str, list[float]] = {m: [] for m in modes}
    per_op: dict[str, list[float]] = {m: [] for m in modes}
    actions: dict[str, int] = {}
    err = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=True, disable=args.quiet) as progress:
        task = progress.add_task("zole", total=args.deals * args.repeat * len(modes))
        for r in range(args.repeat):
            for mode in modes:
                progress.update(task, description=f"{mode} {r + 1}/{args.repeat}")
                seconds, op, n = timed(Deals(game, random.Random(r), views=mode == "views"), args.deals,
                                       lambda k: progress.advance(task, k))
                rates[mode].append(args.deals / seconds)
                per_op[mode].append(op)
                actions[mode] = n
    data = {
        "benchmark": "zole", "python": platform.python_version(), "players": args.players, "deals": args.deals,
        "repeat": args.repeat,
        "deals_per_s": {m: summary(v) for m, v in rates.items()},
        "deals_x_baseline": {m: summary(x * b for x, b in zip(rates[m], per_op[m])) for m in modes},
        "actions_per_deal": {m: n / args.deals for m, n in actions.items()},
        "baseline": {"workload": REFERENCE_DOC, "ops_per_s": summary(1 / b for v in per_op.values() for b in v)},
    }
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    t = Table(title=f"Zole, {args.players} players, {args.deals} deals of random play: best (median) of "
                    f"{args.repeat}",
              caption=f"× baseline = deals/s ÷ reference ops/s. Baseline: {REFERENCE_DOC}. Python {data['python']}.",
              caption_justify="left")
    for col in ("mode", "times", "deals/s", "× baseline", "actions/deal"):
        t.add_column(col, justify="left" if col in ("mode", "times") else "right")
    for m, what in zip(modes, ("legal+apply", "view+legal+apply")):
        d, x = data["deals_per_s"][m], data["deals_x_baseline"][m]
        t.add_row(m, what, f"{d['best']:,.0f} ({d['median']:,.0f})", f"{x['best']:.3f} ({x['median']:.3f})",
                  f"{data['actions_per_deal'][m]:.1f}")
    out = Console()
    if not out.is_terminal:
        out.width = max(out.width, 100)
    out.print(t)
    return 0
