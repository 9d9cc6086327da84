"""``parlour analyse GAME --seed N``: what a game's search bot thinks of a position, and the line it expects.

A game offers analysis through a hook in its bot module, ``parlour/games/<pkg>/bot.py``::

    def analyse(state: State, seconds: float) -> dict

returning at least ``evaluation`` (words, from the point of view of the seat to move) and ``line`` (action texts,
best first); it may add ``depth``, ``nodes``, ``seconds`` and ``iterations`` (a list of dicts with ``depth``,
``evaluation`` and ``line``, one per finished search depth). Any game with such a hook works here unchanged.

The position is a match's start from ``--seed`` (with ``--option``s), after the ``--moves`` given, each played by the
seat whose turn it is.
"""

from __future__ import annotations

import importlib
import secrets
from typing import Any, Callable

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from parlour.core.errors import IllegalAction
from parlour.core.game import Game, State
from parlour.core.registry import game_class, games
from parlour.core.terminal import Seats, action_text

from . import render
from .setup import UsageProblem, load_game


def hook(game_id: str) -> Callable[[State, float], dict[str, Any]] | None:
    """The game's ``analyse`` hook, or None if its bot module offers none."""
    package = game_class(game_id).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(f"{package}.bot")
    except ModuleNotFoundError as e:
        if e.name != f"{package}.bot":
            raise
        return None
    return getattr(module, "analyse", None)


def position(game: Game, seed: int, moves: str | None) -> State:
    """The match from ``seed`` after ``moves`` (action texts separated by commas)."""
    state = game.new(seed=seed)
    for i, text in enumerate(m.strip() for m in (moves or "").split(",") if m.strip()):
        if state.over or not state.to_act:
            raise UsageProblem(f"move {i + 1} ({text!r}): nobody is to move, the match is over")
        try:
            state.apply(state.to_act[0], text)
        except IllegalAction as e:
            raise UsageProblem(f"move {i + 1} ({text!r}) is not legal: {e}") from None
    return state


def line_text(line: list[str]) -> Text:
    return Text(", ").join(action_text(a) for a in line) if line else Text("—", style="dim")


def report(found: dict[str, Any]) -> Table:
    """Each finished depth with its evaluation and line, then the summary."""
    table = Table(title="Analysis", title_justify="left", title_style="bold", show_edge=False, header_style="dim")
    table.add_column("depth", justify="right", no_wrap=True)
    table.add_column("evaluation", no_wrap=True)
    table.add_column("best line")
    for it in found.get("iterations") or []:
        table.add_row(str(it["depth"]), it["evaluation"], line_text(it["line"]))
    return table


def summary(found: dict[str, Any]) -> Text:
    costs = []
    if "depth" in found:
        costs.append(f"depth {found['depth']}")
    if "nodes" in found:
        costs.append(f"{found['nodes']:,} nodes")
    if "seconds" in found:
        costs.append(f"{found['seconds']:.1f} s")
    best = found["line"][0] if found["line"] else "none"
    return Text.assemble(("Best move ", "bold"), action_text(best), ("   evaluation ", "bold"), found["evaluation"],
                         (f"   ({', '.join(costs)})" if costs else "", "dim"))


@click.command()
@click.argument("game_id", metavar="GAME")
@click.option("--seed", type=int, help="Seed of the deal to analyse (random if omitted).")
@click.option("--moves", "-m", metavar="A,B,...", help="Moves to play first, comma-separated, e.g. 'exchange 4H 3H'.")
@click.option("--time", "seconds", type=click.FloatRange(0.01, 3600), default=3.0, show_default=True,
              help="Seconds the search may think.")
@click.option("--option", "-o", "options", multiple=True, metavar="NAME=VALUE", help="A variant option. Repeatable.")
def analyse(game_id: str, seed: int | None, moves: str | None, seconds: float, options: tuple[str, ...]) -> None:
    """Show a search bot's evaluation of a position of GAME and its best line."""
    game = load_game(game_id, None, options)
    found_hook = hook(game.id)
    if found_hook is None:
        able = [g for g in games() if hook(g) is not None]
        raise UsageProblem(f"{game.id} has no analysis (its bot module offers no analyse hook); "
                           f"games with one: {', '.join(able) or 'none'}")
    if seed is None:
        seed = secrets.randbelow(10**9)
    state = position(game, seed, moves)
    if state.over:
        raise UsageProblem("the match is over after these moves: there is nothing to analyse")
    console = Console(highlight=False)
    console.print(f"[bold]{game.title}[/bold], seed {seed}" + (f", after {moves}" if moves else ""))
    console.print(render.board(state.view(None), Seats.anonymous(game.players)))
    found = found_hook(state, seconds)
    console.print(report(found))
    console.print(summary(found))
