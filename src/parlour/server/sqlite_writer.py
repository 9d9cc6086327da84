"""The SQLite log's appends, written through a plain ``sqlite3`` connection on a thread of its own.

Every accepted action waits for its row to be committed before anyone hears of it, so the appends are the server's
hottest path to the database. Through SQLAlchemy's async engine and aiosqlite, one group commit crosses between the
event loop and a worker thread for each statement, the commit and the connection's return to the pool; here a
whole batch crosses once each way and runs as prepared statements. Reads, and the rare writes (a new table), stay
on the engine: SQLite's WAL mode lets them read while this connection writes, and its lock (waited for on this
thread, never on the loop) orders the writers.

>>> import asyncio, tempfile, os, sqlite3
>>> folder = tempfile.mkdtemp()
>>> db = sqlite3.connect(os.path.join(folder, "log.db"))
>>> _ = db.execute("CREATE TABLE runs (id INTEGER PRIMARY KEY, started FLOAT, seen FLOAT, stopped FLOAT)")
>>> _ = db.execute("INSERT INTO runs VALUES (1, 0.0, 0.0, NULL)"); db.commit()
>>> writer = SqliteWriter(os.path.join(folder, "log.db"))
>>> asyncio.run(writer.commit(Batch(heartbeats=[{"id": 1, "seen": 5.0}])))
>>> writer.close()
>>> db.execute("SELECT seen FROM runs").fetchall()
[(5.0,)]
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

#: How long this connection waits for another writer's lock (a new table being stored) before giving up.
BUSY_SECONDS = 30.0


@dataclass
class Batch:
    """One group commit's rows, by what they do (see ``Store._append``): actions and chat lines appended, tables
    marked finished, the latest clock row per table replacing the stored one, the server run's heartbeats."""

    actions: list[dict[str, Any]] = field(default_factory=list)
    chat: list[dict[str, Any]] = field(default_factory=list)
    finished: list[str] = field(default_factory=list)
    clocks: list[dict[str, Any]] = field(default_factory=list)
    heartbeats: list[dict[str, Any]] = field(default_factory=list)


class SqliteWriter:
    """Commits :class:`Batch` es to the SQLite file at ``path``, one at a time, each in one transaction."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="parlour-sqlite-writer")
        self._db: sqlite3.Connection | None = None  # opened on the writer's thread, the only one that uses it

    async def commit(self, batch: Batch) -> None:
        """Write ``batch`` in one transaction; on an error (a duplicate action index) nothing of it is written."""
        await asyncio.get_running_loop().run_in_executor(self._thread, self._commit, batch)

    def close(self) -> None:
        """Wait for the batch being written, then close the connection."""
        self._thread.submit(self._close)
        self._thread.shutdown(wait=True)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)  # transactions by hand
        db.execute("PRAGMA synchronous=NORMAL")  # as the engine's connections: see storage._sqlite_wal
        db.execute("PRAGMA foreign_keys=ON")
        return db

    def _commit(self, batch: Batch) -> None:
        db = self._db = self._db or self._connect()
        db.execute("BEGIN IMMEDIATE")
        try:
            if batch.actions:
                db.executemany("INSERT INTO actions (table_id, idx, seat, action, t) "
                               "VALUES (:table_id, :idx, :seat, :action, :t)", batch.actions)
            if batch.chat:
                db.executemany("INSERT INTO chat (table_id, seat, name, text, t) "
                               "VALUES (:table_id, :seat, :name, :text, :t)", batch.chat)
            if batch.finished:
                db.executemany("UPDATE tables SET finished = 1 WHERE id = ?", [(t,) for t in batch.finished])
            if batch.clocks:
                db.executemany("DELETE FROM clocks WHERE table_id = ?", [(c["table_id"],) for c in batch.clocks])
                db.executemany("INSERT INTO clocks (table_id, run, version, changed, turns, paused) "
                               "VALUES (:table_id, :run, :version, :changed, :turns, :paused)",
                               [{**c, "turns": json.dumps(c["turns"])} for c in batch.clocks])
            for beat in batch.heartbeats:
                db.execute(f"UPDATE runs SET {', '.join(f'{k} = :{k}' for k in beat if k != 'id')} WHERE id = :id",
                           beat)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
