"""The table check's machinery (tests/web/test_table_check.py runs it over every complete game).

How a table is brought to a state, the same way for every game:

1. :func:`positions` plays the first deal (round, pack; the whole game of a board game) out with the engine, every
   seat played by the game's weakest own bot with a little noise (see :func:`player_level`), seeded, and picks
   three versions of it: the **opening** (the first state in which seat 0 must act), **mid**-play (the state
   nearest the deal's middle in which seat 0 must act) and the **result** (the state right after the move that
   scored the deal: its result drawn; for a one-deal match or a board game, the end of the match).
2. The test server (``--fixed-seeds``) opens a table there: ``moves`` played at creation (docs/protocol.md). Seat
   0 is the page's, a person's. Every other seat that may act there is a person too, whose :class:`StandIns`
   socket never moves; the rest are bots of the game's strongest level, who do not move either, since they are
   not to act. The table waits for its people (``wait_for_players``), so its clocks (a peek, a snap window, a
   call) start once the pages are there: they see the whole window. A result is not opened after its last move
   but just before it, and that move is played while the pages watch (see :func:`open_table`), since a table
   draws a deal's end as it happens (a page opened later would not show it).
3. The page's socket passes through a :class:`Hold`, which keeps back every state after the one looked at, and
   the page's own time is stopped (Playwright's clock): the page stays as it is however long the check looks.
4. ``table_check.js`` measures the page (its header says what it checks); :func:`axe` runs axe-core.
"""

from __future__ import annotations

import json
import random
import re
import threading
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Error as PlaywrightError, Page, WebSocketRoute
from websockets.sync.client import connect

import parlour
from parlour.bots import RandomBot, best, make
from parlour.core.registry import game_class, games
from parlour.server.static import has_table

from browser import ARTIFACTS, PACE, post_table

CHECK_JS = (Path(__file__).parent / "table_check.js").read_text()
#: The check as a function of its options, for page.evaluate; the listeners' script, for every new document.
CHECK = f"(options) => {{ {CHECK_JS}\n return tableCheck(options); }}"
LISTENERS = CHECK_JS.split("const LISTENERS = `", 1)[1].split("`;", 1)[0]
#: The three sizes: two laptops, and a phone (touch, mobile).
SIZES = {"1280x800": {"width": 1280, "height": 800}, "1366x768": {"width": 1366, "height": 768},
         "390x844": {"width": 390, "height": 844}}
PHONE_SIZE = "390x844"
STATES = ("opening", "mid", "result")
SHOTS = ARTIFACTS / "check"
#: axe-core, as axe-playwright-python bundles it: put in a page once, run at each size.
AXE_SCRIPT = Axe().axe_script
#: A play-out that has not ended its first deal after this many moves is a bug (of the play-out or the game).
PLAYOUT_LIMIT = 5000
SEED = 1
#: How often a play-out's move is a random one instead of the bot's: bots that never knock (Kaboo's, four at a
#: table) still end their round, and the deals are not all alike.
NOISE = 0.1
#: The names of the people at the other seats (the page's own seat is "You").
NAMES = ["Ana", "Bojan", "Mia", "Jānis", "Zofia", "Ioana", "Wei", "Luka", "Marta", "Andrei", "Lin", "Nika", "Tomaž",
         "Ilze", "Piotr"]


def complete_games() -> list[str]:
    """Every registered game whose status is complete and that has its own table (Go and Rengo are two)."""
    return [g for g in games() if game_class(g).describe()["status"] == "complete" and has_table(g)]


def counts(game_id: str) -> list[int]:
    """The fewest, default and most players, each once."""
    d = game_class(game_id).describe()
    return sorted({min(d["players"]), d["default_players"], max(d["players"])})


