"""A person plays a round of Spoons by clicking, in Debian's chromium, against two steady bots; a friend watches.

The person holds the stock (seed 81: the pile-holder is seat 0), passes on each drawn card that does not help, and
grabs when four of a kind comes (nine passes with the seed's stock, whatever the bots do meanwhile; if a bot gets
there first, the person grabs after it). A second page, a spectator, sees every pass and grab.
"""

from __future__ import annotations

import re
from collections import Counter

from browser import PHONE, create_table, open_seat, overflow, replay, shot, view

import parlour
from parlour.bots import default

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


# --- the grab, as a person sees it --------------------------------------------------------------------------------

#: Records what each painted frame shows (requestAnimationFrame runs just before the browser paints): the round,
#: the phase, how many spoons are taken, whether the page's grab button can be pressed, the banners on screen, and
#: from when (``at``, the page's clock in ms) until the next change.
FRAMES = """() => {
  window.frames_seen = [];
  const look = () => {
    const v = window.parlour.ctx.view;
    if (v) {
      const frame = { round: v.round, phase: v.phase, grabbed: v.grabbed.length,
        canGrab: !!document.querySelector('.grab-button.can-grab:not([disabled])'),
        banners: [...document.querySelectorAll('#kit-banner .kit-banner-item')].map((b) => b.textContent) };
      const last = window.frames_seen[window.frames_seen.length - 1];
      if (!last || JSON.stringify({ ...last, at: 0 }) !== JSON.stringify({ ...frame, at: 0 })) {
        window.frames_seen.push({ ...frame, at: performance.now() });
      }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


def tap(page, selector: str) -> bool:
    """Click where ``selector`` is now, as a finger does (whatever is drawn there when it lands); False if absent."""
    box = page.locator(selector).first.bounding_box()
    if box is None:
        return False
    page.mouse.click(box["x"] + min(box["width"] / 2, 14), box["y"] + min(box["height"] / 2, 30))
    return True


def play_until_a_bot_takes_the_first_spoon(page) -> int:
    """Pass cards (and grab with four of a kind) by clicking, round after round, until a bot takes the first spoon
    while this seat is still in; then grab at once, as soon as the page shows it. Returns that round (also when
    the page went on to the next round without ever showing that grab)."""
    round_no = view(page)["round"]
    for _ in range(400):
        page.wait_for_function(f"(() => {{ const v = window.parlour.ctx.view; return v.phase === 'grab' || v.over || "
                               f"v.round !== {round_no} || document.body.dataset.myTurn === 'true'; }})()")
        v = view(page)
        assert not v["over"] and 0 in v["alive"], "the person went out before a bot took a first spoon"
        if v["round"] != round_no:
            first = next((e for e in v["previous"] if e["type"] == "grab"), None)
            if first is not None and first["seat"] != 0:
                return round_no  # a bot took the first spoon, and the page never showed it
            round_no = v["round"]
            continue
        if v["phase"] == "grab" and 0 not in v["grabbed"]:
            if v["grabbed"][0] != 0 and tap(page, ".grab-button.can-grab"):
                page.wait_for_function(f"window.parlour.ctx.view.round > {v['round']} || "
                                       "window.parlour.ctx.view.grabbed.includes(0)")
                return v["round"]
            continue
        if "grab" in v["legal"]:  # four of a kind: take the first spoon and play on to the next round
            tap(page, ".grab-button.can-grab")
            page.wait_for_function(f"window.parlour.ctx.view.round > {v['round']}", timeout=60_000)
            continue
        if v["phase"] == "passing" and len(v["hand"]) == 5:
            ranks = Counter(c[:-1] for c in v["hand"])
            card = [c for c in v["hand"] if ranks[c[:-1]] == min(ranks.values())][-1]
            before = page.evaluate("window.parlour.ctx.version")
            if tap(page, f".kit-me .kit-card.legal[data-code='{card}']"):
                page.wait_for_function(f"window.parlour.ctx.version > {before} || "
                                       f"window.parlour.ctx.view.phase !== 'passing'")
    raise AssertionError("no bot took a first spoon in 400 moves")


def test_the_grab_is_on_screen_before_it_can_be_lost_and_a_person_grabbing_then_is_not_the_slowest(
        parlour_server, browser) -> None:
    game = parlour.load("spoons")
    table = create_table(parlour_server, "spoons", ["human"] + [default(game)] * 3, seed=5, options={"countdown": 1})
    page = open_seat(browser, parlour_server, table, 0, pace=1)  # the holds as people see them
    page.evaluate(FRAMES)
    round_no = play_until_a_bot_takes_the_first_spoon(page)
    # the frames are sampled at each animation frame, after the view changes: wait for one of the next round
    page.wait_for_function(f"window.frames_seen.some((f) => f.round > {round_no})", timeout=60_000)
    frames = page.evaluate("window.frames_seen")
    ended = next(i for i, f in enumerate(frames) if f["round"] > round_no)
    # painted before the round's end: the grab, with the button to press and the banner saying so
    shown = [f for f in frames[:ended] if f["round"] == round_no and f["phase"] == "grab" and f["canGrab"]]
    assert shown and any("has four of a kind — grab!" in b for f in shown for b in f["banners"]), frames[:ended + 1]
    # the round's letter is told once the grab is over, never beside the call to grab
    letter = re.compile(r"^You get |gets [A-Z]")
    assert not any(any("— grab!" in b for b in f["banners"]) and any(letter.search(b) for b in f["banners"])
                   for f in frames), frames
    assert any(letter.search(b) for f in frames[ended:] for b in f["banners"])
    # he grabbed as soon as he saw it: not the slowest; the others took 0.7 s at least after the first spoon
    engine = replay(parlour_server, table)
    detail = engine.sheet.rows[round_no - 1][2]
    assert 0 in detail["grabs"] and 0 not in detail["losers"], detail
    line = page.locator(".last-round").text_content()
    assert f"Round {round_no}: 1st " in line and "You +" in line, line
    gaps = [float(g) for g in re.findall(r"\+(\d+\.\d+) s", line)]
    assert len(gaps) == len(detail["grabs"]) - 1
    bots_after = [g for g, seat in zip(gaps, detail["grabs"][1:]) if seat != 0]
    assert bots_after and min(bots_after) >= 0.7, line
    assert page.errors == []


#: A page too busy to draw for half a second (a slow phone, a loaded machine) when told "stall": the messages that
#: arrive meanwhile wait, then run one after another with no frame painted between them.
STALL = """(() => {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        if (e.data === '{"type":"stall"}') { const t = performance.now(); while (performance.now() - t < 500) {} }
      });
    }
  };
})()"""


def test_the_first_spoon_stays_on_screen_when_the_rounds_end_arrives_with_it(parlour_server, browser) -> None:
    """A page that stalls while the grab happens gets the first spoon, the other grabs and the next round all at
    once: the grab is still painted, and stays a moment before the next round is drawn."""
    game = parlour.load("spoons")
    table = create_table(parlour_server, "spoons", ["human"] + [default(game)] * 3, seed=5, options={"countdown": 1})
    context = browser.new_context(viewport=PHONE, bypass_csp=True)  # wait_for_function's eval (see browser.open_page)
    context.add_init_script("localStorage.setItem('parlour.pace', '1')")
    context.add_init_script(STALL)
    page = context.new_page()
    page.set_default_timeout(30_000)
    first_spoon = re.compile(r'\\?"order\\?":1,\\?"cards')
    next_round = re.compile(r'\\?"type\\?":\\?"round\\?"')

    def stalled(ws) -> None:
        server = ws.connect_to_server()
        held: list = []

        def to_page(message) -> None:
            text = message if isinstance(message, str) else ""
            if held or first_spoon.search(text):
                held.append(message)
                if not next_round.search(text):
                    return
                # from the first spoon to the next round, all while the page is busy (the first message after a
                # long task may get a frame of its own: a message the page ignores takes it)
                ws.send('{"type":"stall"}')
                ws.send('{"type":"nothing"}')
            for m in held or [message]:
                ws.send(m)
            held.clear()
        server.on_message(to_page)
        ws.on_message(lambda message: server.send(message))

    page.route_web_socket(re.compile(r"/ws/"), stalled)
    page.goto(parlour_server + table["seats"][0]["invite_url"])
    page.wait_for_function("window.parlour && window.parlour.ctx.view && document.querySelector('#board').children.length")
    page.evaluate(FRAMES)
    round_no = play_until_a_bot_takes_the_first_spoon(page)
    # the frames are sampled at each animation frame, after the view changes: wait for one of the next round
    page.wait_for_function(f"window.frames_seen.some((f) => f.round > {round_no})", timeout=60_000)
    frames = page.evaluate("window.frames_seen")
    ended = next(i for i, f in enumerate(frames) if f["round"] > round_no)
    grab = [f for f in frames[:ended] if f["round"] == round_no and f["phase"] == "grab"]
    assert grab, frames[:ended + 1]
    # held on screen (the page waits before drawing what came with it): a timer's lower bound, not a speed
    assert frames[ended]["at"] - grab[0]["at"] >= 750, frames[ended - len(grab) - 1:ended + 1]
    shot(page, "spoons-grab-phone")
    context.close()
