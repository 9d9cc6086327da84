"""Giacomotto's greedy bot: against random, against the greedy bot of before the capture steps, and its speed.

Three fixed series over the same seeds (match ``m`` is seeded ``m``; seats swap sides from one match to the next):

* **greedy vs random**, 2 and 4 players: matches won by greedy's side, points per pack of each side;
* **greedy vs greedy-old**, 2 players: the bot of today against a frozen copy of the one that chose among whole
  captures (``bench/_giacomotto_old_greedy.py``; the engine still takes a whole capture as one action);
* **agreement**: greedy plays both seats, and at every card it plays the old bot (seeded alike) is asked too:
  how often they choose the same whole play (card and cards taken).

Time per decision is CPU time of ``choose`` alone, per bot (a capture's steps count as decisions of the new bot).

    python -m bench giacomotto --seeds 0-99
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import parlour
from parlour.bots import make
from parlour.core.bot import Bot
from parlour.games.giacomotto.actions import capture

from bench._giacomotto_old_greedy import OldGreedyBot
from bench.playouts import parse_seeds


@dataclass
class Series:
    """One pairing over the seeds: wins and points per pack of side A (the first bot) and side B."""

    name: str
    players: int
    a: str
    b: str
    wins: int = 0
    matches: int = 0
    points: list[float] = field(default_factory=lambda: [0.0, 0.0])
    packs: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    decisions: dict[str, int] = field(default_factory=dict)

    def row(self) -> dict[str, Any]:
        return {"series": self.name, "players": self.players, "a": self.a, "b": self.b, "matches": self.matches,
                "a_wins": self.wins, "a_points_per_pack": self.points[0] / max(self.packs, 1),
                "b_points_per_pack": self.points[1] / max(self.packs, 1),
                "ms_per_decision": {k: 1000 * self.seconds[k] / max(self.decisions[k], 1) for k in self.seconds}}


def bot(name: str, game: Any, seat: int, seed: int) -> Bot:
    return OldGreedyBot(game, seat, seed) if name == "greedy-old" else make(name, game, seat, seed=seed)


def play(series: Series, seed: int) -> None:
    """One match: bot A on side ``seed % 2`` (seats of that parity), bot B on the other."""
    game = parlour.load("giacomotto", players=series.players)
    side = seed % 2
    names = [series.a if s % 2 == side else series.b for s in range(series.players)]
    bots = [bot(names[s], game, s, seed=1000 * seed + s) for s in range(series.players)]
    state = game.new(seed=seed)
    for name in (series.a, series.b):
        series.seconds.setdefault(name, 0.0)
        series.decisions.setdefault(name, 0)
    while not state.over:
        seat = state.to_act[0]
        view, legal = state.view(seat), state.legal(seat)
        start = time.process_time()
        action = bots[seat].choose(view, legal)
        series.seconds[names[seat]] += time.process_time() - start
        series.decisions[names[seat]] += 1
        state.apply(seat, action)
    series.matches += 1
    series.wins += bool(set(state.winners) & {s for s in range(series.players) if s % 2 == side})
    for row in state.sheet.to_dict()["rows"]:
        series.points[0] += row["points"][side]
        series.points[1] += row["points"][1 - side]
        series.packs += 1


def agreement(seed: int, counts: list[int]) -> None:
    """Greedy on both seats; at each card played the old bot, seeded alike, is asked too: [same, asked]."""
    game = parlour.load("giacomotto")
    new = [make("greedy", game, s, seed=1000 * seed + s) for s in range(2)]
    old = [OldGreedyBot(game, s, seed=1000 * seed + s) for s in range(2)]
    state = game.new(seed=seed)
    while not state.over:
        seat = state.to_act[0]
        view, legal = state.view(seat), state.legal(seat)
        action = new[seat].choose(view, legal)
        if view["capture"] is None:
            mine = capture(action.card, sum(1 << c for c in new[seat].plan[1])) if action.verb == "capture" else action
            theirs = old[seat].choose(view, legal)
            counts[0] += int(mine) == int(theirs)
            counts[1] += 1
        state.apply(seat, action)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench giacomotto", description=__doc__.splitlines()[0])
    p.add_argument("--seeds", default="0-99", help="match seeds, e.g. 0-99 (default)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    seeds = parse_seeds(args.seeds)
    series = [Series("greedy vs random", 2, "greedy", "random"), Series("greedy vs random", 4, "greedy", "random"),
              Series("greedy vs greedy-old", 2, "greedy", "greedy-old")]
    counts = [0, 0]
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True, disable=args.quiet) as progress:
        task = progress.add_task("matches", total=len(seeds) * (len(series) + 1))
        for s in series:
            progress.update(task, description=f"{s.name}, {s.players} players")
            for seed in seeds:
                play(s, seed)
                progress.advance(task)
        progress.update(task, description="agreement with the old greedy")
        for seed in seeds:
            agreement(seed, counts)
            progress.advance(task)
    rows = [s.row() for s in series]
    result = {"benchmark": "giacomotto", "seeds": args.seeds, "series": rows,
              "agreement": {"same": counts[0], "asked": counts[1]}}
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    t = Table(title=f"Giacomotto bots, seeds {args.seeds} (sides swap every match)")
    for name in ("series", "seats", "matches", "A wins", "points/pack A", "points/pack B", "ms/decision A",
                 "ms/decision B"):
        t.add_column(name, justify="left" if name == "series" else "right")
    for r in rows:
        ms = r["ms_per_decision"]
        t.add_row(r["series"], str(r["players"]), str(r["matches"]),
                  f"{r['a_wins']} ({100 * r['a_wins'] / r['matches']:.0f}%)", f"{r['a_points_per_pack']:.2f}",
                  f"{r['b_points_per_pack']:.2f}", f"{ms[r['a']]:.2f}", f"{ms[r['b']]:.2f}")
    out = Console()
    if not out.is_terminal:
        out.width = max(out.width, 110)  # rich assumes 80 columns in a pipe: too few for the table
    out.print(t)
    out.print(f"Same whole play as the old greedy (greedy on both seats, the old one asked alongside): "
              f"{counts[0]} of {counts[1]} cards played ({100 * counts[0] / max(counts[1], 1):.1f}%).")
    return 0
