"""Worst positions: the slowest engine calls a server makes on its event loop, per game, on the costliest positions.

The server calls the engine on its event loop (bots think in worker processes): for every action it clones the
state, applies the action's text, reads ``to_act`` and ``deadline``, builds ``view(seat)`` for every seat and the
spectators, and lists ``legal(seat)`` for the seats to act (for the clock's fallback move and the bots); a clock
applies ``timeout()``. None of these may take more than a few milliseconds on any reachable position: one slow
table would freeze every other.

For each registered game, at its fewest, default and most players, the positions measured are

* the game's own worst positions, when its folder has ``worst.py`` with ``worst_positions(game)`` yielding
  ``(name, state)`` pairs (positions built on purpose: Giacomotto's crowded tables). That ``worst.py`` may also
  define ``cold()``, called (untimed) before every timing to empty what the engine memoises beyond a state (Skelly
  keeps the shots it has simulated: a repeat would otherwise time the cached shot);
* the positions found by random play-outs over ``--seeds``: at every decision the cost of ``legal`` and ``view``
  is sampled, and per phase (``view["phase"]``, when the view has one) the ``--keep`` slowest positions and the
  ``--keep`` positions with the longest legal lists are kept.

On each position every call is timed on its own fresh clone (so that nothing the state itself caches is warm;
beyond the ``cold()`` hook below, a module-level memo of an engine may be, as on a server that has run a while;
the clone is not timed, but ``clone`` is timed on its own too): ``legal`` and ``apply`` (of the action's text, as the
server does, for every legal action up to ``--actions`` of them) for each seat to act, ``view`` for each seat
and the spectator, ``to_act``, ``deadline``, and ``timeout()`` where a window is open. Each call is timed
``--repeat`` times and its fastest time kept (the machine is shared: a slower run was disturbed, not harder).

It prints per game the max and the p99 of each call in milliseconds, the largest legal list, the worst position,
and the worst call as "× baseline": milliseconds over the milliseconds of one reference op (``bench/README.md``),
timed in slices between the games.

    python -m bench worst                      # every game
    python -m bench worst giacomotto --seeds 0-9
"""

from __future__ import annotations

import argparse
import importlib
import json
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import parlour
from parlour.core.errors import ParlourError
from parlour.core.game import Game, State
from parlour.core.rng import Rng

from bench import REFERENCE_DOC, Baseline
from bench.playouts import parse_seeds

CALLS = ("legal", "view", "apply", "clone", "to_act", "deadline", "timeout")


def player_counts(game_id: str) -> list[int]:
    """The fewest, the default and the most players (as the conformance tests take them)."""
    cls = parlour.core.game_class(game_id)
    return sorted({min(cls.player_counts), cls.default_players, max(cls.player_counts)})


def own_module(game: Game) -> Any:
    """The game folder's own ``worst.py``, or ``None``."""
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        return importlib.import_module(f"{package}.worst")
    except ModuleNotFoundError as e:
        if e.name != f"{package}.worst":
            raise
        return None


def own_positions(game: Game) -> Iterator[tuple[str, State]]:
    """The positions of the game's own ``worst.py``, if its folder has one."""
    module = own_module(game)
    return module.worst_positions(game) if module is not None else iter(())


def searched_positions(game: Game, seeds: list[int], keep: int) -> list[tuple[str, State]]:
    """Random play-outs; per phase, the ``keep`` slowest positions (legal + view) and longest legal lists."""
    slow: dict[str, list[tuple[float, str, State]]] = {}
    long: dict[str, list[tuple[int, str, State]]] = {}
    for seed in seeds:
        state = game.new(seed=seed)
        rng = Rng(seed ^ 0x5EED)
        step = 0
        while not state.over:
            seats = state.to_act
            if not seats:
                state.timeout()
                continue
            seat = rng.choice(list(seats))
            probe = state.clone()
            start = time.perf_counter()
            legal = probe.legal(seat)
            view = probe.view(seat)
            cost = time.perf_counter() - start
            phase = str(view.get("phase") or "any")
            name = f"seed {seed} step {step} ({phase})"
            _keep(slow.setdefault(phase, []), (cost, name, state.clone()), keep)
            _keep(long.setdefault(phase, []), (len(legal), name, state.clone()), keep)
            state.apply(seat, rng.choice(legal))
            step += 1
    found: dict[str, State] = {}
    for rows in (*slow.values(), *long.values()):
        for _, name, s in rows:
            found.setdefault(name, s)
    return list(found.items())


