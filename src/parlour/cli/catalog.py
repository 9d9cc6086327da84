"""``parlour games`` and ``parlour rules ID``: what there is to play, and how."""

from __future__ import annotations

from typing import Any

import click
from rich import box
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from parlour.bots import available, catalogue, default
from parlour.core.i18n import LANGUAGES, decimal, game_translator, language, rules_name, translator
from parlour.core.game import Game
from parlour.core.registry import game_class, games as game_ids, load
from parlour.core.terminal import value_text
from parlour.native import Engine, engine

from .setup import game_type

tr = translator(__name__)
from .lang import lang_option


def players_text(description: dict[str, Any]) -> str:
    """``2, 4`` or ``2-8`` and, where there is a choice, the default on a second line."""
    players = description["players"]
    contiguous = len(players) > 2 and players == list(range(players[0], players[-1] + 1))
    counts = f"{players[0]}-{players[-1]}" if contiguous else ", ".join(map(str, players))
    if len(description["players"]) > 1:
        return counts + "\n" + tr.t("(default {n})", n=description["default_players"])
    return counts


def allowed_text(option: dict[str, Any]) -> str:
    """What values an option takes: ``1..10000``, ``true/false``, ``a | b``."""
    if "choices" in option:
        return " | ".join(map(value_text, option["choices"]))
    if option["type"] == "bool":
        return "true / false"  # typed as they are, in every language
    if "minimum" in option or "maximum" in option:
        return f"{option.get('minimum', '')}..{option.get('maximum', '')}"
    return option["type"]


def games_table() -> Table:
    """Every registered game: id, title, player counts, options with their defaults, bots."""
    # Light rules, the id above its title, and options and bots that never wrap: the table fits 80 columns, as in
    # `parlour games | less`, with every option and every bot whole.
    table = Table(title=tr.t("Games"), title_justify="left", title_style="bold", box=box.SIMPLE_HEAD, padding=(0, 1))
    table.add_column(tr.tp("column", "game"), min_width=12, overflow="fold")
    table.add_column(tr.t("players"), no_wrap=True)
    table.add_column(tr.t("options (defaults)"), no_wrap=True)
    table.add_column(tr.t("bots"), no_wrap=True)
    for game_id in game_ids():
        d = game_class(game_id).describe()
        words = game_translator(game_class(game_id))
        options = "\n".join(f"{o['name']}={value_text(o['default'])}" for o in d["options"]) or "—"
        table.add_row(Text.assemble((d["id"], "bold"), "\n", (words.t(d["title"]), "dim")), players_text(d), options,
                      bots_text(load(game_id)))
    return table


def bots_text(game: Game) -> Text:
    """The bots that play ``game``, strongest first, one a line; a real-time game's with its reaction time under
    its name, and the level ``parlour play`` seats by default marked (narrow: the table fits 80 columns)."""
    bots = catalogue(game)
    chosen = default(game)
    lines = []
    for name in available(game):
        reacts = bots[name].reacts
        if reacts is None:
            lines.append(Text(name))
            continue
        lines.append(Text(tr.t("{bot} (default)", bot=name) if name == chosen else name))
        lines.append(Text("  " + tr.t("reacts in {seconds} s", seconds=decimal(reacts)), style="dim"))
    return Text("\n").join(lines)


def options_table(description: dict[str, Any]) -> Table:
    """A game's options: name, default, allowed values, meaning."""
    words = game_translator(game_class(description["id"]))
    table = Table(title=tr.t("Options (parlour play {game} --option NAME=VALUE)", game=description["id"]),
                  title_justify="left", title_style="bold")
    for header in (tr.t("option"), tr.t("default"), tr.t("allowed"), tr.t("meaning")):
        table.add_column(header, overflow="fold")
    for o in description["options"]:
        table.add_row(o["name"], value_text(o["default"]), allowed_text(o), words.t(o["description"]))
    return table


@click.command()
@lang_option
def games() -> None:
    """List the games you can play."""
    console = Console()
    console.print(games_table())
    console.print(engine_line(engine()), style="dim", soft_wrap=True)


def engine_line(running: Engine) -> str:
    """One line: which engine runs (compiled or pure Python) and, if pure, why and what compiles it."""
    if running.compiled:
        return tr.tn("engine: compiled ({n} module built by Cython)", "engine: compiled ({n} modules built by Cython)",
                     running.modules)
    if running.reason == "asked":
        return tr.t("engine: pure Python (PARLOUR_PURE=1 is set)")
    if running.reason == "changed":
        return tr.t("engine: pure Python ({files} changed since compiled; pip install -e . compiles it again)",
                    files=", ".join(running.changed[:3]) + (" …" if len(running.changed) > 3 else ""))
    return tr.t("engine: pure Python (not compiled: installed without a C compiler)")


@click.command()
@click.argument("game_id", metavar="GAME")
@click.option("--notes", is_flag=True,
              help="Show the notes for developers instead: the rulings behind each choice, stacking, views, checks.")
@lang_option
def rules(game_id: str, notes: bool) -> None:
    """Show the rules of GAME for players (in your language where translated), and its options."""
    cls = game_type(game_id)
    console = Console()
    name = "NOTES.md" if notes else "RULES.md"
    game = load(game_id)
    try:
        text = game.notes() if notes else game.rules()
    except OSError:
        text = None
    d = cls.describe()
    if text is not None and not notes and rules_name() not in cls.rules_files():
        console.print(Text(tr.t("These rules are not translated into {language} yet: here they are in English.",
                                language=LANGUAGES[language()]), style="yellow"))
    if text is not None:
        console.print(Markdown(text))
        console.print()
    if not notes:
        title = game_translator(cls).t(d["title"])
        console.print(f"[bold]{title}[/bold]: " + tr.t("{players} players", players=players_text(d)).replace("\n", " "))
        console.print(options_table(d))
    if text is None:
        raise click.ClickException(f"the {'notes' if notes else 'rules'} of {game_id} are missing: "
                                   f"{cls.__module__.rsplit('.', 1)[0]} has no {name}"
                                   + ("" if notes else " (its options are above)"))