@dataclass(frozen=True)
class Position:
    """A state of a table: the table is opened after ``moves``; ``then``, if any, is played while the page watches
    (the move that ends the deal: a page opened after it would not draw the deal's end as its players saw it)."""

    game: str
    players: int
    state: str
    seed: int
    moves: tuple[tuple[int | None, str], ...]
    then: tuple[int | None, str] | None
    #: the seats that may act when the table opens, and once it is at its state; whether the match is over then
    acting: tuple[int, ...]
    to_act: tuple[int, ...]
    over: bool

    @property
    def version(self) -> int:
        return len(self.moves) + (self.then is not None)

    @property
    def name(self) -> str:
        return f"{self.game}-{self.players}p-{self.state}"

    def people(self) -> list[int]:
        """The seats other than the page's that are people: every seat that may act at either version (so that no
        bot moves), the one that plays ``then``, and with ``then`` at least one (the latecomer of open_table)."""
        people = {*self.acting, *self.to_act, *([self.then[0]] if self.then and self.then[0] is not None else [])} - {0}
        return sorted(people or ({1} if self.then else set()))

    def seats(self) -> list[dict[str, Any]]:
        """Seat 0 the page's person; :meth:`people` named; a bot of the game's strongest level at every other."""
        level = best(parlour.load(self.game, self.players))
        people = self.people()
        return [{"kind": "human"} if s == 0 else {"kind": "human", "name": NAMES[(s - 1) % len(NAMES)]}
                if s in people else {"kind": "bot", "level": level} for s in range(self.players)]


def _rows(state: parlour.State) -> int:
    sheet = state.view(0).get("sheet") or {}
    return len(sheet.get("rows") or [])


def player_level(game: parlour.Game) -> str:
    """Who plays the play-outs: the weakest of the game's own bots (the last it lists: quick, and it bids and
    plays as people do, where random moves would bid a Tarok valat every deal); ``random`` for a game that starts
    from a position it reads (Go, Rengo: random stones fill a board much as a game does, and its own bots are an
    outside program or a search, far too slow for this)."""
    own = [name for name in getattr(game, "bots", {}) if name != RandomBot.name]
    return "random" if game.position_format or not own else own[-1]


def _playout(game_id: str, players: int, seed: int) -> tuple[list[tuple[int | None, str]],
                                                             list[tuple[tuple[int, ...], bool]]]:
    """Moves until the first deal is scored (or the match ends), and each version's (to_act, over). The seat that
    acts, where several may, is drawn at random (seeded), and its move is its bot's, or one time in 1 / NOISE a
    random legal one; a window nobody acts in is closed by a timeout."""
    game = parlour.load(game_id, players)
    state = game.new(seed=seed)
    rng = random.Random(seed)
    level = player_level(game)
    bots = [make(level, game, s, seed=seed * 100 + s) for s in range(players)]
    moves: list[tuple[int | None, str]] = []
    seen = [(tuple(state.to_act), state.over)]
    while not state.over and _rows(state) == 0:
        assert len(moves) < PLAYOUT_LIMIT, f"{game_id}: no deal ended within {PLAYOUT_LIMIT} moves of {level} bots"
        seats = [s for s in state.to_act if state.legal(s)]
        if not seats:
            assert state.deadline is not None, f"{game_id}: nobody may act and no window is open ({len(moves)} moves)"
            state.timeout()
            moves.append((None, "timeout"))
        else:
            seat = rng.choice(seats)
            legal = list(state.legal(seat))
            action = rng.choice(legal) if rng.random() < NOISE else bots[seat].choose(state.view(seat), legal)
            moves.append((seat, str(state.apply(seat, action))))
        seen.append((tuple(state.to_act), state.over))
    return moves, seen


@lru_cache(maxsize=None)
def positions(game_id: str, players: int, seed: int = SEED) -> dict[str, Position]:
    """The opening, mid-play and result positions of the first deal (see the module's doc)."""
    moves, seen = _playout(game_id, players, seed)
    end = len(moves)
    acting = [v for v in range(end) if 0 in seen[v][0]]
    assert acting, f"{game_id} ({players} players): seat 0 never acts in the first deal"
    opening = acting[0]
    later = [v for v in acting if v > opening] or [opening]
    mid = min(later, key=lambda v: abs(v - end / 2))
    found = {name: Position(game_id, players, name, seed, tuple(moves[:v]), None, seen[v][0], seen[v][0],
                            seen[v][1]) for name, v in (("opening", opening), ("mid", mid))}
    found["result"] = Position(game_id, players, "result", seed, tuple(moves[:end - 1]), moves[end - 1],
                               seen[end - 1][0], seen[end][0], seen[end][1])
    return found


# --- the table, its other people, the pages -----------------------------------------------------------------------

