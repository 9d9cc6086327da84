"""A person plays a whole round of 6-card golf in Debian's chromium against the expert bot, by clicking: the two
cards turned up before play, taking the discard into a slot, drawing and placing, drawing and throwing then turning
a card up, until the round ends; then the reveal with each card's points and column pairs struck through.
Screenshots of each step go to ``artifacts/golf6-*.png``."""

from __future__ import annotations

from typing import Any

from browser import click_and_wait, create_table, open_seat, shot, view, wait_my_turn

SEED = 3
ME = 0
POINTS = {"A": 1, "2": -2, "J": 10, "Q": 10, "K": 0}


def points(code: str) -> int:
    return POINTS.get(code[:-1], None) if code[:-1] in POINTS else int(code[:-1])


def mine(i: int) -> str:
    return f".mem-grid.big .kit-slot[data-slot='{i}']"


def paired(layout: list[str | None]) -> set[int]:
    """Slots whose card shares its rank with the other card of its column (they score 0)."""
    out = set()
    for col in range(3):
        a, b = layout[col], layout[col + 3]
        if a and b and a[:-1] == b[:-1]:
            out |= {col, col + 3}
    return out


def test_a_person_plays_a_round_of_golf_by_clicking_cards(parlour_server, browser):
    table = create_table(parlour_server, "golf6", ["human", "expert"], seed=SEED)
    page = open_seat(browser, parlour_server, table, ME)
    step, took = 0, False
    done: set[str] = set()

    def click(selector: str, what: str) -> None:
        nonlocal step
        step += 1
        shot(page, f"golf6-{step:02d}-{what}")
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
                worst = down[0] if down else max(range(6), key=lambda i: points(lay[i]))
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
    shot(page, "golf6-reveal")
    assert page.errors == []
