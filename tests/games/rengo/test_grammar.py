"""In every language, a sentence about you is its own sentence: the table and the terminal never put "You" into a
sentence made for a third person ("You marks the dead stones"). Each event of a game is told twice in each of the
seven languages, to the player it is about and to a spectator who sees that player as "Seat N". A line for you that
is, in every language, the spectator's line with "Seat N" replaced by that language's "You" was made from the
third person's sentence: the code must take a sentence of its own. (One language alone cannot tell: English "You
passed" and "Seat 1 passed", Latvian "tu atzīmē" and "viņš atzīmē" are rightly alike; Polish "Spasowałeś" and
"{who} spasował" are not.) And no line for you is left in English."""

from __future__ import annotations

import pytest
from browser import open_page

import parlour
from parlour.core.i18n import LANGUAGES, set_language, translator
from parlour.core.terminal import Seats, plain
from parlour.games.rengo.terminal import event_line

from .helpers import play

core = translator("parlour.core.terminal")

def rengo_events() -> tuple[list[dict], dict]:
    """A casual Rengo game with every kind of event: handicap, stones, a capture, a player resigning and leaving, passes,
    the count (dead and alive marks, acceptances, resuming play), a team resigning; and the last view."""
    state = parlour.load("rengo", size=9, handicap=2, mode="casual").new(seed=1)
    play(state, "play E5", "play D5", "play D4", "play E4", "play D6", "play E6", "play C5", "resign", "play F5",
         "pass", "pass", "dead E4", "alive E4", "dead E4", "accept", "resume", "play J9", "pass", "pass", "accept",
         "accept")
    return state.events, state.view(None)


def go_events() -> tuple[list[dict], dict]:
    """A game of Go: stones, passes, the count, the end."""
    state = parlour.load("go", size=9).new(seed=1)
    play(state, "play E5", "play C3", "pass", "pass", "dead C3", "accept", "resume", "pass", "pass", "accept",
         "accept")
    return state.events, state.view(None)


def about(e: dict) -> int | None:
    """The seat an event is about: its player, or the player who marks first when play stops."""
    return e.get("marker") if e["type"] == "stop" else e.get("seat")


def made_from_the_third_person(told: dict[str, list[tuple[str, str | None, int]]]) -> list[str]:
    """The English lines for you that every language made from the spectator's line: ``told`` holds, per language,
    (the line for you, the spectator's line, the seat) for each event, in the same order; ``names`` below."""
    wrong = []
    for i, (english, _, _) in enumerate(told["en"]):
        # "You: Black E5", a name as a label before a colon, is no sentence: no verb agrees with it
        same = [mine == theirs.replace(names[lang][seat], names[lang]["you"])
                for lang, lines in told.items() for mine, theirs, seat in [lines[i]]
                if theirs is not None and names[lang][seat] in theirs and not theirs.startswith(names[lang][seat] + ":")]
        if same and all(same):
            wrong.append(english)
        wrong += [f"{lang} not translated: {lines[i][0]}" for lang, lines in told.items()
                  if lang != "en" and lines[i][0] == english and not english.startswith("You: ")]
    return wrong


#: Per language: "You" and each "Seat N", as the terminal and the table name seats.
names: dict[str, dict] = {}


def _names() -> None:
    for lang in LANGUAGES:
        set_language(lang)
        names[lang] = {"you": core.t("You"), **{n: core.t("Seat {n}", n=n) for n in range(16)}}
    set_language("en")


@pytest.mark.parametrize("events", [go_events, rengo_events], ids=["go", "rengo"])
def test_the_terminal_tells_you_what_you_did_in_your_own_words(events):
    _names()
    log, view = events()
    told: dict[str, list] = {}
    for lang in LANGUAGES:
        set_language(lang)
        told[lang] = []
        for e in log:
            seat = about(e)
            if seat is None:
                continue
            tell = lambda viewer: plain(event_line(e, Seats.anonymous(view["players"], viewer=viewer).with_view(view)),
                                        width=300)
            told[lang].append((tell(seat), tell(None), seat))
    assert made_from_the_third_person(told) == []


def test_the_table_tells_you_what_you_did_in_your_own_words(parlour_server, browser):
    _names()
    cases = {}
    for name, events in (("go", go_events), ("rengo", rengo_events)):
        log, view = events()
        cases[name] = {"log": [e for e in log if about(e) is not None], "view": view}
    tell = """async (cases) => {
        const lines = [];
        for (const [game, { log, view }] of Object.entries(cases)) {
          const m = await import(`/games/${game}/table.js`);
          const seats = Array.from({ length: view.players }, (_, seat) => ({ seat, kind: 'human' }));
          const ctx = (seat) => ({ seat, view, table: { seats }, ui: {} });
          for (const e of log) {
            const seat = e.type === 'stop' ? e.marker : e.seat;
            for (const say of [m.describe, m.headline]) {
              const said = (c) => { const x = say(e, c); return x ? (x.text ?? x) : null; };
              const mine = said(ctx(seat));
              if (mine) lines.push([mine, said(ctx(null)), seat]);
            }
          }
        }
        return lines;
    }"""
    told = {}
    for lang in LANGUAGES:
        page = open_page(browser, f"{parlour_server}/?lang={lang}")
        told[lang] = [tuple(line) for line in page.evaluate(tell, cases)]
        assert page.evaluate("import('/static/i18n.js').then((m) => m.missing)") == []
        assert page.errors == []  # type: ignore[attr-defined]
        page.context.close()
    assert made_from_the_third_person(told) == []
