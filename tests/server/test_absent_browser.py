"""Absent friends in the browser: at a four-seat table with two friends, Mia closes her tab; once she has been away
the table's ``absent_seconds``, Ana lets a bot play for her and the game goes on; Mia opens her link again and
takes her seat back.

Ana's and Mia's own moves are sent through the page's ``play()`` (the Giacomotto table's clicking is tested in
test_browser.py); what is clicked here is what this test is about: the buttons of the seats bar.
"""

from __future__ import annotations

import sqlite3

from browser import open_seat, post_table, shot

AWAY = 6.0  # long enough that "Mia is away" shows before the button, even on a loaded machine


def log_of(server, table: dict) -> list[tuple[int | None, str]]:
    with sqlite3.connect(server.db) as db:
        return db.execute("SELECT seat, action FROM actions WHERE table_id = ? ORDER BY idx",
                          (table["table"],)).fetchall()


def moves_by(entries: list[tuple[int | None, str]], seat: int, after: str) -> int:
    """How many moves ``seat`` made after the last table entry ``after``."""
    since = max(i for i, (s, a) in enumerate(entries) if s is None and a == after)
    return sum(1 for s, _ in entries[since:] if s == seat)


def play_if_my_turn(page) -> None:
    """If it is this page's turn (and no move is on its way), play a trail, else the first legal move."""
    page.evaluate("""() => {
      const c = window.parlour.ctx;
      if (!c.view || c.pending || !(c.view.to_act || []).includes(c.seat)) return;
      const legal = c.view.legal || [];
      const move = legal.find((a) => a.startsWith('trail')) || legal[0];
      if (move) c.play(move);
    }""")


def test_a_friend_leaves_a_bot_plays_for_her_and_she_takes_her_seat_back(browser, parlour_server):
    table = post_table(parlour_server, {
        "game": "giacomotto", "players": 4, "seed": 31, "absent_seconds": AWAY, "wait_for_players": True,
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Mia"},
                  {"kind": "bot", "level": "greedy"}, {"kind": "bot", "level": "greedy"}]})
    ana = open_seat(browser, parlour_server, table, 0)
    # Until Mia comes, Ana is told whom the table waits for, and may start without her
    ana.wait_for_selector("#seats-bar .waiting button[data-act=start]")
    assert "Waiting for Mia" in ana.inner_text("#seats-bar")
    mia = open_seat(browser, parlour_server, table, 1)
    ana.wait_for_selector("#seats-bar", state="hidden")  # everyone is here: the clocks run
    assert (None, "start") in log_of(parlour_server, table)  # (the bots, who need no clock, may have played)

    mia.context.close()  # Mia closes her tab
    ana.wait_for_function("document.querySelector('#seats-bar .away')?.textContent.includes('Mia is away')")
    hand = ana.wait_for_selector("#seats-bar button[data-act=hand][data-seat='1']", timeout=AWAY * 1000 + 15_000)
    assert hand.inner_text() == "Let a bot play for Mia"
    shot(ana, "absent-friend-hand")
    hand.click()
    ana.wait_for_function("document.querySelector('#seats-bar .standin')?.textContent.includes('plays for Mia')")
    assert (None, "bot 1 greedy") in log_of(parlour_server, table)
    assert "Mia (bot)" in ana.inner_text("#board")
    shot(ana, "absent-friend-bot-plays")

    # The game goes on: the bot plays Mia's turns while Ana plays hers
    for _ in range(600):
        if moves_by(log_of(parlour_server, table), 1, "bot 1 greedy") >= 2:
            break
        play_if_my_turn(ana)
        ana.wait_for_timeout(100)
    assert moves_by(log_of(parlour_server, table), 1, "bot 1 greedy") >= 2

    # Mia opens her link again: her seat is hers, she is told, and Ana sees her back
    mia = open_seat(browser, parlour_server, table, 1)
    mia.wait_for_selector(".kit-banner-item >> text=You have your seat back")
    ana.wait_for_function("!document.querySelector('#seats-bar .standin')")
    assert (None, "back 1") in log_of(parlour_server, table)
    assert "Mia (bot)" not in ana.inner_text("#board")
    shot(mia, "absent-friend-back")

    # Nobody plays for her any more: her turn waits for her, and her own move is taken
    for _ in range(600):
        if mia.evaluate("window.parlour.ctx.myTurn"):
            break
        play_if_my_turn(ana)
        ana.wait_for_timeout(100)
    mia.wait_for_timeout(1000)  # time for a bot, were one still playing for her
    assert moves_by(log_of(parlour_server, table), 1, "back 1") == 0
    play_if_my_turn(mia)
    for _ in range(100):
        if moves_by(log_of(parlour_server, table), 1, "back 1") >= 1:
            break
        mia.wait_for_timeout(100)
    assert moves_by(log_of(parlour_server, table), 1, "back 1") >= 1
    assert ana.errors == [] and mia.errors == []
