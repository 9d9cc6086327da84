"""Bots for web seats: they think in worker processes, within a time limit per level.

A bot's seed derives from the table's seed and the index of the action it is asked for, so the same table
asks the same questions with the same seeds, and its log replays identically.

Workers are plain processes, each with a pipe to the server. One that dies (killed, crashed, out of memory) is
replaced, and the question it held is asked again once; if that fails too, the seat gets a random legal move. A
worker whose server is gone (killed with SIGKILL, so nobody closes its pipe) exits within a second by itself.

>>> bot_seed(7, 0) == bot_seed(7, 0), bot_seed(7, 0) == bot_seed(7, 1)
(True, False)
>>> seat, view, legal = _position(seed=3)
>>> think("giacomotto", 2, {}, seat, "random", 1, view, legal) in legal  # runs in a worker; here inline
True
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from functools import lru_cache
from multiprocessing.connection import Connection
from typing import Any

from parlour.bots import make
from parlour.core.game import Game
from parlour.core.registry import load
from parlour.core.rng import Rng

from .report import unexpected

log = logging.getLogger("parlour.server")

#: Seconds a bot of each level may think before the seat's move is played at random instead.
TIME_LIMITS: dict[str, float] = {"random": 2.0}
DEFAULT_TIME_LIMIT = 10.0
#: How often a worker checks that its server still runs.
WATCH_SECONDS = 0.5
#: The bot that plays for a seat whose move clock ran out, or whose bot overran its time limit.
FALLBACK = "random"


def time_limit(level: str) -> float:
    return TIME_LIMITS.get(level, DEFAULT_TIME_LIMIT)


def hard_limit(level: str) -> float:
    """Seconds after which a worker still busy with one question is stopped and replaced."""
    return max(30.0, 3 * time_limit(level))


def bot_seed(table_seed: int, index: int) -> int:
    """The seed of the bot asked for action number ``index`` (0-based) of a table: a hash, so seeds never collide."""
    digest = hashlib.sha256(f"parlour-bot:{table_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@lru_cache(maxsize=64)
def _game(game_id: str, players: int, options: tuple[tuple[str, Any], ...]) -> Game:
    return load(game_id, players, **dict(options))


def think(game_id: str, players: int, options: dict[str, Any], seat: int, level: str, seed: int,
          view: dict[str, Any], legal: list[str]) -> str:
    """The text of the action the bot ``level`` chooses for ``seat``. Runs in a worker process."""
    return think_timed(game_id, players, options, seat, level, seed, view, legal)[0]


def think_timed(game_id: str, players: int, options: dict[str, Any], seat: int, level: str, seed: int,
                view: dict[str, Any], legal: list[str]) -> tuple[str, float]:
    """The bot's action and its reaction time in seconds (``Bot.delay``: 0 but in real-time games)."""
    game = _game(game_id, players, tuple(sorted(options.items())))
    choices = [game.parse(text) for text in legal]
    bot = make(level, game, seat, seed=seed)
    action = bot.choose(view, choices)
    return str(action), float(bot.delay(view, action))


def fallback(seed: int, legal: list[str]) -> str:
    """A random legal action, drawn from the bot's seed (what a late bot or an empty clock plays)."""
    return Rng(seed).choice(legal)


def _position(seed: int) -> tuple[int, dict[str, Any], list[str]]:
    state = load("giacomotto").new(seed=seed)
    seat = state.to_act[0]
    return seat, state.view(seat), [str(a) for a in state.legal(seat)]


class WorkerDied(Exception):
    """The worker process ended before it answered."""


class BotFailed(Exception):
    """The bot raised an error in its worker (its text, since the exception itself stayed there)."""


