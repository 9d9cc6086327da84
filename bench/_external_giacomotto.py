"""Giacomotto: our bot against DavorPenzar/tablic's minimax player, duplicate matches of 2 players.

Each seed is played twice with the same shuffles, our bot on one side and then on the other, so that the cards
cancel out (the packs of the second match are the same as the first's as long as the match lasts as long). A
match is Giacomotto's (to 101 points; every pack dealt by the engine). The figures: the matches our side won (a
share with its Wilson 95 % interval), and the points a pack, ours minus theirs (mean of the duplicate pairs' per
pack differences, with its 95 % interval). The budgets: our bot at its default level (its thinking time a move is
measured, CPU seconds); tablic's minimax at ``--depth`` plies and ``--seconds`` a move (its own wall-clock limit;
its own test script plays at depth 3 and 15 s).

tablic is not installed with parlour: clone it anywhere and name the folder (``--tablic`` or the environment's
``TABLIC``); it needs the package ``six``.

    python -m bench vs-external giacomotto --tablic ~/src/tablic --matches 100 --bot pimc
"""

from __future__ import annotations

import argparse
import json
import os
import time
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

import parlour
from parlour.bots import make
from bench._stats import mean_interval, wilson
from bench._tablic import MissingTablic, TablicBot, load


@dataclass
class Tally:
    """What the matches so far came to, from our side's seat of view."""

    wins: int = 0
    matches: int = 0
    pair_diffs: list[float] = field(default_factory=list)  # per duplicate pair: (ours − theirs) a pack
    packs: int = 0
    seconds: dict[str, float] = field(default_factory=lambda: {"ours": 0.0, "theirs": 0.0})
    moves: dict[str, int] = field(default_factory=lambda: {"ours": 0, "theirs": 0})


def play(bot: str, player_class: Any, depth: int, seconds: float, seed: int, our_seat: int, tally: Tally) -> float:
    """One match, our bot at ``our_seat``; its points a pack, ours minus theirs."""
    game = parlour.load("giacomotto", players=2)
    ours = make(bot, game, our_seat, seed=seed)
    theirs = TablicBot(game, 1 - our_seat, player_class, depth=depth, seconds=seconds)
    bots = {our_seat: ours, 1 - our_seat: theirs}
    state = game.new(seed=seed)
    while not state.over:
        seat = state.to_act[0]
        who = "ours" if seat == our_seat else "theirs"
        start = time.process_time()
        action = bots[seat].choose(state.view(seat), state.legal(seat))
        tally.seconds[who] += time.process_time() - start
        tally.moves[who] += 1
        state.apply(seat, action)
    tally.matches += 1
    tally.wins += our_seat in state.winners
    rows = state.sheet.to_dict()["rows"]
    tally.packs += len(rows)
    diff = sum(r["points"][our_seat] - r["points"][1 - our_seat] for r in rows)
    return diff / max(len(rows), 1)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench vs-external giacomotto", description=__doc__.splitlines()[0])
    p.add_argument("--tablic", default=os.environ.get("TABLIC"), help="a checkout of DavorPenzar/tablic")
    p.add_argument("--bot", default="pimc", help="our bot (default: pimc, the default)")
    p.add_argument("--matches", type=int, default=20, help="duplicate pairs: each seed played from both sides")
    p.add_argument("--seed", type=int, default=0, help="the first seed")
    p.add_argument("--depth", type=int, default=3, help="tablic's minimax depth in plies (default 3)")
    p.add_argument("--seconds", type=float, default=15.0, help="tablic's limit a move, wall seconds (default 15)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    if not args.tablic:
        p.error("name a checkout of DavorPenzar/tablic with --tablic PATH (or TABLIC=PATH)")
    try:
        player_class = load(args.tablic)
    except MissingTablic as e:
        p.error(str(e))
    tally = Tally()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True, disable=args.quiet) as progress:
        task = progress.add_task(f"{args.bot} vs tablic minimax", total=2 * args.matches)
        for seed in range(args.seed, args.seed + args.matches):
            pair = []
            for our_seat in (0, 1):
                pair.append(play(args.bot, player_class, args.depth, args.seconds, seed, our_seat, tally))
                progress.advance(task)
            tally.pair_diffs.append(sum(pair) / 2)
    low, high = wilson(tally.wins, tally.matches)
    mean, half = mean_interval(tally.pair_diffs)
    result = {
        "benchmark": "vs-external giacomotto", "bot": args.bot, "opponent": "DavorPenzar/tablic MinimaxIgrac",
        "budgets": {"ours": f"{args.bot} at its default level",
                    "theirs": f"depth {args.depth}, {args.seconds:g} s a move"},
        "seconds_a_move": {k: tally.seconds[k] / max(tally.moves[k], 1) for k in tally.seconds},
        "matches": tally.matches, "wins": tally.wins, "win_share": tally.wins / max(tally.matches, 1),
        "win_interval": [low, high], "packs": tally.packs, "points_a_pack": mean, "points_interval": half,
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    s = result["seconds_a_move"]
    print(f"{args.bot} against tablic's minimax (depth {args.depth}, {args.seconds:g} s), {tally.matches} matches "
          f"({args.matches} seeds from both sides), {tally.packs} packs")
    print(f"  matches won: {tally.wins} of {tally.matches} ({100 * result['win_share']:.0f} %, "
          f"95 % {100 * low:.0f}–{100 * high:.0f} %)")
    print(f"  points a pack, ours minus theirs: {mean:+.2f} ± {half:.2f}")
    print(f"  CPU seconds a move: ours {s['ours']:.3f}, theirs {s['theirs']:.3f}")
    return 0
