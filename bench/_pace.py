"""People's pace for ``python -m bench load --pace people``: which tables, who sits at them, how long they think,
and the clients that play them and time every action to every other seat and spectator.

- **Games**: every turn-based game (``Game.realtime`` false: not Spoons or the Claw; Skelly's flicks are a seat's
  turn, so Skelly is in), in turn, at their default player counts.
- **Seats**: a quarter of tables have two people and bots (level ``random``, see below) in their other seats; the
  rest have a person in every seat. A tenth of tables have a spectator socket besides.
- **Thinking**: a log-normal time per move, median 3 s, ``sigma = ln(20 / 3) / z(0.98) = 0.924``, so that 2 % of
  moves take more than 20 s (the pauses are the distribution's tail, not a separate process); mean 4.6 s.
- **Chat**: each table sends a line now and then (exponential gaps, mean 60 s), from a random person at it; games
  whose chat is canned get one of their messages.
- **Bots** answer as soon as they have chosen (the server gives turn-based bots no reaction time); ``random``
  keeps their worker's CPU out of the question asked (how many people one process serves), and the bench puts the
  workers on the clients' core.

Latency: from a person's send to each other person's and spectator's socket handing over the message that brings
the new version (``latencies``), and to the last of them (``last``), on one clock (a table's clients are in one
process). Only actions sent after the warm-up count.

>>> round(SIGMA, 3), round(think_mean(3.0), 1)
(0.924, 4.6)
>>> plan = plan_tables(520)
>>> [p.game for p in plan[:3]], sum(p.spectator for p in plan), sum("bot" in p.seats for p in plan)
(['crazy-nines', 'gami', 'giacomotto'], 52, 90)
>>> plan[0].seats, plan[13].seats
(('human', 'human', 'bot', 'bot'), ('human', 'human', 'human', 'human'))
"""

from __future__ import annotations

import asyncio
import math
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from statistics import NormalDist

import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

import parlour
from bench import client_address
from bench.load import patch_in_place
from parlour.core.registry import games

#: The log-normal's sigma: 2 % of moves take more than 20 s at a median of 3 s.
SIGMA = math.log(20 / 3) / NormalDist().inv_cdf(0.98)
MEDIAN = 3.0  # seconds, a person's median time for a move
CHAT_EVERY = 60.0  # seconds between a table's chat lines, on average
BOT_LEVEL = "random"
TWO_PEOPLE_EVERY = 4  # one table in 4: two people and bots
SPECTATOR_EVERY = 10  # one table in 10: a spectator


def think_mean(median: float) -> float:
    """The mean of the log-normal think time of this median."""
    return median * math.exp(SIGMA ** 2 / 2)


def turn_based() -> list[str]:
    """The games played in turns (not against the clock)."""
    return [g for g in games() if not parlour.load(g).realtime]


@dataclass(frozen=True)
class Planned:
    """One table to create: its game, its seats (``human`` or ``bot``) and whether a spectator watches."""

    game: str
    seats: tuple[str, ...]
    spectator: bool

    def body(self) -> bytes:
        """The ``POST /api/tables`` body."""
        return orjson.dumps({"game": self.game, "seats": [
            {"kind": "human"} if kind == "human" else {"kind": "bot", "level": BOT_LEVEL} for kind in self.seats]})


