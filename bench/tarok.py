"""Tarok deals per second with random card play, ours beside OpenSpiel's tarok in the same run, as a ratio.

A deal is dealt, bid (everybody passes when allowed, so forehand chooses Klop in both engines), and played to
its end with a uniformly random legal card at every turn. Ours runs through the public contract
(``state.legal``, ``state.apply``); OpenSpiel's through its Python API (``legal_actions``, ``apply_action``).
Both play the same number of deals; the runs alternate so that drift hits both.

The same work on both sides: every deal is shuffled and dealt once. OpenSpiel deals at the chance node that
opens each new state. Our engine deals the next deal of a match as soon as one is scored (the match is the
state), so ours plays its deals one after another through whole matches of the default game, a new match
when one ends: each deal's shuffle and deal is timed once, in the deal before it (or in ``game.new``). Both
sides score each deal (OpenSpiel's ``returns()``); writing it on the match sheet and the public event log
are our extra.

    python -m bench tarok --deals 2000 --repeat 3

>>> deals = OurDeals(parlour.load("tarok"), random.Random(1))
>>> [deals(i) for i in range(3)]
[52, 52, 52]
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import time
from typing import Callable

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import parlour
from parlour.core.game import Game, State

from bench import REFERENCE_DOC, Baseline, summary


class OurDeals:
    """Our deals one after another through whole matches; calling it plays the next deal to its score.

    Returns the actions applied. Match ``m`` is seeded ``m``, so every run plays the same deals.
    """

    def __init__(self, game: Game, rng: random.Random) -> None:
        self.game, self.rng = game, rng
        self.matches = 0
        self.state: State | None = None

    def __call__(self, _: int = 0) -> int:
        state, rng = self.state, self.rng
        if state is None or state.over:  # a new match deals its first deal: timed with this one
            state = self.state = self.game.new(seed=self.matches)
            self.matches += 1
        deal = state.deals
        actions = 0
        while state.deals == deal:
            seat = state.turn
            legal = state.legal(seat)
            # in the auction the first legal action is "pass", or "bid klop" for forehand once all passed
            state.apply(seat, legal[0] if state.phase == 0 else rng.choice(legal))
            actions += 1
        return actions


def deal_openspiel(game, rng: random.Random) -> int:
    """One OpenSpiel deal to its end and its score (ours scores each deal as it ends); returns the actions."""
    state = game.new_initial_state()
    state.apply_action(0)  # the dealing chance node
    actions = 1
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.current_game_phase() == _BIDDING:
            action = 0 if legal[0] == 0 else 1  # pass, or Klop when forehand must choose
        else:
            action = rng.choice(legal)
        state.apply_action(action)
        actions += 1
    state.returns()
    return actions


_BIDDING = None


def timed(play: Callable[[int], int], deals: int, tick: Callable[[], None]) -> tuple[float, float, int]:
    """Seconds for ``deals`` deals, seconds per reference op sampled between them, and actions applied."""
    gc.collect()
    baseline = Baseline()
    baseline.sample(0.0, force=True)
    elapsed, actions = 0.0, 0
    for i in range(deals):
        start = time.perf_counter()
        actions += play(i)
        elapsed += time.perf_counter() - start
        baseline.sample(elapsed)
        if i % 50 == 49:
            tick(50)
    baseline.sample(elapsed, force=True)
    tick(deals % 50)
    return elapsed, baseline.per_op, actions


def main(argv: list[str]) -> int:
    global _BIDDING
    p = argparse.ArgumentParser(prog="python -m bench tarok", description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=2000, help="deals per engine and repeat (default 2000)")
    p.add_argument("--repeat", type=int, default=3, help="runs per engine (default 3); best and median reported")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    if args.deals < 1 or args.repeat < 1:
        p.error("--deals and --repeat must be 1 or more")
    try:
        import pyspiel
    except ImportError:
        p.error("OpenSpiel is not installed: pip install open-spiel (it is in the test extra)")
    _BIDDING = pyspiel.TarokGamePhase.BIDDING
    ours = parlour.load("tarok", players=4)
    theirs = pyspiel.load_game("tarok", {"players": 4, "rng_seed": 1})
    engines = {
        "parlour": lambda rng: OurDeals(ours, rng),
        "openspiel": lambda rng: (lambda i: deal_openspiel(theirs, rng)),
    }
    rates: dict[str, list[float]] = {name: [] for name in engines}
    ratios: list[float] = []
    actions: dict[str, int] = {}
    base: list[float] = []
    err = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=True, disable=args.quiet) as progress:
        task = progress.add_task("tarok", total=args.deals * args.repeat * len(engines))
        for r in range(args.repeat):
            run = {}
            for name, make in engines.items():
                progress.update(task, description=f"{name} {r + 1}/{args.repeat}")
                seconds, per_op, n = timed(make(random.Random(r)), args.deals,
                                           lambda k: progress.advance(task, k))
                run[name] = args.deals / seconds
                rates[name].append(run[name])
                actions[name] = n
                base.append(per_op)
            ratios.append(run["parlour"] / run["openspiel"])
    data = {
        "benchmark": "tarok", "python": platform.python_version(), "deals": args.deals, "repeat": args.repeat,
        "deals_per_s": {name: summary(v) for name, v in rates.items()},
        "actions_per_deal": {name: n / args.deals for name, n in actions.items()},
        "ratio_parlour_to_openspiel": summary(ratios),
        "baseline": {"workload": REFERENCE_DOC, "ops_per_s": summary(1 / b for b in base)},
        "deals_x_baseline": {name: summary(x * b for x, b in zip(v, base[i::2])) for i, (name, v) in
                             enumerate(rates.items())},
    }
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    t = Table(title=f"Tarok, 4 players, {args.deals} deals of random card play: best (median) of {args.repeat}",
              caption=f"ratio = parlour ÷ OpenSpiel deals/s, per repeat. Baseline: {REFERENCE_DOC}. "
                      f"Python {data['python']}.", caption_justify="left")
    for col in ("engine", "deals/s", "× baseline", "actions/deal"):
        t.add_column(col, justify="left" if col == "engine" else "right")
    for name in engines:
        d, x = data["deals_per_s"][name], data["deals_x_baseline"][name]
        t.add_row(name, f"{d['best']:,.0f} ({d['median']:,.0f})", f"{x['best']:.3f} ({x['median']:.3f})",
                  f"{data['actions_per_deal'][name]:.1f}")
    ratio = data["ratio_parlour_to_openspiel"]
    t.add_row("ratio", f"{ratio['best']:.2f} ({ratio['median']:.2f})", "", "")
    out = Console()
    if not out.is_terminal:
        out.width = max(out.width, 100)
    out.print(t)
    return 0
