"""Every table of mine on any device (issue 26.3): a person adds two tables to her personal link from their seat
pages on a laptop, opens the link on her phone (another browser: nothing of the laptop's storage), sees both tables
and opens one, seated. The personal page, the lobby's field that opens a link and the table's "Add to my tables"
fit the three sizes, break no rule of the Content-Security-Policy, and axe-core finds nothing serious."""

from __future__ import annotations

import re

from playwright.sync_api import Browser

from browser import PHONE, create_table, csp_violations, open_page, overflow, shot, until
from fit import SIZES, off_screen, serious
from fits import low_contrast

SEATED = "window.parlour && window.parlour.ctx.view && window.parlour.ctx.seat === 0"


def test_two_tables_added_on_a_laptop_are_listed_on_a_phone_and_open_there(parlour_server: str,
                                                                          browser: Browser) -> None:
    first = create_table(parlour_server, "giacomotto", [{"kind": "human", "name": "Ana"},
                                                        {"kind": "human", "name": "Bo"}], seed=1)
    second = create_table(parlour_server, "kaboo", [{"kind": "human", "name": "Ana"}, "random"], seed=2)

    laptop = open_page(browser, parlour_server + first["seats"][0]["invite_url"], csp=True)
    until(laptop, SEATED)
    laptop.click("#add-mine")
    link = until(laptop, "document.querySelector('#my-tables-panel input.link')?.value")
    assert re.fullmatch(re.escape(parlour_server) + r"/me/[A-Za-z0-9_-]{22}", link), link
    for name, size in SIZES.items():  # the panel in the side column: nothing wider than the screen
        laptop.set_viewport_size(size)
        assert overflow(laptop) == 0, name
        assert serious(laptop) == [], name
    laptop.set_viewport_size(SIZES["1280x800"])
    shot(laptop, "my-tables-added-laptop", full_page=False)
    laptop.goto(parlour_server + second["seats"][0]["invite_url"])  # the same browser: its link is kept
    until(laptop, SEATED)
    laptop.click("#add-mine")
    assert until(laptop, "document.querySelector('#my-tables-panel input.link')?.value") == link
    laptop.reload()  # a table already on the link says so at once
    until(laptop, SEATED)
    assert until(laptop, "document.querySelector('#my-tables-panel input.link')?.value") == link
    assert laptop.locator("#add-mine").count() == 0
    assert csp_violations(laptop) == [] and laptop.errors == []  # type: ignore[attr-defined]
    laptop.context.close()

    # The phone: a browser of its own, which knows no seat; the link is pasted into its lobby.
    phone = open_page(browser, parlour_server + "/", viewport=PHONE, is_mobile=True, has_touch=True, csp=True)
    phone.fill("#personal-link", link)
    phone.click(".personal-open button[type=submit]")
    phone.wait_for_url(link)
    until(phone, "document.querySelectorAll('.my-table').length === 2")
    rows = phone.locator(".my-table")
    assert [rows.nth(i).get_attribute("data-table") for i in range(2)] == [second["table"], first["table"]]
    assert "Kaboo" in rows.nth(0).inner_text() and "Giacomotto" in rows.nth(1).inner_text()
    # what the seats' summaries say, no more: no other seat's link is on the page
    html = phone.content()
    assert first["seats"][0]["token"] in html and first["seats"][1]["token"] not in html
    for name, size in SIZES.items():
        phone.set_viewport_size(size)
        assert overflow(phone) == 0, name
        assert off_screen(phone, ".my-table .button", "#mine h1") == [], name
        assert serious(phone) == [], name
    phone.set_viewport_size(PHONE)
    shot(phone, "my-tables-phone")
    # the phone now keeps the link: its lobby shows it
    assert phone.evaluate("localStorage.getItem('parlour.me')") == link.rsplit("/", 1)[1]
    rows.nth(1).locator("a.button").click()
    phone.wait_for_url(parlour_server + first["seats"][0]["invite_url"])
    until(phone, SEATED)
    assert phone.evaluate("window.parlour.ctx.table && location.pathname") == f"/t/{first['table']}"
    assert until(phone, "document.querySelector('#my-tables-panel input.link')?.value") == link
    phone.goto(parlour_server + "/")
    assert until(phone, "document.querySelector('#personal input.link')?.value") == link
    phone.locator("#personal").scroll_into_view_if_needed()
    for name, size in SIZES.items():  # the lobby's personal link: readable, inside the screen's width
        phone.set_viewport_size(size)
        assert overflow(phone) == 0, name
        assert low_contrast(phone, "#mine") == [], name
    # a table taken off the link is gone from it on every device; its seat link still opens it
    phone.goto(link)
    until(phone, "document.querySelectorAll('.my-table').length === 2")
    phone.locator(f".my-table[data-table='{second['table']}'] button.quiet").click()  # Remove
    until(phone, "document.querySelectorAll('.my-table').length === 1")
    assert phone.locator(".my-table").get_attribute("data-table") == first["table"]
    assert csp_violations(phone) == [] and phone.errors == []  # type: ignore[attr-defined]
    phone.context.close()


def test_a_link_that_is_no_personal_link_is_said_so(parlour_server: str, browser: Browser) -> None:
    page = open_page(browser, parlour_server + "/", viewport=PHONE, csp=True)
    page.fill("#personal-link", "https://example.org/t/abc?token=xyz")
    for name, size in SIZES.items():
        page.set_viewport_size(size)
        assert overflow(page) == 0 and low_contrast(page, "#mine") == [], name
    page.set_viewport_size(PHONE)
    page.click(".personal-open button[type=submit]")
    page.wait_for_selector("#toasts .toast")
    assert "not a personal link" in page.inner_text("#toasts")
    page.goto(parlour_server + "/me/nosuchsecretatall0000")
    assert "No such personal link" in page.inner_text("h1")
    page.context.close()
