"""Lessons: a first game that teaches, written as data in the game's folder.

A lesson is a short guided deal (or a short game from a position) against scripted seats, in which every rule a
newcomer needs comes up in play and is explained at the moment it matters. It is a TOML file,
``games/<pkg>/lessons/<game id>.toml``: the stacked deck or start position, and every action to the lesson's end,
in order. The learner's own moves carry ``say`` (what to do, and why) and ``why`` (said when she makes another
move instead); the other seats' moves are played for them, their ``say`` telling what they did::

    title = "Your first deal of Giacomotto"
    players = 2
    you = 0
    seed = 1
    deck = ["7H", "KS", ...]            # a card game's stacked deck; a board game gives setup = "SGF or FEN"
    intro = "Capture cards from the table by matching or adding up to the card you play."
    outro = "What you learned, and what to try next."   # before the first [[step]], as every top-level key


    [[step]]
    move = "capture 7H 7C"              # the learner's (no seat): exactly a text of state.legal(you)
    say = "Your 7♥ matches the 7♣ on the table: take it."
    why = "A matching card is yours to take: capture the 7♣."

    [[step]]
    seat = 1                            # a scripted seat's move
    move = "trail 4D"
    say = "Bora cannot capture, so she lays a card on the table."

    [[step]]
    timeout = true                      # the game's clock runs out here (a snap window closes)

English in the file, translated like every other text: ``scripts/i18n.py`` extracts ``title``, ``intro``, ``say``,
``why`` and ``outro`` into the game's catalogue. A :class:`Tutor` plays a lesson; the terminal (``parlour learn``)
and the server's lesson tables (:mod:`parlour.server.lessons`) present it.

>>> lesson = Lesson.read('''
... title = "Two moves"
... players = 2
... seed = 1
... intro = "Hello."
... [[step]]
... move = "pass"
... say = "Pass."
... why = "Passing is the lesson."
... ''', game="gami")
>>> lesson.title, len(lesson.steps), lesson.steps[0].seat, lesson.you
('Two moves', 1, 0, 0)
"""

from __future__ import annotations

import importlib.resources
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Sequence

from .errors import IllegalAction, ParlourError
from .game import Action, Game, State
from .i18n import Message, game_domains
from .registry import game_class, games, load_with

__all__ = ["Lesson", "LessonError", "Step", "Tutor", "WrongMove", "deck_of", "deck_text", "lessons", "play_step"]

FOLDER = "lessons"
_TOP = {"title", "players", "you", "options", "seed", "deck", "setup", "intro", "step", "outro"}
_STEP = {"move", "seat", "say", "why", "timeout"}


class LessonError(ParlourError):
    """A lesson file that cannot be read or played as written (the message names the file and the step)."""


class WrongMove(IllegalAction):
    """A legal move that is not the one the lesson asks for; its message says why that one is asked."""


@dataclass(frozen=True)
class Step:
    """One action of a lesson: a seat's ``move`` (its text), or the clock running out (``timeout``)."""

    seat: int | None  # None: the game's clock (a timeout)
    move: str | None
    say: str | None = None
    why: str | None = None

    @property
    def timeout(self) -> bool:
        return self.move is None


