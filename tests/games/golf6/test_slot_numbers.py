"""A slot's number never covers its card's rank (issue 23): the number badges of a golf layout sat on the top-left
corner, where a card shows its rank, and on the small cards of the other players hid it. At 1280×800 and on a
phone, with six players, after the cards turned up before play: no badge overlaps a rank corner of its card."""

from __future__ import annotations

import pytest

from browser import PHONE, click_and_wait, create_table, open_seat, shot, wait_my_turn

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": PHONE}

OVERLAPS = """() => {
  const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const out = [];
  let faces = 0;
  for (const slot of document.querySelectorAll('.kit-slot[data-code]')) {
    const badge = slot.querySelector('.kit-slot-no').getBoundingClientRect();
    for (const corner of slot.querySelectorAll('svg.card g.corner')) {
      faces += 1;
      if (hit(badge, corner.getBoundingClientRect())) out.push(slot.dataset.code);
    }
  }
  return { faces, out };
}"""


@pytest.mark.parametrize("size", SIZES)
def test_slot_numbers_leave_the_rank_corners_free(parlour_server, browser, size):
    table = create_table(parlour_server, "golf6", ["human"] + ["expert"] * 5, seed=5)
    page = open_seat(browser, parlour_server, table, 0, viewport=SIZES[size])
    wait_my_turn(page)
    for slot in (0, 4):  # turn two of ours up
        click_and_wait(page, f".mem-grid.big .kit-slot[data-slot='{slot}']")
    # every bot turns two of its own up before play: wait until the table is in play
    page.wait_for_function("window.parlour.ctx.view.phase !== 'setup'")
    found = page.evaluate(OVERLAPS)
    shot(page, f"golf6-slot-numbers-{size}", full_page=False)
    assert found["faces"] >= 2 * 2 * 6 and found["out"] == [], found
    assert page.errors == []
