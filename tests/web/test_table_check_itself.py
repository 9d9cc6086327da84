"""The table check can fail: each of its rules, on a small page made to break it (and one made to pass them all).

tests/table_check.js is what tests/web/test_table_check.py runs on every game's table; here it runs on pages
written for the purpose, so that a check that stopped seeing something would be noticed.
"""

from __future__ import annotations

from typing import Iterator

import pytest
from playwright.sync_api import Page

from table_check import CHECK, LISTENERS

PAGE = """<!doctype html><html><head><style>
  body {{ margin: 0; font: 16px sans-serif; }}
  #board {{ position: relative; min-height: 580px; padding: 1px 0; }}
  button {{ min-width: 44px; min-height: 44px; }}
</style></head><body data-my-turn="{turn}"><main id="board">{board}</main></body></html>"""


@pytest.fixture(scope="module")
def page(browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 400, "height": 600})
    context.add_init_script(LISTENERS)
    page = context.new_page()
    yield page
    context.close()


def check(page: Page, board: str, turn: bool = True, phone: bool = False) -> list[dict]:
    page.set_content(PAGE.format(board=board, turn=str(turn).lower()))
    return page.evaluate(CHECK, {"phone": phone})["problems"]


def kinds(problems: list[dict]) -> list[str]:
    return sorted(p["kind"] for p in problems)


def test_a_table_that_shows_everything_passes(page):
    board = """<p data-now>Your turn: play a card.</p><button>Play</button>"""
    assert check(page, board) == []
    assert check(page, board, phone=True) == []


def test_a_marked_element_below_the_fold_fails(page):
    problems = check(page, """<div style="height: 700px"></div><p data-now>Your turn</p>""")
    assert kinds(problems) == ["marked"]
    assert "outside the viewport 400×600" in problems[0]["detail"] and '"Your turn"' in problems[0]["what"]


def test_a_marked_element_cut_by_a_scrolling_box_fails(page):
    problems = check(page, """<div style="height: 100px; overflow: auto"><div style="height: 150px"></div>
        <p data-now>Your turn</p></div>""")
    assert kinds(problems) == ["marked"] and "cut by div" in problems[0]["detail"]


def test_an_unmarked_button_or_clickable_thing_off_screen_fails(page):
    problems = check(page, """<p data-now>Go</p><div style="height: 700px"></div><button>Knock</button>""")
    assert kinds(problems) == ["target"] and '"Knock"' in problems[0]["what"]
    page.set_content(PAGE.format(turn="true", board="""<p data-now>Go</p><div style="height: 700px"></div>
        <div class="card">7♥</div>"""))
    page.evaluate("document.querySelector('.card').addEventListener('click', () => {})")
    problems = page.evaluate(CHECK, {"phone": False})["problems"]
    assert kinds(problems) == ["target"] and "div.card" in problems[0]["what"]


def test_a_disabled_button_off_screen_is_no_target(page):
    assert check(page, """<p data-now>Wait</p><div style="height: 700px"></div><button disabled>Knock</button>""") == []


def test_nothing_marked_fails_only_when_the_player_must_act(page):
    assert kinds(check(page, "<button>Play</button>")) == ["nothing marked"]
    assert check(page, "<button>Play</button>", turn=False) == []


def test_a_page_wider_than_the_viewport_fails(page):
    problems = check(page, """<p data-now>Go</p><div class="wide" style="width: 600px; height: 10px"></div>""")
    assert kinds(problems) == ["outside the table", "sideways"]
    wide = next(p for p in problems if p["kind"] == "sideways")
    assert "200 px wider" in wide["detail"] and "div.wide" in wide["what"]


