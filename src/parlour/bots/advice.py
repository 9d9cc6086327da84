"""Advice for a person: a hint (the strongest bot's move for the seat, and what each move is worth) and a review
of a deal (the person's decisions, costliest first), both from what the seat knew, never the true state.

A hint asks the game's strongest bot (:func:`parlour.bots.best`) to weigh the seat's moves from its view; where that
bot has no values of its own (``weigh``), the determinized search (:mod:`parlour.bots.pimc`) values them. A whole
move made in steps (a Giacomotto capture: card, groups, done) is named whole (:attr:`Advice.move`) and
:attr:`Advice.first` is the step to make now.

A review replays a record and, at each decision of the seat with two choices or more, weighs the choices from the
seat's view as it was then (its memory fed with every view the seat saw, so that a peeked card is remembered), and
sets the value of the move made beside the best.

What they are given is what the seat may know: ``state.bot_view(seat)`` (its view, with the face-down cards a memory
game's seat has seen) and ``state.legal(seat)``; the server and the terminal never pass the true state.

The budget is per decision: a time (``300ms``), iterations (``64``: worlds for the determinized search, simulations
for Go's tree, thousands of nodes for the board games' searches, sampled deals for Zole's), or both (``64+300ms``):
iterations make a hint the same on every machine (tests use them). ``python -m bench review`` measures a review's
time per deal and how often its best move stands at ten times the budget.

>>> import parlour
>>> game = parlour.load("giacomotto")
>>> state = game.new(seed=4)
>>> seat = state.to_act[0]
>>> advice = advise(game, seat, state.view(seat), state.legal(seat), budget="8")
>>> advice.first in [str(a) for a in state.legal(seat)], advice.unit, advice.samples
(True, 'points', 8)
>>> advice.choices[0].move == advice.move
True
"""

from __future__ import annotations

import copy
import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from parlour.core.cards import Card
from parlour.core.errors import ParlourError
from parlour.core.game import Action, Game, State
from parlour.core.i18n import Message, N_
from parlour.core.record import TIMEOUT, Record, table_entry

from .hooks import SearchHooks, hooks_for
from .search import Budget, SearchBot, budget as read_budget

__all__ = ["Advice", "Choice", "Decision", "advise", "remember", "review", "shown", "Unadvisable"]

#: How many choices a hint lists (the best first).
CHOICES = 3


