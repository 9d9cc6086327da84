"""The server's storage: an append-only log of tables, their accepted actions and their chat.

A table's state is never stored: it is the replay of its log. SQLite by default, PostgreSQL by URL, both
through SQLAlchemy 2's async engine (but for a SQLite file's appends: see :mod:`.sqlite_writer`).

>>> import asyncio
>>> async def demo():
...     store = await Store.open("sqlite+aiosqlite:///:memory:")
...     await store.add_table(TableRow("t1", "giacomotto", 2, {}, 7, "salt", "c0ffee", None, 0.0),
...                           [SeatRow(0, "human", None, "Ann", "tok"), SeatRow(1, "bot", "random", None, None)])
...     await store.add_action("t1", 0, 1, "trail 7H", 1.5)
...     actions = await store.actions("t1")
...     await store.close()
...     return [(a.index, a.seat, a.action) for a in actions]
>>> asyncio.run(demo())
[(0, 1, 'trail 7H')]
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Sequence

from sqlalchemy import (JSON, BigInteger, Boolean, Column, Float, ForeignKey, Integer, MetaData, String, Table,
                        Text, UniqueConstraint, delete, event, func, insert, inspect, or_, select, text, update)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from .sqlite_writer import Batch, SqliteWriter

metadata = MetaData()

#: The one character PostgreSQL cannot store in text: callers refuse it in what they write (names, chat).
NUL = "\x00"

#: The PostgreSQL advisory lock that servers starting together take to create the schema one at a time.
SCHEMA_LOCK = 0x7061726C6F7572  # "parlour"

tables = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("salt", String(64), nullable=False),
    Column("commitment", String(64), nullable=False),
    Column("seconds_per_move", Float, nullable=True),
    Column("created", Float, nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    # Added after the first release (see _upgrade): the table's own settings, e.g. {"spectator_chat": true}.
    Column("settings", JSON, nullable=True),
)

seats = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("level", String(64), nullable=True),
    Column("name", String(64), nullable=True),
    Column("token", String(64), nullable=True, unique=True),
)

actions = Table(
    "actions", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, index=True),
    Column("idx", Integer, nullable=False),
    Column("seat", Integer, nullable=True),
    Column("action", Text, nullable=False),
    Column("t", Float, nullable=False),
    # A second writer of the same index (two server processes racing) fails instead of forking the log.
    UniqueConstraint("table_id", "idx"),
)

# A table that starts from a position (a Go game from an SGF) keeps it here; one row, only for such tables. A table
# of its own, so that databases made before it need no change of the "tables" table.
positions = Table(
    "positions", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("setup", Text, nullable=False),
)

chat = Table(
    "chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=True),
    Column("name", String(64), nullable=True),
    Column("text", Text, nullable=False),
    Column("t", Float, nullable=False),
)


# A finished table's rematch: the new table with the same game, options and seats (one per table: the primary key
# makes a second offer, even from another server process, find the first).
rematches = Table(
    "rematches", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("rematch_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("by", Integer, nullable=True),
)

# The seats of a publicly listed table that anyone may take from the lobby's list; ``taken`` says when someone did
# (their seat token is handed out only then, so no one else holds it).
open_seats = Table(
    "open_seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("taken", Float, nullable=True),
)

# A personal link (server/people.py): a secret, like a seat token, that lists the seats of the person who holds it,
# whatever device she opens it on. A plain table from the secret to seat tokens, so that an account (later) can take a
# link over by taking its rows.
people = Table(
    "people", metadata,
    Column("secret", String(64), primary_key=True),
    Column("created", Float, nullable=False),
)

people_seats = Table(
    "people_seats", metadata,
    Column("secret", String(64), ForeignKey("people.secret"), primary_key=True),
    Column("token", String(64), ForeignKey("seats.token"), primary_key=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("added", Float, nullable=False),
)

runs = Table(
    "runs", metadata,
    # One row per server start: when it started, when it was last seen alive, when it stopped (if it was stopped).
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("started", Float, nullable=False),
    Column("seen", Float, nullable=False),
    Column("stopped", Float, nullable=True),
)

clocks = Table(
    "clocks", metadata,
    # Where a table's clocks stood when it was last brought into memory, or left it (see Table.resume):
    # the wall-time origins of its game clock and of each seat's move clock, at action count `version`.
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("run", Integer, nullable=False),
    Column("version", Integer, nullable=False),
    Column("changed", Float, nullable=False),
    Column("turns", JSON, nullable=False),
    Column("paused", Float, nullable=True),
)

# --- notifications (server/notify.py): what each seat asked for, its devices, what was sent ---------------------------

# The server's own keys, made at its first start (the VAPID key that signs its pushes): one row per name.
server_keys = Table(
    "server_keys", metadata,
    Column("name", String(32), primary_key=True),
    Column("value", Text, nullable=False),
)

# A seat's choice of notifications at a table: which events, its e-mail address (if any) and its language; ``secret``
# is the one-click unsubscribe link's (a mail's reader may turn the mails off without the seat's token).
notify_seats = Table(
    "notify_seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("events", JSON, nullable=False),
    Column("email", String(254), nullable=True),
    Column("lang", String(8), nullable=False),
    Column("secret", String(64), nullable=False, unique=True),
)

# One Web Push subscription per device of a seat (a seat link opened on a phone and a laptop: two rows).
push_subscriptions = Table(
    "push_subscriptions", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("endpoint", Text, nullable=False),
    Column("endpoint_hash", String(64), nullable=False),  # the unique index's key: an endpoint may be long
    Column("p256dh", String(128), nullable=False),
    Column("auth", String(64), nullable=False),
    Column("created", Float, nullable=False),
    UniqueConstraint("table_id", "seat", "endpoint_hash"),
)

# Each notification sent, once: the process whose insert wins sends it, the others (a second server, a retry) not.
notifications_sent = Table(
    "notifications_sent", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), primary_key=True),
    Column("key", String(64), primary_key=True),
    Column("t", Float, nullable=False),
)


move_clocks = Table(
    "move_clocks", metadata,
    # A correspondence table's move clocks (server/correspondence.py): per human seat, its reserve of vacation days
    # and, while it is to act, when its move began (``since``, at version ``began``) and the absolute instant it is
    # ``due``; seat -1 holds a timed window measured in hours. Absolute times, so that a restart keeps them exactly.
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("since", Float, nullable=True),
    Column("due", Float, nullable=True, index=True),
    Column("began", Integer, nullable=True),
    Column("vacation_left", Float, nullable=False, default=0.0),
    Column("timed_out", Float, nullable=True),
    Column("at", Integer, nullable=False, default=0),  # the table's version when the row was written
)


@dataclass(frozen=True)
class TableRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    salt: str
    commitment: str
    seconds_per_move: float | None
    created: float
    finished: bool = False
    #: The start position the game reads (``game.new(deck=setup)``: SGF for Go); ``None``: the game's own start.
    setup: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str  # "human" or "bot"
    level: str | None
    name: str | None
    token: str | None


@dataclass(frozen=True)
class ActionRow:
    index: int
    seat: int | None
    action: str
    t: float


@dataclass(frozen=True)
class ClockRow:
    """A table's clocks at action count ``version``: wall-time origins, and when they stopped (``paused``) if the
    table left memory on purpose. ``run`` is the server run that wrote it (its last heartbeat ends a crashed run)."""

    table_id: str
    run: int
    version: int
    changed: float
    turns: dict[str, float]
    paused: float | None = None


@dataclass(frozen=True)
class ChatRow:
    seat: int | None
    name: str | None
    text: str
    t: float


#: The async driver for each database, and the drivers people name that we replace with it.
ASYNC_DRIVERS = {"sqlite": ("aiosqlite", {"", "pysqlite"}),
                 "postgresql": ("asyncpg", {"", "psycopg2", "pg8000"})}


def async_url(url: str) -> str:
    """``url`` with the async driver the server needs, so that the URL every SQLAlchemy user types works.

    >>> async_url("sqlite:///games.db")
    'sqlite+aiosqlite:///games.db'
    >>> async_url("postgres://ana:secret@db.example/parlour")
    'postgresql+asyncpg://ana:secret@db.example/parlour'
    >>> async_url("postgresql+psycopg://db.example/parlour")  # already async: kept
    'postgresql+psycopg://db.example/parlour'
    >>> async_url("mysql://db.example/parlour")
    Traceback (most recent call last):
    ...
    ValueError: parlour stores in SQLite or PostgreSQL, not 'mysql': use sqlite:///FILE or postgresql://...
    """
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise ValueError(f"{url!r} is not a database URL: use sqlite:///FILE or postgresql://USER@HOST/NAME") from None
    backend = "postgresql" if parsed.get_backend_name() == "postgres" else parsed.get_backend_name()
    if backend not in ASYNC_DRIVERS:
        raise ValueError(f"parlour stores in SQLite or PostgreSQL, not {backend!r}: use sqlite:///FILE or "
                         "postgresql://...")
    driver, replaced = ASYNC_DRIVERS[backend]
    if "+" in parsed.drivername and parsed.get_driver_name() not in replaced:
        return url
    return parsed.set(drivername=f"{backend}+{driver}").render_as_string(hide_password=False)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # Per connection; WAL itself is set once per database file, by _sqlite_wal.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


async def _sqlite_wal(engine: AsyncEngine, tries: int = 200) -> None:
    """Put the database file in WAL mode (it stays so): with synchronous=NORMAL it survives a killed process (not a
    power cut) and commits in microseconds.

    Switching needs the file to itself, and SQLite answers "database is locked" at once, without waiting, while
    another server starting on the same new file holds it; so wait here and try again, without blocking the loop.
    """
    for attempt in range(tries):
        try:
            async with engine.connect() as conn:
                await conn.exec_driver_sql("PRAGMA journal_mode=WAL")
            return
        except OperationalError as e:
            if "locked" not in str(e) or attempt == tries - 1:
                raise
            await asyncio.sleep(0.05)


class Store:
    """Async access to the log.

    Appends (actions, chat) go through one writer that commits whatever has queued up in a single transaction
    (a group commit): ``add_action`` returns once its row is committed, and many tables share each commit.
    SQLite allows one writer at a time anyway; this keeps its writers from waiting on each other's locks.
    """

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._pending: list[tuple[str, dict[str, Any], asyncio.Future]] = []
        self._writer: asyncio.Task | None = None
        database = engine.url.database
        # A SQLite file's appends skip the engine (see sqlite_writer); a private in-memory database has no file.
        self._sqlite = (SqliteWriter(database) if engine.dialect.name == "sqlite" and database
                        and database != ":memory:" and not database.startswith("file:") else None)

    @classmethod
    async def open(cls, url: str) -> "Store":
        """Connect to ``url`` (``sqlite:///path`` or ``postgresql://...``, see :func:`async_url`); create the schema."""
        engine = create_async_engine(async_url(url))
        if engine.dialect.name == "sqlite":
            event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
            await _sqlite_wal(engine)
        async with engine.begin() as conn:
            # One at a time: two servers starting on a new database would both create the tables, and one fail.
            if engine.dialect.name == "postgresql":
                await conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
            elif engine.dialect.name == "sqlite":
                await conn.exec_driver_sql("BEGIN IMMEDIATE")  # the database's write lock, until the commit
            await conn.run_sync(metadata.create_all)
            await conn.run_sync(_upgrade)
        return cls(engine)

    async def close(self) -> None:
        if self._sqlite is not None:
            await asyncio.to_thread(self._sqlite.close)
        await self.engine.dispose()

    async def add_table(self, row: TableRow, seat_rows: list[SeatRow], clock: ClockRow | None = None,
                        free: Sequence[int] = (), moves: Sequence[ActionRow] = ()) -> None:
        """Store a new table; ``free``: the seats anyone may take from the lobby's list of open tables; ``moves``:
        the log it starts with (a test server's table opened at a chosen position)."""
        async with self.engine.begin() as conn:
            await _insert_table(conn, row, seat_rows)
            if moves:
                await conn.execute(insert(actions), [{"table_id": row.id, "idx": a.index, "seat": a.seat,
                                                      "action": a.action, "t": a.t} for a in moves])
            if clock is not None:
                await conn.execute(insert(clocks).values(**_clock_values(clock)))
            if free:
                await conn.execute(insert(open_seats), [{"table_id": row.id, "seat": s, "taken": None} for s in free])

    async def add_action(self, table_id: str, index: int, seat: int | None, action: str, t: float,
                         finished: bool = False) -> None:
        """Append one accepted action (and mark the table finished with it, in the same transaction)."""
        await self._append("action", {"table_id": table_id, "idx": index, "seat": seat, "action": action, "t": t,
                                      "finished": finished})

    async def save_clock(self, clock: ClockRow) -> None:
        """Replace the table's saved clocks (see :class:`ClockRow`)."""
        await self._append("clock", _clock_values(clock))

    async def start_run(self, t: float) -> int:
        """Record a server start; the new run's id."""
        async with self.engine.begin() as conn:
            result = await conn.execute(insert(runs).values(started=t, seen=t))
            return int(result.inserted_primary_key[0])

    async def seen(self, run: int, t: float) -> None:
        """The run's heartbeat: it was alive at ``t``."""
        await self._append("seen", {"id": run, "seen": t})

    async def stop_run(self, run: int, t: float) -> None:
        await self._append("seen", {"id": run, "seen": t, "stopped": t})

    async def run_end(self, run: int) -> float | None:
        """When a run stopped, or was last seen alive; ``None`` for an unknown run."""
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(runs.c.seen, runs.c.stopped).where(runs.c.id == run))).first()
        return None if row is None else (row[1] if row[1] is not None else row[0])

    async def clock(self, table_id: str) -> ClockRow | None:
        async with self.engine.connect() as conn:
            m = (await conn.execute(select(clocks).where(clocks.c.table_id == table_id))).mappings().first()
        if m is None:
            return None
        return ClockRow(m["table_id"], m["run"], m["version"], m["changed"], dict(m["turns"]), m["paused"])

    async def count_actions(self, table_id: str) -> int:
        """The moves and timeouts logged at a table (its version), not the table's own entries (``start``,
        ``bot S LEVEL``, ``back S``: no seat, and not ``timeout``)."""
        game_entry = or_(actions.c.seat.is_not(None), actions.c.action == "timeout")
        async with self.engine.connect() as conn:
            return int((await conn.execute(select(func.count()).select_from(actions)
                                           .where(actions.c.table_id == table_id, game_entry))).scalar() or 0)

    async def ping(self) -> None:
        """One round trip to the database: the cluster's check that it is still in reach."""
        async with self.engine.connect() as conn:
            await conn.execute(text("select 1"))

    async def versions(self, table_ids: list[str]) -> dict[str, int]:
        """The count of logged actions of each of these tables (those with none are left out)."""
        async with self.engine.connect() as conn:
            result = await conn.execute(select(actions.c.table_id, func.max(actions.c.idx))
                                        .where(actions.c.table_id.in_(table_ids)).group_by(actions.c.table_id))
            return {r[0]: int(r[1]) + 1 for r in result}

    async def add_chat(self, table_id: str, line: ChatRow) -> None:
        await self._append("chat", {"table_id": table_id, "seat": line.seat, "name": line.name, "text": line.text,
                                    "t": line.t})

    async def _append(self, kind: str, row: dict[str, Any]) -> None:
        done = asyncio.get_running_loop().create_future()
        self._pending.append((kind, row, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_pending())
        await done

    async def _write_pending(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await self._commit(batch)
            except Exception:
                # One bad row (a duplicate index) must not sink the others: commit them one by one.
                for item in batch:
                    try:
                        await self._commit([item])
                    except Exception as e:
                        _settle(item[2], e)
                    else:
                        _settle(item[2])
            else:
                for _, _, done in batch:
                    _settle(done)

    async def _commit(self, items: list[tuple[str, dict[str, Any], asyncio.Future]]) -> None:
        batch = Batch(
            actions=[{k: v for k, v in row.items() if k != "finished"} for kind, row, _ in items if kind == "action"],
            chat=[row for kind, row, _ in items if kind == "chat"],
            finished=[row["table_id"] for kind, row, _ in items if kind == "action" and row["finished"]],
            clocks=list({row["table_id"]: row for kind, row, _ in items if kind == "clock"}.values()),  # the latest
            heartbeats=[row for kind, row, _ in items if kind == "seen"])
        if self._sqlite is not None:
            await self._sqlite.commit(batch)
            return
        async with self.engine.begin() as conn:
            if batch.actions:
                await conn.execute(insert(actions), batch.actions)
            if batch.chat:
                await conn.execute(insert(chat), batch.chat)
            if batch.finished:
                await conn.execute(update(tables).where(tables.c.id.in_(batch.finished)).values(finished=True))
            if batch.clocks:
                await conn.execute(delete(clocks).where(clocks.c.table_id.in_([r["table_id"] for r in batch.clocks])))
                await conn.execute(insert(clocks), batch.clocks)
            for beat in batch.heartbeats:
                await conn.execute(update(runs).where(runs.c.id == beat["id"])
                                   .values(**{k: v for k, v in beat.items() if k != "id"}))

    async def table(self, table_id: str) -> tuple[TableRow, list[SeatRow]] | None:
        if NUL in table_id:  # no stored id holds one, and PostgreSQL refuses it even in a query
            return None
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(tables).where(tables.c.id == table_id))).mappings().first()
            if row is None:
                return None
            seat_rows = (await conn.execute(select(seats).where(seats.c.table_id == table_id)
                                            .order_by(seats.c.seat))).mappings().all()
            setup = (await conn.execute(select(positions.c.setup)
                                        .where(positions.c.table_id == table_id))).scalar_one_or_none()
        return _table_row(row, setup), [_seat_row(s) for s in seat_rows]

    async def unfinished(self) -> list[str]:
        """Ids of the tables whose match goes on, oldest first."""
        async with self.engine.connect() as conn:
            result = await conn.execute(select(tables.c.id).where(tables.c.finished.is_(False))
                                        .order_by(tables.c.created))
            return [r[0] for r in result]

    async def table_of_tokens(self, tokens: list[str]) -> list[tuple[str, int, str]]:
        """``(table id, seat, token)`` for each known token."""
        tokens = [t for t in tokens if NUL not in t]
        if not tokens:
            return []
        async with self.engine.connect() as conn:
            result = await conn.execute(select(seats.c.table_id, seats.c.seat, seats.c.token)
                                        .where(seats.c.token.in_(tokens)))
            return [(r[0], r[1], r[2]) for r in result]

    async def actions(self, table_id: str, since: int = 0) -> list[ActionRow]:
        """The table's logged actions, in order, from index ``since`` on."""
        async with self.engine.connect() as conn:
            result = await conn.execute(select(actions.c.idx, actions.c.seat, actions.c.action, actions.c.t)
                                        .where(actions.c.table_id == table_id, actions.c.idx >= since)
                                        .order_by(actions.c.idx))
            return [ActionRow(r[0], r[1], r[2], r[3]) for r in result]

    async def chat(self, table_id: str, last: int = 50) -> list[ChatRow]:
        """The last ``last`` chat lines of a table, oldest first."""
        async with self.engine.connect() as conn:
            result = await conn.execute(select(chat.c.seat, chat.c.name, chat.c.text, chat.c.t)
                                        .where(chat.c.table_id == table_id).order_by(chat.c.id.desc()).limit(last))
            return [ChatRow(*r) for r in reversed(result.all())]

    # --- rematches and open tables (see server/around.py) -------------------------------------------------------------

    async def add_rematch(self, table_id: str, rematch_id: str, by: int | None) -> str:
        """Note ``rematch_id`` as the rematch of ``table_id``, unless it has one already: the rematch's id either way."""
        try:
            async with self.engine.begin() as conn:
                await conn.execute(insert(rematches).values(table_id=table_id, rematch_id=rematch_id, by=by))
        except IntegrityError:
            found = await self.rematch(table_id)
            if found is None:
                raise
            return found[0]
        return rematch_id

    async def rematch(self, table_id: str) -> tuple[str, int | None] | None:
        """The rematch of a table and the seat that offered it, if one was offered."""
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(rematches.c.rematch_id, rematches.c.by)
                                      .where(rematches.c.table_id == table_id))).first()
        return None if row is None else (row[0], row[1])

    async def listed(self, limit: int = 50) -> list[tuple[str, list[int]]]:
        """The unfinished tables with seats anyone may take, newest first: ``(table id, free seats)``."""
        async with self.engine.connect() as conn:
            result = await conn.execute(
                select(open_seats.c.table_id, open_seats.c.seat)
                .join(tables, tables.c.id == open_seats.c.table_id)
                .where(open_seats.c.taken.is_(None), tables.c.finished.is_(False))
                .order_by(tables.c.created.desc(), open_seats.c.seat))
            found: dict[str, list[int]] = {}
            for table_id, seat in result:
                if table_id not in found and len(found) >= limit:
                    break
                found.setdefault(table_id, []).append(seat)
        return list(found.items())

    async def seats_open(self, table_id: str) -> dict[int, float | None]:
        """A listed table's open seats and when each was taken (``None``: still free); empty if never listed."""
        async with self.engine.connect() as conn:
            result = await conn.execute(select(open_seats.c.seat, open_seats.c.taken)
                                        .where(open_seats.c.table_id == table_id))
            return {r[0]: r[1] for r in result}

    async def take_seat(self, table_id: str, seat: int, t: float) -> bool:
        """Take a free open seat; ``False`` if someone took it first."""
        async with self.engine.begin() as conn:
            result = await conn.execute(update(open_seats)
                                        .where(open_seats.c.table_id == table_id, open_seats.c.seat == seat,
                                               open_seats.c.taken.is_(None))
                                        .values(taken=t))
            return result.rowcount == 1