@dataclass(frozen=True)
class Lesson:
    """A lesson as its file says it (see the module docstring)."""

    game: str
    title: str
    players: int
    you: int
    options: dict[str, Any]
    seed: int
    deck: Any  # a card game's stacked deck (a list), a board game's start position (text), or None
    intro: str
    steps: tuple[Step, ...]
    outro: str = ""
    source: str = field(default="", compare=False)

    # --- reading ---------------------------------------------------------------------------------------------------

    @classmethod
    def path(cls, game_id: str) -> Path | None:
        """Where the lesson of ``game_id`` lives, or None if it has none: the ``lessons/`` folder of its game's
        package, or of its family's (``games/memory/lessons/golf6.toml``)."""
        cls_ = game_class(game_id)
        for package in game_domains(cls_):
            file = importlib.resources.files(package) / FOLDER / f"{cls_.id}.toml"
            if file.is_file():
                return Path(str(file))
        return None

    @classmethod
    def load(cls, game_id: str) -> "Lesson":
        """The lesson of a game by id; :class:`LessonError` (naming the games that have one) if it has none."""
        path = cls.path(game_id)
        if path is None:
            raise LessonError(f"{game_class(game_id).id} has no lesson yet; the games with one are: "
                              f"{', '.join(lessons()) or 'none'}")
        return cls.read(path.read_text(encoding="utf-8"), game=game_class(game_id).id, source=str(path))

    @classmethod
    def read(cls, text: str, game: str, source: str = "<lesson>") -> "Lesson":
        """A lesson from its TOML text; :class:`LessonError` saying what is wrong and where."""
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise LessonError(f"{source}: not TOML: {e}") from None
        unknown = set(data) - _TOP
        if unknown:
            raise LessonError(f"{source}: unknown keys {sorted(unknown)}; a lesson has {sorted(_TOP)}")
        for key in ("title", "players", "intro", "step"):
            if key not in data:
                raise LessonError(f"{source}: a lesson needs {key!r}")
        if "deck" in data and "setup" in data:
            raise LessonError(f"{source}: give a deck (cards) or a setup (a position), not both")
        you = data.get("you", 0)
        if not isinstance(you, int) or not 0 <= you < data["players"]:
            raise LessonError(f"{source}: 'you' is the learner's seat, 0..{data['players'] - 1}")
        steps = []
        for i, s in enumerate(data["step"], 1):
            unknown = set(s) - _STEP
            if unknown & _TOP:
                raise LessonError(f"{source}: step {i} holds {sorted(unknown & _TOP)}: in TOML a key after [[step]] "
                                  "belongs to that step; write the lesson's own keys before the first [[step]]")
            if unknown:
                raise LessonError(f"{source}: step {i}: unknown keys {sorted(unknown)}; a step has {sorted(_STEP)}")
            if s.get("timeout"):
                if "move" in s or "seat" in s or "why" in s:
                    raise LessonError(f"{source}: step {i}: a timeout step has no move, seat or why")
                steps.append(Step(None, None, s.get("say")))
                continue
            if not isinstance(s.get("move"), str):
                raise LessonError(f"{source}: step {i}: 'move' (an action's text) or 'timeout = true' is needed")
            seat = s.get("seat", you)
            if "why" in s and seat != you:
                raise LessonError(f"{source}: step {i}: 'why' is for the learner's moves only")
            steps.append(Step(seat, s["move"], s.get("say"), s.get("why")))
        return cls(game, data["title"], data["players"], you, dict(data.get("options", {})), int(data.get("seed", 0)),
                   data.get("deck", data.get("setup")), data["intro"], tuple(steps), data.get("outro", ""), source)

    # --- playing ---------------------------------------------------------------------------------------------------

    def load_game(self) -> Game:
        return load_with(self.game, self.players, self.options)

    def new_state(self, game: Game | None = None) -> State:
        """The lesson's start: its stacked deck or position dealt."""
        return (game or self.load_game()).new(seed=self.seed, deck=self.deck)

    def start(self) -> "Tutor":
        return Tutor(self)

    def texts(self) -> Iterator[str]:
        """Every text a player reads in this lesson, for the catalogues."""
        yield self.title
        yield self.intro
        for step in self.steps:
            if step.say:
                yield step.say
            if step.why:
                yield step.why
        if self.outro:
            yield self.outro

    # --- what the lesson says and asks at each step (the terminal and the server's lesson tables alike) ---------

    def next(self, step: int) -> Step | None:
        """The step to play once ``step`` steps have been played, or None at the lesson's end."""
        return self.steps[step] if step < len(self.steps) else None

    def expect(self, step: int) -> str | None:
        """The learner's move the lesson asks for after ``step`` steps (its text), or None while a scripted seat
        or the clock is next, and at the end."""
        nxt = self.next(step)
        return nxt.move if nxt is not None and nxt.seat == self.you else None

    def said(self, step: int) -> list[str]:
        """What the lesson says after ``step`` steps: the scripted steps' words since the learner's last move (the
        introduction at the start), then her next move's, or the closing words at the end.

        >>> lesson = Lesson.read('''
        ... title = "t"
        ... players = 2
        ... intro = "Hello."
        ... outro = "Bye."
        ... [[step]]
        ... move = "pass"
        ... say = "Pass."
        ... why = "w"
        ... [[step]]
        ... seat = 1
        ... move = "pass"
        ... say = "She passes too."
        ... ''', game="gami")
        >>> lesson.said(0), lesson.said(1), lesson.said(2)
        (['Hello.', 'Pass.'], [], ['She passes too.', 'Bye.'])
        """
        step = first = min(step, len(self.steps))  # past the end (the game played on): the closing words
        while first > 0 and self.steps[first - 1].seat != self.you:
            first -= 1
        out = [self.intro] if first == 0 else []
        out += [s.say for s in self.steps[first:step] if s.say]
        nxt = self.next(step)
        if nxt is None:
            out += [self.outro] if self.outro else []
        elif nxt.seat == self.you and nxt.say:
            out.append(nxt.say)
        return out

    def refusal(self, step: int, text: str, game: Game) -> Message | None:
        """Why the learner may not make ``text`` after ``step`` steps (a Message), or None if it is the lesson's
        move (or the lesson is over: the game goes on as the game)."""
        nxt = self.next(step)
        if nxt is None:
            return None
        if nxt.seat != self.you:
            return Message("Wait: the lesson is showing another player's move first")
        try:
            wanted = str(game.parse(nxt.move))  # type: ignore[arg-type]
            made = str(game.parse(text))
        except IllegalAction as e:
            return e.message
        if made == wanted:
            return None
        if nxt.why:
            return Message("Not this one. {why}", why=Message(nxt.why))
        return Message("Not this one: this lesson asks for {move}", move=nxt.move)


