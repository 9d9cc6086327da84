"""Go: one of our bots against GNU Go (Debian's ``gnugo``, over GTP) at a level, colours alternated.

``python -m bench vs-external go --level 10 --size 9 --games 10 --bot mcts --simulations 20000``

Each game starts from the empty board with komi 7 under area (Chinese) rules and positional superko; our bot
plays Black in even games and White in odd ones. Our bot sees the game through the public contract (its view and
the legal moves of a ``go`` state), GNU Go through GTP (``genmove``, ``play``). Play stops at two passes in a row
(or a resignation, or ``--max-moves``), and **GNU Go's ``final_score``** counts the game: it judges the dead stones
itself, so a game is not decided by our own bot's marking (each row also has our area count with every stone
alive, ``area_all_alive``, Black's margin, as a cross-check, and the game's moves). A win is 1, a jigo ½; the rate has a Wilson 95%
interval.

Budgets, both printed: ours in simulations a move (the figure that does not depend on the machine's load; a
``--seconds`` cap as well) and its measured CPU seconds a move (``time.process_time`` of our process around each
``choose``: GNU Go runs in its own process and is not counted); GNU Go's is its ``--level`` (its wall seconds a
move are printed too).

>>> r = Tally(); r.add({"ours": "B", "winner": "B"}); r.add({"ours": "W", "winner": "B"}); r.add({"ours": "W", "winner": None})
>>> r.points, r.games
(1.5, 3)
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

import parlour
from parlour.bots import make
from parlour.games.rengo.gtp import Gtp, gnugo_path
from parlour.games.rengo.scoring import count

from bench._stats import wilson


@dataclass
class Tally:
    """Games and points (win 1, jigo ½) for our bot."""

    games: int = 0
    points: float = 0.0
    rows: list[dict[str, Any]] = field(default_factory=list)

    def add(self, row: dict[str, Any]) -> None:
        self.rows.append(row)
        self.games += 1
        self.points += 1.0 if row["winner"] == row["ours"] else 0.5 if row["winner"] is None else 0.0


def winner_of(score: str) -> str | None:
    """``B``, ``W`` or None (jigo) from GNU Go's ``final_score`` (``B+3.0``, ``W+12.0``, ``0``)."""
    return score[0] if score[:2] in ("B+", "W+") else None


