"""``parlour learn GAME``: the game's first lesson in the terminal (:mod:`parlour.core.lesson`).

The table is drawn as in ``parlour play``; above the moves, what the lesson says now, and the move it asks for
marked with an arrow. Another move is answered with why it is not the one, and nothing changes.
"""

from __future__ import annotations

import click
from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from parlour.core.errors import IllegalAction
from parlour.core.i18n import game_translator, translator
from parlour.core.lesson import Lesson, LessonError, Tutor, lessons
from parlour.core.terminal import Seats

from . import render
from .lang import lang_option
from .play import QUIT
from .setup import UsageProblem, game_type
from .timed import ask_within

tr = translator(__name__)


class TerminalLesson:
    """One lesson at this terminal: ``ask(prompt)`` reads the learner's line."""

    def __init__(self, console: Console, tutor: Tutor, ask) -> None:  # type: ignore[no-untyped-def]
        self.console, self.tutor, self.ask = console, tutor, ask
        lesson = tutor.lesson
        self.words = game_translator(type(tutor.game))
        self.seats = Seats(tuple("human" if s == lesson.you else None for s in range(lesson.players)),
                           lesson.you, game=tutor.game.id)
        self.seen = 0  # events the learner has seen

    def say(self) -> None:
        """What the lesson says now, in a box."""
        if self.tutor.said:
            lines = [Text(self.words.t(text)) for text in self.tutor.said]
            self.console.print(Panel(Group(*lines), title=self.words.t(self.tutor.lesson.title), border_style="cyan"))

    def run(self) -> bool:
        """Play the lesson to its end (True) or until the learner quits (False)."""
        tutor, lesson, console = self.tutor, self.tutor.lesson, self.console
        tutor.advance()
        while not tutor.done:
            state = tutor.state
            view = state.view(lesson.you)
            events = state.visible_events(lesson.you, state.events[self.seen:])
            self.seen = len(state.events)
            console.print(render.turn_screen(view, self.seats, events))
            self.say()
            expect = tutor.expect
            legal = [str(a) for a in state.legal(lesson.you)]
            number = legal.index(expect) + 1 if expect in legal else None
            console.print(Text(tr.t("→ The lesson's move: {number}. {move}", number=number, move=expect),
                               style="bold green"))
            while True:
                answer = (self.ask(tr.t("Your move (number or text; q quits):") + " ") or "").strip()
                if answer.lower() in QUIT:
                    return False
                text = legal[int(answer) - 1] if answer.isdigit() and 1 <= int(answer) <= len(legal) else answer
                try:
                    tutor.play(text)
                except IllegalAction as e:
                    console.print(Text(self.words.message(e.message), style="yellow"))
                    continue
                break
        view = tutor.state.view(lesson.you)
        console.print(render.turn_screen(view, self.seats, tutor.state.visible_events(lesson.you,
                                                                                    tutor.state.events[self.seen:])))
        self.say()
        return True


@click.command()
@click.argument("game_id", metavar="GAME")
@lang_option
def learn(game_id: str) -> None:
    """Learn GAME: a short guided first game against scripted players, every rule explained as it comes up."""
    game_id = game_type(game_id).id
    if Lesson.path(game_id) is None:
        raise UsageProblem(tr.t("{game} has no lesson yet; the games with one: {games}", game=game_id,
                                games=", ".join(lessons())))
    try:
        lesson = Lesson.load(game_id)
    except LessonError as e:
        raise click.ClickException(str(e)) from None
    console = Console(highlight=False)
    words = game_translator(type(lesson.load_game()))
    console.print(f"[bold]{words.t(lesson.title)}[/bold]")
    finished = TerminalLesson(console, lesson.start(), lambda prompt: ask_within(console, prompt, None)).run()
    if finished:
        console.print(tr.t("The lesson is over. Play a whole game with: parlour play {game}", game=game_id))
    else:
        console.print(tr.t("You left the lesson. Start again with: parlour learn {game}", game=game_id))

