"""``parlour bench``: the benchmarks, from anywhere.

The benchmarks are not part of the installed package: they live in ``bench/`` at the root of the repository and run
as ``python -m bench`` there, which Python finds only from that folder. ``parlour bench ARGS`` finds the repository
(the current folder or one above it, or the one an editable install points into) and runs ``python -m bench ARGS``
in it; where there is none it says where the benchmarks are.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click

import parlour


def is_repository(folder: Path) -> bool:
    """A checkout of parlour: ``bench/__main__.py`` beside ``src/parlour``."""
    return (folder / "bench" / "__main__.py").is_file() and (folder / "src" / "parlour").is_dir()


def find_repository(start: Path | None = None) -> Path | None:
    """The repository holding the benchmarks: the folder ``start`` (default: the current one) or one above it, else
    the checkout the running parlour was installed from (an editable install)."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if is_repository(folder):
            return folder
    installed = Path(parlour.__file__).resolve().parents[2]  # <repo>/src/parlour/__init__.py
    return installed if is_repository(installed) else None


@click.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def bench(args: tuple[str, ...]) -> None:
    """Run the benchmarks (python -m bench ARGS in the repository); `parlour bench` alone lists them."""
    repo = find_repository()
    if repo is None:
        raise click.ClickException(
            "the benchmarks are not installed with parlour: they are in bench/ at the root of a clone of its "
            "repository; run `python -m bench` (or `parlour bench`) from there")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(repo / "src"), os.environ.get("PYTHONPATH")]))}
    code = subprocess.call([sys.executable, "-m", "bench", *args], cwd=repo, env=env)
    if code:
        sys.exit(code)
