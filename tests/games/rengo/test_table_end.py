"""The end of a game of Go in the browser, as people play it by clicking: the count agreed by the people (in Rengo
with a bot on each team, the bots leave it to them), told in Go's words — "White wins by 34.5 points" and the count,
never a score "1 – 0", a shuffle seed or a deal — and every sentence about you in its own words."""

from __future__ import annotations

import json
import urllib.request

from browser import click_and_wait, open_seat, post_table, shot, version, view, wait_my_turn
from fit import SIZES, dialog_problems
from playwright.sync_api import Page, expect

from parlour.games.rengo.gtp import gnugo_path

from .helpers import setup_sgf
from .test_rules import FINAL

BOT = "gnugo-1" if gnugo_path() else "mcts"
CARD_WORDS = ("deal", "shuffle", "hand", "trick")


def point(page: Page, name: str):
    x, y = "ABCDEFGHJ".index(name[0]), 9 - int(name[1:])
    return page.locator(f".go-board .kit-hit[data-x='{x}'][data-y='{y}']")


def mark_and_accept(page: Page, dead: list[str]) -> None:
    """Click each dead group that is not marked yet, then Accept."""
    for name in dead:
        if name not in view(page)["dead"]:
            click_and_wait(page, point(page, name))
    click_and_wait(page, "button[data-action='accept']")


def said(page: Page) -> str:
    """Everything a player reads on the page: the table, the log, the sheet, the dialog."""
    return page.locator("body").inner_text()


def test_go_ends_in_go_words_after_the_people_agree_on_the_dead_stones(parlour_server, browser):
    table = post_table(parlour_server, {"game": "go", "players": 2, "options": {"size": 9}, "setup": setup_sgf(FINAL),
                                        "seats": [{"kind": "human"}, {"kind": "human", "name": "Bo"}]})
    me = open_seat(browser, parlour_server, table, 0)
    bo = open_seat(browser, parlour_server, table, 1)
    wait_my_turn(me)
    click_and_wait(me, "button[data-action='pass']")
    wait_my_turn(bo)
    click_and_wait(bo, "button[data-action='pass']")
    wait_my_turn(me)  # Black, to move next, marks first
    expect(me.locator(".log")).to_contain_text("Play stops: you mark the dead stones first")
    mark_and_accept(me, ["A5", "G5"])
    expect(me.locator(".log")).to_contain_text("You marked A5 dead (1 stone)")
    expect(me.locator(".log")).to_contain_text("You accepted the marking (dead: A5 G5)")
    wait_my_turn(bo)
    expect(bo.locator(".log")).to_contain_text("Seat 0 accepted the marking (dead: A5 G5)")
    click_and_wait(bo, "button[data-action='accept']")

    dialog = me.locator("#banner .banner-card")
    expect(dialog.locator("h2")).to_have_text("White wins by 34.5 points")
    expect(dialog.locator(".outcome")).to_contain_text("You lose.")
    expect(dialog.locator(".outcome")).to_contain_text("Black 27 = 9 stones + 18 territory")
    expect(dialog.locator(".outcome")).to_contain_text("White 61.5 = 9 stones + 45 territory + komi 7.5")
    expect(dialog.locator(".outcome")).to_contain_text("Dead stones taken off: A5 G5")
    expect(dialog.locator("a[data-format='sgf']")).to_be_visible()  # the record, for GNU Go and friends
    text = dialog.inner_text()
    assert "seed" not in text.lower() and "1 – 0" not in text and "You lose 1" not in text
    expect(bo.locator("#banner h2")).to_have_text("White wins by 34.5 points")
    expect(bo.locator("#banner .outcome")).to_contain_text("You win.")
    shot(me, "go-end-dialog")
    problems = []
    for size, viewport in SIZES.items():  # the end and its buttons, as the players open it again, at every size
        page = open_seat(browser, parlour_server, table, 0, viewport=viewport)
        problems += [f"{size}: {p}" for p in dialog_problems(page)]
        shot(page, f"go-end-{size}", full_page=False)
        page.context.close()
    assert problems == []
    for page in (me, bo):
        words = said(page).lower()
        assert not [w for w in CARD_WORDS if w in words], words
        assert not [w for w in ("You marks", "You accepts", "You resumes") if w in said(page)]
        assert page.errors == []  # type: ignore[attr-defined]


def test_rengo_with_a_bot_on_each_team_the_people_mark_and_accept(parlour_server, browser):
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": BOT}, {"kind": "bot", "level": BOT},
             {"kind": "human", "name": "Bo"}]  # Black: Ana and Bot 2; White: Bot 1 and Bo
    table = post_table(parlour_server, {"game": "rengo", "players": 4, "options": {"size": 9}, "seed": 3,
                                        "setup": setup_sgf(FINAL), "seats": seats})
    pages = {0: open_seat(browser, parlour_server, table, 0), 3: open_seat(browser, parlour_server, table, 3)}
    ana = pages[0]

    seen = {"version": 0}  # the newest version a person's page has drawn: Ana's page must have caught up with it

    def next_person() -> int | None:
        """The person who may act once the bots have played (None when the game is over)."""
        for page in pages.values():
            seen["version"] = max(seen["version"], int(version(page)))
        ana.wait_for_function("""(since) => { const v = window.parlour.ctx.view;
            return Number(document.body.dataset.version) >= since
              && (v.over || (v.to_act || []).some((s) => s === 0 || s === 3)); }""", arg=seen["version"], timeout=90_000)
        v = view(ana)
        if v["over"]:
            return None
        seat = next(s for s in v["to_act"] if s in pages)
        wait_my_turn(pages[seat])
        return seat

    for _ in range(12):  # the people pass until play stops
        seat = next_person()
        if view(pages[seat])["phase"] != "play":
            break
        click_and_wait(pages[seat], "button[data-action='pass']")
    v = view(pages[seat])
    assert v["phase"] == "scoring" and v["step"] == "mark" and len(v["to_act"]) == 2
    marker = pages[seat]
    # the person of the marking team is told that the team agrees through her, and nothing is marked for her
    expect(marker.locator(".go-team-note")).to_have_text("You agree for your team: its bots leave the marking to you.")
    assert v["dead"] == [] and marker.locator(".go-cross").count() == 0
    expect(marker.locator(".go-team li.to-act")).to_have_count(1)  # she marks, not the bot beside her
    shot(marker, "rengo-count-person-marks")
    mark_and_accept(marker, ["A5", "G5"])
    other = next_person()
    assert other is not None and other != seat
    answer = pages[other]
    # the other team's person sees the proposal (two groups crossed out) and may change it or accept it
    expect(answer.locator(".go-cross")).to_have_count(2)
    expect(answer.locator(".go-status .kit-turn")).to_contain_text("marked the stones shown dead")
    click_and_wait(answer, "button[data-action='accept']")
    expect(ana.locator("#banner h2")).to_have_text("White wins by 34.5 points")
    expect(ana.locator("#banner .outcome")).to_contain_text("Your team loses.")
    with urllib.request.urlopen(f"{parlour_server}/api/tables/{table['table']}/record", timeout=10) as answer:
        actions = json.load(answer)["actions"]
    counted = [a for a in actions if a["action"].split()[0] in ("dead", "alive", "accept")]
    assert [(a["seat"], a["action"]) for a in counted] == [(seat, "dead A5"), (seat, "dead G5"), (seat, "accept"),
                                                           (other, "accept")]  # only the people marked and accepted
    for page in pages.values():
        assert page.errors == []  # type: ignore[attr-defined]
