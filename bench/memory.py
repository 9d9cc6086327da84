"""The memory games: rounds per second with random play, and heuristic bots measured against random ones.

Speed (the default): whole matches of each memory game between random bots, through the public contract
(``to_act``, ``legal``, ``apply``; timed windows closed by ``timeout()`` when nobody acts), no views built.
Actions per second are also given as "× baseline", against the reference workload of ``bench`` timed in
slices between the matches (see bench/README.md).

    python -m bench memory --players 4 --seeds 0-19

Strength (``--versus LEVEL``): one bot of that level against random bots, seat rotating by match; prints its
wins and its average margin (the others' mean total minus its own: golf scores, so higher is better).

    python -m bench memory --versus expert --players 2 --seeds 0-39

>>> rounds, actions = play_random("testoasa", players=2, seed=1)
>>> rounds, actions > 0
(9, True)
"""

from __future__ import annotations

import argparse
import sys
import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

import parlour
from bench import REFERENCE_DOC, Baseline
from parlour.bots import make, play_match
from parlour.core.bot import RandomBot

GAMES = ("testoasa", "golf6", "crazy-nines", "kaboo")


def parse_seeds(text: str) -> list[int]:
    seeds: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        seeds += list(range(int(lo), int(hi or lo) + 1))
    return seeds


def play_random(game_id: str, players: int, seed: int) -> tuple[int, int]:
    """One match between random bots: (rounds, actions)."""
    game = parlour.load(game_id, players=players)
    bots = [RandomBot(game, s, seed << 8 | s) for s in range(players)]
    state = game.new(seed=seed)
    actions = 0
    while not state.over:
        seats = state.to_act
        if not seats:
            state.timeout()
            continue
        seat = seats[0]
        state.apply(seat, bots[seat].choose({}, state.legal(seat)))
        actions += 1
    return len(state.sheet.rows), actions


def speed(players: int, seeds: list[int], games: list[str], quiet: bool = False) -> None:
    rows = [f"{'game':<12} {'rounds/s':>10} {'actions/s':>10} {'× baseline':>11} {'actions/round':>14}"]
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        console=Console(file=sys.stderr), transient=True, disable=quiet)
    with progress:
        task = progress.add_task("memory", total=len(games) * len(seeds))
        for gid in games:
            progress.update(task, description=gid)
            play_random(gid, players, -1)  # warm up: imports and caches stay out of the timing
            baseline = Baseline()
            baseline.sample(0.0, force=True)
            rounds = actions = 0
            dt = 0.0
            for seed in seeds:
                t = time.perf_counter()
                r, a = play_random(gid, players, seed)
                dt += time.perf_counter() - t
                rounds += r
                actions += a
                baseline.sample(dt)
                progress.advance(task)
            baseline.sample(dt, force=True)
            ratio = actions / dt * baseline.per_op
            rows.append(f"{gid:<12} {rounds / dt:>10.0f} {actions / dt:>10.0f} {ratio:>11.3f} {actions / rounds:>14.1f}")
    print(f"random play, {players} players, {len(seeds)} matches per game")
    print("\n".join(rows))
    print(f"× baseline = actions/s ÷ reference ops/s ({REFERENCE_DOC})")


def versus(level: str, players: int, seeds: list[int], games: list[str]) -> None:
    print(f"{level} against {players - 1} random bot(s), {len(seeds)} matches per game")
    for gid in games:
        game = parlour.load(gid, players=players)
        wins, margin = 0, 0.0
        for m, seed in enumerate(seeds):
            hero = m % players
            bots = [make(level if s == hero else "random", game, s, seed=seed * 16 + s) for s in range(players)]
            state, _ = play_match(game, bots, seed=seed, record=False)
            wins += hero in state.winners
            others = [t for s, t in enumerate(state.scores) if s != hero]
            margin += sum(others) / len(others) - state.scores[hero]
        print(f"{gid:<12} wins {wins}/{len(seeds)}   average margin {margin / len(seeds):.1f} points")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench memory", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4, help="players per match (2-8, default 4)")
    parser.add_argument("--seeds", default="0-19", help="match seeds, e.g. 0-19 or 1,5,9 (default 0-19)")
    parser.add_argument("--games", default=",".join(GAMES), help=f"comma-separated ids (default {','.join(GAMES)})")
    parser.add_argument("--versus", metavar="LEVEL", help="measure a bot level (expert, casual, novice) against random")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    games = args.games.split(",")
    unknown = [g for g in games if g not in GAMES]
    if unknown or not 2 <= args.players <= 8:
        parser.error(f"games must be among {', '.join(GAMES)} and players 2-8")
    seeds = parse_seeds(args.seeds)
    if args.versus:
        versus(args.versus, args.players, seeds, games)
    else:
        speed(args.players, seeds, games, args.quiet)
    return 0
