"""After "Look at the table" in the match-over dialog, the way back stays on the page: a bar above the table with
the result, Show the result, Rematch, Replay and the match record, by clicking as a person does (a Go game
resigned at once, on a laptop and on a phone). Screenshots go to ``artifacts/match-over-*.png``."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from browser import LAPTOP, PHONE, create_table, open_seat, shot, wait_my_turn


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_after_looking_at_the_table_rematch_and_replay_are_still_there(parlour_server: str, browser: Browser,
                                                                      size: str) -> None:
    table = create_table(parlour_server, "go", ["human", "random"], options={"size": 9}, seed=3)
    page = open_seat(browser, parlour_server, table, 0, viewport=PHONE if size == "phone" else LAPTOP)
    wait_my_turn(page)
    page.click("button[data-action='resign']")
    page.click("button[data-action='resign'].armed")  # "Really resign?"
    dialog = page.locator("#banner .banner-card")
    expect(dialog).to_be_visible()
    expect(dialog.locator("a[href]", has_text="Match record")).to_be_visible()  # once the seed is revealed
    dialog.get_by_role("button", name="Look at the table").click()
    expect(dialog).to_be_hidden()

    bar = page.locator("#over-bar")
    expect(bar).to_be_visible()
    for name in ("Show the result", "Rematch", "Replay"):
        button = bar.get_by_role("button", name=name)
        expect(button).to_be_visible()
        assert button.bounding_box()["y"] + button.bounding_box()["height"] <= page.viewport_size["height"]
    expect(bar.get_by_role("link", name="Match record")).to_be_visible()
    shot(page, f"match-over-bar-{size}", full_page=False)

    # The result again, and back to the table.
    bar.get_by_role("button", name="Show the result").click()
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Look at the table").click()
    # The replay from the bar, and back: the bar is there again.
    bar.get_by_role("button", name="Replay").click()
    page.wait_for_function("document.body.dataset.replay === 'true'")
    expect(bar).to_be_hidden()
    # its point of view in your own words ("As you saw it", never "As You saw it")
    assert page.locator(".replay-seat option").all_inner_texts()[:2] == ["As you saw it", "As Bot 1 (random) saw it"]
    page.click(".replay-close")
    page.wait_for_function("document.body.dataset.replay === 'false'")
    expect(bar).to_be_visible()
    # The rematch from the bar: a new table, this seat's own.
    bar.get_by_role("button", name="Rematch").click()
    page.wait_for_url(lambda url: table["table"] not in url)
    page.wait_for_function("window.parlour && window.parlour.ctx.view && !window.parlour.ctx.view.over")
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()
