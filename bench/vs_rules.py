"""A game's default bot against an independent rule-based player (``bench/rules_players``), seats rotated.

    python -m bench vs-rules zole --matches 60 --seed 1
    python -m bench vs-rules gami --matches 200 --json

The opponent is the game's player in :data:`bench.rules_players.PLAYERS`, written from the rules alone (not from
parlour's bots), so that it does not share their blind spots. The default bot plays at its default level
(``parlour.bots.default``: what the lobby seats), with its own budget; the rule-based player thinks for as long as
its rules take (milliseconds). ``--bot`` measures another of the game's bots instead.

Matches go in groups dealt from one seed, ``seed + g``: with two players the deal twice, the seats exchanged; with
three or more, the default bot alone in each seat in turn against copies of the rule-based player, then the
rule-based player alone in each seat against copies of the bot (seating ``alone``), or the two sides on alternate
seats and then the other way round (seating ``alternate``, as partners sit: Spoons, the Claw). Each side so plays
each seat equally often, on the same shuffles. Reported:

- matches won by each side when it sat alone (or, with two players, the bot's wins, draws and losses; with
  alternate seats, the bot's side's share of the winners), each rate with its Wilson 95% interval, beside what an
  equal player would win;
- match points per deal, the bot's seats' mean less the rule-based player's (the other way round where the lowest
  total wins, so that more than 0 always means the bot played better), mean ± 1.96·se over the seed groups;
- the final score of a match, the bot's seats' mean less the rule-based player's as it stands (lower is better
  where the lowest total wins), mean ± 1.96·se over the seed groups.

A player's class says how the bench plays it (``bench/rules_players/__init__.py``): ``BENCH_OPTIONS`` (a shorter
match; ``-o NAME=VALUE`` overrides them), ``BENCH_PLAYERS``, ``BENCH_SEATING``.

Real-time games (Spoons, the Claw): the rules player reacts as its module says, from the default bot's published
description of its speed (``--clock published``, the default); ``--clock default-bot`` gives it instead the
default bot's own delay for each action it chooses (a shadow copy of the default bot is asked), so that only the
choices can differ.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable

import parlour
from parlour.bots import default as default_bot
from parlour.bots import make, play_match
from parlour.core.bot import Bot
from parlour.core.errors import ParlourError
from parlour.core.game import Action, Game
from parlour.core.options import coerce
from bench._stats import mean_interval, wilson


@dataclass
class Result:
    """What a run measured, from the default bot's side."""

    game: str
    bot: str
    player: str
    players: int
    options: dict[str, Any]
    seed: int
    seating: str = "alone"
    clock: str = "turn-based"
    matches: int = 0
    deals: int = 0
    seconds: float = 0.0
    #: Two players: the bot's wins, draws and losses.
    wins: int = 0
    draws: int = 0
    losses: int = 0
    #: Three or more: matches with the bot alone against rule-based players, and how many it won (a shared win a
    #: half); likewise the rule-based player alone.
    bot_alone: int = 0
    bot_alone_won: float = 0.0
    player_alone: int = 0
    player_alone_won: float = 0.0
    #: Alternate seats: the matches, and the bot's side's share of the winners summed over them.
    bot_side: int = 0
    bot_side_won: float = 0.0
    #: Per seed group: the bot's match points per deal less the rule-based player's (the reverse where the lowest
    #: total wins).
    groups: list[float] = field(default_factory=list)
    #: Per seed group: the mean over its matches of the bot's seats' final score less the rule-based player's.
    finals: list[float] = field(default_factory=list)
    lowest_wins: bool = False

    def summary(self) -> dict[str, Any]:
        """The figures: rates with their Wilson intervals, the points advantage with its interval."""
        out: dict[str, Any] = {"game": self.game, "bot": self.bot, "player": self.player, "players": self.players,
                               "options": self.options, "seed": self.seed, "seating": self.seating,
                               "clock": self.clock, "matches": self.matches,
                               "deals": self.deals, "seconds": round(self.seconds, 1)}
        if self.players == 2:
            score = self.wins + self.draws / 2
            out["bot_record"] = {"wins": self.wins, "draws": self.draws, "losses": self.losses}
            out["bot_score"] = _rate(score, self.matches)
        elif self.seating == "alternate":
            out["equal_share"] = 0.5
            out["bot_side_wins"] = _rate(self.bot_side_won, self.bot_side)
        else:
            out["equal_share"] = round(1 / self.players, 4)
            out["bot_alone_wins"] = _rate(self.bot_alone_won, self.bot_alone)
            out["player_alone_wins"] = _rate(self.player_alone_won, self.player_alone)
        mean, half = mean_interval(self.groups)
        out["advantage_per_deal"] = {"mean": round(mean, 4), "half_95": round(half, 4), "groups": len(self.groups),
                                     "lowest_wins": self.lowest_wins}
        mean, half = mean_interval(self.finals)
        out["final_score_difference"] = {"bot_minus_rules": round(mean, 4), "half_95": round(half, 4),
                                         "lower_is_better": self.lowest_wins}
        return out

    def lines(self) -> list[str]:
        """The figures in words."""
        s = self.summary()
        head = (f"{self.game} ({self.players} players, {_options(self.options)}): {self.bot} against rules "
                f"player {self.player}, seeds {self.seed}..{self.seed + len(self.groups) - 1}, {self.matches} "
                f"matches, {self.deals} deals, {self.seconds:.0f} s")
        lines = [head]
        if self.players == 2:
            r = s["bot_score"]
            lines.append(f"{self.bot}: won {self.wins}, drew {self.draws}, lost {self.losses}; score "
                         f"{_pct(r)} (an equal player: 50%)")
        elif self.seating == "alternate":
            lines.append(f"{self.bot}'s side, on alternate seats: {_pct(s['bot_side_wins'])} of the wins in "
                         f"{self.bot_side} matches (an equal side: 50%)")
        else:
            a, b = s["bot_alone_wins"], s["player_alone_wins"]
            lines.append(f"{self.bot} alone against {self.players - 1} rules players: won {_pct(a)} of "
                         f"{self.bot_alone}; an equal player wins {100 / self.players:.1f}%")
            lines.append(f"rules player alone against {self.players - 1} {self.bot}: won {_pct(b)} of "
                         f"{self.player_alone}")
        adv = s["advantage_per_deal"]
        sign = "rules player's less the bot's (the lowest total wins)" if self.lowest_wins else \
            "bot's less the rules player's"
        lines.append(f"match points per deal, {sign}: {adv['mean']:+.3f} ± {adv['half_95']:.3f} (95%, "
                     f"{adv['groups']} seed groups); more than 0: {self.bot} played better")
        final = s["final_score_difference"]
        lines.append(f"final score of a match, {self.bot}'s seats less the rules player's: "
                     f"{final['bot_minus_rules']:+.2f} ± {final['half_95']:.2f} "
                     f"({'lower' if self.lowest_wins else 'higher'} is better)")
        return lines


