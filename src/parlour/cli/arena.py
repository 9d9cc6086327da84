"""``parlour arena GAME --bots a,b,c --matches N``: rate bots over many seat-rotated duplicate matches.

Matches are played in worker processes (``--workers``) or on a Ray cluster (``--ray ADDRESS``), with a progress
bar (where the output is not a terminal, a line every ten seconds instead); the ratings (openskill) come as a table
with 95% intervals and a plot, and everything is written to the arena's folder (``--out``, by default
``arena-GAME``): run the same command again to resume an interrupted arena or to extend it with a larger
``--matches``. See :mod:`parlour.ai.arena`. It needs the ``ai`` extra.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from parlour.core.errors import ParlourError

from .progress_lines import ProgressLines
from .setup import UsageProblem, load_game

#: Seconds between two progress lines where the output is not a terminal.
PROGRESS_SECONDS = 10.0


@click.command()
@click.argument("game_id", metavar="GAME")
@click.option("--bots", "bots", required=True, help="the bots to rate, by name, comma-separated (e.g. pimc,heuristic"
              ",random; a search bot with its budget: pimc@2s; a trained policy: policy:FILE.npz)")
@click.option("--matches", type=click.IntRange(1), default=100, show_default=True, help="matches in all")
@click.option("--workers", type=click.IntRange(1), default=None,
              help="matches played at once (processes; on Ray, at least the cluster's CPUs) [default: CPUs]")
@click.option("--ray", "ray_address", metavar="ADDRESS", default=None,
              help="spread the matches over a Ray cluster (e.g. 10.0.0.5:6379, or 'auto')")
@click.option("--players", type=int, default=None, help="number of players (default: the game's)")
@click.option("-o", "--option", "options", multiple=True, metavar="NAME=VALUE", help="a variant option (repeatable)")
@click.option("--seed", type=int, default=0, show_default=True, help="the seed of the first group's deal")
@click.option("--out", "folder", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="the arena's folder: results, records, ratings [default: arena-GAME]")
def arena(game_id: str, bots: str, matches: int, workers: int | None, ray_address: str | None, players: int | None,
          options: tuple[str, ...], seed: int, folder: Path | None) -> None:
    """Rate bots by playing many seat-rotated duplicate matches of GAME between them."""
    from parlour.ai.arena import Arena, MissingExtra, need
    from parlour.bots import make

    console = Console(stderr=True)
    try:
        need("openskill")
        need("matplotlib")
        if ray_address:
            need("ray")
        game = load_game(game_id, players, options)
        names = [b.strip() for b in bots.split(",") if b.strip()]
        if len(names) < 2:
            raise UsageProblem("an arena needs two bots or more: --bots a,b")
        if len(set(names)) != len(names):
            raise UsageProblem(f"a bot is named twice in --bots {bots}")
        for name in names:
            make(name, game, 0)
    except (MissingExtra, UsageProblem, ParlourError) as e:
        raise click.ClickException(str(e)) from None
    the_arena = Arena(game.id, names, matches, game.players, dict(game.options), seed,
                      folder or Path(f"arena-{game.id}"))
    try:
        the_arena.done()  # a folder holding another arena is refused before anything starts
        results = _run(the_arena, workers or os.cpu_count() or 1, ray_address, console)
    except ParlourError as e:
        raise click.ClickException(str(e)) from None
    except KeyboardInterrupt:
        done = len(the_arena.done())
        console.print(f"[yellow]stopped[/]: {done} of {matches} matches are in {the_arena.folder / 'results.jsonl'}; "
                      "run the same command again to go on")
        raise SystemExit(130) from None
    standings = the_arena.standings(results)
    picture = the_arena.write_ratings(standings)
    out = Console()
    out.print(table(standings, game.lowest_wins, len(results)))
    out.print(f"{len(results)} matches ({game!r}, seeds {seed}..{max(r['seed'] for r in results)}, seats rotated "
              f"over each deal); results, records and ratings in {the_arena.folder}/, the plot in {picture}")


def _run(the_arena: Any, workers: int, ray_address: str | None, console: Console) -> list[dict[str, Any]]:
    """Play the arena with a progress bar on a terminal, else (a log file, CI) a plain line every few seconds."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
        TimeRemainingColumn

    if not console.is_terminal:  # rich's bar redraws in place and prints nothing where nothing is redrawn
        lines = ProgressLines(lambda line: console.print(line, highlight=False, markup=False, soft_wrap=True),
                              f"{the_arena.game} arena", "matches", seconds=PROGRESS_SECONDS)
        return the_arena.run(workers=workers, ray_address=ray_address,
                             progress=lambda done, total, result: lines.update(done, total))

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TimeRemainingColumn(), console=console) as bar:
        task = bar.add_task(f"{the_arena.game} arena", total=the_arena.matches)

        def progress(done: int, total: int, result: dict[str, Any] | None) -> None:
            bar.update(task, completed=done, total=total)

        return the_arena.run(workers=workers, ray_address=ray_address, progress=progress)


def table(standings: dict[str, Any], lowest_wins: bool, matches: int) -> Table:
    """The bots, best rated first: rating with its 95% interval, wins, and match points per deal against the
    table's mean with its 95% interval (over the groups of matches dealt from one seed)."""
    from parlour.ai.arena import Z95

    t = Table(title=f"Ratings after {matches} matches", title_justify="left", show_edge=False)
    t.add_column("bot")
    t.add_column("rating μ ± 95%", justify="right")
    t.add_column("ordinal", justify="right")
    t.add_column("matches", justify="right")
    t.add_column("wins", justify="right")
    t.add_column("points/deal vs table" + (" (fewer)" if lowest_wins else ""), justify="right")
    for st in sorted(standings.values(), key=lambda s: -(s.mu - 3 * s.sigma)):
        edge, half = st.edge()
        t.add_row(st.name, f"{st.mu:.1f} ± {Z95 * st.sigma:.1f}", f"{st.mu - 3 * st.sigma:.1f}", str(st.matches),
                  f"{st.wins:g}", f"{edge:+.2f} ± {half:.2f}" if half == half else f"{edge:+.2f}")
    return t