class Unadvisable(ParlourError):
    """A game no hint or review can be given for (a real-time game: the fastest hand wins, there is nothing to
    weigh); its message says why: :attr:`message`, a Message the terminal and the page translate."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:  # pickled with its Message (from a bot worker's process)
        return (type(self), (self.message,))


@dataclass(frozen=True)
class Choice:
    """One move and what it is worth to the seat."""

    move: str
    value: float

    def as_json(self) -> dict[str, Any]:
        return {"move": self.move, "value": round(self.value, 3)}


@dataclass(frozen=True)
class Advice:
    """A hint: the best whole move, its first step, the best few choices with their values, and why in words."""

    move: str
    first: str
    choices: list[Choice]
    unit: str
    why: Message
    samples: int

    def as_json(self) -> dict[str, Any]:
        return {"move": self.move, "first": self.first, "choices": [c.as_json() for c in self.choices],
                "unit": self.unit, "why": self.why.to_wire(), "samples": self.samples}


@dataclass(frozen=True)
class Decision:
    """One decision of a person in a deal, valued from what they knew then."""

    index: int
    where: Message
    played: str
    best: str
    played_value: float
    best_value: float
    loss: float
    why: Message

    def as_json(self) -> dict[str, Any]:
        return {"index": self.index, "where": self.where.to_wire(), "played": self.played, "best": self.best,
                "played_value": round(self.played_value, 3), "best_value": round(self.best_value, 3),
                "loss": round(self.loss, 3), "why": self.why.to_wire()}


# --- words ---------------------------------------------------------------------------------------------------------

def shown(text: str) -> str:
    """A move's text with its cards as people read them (suit symbols), the rest as it is.

    >>> shown("capture KH 8C+5D"), shown("bid 110"), shown("play T21")
    ('capture K♥ 8♣+5♦', 'bid 110', 'play T21')
    """
    def one(word: str) -> str:
        try:
            return Card.parse(word).display
        except (ParlourError, ValueError, KeyError, IndexError):
            return word

    return " ".join("+".join(one(w) for w in word.split("+")) for word in text.split(" "))


def _number(value: float) -> str:
    return f"{value:.1f}"


def _why_hint(move: str, value: float, unit: str, samples: int, second: Choice | None) -> Message:
    if unit == "winrate":
        return Message(N_("{move}: it wins about {rate}% of the games played on from here"), move=shown(move),
                       rate=round(100 * value))
    if second is None:
        return Message(N_("{move} is the only move worth weighing here"), move=shown(move))
    return Message(N_("{move} is worth about {value} points; the next best, {other}, about {other_value}"),
                   move=shown(move), value=_number(value),
                   other=shown(second.move), other_value=_number(second.value))


def _why_decision(played: str, best: str, loss: float, unit: str) -> Message:
    if played == best:
        return Message(N_("{played} was the best move"), played=shown(played))
    if unit == "winrate":
        return Message(N_("{played} lost about {loss}% of the chances to win; {best} was better"),
                       played=shown(played), loss=round(100 * loss), best=shown(best))
    return Message(N_("{played} lost about {loss} points on average; {best} was better"),
                   played=shown(played), loss=_number(loss), best=shown(best))


# --- the engine: who weighs the moves ------------------------------------------------------------------------------

class _Weigher:
    """Weighs a seat's moves for advice, the game's strongest bot deciding.

    Where that bot has values of its own (a ``weigh`` method: the determinized search, Zole's and the board games'
    searches, Go's tree search) they are its values; a bot without (a heuristic player: the memory games' expert,
    Tysiąc's, Skelly's ace) names its move, and the determinized search values it and the others.
    """

    def __init__(self, game: Game, seat: int, spec: Budget, seed: int, memory: dict[str, Any]) -> None:
        from . import available, bot_class
        from .pimc import PIMCBot

        if game.realtime:
            raise Unadvisable(Message(N_("{game} is played in real time: the fastest hand wins, so there is no move "
                                         "to weigh and no hint or review"), game=game.title))
        self.spec = spec
        names = available(game)
        cls = bot_class(names[0], game)
        self.chooser = None
        if not hasattr(cls, "weigh"):
            # GNU Go has no values to give: the next bot of the game that has some (Go's tree search) weighs.
            valued = [bot_class(n, game) for n in names[1:] if hasattr(bot_class(n, game), "weigh")
                      and not issubclass(bot_class(n, game), SearchBot)]
            if valued:
                cls = valued[0]
            else:
                self.chooser = cls(game, seat, seed)
                cls = PIMCBot
        self.bot = self._made(cls, game, seat, seed)
        self.bot.memory = memory
        self.fallback = self.bot if isinstance(self.bot, SearchBot) else None
        self.unit = getattr(self.bot, "unit", "points")
        self.ranked = getattr(self.bot, "ranked", False)

    def _made(self, cls: type, game: Game, seat: int, seed: int) -> Any:
        """The bot with the advice's budget (a game's own bot reads it from ``budget`` in its ``weigh``)."""
        if issubclass(cls, SearchBot):
            return cls.with_budget(self.spec)(game, seat, seed)
        bot = cls(game, seat, seed)
        bot.budget = self.spec
        return bot

    def see(self, view: Mapping[str, Any]) -> None:
        """Show the chooser a view the seat saw (a heuristic bot that remembers peeks reads them from it)."""
        observe = getattr(self.chooser, "observe", None)
        if observe is not None:
            observe(dict(view))

    def _pimc(self) -> Any:
        if self.fallback is None:
            from .pimc import PIMCBot

            self.fallback = PIMCBot.with_budget(self.spec)(self.bot.game, self.bot.seat, 0)
            self.fallback.memory = getattr(self.bot, "memory", {})
        return self.fallback

    def weigh(self, view: dict[str, Any], legal: list[Action], moves: list[Action] | None = None,
              also: list[Action] | None = None) -> tuple[list[tuple[Any, float]], int, Any]:
        """The moves with their values, best first, the samples used, and the move the advice names.

        ``moves``: exactly these for the determinized search (its own list and a move it lacks); ``also``: moves a
        game's own bot values beside its own (the move a person made), which the determinized search leaves out.
        A game's own bot reads its ``moves`` argument as "these too".
        """
        deadline = self.spec.deadline(time.perf_counter())
        bot = self.bot
        own = not isinstance(bot, SearchBot)
        weighed = bot.weigh(view, legal, deadline, (moves or []) + (also or []) if own and (moves or also) else moves)
        if weighed is None:  # the bot has no values in this phase (Zole's bidding): its move, the search's values
            choice = self.bot.choose(view, legal)
            bot = self._pimc()
            weighed = bot.weigh(view, legal, self.spec.deadline(time.perf_counter()), moves)
            weighed = [mv for mv in weighed if math.isfinite(mv[1]) or str(mv[0]) == str(choice)] or weighed[:1]
            weighed = sorted(weighed, key=lambda mv: (str(mv[0]) != str(choice), -mv[1]))
            return weighed, int(bot.stats.get("iterations", 0)), weighed[0][0]
        # a move the search had no time to value even once (its first world ran out) is left out, not shown at -inf
        weighed = [mv for mv in weighed if math.isfinite(mv[1])] or list(weighed)[:1]
        ranked = list(weighed) if self.ranked else sorted(weighed, key=lambda mv: -mv[1])
        samples = int(getattr(bot, "stats", {}).get("iterations", 0))
        named = ranked[0][0]
        if self.chooser is not None:
            choice = self.chooser.choose(dict(view), legal)
            found = [mv for mv in ranked if str(mv[0]) == str(choice)]
            if found:
                named = found[0][0]
                ranked = found + [mv for mv in ranked if mv is not found[0]]
        return ranked, samples, named


def remember(game: Game, view: Mapping[str, Any], memory: dict[str, Any]) -> None:
    """Note in ``memory`` what ``view`` shows (a card peeked at): feed it every view the seat sees, and pass the
    same dict to :func:`advise`, so that a hint remembers what the seat saw."""
    hooks_for(game).observe(memory, view)


def _first(hooks: SearchHooks, game: Game, view: Mapping[str, Any], legal: list[Action], move: Action,
           memory: dict[str, Any]) -> str:
    """The step of ``legal`` that begins ``move`` (on a copy of the memory: a hint plans nothing)."""
    scratch = copy.deepcopy(memory, {id(game): game, id(hooks): hooks})
    return str(hooks.step(view, legal, move, scratch))


def advise(game: Game, seat: int, view: dict, legal: list[Action], *, budget: str = "300ms", seed: int = 0,
           memory: dict | None = None) -> Advice:
    """The hint for ``seat`` from its ``view`` and ``legal`` actions: the best whole move, its first step, the best
    few choices with their values. ``memory``: what the seat saw before (:func:`remember`), kept by the caller.

    A real-time game raises :class:`Unadvisable` saying why.
    """
    memory = {} if memory is None else memory
    weigher = _Weigher(game, seat, read_budget(budget), seed, memory)
    hooks = hooks_for(game)
    remember(game, view, memory)
    if not legal:
        raise Unadvisable(Message(N_("it is not your turn: there is no move to hint")))
    weigher.see(view)
    ranked, samples, best_move = weigher.weigh(view, legal)
    best_value = ranked[0][1]
    choices = [Choice(str(m), v) for m, v in ranked[:CHOICES]]
    second = choices[1] if len(choices) > 1 else None
    explain = getattr(weigher.bot, "explain", None)  # a game that says more of its move (Skelly: where it lands)
    why = explain(view, best_move) if explain else _why_hint(str(best_move), best_value, weigher.unit, samples, second)
    return Advice(str(best_move), _first(hooks, game, view, legal, best_move, memory), choices, weigher.unit, why,
                  samples)


# --- the review ----------------------------------------------------------------------------------------------------

@dataclass
class _Turn:
    """A decision found in the record: where it starts, the steps the seat made, the deal it is in."""

    index: int
    steps: list[str] = field(default_factory=list)


def _apply(state: State, entry: Mapping[str, Any]) -> bool:
    """Apply a record's entry; False for the table's own entries, which change nothing."""
    if entry["seat"] is None:
        if table_entry(entry["action"]):
            return False
        if entry["action"] == TIMEOUT:
            state.timeout()
            return True
    state.apply(entry["seat"], entry["action"])
    return True


def _continuing(hooks: SearchHooks, view: Mapping[str, Any]) -> bool:
    """Whether the seat is inside a whole move it began (a capture's steps), by the hooks' word."""
    return hooks.continuing(view)


#: Phases of the card games (their views' ``phase``) said as "the auction" and as "the talon".
AUCTION = ("bid", "auction", "call", "announce", "contract", "kontra")
TALON = ("talon", "discard", "exchange", "give", "raise", "skat", "musik", "widow")


def _where(hooks: SearchHooks, view: Mapping[str, Any], state: State, moves_in_deal: int) -> Message:
    """Where a decision was, in the game's words: "trick 7" in the play of a trick-taking game, "the auction",
    "the talon", else "move 34" (Go counts the game's moves; a board game never hears of cards)."""
    said = getattr(hooks, "where", None)
    if said is not None and (found := said(view)) is not None:
        return found
    phase = str(view.get("phase") or "").lower()
    tricks = view.get("tricks")
    if "trick" in view and isinstance(tricks, list) and all(isinstance(t, int) for t in tricks):
        if any(word in phase for word in AUCTION):
            return Message(N_("the auction"))
        if any(word in phase for word in TALON):
            return Message(N_("the talon"))
        if phase in ("play", "playing", "tricks", ""):
            return Message(N_("trick {n}"), n=sum(tricks) + 1)
    if isinstance(view.get("moves"), int):  # Go: the game's own move number
        return Message(N_("move {n}"), n=view["moves"] + 1)
    if isinstance(view.get("plies"), int):
        return Message(N_("move {n}"), n=view["plies"] + 1)
    return Message(N_("move {n}"), n=moves_in_deal + 1)


def _turns(game: Game, rec: Record, seat: int, deal: int | None) -> list[_Turn]:
    """The seat's decisions with two choices or more, each with its steps (a cheap replay, no search)."""
    hooks = hooks_for(game)
    state = game.new(seed=rec.seed, deck=rec.deck)
    turns: list[_Turn] = []
    current: _Turn | None = None
    for i, entry in enumerate(rec.actions):
        mine = entry["seat"] == seat
        if mine and current is not None and _continuing(hooks, state.view(seat)):
            current.steps.append(entry["action"])
        elif mine and (deal is None or len(state.sheet.rows) == deal) and len(state.legal(seat)) > 1:
            current = _Turn(i, [entry["action"]])
            turns.append(current)
        else:
            current = None if entry["seat"] is not None else current
        _apply(state, entry)
    return turns


def _played(weigher: _Weigher, game: Game, hooks: SearchHooks, view: dict[str, Any], legal: list[Action],
            weighed: list[tuple[Action, float]], steps: list[str], rng_seed: int) -> Action | tuple[str, ...] | None:
    """Which weighed move the seat's ``steps`` made, or None when none is (then it is weighed on its own)."""
    texts = {str(m): m for m, _ in weighed}
    if len(steps) == 1 and steps[0] in texts:
        return texts[steps[0]]
    if len(steps) > 1:
        from parlour.core.rng import Rng

        world = hooks.determinize(view, Rng(rng_seed), weigher.bot.memory)
        seat = view["seat"]
        made = world.clone()
        try:
            for s in steps:
                made.apply(seat, s)
        except ParlourError:
            return None
        after = made.view(seat)
        for m, _ in weighed:
            line = world.clone()
            try:
                hooks.play(line, seat, m)
            except ParlourError:
                continue
            if line.view(seat) == after:
                return m
    return None


def review(game: Game, record: dict, seat: int, *, deal: int | None = None, budget: str = "300ms", seed: int = 0,
           progress: Callable[[int, int], None] | None = None) -> list[Decision]:
    """The decisions of ``seat`` in the record (in deal ``deal`` only, counted from 0, where given), each valued from
    the seat's view then within ``budget``, costliest first. ``progress(done, total)`` is called after each."""
    rec = Record.from_dict(record) if isinstance(record, dict) else record
    if game is None or (game.id, game.players, dict(game.options)) != (rec.game, rec.players, dict(rec.options)):
        game = rec.make_game()
    hooks = hooks_for(game)
    turns = _turns(game, rec, seat, deal)
    memory: dict[str, Any] = {}
    weigher = _Weigher(game, seat, read_budget(budget), seed, memory)
    state = game.new(seed=rec.seed, deck=rec.deck)
    by_index = {t.index: t for t in turns}
    out: list[Decision] = []
    done = 0
    rows, in_deal = len(state.sheet.rows), 0
    for i, entry in enumerate(rec.actions):
        if len(state.sheet.rows) != rows:
            rows, in_deal = len(state.sheet.rows), 0
        view = state.bot_view(seat)
        hooks.observe(memory, view)
        weigher.see(view)
        turn = by_index.get(i)
        if turn is not None:
            legal = state.legal(seat)
            # A game's own bot values the move made beside its own (``moves``: these too); the determinized
            # search values exactly the moves it is given, so it is asked again only for a move it does not list.
            also = None
            if len(turn.steps) == 1:
                also = [next((a for a in legal if str(a) == turn.steps[0]), None) or game.parse(turn.steps[0])]
            weighed, _, best_move = weigher.weigh(view, legal, also=also)
            played = _played(weigher, game, hooks, view, legal, weighed, turn.steps, seed + i)
            if played is None:
                extra = turn.steps[0] if len(turn.steps) == 1 else tuple(turn.steps)
                moves = [m for m, _ in weighed] + [game.parse(extra) if isinstance(extra, str) else extra]
                weighed, _, best_move = weigher.weigh(view, legal, moves)
                played = next((m for m, _ in weighed if m == played or str(m) == str(played)), moves[-1])
            value = {str(m): v for m, v in weighed}
            best_value = value[str(best_move)]
            played_value = value.get(str(played), best_value)
            played_text = str(played) if not isinstance(played, tuple) else " ".join(played)
            loss = max(0.0, best_value - played_value)
            out.append(Decision(i, _where(hooks, view, state, in_deal), played_text, str(best_move), played_value,
                                best_value, loss, _why_decision(played_text, str(best_move), loss, weigher.unit)))
            done += 1
            if progress:
                progress(done, len(turns))
        if _apply(state, entry):
            in_deal += 1
    out.sort(key=lambda d: (-d.loss, d.index))
    return out
