"""``--lang``: the language the terminal speaks (the environment's by default: ``PARLOUR_LANG``, then the locale).

>>> from parlour.core.i18n import language, using
>>> with using("en"):
...     choose(None, None, "sl-SI")
...     language()
'sl'
'sl'
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

import click

from parlour.core.i18n import LANGUAGES, check, from_environment, set_language

F = TypeVar("F", bound=Callable[..., Any])

HELP = ("Language: " + ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        + ". Default: $PARLOUR_LANG, else the locale ($LANGUAGE, $LC_ALL, $LANG), else English.")


def choose(ctx: click.Context | None, param: click.Parameter | None, value: str | None) -> str | None:
    """Set the language from ``--lang`` (kept for the subcommand), else the group's, else the environment's."""
    meta: dict[str, Any] = ctx.meta if ctx is not None else {}
    try:
        if value:
            lang = meta["parlour.lang"] = check(value)
        else:
            lang = meta.get("parlour.lang") or from_environment()
    except ValueError as e:
        raise click.BadParameter(str(e), ctx=ctx, param=param) from None
    set_language(lang)
    return lang


def lang_option(command: F) -> F:
    """Give a command ``--lang LANG`` (a command's own beats the group's, which beats the environment)."""
    return click.option("--lang", "-L", metavar="LANG", callback=choose, expose_value=False, is_eager=True,
                        help=HELP)(command)
