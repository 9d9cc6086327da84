"""Personal links: every table of mine on any device, with nothing beyond a link.

A person who plays at several tables from a phone and a laptop would otherwise carry each seat link from one to the
other. A personal link is a secret made as a seat token is (``secrets.token_urlsafe(16)``: 128 bits) and compared as
one is (``secrets.compare_digest``); it names a list of seat tokens (``people_seats`` in :mod:`.storage`). Whoever
holds it sees, for each seat, what the holder of that seat link sees in the lobby's "my tables" (the summaries of
``GET /api/tables?tokens=``) and nothing more: holding the personal link is holding those seat links. A seat is
added with its token, so nobody can add a seat whose link she does not hold.

The rows are a plain map from the secret to seat tokens, so that accounts (later) can take a link over: an account
that proves it holds a secret takes its rows.

    POST   /api/people                          → 201 {"secret", "url": "/me/<secret>"}
    POST   /api/people/{secret}/tables          {"token": SEAT}  → the seat's entry (201 added, 200 already there)
    GET    /api/people/{secret}/tables          → the entries, last added first (as GET /api/tables?tokens=)
    DELETE /api/people/{secret}/tables/{table}  → 204 (the link's seats at that table are off the list)
"""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field, StrictStr
from sqlalchemy import delete, func, insert, select
from sqlalchemy.exc import IntegrityError

from .api import seat_entries
from .limits import PerMinute, address_key
from .lobby import Lobby
from .storage import NUL, Store, people, people_seats, seats

router = APIRouter(prefix="/api")

#: Seats one personal link lists at most (the page summarises each; "my tables" reads as many tokens).
MAX_SEATS = 100
#: A secret or a token is at most this long (those the server makes are 22 characters).
MAX_SECRET = 100


def url_of(secret: str) -> str:
    """The personal page of a secret."""
    return f"/me/{secret}"


def valid(secret: str) -> bool:
    """Whether ``secret`` could be one the server made: short, and without the NUL PostgreSQL cannot compare."""
    return 0 < len(secret) <= MAX_SECRET and NUL not in secret


class People:
    """The personal links in the store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def create(self, t: float) -> str:
        """A new personal link's secret."""
        secret = secrets.token_urlsafe(16)
        async with self.store.engine.begin() as conn:
            await conn.execute(insert(people).values(secret=secret, created=t))
        return secret

    async def exists(self, secret: str) -> bool:
        if not valid(secret):
            return False
        async with self.store.engine.connect() as conn:
            found = (await conn.execute(select(people.c.secret).where(people.c.secret == secret))).scalar()
        return found is not None and secrets.compare_digest(found, secret)

    async def tokens(self, secret: str) -> list[str]:
        """The seat tokens a personal link lists, last added first."""
        async with self.store.engine.connect() as conn:
            result = await conn.execute(select(people_seats.c.token).where(people_seats.c.secret == secret)
                                        .order_by(people_seats.c.added.desc()))
            return [r[0] for r in result]

    async def seat(self, token: str) -> tuple[str, int] | None:
        """The table and seat of a seat token; ``None`` if no seat has it."""
        if not valid(token):
            return None
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(select(seats.c.table_id, seats.c.seat, seats.c.token)
                                      .where(seats.c.token == token))).first()
        if row is None or not secrets.compare_digest(row[2], token):
            return None
        return row[0], row[1]

    async def add(self, secret: str, token: str, table_id: str, t: float) -> bool:
        """Put a seat on the link's list; ``False`` if it was there already."""
        try:
            async with self.store.engine.begin() as conn:
                await conn.execute(insert(people_seats).values(secret=secret, token=token, table_id=table_id,
                                                               added=t))
        except IntegrityError:  # the primary key: this seat is on the list (or another process just put it there)
            return False
        return True

    async def count(self, secret: str) -> int:
        async with self.store.engine.connect() as conn:
            return int((await conn.execute(select(func.count()).select_from(people_seats)
                                           .where(people_seats.c.secret == secret))).scalar() or 0)

    async def remove(self, secret: str, table_id: str) -> int:
        """Take the link's seats at a table off its list; how many there were."""
        if NUL in table_id:
            return 0
        async with self.store.engine.begin() as conn:
            result = await conn.execute(delete(people_seats).where(people_seats.c.secret == secret,
                                                                   people_seats.c.table_id == table_id))
            return result.rowcount or 0


class AddSeat(BaseModel):
    token: StrictStr = Field(max_length=200, description="a seat token: the token=... of the seat's link")


def _lobby(request: Request) -> Lobby:
    return request.app.state.lobby


def _people(request: Request) -> People:
    found = getattr(request.app.state, "people", None)
    lobby = _lobby(request)
    if found is None or found.store is not lobby.store:
        found = request.app.state.people = People(lobby.store)
        request.app.state.people_made = PerMinute(lobby.limits.tables_per_minute)
    return found


async def _known(request: Request, secret: str) -> People:
    found = _people(request)
    if not await found.exists(secret):
        raise HTTPException(404, "there is no such personal link: it may be mistyped or cut short; "
                                 "POST /api/people makes a new one")
    return found


@router.post("/people", status_code=201, summary="Make a personal link: a secret that lists the seats added to it, "
                                                 "to open on any device")
async def make_link(request: Request) -> dict[str, str]:
    found = _people(request)
    key = address_key(request.client.host if request.client else None)
    made: PerMinute = request.app.state.people_made
    if not made.allow(key):
        limit = _lobby(request).limits.tables_per_minute
        raise HTTPException(429, f"at most {limit} new personal links a minute from one address; try again in a "
                                 "minute", headers={"Retry-After": str(max(1, round(made.retry_after(key))))})
    secret = await found.create(round(_lobby(request).now(), 3))
    return {"secret": secret, "url": url_of(secret)}


@router.post("/people/{secret}/tables", status_code=201,
             summary="Add a seat to a personal link, by its seat token (201; 200 if it was there already)")
async def add_table(secret: str, body: AddSeat, request: Request, response: Response) -> dict[str, Any]:
    found = await _known(request, secret)
    seat = await found.seat(body.token)
    if seat is None:
        raise HTTPException(422, "token: no seat has this token; give the token=... of a seat's link "
                                 "(POST /api/tables answers one per person)")
    if await found.count(secret) >= MAX_SEATS:
        raise HTTPException(409, f"this personal link lists its maximum of {MAX_SEATS} seats; remove finished "
                                 "tables (DELETE /api/people/{secret}/tables/{table}) to add more")
    if not await found.add(secret, body.token, seat[0], round(_lobby(request).now(), 3)):
        response.status_code = 200
    listed = await seat_entries(_lobby(request), [body.token])
    if not listed:  # the table is gone from the log meanwhile (it never is, today)
        raise HTTPException(404, f"there is no table {seat[0]!r} any more")
    return listed[0]


@router.get("/people/{secret}/tables", summary="The seats of a personal link: each table's summary, seat and link, "
                                               "last added first")
async def list_tables(secret: str, request: Request) -> list[dict[str, Any]]:
    found = await _known(request, secret)
    return await seat_entries(_lobby(request), await found.tokens(secret))


@router.delete("/people/{secret}/tables/{table_id}", status_code=204,
               summary="Take a table off a personal link (its seat links still work)")
async def remove_table(secret: str, table_id: str, request: Request) -> Response:
    found = await _known(request, secret)
    if not await found.remove(secret, table_id):
        raise HTTPException(404, f"table {table_id!r} is not on this personal link; GET "
                                 "/api/people/{secret}/tables lists those that are")
    return Response(status_code=204)
