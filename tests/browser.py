"""Playwright helpers for every game's browser test; a pytest plugin that ``tests/conftest.py`` loads.

A game's table test, e.g. ``tests/games/<id>/test_table.py``, uses the fixtures by name and imports the helpers::

    from browser import create_table, open_seat, click_and_wait, shot, view, wait_my_turn

    def test_a_person_plays_a_deal(parlour_server, browser):
        table = create_table(parlour_server, "tarok", seats=["human", "heuristic", "heuristic", "heuristic"], seed=7)
        page = open_seat(browser, parlour_server, table, 0)
        wait_my_turn(page)
        click_and_wait(page, "button[data-action='pass']")
        shot(page, "tarok-bidding")

Fixtures: ``browser`` (Debian's chromium, once per test module), ``parlour_server`` (the base URL of one
``parlour serve --fixed-seeds`` subprocess shared by the session, on a temporary SQLite file), ``artifacts`` (the
folder screenshots go to: ``artifacts/`` at the repository's root).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import parlour
from parlour.core.game import State
from parlour.core.record import table_entry

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
LAPTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
#: The table page holds a finished trick on screen a moment; tests scale those holds down (1 = as people see it).
PACE = 0.15
STARTUP_SECONDS = 60
#: Where to click a card of a fanned hand: its top-left corner, which the next card never covers.
CARD_CORNER = {"x": 10, "y": 24}


#: Collects in ``window.cspViolations`` what the page's Content-Security-Policy refused (:func:`csp_violations`).
VIOLATIONS = """window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.cspViolations.push(
  `${e.effectiveDirective} refused ${e.blockedURI || "inline"} at ${e.sourceFile || "?"}:${e.lineNumber}`));"""


# --- fixtures -------------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's headless chromium, driven by Playwright (no browser download); one per test module, since
    Playwright's sync API keeps an event loop running that would stop other modules' ``asyncio.run``."""
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """``artifacts/`` at the repository's root, where screenshots are kept."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


class ServerURL(str):
    """A server's base URL (``http://127.0.0.1:PORT``) that also knows its SQLite file (``.db``)."""

    db: Path


@pytest.fixture(scope="session")
def parlour_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerURL]:
    """The base URL (``http://127.0.0.1:PORT``) of a ``parlour serve --fixed-seeds`` shared by the session."""
    folder = tmp_path_factory.mktemp("parlour-server")
    server = _Server(folder / "parlour.db", folder / "server.log")
    try:
        url = ServerURL(server.start())
        url.db = server.db
        yield url
    finally:
        server.stop()


class _Server:
    def __init__(self, db: Path, log: Path) -> None:
        self.db, self.log = db, log
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.proc: subprocess.Popen | None = None

    def start(self) -> str:
        exe = shutil.which("parlour")
        args = ["serve", "--port", str(self.port), "--db", str(self.db), "--bot-workers", "1", "--fixed-seeds",
                "--tables-per-minute", "0", "--play-per-minute", "0"]  # the whole session asks from one address
        command = [exe, *args] if exe else [sys.executable, "-c", "import sys; from parlour.cli import main; "
                                                               "sys.exit(main())", *args]
        with open(self.log, "ab") as out:  # a new session: stopping the group stops the bot workers too
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                                         env={**os.environ, "PYTHONUNBUFFERED": "1"})
        url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"parlour serve exited with {self.proc.returncode}:\n{self.log.read_text()}")
            try:
                with urllib.request.urlopen(url + "/api/games", timeout=2) as r:
                    if r.status == 200:
                        return url
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"parlour serve did not answer within {STARTUP_SECONDS}s:\n{self.log.read_text()}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(10)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        self.proc = None


# --- tables and pages -----------------------------------------------------------------------------------------------