class StandIns:
    """People at a table who never move on their own: a socket at each of their seats, read and never answered.
    A seat given a move (``moves``: seat → (action, version)) plays it the moment the table's clocks start."""

    def __init__(self, base: str, table: dict[str, Any]) -> None:
        self.base, self.table = base, table
        self.sockets: list[Any] = []
        self.threads: list[threading.Thread] = []

    def add(self, seats: list[int], moves: dict[int, tuple[str, int]] | None = None) -> None:
        for s in seats:
            token = self.table["seats"][s]["token"]
            ws = connect(f"ws{self.base[4:]}/ws/{self.table['table']}?token={token}", open_timeout=30)
            first = json.loads(ws.recv(timeout=30))  # its first state: the server has seated it
            assert not first["table"]["started"], "the table's clocks started before the page came"
            thread = threading.Thread(target=self._read, args=(ws, (moves or {}).get(s)), daemon=True)
            thread.start()
            self.sockets.append(ws)
            self.threads.append(thread)

    @staticmethod
    def _read(ws: Any, move: tuple[str, int] | None) -> None:
        try:
            for message in ws:
                if move and '"started":true' in message.replace(" ", "") and json.loads(message).get("type") == "state":
                    ws.send(json.dumps({"type": "action", "action": move[0], "version": move[1]}))
                    move = None
        except Exception:  # closed
            pass

    def close(self) -> None:
        for ws in self.sockets:
            ws.close()
        for thread in self.threads:
            thread.join(5)


class Hold:
    """Between a page and the server: states (and patches) up to version ``upto`` pass, later ones are kept back,
    so the page stays at the state the check looks at however the table goes on (a timed window closing on the
    server, a bot moving)."""

    def __init__(self) -> None:
        self.upto = 0
        self.kept = 0

    def __call__(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def down(message: str | bytes) -> None:
            if isinstance(message, str) and re.match(r'\{"type"\s*:\s*"(state|patch)"', message):
                if json.loads(message)["version"] > self.upto:
                    self.kept += 1
                    return
            ws.send(message)

        server.on_message(down)
        ws.on_message(lambda message: server.send(message))


def new_page(browser: Browser, size: str) -> Page:
    """A page for the check: the laptop sizes share one (its viewport changed), the phone has its own context
    (mobile, touch). Motion is reduced (the kit's cards stand still), click listeners are noted (table_check.js)."""
    phone = size == PHONE_SIZE
    # bypass_csp: Playwright's wait_for_function evaluates its predicate with eval, which the server's policy refuses
    # (tests/web/test_csp.py checks the pages under it)
    context = browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone, reduced_motion="reduce",
                                  device_scale_factor=1, bypass_csp=True)
    context.add_init_script(f"localStorage.setItem('parlour.pace', '{PACE}')")
    context.add_init_script(LISTENERS)
    context.clock.install()  # time flows until open_table stops it, once the page is drawn
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    page.hold = Hold()  # type: ignore[attr-defined]
    page.route_web_socket(re.compile(r"/ws/"), page.hold)  # type: ignore[attr-defined]
    return page


#: The page has drawn version ``v`` (and nothing waits in its queue).
DRAWN = """(v) => {
  const p = window.parlour;
  return !!p && !!p.ctx.view && !!p.ctx.table && p.ctx.version === v && !p.queue.length
    && document.querySelector('#board').children.length > 0;
}"""
#: ... and the table's clocks have started (or, at a finished match, the seed is revealed).
READY = f"""(v) => ({DRAWN})(v) && (window.parlour.ctx.view.over ? !!window.parlour.ctx.over
  : window.parlour.ctx.table.started !== false)"""
SETTLED = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


#: How long the page's banners (what just happened) stay: a deal's end is looked at once they are gone.
BANNERS_MS = 2000
NO_BANNERS = "() => !document.querySelector('#kit-banner') || !document.querySelector('#kit-banner').children.length"


