"""At a server's start: the ends of rated matches that no process recorded, recorded now (see :mod:`.ratings`).

The process that logs a match's last move records its end a moment later; a process killed in between (a crash,
a SIGKILL) leaves a finished rated table with no ``match_ends`` row. Each start looks for those and records them
from the log, exactly as the end would have been (the table's stand-ins at the end from its own entries ``bot``
and ``back``). Several processes starting at once may all try: the ``match_ends`` row lets one do it.
"""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy import select

from parlour.core.record import table_entry
from parlour.core.registry import load

from . import ratings
from .ratings_store import match_ends
from .storage import Store, tables
from .table import replay

log = logging.getLogger("parlour.server")


async def unrecorded(store: Store) -> list[str]:
    """The finished rated tables whose end is not recorded."""
    query = (select(tables.c.id).outerjoin(match_ends, match_ends.c.table_id == tables.c.id)
             .where(tables.c.finished.is_(True), match_ends.c.table_id.is_(None),
                    tables.c.settings["rated"].as_boolean().is_(True)))
    async with store.engine.connect() as conn:
        return [r[0] for r in (await conn.execute(query)).all()]


async def record_missed(store: Store) -> int:
    """Record every such end; how many this process recorded."""
    done = 0
    for table_id in await unrecorded(store):
        try:
            found = await store.table(table_id)
            if found is None:
                continue
            row, seats = found
            entries = await store.actions(table_id)
            game = load(row.game, row.players, **row.options)
            # A replay is the whole match: in a thread, so that the server answers meanwhile.
            state = await asyncio.to_thread(replay, game, row.seed, entries, row.setup)
            if not state.over:
                continue
            standins: set[int] = set()
            for entry in entries:
                word, seat, _level = (table_entry(entry.action) if entry.seat is None else None) or (None, None, None)
                if word == "bot":
                    standins.add(seat)
                elif word == "back":
                    standins.discard(seat)
            humans = {s.seat for s in seats if s.kind == "human"}
            t = entries[-1].t if entries else row.created
            if await ratings.record_end(store, row, seats, state, standins & humans, game.lowest_wins, t):
                done += 1
                log.info("table %s: its end, missed when it came, is recorded now", table_id)
        except Exception:
            log.exception("table %s: its missed end could not be recorded", table_id)
    return done
