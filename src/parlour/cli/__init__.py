"""The ``parlour`` command: list games, read their rules, play in the terminal, replay and verify records.

Each command lives in its own module; :data:`main` is a plain click group, so another module adds a command
with one line, ``main.add_command(command)``.
"""

from __future__ import annotations

import click

from parlour import __version__

from .analyse import analyse
from .arena import arena
from .bench import bench
from .catalog import games, rules
from .lang import lang_option
from .learn import learn
from .play import play
from .replay import replay, verify
from .serve import serve


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="parlour")
@lang_option
def main() -> None:
    """parlour: traditional card and board games, with bots, in the terminal and the browser."""


main.add_command(games)
main.add_command(rules)
main.add_command(play)
main.add_command(learn)
main.add_command(replay)
main.add_command(verify)
main.add_command(serve)
main.add_command(analyse)
main.add_command(arena)
main.add_command(bench)
