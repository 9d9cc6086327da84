"""Random play-outs: whole matches between random bots, engine alone and through the bots' views.

Every match of a fixed set of seeds is played to its end through the public contract (``state.to_act``,
``state.legal(seat)``, ``state.apply(seat, action)``) by :class:`~parlour.core.bot.RandomBot` players, the
bot of seat ``s`` in the match of seed ``m`` seeded with :func:`bot_seed` ``(m, s)``. Two modes:

* ``engine`` (legal+apply): the bots are handed an empty view; this is the engine's own speed.
* ``bots`` (view+legal+apply): each decision first builds the seat's view, as a real bot or the server
  would; the gap to ``engine`` is what views cost.

Random bots ignore the view, so both modes play exactly the same matches and apply the same actions.

    python -m bench playouts giacomotto --seeds 0-199 --players 2 --repeat 3

>>> parse_seeds("0-2,7")
[0, 1, 2, 7]
>>> import parlour
>>> actions, timeouts, deals = play_out(parlour.load("giacomotto"), seed=1, views=False)
>>> actions > 0, timeouts, deals > 1
(True, 0, True)
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import multiprocessing
import time
import traceback
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any, Callable

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

import parlour
from parlour.core.bot import RandomBot
from parlour.core.errors import ParlourError
from parlour.core.game import Game

from bench import REFERENCE_DOC, Baseline, summary

#: The clocks a run may be timed on: the CPU time of the process (a shared machine makes a process wait for a
#: core much of the wall time, and the wait is not the code's), or the wall time.
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
#: The modes, in the order they run within a repeat, with what each one times.
MODES = {"engine": "legal+apply", "bots": "view+legal+apply"}
_NO_VIEW: dict[str, Any] = {}


def parse_seeds(text: str) -> list[int]:
    """Seeds from ``"0-199"``, ``"7"`` or a comma list of both such as ``"0-9,100-109"`` (non-negative, each once).

    >>> parse_seeds("3-1")
    Traceback (most recent call last):
    ...
    ValueError: seed range '3-1' runs backwards: write LOW-HIGH, e.g. 0-199
    """
    seeds: list[int] = []
    for part in text.split(","):
        low, dash, high = part.strip().partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ValueError(f"cannot read seeds {part.strip()!r}: write non-negative integers and ranges, "
                             f"e.g. 0-199 or 0-9,100-109")
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise ValueError(f"seed range {part.strip()!r} runs backwards: write LOW-HIGH, e.g. 0-199")
        seeds.extend(range(first, last + 1))
    if len(set(seeds)) != len(seeds):
        raise ValueError(f"seeds {text!r} name some seed twice: each seed is played once per repeat")
    return seeds


def bot_seed(match_seed: int, seat: int) -> int:
    """The seed of a seat's bot: distinct for every (match seed, seat) pair.

    >>> bot_seed(5, 1)
    1281
    """
    return match_seed << 8 | seat


def play_out(game: Game, seed: int, views: bool) -> tuple[int, int, int]:
    """Play the match of ``seed`` to its end; return (actions applied, timed windows closed, deals).

    The deals are the rows of the match's score sheet: its deals, rounds, packs or games (a row that sums
    up the match, such as Tarok's wheels, counts too).

    Raises ``RuntimeError`` if the match runs past the game's ``action_bound`` (an engine bug, not a slow run).
    """
    state = game.new(seed=seed)
    bots = [RandomBot(game, seat, bot_seed(seed, seat)) for seat in range(game.players)]
    view = state.view if views else _no_view
    actions = timeouts = 0
    for _ in range(game.action_bound + 1):
        if state.over:
            return actions, timeouts, len(state.sheet.rows)
        seats = state.to_act
        if not seats:  # a timed window that nobody acts in closes at once, as in play_match
            state.timeout()
            timeouts += 1
            continue
        seat = seats[0]
        state.apply(seat, bots[seat].choose(view(seat), state.legal(seat)))
        actions += 1
    if state.over:
        return actions, timeouts, len(state.sheet.rows)
    raise RuntimeError(f"{game!r} seed {seed}: the match is not over after {game.action_bound} actions, its bound")


def _no_view(seat: int) -> dict[str, Any]:
    return _NO_VIEW


@dataclass
class RunResult:
    """One run over every seed: seconds spent in play-outs, seconds per reference op, actions and deals per seed."""

    seconds: float
    baseline: float
    actions: list[int]
    timeouts: int
    deals: list[int] = field(default_factory=list)


@dataclass
class Measure:
    """The runs of one game and mode: each run plays every seed once, with its own baseline."""

    game: Game
    mode: str
    seeds: list[int]
    seconds: list[float] = field(default_factory=list)
    baseline: list[float] = field(default_factory=list)  # seconds per reference op, per run
    actions: list[int] = field(default_factory=list)  # per seed, the same in every run and mode
    timeouts: int = 0
    deals: list[int] = field(default_factory=list)  # per seed

    def add_run(self, run: RunResult) -> None:
        self.seconds.append(run.seconds)
        self.baseline.append(run.baseline)
        self.actions, self.timeouts, self.deals = run.actions, run.timeouts, run.deals

    def to_dict(self) -> dict[str, Any]:
        matches, decisions = len(self.seeds), sum(self.actions)
        match_rates = [matches / s for s in self.seconds]
        decision_rates = [decisions / s for s in self.seconds]
        deals = sum(self.deals) or matches
        return {
            "game": self.game.id, "players": self.game.players, "mode": self.mode, "times": MODES[self.mode],
            "matches": matches, "decisions": decisions, "timeouts": self.timeouts,
            "actions_per_match": decisions / matches, "actions": list(self.actions),
            "deals_per_match": deals / matches, "actions_per_deal": decisions / deals,
            "matches_per_s": summary(match_rates), "decisions_per_s": summary(decision_rates),
            # a search bot's play-out runs to the end of a deal (round, pack, game): how many fit in 300 ms
            "playouts_per_300ms": summary(0.3 * deals / s for s in self.seconds),
            # a rate times the seconds of one reference op: what the engine does in the time of one op
            "matches_x_baseline": summary(r * b for r, b in zip(match_rates, self.baseline)),
            "decisions_x_baseline": summary(r * b for r, b in zip(decision_rates, self.baseline)),
            "runs": [{"seconds": s, "baseline_s_per_op": b} for s, b in zip(self.seconds, self.baseline)],
        }


def timed_run(game: Game, seeds: list[int], mode: str, tick: Callable[[], None], clock: str = "cpu") -> RunResult:
    """One run: every seed played once, with reference samples before, between and after the matches.

    ``tick`` is called after each match (for a progress bar); neither it nor the samples are timed as play.
    ``clock`` is ``"cpu"`` (the process's CPU time) or ``"wall"``.
    """
    now = CLOCKS[clock]
    gc.collect()  # every run starts with the same empty garbage
    baseline = Baseline(clock=now)
    baseline.sample(0.0, force=True)
    elapsed, actions, timeouts, deals = 0.0, [], 0, []
    for seed in seeds:
        start = now()
        n, t, d = play_out(game, seed, views=mode == "bots")
        elapsed += now() - start
        actions.append(n)
        deals.append(d)
        timeouts += t
        tick()
        baseline.sample(elapsed)
    baseline.sample(elapsed, force=True)
    return RunResult(elapsed, baseline.per_op, actions, timeouts, deals)


def _child(game_id: str, players: int, options: dict[str, Any], seeds: list[int], mode: str, clock: str,
           conn: Connection) -> None:
    try:
        game = parlour.load(game_id, players=players, **options)
        conn.send(timed_run(game, seeds, mode, lambda: conn.send(None), clock))
    except BaseException:
        conn.send(traceback.format_exc())
    finally:
        conn.close()


def run_in_child(game: Game, seeds: list[int], mode: str, tick: Callable[[], None], clock: str = "cpu") -> RunResult:
    """:func:`timed_run` in a freshly started process, so no cache warmed by an earlier run is left.

    An engine may memoise (by table, by action): replaying the same seeds in one process would
    time the second and later runs against warm caches and the first against cold ones.
    """
    ctx = multiprocessing.get_context("spawn")
    here, there = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_child, args=(game.id, game.players, game.options, seeds, mode, clock, there), daemon=True)
    child.start()
    there.close()
    try:
        while True:
            message = here.recv()
            if message is None:
                tick()
            elif isinstance(message, RunResult):
                return message
            else:
                raise RuntimeError(f"{game!r} {mode} run failed in its process:\n{message}")
    except EOFError:
        raise RuntimeError(f"{game!r} {mode} run: its process ended without a result "
                           f"(exit code {child.exitcode})") from None
    finally:
        here.close()
        child.join(timeout=1)
        if child.is_alive():  # interrupted or failed half-way: do not leave it playing
            child.terminate()
            child.join()


def run(games: list[Game], seeds: list[int], repeat: int, modes: list[str], progress: Progress | None,
        in_process: bool = False, clock: str = "cpu") -> list[Measure]:
    """Play every seed ``repeat`` times per game and mode; modes alternate within a repeat so drift hits both.

    Each run has a process of its own unless ``in_process`` (for profilers, which see only their process).
    """
    measures = []
    total = len(games) * repeat * len(modes) * len(seeds)
    task = progress.add_task("play-outs", total=total) if progress else None
    tick = (lambda: progress.advance(task)) if progress else (lambda: None)
    runner = timed_run if in_process else run_in_child
    for game in games:
        mine = {mode: Measure(game, mode, seeds) for mode in modes}
        measures.extend(mine.values())
        for r in range(repeat):
            for mode in modes:
                if progress:
                    progress.update(task, description=f"{game.id} {game.players}p {mode} {r + 1}/{repeat}")
                result = runner(game, seeds, mode, tick, clock)
                for other in mine.values():
                    _check_same(game, seeds, other, result.actions, f"{mode} run {r + 1}")
                mine[mode].add_run(result)
    return measures


def _check_same(game: Game, seeds: list[int], earlier: Measure, actions: list[int], label: str) -> None:
    """Every run must play the same matches: a difference is nondeterminism, or code changed during the run."""
    for seed, before, now in zip(seeds, earlier.actions, actions):
        if before != now:
            raise RuntimeError(f"{game!r} seed {seed}: {before} actions in an earlier {earlier.mode} run, {now} in "
                               f"{label}; the engine or the bots are not deterministic (or the code changed while "
                               f"the benchmark ran)")


def report(measures: list[Measure], seeds: str, repeat: int, baseline_ops_per_s: dict[str, float],
           clock: str = "cpu") -> dict[str, Any]:
    """Everything measured, JSON-ready."""
    return {
        "benchmark": "playouts",
        "python": platform.python_version(), "implementation": platform.python_implementation(),
        "seeds": seeds, "repeat": repeat, "clock": clock,
        "baseline": {"workload": REFERENCE_DOC, "ops_per_s": baseline_ops_per_s},
        "results": [m.to_dict() for m in measures],
    }


def table(data: dict[str, Any]) -> Table:
    """The results as a rich table: best (median) of the repeats."""
    base = data["baseline"]["ops_per_s"]
    t = Table(title=f"Random play-outs, seeds {data['seeds']}: best (median) of {data['repeat']} repeat(s), "
                    f"{data['clock']} clock",
              caption=(f"engine = legal+apply; bots = view+legal+apply. play-outs/300 ms = deals (rounds, packs, "
                       f"games: the score sheet's rows) played to their end in 300 ms. × baseline = decisions/s ÷ reference "
                       f"ops/s, the reference timed in slices between the matches of each run (best {base['best']:,.0f}, median "
                       f"{base['median']:,.0f} ops/s; {data['baseline']['workload']}). "
                       f"{data['implementation']} {data['python']}."),
              caption_justify="left")
    for name in ("game", "seats", "mode", "matches/s", "decisions/s", "× baseline", "actions/match",
                 "play-outs/300 ms"):
        t.add_column(name, justify="left" if name in ("game", "mode") else "right", no_wrap=True)
    for r in data["results"]:
        m, d, x, p = r["matches_per_s"], r["decisions_per_s"], r["decisions_x_baseline"], r["playouts_per_300ms"]
        t.add_row(r["game"], str(r["players"]), r["mode"], f"{m['best']:,.2f} ({m['median']:,.2f})",
                  f"{d['best']:,.0f} ({d['median']:,.0f})", f"{x['best']:.3f} ({x['median']:.3f})",
                  f"{r['actions_per_match']:.1f}", f"{p['best']:,.0f} ({p['median']:,.0f})")
    return t


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bench playouts",
        description="Play whole matches between random bots over fixed seeds; print matches/s, decisions/s "
                    "(actions applied) and actions per match, also as a ratio to a reference workload.")
    p.add_argument("game", nargs="?", help=f"a game id (default: every game: {', '.join(parlour.games())})")
    p.add_argument("--seeds", default="0-199", help="seeds to play, e.g. 0-199 or 0-9,100-109 (default 0-199)")
    p.add_argument("--players", type=int, help="seats at the table (default: each game's default)")
    p.add_argument("--repeat", type=int, default=3, help="how many times to play every seed (default 3)")
    p.add_argument("--mode", choices=[*MODES, "both"], default="both",
                   help="engine: legal+apply; bots: view+legal+apply; both (default)")
    p.add_argument("--clock", choices=list(CLOCKS), default="cpu",
                   help="cpu: the CPU time of the process that plays (default); wall: wall time")
    p.add_argument("--json", action="store_true", help="print the results as JSON instead of a table")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--in-process", action="store_true",
                   help="play every run in this process (for profilers; later runs then find the engine's "
                        "caches warm) instead of a fresh process per run")
    return p


def main(argv: list[str]) -> int:
    p = parser()
    args = p.parse_args(argv)
    try:
        seeds = parse_seeds(args.seeds)
    except ValueError as e:
        p.error(str(e))
    if args.repeat < 1:
        p.error(f"--repeat must be 1 or more, not {args.repeat}")
    try:
        ids = [args.game] if args.game else parlour.games()
        # a game whose random play would not end (Spoons) is played with its random_options
        games = [parlour.load(game_id, players=args.players, **parlour.core.game_class(game_id).random_options)
                 for game_id in ids]
    except ParlourError as e:
        p.error(str(e))
    modes = list(MODES) if args.mode == "both" else [args.mode]

    err = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TimeRemainingColumn())
    try:
        if args.quiet:
            measures = run(games, seeds, args.repeat, modes, None, args.in_process, args.clock)
        else:
            with Progress(*columns, console=err, transient=True, refresh_per_second=4) as progress:
                measures = run(games, seeds, args.repeat, modes, progress, args.in_process, args.clock)
    except KeyboardInterrupt:
        err.print("interrupted: nothing measured")
        return 130

    ops_per_s = summary(1 / b for m in measures for b in m.baseline)
    data = report(measures, args.seeds, args.repeat, ops_per_s, args.clock)
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        out = Console()
        if not out.is_terminal:
            out.width = max(out.width, 130)  # rich assumes 80 columns in a pipe: too few for the table
        out.print(table(data))
    return 0
