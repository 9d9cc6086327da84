"""This tree's engines against another checkout's (main, a commit, the compiled build): random play-outs, side by side.

For each game, each repeat plays the same seeds with the other checkout's parlour and with this one, one after
the other, each in a fresh process (cold caches, as ``bench playouts`` does) timed on its CPU clock, through
the same play-out code (``bench.playouts.timed_run``, the engine mode: ``legal`` + ``apply``, or ``--mode bots``
with views). The figure is this ÷ other decisions/s of each repeat: its median, lowest and highest. Both must
play exactly the same matches (the same actions per seed), or the engines do not behave alike and nothing is
printed for that game but the difference.

    git archive main | (mkdir -p /tmp/main && tar -x -C /tmp/main)
    python -m bench compare --base /tmp/main/src --seeds 0-49 --repeat 5
    python -m bench compare giacomotto --base /tmp/main/src
    python -m bench compare --base src --pure-base                  # the compiled engine against the pure one
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import parlour

from bench.playouts import parse_seeds

ROOT = Path(__file__).resolve().parent.parent
THIS = ROOT / "src"
CHILD = """
import json, sys
import parlour
from bench.playouts import timed_run
game_id, players, options, seeds, mode = json.loads(sys.argv[1])
game = parlour.load(game_id, players=players, **options)
run = timed_run(game, seeds, mode, lambda: None, "cpu")
native = getattr(parlour, "native", None)  # checkouts before the compiled engine was the default have none
print(json.dumps({"seconds": run.seconds, "actions": run.actions, "file": parlour.__file__,
                  "engine": str(native.engine()) if native else "as built"}))
"""


def one_run(src: Path, game_id: str, players: int, options: dict[str, Any], seeds: list[int], mode: str,
            pure: bool = False) -> dict:
    """One run of every seed with the parlour of ``src``, in a fresh process (its pure Python engine if ``pure``)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(src), str(ROOT)]), PARLOUR_PURE="1" if pure else "0")
    done = subprocess.run([sys.executable, "-c", CHILD, json.dumps([game_id, players, options, seeds, mode])],
                          env=env, capture_output=True, text=True, cwd=ROOT)
    if done.returncode:
        raise RuntimeError(f"{game_id} with {src}: the run failed:\n{done.stderr}")
    result = json.loads(done.stdout)
    if not Path(result["file"]).resolve().is_relative_to(src.resolve()):
        raise RuntimeError(f"the run meant for {src} imported parlour from {result['file']}")
    return result


def compare(game_id: str, players: int | None, base: Path, seeds: list[int], repeat: int, mode: str,
            advance: Any, this: Path = THIS, pure_base: bool = False) -> dict[str, Any]:
    cls = parlour.core.game_class(game_id)
    players = players or cls.default_players
    options = dict(cls.random_options)
    rates: dict[str, list[float]] = {"base": [], "this": []}
    actions: dict[str, list[int]] = {}
    engines: dict[str, str] = {}
    for _ in range(repeat):
        for name, src in (("base", base), ("this", this)):
            run = one_run(src, game_id, players, options, seeds, mode, pure=pure_base and name == "base")
            rates[name].append(sum(run["actions"]) / run["seconds"])
            actions[name] = run["actions"]
            engines[name] = run["engine"]
            advance()
    ratios = [t / b for t, b in zip(rates["this"], rates["base"])]
    return {"game": game_id, "players": players, "same_matches": actions["base"] == actions["this"],
            "decisions_per_s": {k: statistics.median(v) for k, v in rates.items()},
            "ratio": {"median": statistics.median(ratios), "low": min(ratios), "high": max(ratios)},
            "ratios": ratios, "engines": engines}


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench compare", description=__doc__.split("\n\n")[0])
    p.add_argument("games", nargs="*", help="game ids (default: every game)")
    p.add_argument("--base", required=True, type=Path, help="the other checkout's src folder (holding parlour/)")
    p.add_argument("--this", type=Path, default=THIS, help="the src folder measured against it (default: this tree's)")
    p.add_argument("--seeds", default="0-49", help="seeds played in every run (default 0-49)")
    p.add_argument("--players", type=int, help="seats (default: each game's own)")
    p.add_argument("--repeat", type=int, default=5, help="runs per checkout and game (default 5)")
    p.add_argument("--mode", choices=("engine", "bots"), default="engine",
                   help="engine: legal+apply (default); bots: view+legal+apply")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--pure-base", action="store_true",
                   help="run the base on its pure Python engine (PARLOUR_PURE=1): --base src then races the "
                        "compiled engine against the pure one")
    args = p.parse_args(argv)
    args.base, args.this = args.base.resolve(), args.this.resolve()
    for src in (args.base, args.this):
        if not (src / "parlour" / "__init__.py").is_file():
            p.error(f"{src} holds no parlour package: give the src folder of a checkout")
    seeds = parse_seeds(args.seeds)
    games = args.games or parlour.games()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    results = []
    with Progress(*columns, console=Console(stderr=True), transient=True, disable=args.quiet) as progress:
        task = progress.add_task("compare", total=len(games) * args.repeat * 2)
        for gid in games:
            progress.update(task, description=gid)
            results.append(compare(gid, args.players, args.base, seeds, args.repeat, args.mode,
                                   lambda: progress.advance(task), args.this, args.pure_base))
    if args.json:
        print(json.dumps({"benchmark": "compare", "base": str(args.base), "this": str(args.this), "seeds": args.seeds, "mode": args.mode,
                          "repeat": args.repeat, "clock": "cpu", "results": results}, indent=2))
        return 0
    engines = results[0]["engines"] if results else {}
    t = Table(title=f"{args.this} ({engines.get('this')}) ÷ {args.base} ({engines.get('base')}): random play-outs ({args.mode}), seeds {args.seeds}, CPU clock, "
                    f"median (lowest–highest) of {args.repeat}")
    for col in ("game", "seats", "base decisions/s", "this decisions/s", "this ÷ base", "same matches"):
        t.add_column(col, justify="left" if col == "game" else "right")
    for r in results:
        d, ratio = r["decisions_per_s"], r["ratio"]
        t.add_row(r["game"], str(r["players"]), f"{d['base']:,.0f}", f"{d['this']:,.0f}",
                  f"{ratio['median']:.2f} ({ratio['low']:.2f}–{ratio['high']:.2f})",
                  "yes" if r["same_matches"] else "NO")
    out = Console()
    if not out.is_terminal:
        out.width = max(out.width, 110)
    out.print(t)
    return 0 if all(r["same_matches"] for r in results) else 1
