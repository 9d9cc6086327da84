"""Around the table in Chromium: a rematch with the same seats, a finished match's replay stepped through to the end,
this browser's list of its tables, the open tables of the lobby, and the sound switch."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from playwright.sync_api import Browser, Page, expect

import parlour
from browser import create_table, open_page, open_seat, view, wait_my_turn

#: Plays the page's seat until the match is over: the first legal action each time it is its turn.
AUTOPLAY = """() => new Promise((done) => {
  const tick = () => {
    const c = window.parlour.ctx;
    if (c.view && c.view.over) return done();
    if (c.myTurn && !c.pending) c.play(c.view.legal[0]);
    setTimeout(tick, 20);
  };
  tick();
})"""


def get(base: str, path: str) -> Any:
    with urllib.request.urlopen(base + path, timeout=10) as r:
        return json.load(r)


def resign(page: Page) -> None:
    wait_my_turn(page)
    page.evaluate("window.parlour.ctx.play('resign')")
    page.wait_for_function("document.body.dataset.over === 'true'")


def card_tokens(data: Any) -> set[str]:
    """Every token of a view's JSON that could be a card code (``8C+5D`` yields ``8C`` and ``5D``)."""
    return set(re.findall(r"[0-9A-Z]+", json.dumps(data)))


def test_a_rematch_seats_the_same_people_each_with_its_own_link(parlour_server, browser: Browser) -> None:
    table = create_table(parlour_server, "go", [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}],
                         options={"size": 9})
    ana, bo = open_seat(browser, parlour_server, table, 0), open_seat(browser, parlour_server, table, 1)
    resign(ana)
    bo.wait_for_function("document.body.dataset.over === 'true'")
    expect(bo.locator(".rematch-offer")).to_have_count(0)
    ana.click("#banner button.rematch")
    ana.wait_for_url(re.compile(r"/t/(?!%s)[^?]+\?token=" % re.escape(table["table"])))
    ana.wait_for_function("window.parlour && window.parlour.ctx.view")
    new = ana.evaluate("window.parlour.ctx.table")
    assert new["table"] != table["table"] and new["game"] == "go" and new["options"]["size"] == 9
    assert [s.get("name") for s in new["seats"]] == ["Ana", "Bo"] and view(ana)["seat"] == 0
    # Bo is offered the rematch on his page, and follows with his own new seat.
    expect(bo.locator(".rematch-offer")).to_contain_text("Ana")
    bo.click(".accept-rematch")
    bo.wait_for_url(re.compile(r"/t/%s\?token=" % re.escape(new["table"])))
    bo.wait_for_function("window.parlour && window.parlour.ctx.view")
    assert view(bo)["seat"] == 1 and bo.evaluate("window.parlour.ctx.table.table") == new["table"]
    assert ana.url.split("token=")[1] != bo.url.split("token=")[1]
    assert ana.errors == [] and bo.errors == []  # type: ignore[attr-defined]
    ana.context.close()
    bo.context.close()


