"""A person plays a round of Spoons by clicking, in Debian's chromium, against two steady bots; a friend watches.

The person holds the stock (seed 81: the pile-holder is seat 0), passes on each drawn card that does not help, and
grabs when four of a kind comes (nine passes with the seed's stock, whatever the bots do meanwhile; if a bot gets
there first, the person grabs after it). A second page, a spectator, sees every pass and grab.
"""

from __future__ import annotations

from collections import Counter

from browser import PHONE, create_table, open_seat, overflow, replay, shot, view

import parlour

SEED = 81


def test_the_seed_gives_the_person_the_stock() -> None:
    assert parlour.load("spoons", players=3).new(seed=SEED).holder == 0


def pass_or_grab(page) -> str:
    """One move: grab when the page allows it, else pass the newest card of the rank held fewest times."""
    page.wait_for_function("(() => { const v = window.parlour.ctx.view; return v.round > 1 || "
                           "(document.body.dataset.myTurn === 'true') })()")
    v = view(page)
    if v["round"] > 1:
        return "round over"
    if "grab" in v["legal"]:
        page.click("button.spoons.can-grab")
        return "grab"
    ranks = Counter(c[:-1] for c in v["hand"])
    card = [c for c in v["hand"] if ranks[c[:-1]] == min(ranks.values())][-1]
    before = page.evaluate("window.parlour.ctx.version")
    page.click(f".kit-me .kit-card.legal[data-code='{card}']")
    page.wait_for_function(f"window.parlour.ctx.version > {before}")
    return "pass"


def test_a_person_plays_a_round_by_clicking_and_a_spectator_sees_it(parlour_server, browser) -> None:
    table = create_table(parlour_server, "spoons", ["human", "steady", "steady"], seed=SEED,
                         options={"countdown": 1})
    page = open_seat(browser, parlour_server, table, 0)
    watcher = open_seat(browser, parlour_server, table, None, viewport=PHONE)
    page.wait_for_function("window.parlour.ctx.view.phase === 'passing'")
    assert page.locator(".kit-rim.left .kit-plate[data-seat='1']").count() == 1, "you pass to the seat on your left"
    assert page.locator(".kit-rim.right .kit-plate[data-seat='2']").count() == 1

    moves = []
    for _ in range(40):
        moves.append(pass_or_grab(page))
        if moves[-1] != "pass":
            break
    assert "pass" in moves and moves[-1] == "grab"
    page.wait_for_function("window.parlour.ctx.view.grabbed.length >= 1 || window.parlour.ctx.view.round > 1")
    v = view(page)
    if v["round"] == 1:
        assert page.locator(".spoon.shake").count() + len(v["grabbed"]) >= 1
        shot(page, "spoons-table")
    # the others grab after their reaction times; one of them gets the letter, and the next round starts
    page.wait_for_function("window.parlour.ctx.view.round === 2", timeout=30_000)
    after = view(page)
    first = after["previous"]
    grabs = [e["seat"] for e in first if e["type"] == "grab"]
    letters = [e["seat"] for e in first if e["type"] == "letter"]
    assert len(grabs) == 2 and len(letters) == 1 and letters[0] not in grabs
    assert sum(after["letters"]) == 1 and after["letters"][letters[0]] == 1
    engine = replay(parlour_server, table)
    assert engine.view(0)["letters"] == after["letters"] and engine.round_no == 2
    passes = sum(1 for m in moves if m == "pass")
    assert engine.sheet.rows[0][2]["grabs"] == grabs and passes >= 1

    watcher.wait_for_function("window.parlour.ctx.view.round === 2")
    seen = view(watcher)
    assert seen["hand"] == [] and seen["letters"] == after["letters"]
    assert "letter" in watcher.locator("section.sheet").inner_text()
    watcher.wait_for_function("document.getAnimations().every((a) => a instanceof CSSAnimation || "
                              "a instanceof CSSTransition || a.playState !== 'running')")  # cards flying by
    assert overflow(watcher) == 0
    assert page.errors == [] and watcher.errors == []
