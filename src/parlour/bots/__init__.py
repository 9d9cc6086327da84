"""Bots: the game-agnostic ones here, each game's own in its folder (its ``Game.bots``).

>>> import parlour
>>> from parlour.bots import available
>>> available(parlour.load("giacomotto"))
['greedy', 'random']
>>> available(parlour.load("testoasa"))      # the game's own, strongest first, then the generic ones
['expert', 'casual', 'novice', 'random']
"""

from __future__ import annotations

from parlour.core.bot import Bot, RandomBot
from parlour.core.errors import BadOption
from parlour.core.game import Game, State
from parlour.core.record import TIMEOUT, Record

GENERIC: dict[str, type[Bot]] = {RandomBot.name: RandomBot}


def catalogue(game: Game) -> dict[str, type[Bot]]:
    """Every bot that can play ``game``, by name: the generic ones and the game's own."""
    own = getattr(game, "bots", {})
    return {**own, **{name: cls for name, cls in GENERIC.items() if name not in own}}


def available(game: Game) -> list[str]:
    """The names of the bots that play ``game`` here: its own, strongest first, then the generic ones.

    A bot that drives an outside program (GNU Go) is left out where the program is not installed.
    """
    return [name for name, cls in catalogue(game).items() if cls.available()]


def best(game: Game) -> str:
    """The strongest bot that plays ``game`` here: the first available of its own, or ``random``."""
    return available(game)[0]


def make(name: str, game: Game, seat: int, seed: int = 0) -> Bot:
    """A bot by name for one seat; an unknown or uninstalled one raises :class:`BadOption` listing the playable ones."""
    bots = catalogue(game)
    if name not in bots:
        raise BadOption(f"no bot {name!r} for {game.id}; the bots are: {', '.join(available(game))}")
    if not bots[name].available():
        raise BadOption(f"bot {name!r} cannot play here: {bots[name].__doc__ or 'it is not installed'} Its program is "
                        f"not installed on this machine; the bots are: {', '.join(available(game))}")
    return bots[name](game, seat, seed)


__all__ = ["Bot", "RandomBot", "available", "best", "catalogue", "make", "play_match"]


def play_match(game: Game, bots: list[Bot], seed: int | None = None, deck: list[str] | None = None,
               record: bool = True) -> tuple[State, Record | None]:
    """Play a whole match between bots (one per seat); return the final state and its record.

    Each bot is shown only its own seat's ``bot_view``. Timed windows are closed as soon as nobody acts. A real-time
    game is played on a virtual clock (:class:`parlour.bots.race.Race`): each bot acts after its reaction time.
    """
    state = game.new(seed=seed, deck=deck)
    rec = Record.start(game, state.seed, deck) if record else None
    if game.realtime:
        from .race import Race

        race = Race(state, dict(enumerate(bots)))
        race.run()
        if rec:
            for seat, text, t in race.log:
                rec.add(seat, text, t)
            rec.scores = list(state.scores)
        return state, rec
    while not state.over:
        seats = state.to_act
        if not seats:
            state.timeout()
            if rec:
                rec.add(None, TIMEOUT, 0, check=state.record_check())
            continue
        seat = seats[0]
        action = state.apply(seat, bots[seat].choose(state.bot_view(seat), state.legal(seat)))
        if rec:
            rec.add(seat, action, 0, check=state.record_check())
    if rec:
        rec.scores = list(state.scores)
    return state, rec
