"""Skelly takes skill in the browser: while a person pulls the slingshot, the court shows the direction (an arrow of
one length) and the power (a gauge), never where the cap will stop; and what the shot did is told when the cap
lands on the page — the log, the banner, the players' plates and the prompt wait for the flight."""

from __future__ import annotations

import math

from browser import create_table, open_seat, shot, version, view, wait_version_change

from .test_table import PULL_MAX, intended, wait_turn_or_end


def screen_of(page):
    """Court metres → screen pixels on this page."""
    a, b, c, d, e, f = page.evaluate("(() => { const m = document.querySelector('svg.skelly-court').getScreenCTM();"
                                     " return [m.a, m.b, m.c, m.d, m.e, m.f]; })()")
    return lambda x, y: (a * x * 1000 - c * y * 1000 + e, b * x * 1000 - d * y * 1000 + f)


def aim_drawn(page) -> dict:
    """What the slingshot draws now: each shape's kind and where it reaches (in court units)."""
    return page.evaluate("""() => [...document.querySelectorAll('svg.skelly-court .aim > *')].map((n) => {
        const b = n.getBBox(); return { cls: n.getAttribute('class'), tag: n.tagName, box: [b.x, b.y, b.width, b.height] };
    })""")


def test_aiming_shows_the_direction_and_the_power_never_where_the_cap_stops(parlour_server, browser):
    table = create_table(parlour_server, "skelly", ["human", "regular", "regular"], options={"shots": 3}, seed=4)
    page = open_seat(browser, parlour_server, table, 0)
    wait_turn_or_end(page)
    v = view(page)
    angle, power = intended(v)
    x, y = v["caps"][0]["at"] or v["court"]["start"]["at"]
    screen = screen_of(page)
    rad = math.radians(angle)
    page.mouse.move(*screen(x, y))
    page.mouse.down()
    drawn, readings = {}, {}
    for p in (power, 0.25, 0.95):  # the same direction, three powers: the careful one and two others
        pull = p * PULL_MAX
        page.mouse.move(*screen(x - pull * math.cos(rad), y - pull * math.sin(rad)), steps=3)
        drawn[p] = {n["cls"]: n for n in aim_drawn(page)}
        readings[p] = page.locator("svg.skelly-court .aim .reading").text_content()
        if p == power:
            shot(page, "skelly-aim")
    # the arrow is the same at every power: it says which way, not how far
    assert drawn[power]["arrow"]["box"] == drawn[0.25]["arrow"]["box"] == drawn[0.95]["arrow"]["box"]
    assert drawn[power]["head"]["box"] == drawn[0.25]["head"]["box"] == drawn[0.95]["head"]["box"]
    # the power shows on the gauge, and its reading
    widths = {p: drawn[p]["power"]["box"][2] for p in drawn}
    assert widths[0.25] < widths[0.95] and all(abs(w - 600 * p) < 12 for p, w in widths.items()), widths
    assert "power 0.2" in readings[0.25] and "power 0.9" in readings[0.95] and f"{angle:.0f}" in readings[0.95]
    # nothing is drawn out where the cap would come to rest (the target box, for the careful flick)
    box = v["court"]["boxes"][str(v["caps"][0]["next"]["box"])]
    tx, ty = box[0] * 1000, -box[1] * 1000
    for shape in drawn[power].values():
        bx, by, bw, bh = shape["box"]
        assert not (bx - 60 <= tx <= bx + bw + 60 and by - 60 <= ty <= by + bh + 60), shape
    # back to the careful pull, and let go: the flick sent is the one meant
    pull = power * PULL_MAX
    page.mouse.move(*screen(x - pull * math.cos(rad), y - pull * math.sin(rad)), steps=2)
    before = version(page)
    page.mouse.up()
    wait_version_change(page, before)
    sent = [e for e in view(page)["log"] if e["type"] == "shot"][-1]
    assert abs(float(sent["action"].split()[2]) - power) < 0.02
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_result_is_told_when_the_cap_lands(parlour_server, browser):
    table = create_table(parlour_server, "skelly", ["human", "regular", "regular"], options={"shots": 3}, seed=4)
    page = open_seat(browser, parlour_server, table, 0)
    wait_turn_or_end(page)
    v = view(page)
    assert v["caps"][0]["next"]["box"] == 1
    angle, power = intended(v)  # straight into box 1: "in box 1", shoot again, next box 2
    page.evaluate("localStorage.setItem('parlour.pace', '3')")  # a slow flight, three times the real time
    page.fill(".skelly-precise input[name=angle]", str(angle))
    page.fill(".skelly-precise input[name=power]", str(power))
    page.click(".skelly-precise button[type=submit]")
    # every frame of the flight: what the page tells meanwhile
    seen = page.evaluate("""new Promise((done) => {
        const frames = [];
        const look = () => {
          const flying = document.querySelector('svg.skelly-court[data-flying]');
          if (flying) frames.push({
            log: document.querySelector('#log').innerText,
            banner: [...document.querySelectorAll('.kit-banner-item')].map((b) => b.innerText).join(' | '),
            plate: document.querySelector('.skelly-side .kit-plate.mine').innerText,
            status: document.querySelector('.skelly-status').innerText,
            target: document.querySelectorAll('svg.skelly-court .target').length,
          });
          else if (frames.length) { done(frames); return; }
          requestAnimationFrame(look);
        };
        look();
    })""")
    assert len(seen) >= 10, "the cap flew for a while"
    for frame in seen:
        assert "You flick" not in frame["log"], frame  # nothing of this shot in the log yet
        assert frame["banner"] == "", frame
        assert "next: box 1" in frame["plate"], frame  # not yet box 2
        assert frame["status"] == "Your cap is sliding…" and frame["target"] == 0, frame
    # landed: now the page tells it
    page.wait_for_function("document.querySelector('#log').innerText.includes('for box 1: in box 1 — shoot again')")
    assert "next: box 2" in page.locator(".skelly-side .kit-plate.mine").inner_text()
    page.evaluate("localStorage.setItem('parlour.pace', '0.15')")
    assert view(page)["log"][-1]["result"] == "in"
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_match_over_dialog_waits_for_the_last_cap_to_land(parlour_server, browser):
    """Three friends, one shot each: a spectator watches slowly from the first; the last shot ends the match, and the
    dialog that says who won comes up only once that cap has landed on the page."""
    table = create_table(parlour_server, "skelly", ["human"] * 3, options={"shots": 1}, seed=6)
    watch = open_seat(browser, parlour_server, table, None, pace=3)
    watch.evaluate("""window.frames_seen = []; (function look() {
        window.frames_seen.push({ over: document.body.dataset.over === 'true',
          flying: !!document.querySelector('svg.skelly-court[data-flying]'),
          dialog: !document.querySelector('#banner').hidden });
        requestAnimationFrame(look);
    })()""")
    players = [open_seat(browser, parlour_server, table, s) for s in range(3)]
    for _ in range(3):  # each friend in turn types a soft flick that lands on open ground, short of every box
        page = next(p for p in players if view(p)["to_act"] == [view(p)["seat"]] and not view(p)["over"])
        wait_turn_or_end(page)
        page.fill(".skelly-precise input[name=angle]", "0")
        page.fill(".skelly-precise input[name=power]", "0.05")
        before = version(page)
        page.click(".skelly-precise button[type=submit]")
        wait_version_change(page, before)
        for p in players:
            p.wait_for_function(f"Number(document.body.dataset.version) >= {int(version(page))}")
    watch.wait_for_function("document.body.dataset.over === 'true' && !document.querySelector('#banner').hidden")
    frames = watch.evaluate("window.frames_seen")
    landing = [f for f in frames if f["over"] and f["flying"]]
    assert landing, "the last shot was seen flying"
    assert not [f for f in landing if f["dialog"]], "the dialog showed before the last cap landed"
    for page in [watch, *players]:
        assert page.errors == []  # type: ignore[attr-defined]
