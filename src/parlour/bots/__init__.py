"""Bots: the game-agnostic ones here, each game's own in its folder (its ``Game.bots``).

>>> import parlour
>>> from parlour.bots import available
>>> available(parlour.load("testoasa"))      # the game's own, strongest first, then the generic ones
['expert', 'casual', 'novice', 'pimc-fast', 'pimc', 'pimc-deep', 'ismcts-fast', 'ismcts', 'ismcts-deep', 'random']
>>> "pimc" in available(parlour.load("claw"))   # a real-time game: no search bots
False

The generic search bots (:mod:`parlour.bots.pimc`, :mod:`parlour.bots.ismcts`) play every turn-based game, at
three levels; ``make`` also takes any other budget after an ``@``: ``make("pimc@2s", ...)``, ``make("ismcts@400",
...)`` (iterations; see :mod:`parlour.bots.search`).
"""

from __future__ import annotations

from parlour.core.bot import Bot, RandomBot
from parlour.core.errors import BadOption
from parlour.core.game import Game, State
from parlour.core.record import TIMEOUT, Record

GENERIC: dict[str, type[Bot]] = {RandomBot.name: RandomBot}


def _search_bots() -> dict[str, type[Bot]]:
    from .ismcts import ISMCTS_LEVELS
    from .pimc import PIMC_LEVELS

    return {**PIMC_LEVELS, **ISMCTS_LEVELS}


def catalogue(game: Game) -> dict[str, type[Bot]]:
    """Every bot that can play ``game``, by name: the game's own and the generic ones that play it."""
    own = getattr(game, "bots", {})
    generic = {**_search_bots(), **GENERIC}  # the random bot last: the weakest
    return {**own, **{name: cls for name, cls in generic.items()
                      if name not in own and getattr(cls, "plays", lambda g: True)(game)}}


def available(game: Game) -> list[str]:
    """The names of the bots that play ``game`` here: its own, strongest first, then the generic ones (the
    search bots, then ``random``).

    A bot that drives an outside program (GNU Go) is left out where the program is not installed.
    """
    return [name for name, cls in catalogue(game).items() if cls.available()]


def best(game: Game) -> str:
    """The strongest bot that plays ``game`` here: the first available of its own, or ``random``."""
    return available(game)[0]


def default(game: Game) -> str:
    """The level a person is seated against by default (``parlour play``, the lobby, a bot standing in for an
    absent person): the game's ``default_bot`` where it names one that plays here (a real-time game's level that
    reacts at people's speed), else the strongest.

    >>> import parlour
    >>> default(parlour.load("spoons")), best(parlour.load("spoons")), default(parlour.load("gami"))
    ('steady', 'sharp', 'alphabeta')
    """
    names = available(game)
    return game.default_bot if game.default_bot in names else names[0]


def bot_class(name: str, game: Game) -> type[Bot]:
    """A bot's class by name, ``NAME@BUDGET`` giving a search bot another budget, ``policy:FILE`` a trained policy
    (:mod:`parlour.ai.policy`, for programs: the server seats only the listed bots); an unknown or uninstalled one
    raises :class:`BadOption` listing the playable ones."""
    if name.startswith("policy:"):
        from parlour.ai.policy import policy_bot_class

        return policy_bot_class(name[len("policy:"):], game)
    bots = catalogue(game)
    base, at, spec = name.partition("@")
    if base not in bots:
        raise BadOption(f"no bot {base!r} for {game.id}; the bots are: {', '.join(available(game))}")
    cls = bots[base]
    if not cls.available():
        raise BadOption(f"bot {base!r} cannot play here: {cls.__doc__ or 'it is not installed'} Its program is "
                        f"not installed on this machine; the bots are: {', '.join(available(game))}")
    if at:
        if not hasattr(cls, "with_budget"):
            raise BadOption(f"bot {base!r} takes no budget: only search bots do ({base}@300ms is not a bot)")
        cls = cls.with_budget(spec)
    return cls


def make(name: str, game: Game, seat: int, seed: int = 0) -> Bot:
    """A bot by name for one seat; an unknown or uninstalled one raises :class:`BadOption` listing the playable ones."""
    return bot_class(name, game)(game, seat, seed)


__all__ = ["Bot", "RandomBot", "available", "best", "bot_class", "catalogue", "default", "make", "play_match"]


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