def open_table(pages: list[Page], base: str, position: Position) -> tuple[dict[str, Any], StandIns]:
    """A table at ``position``, its people seated, every page on seat 0's link, drawn and held there, its time
    stopped.

    A position with a move to play while the pages watch (``then``, a deal's last move) keeps one person away (the
    latecomer) until every page has drawn the table: the table's clocks start when she comes (it waits for its
    people), and at that moment the move is made by its seat's socket (seat 0's too: a second socket at the page's
    seat), or, for a timeout, the window opens then and closes on the server's clock with every page watching."""
    table = post_table(base, {"game": position.game, "players": position.players, "seats": position.seats(),
                              "seed": position.seed, "moves": [list(m) for m in position.moves],
                              "wait_for_players": True})
    others = StandIns(base, table)
    people = position.people()
    mover, action = position.then or (None, None)
    moves = {mover: (action, len(position.moves))} if mover is not None else {}
    late = people[-1:] if position.then is not None else []
    others.add([s for s in people if s not in late] + ([0] if mover == 0 else []), moves)
    url = base + table["seats"][0]["invite_url"]
    for page in pages:
        page.hold.upto = position.version  # type: ignore[attr-defined]
        page.clock.resume()
        page.goto(url, wait_until="commit")
    if late:
        for page in pages:
            page.wait_for_function(DRAWN, arg=len(position.moves))
        others.add(late, moves)
    for page in pages:
        page.wait_for_function(READY, arg=position.version)
    for page in pages:
        page.evaluate("document.fonts.ready")
        page.evaluate(SETTLED)
        # The page's time stops: a window's countdown stays where it began, nothing the page times (a peek that
        # hides itself when its window runs out on this page's clock) redraws while the check looks.
        stop(page)
        if position.then is not None:  # the banners of what just happened go (on the page's clock, at once)
            page.clock.run_for(BANNERS_MS)
            page.wait_for_function(NO_BANNERS)
    return table, others


def stop(page: Page) -> None:
    """Stop the page's time (its timers, Date.now, animation frames) where it is, or a moment later: its time
    flows on while the instant to stop at is asked for and sent (a slower machine's moment is longer)."""
    for ahead in (50, 500, 5000):
        try:
            page.clock.pause_at(datetime.fromtimestamp((page.evaluate("Date.now()") + ahead) / 1000))
            return
        except PlaywrightError as e:
            if "to the past" not in str(e):
                raise
    raise AssertionError("the page's clock could not be stopped")


def measure(page: Page, size: str) -> dict[str, Any]:
    """table_check.js's findings at ``size`` (the page's viewport is set to it first), at scroll position 0."""
    if page.viewport_size != SIZES[size]:
        page.set_viewport_size(SIZES[size])  # the tables lay themselves out by CSS alone: measuring lays out anew
    page.evaluate("window.scrollTo(0, 0)")
    return page.evaluate(CHECK, {"phone": size == PHONE_SIZE})


def shoot(page: Page, position: Position, size: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{position.name}-{size}.png"
    page.screenshot(path=str(path))
    return path


def axe(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is (axe-core as axe-playwright-python bundles
    it), each with its nodes' selectors and what is wrong."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE_SCRIPT)
    page.clock.resume()  # axe-core runs on the page's timers
    try:
        found = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    finally:
        stop(page)
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [{"target": " ".join(map(str, n["target"])), "html": n["html"][:160],
                        "summary": (n.get("failureSummary") or "").replace("\n", " ")[:300]} for n in v["nodes"]]}
            for v in found["violations"] if v["impact"] in ("serious", "critical")]


def tell(position: Position, found: dict[str, dict[str, Any]]) -> str:
    """The problems of one position at each size, for a person to read: one line each, or one line for many of a
    kind on elements of one kind (a board's 361 points too small for a finger), with the first few."""
    lines = []
    for size, result in found.items():
        if not result["problems"]:
            continue
        lines.append(f"{position.name} at {size} (version {result['version']}; seat 0 "
                     f"{'must act' if result['mustAct'] else 'waits'}; {result['marked']} marked, "
                     f"{result['targets']} targets{'; a modal layer is open' if result['modal'] else ''}):")
        groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for p in result["problems"]:
            groups.setdefault((p["kind"], re.sub(r"\[data-.*|\s.*", "", p["what"])), []).append(p)
        for (kind, what), ps in groups.items():
            if len(ps) > 3:
                lines.append(f"  {kind}: {len(ps)} × {what}, e.g.:")
            for p in ps[:3]:
                lines.append(f"  {'  ' if len(ps) > 3 else ''}{kind}: {p['what']} "
                             f"{json.dumps(p['box']) if p['box'] else ''} — {p['detail']}")
    return "\n".join(lines)


def tell_axe(position: Position | None, found: dict[str, list[dict[str, Any]]], where: str = "") -> str:
    lines = []
    for size, violations in found.items():
        for v in violations:
            name = position.name if position else where
            lines.append(f"{name} at {size}: axe {v['id']} ({v['impact']}): {v['help']}")
            for n in v["nodes"][:6]:
                lines.append(f"    {n['target']}: {n['summary']}")
            if len(v["nodes"]) > 6:
                lines.append(f"    … and {len(v['nodes']) - 6} more nodes")
    return "\n".join(lines)
