"""Gymnasium environment steps per second: one SeatEnv against a SyncVectorEnv (and an AsyncVectorEnv) of N.

Everything goes through the public API: ``parlour.ai.SeatEnv`` for one environment, ``parlour.ai.vector_env`` for
the vectors (Gymnasium's ``SyncVectorEnv``, ``AsyncVectorEnv`` with ``--async``). The learner plays a random legal
action from each observation's ``action_mask`` (the same numpy draw for every layout); the other seats are played
by ``--opponents`` (``random`` by default, so that the figure is the environment's and not the bots' thinking).
A step of a vector of N counts N environment steps. The layouts take turns, one slice of ``--seconds`` each per
round, for ``--slices`` rounds, so that the machine's drift hits them alike; each figure is the median (lowest–
highest) of its slices, on the wall clock (an AsyncVectorEnv works in other processes), with the reference
workload timed between slices (× baseline, see bench/README.md).

    python -m bench vector --game giacomotto --envs 8 --slices 5 --seconds 2

>>> layouts = make_layouts("giacomotto", envs=2, asynchronous=False, opponents="random", options={})
>>> sorted(layouts)
['one', 'sync']
>>> steps = Stepper(layouts["sync"], np.random.default_rng(0), seed=1)
>>> steps.run(0.05) > 0
True
>>> for env in layouts.values():
...     env.close()
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

from bench import REFERENCE_DOC, Baseline
from parlour.cli.setup import parse_options
from parlour.core.registry import game_class


def make_layouts(game: str, envs: int, asynchronous: bool, opponents: str, options: dict[str, Any]) -> dict[str, Any]:
    """The environments measured, by layout name: ``one`` SeatEnv, a ``sync`` vector of ``envs``, and ``async``."""
    import parlour.ai

    kw = {"opponents": opponents, **options}
    out = {"one": parlour.ai.SeatEnv(game, **kw), "sync": parlour.ai.vector_env(game, envs=envs, mode="sync", **kw)}
    if asynchronous:
        out["async"] = parlour.ai.vector_env(game, envs=envs, mode="async", **kw)
    return out


class Stepper:
    """Steps one layout with random legal actions; :meth:`run` steps it for a slice of time and counts env steps.

    A single environment is reset when its match ends; a vector resets its copies itself (on the step after)."""

    def __init__(self, env: Any, rng: np.random.Generator, seed: int) -> None:
        self.env, self.rng = env, rng
        self.n = getattr(env, "num_envs", None)
        self.obs, _ = env.reset(seed=seed)

    def _pick(self, mask: np.ndarray) -> int:
        legal = np.flatnonzero(mask)
        return int(self.rng.choice(legal)) if len(legal) else 0  # a finished match's row: the step resets it

    def run(self, seconds: float) -> float:
        """Environment steps per second over a slice of at least ``seconds``."""
        env, steps = self.env, 0
        start = time.perf_counter()
        while True:
            if self.n is None:
                self.obs, _, terminated, truncated, _ = env.step(self._pick(self.obs["action_mask"]))
                steps += 1
                if terminated or truncated:
                    self.obs, _ = env.reset()
            else:
                self.obs, *_ = env.step(np.array([self._pick(m) for m in self.obs["action_mask"]]))
                steps += self.n
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return steps / elapsed


def measure(game: str, envs: int, slices: int, seconds: float, asynchronous: bool, opponents: str,
            options: dict[str, Any]) -> dict[str, Any]:
    layouts = make_layouts(game, envs, asynchronous, opponents, options)
    try:
        steppers = {name: Stepper(env, np.random.default_rng(1), seed=1) for name, env in layouts.items()}
        for s in steppers.values():  # warm up: first matches, imports, the async workers' start
            s.run(min(seconds, 0.5))
        baseline = Baseline()
        baseline.sample(0.0, force=True)
        rates: dict[str, list[float]] = {name: [] for name in steppers}
        for _ in range(slices):
            for name, s in steppers.items():
                rates[name].append(s.run(seconds))
                baseline.sample(0.0, force=True)
    finally:
        for env in layouts.values():
            env.close()
    ratio = {name: [r / o for r, o in zip(v, rates["one"])] for name, v in rates.items()}
    return {
        "benchmark": "vector", "python": platform.python_version(), "game": game, "envs": envs,
        "opponents": opponents, "options": options, "slices": slices, "seconds": seconds, "clock": "wall",
        "steps_per_s": {name: _spread(v) for name, v in rates.items()},
        "over_one": {name: _spread(v) for name, v in ratio.items() if name != "one"},
        "x_baseline": {name: _spread([r * baseline.per_op for r in v]) for name, v in rates.items()},
        "baseline": {"workload": REFERENCE_DOC, "ops_per_s": 1 / baseline.per_op},
    }


def _spread(values: list[float]) -> dict[str, float]:
    """Median, lowest and highest.

    >>> _spread([3.0, 1.0, 2.0])
    {'median': 2.0, 'low': 1.0, 'high': 3.0}
    """
    return {"median": statistics.median(values), "low": min(values), "high": max(values)}


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench vector", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="giacomotto", help="the game (default giacomotto)")
    p.add_argument("--envs", type=int, default=8, help="environments in a vector (default 8)")
    p.add_argument("--slices", type=int, default=5, help="slices per layout (default 5, the least for a median)")
    p.add_argument("--seconds", type=float, default=2.0, help="seconds per slice (default 2)")
    p.add_argument("--async", dest="asynchronous", action="store_true", help="an AsyncVectorEnv of --envs too")
    p.add_argument("--opponents", default="random", help="the bots of the other seats (default random)")
    p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE", help="a variant option")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    args = p.parse_args(argv)
    if args.envs < 1 or args.slices < 1 or args.seconds <= 0:
        p.error("--envs and --slices must be 1 or more, --seconds above 0")
    data = measure(args.game, args.envs, args.slices, args.seconds, args.asynchronous, args.opponents,
                   parse_options(game_class(args.game), args.option))
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    t = Table(title=f"{args.game} SeatEnv steps/s (opponents {args.opponents}): median (lowest–highest) of "
                    f"{args.slices} slices of {args.seconds:g} s, wall clock",
              caption=f"× baseline = steps/s ÷ reference ops/s. Baseline: {REFERENCE_DOC}. Python {data['python']}.",
              caption_justify="left")
    for col in ("layout", "env steps/s", "÷ one env", "× baseline"):
        t.add_column(col, justify="left" if col == "layout" else "right")
    names = {"one": "one SeatEnv", "sync": f"SyncVectorEnv of {args.envs}", "async": f"AsyncVectorEnv of {args.envs}"}
    for name, r in data["steps_per_s"].items():
        over = data["over_one"].get(name)
        x = data["x_baseline"][name]
        t.add_row(names[name], f"{r['median']:,.0f} ({r['low']:,.0f}–{r['high']:,.0f})",
                  f"{over['median']:.2f} ({over['low']:.2f}–{over['high']:.2f})" if over else "1",
                  f"{x['median']:.3f} ({x['low']:.3f}–{x['high']:.3f})")
    out = Console()
    if not out.is_terminal:
        out.width = max(out.width, 100)
    out.print(t)
    return 0