def test_this_browsers_tables_and_their_results_are_listed_in_the_lobby(parlour_server, browser: Browser) -> None:
    lost = create_table(parlour_server, "go", ["human", "human"], options={"size": 9})
    going = create_table(parlour_server, "go", ["human", "human"], options={"size": 9})
    page = open_seat(browser, parlour_server, lost, 0)
    resign(page)
    page.goto(parlour_server + going["seats"][1]["invite_url"])
    page.wait_for_function("window.parlour && window.parlour.ctx.view")
    page.goto(parlour_server + "/")
    rows = page.locator("#my-tables .my-table")
    expect(rows).to_have_count(2)
    newest, oldest = rows.nth(0), rows.nth(1)
    assert newest.get_attribute("data-table") == going["table"] and newest.get_attribute("data-seat") == "1"
    assert oldest.get_attribute("data-table") == lost["table"] and oldest.get_attribute("data-seat") == "0"
    expect(oldest).to_contain_text("you lost")
    expect(oldest).to_contain_text("Review")
    expect(newest).to_contain_text("playing")
    expect(newest).to_contain_text(f"table {going['table']} · seat 1")
    kept = page.evaluate("JSON.parse(localStorage.getItem('parlour.history'))")
    assert [(e["table"], e["game"], e["seat"]) for e in kept] == [(going["table"], "go", 1), (lost["table"], "go", 0)]
    assert all(isinstance(e["when"], int) for e in kept)
    assert kept[1]["result"] == {"winners": [1], "scores": kept[1]["result"]["scores"], "won": False}
    newest.locator("button.quiet").click()  # Forget
    expect(rows).to_have_count(1)
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_a_replay_is_stepped_through_to_the_end_showing_only_what_the_seat_saw(parlour_server,
                                                                               browser: Browser) -> None:
    table = create_table(parlour_server, "giacomotto", ["human", "random"], options={"target": 1}, seed=11)
    page = open_seat(browser, parlour_server, table, 0)
    refused = page.evaluate(f"fetch('/api/tables/{table['table']}/replay?seat=1').then((r) => r.status)")
    assert refused == 409  # never before the match is over
    page.evaluate(AUTOPLAY)
    page.click("#banner button.replay-open")
    page.wait_for_function("document.body.dataset.replayVersion === '0'")
    record = get(parlour_server, f"/api/tables/{table['table']}/record")
    total = len(record["actions"])
    assert page.evaluate("document.body.dataset.replayVersions") == str(total)
    state = parlour.load("giacomotto", 2, target=1).new(seed=record["seed"])
    checked = 0  # steps at which the other seat held cards
    for version in range(total + 1):
        shown = view(page)
        assert shown == json.loads(json.dumps(state.view(0))), version
        if version < total:
            hidden = set(state.view(1)["hand"])
            assert not hidden & card_tokens(shown), version  # the other seat's cards stay hidden
            checked += bool(hidden)
            assert page.evaluate("window.parlour.ctx.myTurn") is False
            page.click(".replay-forward")
            page.wait_for_function(f"document.body.dataset.replayVersion === '{version + 1}'")
            entry = record["actions"][version]
            if entry["seat"] is None:
                state.timeout()
            else:
                state.apply(entry["seat"], entry["action"])
    assert checked > total // 2
    assert view(page)["over"] and page.locator(".replay-forward").is_disabled()
    # The slider and the other seat's point of view, once the match is over.
    page.locator(".replay-slider").fill("0")
    page.wait_for_function("document.body.dataset.replayVersion === '0'")
    page.select_option(".replay-seat", "1")
    page.wait_for_function("window.parlour.ctx.seat === 1")
    start = parlour.load("giacomotto", 2, target=1).new(seed=record["seed"])
    assert view(page)["hand"] == start.view(1)["hand"]
    page.click(".replay-close")
    page.wait_for_function("document.body.dataset.replay === 'false'")
    assert view(page)["over"] and page.evaluate("window.parlour.ctx.seat") == 0
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_open_tables_are_listed_and_joined_and_unlisted_ones_are_not(parlour_server, browser: Browser) -> None:
    unlisted = create_table(parlour_server, "go", ["human", "human"], options={"size": 9})
    host = open_page(browser, parlour_server + "/")
    host.click(".game-choice[data-game=go]")
    host.select_option("#seat-1", "human")
    host.check("#listed")
    host.click("#create")
    expect(host.locator("#created .open-seat")).to_have_count(1)
    listed = host.locator("#created h2").inner_text().rsplit(" ", 1)[1]
    guest = open_page(browser, parlour_server + "/")
    row = guest.locator(f"#open-tables .open-table[data-table='{listed}']")
    expect(row).to_have_count(1)
    expect(guest.locator(f"#open-tables .open-table[data-table='{unlisted['table']}']")).to_have_count(0)
    row.locator("button.join").click()
    guest.wait_for_url(re.compile(r"/t/%s\?token=" % re.escape(listed)))
    guest.wait_for_function("window.parlour && window.parlour.ctx.view")
    assert view(guest)["seat"] == 1
    later = open_page(browser, parlour_server + "/")
    expect(later.locator("#open-tables")).not_to_contain_text("Loading")
    expect(later.locator(f"#open-tables .open-table[data-table='{listed}']")).to_have_count(0)
    for page in (host, guest, later):
        assert page.errors == []  # type: ignore[attr-defined]
        page.context.close()


def test_a_cue_sounds_on_your_turn_unless_muted_and_the_switch_is_remembered(parlour_server,
                                                                              browser: Browser) -> None:
    table = create_table(parlour_server, "go", ["human", "human"], options={"size": 9})
    black = open_seat(browser, parlour_server, table, 0)
    white = open_seat(browser, parlour_server, table, 1)
    wait_my_turn(black)
    assert black.evaluate("window.parlourSound.played.turn") == 1
    assert white.evaluate("window.parlourSound.played.turn") == 0  # not its turn
    expect(white.locator("#sound")).to_have_attribute("aria-pressed", "false")
    white.click("#sound")
    expect(white.locator("#sound")).to_have_attribute("aria-pressed", "true")
    black.evaluate("window.parlour.ctx.play('play E5')")
    wait_my_turn(white)
    assert white.evaluate("window.parlourSound.played.turn") == 0  # muted
    white.evaluate("window.parlour.ctx.play('play C3')")
    wait_my_turn(black)
    assert black.evaluate("window.parlourSound.played.turn") == 2  # black's turn came again: heard
    white.reload()
    white.wait_for_function("window.parlour && window.parlour.ctx.view")
    expect(white.locator("#sound")).to_have_attribute("aria-pressed", "true")
    white.click("#sound")
    black.evaluate("window.parlour.ctx.play('play G7')")
    wait_my_turn(white)
    assert white.evaluate("window.parlourSound.played.turn") == 1  # unmuted: heard
    # A timed window opening for this seat (a Kaboo snap, the scramble for Spoons' spoons) calls for the snap cue;
    # one for others only, or a window already open, for none.
    cues = black.evaluate("""import('/static/sound.js').then(({ cueFor }) => {
      const state = (to_act, deadline) => ({ view: { to_act, over: false }, deadline });
      return [cueFor(0, state([1], null), state([0, 1], 3)), cueFor(0, state([0, 1], 3), state([0, 1], 2)),
              cueFor(2, state([1], null), state([0, 1], 3)), cueFor(null, state([], null), state([0], null)),
              cueFor(0, state([1], null), state([0], null))];
    })""")
    assert cues == ["snap", None, None, None, "turn"]
    assert black.errors == [] and white.errors == []  # type: ignore[attr-defined]
    black.context.close()
    white.context.close()
