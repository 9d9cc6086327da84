"""Whole rounds of the memory games played in the browser by clicking, shared by the games' table tests.

``play_golf_round`` is a person at a golf table (6-card golf, Crazy Nines): the two cards turned up before play,
taking the discard into a slot, drawing and placing, drawing and throwing then turning a card up, until the round
ends; then it checks the reveal: each card's points, column pairs struck through, the player who went out.
``play_testoasa_round`` is a person at Țestoasa's table: the peek, taking the discard, drawing, knocking.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from browser import click_and_wait, shot, view, wait_my_turn

ME = 0


def watch(page: Page, selector: str) -> None:
    """Note from now on whether an element matching ``selector`` is ever drawn (states may pass quickly)."""
    page.evaluate("""(sel) => {
      window.drawn = window.drawn || {};
      window.drawn[sel] = !!document.querySelector(sel);
      new MutationObserver((_, obs) => {
        if (document.querySelector(sel)) { window.drawn[sel] = true; obs.disconnect(); }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    }""", selector)


def was_drawn(page: Page, selector: str) -> bool:
    return page.evaluate("(sel) => !!(window.drawn && window.drawn[sel])", selector)
POINTS = {"A": 1, "2": -2, "J": 10, "Q": 10, "K": 0}


def points(code: str) -> int:
    return POINTS.get(code[:-1], None) if code[:-1] in POINTS else int(code[:-1])


def mine(i: int) -> str:
    return f".mem-grid.big .kit-slot[data-slot='{i}']"


def paired(layout: list[str | None], cols: int = 3) -> set[int]:
    """Slots whose card shares its rank with another card of its column (they score 0)."""
    out = set()
    for col in range(cols):
        slots = [i for i in range(col, len(layout), cols) if layout[i]]
        out |= {i for i in slots if any(j != i and layout[j][:-1] == layout[i][:-1] for j in slots)}
    return out


def play_golf_round(page: Page, name: str) -> None:
    """Play round 1 of a golf table from seat 0 by clicking, then check the reveal that round 2 shows."""
    step, took = 0, False
    done: set[str] = set()

    def click(selector: str, what: str) -> None:
        nonlocal step
        step += 1
        shot(page, f"{name}-{step:02d}-{what}")
        click_and_wait(page, selector)

    while True:
        wait_my_turn(page)
        v: dict[str, Any] = view(page)
        if v["round"] > 1:
            break
        lay, up, phase = v["layouts"][ME], v["up"][ME], v["phase"]
        down = [i for i, c in enumerate(lay) if c is not None and not up[i]]
        if phase == "setup":
            click(mine(down[0]), "turn-up")
            assert view(page)["up"][ME][down[0]] == 1 and page.locator(f"{mine(down[0])}[data-code]").count() == 1
            done.add("setup")
        elif phase == "turn":
            top = v["discard"][-1]
            if not took and points(top) <= 4:
                took = True
                page.click(".mem-discard")  # the pile is lifted, then the card it replaces is clicked
                assert page.locator(".mem-discard.chosen").count() == 1
                click(mine(down[0] if down else 0), "take")
                assert view(page)["layouts"][ME][down[0] if down else 0] == top
                done.add("take")
            else:
                click(".kit-stock", "draw")
                drawn = view(page)["drawn"]
                assert page.locator(f".mem-drawn.mine .mem-drawn-card[data-code='{drawn}']").count() == 1
        elif phase == "drawn":
            d = v["drawn"]
            if points(d) <= 4 or not down:
                worst = down[0] if down else max((i for i, c in enumerate(lay) if c), key=lambda i: points(lay[i]))
                click(mine(worst), "swap")
                done.add("swap")
            else:
                click(".mem-discard", "discard")
                assert view(page)["phase"] == "flip"
                done.add("discard")
        elif phase == "flip":
            click(mine(down[0]), "flip")
            done.add("flip")
        else:
            raise AssertionError(f"no move for {phase}: {v['legal']}")
    assert {"setup", "take", "swap", "discard", "flip"} <= done, done

    reveal = page.locator(".mem-reveal")
    events = v["previous"]
    shown = next(e for e in events if e["type"] == "reveal")
    score = next(e for e in events if e["type"] == "score")
    assert [int(t) for t in reveal.locator(".mem-round-points").all_text_contents()] == score["points"]
    for seat, layout in enumerate(shown["layouts"]):
        row = reveal.locator(f".mem-reveal-row[data-seat='{seat}']")
        struck = {int(s) for s in row.locator(".mem-reveal-card.struck").evaluate_all("els => els.map(e => e.dataset.slot)")}
        assert struck == paired(layout)
        assert sum(int(t) for t in row.locator(".mem-points").all_text_contents()) == score["raw"][seat]
    assert any(paired(layout) for layout in shown["layouts"]), "the seed's round should show a pair struck through"
    closer = score["closer"]
    went_out = reveal.locator(f".mem-reveal-row[data-seat='{closer}'] .kit-badge").text_content()
    assert went_out == "went out"
    shot(page, f"{name}-reveal")


def play_testoasa_round(page: Page, name: str) -> None:
    """Play round 1 of a Țestoasa table from seat 0 by clicking: the peek, a take of the discard, draws placed or
    thrown, and a knock on the fourth turn; then check the reveal and the knocker's mark."""
    step, turns = 0, 0
    done: set[str] = set()

    def click(selector: str, what: str) -> None:
        nonlocal step
        step += 1
        shot(page, f"{name}-{step:02d}-{what}")
        click_and_wait(page, selector)

    while True:
        wait_my_turn(page)
        v: dict[str, Any] = view(page)
        if v["round"] > 1:
            break
        phase, lay = v["phase"], v["layouts"][ME]
        if phase == "peek":
            assert page.locator(".mem-grid.big .kit-slot.peek").count() == 2
            assert page.locator(".mem-window .kit-countdown").count() == 1
            click("button[data-action='ready']", "peek")
            done.add("peek")
        elif phase == "turn":
            turns += 1
            top = v["discard"][-1]
            if turns >= 4 and "knock" in v["legal"]:
                watch(page, ".mem-grid.big.frozen")
                click("button[data-action='knock']", "knock")
                done.add("knock")
            elif "take" not in done and top[:-1] in ("A", "2", "3", "K"):
                page.click(".mem-discard")
                click(mine(0), "take")
                done.add("take")
            else:
                click(".kit-stock", "draw")
                done.add("draw")
        elif phase == "drawn":
            d = v["drawn"]
            assert page.locator(f".mem-drawn.mine .mem-drawn-card[data-code='{d}']").count() == 1
            if d[:-1] in ("A", "2", "3", "4", "K"):
                click(mine(turns % len(lay)), "swap")
            else:
                click(".mem-discard", "discard")
        else:
            raise AssertionError(f"no move for {phase}: {v['legal']}")
    assert {"peek", "draw", "take", "knock"} <= done, done
    assert was_drawn(page, ".mem-grid.big.frozen"), "our knocked cards were never shown frozen"
    reveal = page.locator(".mem-reveal")
    score = next(e for e in v["previous"] if e["type"] == "score")
    assert [int(t) for t in reveal.locator(".mem-round-points").all_text_contents()] == score["points"]
    assert score["closer"] == ME
    assert reveal.locator(f".mem-reveal-row[data-seat='{ME}'] .kit-badge").text_content() == "knocked"
    shot(page, f"{name}-reveal")


def in_view(page: Page, selector: str) -> bool:
    """Whether every element matching ``selector`` lies whole inside the window, without scrolling (and one does)."""
    return page.evaluate("""(sel) => {
      const all = [...document.querySelectorAll(sel)];
      return all.length > 0 && all.every((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
      });
    }""", selector)