@pytest.mark.parametrize("text, says", [
    ("""<p data-now style="width: 80px; white-space: nowrap">A sentence far too long</p>""", "spills out of"),
    ("""<p data-now style="width: 80px; white-space: nowrap; overflow: hidden">A sentence far too long</p>""",
     "clipped by"),
    ("""<p data-now style="width: 80px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis">A sentence
        far too long</p>""", "ellipsis"),
    ("""<div style="width: 100px; height: 30px; overflow: hidden"><p style="margin: 0; height: 60px">Two<br>lines
        <br>three</p></div><p data-now>Go</p>""", "clipped by div"),
    ("""<p data-now>Go</p><p style="position: absolute; top: -40px">Deal 1: a heading cut off</p>""", "above the page"),
])
def test_text_that_does_not_fit_fails(page, text, says):
    problems = [p for p in check(page, text) if p["kind"] == "text"]
    assert len(problems) == 1 and says in problems[0]["detail"], problems


def test_a_visually_hidden_label_is_not_cut_text(page):
    hidden = """<span style="position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0)">
        a label for screen readers</span>"""
    assert check(page, f"<p data-now>Go</p>{hidden}") == []


def test_a_small_or_covered_target_fails_on_a_phone(page):
    small = check(page, """<p data-now>Go</p><button style="min-width: 0; min-height: 0; width: 20px;
        height: 20px; padding: 0">x</button>""", phone=True)
    assert kinds(small) == ["small"] and "20×20" in small[0]["detail"]
    # A fanned hand: each card mostly under the next, a strip of 16 px free.
    fan = "".join(f"""<button style="position: absolute; left: {10 + 16 * i}px; top: 100px; width: 60px;
        height: 90px">{i}</button>""" for i in range(5))
    problems = check(page, f"<p data-now>Go</p>{fan}", phone=True)
    assert kinds(problems) == ["small"] * 4, problems  # the last card lies on top: all of it is free
    assert all("a finger reaches 1" in p["detail"] for p in problems)
    assert check(page, f"<p data-now>Go</p>{fan}", phone=False) == []  # a mouse hits a strip


def test_a_target_covered_wholly_fails_anywhere(page):
    board = """<p data-now>Go</p><button style="position: absolute; left: 10px; top: 100px">Play</button>
        <div style="position: absolute; left: 0; top: 90px; width: 200px; height: 80px; background: #fff"></div>"""
    problems = check(page, board)
    assert kinds(problems) == ["small"] and "covered wholly" in problems[0]["detail"]


def test_under_a_modal_layer_only_its_own_controls_count(page):
    board = """<div style="height: 700px"></div><button>Behind</button>
        <div style="position: fixed; inset: 0; background: rgba(0,0,0,.5)" id="banner">
        <div data-now><h2>You win</h2><button>Rematch</button></div></div>"""
    assert check(page, board, turn=False) == []


def test_text_scrolled_away_in_a_box_that_scrolls_is_not_cut(page):
    log = "".join(f"<li>Line {i}: someone played a card</li>" for i in range(30))
    board = f"""<p data-now>Go</p><ol id="log" style="height: 80px; overflow-y: auto; margin: 0">{log}</ol>
        <div style="position: absolute; top: 0; left: 0; width: 100%"><ol style="height: 60px; overflow-y: auto;
        margin: 0">{log}</ol></div>"""
    page.set_content(PAGE.format(turn="true", board=board))
    page.evaluate("document.querySelectorAll('ol').forEach((o) => { o.scrollTop = o.scrollHeight; })")
    assert page.evaluate(CHECK, {"phone": False})["problems"] == []


def test_a_part_of_the_table_drawn_over_the_page_around_it_fails(page):
    board = """<p data-now>Go</p><div class="result" data-now style="position: absolute; top: 40px; left: 10px;
        width: 100px; height: 300px; background: #eee">Deal 1</div>"""
    page.set_content(PAGE.format(turn="true", board=board).replace('<main id="board">',
                     '<header style="height: 30px">bar</header><main id="board" style="min-height: 0; height: 100px">'))
    problems = page.evaluate(CHECK, {"phone": False})["problems"]
    assert kinds(problems) == ["outside the table"] and "div.result" in problems[0]["what"]