def play_game(size: int, komi: float, level: int, bot_name: str, simulations: int, seconds: float, ours: str,
              seed: int, max_moves: int, on_move: Callable[[int], None] = lambda n: None) -> dict[str, Any]:
    """One game; ``ours`` is our bot's colour (``B`` or ``W``). Returns its row: result, moves, times."""
    path = gnugo_path()
    assert path is not None, "GNU Go is not installed"
    gtp = Gtp([path, "--mode", "gtp", "--quiet", "--chinese-rules", "--positional-superko", "--level", str(level)])
    game = parlour.load("go", size=size, komi=komi, scoring="area")
    state = game.new(seed=seed)
    seat_ours = "BW".index(ours)
    bot = make(bot_name, game, seat_ours, seed=seed)
    bot.simulations, bot.seconds = simulations, seconds  # type: ignore[attr-defined]
    ours_cpu: list[float] = []
    theirs_wall: list[float] = []
    resigned: str | None = None
    moves = 0
    record: list[str] = []
    try:
        gtp.command(f"boardsize {size}")
        gtp.command("clear_board")
        gtp.command(f"komi {komi}")
        while state.phase == "play" and moves < max_moves:  # type: ignore[attr-defined]
            seat = state.to_act[0]
            colour = "BW"[seat]
            if seat == seat_ours:
                t0 = time.process_time()
                action = bot.choose(state.view(seat), state.legal(seat))
                ours_cpu.append(time.process_time() - t0)
                text = str(action)
                if text == "resign":
                    resigned = colour
                    break
                state.apply(seat, action)
                point = "pass" if text == "pass" else text.split()[1]
                gtp.command(f"play {colour} {point}")
                record.append(f"{colour} {point}")
            else:
                t0 = time.perf_counter()
                answer = gtp.command(f"genmove {colour}").upper()
                theirs_wall.append(time.perf_counter() - t0)
                if answer == "RESIGN":
                    resigned = colour
                    break
                state.apply(seat, "pass" if answer == "PASS" else f"play {answer}")
                record.append(f"{colour} {answer.lower() if answer == 'PASS' else answer}")
            moves += 1
            on_move(moves)
        score = f"{'WB'['BW'.index(resigned)]}+R" if resigned else gtp.command("final_score")
    finally:
        gtp.close()
    return {"ours": ours, "seed": seed, "score": score, "winner": winner_of(score), "moves": moves,
            "ended": "resign" if resigned else "passes" if moves < max_moves else "max-moves",
            "ours_cpu_per_move": statistics.fmean(ours_cpu) if ours_cpu else 0.0,
            "ours_cpu_max": max(ours_cpu, default=0.0),
            "gnugo_wall_per_move": statistics.fmean(theirs_wall) if theirs_wall else 0.0,
            # A cross-check of GNU Go's count: ours by area with every stone on the board alive (Black's margin).
            "area_all_alive": count(state.board, 0, komi, False, 0).margin, "record": record}


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bench vs-external go", description=__doc__.split("\n\n")[0])
    p.add_argument("--level", type=int, default=10, help="GNU Go's level, 1 (weakest) to 10 (default 10)")
    p.add_argument("--size", type=int, default=9, choices=(9, 13, 19), help="board size (default 9)")
    p.add_argument("--games", type=int, default=10, help="games, colours alternated (default 10)")
    p.add_argument("--bot", default="mcts", help="our bot's name (default mcts)")
    p.add_argument("--simulations", type=int, default=None, help="our bot's simulations a move (default its own)")
    p.add_argument("--seconds", type=float, default=60.0,
                   help="our bot's cap in seconds a move, whichever comes first (default 60: the simulations rule)")
    p.add_argument("--komi", type=float, default=7.0, help="komi, area counting (default 7)")
    p.add_argument("--max-moves", type=int, default=None, help="stop a game after this many moves (default 4×points)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (game i: seed+i)")
    p.add_argument("--first", choices=("B", "W"), default="B", help="our bot's colour in the first game (default B)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--log", default=None, help="append each game's row to this file as it ends (JSON lines)")
    return p


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    if gnugo_path() is None:
        print("GNU Go is not installed (apt-get install gnugo)")
        return 2
    game = parlour.load("go", size=args.size)
    bot_cls = type(make(args.bot, game, 0))
    sims = args.simulations if args.simulations is not None else getattr(bot_cls, "simulations", 0)
    max_moves = args.max_moves or 4 * args.size * args.size
    tally = Tally()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TimeRemainingColumn(), TextColumn("{task.fields[score]}"))
    with Progress(*columns, console=Console(stderr=True), disable=args.quiet) as progress:
        games = progress.add_task("games", total=args.games, score="")
        moves = progress.add_task("moves", total=None, score="")
        for i in range(args.games):
            ours = "BW"[(i + "BW".index(args.first)) % 2]
            progress.update(moves, completed=0, description=f"game {i + 1} (ours {ours})")
            row = play_game(args.size, args.komi, args.level, args.bot, sims, args.seconds, ours, args.seed + i,
                            max_moves, lambda n: progress.update(moves, completed=n))
            tally.add(row)
            if args.log:
                with open(args.log, "a") as log:
                    log.write(json.dumps(row) + "\n")
            progress.update(games, advance=1, score=f"{tally.points:g}/{tally.games} for {args.bot}")
    lo, hi = wilson(tally.points, tally.games)
    rows = tally.rows
    cpu = statistics.fmean(r["ours_cpu_per_move"] for r in rows) if rows else 0.0
    gnu = statistics.fmean(r["gnugo_wall_per_move"] for r in rows) if rows else 0.0
    result = {"game": "go", "size": args.size, "komi": args.komi, "rules": "area (GNU Go final_score)",
              "ours": {"bot": args.bot, "simulations_per_move": sims, "seconds_cap": args.seconds,
                       "cpu_seconds_per_move": round(cpu, 3),
                       "cpu_seconds_max": round(max((r["ours_cpu_max"] for r in rows), default=0.0), 3)},
              "gnugo": {"level": args.level, "wall_seconds_per_move": round(gnu, 3)},
              "games": tally.games, "points": tally.points, "rate": tally.points / max(1, tally.games),
              "wilson95": [round(lo, 3), round(hi, 3)], "rows": rows, "python": platform.python_version(),
              "engine": str(parlour.native.engine())}
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    table = Table(title=f"go {args.size}×{args.size}, komi {args.komi:g} (area; GNU Go's final_score)")
    for col in ("game", "ours", "score", "moves", "ended", "our CPU s/move", "GNU Go s/move"):
        table.add_column(col)
    for i, r in enumerate(rows):
        table.add_row(str(i + 1), r["ours"], r["score"], str(r["moves"]), r["ended"], f"{r['ours_cpu_per_move']:.2f}",
                      f"{r['gnugo_wall_per_move']:.2f}")
    Console().print(table)
    print(f"{args.bot} ({sims} simulations a move, cap {args.seconds:g} s; measured {cpu:.2f} CPU s a move) against "
          f"GNU Go level {args.level} ({gnu:.2f} s a move): {tally.points:g} of {tally.games} "
          f"({100 * tally.points / max(1, tally.games):.0f} %, 95% {100 * lo:.0f}–{100 * hi:.0f} %)")
    print(f"engine: {result['engine']}")
    return 0
