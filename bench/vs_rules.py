"""A game's default bot against an independent rule-based player (bench/rules_players), duplicate deals.

For games with no outside program to measure our bots against, ``bench/rules_players/<game>.py`` holds a player
written from the rules alone. This bench seats the game's default bot (at its default level) and that player
on alternate seats and plays every shuffle twice with the seats exchanged (a duplicate deal: both sides get the
same cards and seats), so each side plays each seat equally often.

    python -m bench vs-rules golf6 --matches 200 --seed 0 --json

Figures, as the game counts them: the default bot's share of match wins (a tie shares the win between the
winners; Wilson 95% interval over matches), and the mean final score of a seat of each side with the per-match
difference (bot minus rules player) as mean ± 1.96·se over the duplicate pairs. A player module may set
``BENCH_PLAYERS`` (the table size played; else the game's default) and ``BENCH_OPTIONS`` on its class.

Real-time games (Spoons, the Claw): the rules player reacts as its module says, from the default bot's published
description of its speed (``--clock published``, the default); ``--clock default-bot`` gives it instead the
default bot's own delay for each action it chooses (a shadow copy of the default bot is asked), so that only the
choices can differ.

>>> data = run("golf6", matches=2, seed=5, quiet=True)
>>> data["matches"], data["players"], round(data["bot"]["wins"] + data["rules"]["wins"], 6)
(2, 2, 2.0)
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

import parlour
from bench.rules_players import PLAYERS
from parlour.bots import bot_class, default, play_match
from parlour.core.bot import Bot
from parlour.core.game import Action


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (``wins`` may be fractional: shared wins).

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(values: list[float], z: float = 1.96) -> tuple[float, float]:
    """Mean and half-width ``z · se`` of ``values``.

    >>> mean_ci([1.0, 3.0])
    (2.0, 1.96)
    """
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    m = sum(values) / n
    if n == 1:
        return m, float("inf")
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, z * math.sqrt(var / n)


def seating(players: int, swap: int) -> list[str]:
    """Which side sits in each seat: ``bot`` and ``rules`` alternating, starting with ``bot`` unless ``swap``.

    >>> seating(4, 0), seating(3, 1)
    (['bot', 'rules', 'bot', 'rules'], ['rules', 'bot', 'rules'])
    """
    return ["bot" if (s + swap) % 2 == 0 else "rules" for s in range(players)]


class SameClock(Bot):
    """A real-time rules player on the default bot's own clock: it plays the rules player's choice, after the delay a
    shadow copy of the default bot gives for that action (the shadow is asked to choose too, since its timing may
    follow from its search; its choice is thrown away). Speed then cannot differ, only the choices."""

    name = "same-clock"

    def __init__(self, inner: Bot, shadow: Bot) -> None:
        super().__init__(inner.game, inner.seat)
        self.inner, self.shadow = inner, shadow

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        self.shadow.choose(view, legal)
        return self.inner.choose(view, legal)

    def delay(self, view: dict[str, Any], action: Action) -> float:
        own = float(self.inner.delay(view, action))
        return own if own >= NEVER else float(self.shadow.delay(view, action))


#: A delay meaning "this action must not land" (a player that wants to do nothing now).
NEVER = 1e8


def play_one(game: Any, bot_name: str, rules_cls: type[Bot], sides: list[str], seed: int,
             clock: str = "published") -> dict[str, Any]:
    """One match with the given seating: each side's share of the win and its seats' mean score."""
    def rules(s: int) -> Bot:
        player = rules_cls(game, s, seed * 131 + s)
        if clock == "default-bot" and game.realtime:
            return SameClock(player, bot_class(bot_name, game)(game, s, seed * 131 + s + 7))
        return player
    bots = [bot_class(bot_name, game)(game, s, seed * 131 + s) if side == "bot" else rules(s)
            for s, side in enumerate(sides)]
    state, _ = play_match(game, bots, seed=seed, record=False)
    winners = list(state.winners)
    out: dict[str, Any] = {}
    for side in ("bot", "rules"):
        seats = [s for s, x in enumerate(sides) if x == side]
        out[side] = {"win": sum(1 for s in winners if s in seats) / len(winners) if winners else 0.0,
                     "score": sum(state.scores[s] for s in seats) / len(seats)}
    return out


def run(game_id: str, matches: int, seed: int = 0, players: int | None = None, bot: str | None = None,
        quiet: bool = False, clock: str = "published") -> dict[str, Any]:
    """Play ``matches`` matches (rounded up to whole duplicate pairs) and return the figures."""
    if game_id not in PLAYERS:
        raise SystemExit(f"no rule-based player for {game_id!r}; there is one for: {', '.join(sorted(PLAYERS))}")
    rules_cls = PLAYERS[game_id]
    probe = parlour.load(game_id)
    n = players or getattr(rules_cls, "BENCH_PLAYERS", None) or probe.default_players
    game = parlour.load(game_id, players=n, **getattr(rules_cls, "BENCH_OPTIONS", {}))
    bot_name = bot or default(game)
    bcls = bot_class(bot_name, game)
    pairs = max(1, -(-matches // 2))
    results: list[tuple[dict[str, Any], dict[str, Any]]] = []
    wins = {"bot": 0.0, "rules": 0.0}
    start, cpu = time.perf_counter(), time.process_time()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TimeRemainingColumn())
    progress = None if quiet else Progress(*columns, console=Console(stderr=True), transient=True)
    if progress:
        progress.start()
    try:
        task = progress.add_task(game_id, total=2 * pairs) if progress else None
        for k in range(pairs):
            pair = []
            for swap in (0, 1):
                r = play_one(game, bot_name, rules_cls, seating(n, swap), seed + k, clock)
                pair.append(r)
                wins["bot"] += r["bot"]["win"]
                wins["rules"] += r["rules"]["win"]
                if progress:
                    played = 2 * k + swap + 1
                    progress.update(task, advance=1, description=f"{game_id}: {bot_name} {wins['bot']:g} – "
                                    f"rules {wins['rules']:g} of {played}")
            results.append((pair[0], pair[1]))
    finally:
        if progress:
            progress.stop()
    total = 2 * pairs
    figures: dict[str, Any] = {}
    for side in ("bot", "rules"):
        w = wins[side]
        lo, hi = wilson(w, total)
        scores = [m[side]["score"] for pair in results for m in pair]
        figures[side] = {"wins": w, "win_rate": w / total, "wilson95": [lo, hi],
                         "mean_score": sum(scores) / len(scores)}
    diffs = [sum(m["bot"]["score"] - m["rules"]["score"] for m in pair) / 2 for pair in results]
    d, half = mean_ci(diffs)
    return {
        "game": game_id, "players": n, "options": dict(game.options), "matches": total, "seeds": [seed, seed + pairs - 1],
        "bot": {"name": bot_name, "budget": bcls.description, "reacts": bcls.reacts, **figures["bot"]},
        "rules": {"name": f"bench.rules_players.{rules_cls.__module__.rsplit('.', 1)[-1]}.{rules_cls.__name__}",
                  "budget": rules_cls.description, "reacts": getattr(rules_cls, "reacts", None), **figures["rules"]},
        "clock": (clock if game.realtime else "turn-based"),
        "score_difference": {"bot_minus_rules": d, "ci95": half, "per": "seat and match, over duplicate pairs",
                             "lower_is_better": bool(game.lowest_wins)},
        "seconds": {"wall": time.perf_counter() - start, "cpu": time.process_time() - cpu},
        "load": list(os.getloadavg()),
    }


def table(data: dict[str, Any]) -> Table:
    t = Table(title=f"{data['game']}: {data['bot']['name']} against the rule-based player, {data['matches']} matches "
                    f"({data['players']} seats, duplicate deals)")
    for col in ("side", "wins", "win rate (95%)", "mean score"):
        t.add_column(col)
    for side in ("bot", "rules"):
        f = data[side]
        lo, hi = f["wilson95"]
        t.add_row(f["name"], f"{f['wins']:g}", f"{f['win_rate']:.3f} ({lo:.3f}–{hi:.3f})", f"{f['mean_score']:.2f}")
    s = data["score_difference"]
    t.caption = (f"bot − rules, per seat and match: {s['bot_minus_rules']:+.2f} ± {s['ci95']:.2f} "
                 f"({'lower' if s['lower_is_better'] else 'higher'} is better); "
                 f"clock: {data['clock']}; {data['seconds']['cpu']:.0f} s CPU, load {data['load'][0]:.1f}")
    return t


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench vs-rules", description=__doc__.split("\n\n")[0])
    p.add_argument("game", help=f"one of: {', '.join(sorted(PLAYERS))}")
    p.add_argument("--matches", type=int, default=40, help="matches, played in duplicate pairs (default 40)")
    p.add_argument("--seed", type=int, default=1000, help="the first pair's shuffle; pair k uses SEED+k (default 1000)")
    p.add_argument("--players", type=int, default=None, help="table size (default: the player's BENCH_PLAYERS)")
    p.add_argument("--bot", default=None, help="our bot to seat (default: the game's default bot)")
    p.add_argument("--clock", choices=("published", "default-bot"), default="published",
                   help="real-time games: the rules player's reaction times from the default bot's published "
                        "description (its own model, the default), or the default bot's own delays for the "
                        "rules player's actions")
    p.add_argument("--json", action="store_true")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    if args.game not in PLAYERS:
        p.error(f"no rule-based player for {args.game!r}; there is one for: {', '.join(sorted(PLAYERS))}")
    if args.matches < 1:
        p.error("--matches must be 1 or more")
    data = run(args.game, args.matches, args.seed, args.players, args.bot, args.quiet, args.clock)
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        out = Console()
        if not out.is_terminal:
            out.width = max(out.width, 110)
        out.print(table(data))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