def _keep(rows: list, row: tuple, keep: int) -> None:
    """Keep the ``keep`` largest rows by their first item."""
    if len(rows) < keep:
        rows.append(row)
        rows.sort(key=lambda r: r[0])
    elif row[0] > rows[0][0]:
        rows[0] = row
        rows.sort(key=lambda r: r[0])


def fastest(fn: Callable[[], Any], prepare: Callable[[], Any], repeat: int) -> float:
    """The fastest of ``repeat`` timings of ``fn(prepared)`` in seconds; ``prepare`` (a fresh clone) is untimed."""
    best = float("inf")
    for _ in range(repeat):
        arg = prepare()
        start = time.perf_counter()
        fn(arg)
        best = min(best, time.perf_counter() - start)
    return best


@dataclass
class Measured:
    """Every timing of one game at one player count: per call, a list of (seconds, position name)."""

    game: Game
    positions: int = 0
    times: dict[str, list[tuple[float, str]]] = field(default_factory=lambda: {c: [] for c in CALLS})
    longest: tuple[int, str] = (0, "")
    baseline: float = 0.0  # seconds per reference op

    def measure(self, name: str, state: State, repeat: int, actions: int) -> None:
        self.positions += 1
        cold = getattr(own_module(self.game), "cold", None)

        def clone() -> State:  # a fresh clone, and nothing the engine memoised from the last timing
            if cold is not None:
                cold()
            return state.clone()

        add = lambda call, seconds: self.times[call].append((seconds, name))  # noqa: E731
        add("clone", fastest(lambda s: s.clone(), lambda: state, repeat))
        add("to_act", fastest(lambda s: s.to_act, clone, repeat))
        add("deadline", fastest(lambda s: s.deadline, clone, repeat))
        for seat in [*range(self.game.players), None]:
            add("view", fastest(lambda s: s.view(seat), clone, repeat))
        if state.deadline is not None or not state.to_act:
            add("timeout", fastest(lambda s: s.timeout(), clone, repeat))
        for seat in state.to_act:
            legal = state.clone().legal(seat)
            add("legal", fastest(lambda s: s.legal(seat), clone, repeat))
            if len(legal) > self.longest[0]:
                self.longest = (len(legal), name)
            stride = max(1, len(legal) // actions)
            for action in legal[::stride][:actions]:
                text = str(action)
                add("apply", fastest(lambda s: s.apply(seat, text), clone, repeat))

    def summary(self) -> dict[str, Any]:
        calls = {}
        for call, rows in self.times.items():
            if not rows:
                continue
            ordered = sorted(rows)
            worst = ordered[-1]
            p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))][0]
            calls[call] = {"max_ms": 1000 * worst[0], "p99_ms": 1000 * p99, "calls": len(rows), "worst": worst[1],
                           "max_x_baseline": worst[0] / self.baseline}
        top = max(calls, key=lambda c: calls[c]["max_ms"])
        return {"game": self.game.id, "players": self.game.players, "positions": self.positions,
                "longest_legal": {"actions": self.longest[0], "position": self.longest[1]},
                "slowest_call": top, "slowest": calls[top], "calls": calls}


