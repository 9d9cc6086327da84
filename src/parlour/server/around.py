"""Around the table: a rematch with the same seats, a finished match's replay view by view, and the list of open
tables where strangers find each other.

Rematch: any seated player of a finished table offers one (``POST /api/tables/{id}/rematch``). The new table has
the same game, options, clock, start position and seats: bots stay, each person's seat gets a fresh token, and each
socket still at the old table is sent a ``rematch`` message carrying its own seat's new link (only its seat's: a
token never reaches anyone else). A table has at most one rematch; a second offer finds the first.

Replay: ``GET /api/tables/{id}/replay?seat=S&version=V`` is ``state.view(S)`` after the first ``V`` logged actions,
refused while the match goes on (a view of another seat would show its hidden cards).

Open tables: a table created with ``listed`` shows in ``GET /api/open`` while it has free seats: the human seats
after its creator's. ``POST /api/tables/{id}/join`` takes one and hands its token to whoever took it, only then.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from parlour.core.game import State
from parlour.core.record import table_entry
from parlour.core.registry import load

from .limits import LimitReached, address_key
from .table import Table, apply_entry, replay

if TYPE_CHECKING:
    from .lobby import Lobby

#: Replayed states kept (one per table): stepping forward through a replay applies one action, not the whole log.
REPLAY_CACHE = 32
#: Open tables listed at most.
LISTED = 50


#: A table's settings that do not pass to its rematch: being listed, and its lesson (a rematch is a real match; a
#: lesson's stacked deck is not dealt again).
AFTER_ONE = ("listed", "lesson", "lesson_pace")


class Refused(Exception):
    """A request the table cannot grant: ``status`` (404, 403, 409, 422) and a message saying why and what is allowed."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


def open_seats(seats: list[Any]) -> list[int]:
    """The seats of a listed table that anyone may take: its human seats after the first (its creator's)."""
    return [s.seat for s in seats if s.kind == "human"][1:]


def invite_url(table_id: str, token: str | None) -> str:
    return f"/t/{table_id}?token={token}" if token else f"/t/{table_id}"


# --- rematch ----------------------------------------------------------------------------------------------------------

_rematching: dict[str, asyncio.Lock] = {}


async def rematch(lobby: Lobby, table_id: str, token: Any, address: str | None = None) -> tuple[Table, int]:
    """The rematch of a finished table, made now if none was offered yet, and the seat of ``token`` in it."""
    table = await lobby.get(table_id)
    if table is None:
        raise Refused(404, f"there is no table {table_id!r}; table ids come from POST /api/tables")
    seat = lobby.seat_of(table, token) if isinstance(token, str) and token else None
    if seat is None:
        raise Refused(403, "only a seated player may offer a rematch: send the seat's token (from its invitation "
                           "link) as 'token'")
    if not table.state.over:
        raise Refused(409, f"table {table_id} is still playing; a rematch is offered once the match is over")
    lock = _rematching.setdefault(table_id, asyncio.Lock())
    try:
        async with lock:
            if table.rematch is None:
                found = await lobby.store.rematch(table_id)
                if found is None:
                    new = await lobby.create(
                        table.row.game, table.row.players, dict(table.row.options), _same_seats(table),
                        table.row.seconds_per_move, setup=table.row.setup if table.game.position_format else None,
                        address=address, settings={k: v for k, v in table.row.settings.items() if k not in AFTER_ONE})
                    new_id = await lobby.store.add_rematch(table_id, new.id, seat)
                    found = (new_id, seat)
                await _note(lobby, table, *found)
    finally:
        if not lock.locked():
            _rematching.pop(table_id, None)
    assert table.rematch is not None
    new_table = await lobby.get(table.rematch["table"])
    assert new_table is not None
    return new_table, seat


def _same_seats(table: Table) -> list[Any]:
    from .lobby import SeatSpec  # the lobby imports this module

    return [SeatSpec(s.kind, s.level, s.name) for s in table.seats]


async def offered(lobby: Lobby, table: Table, relayed: bool = False) -> None:
    """Note on a finished table brought into memory the rematch offered at it, if any (``relayed``: another
    process of a cluster offered it, and tells the others itself)."""
    found = await lobby.store.rematch(table.id)
    if found is not None:
        await _note(lobby, table, *found, relayed=relayed)


async def _note(lobby: Lobby, table: Table, rematch_id: str, by: int | None, relayed: bool = False) -> None:
    row = await lobby.store.table(rematch_id)
    if row is None:
        return
    _, seats = row
    table.offer_rematch(rematch_id, by, {s.seat: s.token for s in seats if s.token}, relayed=relayed)