def _work(conn: Connection, server: int) -> None:
    """A worker's life: answer the questions that come down the pipe until the server closes it or is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C in a terminal reaches the server, which stops us
    threading.Thread(target=_watch, args=(server,), name="server-watch", daemon=True).start()
    _game("giacomotto", 2, ())  # import the games now, not in the first question's time limit
    while True:
        try:
            question = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer = ("ok", think_timed(*question))
        except Exception as e:  # the server decides what a failing bot means
            answer = ("error", f"{type(e).__name__}: {e}")
        try:
            conn.send(answer)
        except OSError:
            return


def _watch(server: int) -> None:
    """Exit the worker once its server process is gone: it is then adopted by another parent."""
    while os.getppid() == server:
        time.sleep(WATCH_SECONDS)
    os._exit(0)


class Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, context: Any) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_work, args=(child, os.getpid()), name="parlour-bot", daemon=True)
        self.process.start()
        child.close()
        self.started, self.answered = time.monotonic(), False

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process.is_alive()

    async def ask(self, question: tuple) -> tuple[str, str]:
        """Send one question and wait for its answer; :class:`WorkerDied` if the process ends first."""
        loop = asyncio.get_running_loop()
        try:
            self.conn.send(question)
        except OSError:
            raise self._died() from None
        readable = loop.create_future()
        fd = self.conn.fileno()
        loop.add_reader(fd, lambda: readable.done() or readable.set_result(None))
        try:
            await readable
        finally:
            loop.remove_reader(fd)
        try:
            answer = self.conn.recv()
        except (EOFError, OSError):
            raise self._died() from None
        self.answered = True
        return answer

    def _died(self) -> WorkerDied:
        self.process.join(1)
        return WorkerDied(f"bot worker {self.pid} ended (exit code {self.process.exitcode})")

    def stop(self) -> None:
        self.conn.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join(1)


class BotPool:
    """The worker processes, a queue of questions, and the time limit around each question.

    A question that overruns is answered by :func:`fallback`; the worker finishes it in the background, so one
    slow bot never holds the event loop or another table (a worker still busy after :func:`hard_limit` is
    replaced). A question whose worker died is asked again once.
    """

    def __init__(self, workers: int | None = None) -> None:
        self.size = workers or os.cpu_count() or 1
        # spawn: workers never inherit the server's threads, sockets or event loop.
        self.context = multiprocessing.get_context("spawn")
        self.workers: list[Worker | None] = [None] * self.size
        self.replaced = 0  # workers started again after one died or hung
        self._failures = [0] * self.size  # workers in a row that died before answering anything, per slot
        self._not_before = [0.0] * self.size
        self._queue: asyncio.Queue | None = None
        self._drivers: list[asyncio.Task] = []

    def warm(self) -> None:
        """Start the workers now, so that no bot's first question pays for a process start in its time limit."""
        for slot, worker in enumerate(self.workers):
            if worker is None:
                self.workers[slot] = Worker(self.context)

    def pids(self) -> list[int]:
        """The process ids of the running workers."""
        return [w.pid for w in self.workers if w is not None and w.alive()]

    async def choose(self, game: Game, seat: int, level: str, seed: int, view: dict[str, Any],
                     legal: list[str]) -> str:
        """The bot's action for ``seat``, or a random legal one if it overruns, fails, or two workers die on it."""
        return (await self.choose_timed(game, seat, level, seed, view, legal))[0]

    async def choose_timed(self, game: Game, seat: int, level: str, seed: int, view: dict[str, Any],
                           legal: list[str]) -> tuple[str, float]:
        """:meth:`choose`, with the bot's reaction time (seconds; 0 for the random move played instead)."""
        question = (game.id, game.players, dict(game.options), seat, level, seed, view, legal)
        limit = time_limit(level)
        for attempt in (1, 2):
            try:
                kind, answer = await asyncio.wait_for(self._ask(question), limit)
            except asyncio.TimeoutError:
                log.warning("bot %s overran %.1fs for seat %d; playing a random move", level, limit, seat)
                break
            except WorkerDied as e:
                log.warning("%s while bot %s thought for seat %d; %s", e, level, seat,
                            "asking again" if attempt == 1 else "playing a random move")
                continue
            if kind == "ok":
                text, delay = answer
                return text, delay
            unexpected.report(f"bot {level} of {game.id}", BotFailed(answer), f"seat {seat}, seed {seed}")
            break
        return fallback(seed, legal), 0.0

    async def _ask(self, question: tuple) -> tuple[str, str]:
        if self._queue is None:
            self._queue = asyncio.Queue()
            self._drivers = [asyncio.get_running_loop().create_task(self._drive(slot)) for slot in range(self.size)]
        answered = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((question, answered))
        return await answered

    async def _drive(self, slot: int) -> None:
        """Hand the queued questions, one at a time, to the worker in ``slot``; replace it when it dies or hangs."""
        assert self._queue is not None
        while True:
            question, answered = await self._queue.get()
            if answered.done():  # its asker gave up while it waited in the queue
                continue
            try:
                worker = self._worker(slot)
                answer = await asyncio.wait_for(worker.ask(question), hard_limit(question[4]))
            except (WorkerDied, asyncio.TimeoutError, OSError) as e:
                died = e if isinstance(e, WorkerDied) else WorkerDied(f"bot worker in slot {slot} failed: {e!r}")
                self._retire(slot)
                if not answered.done():
                    answered.set_exception(died)
                continue
            if not answered.done():
                answered.set_result(answer)

    def _worker(self, slot: int) -> Worker:
        """The live worker of ``slot``, started again if it died since its last question."""
        worker = self.workers[slot]
        if worker is not None and not worker.alive():
            self._retire(slot)
            worker = self.workers[slot]
        if worker is None:
            wait = self._not_before[slot] - time.monotonic()
            if wait > 0:
                raise WorkerDied(f"bot workers keep dying as they start; the next starts in {wait:.0f}s")
            worker = self.workers[slot] = Worker(self.context)
        return worker

    def _retire(self, slot: int) -> None:
        """Stop the worker of ``slot`` and start another: at once, unless workers keep dying as they start."""
        worker, self.workers[slot] = self.workers[slot], None
        if worker is None:
            return
        worker.stop()
        self.replaced += 1
        log.warning("bot worker %d ended (exit code %s); starting another", worker.pid, worker.process.exitcode)
        if worker.answered or time.monotonic() - worker.started > 10:
            self._failures[slot] = 0
        else:  # died young: a broken install or a machine out of memory; back off rather than spin
            self._failures[slot] += 1
        if self._failures[slot] >= 2:
            self._not_before[slot] = time.monotonic() + min(30, 2 ** (self._failures[slot] - 1))
            return
        try:
            self.workers[slot] = Worker(self.context)  # warm again at once, not in the next question's time
        except OSError as e:  # out of processes: the next question tries again
            log.error("cannot start a bot worker: %s", e)

    def close(self) -> None:
        for task in self._drivers:
            task.cancel()
        for slot, worker in enumerate(self.workers):
            if worker is not None:
                worker.stop()
            self.workers[slot] = None
