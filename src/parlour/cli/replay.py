"""``parlour replay FILE`` steps through a match record; ``parlour verify FILE`` checks it.

A record is parlour's JSON, or a format a game writes and reads (``Game.record_formats``, by the file's suffix:
``game.sgf`` for Go). A record larger than ``MAX_BYTES`` or nested deeper than ``MAX_DEPTH`` is refused in one line.
"""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console

from parlour.core.errors import RecordError
from parlour.core.game import State
from parlour.core.record import Record, read_text
from parlour.core.registry import game_class, games
from parlour.core.i18n import translator
from parlour.core.terminal import Seats, plural

from . import render
from .setup import UsageProblem

tr = translator(__name__)
from .lang import lang_option


def load_record(path: Path) -> Record:
    suffix = path.suffix.lower().lstrip(".")
    readers = [game_class(g) for g in games() if suffix in game_class(g).record_formats]
    try:
        if not readers:
            return Record.load(str(path))
        return readers[0].read_record(read_text(str(path)), suffix)
    except RecordError as e:
        raise click.ClickException(str(e)) from None
    except RecursionError:  # a reader that recursed into a hostile file's nesting
        raise click.ClickException(f"record {path} nests too deep to be read") from None


def result_text(state: State, actions: int, prefix: str = "OK: ") -> str:
    """``OK: 212 actions, final scores 104 87, winners seat 0``."""
    scores = " ".join(map(str, state.scores))
    if not state.over:
        return f"{prefix}{plural(actions, 'action')}, match unfinished, scores so far {scores}"
    winners = ", ".join(f"seat {s}" for s in state.winners)
    return f"{prefix}{plural(actions, 'action')}, final scores {scores}, winners {winners}"


@click.command()
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seat", type=int, help="Watch as this seat (its hand shown); a spectator by default.")
@click.option("--step", is_flag=True, help="Wait for Enter after each action (q stops).")
@lang_option
def replay(path: Path, seat: int | None, step: bool) -> None:
    """Step through the match record FILE: each action and the table after it."""
    record = load_record(path)
    if seat is not None and not 0 <= seat < record.players:
        raise UsageProblem(f"--seat {seat} is not a seat of this {record.players}-player record: "
                               f"seats are 0..{record.players - 1}")
    console = Console(highlight=False)
    seats = Seats.anonymous(record.players, seat)
    state: State | None = None
    seen = 0
    try:
        for number, (entry, state) in enumerate(record.states()):
            view = state.view(seat)
            events = state.visible_events(seat, state.events[seen:])
            seen = len(state.events)
            if entry is None:
                console.print(f"[bold]{record.game}[/bold], {record.players} players, seed {record.seed}, "
                              f"{plural(len(record.actions), 'action')}")
                console.print(render.seat_board(view, seats))
                continue
            console.print(render.replay_step(number, entry, view, events, seats))
            if step and number < len(record.actions):
                try:
                    answer = console.input("[dim]" + tr.t("Enter: next action, q: stop") + "[/dim] ")
                except EOFError:
                    answer = "q"
                if answer.strip().lower() in ("q", "quit"):
                    return
    except RecordError as e:
        raise click.ClickException(str(e)) from None
    assert state is not None
    view = state.view(seat)
    if "sheet" in view:
        console.print(render.sheet_table(view["sheet"], seats.with_view(view)))
    console.print(result_text(state, len(record.actions), prefix="Replayed "))


#: ``parlour verify``'s exit status for a record that replays but proves nothing about its deal (no commitment).
UNPROVEN = 3


@click.command()
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False, path_type=Path))
def verify(path: Path) -> None:
    """Replay the match record FILE and check it: legal actions, seed commitment, final scores.

    \b
    Exit status:
      0  "OK: ...": every action replays and the seed matches the commitment
         published before the first deal (or the game has no chance, as Go):
         the deal was not chosen.
      3  "UNPROVEN: ...": every action replays, but the record holds no seed
         commitment (or stacks its deck), so nothing proves the deal was not
         chosen, e.g. a local `parlour play` match, or a commitment removed.
      1  the record does not hold (an illegal action, a seed that does not
         match its commitment, wrong scores) or cannot be read: the reason.
    """
    record = load_record(path)
    try:
        state = record.verify()
        proven, how = record.proof()
    except RecordError as e:
        raise click.ClickException(str(e)) from None
    except RecursionError:  # a game's code recursing into a hostile record's values
        raise click.ClickException(f"record {path} nests too deep to be replayed") from None
    if proven:
        click.echo(f"{result_text(state, len(record.actions))}; {how}")
        return
    click.echo(f"{result_text(state, len(record.actions), prefix='UNPROVEN: ')}; but {how}")
    click.get_current_context().exit(UNPROVEN)