def _settle(done: asyncio.Future, error: Exception | None = None) -> None:
    """Tell a writer its row is committed (or why not), unless it stopped waiting (its task was cancelled)."""
    if done.done():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)


async def _insert_table(conn: Any, row: TableRow, seat_rows: list[SeatRow]) -> None:
    await conn.execute(insert(tables).values(
        id=row.id, game=row.game, players=row.players, options=row.options, seed=row.seed, salt=row.salt,
        commitment=row.commitment, seconds_per_move=row.seconds_per_move, created=row.created,
        finished=row.finished, settings=row.settings or None))
    await conn.execute(insert(seats), [
        {"table_id": row.id, "seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name, "token": s.token}
        for s in seat_rows])
    if row.setup is not None:
        await conn.execute(insert(positions).values(table_id=row.id, setup=row.setup))


def _upgrade(conn: Any) -> None:
    """Add the columns that came after a database was created (``create_all`` makes only missing tables)."""
    have = {c["name"] for c in inspect(conn).get_columns("tables")}
    if "settings" not in have:
        conn.execute(text("ALTER TABLE tables ADD COLUMN settings JSON"))


def _table_row(m: Any, setup: str | None = None) -> TableRow:
    return TableRow(m["id"], m["game"], m["players"], dict(m["options"]), m["seed"], m["salt"], m["commitment"],
                    m["seconds_per_move"], m["created"], bool(m["finished"]), setup, dict(m["settings"] or {}))


def _clock_values(c: ClockRow) -> dict[str, Any]:
    return {"table_id": c.table_id, "run": c.run, "version": c.version, "changed": c.changed, "turns": c.turns,
            "paused": c.paused}


def _seat_row(m: Any) -> SeatRow:
    return SeatRow(m["seat"], m["kind"], m["level"], m["name"], m["token"])