# --- replay -----------------------------------------------------------------------------------------------------------

_replayed: OrderedDict[str, tuple[int, State]] = OrderedDict()


async def replay_view(lobby: Lobby, table_id: str, seat: int | None, version: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) saw after ``version`` actions of a finished match (default: the end)."""
    found = await lobby.store.table(table_id)
    if found is None:
        raise Refused(404, f"there is no table {table_id!r}; table ids come from POST /api/tables")
    row, _ = found
    if not row.finished:
        raise Refused(409, f"table {table_id} is still playing; its replay, which shows every seat's cards, opens "
                           "when the match is over")
    if seat is not None and not 0 <= seat < row.players:
        raise Refused(422, f"seat: this table has seats 0 to {row.players - 1} (or none, for a spectator's view); "
                           f"got {seat}")
    # Versions count the match's moves and timeouts, as at the live table; its own entries change no view.
    entries = [e for e in await lobby.store.actions(table_id) if not (e.seat is None and table_entry(e.action))]
    if version is None:
        version = len(entries)
    if not 0 <= version <= len(entries):
        raise Refused(422, f"version: this match has versions 0 (the start) to {len(entries)} (the end); got {version}")
    state = await asyncio.to_thread(_state_at, row, entries, version)
    last = entries[version - 1] if version else None
    return {"table": table_id, "game": row.game, "seat": seat, "version": version, "versions": len(entries),
            "action": {"seat": last.seat, "action": last.action, "t": last.t} if last else None,
            "view": state.view(seat)}


def _state_at(row: Any, entries: list[Any], version: int) -> State:
    """The state after ``version`` actions, from the cached state of this table if it is not further on."""
    cached = _replayed.get(row.id)
    if cached is not None and cached[0] <= version:
        at, state = cached[0], cached[1].clone()
        for entry in entries[at:version]:
            apply_entry(state, entry)
    else:
        state = replay(load(row.game, row.players, **row.options), row.seed, entries[:version], row.setup)
    _replayed[row.id] = (version, state)
    _replayed.move_to_end(row.id)
    while len(_replayed) > REPLAY_CACHE:
        _replayed.popitem(last=False)
    return state


# --- open tables ------------------------------------------------------------------------------------------------------

async def open_tables(lobby: Lobby) -> list[dict[str, Any]]:
    """The listed tables with free seats, newest first: each its public summary and ``free`` (the seats to take)."""
    out = []
    for table_id, free in await lobby.store.listed(LISTED):
        summary = await lobby.summary(table_id)
        if summary is not None and summary["status"] != "over":
            out.append({**summary, "free": free})
    return out


async def join(lobby: Lobby, table_id: str, seat: int | None, address: str | None = None) -> dict[str, Any]:
    """Take a free seat of a listed table (``seat``, or the first free one): its token, given to no one before.

    One ``address`` takes at most ``joins_per_minute`` seats a minute (:class:`LimitReached`, 429, beyond): one
    loop took every open seat of the list on its first pass (issue 24.6).
    """
    found = await lobby.store.table(table_id)
    if found is None:
        raise Refused(404, f"there is no table {table_id!r}; the open tables are listed at GET /api/open")
    row, seats = found
    open_ = await lobby.store.seats_open(table_id)
    if not open_:
        raise Refused(403, f"table {table_id} is not listed: only its invitation links seat people")
    if row.finished:
        raise Refused(409, f"the match at table {table_id} is over; find another at GET /api/open")
    free = sorted(s for s, taken in open_.items() if taken is None)
    if seat is not None and seat not in open_:
        raise Refused(422, f"seat: table {table_id}'s open seats are {', '.join(map(str, sorted(open_)))}; got {seat}")
    key = address_key(address)
    if not lobby.joined.allow(key):
        raise LimitReached(429, f"at most {lobby.limits.joins_per_minute} seats of listed tables a minute from one "
                                "address; try again in a minute", lobby.joined.retry_after(key))
    for s in [seat] if seat is not None else free:
        if await lobby.store.take_seat(table_id, s, round(time.time(), 3)):
            token = seats[s].token
            return {"table": table_id, "game": row.game, "seat": s, "token": token,
                    "invite_url": invite_url(table_id, token)}
    if seat is not None:
        free = [s for s in free if s != seat]
        raise Refused(409, f"seat {seat} of table {table_id} was taken; "
                           f"{'free now: ' + ', '.join(map(str, free)) if free else 'no seat is free any more'}")
    raise Refused(409, f"every open seat of table {table_id} is taken; find another at GET /api/open")
