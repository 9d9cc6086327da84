"""The tables of one server: creating them, finding them, and rebuilding the unfinished ones at startup."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Any

from parlour.bots import available
from parlour.core.errors import BadOption
from parlour.core.record import commitment
from parlour.core.registry import load

from .bots import BotPool
from .storage import SeatRow, Store, TableRow
from .table import Table

log = logging.getLogger("parlour.server")

#: Finished tables without a client kept in memory (older ones are rebuilt from the log when asked for).
KEEP_FINISHED = 256


@dataclass(frozen=True)
class SeatSpec:
    """A seat asked for at creation: ``kind`` is ``human`` (an invitation) or ``bot`` (with a ``level``)."""

    kind: str
    level: str | None = None
    name: str | None = None


class Lobby:
    """Every table this server knows, loaded from the log on first use."""

    def __init__(self, store: Store, bots: BotPool | None) -> None:
        self.store, self.bots = store, bots
        self.tables: dict[str, Table] = {}
        self._loading = asyncio.Lock()

    async def start(self) -> int:
        """Rebuild every unfinished table by replaying its log and set its clocks and bots going."""
        resumed = 0
        for table_id in await self.store.unfinished():
            try:
                table = await self.get(table_id)
            except Exception:  # one table that no longer replays (its game removed) must not stop the server
                log.exception("table %s cannot be rebuilt from its log; it stays closed", table_id)
                continue
            if table is not None:
                table.schedule()
                resumed += 1
        return resumed

    async def create(self, game_id: str, players: int | None, options: dict[str, Any], seats: list[SeatSpec],
                     seconds_per_move: float | None = None, seed: int | None = None,
                     setup: str | None = None) -> Table:
        """A new table; raises :class:`BadOption` (saying what is allowed) for a bad game, option or seat, and
        :class:`~parlour.core.errors.IllegalAction` for a start position the game cannot read.

        ``seed`` fixes the shuffle (tests and demos); by default a fresh one is drawn from the OS. ``setup`` is a
        start position in the game's ``position_format`` (SGF for Go).
        """
        game = load(game_id, players, **options)
        if setup is not None:
            if game.position_format is None:
                raise BadOption(f"{game.id} starts from its own deal: it takes no start position")
            game.new(seed=0, deck=setup)  # refuses, saying why, a position the game cannot start from
        if len(seats) != game.players:
            raise BadOption(f"a {game.players}-player table needs {game.players} seats, got {len(seats)}")
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
        seed, salt = secrets.randbits(63) if seed is None else seed, secrets.token_hex(16)
        row = TableRow(secrets.token_urlsafe(8), game.id, game.players, dict(game.options), seed, salt,
                       commitment(seed, salt), seconds_per_move, round(time.time(), 3), setup=setup)
        await self.store.add_table(row, rows)
        table = Table(row, rows, [], self.store, self.bots)
        self._forget_finished()
        self.tables[row.id] = table
        table.schedule()
        return table

    async def get(self, table_id: str) -> Table | None:
        """The table, rebuilt from the log if it is not in memory yet; ``None`` if there is no such table."""
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
            table = Table(row, seat_rows, await self.store.actions(table_id), self.store, self.bots)
            self._forget_finished()
            self.tables[table_id] = table
            return table

    def _forget_finished(self) -> None:
        """Keep at most ``KEEP_FINISHED`` finished tables nobody watches in memory; the log still has them."""
        idle = [t for t in self.tables.values() if t.state.over and not t.clients]
        for table in idle[:max(0, len(idle) - KEEP_FINISHED)]:  # oldest loaded first
            del self.tables[table.id]

    async def seat_of(self, table: Table, token: str) -> int | None:
        for s in table.seats:
            if s.token is not None and secrets.compare_digest(s.token, token):
                return s.seat
        return None

    async def by_tokens(self, tokens: list[str]) -> list[tuple[Table, int, str]]:
        """The tables these seat tokens sit at: ``(table, seat, token)``."""
        found = []
        for table_id, seat, token in await self.store.table_of_tokens(tokens):
            table = await self.get(table_id)
            if table is not None:
                found.append((table, seat, token))
        return found

    def close(self) -> None:
        for table in self.tables.values():
            table.stop()