def plan_tables(n: int, names: list[str] | None = None) -> list[Planned]:
    """``n`` tables over ``names`` (default: every turn-based game) in turn; each game's every fourth table has
    two people and bots (if it has more than two seats), and every tenth table a spectator."""
    names = names or turn_based()
    plan = []
    for i in range(n):
        game = names[i % len(names)]
        players = parlour.load(game).players
        bots = (i // len(names)) % TWO_PEOPLE_EVERY == 0 and players > 2
        seats = tuple("human" if s < 2 or not bots else "bot" for s in range(players))
        plan.append(Planned(game, seats, i % SPECTATOR_EVERY == SPECTATOR_EVERY - 1))
    return plan


@dataclass
class PaceRun:
    """What one client process measured."""

    latencies: list[float] = field(default_factory=list)  # per delivery: a person's action to one other socket
    last: list[float] = field(default_factory=list)  # per action: to the last of the table's other sockets
    sent: int = 0  # people's actions sent after the warm-up
    versions: int = 0  # every table's versions advanced in the measured window (people, bots, timed windows)
    chats: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    refused: int = 0  # people's actions another seat or a timed window beat (stale, not_your_turn, looking)
    sockets: int = 0
    by_game: dict[str, list[float]] = field(default_factory=dict)  # the latencies per game
    lags: list[float] = field(default_factory=list)  # how late the clients' loops woke for a 10 ms timer (s)

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1

    def add(self, other: PaceRun) -> None:
        self.latencies += other.latencies
        self.last += other.last
        self.lags += other.lags
        for name in ("sent", "versions", "chats", "refused", "sockets"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for code, count in other.errors.items():
            self.errors[code] = self.errors.get(code, 0) + count
        for game, values in other.by_game.items():
            self.by_game.setdefault(game, []).extend(values)


REFUSED = {"stale", "not_your_turn", "looking", "over"}


class TableClients:
    """A table's sockets in one process: the pending actions, each with the sockets that have yet to see it."""

    def __init__(self, game: str, keys: list[str], run: PaceRun, clock: list[float]) -> None:
        self.keys, self.run, self.clock = keys, run, clock  # clock: [measure from, stop at]
        self.game = run.by_game.setdefault(game, [])
        self.pending: dict[int, tuple[str, float, set[str]]] = {}  # version acted on: (sender, sent at, waiting)
        self.version = -1
        self.at_start: int | None = None  # the table's version when the measured window began
        chat = parlour.load(game)
        self.lines = list(chat.chat_messages) if chat.chat == "canned" else ["hello", "nice one", "gg"]
        self.sockets: dict[str, object] = {}

    def sent(self, key: str, version: int, at: float) -> None:
        if version not in self.pending:  # two seats on one version (a window): the first send is timed
            self.pending[version] = (key, at, {k for k in self.keys if k != key})

    def refused(self, key: str) -> None:
        for version, (sender, _, _) in list(self.pending.items()):
            if sender == key:
                del self.pending[version]

    def seen(self, key: str, version: int, now: float) -> None:
        """Socket ``key`` handed over version ``version`` at ``now``: every pending action below it reached it."""
        if version > self.version:
            if self.at_start is None and now >= self.clock[0]:
                self.at_start = self.version
            self.version = version
        for acted in [v for v in self.pending if v < version]:
            sender, at, waiting = self.pending[acted]
            if key in waiting:
                waiting.discard(key)
                if at >= self.clock[0]:
                    self.run.latencies.append(now - at)
                    self.game.append(now - at)
                    if not waiting:
                        self.run.last.append(now - at)
            if not waiting:
                del self.pending[acted]

    def counted(self) -> int:
        """Versions this table advanced in the measured window."""
        return self.version - self.at_start if self.at_start is not None else 0


async def socket_client(url: str, key: str, seat: int | None, table: TableClients, rng: random.Random,
                        median: float, ready: asyncio.Event, go: asyncio.Event, gate: asyncio.Semaphore,
                        connected: list[int], source: str) -> None:
    """One socket of a table: a person's (``seat``) who thinks and plays random legal moves, or a spectator's
    (``seat`` None). Runs until cancelled; receiving never waits for thinking (a person's move is a task)."""
    run = table.run
    try:
        async with gate:
            ws = await connect(url, max_size=2 ** 22, open_timeout=600, ping_interval=None, close_timeout=1,
                               local_addr=(source, 0))
        run.sockets += 1
        table.sockets[key] = ws
    except (OSError, InvalidHandshake, asyncio.TimeoutError) as e:  # counted; the others play on
        run.error(f"connect: {type(e).__name__}")
        return
    finally:
        connected[0] += 1
        if connected[0] == connected[1]:
            ready.set()
    try:
        await _receive(ws, key, seat, table, rng, median, go)
    except ConnectionClosed as e:  # the server closed it: counted, with its code
        run.error(f"closed {e.rcvd.code if e.rcvd else 'abruptly'}")
    finally:
        await ws.close()


async def _receive(ws: ClientConnection, key: str, seat: int | None, table: TableClients, rng: random.Random,
                   median: float, go: asyncio.Event) -> None:
    """Read ``ws`` until it closes: keep the view, time what reaches it, and think and move on ``seat``'s turns."""
    run = table.run
    view: dict | None = None
    version = -1
    thinking: asyncio.Task | None = None

    async def move() -> None:
        """Think, then play on the table as it is by then (in a window where several seats act, others may
        have moved meanwhile), if it is still this seat's turn."""
        await asyncio.sleep(rng.lognormvariate(math.log(median), SIGMA))
        now = time.perf_counter()
        if view is None or seat not in view.get("to_act", ()) or not view.get("legal") or now >= table.clock[1]:
            return
        table.sent(key, version, now)
        if now >= table.clock[0]:
            run.sent += 1
        await ws.send(orjson.dumps({"type": "action", "action": rng.choice(view["legal"]),
                                    "version": version}).decode())

    try:
        async for text in ws:
            now = time.perf_counter()
            message = orjson.loads(text)
            kind = message["type"]
            if kind == "error":
                code = message["code"]
                if code in REFUSED:  # think again on the table as it is (a window's other seat was quicker)
                    run.refused += 1
                    table.refused(key)
                    if seat is not None and go.is_set() and (thinking is None or thinking.done()):
                        thinking = asyncio.ensure_future(move())
                else:
                    run.error(code)
                continue
            if kind == "patch":
                if view is None or message["base"] != version:
                    run.error("patch_base")
                    await ws.send('{"type": "sync"}')
                    continue
                patch_in_place(view, message)
            elif kind == "state":
                view = message["view"]
            else:
                continue
            version = message["version"]
            table.seen(key, version, now)
            await go.wait()
            if seat is None or view.get("over"):
                continue
            if seat in view.get("to_act", ()) and view.get("legal") and (thinking is None or thinking.done()):
                thinking = asyncio.ensure_future(move())
    finally:
        if thinking is not None:
            thinking.cancel()


async def chatter(table: TableClients, rng: random.Random, go: asyncio.Event, every: float = CHAT_EVERY) -> None:
    """Now and then (``every`` seconds on average) a line of chat from one of the table's people."""
    await go.wait()
    people = [k for k in table.keys if not k.startswith("watch")]
    while True:
        await asyncio.sleep(rng.expovariate(1 / every))
        ws = table.sockets.get(rng.choice(people))
        if ws is None or time.perf_counter() >= table.clock[1]:
            continue
        try:
            await ws.send(orjson.dumps({"type": "chat", "text": rng.choice(table.lines)}).decode())
        except ConnectionClosed:
            continue  # its reader counts it
        table.run.chats += 1


async def _watch_lag(clock: list[float], lags: list[float], every: float = 0.01) -> None:
    """How late this loop wakes for a timer in the measured window (``clock``: from, to): a client late reading
    its socket adds that much to the latency it measures, so the clients' delay can be told from the server's."""
    while True:
        asleep = time.perf_counter()
        await asyncio.sleep(every)
        woke = time.perf_counter()
        if woke >= clock[1]:
            return
        if asleep >= clock[0]:
            lags.append(woke - asleep - every)


#: The tables a client process plays: per table, its game and its sockets' (URL, key, seat or None).
Share = list[tuple[str, list[tuple[str, str, int | None]]]]


async def play(share: Share, first: int, median: float, seed: int, warmup: float, seconds: float,
               start: Callable[[], Awaitable[None]] | None = None, connections: int = 256,
               chat_every: float = CHAT_EVERY) -> PaceRun:
    """Connect every socket of ``share`` (``first``: the index of its first table, for its client addresses);
    when all are connected and ``start()`` (if given) has returned, play for ``warmup + seconds``, the latencies
    counted after the warm-up; ``chat_every``: a table's mean seconds between chat lines."""
    run, rng = PaceRun(), random.Random(seed)
    ready, go = asyncio.Event(), asyncio.Event()
    gate = asyncio.Semaphore(connections)
    clock = [float("inf"), float("inf")]
    connected = [0, sum(len(sockets) for _, sockets in share)]
    tasks = []
    tables = []
    for n, (game, sockets) in enumerate(share):
        table = TableClients(game, [key for _, key, _ in sockets], run, clock)
        tables.append(table)
        tasks += [asyncio.ensure_future(socket_client(url, key, seat, table, random.Random(rng.random()), median,
                                                      ready, go, gate, connected, client_address(first + n)))
                  for url, key, seat in sockets]
        tasks.append(asyncio.ensure_future(chatter(table, random.Random(rng.random()), go, chat_every)))
    waiting = asyncio.ensure_future(ready.wait())
    while not waiting.done():  # every socket connected, or one failed to
        await asyncio.wait([waiting, *tasks], return_when=asyncio.FIRST_COMPLETED, timeout=1.0)
        failed = [t for t in tasks if t.done() and (t.cancelled() or t.exception() is not None)]
        if failed:
            for t in tasks:
                t.cancel()
            raise RuntimeError(f"{len(failed)} sockets failed before play: "
                               f"{failed[0].exception() if not failed[0].cancelled() else 'cancelled'!r}")
    if start is not None:
        await start()
    now = time.perf_counter()
    clock[:] = [now + warmup, now + warmup + seconds]
    go.set()
    watch = asyncio.ensure_future(_watch_lag(clock, run.lags))
    await asyncio.sleep(warmup + seconds)
    watch.cancel()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    run.versions = sum(t.counted() for t in tables)
    return run
