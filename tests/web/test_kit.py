"""The table kit's parts in real chromium: each part drawn alone in a page and checked for what kit/README.md says.

The parts are imported from the running server (``/static/kit/kit.js``) into a blank page of its origin.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from playwright.sync_api import Browser, Page

from browser import open_page

SETUP = """
async () => {
  window.kit = await import('/static/kit/kit.js');
  document.body.replaceChildren();
  await Promise.all(['/static/style.css', '/static/kit/kit.css'].map((href) => new Promise((ok) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet'; link.href = href; link.onload = ok;
    document.head.append(link);
  })));
  window.ctx = { seat: 0, version: 1, ui: {}, pending: false, view: { to_act: [1], dealer: 2 },
    table: { seats: [{ seat: 0, kind: 'human', connected: true }, { seat: 1, kind: 'bot', level: 'heuristic' },
                     { seat: 2, kind: 'human', name: 'Ana', connected: false }, { seat: 3, kind: 'bot', level: 'random' }] },
    played: [], rerender() {}, play(a) { this.played.push(a); } };
}
"""


@pytest.fixture(scope="module")
def page(parlour_server: str, browser: Browser) -> Iterator[Page]:
    p = open_page(browser, parlour_server + "/static/favicon.svg")
    p.goto(parlour_server + "/static/kit/README.md")
    p.evaluate(SETUP)
    yield p
    assert p.errors == []  # type: ignore[attr-defined]
    p.context.close()


def run(page: Page, body: str, arg: Any = None) -> Any:
    """Evaluate ``body`` (a function body using `kit`, `ctx` and `arg`) in the page."""
    return page.evaluate(f"async (arg) => {{ const kit = window.kit, ctx = window.ctx; {body} }}", arg)


def test_seats_sit_in_turn_order_counter_clockwise_with_you_at_the_bottom(page: Page) -> None:
    places = run(page, "return [kit.placeSeats(4, 2), kit.placeSeats(3, 0), kit.placeSeats(2, 1), kit.placeSeats(6, 0)];")
    assert places[0] == [{"seat": 2, "where": "bottom"}, {"seat": 3, "where": "right"}, {"seat": 0, "where": "top"},
                         {"seat": 1, "where": "left"}]
    assert [p["where"] for p in places[1]] == ["bottom", "right", "left"]
    assert places[2] == [{"seat": 1, "where": "bottom"}, {"seat": 0, "where": "top"}]
    assert [p["where"] for p in places[3]] == ["bottom", "right", "top", "top", "top", "left"]


def test_a_seat_plate_shows_name_level_connection_dealer_and_turn(page: Page) -> None:
    got = run(page, """
      const plates = [1, 2].map((s) => kit.seatPlate(ctx, s, { where: 'top' }));
      document.body.replaceChildren(...plates);
      return plates.map((p) => ({ text: p.textContent, cls: p.className, dot: p.querySelector('.kit-dot')?.className ?? null,
        dealer: !!p.querySelector('.kit-badge.dealer'), level: p.querySelector('.kit-level')?.textContent ?? null }));
    """)
    bot, ana = got
    assert bot["text"].startswith("Bot 1 (heuristic)") and bot["level"] == " (heuristic)" and "thinking" in bot["text"]
    assert "acting" in bot["cls"] and bot["dot"] is None and not bot["dealer"]
    assert ana["text"].startswith("Ana") and ana["dot"] == "kit-dot off" and ana["dealer"] and "acting" not in ana["cls"]


def test_the_hand_raises_legal_cards_and_dims_the_others_with_the_reason(page: Page) -> None:
    got = run(page, """
      const picked = [];
      const el = kit.hand(['KH', 'T21', '7C'], { active: true, legal: (c) => c !== '7C' || 'follow suit',
        onPick: (c) => picked.push(c), selected: ['KH'] });
      document.body.replaceChildren(el);
      for (const b of el.querySelectorAll('button')) b.click();
      const cards = [...el.querySelectorAll('.kit-card')];
      return { picked, cls: cards.map((c) => c.className), why: cards.map((c) => c.dataset.why ?? null),
        name: cards[2].getAttribute('aria-label'), title: cards[2].title,
        disabled: cards.map((c) => c.disabled), codes: cards.map((c) => c.dataset.code) };
    """)
    assert got["codes"] == ["KH", "T21", "7C"]
    assert got["picked"] == ["KH", "T21"]  # a click on the refused card plays nothing
    assert got["cls"] == ["kit-card legal selected", "kit-card legal", "kit-card illegal"]
    # the refused card stays clickable, to say why (no tooltip: a phone has no hover)
    assert got["disabled"] == [False, False, False] and got["why"] == [None, None, "follow suit"]
    assert got["name"] == "7♣: follow suit" and got["title"] == ""
    idle = run(page, "const el = kit.hand(['KH'], {}); return [el.className, el.querySelector('button').disabled];")
    assert idle == ["kit-hand", True]


def test_sixteen_cards_fit_a_phone_without_overflow(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 700})
    try:
        width = run(page, """
          const codes = ['T1','T2','T3','T4','T5','T6','T7','T8','T9','T10','T11','T12','KH','QH','NH','JH'];
          document.body.replaceChildren(kit.hand(codes, { active: true }));
          return document.documentElement.scrollWidth;
        """)
        assert width <= 360
    finally:
        page.set_viewport_size({"width": 1280, "height": 860})


def test_the_trick_lays_each_card_before_its_player_and_marks_the_winner(page: Page) -> None:
    got = run(page, """
      const el = kit.trick({ plays: [{seat: 3, card: 'KH'}, {seat: 0, card: 'T5'}, {seat: 1, card: 'T7'}, {seat: 2, card: '1H'}],
        n: 4, me: 0, winner: 1, ctx });
      document.body.replaceChildren(el);
      const box = el.getBoundingClientRect();
      const mid = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      return [...el.querySelectorAll('.kit-trick-card')].map((c) => {
        const r = c.getBoundingClientRect();
        return { seat: +c.dataset.seat, dx: r.left + r.width / 2 - mid.x, dy: r.top + r.height / 2 - mid.y,
          won: c.classList.contains('won'), tag: c.querySelector('.kit-won-tag')?.textContent ?? null };
      });
    """)
    at = {c["seat"]: c for c in got}
    assert at[0]["dy"] > 20 and abs(at[0]["dx"]) < 2       # you: below the middle
    assert at[1]["dx"] > 20 and abs(at[1]["dy"]) < 2       # the next seat: on the right
    assert at[2]["dy"] < -20 and abs(at[2]["dx"]) < 2      # across: above
    assert at[3]["dx"] < -20                               # the last: on the left
    assert [c["seat"] for c in got if c["won"]] == [1] and at[1]["tag"] == "Bot 1 (heuristic) won"


@pytest.mark.parametrize(("lang", "you", "ana"), [("en", "You won", "Ana won"), ("sl", "pobereš", "pobere: Ana")])
def test_a_trick_you_won_says_so_in_your_own_words(parlour_server: str, browser: Browser, lang: str, you: str,
                                                  ana: str) -> None:
    """A sentence about "you" has its own words: never "pobere: Ti" (a name put into a third-person sentence)."""
    p = open_page(browser, f"{parlour_server}/static/kit/README.md?lang={lang}")
    tags = p.evaluate("""async () => {
      const kit = await import('/static/kit/kit.js');
      const ctx = { seat: 0, table: { seats: [{ seat: 0, kind: 'human' }, { seat: 1, kind: 'human', name: 'Ana' }] } };
      return [0, 1].map((winner) => kit.trick({ plays: [{ seat: 0, card: 'KH' }, { seat: 1, card: 'AH' }], n: 2, me: 0,
        winner, ctx }).querySelector('.kit-won-tag').textContent);
    }""")
    assert tags == [you, ana]
    p.context.close()


# The winner's tag is never under a card played after it; your own win has its own words ("You won").
COVERED = """
  const tag = el.querySelector('.kit-won-tag');
  const r = tag.getBoundingClientRect();
  const y = (r.top + r.bottom) / 2;
  const under = [r.left + 2, (r.left + r.right) / 2, r.right - 2].map((x) => document.elementFromPoint(x, y))
    .filter((hit) => !hit || !(hit === tag || tag.contains(hit))).length;
  return { text: tag.textContent, under };