def post_table(base: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST /api/tables with ``body``; an error answer raises with the server's ``detail``."""
    request = urllib.request.Request(base + "/api/tables", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return json.load(r)
    except urllib.error.HTTPError as e:
        raise AssertionError(f"POST /api/tables {body}: {e.code} {e.read().decode()}") from None


def create_table(base: str, game: str, seats: list[str | dict[str, Any]], *, players: int | None = None,
                 options: dict[str, Any] | None = None, seed: int | None = None, **settings: Any) -> dict[str, Any]:
    """A table of ``game``: each seat ``"human"``, a bot level (``"heuristic"``) or a full seat dict
    (``{"kind": "human", "name": "Ana"}``); ``seed`` fixes the deal (the test server takes seeds); ``settings``
    more fields of the request, such as ``deal_pause=30`` (what the lobby asks for).
    Returns POST /api/tables's answer: ``table``, ``seats`` (with ``invite_url`` for the human ones)…"""
    spec = [s if isinstance(s, dict) else {"kind": "human"} if s == "human" else {"kind": "bot", "level": s}
            for s in seats]
    body: dict[str, Any] = {"game": game, "players": players or len(spec), "seats": spec, "options": options or {}}
    if seed is not None:
        body["seed"] = seed
    return post_table(base, {**body, **settings})


def open_page(browser: Browser, url: str, viewport: dict[str, int] = LAPTOP, pace: float = PACE, csp: bool = False,
              **kw: Any) -> Page:
    """A fresh browser context on ``url``; page errors are collected in ``page.errors`` (tests assert it is empty).
    ``pace`` scales the table's holds (a finished trick stays ``pace`` × its time on screen).

    ``csp``: keep the server's Content-Security-Policy in force. Off by default: Playwright evaluates a string
    predicate (``wait_for_function("...")``) with ``eval`` in the page, which the policy refuses; a page opened
    with ``csp=True`` is waited on through :func:`until` (evaluated by DevTools, which the policy does not cover).
    ``tests/web/test_csp.py`` opens every page so."""
    context = browser.new_context(viewport=viewport, bypass_csp=not csp, **kw)
    context.add_init_script(f"localStorage.setItem('parlour.pace', '{pace}')")
    context.add_init_script(VIOLATIONS)
    page = context.new_page()
    page.set_default_timeout(30_000)  # the suite's other servers and bot workers share the two cores
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # What the server's Content-Security-Policy refused (an inline script or style, an eval) is an error too.
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "Content Security Policy" in m.text
            else None)
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(url)
    return page


def open_seat(browser: Browser, base: str, table: dict[str, Any], seat: int | None, **kw: Any) -> Page:
    """Seat ``seat``'s page of a table from :func:`create_table` (``None``: the spectators' page), once drawn."""
    url = table["spectator_url"] if seat is None else table["seats"][seat]["invite_url"]
    page = open_page(browser, base + url, **kw)
    page.wait_for_function("window.parlour && window.parlour.ctx.view && document.querySelector('#board').children.length")
    return page


def until(page: Page, expression: str, timeout: float = 30.0) -> Any:
    """Poll ``expression`` in the page until it is truthy (its value), without ``eval`` in the page (for ``csp``)."""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {expression}")
        page.wait_for_timeout(50)


def csp_violations(page: Page) -> list[str]:
    """What the page's Content-Security-Policy refused so far (a page from :func:`open_page`)."""
    return page.evaluate("window.cspViolations || []")


def view(page: Page) -> dict[str, Any]:
    """The view the page has drawn last."""
    return page.evaluate("window.parlour.ctx.view")


def version(page: Page) -> str:
    return page.evaluate("document.body.dataset.version")


def wait_my_turn(page: Page, timeout: float = 30_000) -> None:
    """Until the page shows that its seat is to act (and no move of it is on its way)."""
    page.wait_for_function("document.body.dataset.myTurn === 'true'", timeout=timeout)


def wait_version_change(page: Page, before: str, timeout: float = 10_000) -> None:
    page.wait_for_function(f"document.body.dataset.version !== {json.dumps(before)}", timeout=timeout)


def click_and_wait(page: Page, target: str | Locator, tries: int = 3, **click: Any) -> None:
    """Click an action's button or card and wait until the table has moved on (a new version is drawn).

    A state message arriving mid-click (a bot's move, a reconnection) redraws the table and can swallow the click:
    while it is still this seat's turn at the same version, it clicks again. ``click`` goes to Playwright's click
    (e.g. ``position=CARD_CORNER`` for a card half covered by the next one in a fanned hand).
    """
    locator = page.locator(target) if isinstance(target, str) else target
    for _ in range(tries):
        before = version(page)
        locator.click(**click)
        try:
            wait_version_change(page, before)
            return
        except PlaywrightTimeout:
            assert page.evaluate("document.body.dataset.myTurn") == "true", "the turn passed without a new state"
    raise AssertionError(f"{tries} clicks on {target} did nothing; page errors: {page.errors}")  # type: ignore[attr-defined]


def shot(page: Page, name: str, full_page: bool = True) -> Path:
    """Save a screenshot as ``artifacts/<name>.png``; returns its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    try:
        page.screenshot(path=str(path), full_page=full_page, animations="disabled")
    except PlaywrightTimeout:
        # A whole-page capture of a table the bots keep redrawing can miss its 30 s on a busy machine; the picture
        # is a record for people, not the test's subject, so the visible part stands in for it.
        page.screenshot(path=str(path), animations="disabled", timeout=60_000)
    return path


def replay(server: ServerURL, table: dict[str, Any]) -> State:
    """The engine's own state of a table: its seed, options and every action so far, read from the server's
    database (tests only: the seed is secret until the match ends) and replayed. A test compares what the page
    shows with it."""
    with sqlite3.connect(server.db) as db:
        game_id, players, options, seed = db.execute(
            "SELECT game, players, options, seed FROM tables WHERE id = ?", (table["table"],)).fetchone()
        actions = db.execute("SELECT seat, action FROM actions WHERE table_id = ? ORDER BY idx",
                             (table["table"],)).fetchall()
    state = parlour.load(game_id, players, **json.loads(options)).new(seed=seed)
    for seat, action in actions:
        if seat is None and table_entry(action):
            continue  # the table's own entries (start, bot S LEVEL, back S) change nothing in the match
        if seat is None:
            state.timeout()
        else:
            state.apply(seat, action)
    return state


def overflow(page: Page) -> int:
    """How many pixels the page is wider than its viewport (0: nothing sticks out sideways)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