def run(game_ids: list[str], seeds: list[int], keep: int, repeat: int, actions: int,
        progress: Progress | None) -> tuple[list[dict[str, Any]], float]:
    jobs = [(gid, n) for gid in game_ids for n in player_counts(gid)]
    task = progress.add_task("games", total=len(jobs)) if progress else None
    results = []
    baseline = Baseline()
    baseline.sample(0.0, force=True)
    for gid, players in jobs:
        game = parlour.load(gid, players=players, **parlour.core.game_class(gid).random_options)  # play-outs end
        if progress:
            progress.update(task, description=f"{gid} {players}p")
        m = Measured(game)
        positions = list(own_positions(game)) + searched_positions(game, seeds, keep)
        for name, state in positions:
            m.measure(name, state, repeat, actions)
        baseline.sample(0.0, force=True)
        m.baseline = baseline.per_op
        results.append(m.summary())
        if progress:
            progress.advance(task)
    return results, baseline.per_op


def table(results: list[dict[str, Any]], seeds: str) -> Table:
    t = Table(title=f"Worst positions: the slowest engine calls of the server's loop, max (p99) in ms; play-outs of "
                    f"seeds {seeds}",
              caption=("each call timed on a fresh clone, fastest of the repeats; × baseline = the slowest call "
                       f"over the time of one reference op ({REFERENCE_DOC})."), caption_justify="left")
    for name in ("game", "seats", "positions", *CALLS, "longest legal", "slowest call", "× baseline"):
        t.add_column(name, justify="left" if name in ("game", "slowest call") else "right", no_wrap=True)
    for r in results:
        cells = []
        for call in CALLS:
            c = r["calls"].get(call)
            cells.append(f"{c['max_ms']:.3f} ({c['p99_ms']:.3f})" if c else "—")
        s = r["slowest"]
        t.add_row(r["game"], str(r["players"]), str(r["positions"]), *cells, str(r["longest_legal"]["actions"]),
                  f"{r['slowest_call']} {s['max_ms']:.3f}", f"{s['max_x_baseline']:.1f}")
    return t


def worst_lines(results: list[dict[str, Any]]) -> list[str]:
    """Where each game's slowest call and longest legal list were."""
    return [f"{r['game']} {r['players']}p: slowest {r['slowest_call']} in {r['slowest']['worst']}; longest legal list "
            f"({r['longest_legal']['actions']}) in {r['longest_legal']['position']}" for r in results]


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench worst", description=__doc__.splitlines()[0])
    p.add_argument("game", nargs="?", help=f"a game id (default: every game: {', '.join(parlour.games())})")
    p.add_argument("--seeds", default="0-19", help="seeds of the random play-outs that search (default 0-19)")
    p.add_argument("--keep", type=int, default=5, help="positions kept per phase and criterion (default 5)")
    p.add_argument("--repeat", type=int, default=3, help="timings of each call; the fastest is kept (default 3)")
    p.add_argument("--actions", type=int, default=60, help="legal actions applied per seat and position (default 60)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    try:
        seeds = parse_seeds(args.seeds)
        ids = [args.game] if args.game else parlour.games()
        for gid in ids:
            parlour.core.game_class(gid)
    except (ValueError, ParlourError) as e:
        p.error(str(e))
    if min(args.keep, args.repeat, args.actions) < 1:
        p.error("--keep, --repeat and --actions must be 1 or more")
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True, disable=args.quiet) as progress:
        results, per_op = run(ids, seeds, args.keep, args.repeat, args.actions, None if args.quiet else progress)
    if args.json:
        print(json.dumps({"benchmark": "worst", "seeds": args.seeds, "baseline": {"workload": REFERENCE_DOC,
                          "ms_per_op": 1000 * per_op}, "results": results}, indent=2))
        return 0
    out = Console()
    if not out.is_terminal:
        out.width = max(out.width, 200)  # rich assumes 80 columns in a pipe: too few for the table
    out.print(table(results, args.seeds))
    for line in worst_lines(results):
        out.print(line, highlight=False)
    return 0
