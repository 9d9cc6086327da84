"""Measured bot series: one bot against copies of another, each match played once from every seat.

For every seed the same match (the same deals: a match's shuffles come from its seed alone) is played once
with the candidate bot in each seat and the opponent bot in the others, so the cards' luck cancels out:
with two equally strong bots the candidate's mean score is close to 0 in a zero-sum game. The figures are
the candidate's mean score per deal (``state.deals``; per match for games without deals), the opponents'
mean, the difference with its 95% confidence interval (over seeds), and the share of matches the candidate
won (a tie counts for each winner) against the share a bot as strong as its opponents would win.

    python -m bench series zole search greedy --seeds 40 -o hands=6
    python -m bench series zole search random --seeds 40 -o hands=6

Bots are seeded ``seed * 16 + seat``, matches ``seed`` (``--first`` shifts the seeds), so a series replays
exactly.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

import parlour
from parlour.bots import make
from parlour.core.errors import ParlourError
from parlour.core.options import coerce


def play(game, seed: int, seat: int, candidate: str, opponent: str) -> tuple[list[int], tuple[int, ...], int]:
    """One match with ``candidate`` at ``seat``: the scores, the winners, and the deals played."""
    bots = [make(candidate if s == seat else opponent, game, s, seed=seed * 16 + s) for s in range(game.players)]
    state = game.new(seed=seed)
    while not state.over:
        seats = state.to_act
        if not seats:
            state.timeout()
            continue
        s = seats[0]
        state.apply(s, bots[s].choose(state.view(s), state.legal(s)))
    return list(state.scores), state.winners, getattr(state, "deals", 1) or 1


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench series", description=__doc__.split("\n\n")[0])
    p.add_argument("game")
    p.add_argument("candidate", help="the bot measured")
    p.add_argument("opponent", help="the bot in every other seat")
    p.add_argument("--seeds", type=int, default=40, help="matches per seat (default 40)")
    p.add_argument("--first", type=int, default=0, help="the first seed (default 0)")
    p.add_argument("--players", type=int, default=None, help="players (the game's default if omitted)")
    p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE", help="a variant option")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    try:
        cls = parlour.core.game_class(args.game)
        options = {}
        for item in args.option:
            name, _, value = item.partition("=")
            options[name] = coerce(cls.option(name), value)
        game = parlour.load(args.game, players=args.players, **options)
        for bot in (args.candidate, args.opponent):
            make(bot, game, 0)
    except ParlourError as e:
        p.error(str(e))
    n = game.players
    diffs, mine, theirs, wins, deals = [], [], [], 0, 0
    start = time.perf_counter()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True, disable=args.quiet) as progress:
        task = progress.add_task(f"{args.candidate} v {args.opponent}", total=args.seeds * n)
        for seed in range(args.first, args.first + args.seeds):
            own, other, played = 0.0, 0.0, 0
            for seat in range(n):
                scores, winners, count = play(game, seed, seat, args.candidate, args.opponent)
                own += scores[seat]
                other += (sum(scores) - scores[seat]) / (n - 1)
                wins += seat in winners
                played += count
                progress.advance(task)
            mine.append(own / played)
            theirs.append(other / played)
            diffs.append((own - other) / played)
            deals += played
    seconds = time.perf_counter() - start
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
    data = {
        "benchmark": "series", "game": args.game, "players": n, "options": game.options, "candidate": args.candidate,
        "opponent": args.opponent, "seeds": args.seeds, "first": args.first, "matches": args.seeds * n, "deals": deals,
        "candidate_per_deal": statistics.mean(mine), "opponents_per_deal": statistics.mean(theirs),
        "difference_per_deal": statistics.mean(diffs), "ci95": half,
        "win_share": wins / (args.seeds * n), "even_share": 1 / n, "seconds": seconds,
    }
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    changed = " ".join(f"-o {k}={v}" for k, v in options.items())
    print(f"python -m bench series {args.game} {args.candidate} {args.opponent} --seeds {args.seeds}"
          + (f" --first {args.first}" if args.first else "") + (f" {changed}" if changed else ""))
    print(f"{args.game}, {n} players: {args.candidate} in each seat in turn, {args.opponent} in the others; "
          f"{data['matches']} matches, {deals} deals, {seconds:.0f} s")
    print(f"  {args.candidate:>10}: {data['candidate_per_deal']:+.3f} per deal")
    print(f"  {args.opponent:>10}: {data['opponents_per_deal']:+.3f} per deal (each)")
    print(f"  difference: {data['difference_per_deal']:+.3f} per deal ± {half:.3f} (95%)")
    print(f"  matches won: {data['win_share']:.0%} (a bot as strong as its opponents: {data['even_share']:.0%})")
    return 0
