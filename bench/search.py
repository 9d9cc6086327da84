"""Search bots: iterations per second per game, and bot move times per level on a loaded server's bot workers.

    python -m bench search iterations                      # every turn-based game, PIMC and ISMCTS
    python -m bench search iterations --games tarok,giacomotto,kaboo --budget 300ms
    python -m bench search server --game tarok --tables 6 --workers 2

``iterations``: positions are taken from matches the game's best bot plays against itself (``--seeds``, a few
positions each, where the seat has a real choice); at each the search bots think for ``--budget`` and report
how many iterations they made (PIMC: worlds, each valued for every move; ISMCTS: iterations, one world and one
play-out each). Rates are per second of CPU time (``time.process_time``), with × baseline (iterations in the time
of one reference op, see bench/README.md) from reference slices timed on the same clock; median over positions.

``server``: the server's own bot pool (``parlour.server.bots.BotPool``, ``--workers`` processes) answers the
questions of ``--tables`` tables at once, each asking its next question as soon as the last is answered (the
pool's queue is never empty: a loaded server). For each level it reports the move time a table waits (queue
and thinking, wall clock) as median and p99, and how many answers overran the level's time limit and were
played at random instead.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import time
from typing import Any

from rich.console import Console
from rich.table import Table

import parlour
from parlour.bots import best, make
from parlour.core.errors import ParlourError
from parlour.core.game import Game, State

from bench import REFERENCE_DOC, Baseline

BOTS = ("pimc", "ismcts")
LEVELS = ("pimc-fast", "pimc", "pimc-deep", "ismcts-fast", "ismcts", "ismcts-deep")


def short_game(game_id: str) -> Game:
    cls = parlour.core.game_class(game_id)
    return parlour.load(game_id, **{**cls.quick_options, **cls.random_options})


def positions(game: Game, seeds: list[int], per_match: int = 3, bot: str | None = None) -> list[tuple[State, int]]:
    """Positions of matches the game's best bot (or ``bot``) plays against itself where the seat to act has a
    choice. The best bot thinks for a time, so its matches differ from run to run; ``random`` (seeded) plays the
    same positions every time, which a comparison of two engines needs."""
    out = []
    name = bot or best(game)
    for seed in seeds:
        state = game.new(seed=seed)
        bots = [make(name, game, s, seed=seed << 8 | s) for s in range(game.players)]
        found, step = 0, 0
        while not state.over and found < per_match and step < 5000:
            seats = state.to_act
            if not seats:
                state.timeout()
                continue
            seat = seats[0]
            legal = state.legal(seat)
            if len(legal) > 2 and step % 7 == 3:
                out.append((state.clone(), seat))
                found += 1
            state.apply(seat, bots[seat].choose(state.bot_view(seat), legal))
            step += 1
    return out


def iterations(games: list[str], seeds: list[int], spec: str, console: Console,
               player: str | None = None) -> list[dict[str, Any]]:
    """Each search bot's iterations per CPU second at positions of ``player``'s matches (the best bot's)."""
    rows = []
    baseline = Baseline(clock=time.process_time)
    baseline.sample(0.0, force=True)
    work = 0.0
    for game_id in games:
        game = short_game(game_id)
        found = positions(game, seeds, bot=player)
        for name in BOTS:
            rates = []
            for state, seat in found:
                bot = make(f"{name}@{spec}", game, seat, seed=1)
                view, legal = state.bot_view(seat), state.legal(seat)
                quick = bot.hooks.decide(view, legal, bot.memory)
                if quick is not None:
                    continue  # the game plays this one without searching
                start = time.process_time()
                bot.choose(view, legal)
                spent = time.process_time() - start
                work += spent
                baseline.sample(work)
                if spent > 0 and "iterations" in bot.stats:
                    rates.append(bot.stats["iterations"] / spent)
            if rates:
                rate = statistics.median(rates)
                rows.append({"game": game_id, "bot": name, "positions": len(rates), "per_second": rate})
                console.print(f"{game_id:12} {name:7} {rate:9.1f} /s over {len(rates)} positions", style="dim")
    baseline.sample(work, force=True)
    for row in rows:
        row["x_baseline"] = row["per_second"] * baseline.per_op
    return rows


# --- the server's bot pool under load -------------------------------------------------------------------------------

class _Overruns(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if "overran" in record.getMessage():
            self.count += 1


async def _load(game: Game, level: str, found: list[tuple[State, int]], tables: int, questions: int,
                workers: int) -> tuple[list[float], int]:
    from parlour.server.bots import BotPool

    pool = BotPool(workers)
    pool.warm()
    overruns = _Overruns()
    times: list[float] = []

    async def table(t: int) -> None:
        for q in range(questions):
            state, seat = found[(t * questions + q) % len(found)]
            view, legal = state.bot_view(seat), [str(a) for a in state.legal(seat)]
            start = time.perf_counter()
            await pool.choose(game, seat, level, t << 16 | q, view, legal)
            times.append(time.perf_counter() - start)

    try:
        state, seat = found[0]  # one question per worker first (a search of one world, time limit 10 s, not the
        view, legal = state.bot_view(seat), [str(a) for a in state.legal(seat)]  # random bot's 2 s): imports done
        await asyncio.gather(*(pool.choose(game, seat, "pimc@1", w, view, legal) for w in range(workers)))
        logging.getLogger("parlour.server").addHandler(overruns)  # the warm-up's overruns (a slow start) do not count
        await asyncio.gather(*(table(t) for t in range(tables)))
    finally:
        pool.close()
        logging.getLogger("parlour.server").removeHandler(overruns)
    return times, overruns.count


def server(game_id: str, levels: list[str], tables: int, questions: int, workers: int,
           seeds: list[int]) -> list[dict[str, Any]]:
    from parlour.server.bots import time_limit

    game = parlour.load(game_id)
    found = positions(game, seeds, per_match=4)
    rows = []
    for level in levels:
        times, over = asyncio.run(_load(game, level, found, tables, questions, workers))
        times.sort()
        rows.append({"level": level, "budget": str(getattr(make(level, game, 0), "budget", "-")), "limit": time_limit(level),
                     "moves": len(times), "median": statistics.median(times),
                     "p99": times[min(len(times) - 1, int(0.99 * len(times)))], "overruns": over})
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench search", description=__doc__.split("\n\n")[0])
    parser.add_argument("part", choices=("iterations", "server"))
    parser.add_argument("--games", default=None, help="comma-separated ids (iterations; default: every turn-based "
                                                      "game)")
    parser.add_argument("--game", default="tarok", help="the game (server)")
    parser.add_argument("--budget", default="300ms", help="thinking time per position (iterations)")
    parser.add_argument("--seeds", default="1,2", help="seeds of the matches positions come from")
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels (server)")
    parser.add_argument("--tables", type=int, default=6, help="tables asking at once (server)")
    parser.add_argument("--questions", type=int, default=5, help="questions per table (server)")
    parser.add_argument("--workers", type=int, default=2, help="bot worker processes (server)")
    args = parser.parse_args(argv)
    console = Console()
    seeds = [int(s) for s in args.seeds.split(",")]
    try:
        if args.part == "iterations":
            games = args.games.split(",") if args.games else [
                g for g in parlour.games() if not parlour.core.game_class(g).realtime]
            rows = iterations(games, seeds, args.budget, console)
            t = Table(title=f"Search iterations per CPU second ({args.budget} a position)", title_justify="left")
            for col in ("game", "bot", "positions", "iterations/s", "× baseline"):
                t.add_column(col, justify="left" if col in ("game", "bot") else "right")
            for r in rows:
                t.add_row(r["game"], r["bot"], str(r["positions"]), f"{r['per_second']:.1f}",
                          f"{r['x_baseline']:.4f}")
            console.print(t)
            console.print(f"× baseline: iterations per reference op ({REFERENCE_DOC})", style="dim")
        else:
            rows = server(args.game, args.levels.split(","), args.tables, args.questions, args.workers, seeds)
            t = Table(title=f"{args.game}: bot move time on a loaded server ({args.tables} tables asking at once, "
                            f"{args.workers} workers)", title_justify="left")
            for col in ("level", "budget", "limit", "moves", "median", "p99", "overruns"):
                t.add_column(col, justify="left" if col == "level" else "right")
            for r in rows:
                t.add_row(r["level"], r["budget"], f"{r['limit']:g} s", str(r["moves"]), f"{r['median']:.3f} s",
                          f"{r['p99']:.3f} s", str(r["overruns"]))
            console.print(t)
            console.print("move time: from the question to its answer, waiting in the pool's queue included",
                          style="dim")
    except ParlourError as e:
        console.print(f"error: {e}")
        return 2
    return 0


__all__ = ["iterations", "main", "positions", "server"]
