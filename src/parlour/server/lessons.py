"""Lesson tables: a game's first lesson (:mod:`parlour.core.lesson`) played at a table in the browser.

A lesson table is a table like any other (its log, its replay after a restart, its record) whose settings name
the lesson. While the lesson lasts, its guide leads the table instead of the clocks and the bots: the scripted
seats' moves and the timed windows' ends are played at a person's pace, one at a time, the learner's moves other
than the lesson's are refused with the lesson's reason, and every state sent says what the lesson says now and
which move it asks for (the page highlights it). Once its last step is played the table plays on as the game,
its other seats the game's default bot.

The step reached is the table's version (its count of moves and timeouts): a lesson table starts at the lesson's
start, and each step is one move or one timeout.
"""

from __future__ import annotations

from typing import Any

from parlour.bots import default
from parlour.core.game import Game
from parlour.core.i18n import Message
from parlour.core.lesson import Lesson, Step, deck_text

#: Seconds between two scripted steps by default: about a person's pace, so that each can be followed.
PACE = 1.0


class LessonGuide:
    """What the lesson of a lesson table says and allows at each step."""

    def __init__(self, lesson: Lesson, pace: float = PACE) -> None:
        self.lesson, self.pace = lesson, pace

    @classmethod
    def of(cls, settings: dict[str, Any]) -> "LessonGuide | None":
        """The guide of a table whose settings name a lesson (``{"lesson": "tarok", "lesson_pace": 1.0}``)."""
        game_id = settings.get("lesson")
        if not game_id:
            return None
        return cls(Lesson.load(game_id), float(settings.get("lesson_pace", PACE)))

    def leads(self, step: int) -> bool:
        """Whether the lesson still leads the table after ``step`` steps."""
        return step < len(self.lesson.steps)

    def scripted(self, step: int) -> Step | None:
        """The step the guide plays itself now (a scripted seat's move, a timeout), or None."""
        nxt = self.lesson.next(step)
        return nxt if nxt is not None and nxt.seat != self.lesson.you else None

    def refusal(self, seat: int, step: int, text: str, game: Game) -> Message | None:
        """Why the learner's ``text`` is not the lesson's move now (None: it is, or the lesson is over)."""
        if seat != self.lesson.you or not self.leads(step):
            return None
        return self.lesson.refusal(step, text, game)

    def summary(self, step: int) -> dict[str, Any]:
        """What every state of the table carries of the lesson (``table.lesson``, docs/protocol.md): its title,
        how far it is, what it says now (English, translated by the page from the game's catalogue) and the move it
        asks for."""
        lesson = self.lesson
        return {"title": lesson.title, "you": lesson.you, "step": min(step, len(lesson.steps)),
                "steps": len(lesson.steps), "said": lesson.said(step), "expect": lesson.expect(step),
                "done": not self.leads(step)}


def lesson_table(lesson: Lesson, pace: float = PACE) -> dict[str, Any]:
    """The arguments of :meth:`.lobby.Lobby.create` for a table of ``lesson``: the learner's seat a person's, the
    others the game's default bot (which plays them once the lesson is over), the lesson's deck or position."""
    from .lobby import SeatSpec

    game = lesson.load_game()
    level = default(game)
    seats = [SeatSpec("human") if s == lesson.you else SeatSpec("bot", level) for s in range(lesson.players)]
    return {"game_id": lesson.game, "players": lesson.players, "options": dict(lesson.options), "seats": seats,
            "seed": lesson.seed, "stacked": deck_text(lesson.deck),
            "settings": {"lesson": lesson.game, "lesson_pace": pace}}
