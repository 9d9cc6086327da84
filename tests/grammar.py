"""A sentence about you is its own sentence, in every language: the check the games' grammar tests share.

Each event is told, in each of the seven languages, to the player it is about and to a spectator who sees that
player as "Seat N". A line for you that is, in every language, the spectator's line with "Seat N" replaced by that
language's "You" was made from the third person's sentence ("You marks the dead stones"): the code must take a
sentence of its own. One language alone cannot tell: English "You passed" and "Seat 1 passed", Latvian "tu atzīmē"
and "viņš atzīmē" are rightly alike, Polish "Spasowałeś" and "{who} spasował" are not. No line for you may be left in
English either.

    told = terminal_told(cases, lambda e, viewer: plain(event_line(e, Seats.anonymous(2, viewer).with_view(view))))
    assert made_from_the_third_person(told) == []
    assert made_from_the_third_person(table_told(browser, base, "gami", view, cases)) == []

``cases`` lists (event, the seat it is about): its player, or another seat it names (who was hit, who marks).
"""

from __future__ import annotations

from typing import Any, Callable

from playwright.sync_api import Browser

from browser import open_page
from parlour.core.i18n import LANGUAGES, set_language, translator

_core = translator("parlour.core.terminal")
Told = dict[str, list[tuple[str, str | None, int]]]


def names() -> dict[str, dict[Any, str]]:
    """Per language: "You" and each "Seat N", as the terminal and the table name seats."""
    out = {}
    for lang in LANGUAGES:
        set_language(lang)
        out[lang] = {"you": _core.t("You"), **{n: _core.t("Seat {n}", n=n) for n in range(16)}}
    set_language("en")
    return out


def made_from_the_third_person(told: Told) -> list[str]:
    """The English lines for you that every language made from the spectator's line, and those left in English.
    ``told`` holds per language (the line for you, the spectator's line, the seat) for each case, in one order."""
    said = names()
    wrong = []
    for i, (english, _, _) in enumerate(told["en"]):
        # "You: Black E5", a name as a label before a colon, is no sentence: no verb agrees with it
        same = [mine == theirs.replace(said[lang][seat], said[lang]["you"])
                for lang, lines in told.items() for mine, theirs, seat in [lines[i]]
                if theirs is not None and said[lang][seat] in theirs and not theirs.startswith(said[lang][seat] + ":")]
        if same and all(same):
            wrong.append(english)
        wrong += [f"{lang} not translated: {lines[i][0]}" for lang, lines in told.items()
                  if lang != "en" and lines[i][0] == english and not english.startswith("You: ")]
    return wrong


def terminal_told(cases: list[tuple[dict, int]], tell: Callable[[dict, int | None], str]) -> Told:
    """Each case told by the terminal in each language: ``tell(event, viewer)`` draws one line as text."""
    told: Told = {}
    for lang in LANGUAGES:
        set_language(lang)
        told[lang] = [(tell(e, seat), tell(e, None), seat) for e, seat in cases]
    set_language("en")
    return told


_TABLE = """async ({ game, view, cases }) => {
    const m = await import(`/games/${game}/table.js`);
    const seats = Array.from({ length: view.players }, (_, seat) => ({ seat, kind: 'human' }));
    const ctx = (seat) => ({ seat, view, table: { seats }, ui: {}, fresh: [] });
    const lines = [];
    for (const [e, seat] of cases) {
      for (const say of [m.describe, m.headline].filter(Boolean)) {
        const said = (c) => { const x = say(e, c); return x ? (x.text ?? x) : null; };
        const mine = said(ctx(seat));
        if (mine) lines.push([mine, said(ctx(null)), seat]);
      }
    }
    return lines;
}"""


def table_told(browser: Browser, base: str, game: str, view: dict, cases: list[tuple[dict, int]]) -> Told:
    """Each case told by the game's table module (its log line and its banner) in each language's page."""
    told: Told = {}
    for lang in LANGUAGES:
        page = open_page(browser, f"{base}/?lang={lang}")
        told[lang] = [tuple(line) for line in page.evaluate(_TABLE, {"game": game, "view": view, "cases": cases})]
        missing = page.evaluate("import('/static/i18n.js').then((m) => m.missing)")
        assert missing == [] and page.errors == [], (lang, missing, page.errors)  # type: ignore[attr-defined]
        page.context.close()
    # the same lines in every language: a line one language skipped would shift the rest
    assert len({len(lines) for lines in told.values()}) == 1
    return told