def _rate(successes: float, n: int) -> dict[str, Any]:
    low, high = wilson(successes, n)
    return {"won": round(successes, 3), "of": n, "rate": round(successes / n, 4) if n else None,
            "wilson_95": [round(low, 4), round(high, 4)]}


def _pct(rate: dict[str, Any]) -> str:
    if not rate["of"]:
        return "n/a"
    low, high = rate["wilson_95"]
    return f"{100 * rate['rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def _options(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "default options"


def lineups(players: int, seating: str = "alone") -> list[tuple[int, ...]]:
    """The seats the default bot holds in each match of a seed group: each side in each seat equally often.

    >>> lineups(2)
    [(0,), (1,)]
    >>> lineups(3)
    [(0,), (1,), (2,), (1, 2), (0, 2), (0, 1)]
    >>> lineups(4, "alternate")
    [(0, 2), (1, 3)]
    """
    if players == 2:
        return [(0,), (1,)]
    if seating == "alternate":
        return [tuple(range(0, players, 2)), tuple(range(1, players, 2))]
    alone = [(s,) for s in range(players)]
    return alone + [tuple(t for t in range(players) if t != s) for s in range(players)]


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


def run(game: Game, player: type[Bot], bot: str, matches: int, seed: int = 0,
        progress: Callable[[Result], None] | None = None, seating: str = "alone",
        clock: str = "published") -> Result:
    """Play ``matches`` matches (rounded up to whole seed groups) of ``bot`` against ``player``."""
    result = Result(game.id, bot, player.__name__, game.players, dict(game.options), seed, seating,
                    clock if game.realtime else "turn-based", lowest_wins=game.lowest_wins)
    group = lineups(game.players, seating)

    def rules(seat: int, seed: int) -> Bot:
        if clock == "default-bot" and game.realtime:
            return SameClock(player(game, seat, seed=seed), make(bot, game, seat, seed=seed ^ 7))
        return player(game, seat, seed=seed)

    groups = max(1, -(-matches // len(group)))
    start = time.perf_counter()
    for g in range(groups):
        match_seed = seed + g
        diff, deals, final = 0.0, 0, 0.0
        for m, ours in enumerate(group):
            bot_seed = (match_seed << 8) | (m << 4)
            bots = [make(bot, game, s, seed=bot_seed | s) if s in ours else rules(s, bot_seed | s)
                    for s in range(game.players)]
            state, _ = play_match(game, bots, seed=match_seed, record=False)
            played = getattr(state, "deals", 0) or getattr(state, "round_no", 0) or 1
            scores = state.scores
            mine = statistics.fmean(scores[s] for s in ours)
            theirs = statistics.fmean(scores[s] for s in range(game.players) if s not in ours)
            diff += theirs - mine if game.lowest_wins else mine - theirs
            final += mine - theirs
            deals += played
            won = set(state.winners)
            result.matches += 1
            result.deals += played
            if game.players == 2:
                if won == {ours[0]}:
                    result.wins += 1
                elif ours[0] in won:
                    result.draws += 1
                else:
                    result.losses += 1
            elif seating == "alternate":
                result.bot_side += 1
                result.bot_side_won += len(won & set(ours)) / len(won) if won else 0.0
            else:
                alone = ours[0] if len(ours) == 1 else next(s for s in range(game.players) if s not in ours)
                share = 1 / len(won) if alone in won else 0.0
                if len(ours) == 1:
                    result.bot_alone += 1
                    result.bot_alone_won += share
                else:
                    result.player_alone += 1
                    result.player_alone_won += share
            result.seconds = time.perf_counter() - start
            if progress:
                progress(result)
        result.groups.append(diff / max(deals, 1))
        result.finals.append(final / len(group))
    return result


def _bar(total: int, label: str) -> tuple[Any, Callable[[Result], None]]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
        TimeRemainingColumn

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   TimeRemainingColumn(), console=Console(stderr=True))
    task = bar.add_task(label, total=total)
    bar.start()

    def update(r: Result) -> None:
        if r.players == 2:
            text = f"{label}: bot {r.wins}-{r.draws}-{r.losses}"
        elif r.seating == "alternate":
            text = f"{label}: bot's side won {r.bot_side_won:g}/{r.bot_side}"
        else:
            text = f"{label}: bot alone won {r.bot_alone_won:g}/{r.bot_alone}, rules alone {r.player_alone_won:g}/" \
                   f"{r.player_alone}"
        bar.update(task, completed=r.matches, description=text)

    return bar, update


def main(argv: list[str]) -> int:
    from bench.rules_players import PLAYERS

    p = argparse.ArgumentParser(prog="python -m bench vs-rules", description=__doc__.split("\n\n")[0])
    p.add_argument("game", help=f"one of: {', '.join(sorted(PLAYERS))}")
    p.add_argument("--matches", type=int, default=24, help="matches, rounded up to whole seed groups (default 24)")
    p.add_argument("--seed", type=int, default=0, help="the first group's seed (the others follow it)")
    p.add_argument("--players", type=int, help="players (default: the game's)")
    p.add_argument("--bot", help="the bot measured (default: the game's default bot)")
    p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option, over the bench's own default for the game")
    p.add_argument("--clock", choices=("published", "default-bot"), default="published",
                   help="real-time games: the rules player's reaction times from the default bot's published "
                        "description (its own model, the default), or the default bot's own delays for the "
                        "rule-based player's actions")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    if args.game not in PLAYERS:
        print(f"error: no rule-based player for {args.game!r}; there are: {', '.join(sorted(PLAYERS))}",
              file=sys.stderr)
        return 2
    if args.matches < 1:
        print(f"error: --matches must be at least 1, not {args.matches}", file=sys.stderr)
        return 2
    player = PLAYERS[args.game]
    try:
        cls = parlour.core.game_class(args.game)
        options = dict(getattr(player, "BENCH_OPTIONS", {}))
        for text in args.option:
            name, eq, value = text.partition("=")
            if not eq:
                raise ParlourError(f"cannot read option {text!r}: write NAME=VALUE")
            options[name] = coerce(cls.option(name), value)
        game = parlour.load(args.game, players=args.players or getattr(player, "BENCH_PLAYERS", None), **options)
        bot = args.bot or default_bot(game)
        make(bot, game, 0)
    except ParlourError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    seating = getattr(player, "BENCH_SEATING", "alone")
    group = len(lineups(game.players, seating))
    total = -(-args.matches // group) * group
    bar, update = (None, None) if args.quiet else _bar(total, f"{args.game} {bot}")
    try:
        result = run(game, player, bot, args.matches, args.seed, progress=update, seating=seating, clock=args.clock)
    finally:
        if bar is not None:
            bar.stop()
    if args.json:
        print(json.dumps(result.summary(), indent=2))
    else:
        print("\n".join(result.lines()))
    return 0


__all__ = ["Result", "SameClock", "lineups", "main", "mean_interval", "run", "wilson"]
