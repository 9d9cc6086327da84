"""One server per database: the claim a running server holds on its database.

Two servers on one database would each replay and drive the same tables and fork their logs, so a server claims
its database before it opens it, and a second one is refused with :class:`DatabaseInUse`:

- SQLite: an exclusive ``flock`` on ``FILE.lock`` beside the database file. The kernel drops it when the process
  ends, however it ends (SIGKILL, the OOM killer), so a restart after a crash is never refused.
- PostgreSQL: a session advisory lock, held on a connection of its own; PostgreSQL drops it when that connection
  closes, which it does when the process ends.

This module is the one place that decides who owns a database. Several servers may share one PostgreSQL database
as a cluster (``--redis``, see :mod:`.cluster`, where leases decide who owns each table): each holds the same lock
*shared* (``claim(url, shared=True)``), so that a lone server and a cluster never run on one database together.

>>> import asyncio, tempfile, os
>>> url = f"sqlite:///{tempfile.mkdtemp()}/games.db"
>>> async def two_servers():
...     first = await claim(url)
...     try:
...         await claim(url)
...     except DatabaseInUse as e:
...         print(f"pid {os.getpid()} on" in str(e), str(e).endswith("or give this one another --db"))
...     await first.release()
...     await (await claim(url)).release()  # free again
>>> asyncio.run(two_servers())
True True
"""

from __future__ import annotations

import fcntl
import os
import socket
import time
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

from .storage import async_url

#: The PostgreSQL advisory lock key of a database's owner ("parlour!" in ASCII).
OWNER_LOCK = 0x7061726C6F757221


class DatabaseInUse(Exception):
    """Another live server holds this database."""


def _holder() -> str:
    return f"pid {os.getpid()} on {socket.gethostname()}, since {time.strftime('%Y-%m-%d %H:%M:%S')}"


class Claim:
    """A database held by this process until :meth:`release` (or the process's end)."""

    def __init__(self, lock_file: int | None = None, engine: AsyncEngine | None = None,
                 conn: AsyncConnection | None = None) -> None:
        self._fd, self._engine, self._conn = lock_file, engine, conn

    async def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the file drops its flock
            self._fd = None
        if self._conn is not None:
            await self._conn.close()  # NullPool: the connection really closes, and its advisory lock goes with it
            self._conn = None
        if self._engine is not None:
            await self._engine.dispose()
            self._engine = None


async def claim(url: str, shared: bool = False) -> Claim:
    """Hold the database at ``url`` for this process; :class:`DatabaseInUse` if another server holds it.

    ``shared``: one of a cluster of servers on a PostgreSQL database (other cluster members may hold it too, a lone
    server may not); a SQLite file is refused with :class:`ValueError`.
    """
    parsed = make_url(async_url(url))
    if parsed.get_backend_name() == "sqlite":
        if shared:
            raise ValueError("several servers (--redis) share a PostgreSQL database, not a SQLite file: give --db "
                             "postgresql://USER@HOST/NAME, or leave --redis out to serve from one process")
        return _claim_file(parsed.database)
    return await _claim_postgresql(async_url(url), shared)


def _claim_file(database: str | None) -> Claim:
    if not database or database == ":memory:":  # a private database: nobody else can open it
        return Claim()
    lock = Path(database).resolve().with_name(Path(database).name + ".lock")
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)  # not inherited by bot workers (Python's fds are not)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.pread(fd, 200, 0).decode(errors="replace").strip() or "pid unknown"
        os.close(fd)
        raise DatabaseInUse(f"another parlour server ({holder}) holds this database: {database} (lock file "
                            f"{lock}). Stop that server first, or give this one another --db") from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, _holder().encode(), 0)
    return Claim(lock_file=fd)


async def _claim_postgresql(url: str, shared: bool = False) -> Claim:
    holder = _holder()
    engine = create_async_engine(url, poolclass=NullPool,
                                 connect_args={"server_settings": {"application_name": f"parlour {holder}"[:63]}})
    conn = await engine.connect()
    try:
        take = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
        got = (await conn.execute(text(f"SELECT {take}(:key)"), {"key": OWNER_LOCK})).scalar()
        if got:
            await conn.commit()  # end the implicit transaction; the session lock stays
            return Claim(engine=engine, conn=conn)
        who = (await conn.execute(text(
            "SELECT a.application_name, a.client_addr FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
            "WHERE l.locktype = 'advisory' AND l.granted AND l.database = "
            "(SELECT oid FROM pg_database WHERE datname = current_database()) "
            "AND l.classid = :high AND l.objid = :low"),
            {"high": OWNER_LOCK >> 32, "low": OWNER_LOCK & 0xFFFFFFFF})).first()
    except BaseException:
        await conn.close()
        await engine.dispose()
        raise
    await conn.close()
    await engine.dispose()
    name = who[0] if who and who[0] else "unknown"
    if shared:
        raise DatabaseInUse(f"a parlour server that is not part of a cluster ({name}) holds this database: "
                            f"{make_url(url).database} on {make_url(url).host}. Stop it first, or start it with "
                            "--redis too")
    raise DatabaseInUse(f"another parlour server ({name}) holds this database: {make_url(url).database} on "
                        f"{make_url(url).host}. Stop that server first, or give this one another --db")

