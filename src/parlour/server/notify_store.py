"""The notifications' rows in the database: the server's keys, each seat's choices, its devices, what was sent.

Kept apart from :mod:`.storage` (which defines the tables, so that one ``create_all`` makes them) because these are
rare writes through the engine, not the log's group commits. ``once`` is what makes a notification go out once
even with several server processes: its row's primary key (table, seat, kind, key) lets one insert win.

>>> import asyncio
>>> from .storage import Store, TableRow, SeatRow
>>> async def demo():
...     store = await Store.open("sqlite+aiosqlite:///:memory:")
...     await store.add_table(TableRow("t1", "giacomotto", 2, {}, 7, "salt", "c0ffee", None, 0.0),
...                           [SeatRow(0, "human", None, "Ann", "tok"), SeatRow(1, "bot", "random", None, None)])
...     rows = NotifyStore(store.engine)
...     first, again = await rows.once("t1", 0, "move", "3", 1.0), await rows.once("t1", 0, "move", "3", 2.0)
...     await store.close()
...     return first, again
>>> asyncio.run(demo())
(True, False)
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from .storage import notifications_sent, notify_seats, push_subscriptions, server_keys

#: What a seat is told of unless it chooses otherwise ("timeout" goes with "move": it is about her move too).
EVENTS = ("move", "chat", "end")


@dataclass(frozen=True)
class SeatChoice:
    """What a seat asked to be told of at a table, and how."""

    events: tuple[str, ...]
    email: str | None
    lang: str
    secret: str


@dataclass(frozen=True)
class Subscription:
    """One device's Web Push subscription (its ``PushSubscription``'s endpoint and keys)."""

    id: int
    endpoint: str
    p256dh: str
    auth: str

    def info(self) -> dict[str, Any]:
        """As pywebpush takes it (the browser's ``PushSubscription.toJSON()``)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


def endpoint_hash(endpoint: str) -> str:
    return hashlib.sha256(endpoint.encode()).hexdigest()


class NotifyStore:
    """The queries of :mod:`.notify` on the server's database engine."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    async def key(self, name: str, make: Any) -> str:
        """The server key ``name``, made by ``make()`` and stored the first time; a server starting at the same
        moment on the same database finds the one that won."""
        async with self.engine.connect() as conn:
            found = (await conn.execute(select(server_keys.c.value).where(server_keys.c.name == name))).scalar()
        if found is not None:
            return str(found)
        try:
            async with self.engine.begin() as conn:
                value = make()
                await conn.execute(insert(server_keys).values(name=name, value=value))
                return value
        except IntegrityError:
            async with self.engine.connect() as conn:
                return str((await conn.execute(select(server_keys.c.value)
                                               .where(server_keys.c.name == name))).scalar_one())

    async def choice(self, table_id: str, seat: int) -> SeatChoice | None:
        async with self.engine.connect() as conn:
            m = (await conn.execute(select(notify_seats).where(notify_seats.c.table_id == table_id,
                                                               notify_seats.c.seat == seat))).mappings().first()
        return None if m is None else SeatChoice(tuple(m["events"]), m["email"], m["lang"], m["secret"])

    async def choose(self, table_id: str, seat: int, lang: str, events: list[str] | None = None,
                     email: str | None | bool = False) -> SeatChoice:
        """Set a seat's events and/or e-mail (``email=False``: leave it as it is); its row is made on first use."""
        for _ in range(2):  # a second request making the same row at the same moment: then update it
            before = await self.choice(table_id, seat)
            values: dict[str, Any] = {"lang": lang}
            if events is not None:
                values["events"] = events
            if email is not False:
                values["email"] = email
            try:
                async with self.engine.begin() as conn:
                    if before is None:
                        await conn.execute(insert(notify_seats).values(
                            table_id=table_id, seat=seat, events=values.get("events", list(EVENTS)),
                            email=values.get("email"), lang=lang, secret=secrets.token_urlsafe(24)))
                    else:
                        await conn.execute(update(notify_seats).where(notify_seats.c.table_id == table_id,
                                                                      notify_seats.c.seat == seat).values(**values))
                break
            except IntegrityError:
                continue
        found = await self.choice(table_id, seat)
        assert found is not None
        return found

    async def by_secret(self, secret: str) -> tuple[str, int] | None:
        """The (table, seat) whose unsubscribe link holds ``secret``."""
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(notify_seats.c.table_id, notify_seats.c.seat)
                                      .where(notify_seats.c.secret == secret))).first()
        return None if row is None else (row[0], row[1])

    async def subscriptions(self, table_id: str, seat: int) -> list[Subscription]:
        async with self.engine.connect() as conn:
            result = await conn.execute(
                select(push_subscriptions.c.id, push_subscriptions.c.endpoint, push_subscriptions.c.p256dh,
                       push_subscriptions.c.auth)
                .where(push_subscriptions.c.table_id == table_id, push_subscriptions.c.seat == seat)
                .order_by(push_subscriptions.c.id))
            return [Subscription(*r) for r in result]

    async def subscribe(self, table_id: str, seat: int, endpoint: str, p256dh: str, auth: str, t: float,
                        most: int) -> None:
        """Keep this device's subscription (replacing its keys if it had one); beyond ``most`` devices per seat the
        oldest is dropped (a device thrown away never says so; its endpoint answers 410 one day)."""
        where = (push_subscriptions.c.table_id == table_id, push_subscriptions.c.seat == seat)
        async with self.engine.begin() as conn:
            await conn.execute(delete(push_subscriptions).where(*where, push_subscriptions.c.endpoint_hash
                                                                == endpoint_hash(endpoint)))
            await conn.execute(insert(push_subscriptions).values(
                table_id=table_id, seat=seat, endpoint=endpoint, endpoint_hash=endpoint_hash(endpoint),
                p256dh=p256dh, auth=auth, created=t))
            ids = [r[0] for r in await conn.execute(select(push_subscriptions.c.id).where(*where)
                                                    .order_by(push_subscriptions.c.id.desc()))]
            if len(ids) > most:
                await conn.execute(delete(push_subscriptions).where(push_subscriptions.c.id.in_(ids[most:])))

    async def unsubscribe(self, table_id: str, seat: int, endpoint: str) -> bool:
        """This device's subscription gone; ``False`` if it had none."""
        async with self.engine.begin() as conn:
            result = await conn.execute(delete(push_subscriptions).where(
                push_subscriptions.c.table_id == table_id, push_subscriptions.c.seat == seat,
                push_subscriptions.c.endpoint_hash == endpoint_hash(endpoint)))
            return result.rowcount > 0

    async def forget(self, subscription_id: int) -> None:
        """A subscription whose push service answered that it is gone (404, 410)."""
        async with self.engine.begin() as conn:
            await conn.execute(delete(push_subscriptions).where(push_subscriptions.c.id == subscription_id))

    async def once(self, table_id: str, seat: int, kind: str, key: str, t: float) -> bool:
        """Note that this notification goes out; ``False`` if it was noted already (by this or another process)."""
        try:
            async with self.engine.begin() as conn:
                await conn.execute(insert(notifications_sent).values(table_id=table_id, seat=seat, kind=kind,
                                                                     key=key[:64], t=t))
            return True
        except IntegrityError:
            return False
