"""Turning command-line text into a game and its seats, with one-line errors (exit status 2) for bad input.

>>> from parlour.core.registry import game_class
>>> parse_options(game_class("giacomotto"), ["target=61", "forced_capture=yes"])
{'target': 61, 'forced_capture': True}
>>> game = load_game("giacomotto", None, [])
>>> seat_kinds(game, "human,random")
['human', 'random']
>>> seat_kinds(game, "human,robot")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
parlour.cli.setup.UsageProblem: seat 1 is 'robot'; a seat is human or a bot: ...random
"""

from __future__ import annotations

from typing import Any, Iterable

import click

from parlour.bots import available, bot_class, default
from parlour.core.errors import ParlourError
from parlour.core.game import Game
from parlour.core.i18n import translator
from parlour.core.options import coerce
from parlour.core.registry import game_class, load
from parlour.core.terminal import value_text

HUMAN = "human"
tr = translator(__name__)


class UsageProblem(click.ClickException):
    """Bad input on the command line: printed as one line, exit status 2, nothing started."""

    exit_code = 2


def game_type(game_id: str) -> type[Game]:
    try:
        return game_class(game_id)
    except ParlourError as e:
        raise UsageProblem(str(e)) from None


def parse_options(cls: type[Game], pairs: Iterable[str]) -> dict[str, Any]:
    """``["target=61"]`` → ``{"target": 61}``, each value read by the type of the option's default."""
    known = {o.name: o for o in cls.options_spec}
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            allowed = ", ".join(f"{o.name}={value_text(o.default)}" for o in cls.options_spec) or tr.t("none")
            raise UsageProblem(tr.t("--option takes NAME=VALUE, got '{pair}'; {game}'s options: {allowed}",
                                    pair=pair, game=cls.id, allowed=allowed))
        # an unknown name goes through as text, so the game's own message lists the options it has
        options[name] = coerce(known[name], text.strip()) if name in known else text
    return options


def load_game(game_id: str, players: int | None, pairs: Iterable[str]) -> Game:
    """The game with its player count and options, or a :class:`UsageProblem` saying what is allowed."""
    cls = game_type(game_id)
    try:
        return load(game_id, players, **parse_options(cls, pairs))
    except ParlourError as e:
        raise UsageProblem(str(e)) from None


def seat_kinds(game: Game, text: str | None) -> list[str]:
    """What plays each seat: ``"human"`` or a bot name. Default: seat 0 human, the others the level people are
    seated against (``parlour.bots.default``: the strongest bot, or a real-time game's human-speed one)."""
    if text is None:
        return [HUMAN] + [default(game)] * (game.players - 1)
    kinds = [k.strip().lower() for k in text.split(",")]
    if len(kinds) != game.players:
        raise UsageProblem(tr.tn("--seats names {n} seat but the game has {players} players; give one of human, "
                                 "{bots} per seat", "--seats names {n} seats but the game has {players} players; "
                                 "give one of human, {bots} per seat", len(kinds), players=game.players,
                                 bots=", ".join(available(game))))
    allowed = [HUMAN] + available(game)
    for seat, kind in enumerate(kinds):
        if kind not in allowed and kind.partition("@")[0] not in allowed[1:]:
            raise UsageProblem(tr.t("seat {seat} is '{kind}'; a seat is human or a bot: {bots}", seat=seat, kind=kind,
                                    bots=", ".join(allowed[1:])))
        if "@" in kind:  # a search bot with its budget: pimc@1s
            try:
                bot_class(kind, game)
            except ParlourError as e:
                raise UsageProblem(f"seat {seat}: {e}") from None
    return kinds


def players_for(seats: str | None, players: int | None) -> int | None:
    """The player count: ``--players``, else the length of ``--seats``, else the game's default (``None``)."""
    if seats is None:
        return players
    count = len(seats.split(","))
    if players is not None and players != count:
        raise UsageProblem(tr.t("--seats names {n} seats but --players is {players}: give one kind per player",
                                n=count, players=players))
    return count
