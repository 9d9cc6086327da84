"""A person plays a whole (short) match of Skelly in the browser by dragging on the court, slingshot fashion: press
on the cap, pull back, let go. Checked on the way: the flick the page sends is the one the drag meant, each shot is
animated from the view's trajectory, the precise angle-and-power form works too, the end matches the engine's own
replay, and a phone shows the court without scrolling sideways."""

from __future__ import annotations

import json
import math
import urllib.request

from browser import PHONE, create_table, open_seat, overflow, replay, shot, version, view, wait_version_change

from parlour.core.record import Record
from parlour.games.skelly.bot import ideal
from parlour.games.skelly.court import COURTS, units

PULL_MAX = 0.6  # metres of pull for full power, as table.js has it


def wait_turn_or_end(page) -> None:
    """Until the page may shoot (no cap still flying on it: you aim once it has landed) or the match is over."""
    page.wait_for_function("(document.body.dataset.myTurn === 'true' || document.body.dataset.over === 'true')"
                           " && !document.querySelector('svg.skelly-court[data-flying]')", timeout=60_000)


def intended(v) -> tuple[float, float]:
    """The flick a careful player makes: straight at the middle of the next box, as hard as that needs."""
    court = COURTS[v["options"]["court"]]
    cap = v["caps"][v["seat"]]
    start = cap["at"] or v["court"]["start"]["at"]
    to = v["court"]["boxes"][str(cap["next"]["box"])]
    f = ideal(court, (units(start[0]), units(start[1])), (units(to[0]), units(to[1])))
    return f.angle, f.power


def drag(page, v, angle: float, power: float, picture: str | None = None) -> None:
    """Press on your cap, pull back against the flick's direction, let go; the court is redrawn in the middle of the
    pull, as a message arriving then does, and the pull must carry on."""
    page.evaluate("document.querySelector('svg.skelly-court .cap.mine').scrollIntoView({block: 'center'})")
    a, b, c, d, e, f = page.evaluate("(() => { const m = document.querySelector('svg.skelly-court').getScreenCTM();"
                                     " return [m.a, m.b, m.c, m.d, m.e, m.f]; })()")
    cap = v["caps"][v["seat"]]
    x, y = cap["at"] or v["court"]["start"]["at"]

    def screen(x: float, y: float) -> tuple[float, float]:
        X, Y = x * 1000, -y * 1000
        return a * X + c * Y + e, b * X + d * Y + f

    pull = power * PULL_MAX
    rad = math.radians(angle)
    before = version(page)
    page.mouse.move(*screen(x, y))
    page.mouse.down()
    page.mouse.move(*screen(x - pull * math.cos(rad), y - pull * math.sin(rad)), steps=3)
    page.evaluate("window.parlour.ctx.rerender()")  # a message redraws the court mid-pull (presence, a clock)
    page.mouse.move(*screen(x - pull * math.cos(rad), y - pull * math.sin(rad)), steps=3)
    if picture:
        shot(page, picture)  # the slingshot drawn: the band, the direction's arrow, the power's gauge
    page.mouse.up()
    wait_version_change(page, before)


def test_a_person_plays_a_match_by_dragging_on_the_court(parlour_server, browser):
    table = create_table(parlour_server, "skelly", ["human", "regular", "regular"], options={"shots": 3}, seed=4)
    page = open_seat(browser, parlour_server, table, 0)
    assert page.locator("svg.skelly-court rect[data-box]").count() == 13
    assert page.locator("svg.skelly-court .cap").count() == 3  # all in hand, by the start line
    mine = 0
    while True:
        wait_turn_or_end(page)
        v = view(page)
        if v["over"]:
            break
        assert page.locator("svg.skelly-court .target").count() == 1  # the next box is lit
        angle, power = intended(v)
        if mine == 1:  # once by typing the angle and the power (the first shot, into box 1, shoots again)
            page.fill(".skelly-precise input[name=angle]", str(angle))
            page.fill(".skelly-precise input[name=power]", str(power))
            before = version(page)
            page.click(".skelly-precise button[type=submit]")
            wait_version_change(page, before)
        else:
            if mine == 0:  # watch the first shot fly, slowly (three times the real time)
                page.evaluate("localStorage.setItem('parlour.pace', '3')")
            drag(page, v, angle, power, picture="skelly-table" if mine == 2 else None)
            if mine == 0:
                seen = page.evaluate("""new Promise((done) => {
                    const seen = new Set(); const start = performance.now();
                    const look = () => {
                      const cap = document.querySelector('svg.skelly-court .cap.seat-0');
                      if (cap) seen.add(cap.getAttribute('transform'));
                      const flying = document.querySelector('svg.skelly-court[data-flying]');
                      const t = performance.now() - start;
                      if ((flying || t < 300) && t < 8000) requestAnimationFrame(look); else done(seen.size);
                    };
                    look();
                })""")
                assert seen >= 3, "the shot flies along its path"
                page.evaluate("localStorage.setItem('parlour.pace', '0.15')")
        mine += 1
        sent = [e for e in view(page)["log"] if e["type"] == "shot" and e["seat"] == 0][-1]
        _, got_angle, got_power = sent["action"].split()
        assert abs((float(got_angle) - angle + 180) % 360 - 180) < 1.5 and abs(float(got_power) - power) < 0.02
        assert mine < 12
    v = view(page)
    assert v["result"]["reason"] == "shot limit" and v["shots"] == 9 and mine >= 2
    engine = replay(parlour_server, table)
    assert engine.over and [c["at"] for c in v["caps"]] == [c["at"] for c in engine.view(0)["caps"]]
    with urllib.request.urlopen(f"{parlour_server}/api/tables/{table['table']}/record", timeout=10) as answer:
        record = Record.from_dict(json.load(answer))  # the server's record keeps where each shot left the caps
    assert all("check" in a for a in record.actions) and record.verify().record_check() == engine.record_check()
    said = page.locator(".skelly-status").inner_text()
    assert "limit of shots" in said and ("win" in said or "Shared" in said)
    shot(page, "skelly-end")
    assert page.errors == []

    phone = open_seat(browser, parlour_server, table, None, viewport=PHONE)
    assert phone.locator("svg.skelly-court .cap").count() == 3 and overflow(phone) == 0
    shot(phone, "skelly-phone")
    assert phone.errors == []
