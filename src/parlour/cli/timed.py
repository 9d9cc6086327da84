"""A line typed at the terminal within a time limit: a timed window (Kaboo's peek or snap window) closes in
``parlour play`` as it does at a table, whether or not the person answered.

The limit holds where the input is a terminal (a person typing); piped input (scripts, tests) is read as it comes.
"""

from __future__ import annotations

import select
import sys

from rich.console import Console


def ask_within(console: Console, prompt: str, seconds: float | None) -> str | None:
    """The line typed after ``prompt``, ``"q"`` at the end of input, or ``None`` when ``seconds`` pass first."""
    stream = sys.stdin
    if seconds is None or not _is_terminal(stream):
        try:
            return console.input(prompt)
        except EOFError:  # input closed: as good as quitting
            return "q"
    console.print(prompt, end="")
    ready, _, _ = select.select([stream], [], [], max(0.0, seconds))
    if not ready:
        console.print()
        return None
    line = stream.readline()
    return line.rstrip("\r\n") if line else "q"


def _is_terminal(stream: object) -> bool:
    try:
        return bool(stream.isatty()) and stream.fileno() >= 0  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return False