"""


def test_the_winners_name_lies_on_top_of_the_cards_played_after_it(page: Page) -> None:
    # three seats: the winner on the right, then the one across, then you, whose card lies over the others
    got = run(page, """
      const el = kit.trick({ plays: [{seat: 1, card: 'KH'}, {seat: 2, card: 'QH'}, {seat: 0, card: 'JH'}],
        n: 3, me: 0, winner: 1, ctx });
      document.body.replaceChildren(el);
    """ + COVERED)
    assert got == {"text": "Bot 1 (heuristic) won", "under": 0}


def test_your_own_win_is_told_in_its_own_words(page: Page) -> None:
    got = run(page, """
      const el = kit.trick({ plays: [{seat: 1, card: 'KH'}, {seat: 2, card: 'QH'}, {seat: 0, card: 'AH'}],
        n: 3, me: 0, winner: 0, ctx });
      document.body.replaceChildren(el);
    """ + COVERED)
    assert got == {"text": "You won", "under": 0}


def test_the_last_trick_opens_on_demand(page: Page) -> None:
    got = run(page, """
      const last = { plays: [{seat: 0, card: 'KH'}, {seat: 1, card: 'QH'}], winner: 0 };
      const draw = () => kit.lastTrick(ctx, last, { n: 2, me: 0 });
      const closed = draw();
      closed.querySelector('button').click();
      const open = draw();
      return [closed.querySelectorAll('.kit-last-view').length, open.querySelectorAll('.kit-last-view .kit-trick-card').length,
        open.querySelector('.won').dataset.code, kit.lastTrick(ctx, null, { n: 2 }).querySelector('button').disabled];
    """)
    assert got == [0, 2, "KH", True]


def test_a_grid_numbers_its_slots_and_picks_only_the_pickable(page: Page) -> None:
    got = run(page, """
      const picked = [];
      const el = kit.grid([{card: '5H'}, {card: null}, {card: undefined}, {card: null, number: 9}],
        { cols: 2, owner: 1, pickable: (s) => s.card === null || 'face up already', onPick: (s, i) => picked.push(i) });
      document.body.replaceChildren(el);
      el.querySelectorAll('button').forEach((b) => b.click());
      return { picked, numbers: [...el.querySelectorAll('.kit-slot-no')].map((n) => n.textContent),
        flips: [...el.querySelectorAll('.kit-slot')].map((s) => s.dataset.flip), title: el.querySelector('.kit-slot').title,
        why: [...el.querySelectorAll('.kit-slot')].map((s) => s.dataset.why ?? null),
        backs: el.querySelectorAll('svg.card.back').length };
    """)
    assert got["picked"] == [1, 3] and got["numbers"] == ["1", "2", "3", "9"] and got["backs"] == 2
    assert got["flips"] == ["slot:1:0", "slot:1:1", "slot:1:2", "slot:1:3"] and got["title"] == "1: 5♥"
    assert got["why"] == ["face up already", None, "face up already", None]


def test_a_board_has_a_target_on_each_pickable_point_and_draws_marks(page: Page) -> None:
    got = run(page, """
      const hits = [];
      const el = kit.board({ cols: 9, rows: 9, coords: true, pickable: (x, y) => (x + y) % 2 === 0,
        onPoint: (x, y) => hits.push([x, y]), draw: (b) => { b.disc(4, 4, { cls: 'black' }); b.mark(2, 2); } });
      document.body.replaceChildren(el);
      const targets = el.querySelectorAll('.kit-hit');
      targets[1].dispatchEvent(new MouseEvent('click'));
      const misses = el.querySelectorAll('.kit-miss');
      misses[0].dispatchEvent(new MouseEvent('click'));
      return { targets: targets.length, hits, discs: el.querySelectorAll('.kit-disc.black').length,
        misses: misses.length, tabbable: [...misses].some((m) => m.hasAttribute('tabindex')),
        labels: [...el.querySelectorAll('.kit-board-coords text')].slice(0, 2).map((t) => t.textContent) };
    """)
    assert got["targets"] == 41 and got["hits"] == [[2, 0]] and got["discs"] == 1 and got["labels"] == ["a", "a"]
    assert got["misses"] == 40 and not got["tabbable"]  # every other point is a refusal, not a keyboard stop


def test_a_board_point_says_why_it_may_not_be_played(page: Page) -> None:
    got = run(page, """
      const el = kit.board({ cols: 3, rows: 3, pickable: (x, y) => (x === 1 && y === 1) || (x === 0 ? 'taken' : false),
        why: (x, y) => (y === 0 ? 'not there' : null), onPoint: () => {} });
      return [...el.querySelectorAll('.kit-miss')].map((m) => [m.dataset.x, m.dataset.y, m.dataset.why ?? null]);
    """)
    assert got == [["0", "0", "taken"], ["1", "0", "not there"], ["2", "0", "not there"], ["0", "1", "taken"],
                   ["2", "1", None], ["0", "2", "taken"], ["1", "2", None], ["2", "2", None]]


def test_the_countdown_ring_shows_the_seconds_left_and_nothing_without_a_window(page: Page) -> None:
    got = run(page, """
      const none = kit.countdown({ deadlineAt: null });
      const ring = kit.countdown({ deadlineAt: Date.now() + 4200, deadlineTotal: 10000 });
      return [none, ring.querySelector('.kit-countdown-text').textContent, ring.getAttribute('role')];
    """)
    assert got == [None, "5", "timer"]


def test_compound_moves_offer_only_parts_that_lead_to_a_legal_move(page: Page) -> None:
    got = run(page, """
      const legal = ['discard 7C 8C', 'discard 7C 9C', 'discard 8C 9C', 'pass'];
      const a = kit.compound(legal, ['8C'], { prefix: 'discard', unordered: true });
      const b = kit.compound(legal, ['9C', '7C'], { prefix: 'discard', unordered: true });
      const c = kit.compound(['move a1 a2', 'move a1 b1', 'move b2 b3'], ['a1'], { prefix: 'move' });
      return [[...a.next].sort(), a.done, b.done, [...c.next], c.done, kit.compound(legal, [], { prefix: 'bid' }).candidates];
    """)
    assert got == [["7C", "9C"], None, "discard 7C 9C", ["a2", "b1"], None, []]


def test_the_chooser_builds_a_move_step_by_step_and_plays_it(page: Page) -> None:
    got = run(page, """
      ctx.played = []; ctx.ui = {};
      const legal = ['move a1 a2', 'move a1 b1', 'move b2 b3'];
      const draw = () => { const el = kit.chooser(ctx, { id: 'm', actions: legal, prefix: 'move', verb: 'Move' });
        document.body.replaceChildren(el); return el; };
      let el = draw();
      const first = [...el.querySelectorAll('.kit-part')].map((b) => b.dataset.part);
      el.querySelector(".kit-part[data-part='a1']").click();
      el = draw();
      const second = [...el.querySelectorAll('.kit-part')].map((b) => b.dataset.part);
      const before = el.querySelector('.kit-confirm').disabled;
      el.querySelector(".kit-part[data-part='b1']").click();
      el = draw();
      el.querySelector('.kit-confirm').click();
      return [first, second, before, ctx.played];
    """)
    assert got == [["a1", "b2"], ["a2", "b1"], True, ["move a1 b1"]]


def test_cards_slide_between_zones_unless_the_user_prefers_less_motion(page: Page) -> None:
    script = """
      const a = document.createElement('div'), b = document.createElement('div');
      a.style.cssText = 'position:absolute;left:0;top:0;width:50px;height:70px';
      b.style.cssText = 'position:absolute;left:300px;top:200px;width:50px;height:70px';
      const card = document.createElement('span'); card.dataset.flip = 'card:KH';
      card.style.cssText = 'display:block;width:50px;height:70px';
      a.append(card); document.body.replaceChildren(a, b);
      const before = kit.snapshot(document.body);
      b.append(card);
      kit.animate(document.body, before);
      return document.getAnimations().length;
    """
    assert run(page, script) == 1
    page.emulate_media(reduced_motion="reduce")
    try:
        assert run(page, "document.getAnimations().forEach((x) => x.cancel());" + script) == 0
    finally:
        page.emulate_media(reduced_motion="no-preference")


def test_a_banner_says_what_happened_and_goes(page: Page) -> None:
    got = run(page, """
      kit.banner('You won the trick', { kind: 'good', ms: 300 });
      const shown = document.querySelector('#kit-banner .kit-banner-item.good').textContent;
      await new Promise((ok) => setTimeout(ok, 450));
      return [shown, document.querySelectorAll('#kit-banner .kit-banner-item').length,
        document.getElementById('kit-banner').getAttribute('aria-live')];
    """)
    assert got == ["You won the trick", 0, "polite"]
