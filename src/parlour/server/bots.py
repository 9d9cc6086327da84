"""Bots for web seats: they think in worker processes, within a time limit per level.

A bot's seed derives from the table's seed and the index of the action it is asked for, so the same table
asks the same questions with the same seeds, and its log replays identically.

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
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from typing import Any

from parlour.bots import make
from parlour.core.game import Game
from parlour.core.registry import load
from parlour.core.rng import Rng

log = logging.getLogger("parlour.server")

#: Seconds a bot of each level may think before the seat's move is played at random instead.
TIME_LIMITS: dict[str, float] = {"random": 2.0}
DEFAULT_TIME_LIMIT = 10.0
#: The bot that plays for a seat whose move clock ran out, or whose bot overran its time limit.
FALLBACK = "random"


def time_limit(level: str) -> float:
    return TIME_LIMITS.get(level, DEFAULT_TIME_LIMIT)


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
    game = _game(game_id, players, tuple(sorted(options.items())))
    choices = [game.parse(text) for text in legal]
    return str(make(level, game, seat, seed=seed).choose(view, choices))


def fallback(seed: int, legal: list[str]) -> str:
    """A random legal action, drawn from the bot's seed (what a late bot or an empty clock plays)."""
    return Rng(seed).choice(legal)


def _position(seed: int) -> tuple[int, dict[str, Any], list[str]]:
    state = load("giacomotto").new(seed=seed)
    seat = state.to_act[0]
    return seat, state.view(seat), [str(a) for a in state.legal(seat)]


class BotPool:
    """The worker processes, and the time limit around each question.

    A question that overruns is answered by :func:`fallback`; the worker finishes it in the background, so one
    slow bot never holds the event loop or another table.
    """

    def __init__(self, workers: int | None = None) -> None:
        # spawn: workers never inherit the server's threads, sockets or event loop.
        self.workers = workers or os.cpu_count() or 1
        self.executor = ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"))

    def warm(self) -> None:
        """Start the workers now, so that no bot's first question pays for a process start in its time limit."""
        for _ in range(self.workers):
            self.executor.submit(_game, "giacomotto", 2, ())

    async def choose(self, game: Game, seat: int, level: str, seed: int, view: dict[str, Any],
                     legal: list[str]) -> str:
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self.executor, think, game.id, game.players, dict(game.options), seat,
                                      level, seed, view, legal)
        try:
            return await asyncio.wait_for(future, time_limit(level))
        except asyncio.TimeoutError:
            log.warning("bot %s overran %.1fs for seat %d; playing a random move", level, time_limit(level), seat)
        except Exception:  # a crashing bot must not stop the table: its seat still moves
            log.exception("bot %s failed for seat %d; playing a random move", level, seat)
        return fallback(seed, legal)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
