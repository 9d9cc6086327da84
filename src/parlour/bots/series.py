"""A measured series: two bots play many matches of one game, taking turns at each seat; who won how often.

    python -m parlour.bots.series gami alphabeta greedy --matches 100
    python -m parlour.bots.series giacomotto greedy random --matches 200 --seed 1000 -o target=61

Matches go in pairs: matches ``2k`` and ``2k+1`` are dealt from the same seed, ``seed + k``, with the seats
swapped (bot A in the even seats, then in the odd ones), so that the luck of the deal cancels out. With
``--alone`` (games of three or more, each for himself) they go in groups of one match per seat, all dealt from
the same seed, bot A alone in each seat in turn against copies of bot B:

    python -m parlour.bots.series zole search greedy --alone --matches 120 -o hands=6

In a real-time game (Spoons, the Claw) ``--a-reacts 0.6-0.9`` makes bot A a scripted person: its moves, each after
a reaction time drawn uniformly from that range (:class:`parlour.bots.pace.Scripted`), played on the race's virtual
clock:

    python -m parlour.bots.series spoons steady steady --alone --a-reacts 0.6-0.9 --matches 400 --players 4

Where every score is a count (cards won, letters), A's share of all the points comes with its 95% interval too,
beside the share an equal player would have (its seats over all seats: 1/N alone).

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
from parlour.bots.pace import Scripted
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
    #: Per group: A's share of all the points scored in it (A's points over everyone's), while no score is negative.
    shares: list[float] = field(default_factory=list)
    counts: bool = True
    #: The share of the points an equal player would have: A's seats over all seats.
    equal_share: float = 0.0

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

    @property
    def share(self) -> tuple[float, float] | None:
        """A's share of all the points and the half-width of its 95% interval, where every score was a count
        (``None`` where some score was negative, or nothing was scored)."""
        if not self.counts or not self.shares:
            return None
        mean = statistics.mean(self.shares)
        half = 1.96 * statistics.stdev(self.shares) / len(self.shares) ** 0.5 if len(self.shares) > 1 else float("nan")
        return mean, half

    def share_line(self) -> str | None:
        share = self.share
        if share is None:
            return None
        return (f"{self.a}'s share of the points: {100 * share[0]:.1f}% ± {100 * share[1]:.1f}% (95%); an equal "
                f"player's: {100 * self.equal_share:.1f}%")

    def line(self) -> str:
        diff, half = self.difference
        first, second = (self.b, self.a) if self.lowest_wins else (self.a, self.b)
        return (f"{self.a} against {self.b}: {self.matches} matches, {self.a} won {self.wins}, drew {self.draws}, "
                f"lost {self.losses} (score {100 * self.score:.1f}%); mean match points {self.a} "
                f"{self.points[0] / max(self.matches, 1):.2f}, {self.b} {self.points[1] / max(self.matches, 1):.2f}; "
                f"per deal {first} - {second} = {diff:+.3f} ± {half:.3f} (95%)"
                + (f" (the lowest total wins: more than 0 means {self.a} is better)" if self.lowest_wins else ""))


def series(game: Game, a: str, b: str, matches: int, seed: int = 0, progress: bool = True,
           alone: bool = False, a_reacts: tuple[float, float] | None = None) -> Tally:
    """Play ``matches`` matches of ``a`` against ``b`` in pairs of one deal with the seats swapped, or with
    ``alone`` in groups of one deal with ``a`` alone in each seat in turn. ``a_reacts``: in a real-time game,
    A's moves each after a time drawn uniformly from that range of seconds (a scripted person)."""
    tally = Tally(a, b, lowest_wins=game.lowest_wins)
    start = time.perf_counter()
    bar = _bar(matches) if progress else None
    group = game.players if alone else 2
    diff, deals = 0.0, 0
    ours_points, all_points = 0.0, 0.0
    for i in range(matches):
        side = i % group
        ours = {side} if alone else {s for s in range(game.players) if s % 2 == side}
        match_seed = seed + i // group
        bots = [make(a if s in ours else b, game, s, seed=(seed + i) << 8 | s) for s in range(game.players)]
        if a_reacts is not None:
            bots = [Scripted(bot, *a_reacts) if s in ours else bot for s, bot in enumerate(bots)]
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
        tally.counts = tally.counts and min(scores) >= 0
        ours_points += sum(scores[s] for s in ours)
        all_points += sum(scores)
        if side == group - 1 or i == matches - 1:
            tally.groups.append(diff / deals)
            if all_points:
                tally.shares.append(ours_points / all_points)
            diff, deals = 0.0, 0
            ours_points, all_points = 0.0, 0.0
        if bar is not None:
            bar[0].update(bar[1], advance=1, description=f"{a} {tally.wins}-{tally.draws}-{tally.losses} {b}")
    if bar is not None:
        bar[0].stop()
    tally.seconds = time.perf_counter() - start
    tally.equal_share = (1 if alone else (game.players + 1) // 2) / game.players
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
    parser.add_argument("--a-reacts", metavar="LOW-HIGH",
                        help="a real-time game's bot A as a scripted person: each move after LOW to HIGH seconds "
                             "(uniformly drawn), e.g. 0.6-0.9")
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
        reacts = _range(args.a_reacts, game) if args.a_reacts else None
    except ParlourError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    tally = series(game, args.a, args.b, args.matches, args.seed, progress=not args.quiet, alone=args.alone,
                   a_reacts=reacts)
    group = game.players if args.alone else 2
    last = args.seed + (args.matches - 1) // group
    how = f"{args.a} alone in each seat in turn" if args.alone else "each played twice with the seats swapped"
    if reacts:
        how += f", {args.a} a scripted person reacting in {reacts[0]:g}-{reacts[1]:g} s"
    print(f"{game!r}, seeds {args.seed}..{last}, {how}, {tally.deals} deals, {tally.seconds:.0f} s")
    print(tally.line())
    share = tally.share_line()
    if share:
        print(share)
    return 0


def _range(text: str, game: Game) -> tuple[float, float]:
    """``"0.6-0.9"`` → ``(0.6, 0.9)``, for a real-time game; else a :class:`ParlourError` saying why not."""
    if not game.realtime:
        raise ParlourError(f"--a-reacts paces a real-time game's bot (Spoons, the Claw); {game.id} waits for its bots")
    low, dash, high = text.partition("-")
    try:
        pair = float(low), float(high)
    except ValueError:
        pair = None
    if not dash or pair is None or not 0 <= pair[0] <= pair[1]:
        raise ParlourError(f"--a-reacts takes LOW-HIGH seconds, the low first, e.g. 0.6-0.9; not {text!r}")
    return pair


if __name__ == "__main__":
    sys.exit(main())
