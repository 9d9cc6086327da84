"""Go: random 9×9 and 19×19 games per second, ours beside OpenSpiel's go in the same run, as a ratio.

A game is played from the empty board with a uniformly random move at every turn (every legal point, and
passing; never resigning) until two passes in a row stop play. Ours runs through the public contract
(``state.legal``, ``state.apply``: legal moves with positional superko, captures, the event log); OpenSpiel's
through its Python API (``legal_actions``, ``apply_action``; it forbids only the simple ko and ends a game on
any other repetition). Both play the same number of games per board; the runs alternate so that drift hits both.

    python -m bench go --games 200 --big-games 20 --repeat 3

>>> game = RandomGames(parlour.load("go", size=9), random.Random(1))
>>> game(0) > 20
True
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
from parlour.core.game import Game

from bench import REFERENCE_DOC, Baseline, summary


class RandomGames:
    """Random games of ours to the end of play; calling it plays one and returns its actions."""

    def __init__(self, game: Game, rng: random.Random) -> None:
        self.game, self.rng = game, rng

    def __call__(self, _: int = 0) -> int:
        state = self.game.new(seed=0)
        choice = self.rng.choice
        actions = 0
        while state.phase == "play":  # type: ignore[attr-defined]
            seat = state.to_act[0]
            legal = state.legal(seat)
            state.apply(seat, choice(legal[:-1]))  # the last legal action is resign
            actions += 1
        return actions


def openspiel_game(game, rng: random.Random) -> int:
    state = game.new_initial_state()
    actions = 0
    choice = rng.choice
    while not state.is_terminal():
        state.apply_action(choice(state.legal_actions()))
        actions += 1
    return actions


def timed(play: Callable[[int], int], games: int, tick: Callable[[int], None]) -> tuple[float, float, int]:
    """Seconds for ``games`` games, seconds per reference op sampled between them, and actions applied."""
    gc.collect()
    baseline = Baseline()
    baseline.sample(0.0, force=True)
    elapsed, actions = 0.0, 0
    step = max(1, games // 20)
    for i in range(games):
        start = time.perf_counter()
        actions += play(i)
        elapsed += time.perf_counter() - start
        baseline.sample(elapsed)
        if i % step == step - 1:
            tick(step)
    baseline.sample(elapsed, force=True)
    tick(games % step)
    return elapsed, baseline.per_op, actions


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench go", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=200, help="9×9 games per engine and repeat (default 200)")
    p.add_argument("--big-games", type=int, default=20, help="19×19 games per engine and repeat (default 20)")
    p.add_argument("--repeat", type=int, default=3, help="runs per engine (default 3); best and median reported")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    if args.games < 1 or args.big_games < 0 or args.repeat < 1:
        p.error("--games and --repeat must be 1 or more, --big-games 0 or more")
    try:
        import pyspiel
    except ImportError:
        p.error("OpenSpiel is not installed: pip install open-spiel (it is in the test extra)")
    boards = [(9, args.games)] + ([(19, args.big_games)] if args.big_games else [])
    err = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    results = []
    with Progress(*columns, console=err, transient=True, disable=args.quiet) as progress:
        for size, games in boards:
            ours = parlour.load("go", size=size)
            theirs = pyspiel.load_game("go", {"board_size": size, "komi": 7.5, "max_game_length": 100_000})
            engines = {
                "parlour": lambda rng: RandomGames(ours, rng),
                "openspiel": lambda rng: (lambda i: openspiel_game(theirs, rng)),
            }
            rates: dict[str, list[float]] = {name: [] for name in engines}
            actions: dict[str, int] = {}
            base: list[float] = []
            ratios: list[float] = []
            task = progress.add_task(f"{size}×{size}", total=games * args.repeat * len(engines))
            for r in range(args.repeat):
                run = {}
                for name, make in engines.items():
                    progress.update(task, description=f"{size}×{size} {name} {r + 1}/{args.repeat}")
                    seconds, per_op, n = timed(make(random.Random(r)), games, lambda k: progress.advance(task, k))
                    run[name] = games / seconds
                    rates[name].append(run[name])
                    actions[name] = n
                    base.append(per_op)
                ratios.append(run["parlour"] / run["openspiel"])
            results.append({
                "size": size, "games": games,
                "games_per_s": {name: summary(v) for name, v in rates.items()},
                "actions_per_game": {name: n / games for name, n in actions.items()},
                "ratio_parlour_to_openspiel": summary(ratios),
                "games_x_baseline": {name: summary(x * b for x, b in zip(v, base[i::2]))
                                     for i, (name, v) in enumerate(rates.items())},
                "baseline_ops_per_s": summary(1 / b for b in base),
            })
    data = {"benchmark": "go", "python": platform.python_version(), "repeat": args.repeat,
            "baseline": {"workload": REFERENCE_DOC}, "results": results}
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    t = Table(title=f"Go, random games to two passes: best (median) of {args.repeat}",
              caption=f"ratio = parlour ÷ OpenSpiel games/s, per repeat. Baseline: {REFERENCE_DOC}. "
                      f"Python {data['python']}.", caption_justify="left")
    for col in ("board", "engine", "games/s", "× baseline", "actions/game"):
        t.add_column(col, justify="left" if col in ("board", "engine") else "right")
    for r in results:
        for name in ("parlour", "openspiel"):
            d, x = r["games_per_s"][name], r["games_x_baseline"][name]
            t.add_row(f"{r['size']}×{r['size']}", name, f"{d['best']:,.1f} ({d['median']:,.1f})",
                      f"{x['best']:.4f} ({x['median']:.4f})", f"{r['actions_per_game'][name]:.0f}")
        ratio = r["ratio_parlour_to_openspiel"]
        t.add_row(f"{r['size']}×{r['size']}", "ratio", f"{ratio['best']:.3f} ({ratio['median']:.3f})", "", "")
    out = Console()
    if not out.is_terminal:
        out.width = max(out.width, 100)
    out.print(t)
    return 0