def lessons() -> list[str]:
    """The ids of the games that have a lesson."""
    return [g for g in games() if Lesson.path(g) is not None]


class Tutor:
    """Plays a lesson on a state of its own: the scripted seats' moves are made for them, the learner is asked
    for hers.

    >>> lesson = Lesson.read('''
    ... title = "A corner"
    ... players = 2
    ... setup = "(;SZ[9])"
    ... options = {size = 9}
    ... intro = "Black plays first."
    ... [[step]]
    ... move = "play C3"
    ... say = "Take a corner: play C3."
    ... why = "Corners are easiest to make safe."
    ... [[step]]
    ... seat = 1
    ... move = "play G7"
    ... say = "White takes another corner."
    ... ''', game="go")
    >>> tutor = lesson.start()
    >>> tutor.advance() == [] and tutor.expect, tutor.said
    ('play C3', ['Black plays first.', 'Take a corner: play C3.'])
    >>> tutor.play("play D4")
    Traceback (most recent call last):
    ...
    parlour.core.lesson.WrongMove: Not this one. Corners are easiest to make safe.
    >>> str(tutor.play("play C3")), tutor.done, tutor.said
    ('play C3', True, ['White takes another corner.'])
    """

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.game = lesson.load_game()
        self.state = lesson.new_state(self.game)
        #: How many of the lesson's steps have been played.
        self.step = 0

    @property
    def next(self) -> Step | None:
        return self.lesson.next(self.step)

    @property
    def done(self) -> bool:
        return self.step >= len(self.lesson.steps)

    @property
    def expect(self) -> str | None:
        return self.lesson.expect(self.step)

    @property
    def said(self) -> list[str]:
        return self.lesson.said(self.step)

    def advance(self) -> list[Step]:
        """Play every scripted step (other seats' moves, timeouts) up to the learner's next move or the end."""
        played = []
        while (step := self.next) is not None and step.seat != self.lesson.you:
            self._apply(step)
            played.append(step)
        return played

    def refusal(self, text: str) -> Message | None:
        return self.lesson.refusal(self.step, text, self.game)

    def play(self, text: str) -> Action:
        """The learner's move: applied if it is the lesson's, else :class:`WrongMove` (or the game's
        :class:`IllegalAction`) saying why, nothing changed; then the scripted seats play on to her next move."""
        why = self.refusal(text)
        if why is not None:
            raise WrongMove(why)
        step = self.next
        action = self._apply(step) if step is not None else self.state.apply(self.lesson.you, text)
        self.advance()
        return action  # type: ignore[return-value]

    def _apply(self, step: Step) -> Action | None:
        self.step += 1
        try:
            return play_step(self.lesson, self.state, step)
        except LessonError as e:
            self.step -= 1
            raise LessonError(f"{self.lesson.source}: step {self.step + 1}: {e}") from None


def play_step(lesson: Lesson, state: State, step: Step) -> Action | None:
    """Play one of the lesson's steps on ``state``; :class:`LessonError` if the lesson is wrong there."""
    try:
        if step.timeout:
            if state.deadline is None:
                raise LessonError("a timeout, but no timed window is open")
            state.timeout()
            return None
        return state.apply(step.seat, step.move)  # type: ignore[arg-type]
    except IllegalAction as e:
        raise LessonError(f"seat {step.seat}'s {step.move!r} cannot be played: {e}") from None


def deck_text(deck: Any) -> str | None:
    """A stacked deck as a table stores it (its start position text): a board game's position as it is, a card
    game's list of codes as JSON.

    >>> deck_text(["AS", "10D"]), deck_text("(;SZ[9])"), deck_text(None)
    ('["AS", "10D"]', '(;SZ[9])', None)
    """
    if deck is None or isinstance(deck, str):
        return deck
    return json.dumps(list(deck))


def deck_of(game: Game | None, setup: str | None) -> Sequence[Any] | str | None:
    """What ``game.new(deck=...)`` takes from a stored start position (:func:`deck_text` read back): a JSON list
    for a card game's stacked deck; any other text (SGF, a Jieqi FEN) as it is. No position text starts with ``[``.

    >>> deck_of(None, '["AS", "10D"]'), deck_of(None, "(;SZ[9])")
    (['AS', '10D'], '(;SZ[9])')
    """
    if setup is not None and setup.startswith("["):
        return json.loads(setup)
    return setup
