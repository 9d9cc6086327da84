"""A correspondence match in two browsers over simulated days: Ana and Bo play Giacomotto a move a day.

The server's clock is moved forward (``POST /api/clock`` of a ``--fixed-seeds`` server), never slept through: Ana's
day runs out and her vacation day is drawn; the server restarts in the middle and keeps her due time; Ana closes her
tab, her time and vacation run out, the table's bot plays for her, Bo is told it is his move; Ana opens her link
again and is told her time ran out. Every wait is on the pages' state.
"""

from __future__ import annotations

import json
import time
import urllib.request
from datetime import datetime, timedelta, timezone
from typing import Any

from browser import _Server, open_seat, post_table, shot

DAY = 86400.0


def _a_friday_ahead() -> float:
    """Noon UTC of a Friday a week or more from now. The server's moved clock must stay ahead of the real time: a
    restarted server starts at the real time, and had the simulated days already passed, the gap between the old
    run's last sign of life and the new run's start would count as down time given back (the fixed 4 December 2026
    of this test broke once the real date passed it)."""
    day = datetime.now(timezone.utc).date() + timedelta(days=7)
    day += timedelta(days=(4 - day.weekday()) % 7)
    return datetime(day.year, day.month, day.day, 12, tzinfo=timezone.utc).timestamp()


#: The match's first day: a Friday noon, ahead of the real time.
FRIDAY = _a_friday_ahead()
NAMES = {0: "Ana", 1: "Bo"}


def move_clock(base: str, to: float) -> None:
    """The server's clock at ``to`` (and running on from there); what became due is acted on at once."""
    body = json.dumps({"offset": to - time.time()}).encode()
    request = urllib.request.Request(base + "/api/clock", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as r:
        assert r.status == 200


def summary(base: str, table: dict[str, Any]) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base}/api/tables/{table['table']}", timeout=30) as r:
        return json.load(r)


def bar_says(page, text: str, timeout: float = 30_000) -> None:
    page.wait_for_function("(text) => (document.querySelector('#moves-bar')?.textContent || '').includes(text)",
                           arg=text, timeout=timeout)


def play_my_turn(page) -> None:
    """Play this page's whole turn (a Giacomotto capture takes steps): a trail if there is one, else the first move."""
    page.wait_for_function("() => { const c = window.parlour.ctx; return c.view && c.view.to_act.includes(c.seat); }")
    for _ in range(10):
        before = page.evaluate("() => window.parlour.ctx.version")
        mine = page.evaluate("""() => {
          const c = window.parlour.ctx;
          if (!c.view || c.pending || !(c.view.to_act || []).includes(c.seat)) return false;
          const legal = c.view.legal || [];
          c.play(legal.find((a) => a.startsWith('trail')) || legal[0]);
          return true;
        }""")
        if not mine:
            return
        page.wait_for_function("(v) => window.parlour.ctx.version > v && !window.parlour.ctx.pending", arg=before)
    raise AssertionError("the turn did not end within ten moves")


def test_a_correspondence_match_over_simulated_days(browser, tmp_path):
    server = _Server(tmp_path / "parlour.db", tmp_path / "server.log")
    base = server.start()
    try:
        move_clock(base, FRIDAY)
        table = post_table(base, {"game": "giacomotto", "players": 2, "seed": 5,
                                  "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}],
                                  "correspondence": {"days": 1, "vacation_days": 1, "weekends": True}})
        first = summary(base, table)["turns"][0]["seat"]
        second = 1 - first
        pages = {s: open_seat(browser, base, table, s) for s in (0, 1)}
        # Each sees whose move it is, since when, and the hours left
        bar_says(pages[first], "Your move since")
        bar_says(pages[first], "23 hours left")
        bar_says(pages[second], f"{NAMES[first]}'s move, 23 hours left (then 1 vacation day)")
        assert "1 day a move" in pages[second].inner_text("#moves-bar")
        shot(pages[second], "correspondence-their-move")
        play_my_turn(pages[first])
        bar_says(pages[second], "Your move since")
        bar_says(pages[first], f"{NAMES[second]}'s move, 23 hours left")
        shot(pages[second], "correspondence-your-move")
        began = summary(base, table)["turns"][0]
        assert began["seat"] == second and began["vacation_left"] == 1

        # A day and an hour later: her day is gone, her vacation day is drawn
        move_clock(base, FRIDAY + DAY + 3600)
        bar_says(pages[second], "22 hours left")
        drawn = summary(base, table)["turns"][0]
        assert drawn["vacation_left"] == 0 and abs(drawn["due"] - (began["due"] + DAY)) < 1
        assert "then 1 vacation day" not in pages[second].inner_text("#moves-bar")  # her reserve is spent

        # The server restarts: the due time stays exactly, and the pages come back to it
        server.stop()
        base = server.start()
        move_clock(base, FRIDAY + DAY + 3600)
        assert summary(base, table)["turns"][0]["due"] == drawn["due"]
        pages[second].wait_for_function("() => window.parlour.conn && document.querySelector('#conn.open')")
        bar_says(pages[second], "22 hours left")

        # She closes her tab; a day later her time and vacation are gone: the table's bot plays for her
        pages[second].context.close()
        move_clock(base, FRIDAY + 2 * DAY + 3600)
        pages[first].wait_for_function("(name) => document.querySelector('#board').innerText.includes(name + ' (bot)')",
                                       arg=NAMES[second])
        bar_says(pages[first], "Your move since")  # the bot made her move: his turn
        out = summary(base, table)
        assert [x["seat"] for x in out["timeouts"]] == [second]
        shot(pages[first], "correspondence-bot-plays")

        # She opens her link again: told her time ran out, her seat is hers
        back = open_seat(browser, base, table, second)
        bar_says(back, "Your time ran out on")
        back.wait_for_selector(".kit-banner-item >> text=You have your seat back")
        shot(back, "correspondence-timed-out")

        # The lobby's list of Bo's tables says it too
        lobby = pages[first].context.new_page()
        lobby.goto(base + "/")
        lobby.wait_for_function("() => (document.querySelector('.my-table .turns')?.textContent || '')"
                                ".includes('Your move since')")
        shot(lobby, "correspondence-lobby")
    finally:
        server.stop()


def test_the_lobby_offers_a_move_clock_in_days(browser, parlour_server):
    from browser import open_page

    lobby = open_page(browser, parlour_server + "/")
    lobby.click(".game-choice[data-game='tarok']")
    assert lobby.locator("#correspondence-box").is_hidden()
    lobby.select_option("#clock", "d2")
    assert lobby.locator("#correspondence-box").is_visible()
    lobby.select_option("#vacation", "14")
    lobby.uncheck("#weekends")
    lobby.click("#create")
    note = lobby.locator("#created .clock-note")
    note.wait_for()
    assert note.text_content() == "By correspondence: 2 days a move, weekends not counted, 14 vacation days."
    table = lobby.locator("#created h2").text_content().rsplit(" ", 1)[-1]
    with urllib.request.urlopen(f"{parlour_server}/api/tables/{table}") as r:
        assert json.load(r)["correspondence"] == {"days": 2, "weekends": False, "vacation_days": 14}
    # A game that cannot wait days is refused with the reason
    lobby.click(".game-choice[data-game='spoons']")
    lobby.select_option("#clock", "d1")
    lobby.click("#create")
    lobby.wait_for_function("() => document.querySelector('#toasts').textContent.includes('real-time race')")
