"""The tables of one server: creating them within the limits, bringing them into memory when someone connects,
and letting the idle ones leave it.

Nothing is replayed at startup: a table is rebuilt from its log when a socket connects to it, so a server with
100,000 tables in its log starts as fast as an empty one. The HTTP API reads summaries and records from the log
without bringing a table into memory. Each start is a *run* with a heartbeat in the database, so that the next run
knows when a killed one stopped and clocks never count the time the server was down (see ``Table.resume``).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass
from typing import Any

from parlour.bots import available
from parlour.core.errors import BadOption
from parlour.core.game import Game, State
from parlour.core.record import Record, commitment
from parlour.core.registry import load, load_with

from . import clock, correspondence, ratings_sweep
from .around import offered, open_seats
from .bots import BotPool
from .exports import Exports
from .limits import LimitReached, Limits, PerMinute, address_key
from .notify import Notifier
from .report import unexpected
from .storage import ActionRow, SeatRow, Store, TableRow
from .table import Table, make_record, play_moves, replay, summary_of

log = logging.getLogger("parlour.server")

#: Finished tables without a client kept in memory (older ones are rebuilt from the log when asked for).
KEEP_FINISHED = 256
#: Seconds between heartbeats (the clocks of a killed server stop at its last one).
HEARTBEAT = 1.0


@dataclass(frozen=True)
class SeatSpec:
    """A seat asked for at creation: ``kind`` is ``human`` (an invitation) or ``bot`` (with a ``level``)."""

    kind: str
    level: str | None = None
    name: str | None = None


def _start(game: Game, seed: int, setup: str | None, moves: list[tuple[int | None, str]], t: float
           ) -> tuple[State, list[ActionRow], list[Any]]:
    """A new table's state (see :func:`.table.play_moves`), its start position first held to the game's bounds
    for a new table (Go: SGF of at most so many characters, nodes and variations)."""
    if setup is not None:
        too_big = game.position_too_big(setup)
        if too_big:
            raise BadOption(too_big)
    return play_moves(game, seed, setup, moves, t)


class NotFinished(Exception):
    """The record of a match still going on, which would reveal its seed."""


class Lobby:
    """Every table this server holds in memory, and the way to the others in the log."""

    def __init__(self, store: Store, bots: BotPool | None, limits: Limits = Limits(),
                 now: Any = clock.now) -> None:
        self.store, self.bots, self.limits, self.now = store, bots, limits, now
        self.tables: dict[str, Table] = {}
        self.cluster: Any = None  # several processes share the tables (server/cluster.py), if set
        self.run = 0  # this server's run, once started
        self._loading = asyncio.Lock()
        self._created = PerMinute(limits.tables_per_minute)
        self.joined = PerMinute(limits.joins_per_minute)  # seats of listed tables taken, per address (around.join)
        self._tasks: list[asyncio.Task] = []
        self.exports = Exports()  # finished matches' record files, written once each (in a thread)
        #: Push and e-mail notifications (server/notify.py); the app gives it the database, else it sends nothing.
        self.notifier = Notifier(None)

    async def start(self) -> None:
        """Record this run and start its heartbeat and the sweep of idle tables."""
        started = round(self.now(), 3)
        self.run = await self.store.start_run(started)
        await correspondence.add_down_time(self.store, self.run, started)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._heartbeat()), loop.create_task(self._sweep()),
                       loop.create_task(correspondence.sweeper(self)),
                       # rated matches whose end a killed process did not record (server/ratings_sweep.py)
                       loop.create_task(ratings_sweep.record_missed(self.store))]

    async def close(self) -> None:
        """Stop every table, saving where its clocks stand, and mark the run stopped."""
        for task in self._tasks:
            task.cancel()
        now = round(self.now(), 3)
        for table in list(self.tables.values()):
            table.stop()
            if not table.state.over and not table.mirror:
                await self.store.save_clock(table.clock_row(self.run, paused=now))
        self.tables.clear()
        if self.run:
            await self.store.stop_run(self.run, now)
        await self.notifier.close()

    # --- creating ----------------------------------------------------------------------------------------------------

    async def create(self, game_id: str, players: int | None, options: dict[str, Any], seats: list[SeatSpec],
                     seconds_per_move: float | None = None, seed: int | None = None, setup: str | None = None,
                     address: str | None = None, settings: dict[str, Any] | None = None,
                     listed: bool = False, moves: list[tuple[int | None, str]] | None = None,
                     stacked: str | None = None, limited: bool = True) -> Table:
        """A new table; raises :class:`BadOption` (saying what is allowed) for a bad game, option or seat,
        :class:`~parlour.core.errors.IllegalAction` for a start position the game cannot read, and
        :class:`LimitReached` when ``address`` created too many tables this minute or the server is full.

        ``seed`` fixes the shuffle (tests and demos); by default a fresh one is drawn from the OS. ``setup`` is a
        start position in the game's ``position_format`` (SGF for Go). A ``listed`` table appears in the lobby's
        list of open tables: its human seats after the first (its creator's) are open to anyone (see :mod:`.around`).
        ``settings``: the table's own (``spectator_chat``, ``absent_seconds``, ``wait``: whether its clocks wait for
        every invited person). ``moves`` (a test server's, see ``--fixed-seeds``): ``(seat, text)`` pairs, or
        ``(None, "timeout")``, played from the start before anyone connects, each checked as a seat's move is; the
        first one refused raises :class:`BadOption` naming it and why. ``stacked``: a lesson's start, its stacked
        deck or position as a table stores it (:func:`parlour.core.lesson.deck_text`), in place of ``setup``.
        ``limited=False``: not counted against ``address``'s tables a minute (a play-now table: its people's queue
        joins were counted, see :mod:`.playnow`).
        """
        game = load_with(game_id, players, options)  # an option named like a parameter ('players') is refused too
        if setup is not None and game.position_format is None:
            raise BadOption(f"{game.id} starts from its own deal: it takes no start position")
        if len(seats) != game.players:
            raise BadOption(f"a {game.players}-player table needs {game.players} seats, got {len(seats)}")
        if seconds_per_move is not None and seconds_per_move < self.limits.min_move_clock:
            raise BadOption(f"clock.seconds_per_move must be at least {self.limits.min_move_clock:g} on this server, "
                            f"got {seconds_per_move:g}")
        correspondence.check(game.id, settings or {}, seconds_per_move)
        levels = available(game)
        rows = []
        for i, spec in enumerate(seats):
            if spec.kind == "bot":
                if spec.level not in levels:
                    raise BadOption(f"seat {i}: no bot level {spec.level!r} for {game.id}; the levels are: "
                                    f"{', '.join(levels)}")
                rows.append(SeatRow(i, "bot", spec.level, spec.name, None))
            elif spec.kind == "human":
                rows.append(SeatRow(i, "human", None, spec.name, secrets.token_urlsafe(16)))
            else:
                raise BadOption(f"seat {i}: kind must be 'human' or 'bot', got {spec.kind!r}")
        if stacked is not None:
            setup = stacked
        seed, salt = secrets.randbits(63) if seed is None else seed, secrets.token_hex(16)
        created = round(self.now(), 3)
        # Off the loop: a start position is read (and refused, saying why, if the game cannot start from it) and a
        # long list of moves (Skelly's flicks) played in a thread, so that the other tables are served meanwhile.
        state, entries, checks = await asyncio.to_thread(_start, game, seed, setup, moves or [], created)
        free = open_seats(rows) if listed else []
        if listed and not free:
            raise BadOption("a listed table needs a seat for someone from the list: invite a person in a seat after "
                            "the first (the first human seat is its creator's)")
        key = address_key(address)
        if limited and not self._created.allow(key):
            raise LimitReached(429, f"at most {self.limits.tables_per_minute} new tables a minute from one address; "
                                    "try again in a minute", self._created.retry_after(key))
        if not await self._make_room():
            raise LimitReached(503, f"this server holds its maximum of {self.limits.open_tables} open tables, "
                                    "every one with someone at it; try again later", 60)
        row = TableRow(secrets.token_urlsafe(8), game.id, game.players, dict(game.options), seed, salt,
                       commitment(seed, salt), seconds_per_move, created, setup=setup,
                       settings={**(settings or {}), **({"listed": True} if listed else {})},
                       finished=bool(state is not None and state.over))
        table = Table(row, rows, entries, self.store, self.bots, now=self.now, limits=self.limits, state=state,
                      checks=checks)
        if self.cluster is not None:  # a new id: nobody else holds it. Before storing: without Redis, no table
            await self.cluster.take(row.id)
            await self.cluster.watch(row.id)
            table.cluster = self.cluster
        await self.store.add_table(row, rows, table.clock_row(self.run), free=free, moves=entries)
        if table.correspondence is not None:
            table.correspondence.begin(table, entries[-1].t if entries else created)
            await table.correspondence.create(self.store, row.id, table.version, table.correspondence.humans(table))
        table.no_chat_yet()
        self._keep(table)
        table.schedule()
        return table

    # --- finding -----------------------------------------------------------------------------------------------------

    async def get(self, table_id: str) -> Table | None:
        """The table in memory, rebuilt from its log (clocks resumed) if it was not; ``None`` if there is none.

        A socket connecting is what brings a table into memory.
        """
        table = self.tables.get(table_id)
        if table is not None:
            return table
        async with self._loading:
            if table_id in self.tables:
                return self.tables[table_id]
            found = await self.store.table(table_id)
            if found is None:
                return None
            row, seat_rows = found
            if self.cluster is not None:
                holder = await self.cluster.take(table_id)
                await self.cluster.watch(table_id)  # before reading the log: no entry falls between
                if holder != self.cluster.node:
                    return await self._mirror(row, seat_rows)
            entries = await self.store.actions(table_id)
            saved = await self.store.clock(table_id)
            stopped = None
            if saved is not None:
                stopped = saved.paused if saved.paused is not None else await self.store.run_end(saved.run)
            game = load(row.game, row.players, **row.options)
            # A long log replays in a thread, so that the loop goes on serving the other tables meanwhile.
            checks: list[Any] = []
            state = await asyncio.to_thread(replay, game, row.seed, entries, row.setup, checks)
            table = Table(row, seat_rows, entries, self.store, self.bots, now=self.now, state=state,
                          limits=self.limits, checks=checks)
            if self.cluster is not None:
                table.cluster = self.cluster
                table.announce_presence(ask=True)
            if table.correspondence is not None:
                await table.correspondence.load(table)
            if state.over:
                await offered(self, table)
            else:
                table.resume(saved, stopped, self.limits.reconnect_grace)
                await self.store.save_clock(table.clock_row(self.run))
                await self._make_room()  # a returning player is never refused, but idle tables make way
            self._keep(table)
            table.schedule()
            return table

    async def _mirror(self, row: TableRow, seat_rows: list[SeatRow]) -> Table:
        """A table another process owns, replayed here for this process's clients (server/cluster.py)."""
        entries = await self.store.actions(row.id)
        checks: list[Any] = []
        state = await asyncio.to_thread(replay, load(row.game, row.players, **row.options), row.seed, entries,
                                        row.setup, checks)
        table = Table(row, seat_rows, entries, self.store, self.bots, now=self.now, state=state, limits=self.limits,
                      checks=checks)
        table.cluster, table.mirror = self.cluster, True
        if table.correspondence is not None:
            await table.correspondence.load(table)
        self._keep(table)
        async with table.lock:
            await table.catch_up()  # what was logged while we read (published before we listened)
        table.announce_presence(ask=True)
        return table

    async def summary(self, table_id: str) -> dict[str, Any] | None:
        """A table's public summary, from memory or from the log (which does not bring it into memory)."""
        table = self.tables.get(table_id)
        if table is not None:
            if table.mirror and table.correspondence is not None:  # the owner draws the vacation days
                await table.correspondence.refresh(self.store, table_id)
            return table.summary()
        found = await self.store.table(table_id)
        if found is None:
            return None
        row, seat_rows = found
        out = summary_of(row, seat_rows, await self.store.count_actions(table_id), row.finished)
        out.update(await correspondence.stored_summary(self.store, table_id, row.settings, self.now()))
        return out

    async def record(self, table_id: str) -> Record | None:
        """The record of a finished match; ``None`` for no such table; :class:`NotFinished` while it is played."""
        table = self.tables.get(table_id)
        if table is not None:
            if not table.state.over:
                raise NotFinished(table.version)
            return await asyncio.to_thread(table.record)  # a long log's entries (a finished log stays as it is)
        found = await self.store.table(table_id)
        if found is None:
            return None
        row, _ = found
        entries = await self.store.actions(table_id)
        if not row.finished:
            raise NotFinished(len(entries))
        checks: list[Any] = []
        state = await asyncio.to_thread(replay, load(row.game, row.players, **row.options), row.seed, entries,
                                        row.setup, checks)
        return make_record(row, entries, state, checks)

    def seat_of(self, table: Table, token: str) -> int | None:
        for s in table.seats:
            if s.token is not None and secrets.compare_digest(s.token, token):
                return s.seat
        return None

    async def by_tokens(self, tokens: list[str]) -> list[tuple[dict[str, Any], int, str]]:
        """The tables these seat tokens sit at: ``(summary, seat, token)``."""
        found = []
        for table_id, seat, token in await self.store.table_of_tokens(tokens):
            summary = await self.summary(table_id)
            if summary is not None:
                found.append((summary, seat, token))
        return found

    # --- memory ------------------------------------------------------------------------------------------------------

    def open_tables(self) -> int:
        return sum(1 for t in self.tables.values() if not t.state.over)

    def _keep(self, table: Table) -> None:
        """Hold ``table`` in memory, with at most ``KEEP_FINISHED`` finished tables nobody watches."""
        idle = [t for t in self.tables.values() if t.state.over and not t.clients]
        for old in idle[:max(0, len(idle) - KEEP_FINISHED + 1)]:  # oldest loaded first
            old.stop()
            del self.tables[old.id]
        table.notifier = self.notifier
        self.tables[table.id] = table

    async def _make_room(self) -> bool:
        """Below the open-table limit, letting idle tables (nobody connected) leave memory, oldest first."""
        limit = self.limits.open_tables
        if not limit or self.open_tables() < limit:
            return True
        idle = sorted((t for t in self.tables.values() if not t.state.over and not t.clients),
                      key=lambda t: t.last_seen)
        for table in idle:
            if await self._evict(table) and self.open_tables() < limit:
                return True
        return self.open_tables() < limit

    async def _evict(self, table: Table) -> bool:
        """Let an unfinished table leave memory, its clocks saved where they stand; ``False`` if someone came."""
        if not await table.pause():
            return False
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        if table.mirror:
            return True
        await self.store.save_clock(table.clock_row(self.run, paused=round(self.now(), 3)))
        return True

    async def _sweep(self) -> None:
        """Now and then, let the unfinished tables nobody has joined for ``idle_minutes`` leave memory."""
        idle = self.limits.idle_minutes * 60
        while True:
            await asyncio.sleep(min(60.0, max(0.05, idle / 4)))
            cutoff = self.now() - idle
            for table in [t for t in self.tables.values() if not t.clients and t.last_seen < cutoff]:
                try:
                    if table.state.over:
                        table.stop()
                        self.tables.pop(table.id, None)
                    else:
                        async with self._loading:  # nobody rebuilds it while its clocks are being saved
                            await self._evict(table)
                except Exception as e:
                    unexpected.report("the sweep of idle tables", e, f"table {table.id}")

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT)
            try:
                await self.store.seen(self.run, round(self.now(), 3))
            except Exception as e:  # the database is away for a moment: the next beat tries again
                unexpected.report("the heartbeat", e, f"run {self.run}")
