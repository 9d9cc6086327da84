"""A measured series: two bots play many matches of one game, taking turns at each seat; who won how often.

    python -m parlour.bots.series gami alphabeta greedy --matches 100
    python -m parlour.bots.series giacomotto greedy random --matches 200 --seed 1000 -o target=61

Matches go in pairs: matches ``2k`` and ``2k+1`` are dealt from the same seed, ``seed + k``, with the seats
swapped (bot A in the even seats, then in the odd ones), so that the luck of the deal cancels out. With
``--alone`` (games of three or more, each for himself) they go in groups of one match per seat, all dealt from
the same seed, bot A alone in each seat in turn against copies of bot B:

    python -m parlour.bots.series zole search greedy --alone --matches 120 -o hands=6

Each bot is seeded from the match seed and its seat, so a series replays exactly as long as the bots are
deterministic (bots that think for a set time are not quite: a busy machine lets them see less far). The mean
difference of match points per deal between A and B (B's averaged over its seats) comes with a 95% confidence
interval over the groups of matches dealt from one seed. In a game where the lowest total wins (Kaboo, the golf
games) the difference is B's points less A's, so that a positive figure always means A played better; a deal is a
round there.

>>> import parlour
>>> tally = series(parlour.load("gami"), "greedy", "random", matches=4, seed=7, progress=False)
>>> tally.matches, tally.wins + tally.draws + tally.losses
(4, 4)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import parlour
from parlour.bots import make, play_match
from parlour.core.errors import ParlourError
from parlour.core.game import Game
from parlour.core.options import coerce


@dataclass
class Tally:
    """The series so far, from bot A's side."""

    a: str
    b: str
    matches: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    points: list[float] = field(default_factory=lambda: [0.0, 0.0])  # A's and B's match totals, summed
    seconds: float = 0.0
    #: Deals played (``state.deals``, or the rounds of a memory game; one per match in games without either).
    deals: int = 0
    #: Per group of matches dealt from one seed: A's points less B's, per deal (B's less A's where the lowest
    #: total wins: A's advantage either way).
    groups: list[float] = field(default_factory=list)
    lowest_wins: bool = False

    @property
    def score(self) -> float:
        """A's share: a win 1, a shared win (a tie) 1/2."""
        return (self.wins + self.draws / 2) / self.matches if self.matches else 0.0

    @property
    def difference(self) -> tuple[float, float]:
        """A's advantage in match points per deal (A's less B's, or B's less A's where the lowest total wins), and
        the half-width of its 95% confidence interval."""
        if not self.groups:
            return 0.0, float("nan")
        mean = statistics.mean(self.groups)
        if len(self.groups) < 2:
            return mean, float("nan")
        return mean, 1.96 * statistics.stdev(self.groups) / len(self.groups) ** 0.5

    def line(self) -> str:
        diff, half = self.difference
        first, second = (self.b, self.a) if self.lowest_wins else (self.a, self.b)
        return (f"{self.a} against {self.b}: {self.matches} matches, {self.a} won {self.wins}, drew {self.draws}, "
                f"lost {self.losses} (score {100 * self.score:.1f}%); mean match points {self.a} "
                f"{self.points[0] / max(self.matches, 1):.2f}, {self.b} {self.points[1] / max(self.matches, 1):.2f}; "
                f"per deal {first} - {second} = {diff:+.3f} ± {half:.3f} (95%)"
                + (f" (the lowest total wins: more than 0 means {self.a} is better)" if self.lowest_wins else ""))


def series(game: Game, a: str, b: str, matches: int, seed: int = 0, progress: bool = True,
           alone: bool = False) -> Tally:
    """Play ``matches`` matches of ``a`` against ``b`` in pairs of one deal with the seats swapped, or with
    ``alone`` in groups of one deal with ``a`` alone in each seat in turn."""
    tally = Tally(a, b, lowest_wins=game.lowest_wins)
    start = time.perf_counter()
    bar = _bar(matches) if progress else None
    group = game.players if alone else 2
    diff, deals = 0.0, 0
    for i in range(matches):
        side = i % group
        ours = {side} if alone else {s for s in range(game.players) if s % 2 == side}
        match_seed = seed + i // group
        bots = [make(a if s in ours else b, game, s, seed=(seed + i) << 8 | s) for s in range(game.players)]
        state, _ = play_match(game, bots, seed=match_seed, record=False)
        won = set(state.winners)
        tally.matches += 1
        if won & ours and won - ours:
            tally.draws += 1
        elif won & ours:
            tally.wins += 1
        else:
            tally.losses += 1
        scores = state.scores
        mine = sum(scores[s] for s in ours) / len(ours)
        theirs = sum(scores[s] for s in range(game.players) if s not in ours) / (game.players - len(ours))
        tally.points[0] += mine
        tally.points[1] += theirs
        played = getattr(state, "deals", 0) or getattr(state, "round_no", 0) or 1
        tally.deals += played
        diff, deals = diff + (theirs - mine if game.lowest_wins else mine - theirs), deals + played
        if side == group - 1 or i == matches - 1:
            tally.groups.append(diff / deals)
            diff, deals = 0.0, 0
        if bar is not None:
            bar[0].update(bar[1], advance=1, description=f"{a} {tally.wins}-{tally.draws}-{tally.losses} {b}")
    if bar is not None:
        bar[0].stop()
    tally.seconds = time.perf_counter() - start
    return tally


def _bar(total: int) -> Any:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        TimeRemainingColumn(), console=Console(stderr=True))
    progress.start()
    return progress, progress.add_task("", total=total)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m parlour.bots.series", description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("a", help="bot A (its record is reported)")
    parser.add_argument("b", help="bot B")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="seed of the first match (the others follow it)")
    parser.add_argument("--players", type=int)
    parser.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--alone", action="store_true",
                        help="bot A alone in each seat in turn against copies of B (games of three or more)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    try:
        cls = parlour.core.game_class(args.game)
        options = {}
        for text in args.option:
            name, eq, value = text.partition("=")
            if not eq:
                raise ParlourError(f"cannot read option {text!r}: write NAME=VALUE")
            options[name] = coerce(cls.option(name), value)
        game = parlour.load(args.game, players=args.players, **options)
        for name in (args.a, args.b):
            make(name, game, 0)
    except ParlourError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    tally = series(game, args.a, args.b, args.matches, args.seed, progress=not args.quiet, alone=args.alone)
    group = game.players if args.alone else 2
    last = args.seed + (args.matches - 1) // group
    how = f"{args.a} alone in each seat in turn" if args.alone else "each played twice with the seats swapped"
    print(f"{game!r}, seeds {args.seed}..{last}, {how}, {tally.deals} deals, {tally.seconds:.0f} s")
    print(tally.line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
