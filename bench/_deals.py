"""Deals per second with random play for a card game, in two modes, against the reference baseline.

What the per-game benchmarks of deal-based games share (``bench/tysiac.py`` and ``bench/zole.py`` use it): deals
follow one another through whole matches of the game (match ``m`` is seeded ``m``), every action a uniformly random
legal one through the public contract (``state.legal``, ``state.apply``), so each deal's shuffle and deal is timed
once, in the deal before it. Two modes alternate within each repeat, so that the machine's drift hits both alike:

* ``engine`` (legal + apply): what a search bot pays per simulated step;
* ``views`` (the acting seat's ``state.view`` built before each decision, as the server and every real bot do).

>>> import parlour, random
>>> deals = Deals(parlour.load("tysiac"), random.Random(1), views=False, deal_of=lambda s: s.deal_no)
>>> [deals() > 20 for _ in range(3)]
[True, True, True]
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import time
from typing import Any, Callable

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from parlour.core.game import Game, State

from bench import REFERENCE_DOC, Baseline, summary

MODES = {"engine": "legal+apply", "views": "view+legal+apply"}


class Deals:
    """Deals one after another through whole matches; calling it plays the next deal to its end and returns the
    actions applied. ``deal_of(state)`` numbers the deal a state is in."""

    def __init__(self, game: Game, rng: random.Random, views: bool, deal_of: Callable[[State], int]) -> None:
        self.game, self.rng, self.views, self.deal_of = game, rng, views, deal_of
        self.matches = 0
        self.state: State | None = None

    def __call__(self) -> int:
        state, choice, views, deal_of = self.state, self.rng.choice, self.views, self.deal_of
        if state is None or state.over:  # a new match deals its first deal: timed with this one
            state = self.state = self.game.new(seed=self.matches)
            self.matches += 1
        deal = deal_of(state)
        actions = 0
        while deal_of(state) == deal and not state.over:
            seat = state.to_act[0]
            if views:
                state.view(seat)
            state.apply(seat, choice(state.legal(seat)))
            actions += 1
        return actions


def timed(play: Deals, deals: int, tick: Callable[[int], None]) -> tuple[float, float, int]:
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


def main(name: str, doc: str, argv: list[str], load: Callable[[int], Game], deal_of: Callable[[State], int],
         title: str, players: tuple[int, ...] = (3,)) -> int:
    """The command line of a game's deals benchmark: ``--deals``, ``--repeat``, ``--json``, ``--quiet`` (and
    ``--players`` when the game has several counts: the first is the default). ``load(players)`` makes the game;
    ``title`` names it in the table, ``{players}`` standing for the player count."""
    p = argparse.ArgumentParser(prog=f"python -m bench {name}", description=doc.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=2000, help="deals per mode and repeat (default 2000)")
    p.add_argument("--repeat", type=int, default=3, help="runs per mode (default 3); best and median reported")
    if len(players) > 1:
        p.add_argument("--players", type=int, default=players[0], choices=players,
                       help=f"{' or '.join(map(str, players))} (default {players[0]})")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    if args.deals < 1 or args.repeat < 1:
        p.error("--deals and --repeat must be 1 or more")
    count = getattr(args, "players", players[0])
    data = measure(name, load(count), deal_of, args.deals, args.repeat, args.quiet)
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    t = Table(title=f"{title.format(players=count)}, {args.deals} deals of random play: best (median) of "
                    f"{args.repeat}",
              caption=f"× baseline = deals/s ÷ reference ops/s. Baseline: {REFERENCE_DOC}. Python {data['python']}.",
              caption_justify="left")
    for col in ("mode", "times", "deals/s", "× baseline", "actions/deal"):
        t.add_column(col, justify="left" if col in ("mode", "times") else "right")
    for m, what in MODES.items():
        d, x = data["deals_per_s"][m], data["deals_x_baseline"][m]
        t.add_row(m, what, f"{d['best']:,.0f} ({d['median']:,.0f})", f"{x['best']:.3f} ({x['median']:.3f})",
                  f"{data['actions_per_deal'][m]:.1f}")
    out = Console()
    if not out.is_terminal:
        out.width = max(out.width, 100)
    out.print(t)
    return 0


def measure(name: str, game: Game, deal_of: Callable[[State], int], deals: int, repeat: int,
            quiet: bool) -> dict[str, Any]:
    rates: dict[str, list[float]] = {m: [] for m in MODES}
    per_op: dict[str, list[float]] = {m: [] for m in MODES}
    actions: dict[str, int] = {}
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True, disable=quiet) as progress:
        task = progress.add_task(name, total=deals * repeat * len(MODES))
        for r in range(repeat):
            for mode in MODES:
                progress.update(task, description=f"{mode} {r + 1}/{repeat}")
                seconds, op, n = timed(Deals(game, random.Random(r), mode == "views", deal_of), deals,
                                       lambda k: progress.advance(task, k))
                rates[mode].append(deals / seconds)
                per_op[mode].append(op)
                actions[mode] = n
    return {
        "benchmark": name, "python": platform.python_version(), "players": game.players, "deals": deals,
        "repeat": repeat,
        "deals_per_s": {m: summary(v) for m, v in rates.items()},
        "deals_x_baseline": {m: summary(x * b for x, b in zip(rates[m], per_op[m])) for m in MODES},
        "actions_per_deal": {m: n / deals for m, n in actions.items()},
        "baseline": {"workload": REFERENCE_DOC, "ops_per_s": summary(1 / b for v in per_op.values() for b in v)},
    }
