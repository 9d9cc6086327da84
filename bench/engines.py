"""Issue 27's figures in one run: each engine against its C/C++ peer, compiled and pure, and the search bots' speed.

Every figure is a ratio measured within one run of an existing benchmark, run here in a fresh process for each
engine (``PARLOUR_PURE=1`` for the pure one, the compiled engine otherwise), the two alternating round by round:

* ``tarok``: parlour ÷ OpenSpiel's C++ tarok deals/s: Klop, every decision uniformly random, and a mix of
  contracts (``bench tarok``);
* ``go``: parlour ÷ OpenSpiel's go random games/s, 9×9 and 19×19 (``bench go``);
* ``jieqi``: parlour ÷ Fairy-Stockfish perft nodes/s (``bench jieqi``);
* ``playouts``: the games with no C peer, compiled ÷ pure decisions/s on the same play-outs (``bench compare
  --pure-base``: what the compiled engine adds to a search bot's 300 ms);
* ``search``: the default search bots' iterations per second (``bench search iterations``), both engines, at the
  same positions (of seeded random play).

    python -m bench engines                       # everything (about half an hour on 2 idle cores)
    python -m bench engines --only tarok,go --rounds 1 --quick
    python -m bench engines --json

The figure quoted is the median over the rounds of each benchmark's own median (its spread is in its own JSON,
kept under ``runs`` with ``--json``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ("compiled", "pure")
NO_PEER = ("giacomotto", "gami", "zole", "tysiac", "kaboo", "golf6", "testoasa", "crazy-nines", "claw", "spoons",
           "rengo", "skelly")
SEARCH = "tarok,giacomotto,zole,tysiac,kaboo"

#: issue 27's targets for the compiled engine (the playouts': compiled ÷ pure, as "3× today's pure figures")
TARGETS = {"tarok klop": 1.5, "tarok random": 1.5, "go 9×9": 1.0, "go 19×19": 1.0, "jieqi perft": 0.3}
PLAYOUT_TARGET = 3.0

SEARCH_CHILD = r"""
import json, sys
from rich.console import Console
from bench.search import iterations
games, seeds, budget = sys.argv[1].split(","), [int(s) for s in sys.argv[2].split(",")], sys.argv[3]
# positions of seeded random play: the same for both engines (the best bot's own matches vary with its timing)
print(json.dumps(iterations(games, seeds, budget, Console(stderr=True, quiet=True), player="random")))
"""


def child(args: list[str], pure: bool) -> Any:
    """Run ``python ARGS`` in the repository with the pure or compiled engine; its standard output as JSON."""
    env = dict(os.environ, PARLOUR_PURE="1" if pure else "0")
    done = subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"{' '.join(args[:4])} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout)


def engine_line(pure: bool) -> str:
    code = "import parlour; print(parlour.native.engine())"
    env = dict(os.environ, PARLOUR_PURE="1" if pure else "0")
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True).stdout.strip()


def tarok(pure: bool, quick: bool) -> dict[str, float]:
    data = child(["-m", "bench", "tarok", "--json", "--quiet", "--deals", "300" if quick else "2000",
                  "--repeat", "3" if quick else "5"], pure)
    return {f"tarok {mix}": m["ratio_parlour_to_openspiel"]["median"] for mix, m in data["mixes"].items()}


def go(pure: bool, quick: bool) -> dict[str, float]:
    data = child(["-m", "bench", "go", "--json", "--quiet", "--games", "20" if quick else "200",
                  "--big-games", "2" if quick else "20", "--repeat", "3" if quick else "5"], pure)
    return {f"go {r['size']}×{r['size']}": r["ratio_parlour_to_openspiel"]["median"] for r in data["results"]}


def jieqi(pure: bool, quick: bool) -> dict[str, float]:
    data = child(["-m", "bench", "jieqi", "--json", "--quiet", "--depth", "3" if quick else "4",
                  "--python-depth", "0", "--repeat", "3" if quick else "5"], pure)
    theirs = data["ratio_parlour_to"]
    return {"jieqi perft": theirs["fairy-stockfish"]["median"]} if "fairy-stockfish" in theirs else {}


def playouts(quick: bool) -> dict[str, float]:
    """Compiled ÷ pure for the games with no C peer (one process per engine and repeat, alternating)."""
    data = child(["-m", "bench", "compare", *NO_PEER, "--base", "src", "--pure-base", "--json", "--quiet",
                  "--seeds", "0-9" if quick else "0-49", "--repeat", "3" if quick else "5"], False)
    return {f"{r['game']} play-outs": r["ratio"]["median"] for r in data["results"]}


def search(pure: bool, quick: bool) -> dict[str, float]:
    rows = child(["-c", SEARCH_CHILD, SEARCH, "1" if quick else "1,2", "100ms" if quick else "300ms"], pure)
    return {f"{r['game']} {r['bot']} iterations/s": r["per_second"] for r in rows}


PARTS: dict[str, Callable[[bool, bool], dict[str, float]]] = {"tarok": tarok, "go": go, "jieqi": jieqi,
                                                              "search": search}


def measure(only: list[str], rounds: int, quick: bool, say: Callable[[str], None]) -> dict[str, dict[str, list]]:
    """{figure: {"compiled": [per round], "pure": [per round]}} (playouts: compiled ÷ pure under "compiled")."""
    figures: dict[str, dict[str, list[float]]] = {}
    for r in range(rounds):
        for name in only:
            if name == "playouts":
                say(f"round {r + 1}/{rounds}: playouts (compiled ÷ pure)")
                for key, value in playouts(quick).items():
                    figures.setdefault(key, {"compiled": [], "pure": []})["compiled"].append(value)
                continue
            for engine in ENGINES if r % 2 == 0 else ENGINES[::-1]:
                say(f"round {r + 1}/{rounds}: {name}, {engine}")
                for key, value in PARTS[name](engine == "pure", quick).items():
                    figures.setdefault(key, {"compiled": [], "pure": []})[engine].append(value)
    return figures


def target_of(figure: str) -> float | None:
    if figure.endswith("play-outs"):
        return PLAYOUT_TARGET
    return TARGETS.get(figure)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench engines", description=__doc__.partition("\n")[0])
    p.add_argument("--only", default="tarok,go,jieqi,playouts,search",
                   help="comma-separated parts (tarok, go, jieqi, playouts, search; default all)")
    p.add_argument("--rounds", type=int, default=1, help="rounds of every part, engines alternating (default 1)")
    p.add_argument("--quick", action="store_true", help="small runs (a smoke test, not a figure to quote)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    args = p.parse_args(argv)
    only = [part for part in args.only.split(",") if part]
    unknown = [part for part in only if part not in (*PARTS, "playouts")]
    if unknown or args.rounds < 1:
        p.error(f"unknown part(s) {', '.join(unknown)}; the parts are tarok, go, jieqi, playouts, search"
                if unknown else "--rounds must be 1 or more")
    err = Console(stderr=True)
    engines = {engine: engine_line(engine == "pure") for engine in ENGINES}
    if not engines["compiled"].startswith("compiled"):
        err.print(f"the compiled engine does not run here ({engines['compiled']}): pip install -e . builds it")
        return 1
    figures = measure(only, args.rounds, args.quick, lambda text: err.print(text, style="dim"))
    med = {k: {e: statistics.median(v) if v else None for e, v in f.items()} for k, f in figures.items()}
    if args.json:
        print(json.dumps({"benchmark": "engines", "rounds": args.rounds, "quick": args.quick, "engines": engines,
                          "figures": med, "runs": figures}, indent=2))
        return 0
    t = Table(title=f"Engines, compiled and pure: median of {args.rounds} round(s)"
                    f"{' (quick: not a figure to quote)' if args.quick else ''}",
              caption="peer rows: parlour ÷ the C/C++ engine in the same run; play-outs: compiled ÷ pure on the same "
                      "play-outs; iterations/s: the search bot's own rate.", caption_justify="left")
    for col in ("figure", "pure", "compiled", "target (compiled)", "met"):
        t.add_column(col, justify="left" if col == "figure" else "right")
    for key, f in med.items():
        target = target_of(key)
        compiled, pure = f["compiled"], f["pure"]
        shown = (lambda x: "—" if x is None else f"{x:,.0f}") if "iterations" in key else \
            (lambda x: "—" if x is None else f"{x:.2f}")
        met = "" if target is None or compiled is None else ("yes" if compiled >= target else "no")
        t.add_row(key, shown(pure), shown(compiled), "" if target is None else f"≥ {target:g}", met)
    out = Console()
    if not out.is_terminal:
        out.width = max(out.width, 100)
    out.print(t)
    return 0
