"""Every game's lesson (``games/<pkg>/lessons/<id>.toml``) plays to its end as written, and teaches as it goes:
each of the learner's moves says what to do and why any other is not the one, another move is refused with that
reason and changes nothing, and every step is played by a seat that is to act then."""

from __future__ import annotations

import pytest

import parlour
from parlour.core.errors import IllegalAction
from parlour.core.lesson import Lesson, LessonError, WrongMove, lessons

LESSONS = lessons()


def test_the_format_refuses_what_it_cannot_play() -> None:
    with pytest.raises(LessonError, match="unknown keys"):
        Lesson.read('title = "x"\nplayers = 2\nintro = "x"\nhint = 1\n[[step]]\nmove = "pass"', game="gami")
    with pytest.raises(LessonError, match="'why' is for the learner"):
        Lesson.read('title = "x"\nplayers = 2\nintro = "x"\n[[step]]\nseat = 1\nmove = "pass"\nwhy = "no"', game="gami")
    missing = [g for g in parlour.games() if g not in LESSONS]
    if missing:  # (once every game has a lesson, test_parlour_learn_names... checks an unknown game instead)
        with pytest.raises(LessonError, match="has no lesson yet"):
            Lesson.load(missing[0])


@pytest.mark.parametrize("game_id", LESSONS)
def test_the_lesson_plays_to_its_end(game_id: str) -> None:
    lesson = Lesson.load(game_id)
    tutor = lesson.start()
    tutor.advance()
    asked = 0
    while not tutor.done:
        step = tutor.next
        assert step is not None and step.seat == lesson.you, "advance() stops only at the learner's move"
        assert step.say and step.why, f"step {tutor.step + 1}: the learner's move says what to do and why"
        assert lesson.you in tutor.state.to_act, f"step {tutor.step + 1}: the learner is to act"
        legal = [str(a) for a in tutor.state.legal(lesson.you)]
        assert step.move in legal, f"step {tutor.step + 1}: {step.move!r} is not legal; legal: {legal[:12]}"
        other = next((m for m in legal if m != step.move), None)
        if other is not None:  # another legal move is refused with the lesson's reason, and nothing changes
            before = tutor.state.view(lesson.you)
            with pytest.raises(WrongMove) as refused:
                tutor.play(other)
            assert str(refused.value) and tutor.state.view(lesson.you) == before and tutor.expect == step.move
        tutor.play(step.move)
        asked += 1
    assert asked >= 3, "a lesson asks the learner for a few moves at least"
    assert tutor.step == len(lesson.steps)


@pytest.mark.parametrize("game_id", LESSONS)
def test_every_step_is_its_seats_turn(game_id: str) -> None:
    lesson = Lesson.load(game_id)
    state = lesson.new_state()
    for i, step in enumerate(lesson.steps, 1):
        if step.timeout:
            assert state.deadline is not None, f"step {i}: a timeout where no window is open"
            state.timeout()
            continue
        assert step.seat in state.to_act, f"step {i}: seat {step.seat} is not to act (to act: {state.to_act})"
        try:
            state.apply(step.seat, step.move)
        except IllegalAction as e:
            pytest.fail(f"step {i}: {e}")


def test_every_game_has_a_lesson() -> None:
    assert sorted(LESSONS) == sorted(parlour.games())


@pytest.mark.parametrize("game_id", LESSONS)
def test_parlour_learn_plays_the_lesson_in_the_terminal(game_id: str) -> None:
    """``parlour learn GAME`` to its end, the learner typing a wrong move first (told why, in words), then each of
    the lesson's moves by its text."""
    from click.testing import CliRunner

    from parlour.cli import main

    lesson = Lesson.load(game_id)
    moves = [s.move for s in lesson.steps if s.seat == lesson.you]
    tutor = lesson.start()
    tutor.advance()
    wrong = next((str(a) for a in tutor.state.legal(lesson.you) if str(a) != moves[0]), None)
    typed = ([wrong] if wrong else []) + moves
    result = CliRunner().invoke(main, ["learn", game_id, "--lang", "en"], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    assert "The lesson is over" in result.output, result.output[-2000:]
    if wrong:
        assert "Not this one" in result.output
    if lesson.outro:  # its closing words are said (the panel wraps lines only between words)
        assert " ".join(lesson.outro.split()[:2]) in result.output


def test_parlour_learn_names_the_games_with_a_lesson_for_one_without() -> None:
    from click.testing import CliRunner

    from parlour.cli import main

    missing = [g for g in parlour.games() if g not in LESSONS]
    if not missing:  # every game has one: an unknown game is refused instead, naming the games
        result = CliRunner().invoke(main, ["learn", "no-such-game"])
        assert result.exit_code != 0 and "giacomotto" in result.output
        return
    result = CliRunner().invoke(main, ["learn", missing[0], "--lang", "en"])
    assert result.exit_code != 0 and "has no lesson yet" in result.output
